"""The turn skeleton: start, roll, keep, buy, end [000/001 §PRZEBIEG GRY].

The game's own moments (what the board gives at the start of a turn, resolving
the dice, victory, the yield phase) are reached through ``s.game.rules``
(kot_rules.games.king_of_tokyo.rules for King of Tokyo). These functions change the
fresh copy that :meth:`State.apply` made; nothing else ever sees a state while
it changes.
"""

from __future__ import annotations

from typing import Any, Final, NoReturn

from kot_rules.engine import abilities, activated, buying, dice, dispatch, effects, shop, tokens
from kot_rules.engine.actions import (
    Action,
    Buy,
    EndTurn,
    FirstPlayer,
    Reroll,
    Roll,
    StayInTokyo,
    StopRolling,
    Sweep,
    UseCard,
    YieldTokyo,
    roll_counts,
)
from kot_rules.engine.dice import NO_DICE
from kot_rules.engine.errors import IllegalActionError
from kot_rules.engine.events import (
    K_DRAW,
    K_FIRST_PLAYER,
    K_KEPT,
    K_ROLLED,
    K_SWEPT,
    K_TURN_ENDED,
    K_TURN_STARTED,
    K_WON,
    NO_EVENT,
    QUIET_EVENTS,
    Event,
    Quiet,
)
from kot_rules.engine.requests import NeedAnswer, Pending
from kot_rules.engine.resources import set_monster
from kot_rules.engine.shop import receive as receive  # the shop's steps, reached from here
from kot_rules.engine.shop import refill_slot as refill_slot
from kot_rules.engine.state import Outcome, Phase, State
from kot_rules.language.ast import ModifierKind, Trigger

# The recursion of card text (a trigger runs effects that deal damage that fires triggers)
# goes back up through one dispatcher: the layers below call it, this fills it in.
dispatch.install(
    run=effects.run,
    window=activated.window,
    adjust=activated.adjust_dice,
)
# A card may end its owner's turn as it starts (`... and end your turn`).
dispatch.install_end_turn(lambda s, ev: end_turn(s, ev))

# Module-level aliases: an Enum attribute costs ~0.1 µs to read, a global ~0.01 µs.
_M_CARD_DISCOUNT: Final = ModifierKind.CARD_DISCOUNT
_M_EXTRA_DICE: Final = ModifierKind.EXTRA_DICE
_M_EXTRA_ROLLS: Final = ModifierKind.EXTRA_ROLLS
_T_END_OF_EACH_TURN: Final = Trigger.END_OF_EACH_TURN
_T_END_OF_TURN: Final = Trigger.END_OF_TURN
_T_START_OF_TURN: Final = Trigger.START_OF_TURN
_T_START_OF_EACH_TURN: Final = Trigger.START_OF_EACH_TURN
_T_OTHER_ROLLED: Final = Trigger.OTHER_ROLLED


# The decisions whose step brings no new card into play (see _apply_asking).
_HELD_ONLY = (StopRolling, YieldTokyo, StayInTokyo, EndTurn)

# Module-level aliases of the phases: cheaper to read than Enum attributes.
_ROLL: Final = Phase.ROLL
_KEEP: Final = Phase.KEEP
_BUY: Final = Phase.BUY
_OVER: Final = Phase.OVER

_NOBODY: frozenset[Any] = frozenset()

# Compiled with mypyc, a Final module name is read from a C static; any
# other module-level name costs a dict look-up at each use (a constant imported too).
_NO_DICE: Final = NO_DICE
_NO_EVENT: Final = NO_EVENT
_QUIET_EVENTS: Final = QUIET_EVENTS
_Quiet: Final = Quiet


def apply(s: State, action: Action, *, plain: bool = False) -> None:
    """Apply ``action`` to ``s`` in place (``s`` is a private copy).

    If a card asks a question the step cannot answer yet, ``s`` waits for it
    (``s.pending``); the answer replays the step from its start (requests.py).
    ``plain``: run the step itself, with no question handling (the replay calls it so).
    """
    if not plain and (s.pending is not None or s.game.cards.may_ask):
        _apply_asking(s, action)
        return
    # Nobody reads the events of this game (the driver says so): build none.
    ev: list[Event] = _Quiet() if s.events is _QUIET_EVENTS else []
    try:
        handler = s.game.phases[s.phase]
    except KeyError:
        raise IllegalActionError(f"the game is over: no action is legal, got {action}") from None
    handler(s, ev, action)
    _finish(s, ev)


def apply_first_player(s: State, ev: list[Event], action: Action) -> None:
    if not isinstance(action, FirstPlayer) or not 0 <= action.seat < len(s.monsters):
        illegal(s, action, "a first-player chance outcome naming a seat")
    s.active = action.seat
    ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_FIRST_PLAYER, action.seat))
    start_turn(s, ev)


def _apply_asking(s: State, action: Action) -> None:
    """:func:`apply` in a game whose cards may ask questions."""
    p = s.pending
    if p is not None:
        if not p.request.accepts(action):
            raise IllegalActionError(
                f"illegal answer {action}: {p.request.why}; expected one of "
                + (
                    f"the rolls of {p.request.dice} dice"
                    if p.request.is_chance
                    else ", ".join(str(o) for o in p.request.options)
                )
            )
        s.assign(p.base)
        _run(s, p.action, (*p.answers, action), p.base)
    elif isinstance(action, Reroll):
        apply(s, action, plain=True)  # setting dice aside asks nothing
    elif isinstance(action, _HELD_ONLY) and not _held_may_ask(s):
        # Stopping, yielding, staying and ending the turn buy no card, like a roll: a card
        # they reveal is offered only to holders of asking cards, so only cards already
        # held could ask, and none can: no state to keep for a replay.
        apply(s, action, plain=True)
    else:
        # A card of the game may ask (one held, one bought, one revealed mid-step): keep
        # the state the step starts from, to replay it once answered.
        _run(s, action, (), s.copy())


def apply_asking(s: State, action: Action) -> None:
    """:func:`apply` for a step that may ask whatever cards the game has (a
    Duel monster's power asks its player); keeps the state it starts from to replay."""
    if s.pending is not None:
        apply(s, action)
        return
    _run(s, action, (), s.copy())


def _held_may_ask(s: State) -> bool:
    """Whether a roll may ask: rolling buys and reveals no card, so only the cards held
    (or a token a heart face may remove) can ask during it."""
    table = s.game.cards
    if s.tokens and table.heart_removes:
        return True
    if table.later_asks:  # a question left for a turn's start
        return True
    return abilities.holds_any(s, table.asking)


def _run(s: State, action: Action, answers: tuple[Action, ...], base: State) -> None:
    s.feed = answers
    s.fed = 0
    try:
        apply(s, action, plain=True)
    except NeedAnswer as need:
        s.pending = Pending(base, action, answers, need.request)
        s.events = ()
    s.feed = ()


def roll_in_place(s: State, counts: dice.Counts) -> None:
    """:func:`apply` of ``Roll(counts)`` for a driver that samples the dice itself
    (``counts`` comes from :func:`dice.sample` for ``s.to_roll`` dice, so it is legal)."""
    if s.game.cards.may_ask and _held_may_ask(s):
        _run(s, Roll(counts), (), s.copy())
        return
    ev: list[Event] = _Quiet() if s.events is _QUIET_EVENTS else []
    _roll(s, ev, counts)
    _finish(s, ev)


def finish(s: State, ev: list[Event]) -> None:
    """:func:`_finish` for a game module's own fast path (Duel's roll_in_place)."""
    _finish(s, ev)


def _finish(s: State, ev: list[Event]) -> None:
    """After any step: victory if the game checks it at every step; an eliminated active
    monster's turn ends; publish the events."""
    if s.game.after_step:  # None in King of Tokyo: the cheapest test of every step
        _victory_after_step(s, ev)
    if not s.monsters[s.active].alive and s.phase is not _OVER:
        # An eliminated monster never acts: its turn ends at once (D-ELIMINATED-ACTIVE).
        s.yield_queue = ()
        s.entering = False
        s.pending_damage = ()
        s.yielded = (None, None)
        end_turn(s, ev)
    s.events = _QUIET_EVENTS if type(ev) is _Quiet else tuple(ev)


def illegal(s: State, action: Action, expected: str) -> NoReturn:
    raise IllegalActionError(
        f"illegal action {action} in phase {s.phase.value!r} "
        f"(turn {s.turn}, {s.names[s.active]} active): expected {expected}"
    )


# -- start of turn and the roll ------------------------------------------------------


def _victory_after_step(s: State, ev: list[Event]) -> None:
    after_step = s.game.after_step
    if after_step is not None and s.phase is not _OVER:
        outcome = after_step(s)
        if outcome is not None:
            declare(s, ev, outcome)


def start_turn(s: State, ev: list[Event], fewer_dice: int = 0) -> None:
    """Start of turn: what the board gives (King of Tokyo: +2 ★ for a monster already in
    Tokyo [000/001 §TOKIO]), the cards' start of turn, then roll.

    ``fewer_dice``: an extra turn a card gave may roll fewer dice (D-EXTRA-TURN-DICE).
    """
    a = s.active
    ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_TURN_STARTED, a, s.turn))
    s.phase = _ROLL
    s.dice = _NO_DICE
    cards = s.monsters[a].cards
    game = s.game
    options = game.options
    s.to_roll = options.dice + (abilities.total(s, a, _M_EXTRA_DICE) if cards else 0)
    if fewer_dice:
        s.to_roll = max(0, s.to_roll - fewer_dice)
    if s.tokens:
        # Tokens may take dice away; never fewer than none (decision D-SHRINK-NO-DICE).
        s.to_roll = max(0, s.to_roll - tokens.fewer_dice(s, a))
    s.rolls_done = 0
    s.rolls_allowed = options.rolls + (abilities.total(s, a, _M_EXTRA_ROLLS) if cards else 0)
    s.yield_queue = ()
    s.entering = False
    s.dealt_damage = False
    s.used_abilities = _NOBODY
    s.protected = _NOBODY
    board_start = game.rules.hooks.start_turn
    board_start(s, ev)
    if cards and abilities.fires(s, a, _T_START_OF_TURN):
        abilities.fire(s, ev, _T_START_OF_TURN, (a,))
    each = game.cards.by_trigger[_T_START_OF_EACH_TURN]
    if each and abilities.holds_any(s, each):
        abilities.fire(s, ev, _T_START_OF_EACH_TURN, abilities.clockwise(s, a))


def rolled(s: State, action: Action) -> dice.Counts:
    """The faces of the dice being thrown: ``action`` must be a :class:`Roll` of exactly
    ``s.to_roll`` dice (chance), else :class:`IllegalActionError` (every game's roll)."""
    if not isinstance(action, Roll):
        illegal(s, action, f"a roll of {s.to_roll} dice (chance)")
    counts = roll_counts(action, s.to_roll)
    if counts is None:
        illegal(s, action, f"a roll of exactly {s.to_roll} dice")
    return counts


def apply_roll(s: State, ev: list[Event], action: Action) -> None:
    _roll(s, ev, rolled(s, action))


def add_roll(s: State, counts: dice.Counts) -> None:
    """A roll's dice join those kept on the table, and the roll is counted (every game's
    roll starts so; the event and what follows are the game's)."""
    d = s.dice
    s.dice = (
        d[0] + counts[0], d[1] + counts[1], d[2] + counts[2],
        d[3] + counts[3], d[4] + counts[4], d[5] + counts[5],
    )  # fmt: skip
    s.to_roll = 0
    s.rolls_done += 1


def _roll(s: State, ev: list[Event], counts: dice.Counts) -> None:
    add_roll(s, counts)
    ev.append(
        _NO_EVENT
        if type(ev) is _Quiet
        else Event(K_ROLLED, s.active, s.rolls_done, None, "", "", counts)
    )
    game = s.game
    table = game.cards
    if s.rolls_done >= s.rolls_allowed and not (
        table.with_activated
        and s.monsters[s.active].cards
        and activated.offers(s, s.active, dice_window=True, only_dice=True)
    ):
        resolve = game.rules.hooks.resolve  # the game resolves the final dice
        resolve(s, ev)
    else:
        s.phase = _KEEP
        others = table.by_trigger[_T_OTHER_ROLLED]
        if (
            others
            and not game.options.probe_after_last_roll
            and abilities.holds_any(s, others)
        ):
            # The first edition: after any of the active monster's rolls, others' cards
            # may act on its dice (D-OTHERS-DICE); the option waits for its last roll.
            abilities.fire(s, ev, _T_OTHER_ROLLED, abilities.clockwise(s, s.active)[1:])


def apply_keep(s: State, ev: list[Event], action: Action) -> None:
    if not isinstance(action, Reroll):
        if isinstance(action, StopRolling):
            resolve = s.game.rules.hooks.resolve
            resolve(s, ev)
            return
        if isinstance(action, UseCard):
            activated.use(s, ev, s.active, action, dice_window=True)
            if (
                s.phase is _KEEP
                and s.rolls_done >= s.rolls_allowed
                and not activated.offers(s, s.active, dice_window=True, only_dice=True)
            ):
                resolve = s.game.rules.hooks.resolve
                resolve(s, ev)  # nothing left to do with the dice
            return
        illegal(s, action, "keep some dice and reroll the others, or stop")
    if s.rolls_done >= s.rolls_allowed:
        illegal(s, action, "no reroll: every roll of this turn is used")
    if not dice.contains(s.dice, action.keep):  # a Reroll is six counts, none negative
        illegal(s, action, f"a keep taken from the dice on the table ({dice.describe(s.dice)})")
    if action.keep == s.dice:
        illegal(s, action, "at least one die to reroll (to keep them all, stop)")
    ev.append(
        _NO_EVENT
        if type(ev) is _Quiet
        else Event(K_KEPT, s.active, 0, None, "", "", action.keep)
    )
    d, k = s.dice, action.keep
    s.to_roll = d[0] + d[1] + d[2] + d[3] + d[4] + d[5] - k[0] - k[1] - k[2] - k[3] - k[4] - k[5]
    s.dice = action.keep
    s.phase = _ROLL


def keep_by_index(s: State, index: int) -> None:
    """:func:`apply_keep` of the keep at ``index`` (1 or more) of the keep phase's decisions
    (``legal.legal_actions``: stop is 0, then each keep but all the dice, by sub-multiset
    index): for a random game's step, which draws the index and builds no
    action. Its checks hold by construction, and no event is built (nobody reads them)."""
    c0, c1, c2, c3, c4, c5 = s.dice
    k0, k1, k2, k3, k4, k5 = dice.sub_multiset(s.dice, index - 1)
    s.to_roll = c0 + c1 + c2 + c3 + c4 + c5 - (k0 + k1 + k2 + k3 + k4 + k5)
    s.dice = (k0, k1, k2, k3, k4, k5)
    s.phase = _ROLL


# -- buying [000/001 §3. ZAKUP KART, §OPIS KART] --------------------------------------


def apply_buy(s: State, ev: list[Event], action: Action) -> None:
    a = s.active
    m = s.monsters[a]
    cards = s.game.cards
    if isinstance(action, Buy):
        card = action.card
        from_shop = action.seller is None and card in s.shop
        if not from_shop:
            # Elsewhere only if a card of the buyer allows it (the deck's top, another's card).
            refused = buying.refusal(s, action)
            if refused is not None:
                illegal(s, action, refused)
        cost = cards.cost(card)
        if m.cards:
            cost = max(0, cost - abilities.total(s, a, _M_CARD_DISCOUNT))
        if cards.own_price and card in cards.own_price:  # its own price
            own = buying.own_cost(s, a, card, cards.cost(card) - cost)
            if own is None:
                illegal(s, action, f"a card it may buy now: {card} needs a unit destroyed "
                        "this turn")
            cost = own
        if not from_shop and action.seller is None and card in s.discard:
            cost = buying.discard_price(s, a, card, abilities.total(s, a, _M_CARD_DISCOUNT)
                                        if m.cards else 0) or 0
        if cost > m.energy:
            illegal(s, action, f"enough energy: {card} costs {cost}, {m.name} has {m.energy}")
        shop.pay_and_take(s, ev, a, card, cost)
        if from_shop:
            # The shop is refilled at once [001 §3. ZAKUP KART].
            refill_slot(s, ev, s.shop.index(card))
        else:
            buying.take(s, ev, action, cost)
        if receive(s, ev, a, card, price=cost):
            # An extra turn bought now is played at once: this turn ends here and
            # what its end would do is skipped [001 §DODATEK, card notes].
            end_turn(s, ev, end_effects=False)
    elif isinstance(action, Sweep):
        game = s.game  # the game's shop (GameRules.shop, bound on the Game)
        cost, size = game.sweep_cost, game.shop_size
        if m.energy < cost or not s.shop:
            illegal(s, action, f"{cost} energy and a non-empty shop to sweep")
        set_monster(s, a, m._replace(energy=m.energy - cost))
        s.discard = s.discard + s.shop
        s.shop = s.deck[:size]
        s.deck = s.deck[size:]
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_SWEPT, a, 0, None, "", ", ".join(s.shop) or "the deck is empty")
        )
        shop.offer(s, ev, s.shop)
    elif isinstance(action, EndTurn):
        end_turn(s, ev)
    elif isinstance(action, UseCard):
        activated.use(s, ev, a, action, dice_window=False)
    else:
        illegal(s, action, "buy a face-up card, sweep the shop, or end the turn")


# -- end of turn and of the game [000 §KONIEC GRY; 004] ------------------------------


def victory_by_stars(s: State) -> Outcome | None:
    """The active monster's victory by stars at the end of its own turn, or None.

    A player declares its win at the end of its own turn, never during it [000 §KONIEC
    GRY; 003 §KONIEC GRY], and only if it is still in the game with the stars then [004;
    003 §PODSUMOWANIE TURY]: another monster with enough stars waits for the end of its own
    turn (D-SEVERAL-AT-20, D-KONY-VICTORY-MOMENT).
    """
    a = s.monsters[s.active]
    target = s.game.options.win_stars
    if a.alive and a.stars >= target:
        return Outcome(s.active, f"{target} stars at the end of a turn")
    return None


def last_standing(s: State) -> Outcome | None:
    """The outcome when at most one monster is left, at the end of any turn, or None: the
    last one wins; nobody left is a draw [000 §KONIEC GRY; 003 §KONIEC GRY]."""
    alive = 0
    last = -1
    for seat, m in enumerate(s.monsters):
        if m[5]:  # m.alive, read by index: this runs at the end of every turn
            alive += 1
            last = seat
    if alive == 0:
        return Outcome(None, "every remaining monster was eliminated in the same turn")
    if alive == 1:
        return Outcome(last, "last monster standing")
    return None


def end_turn(s: State, ev: list[Event], *, end_effects: bool = True) -> None:
    """End of turn: card effects of the end of the turn, then victory is declared (only
    now), then the next monster plays, or the same one if it is owed an extra turn."""
    a = s.active
    if end_effects:
        if s.tokens and s.monsters[a].alive:
            tokens.end_of_turn(s, ev, a)
        if s.monsters[a].alive and abilities.fires(s, a, _T_END_OF_TURN):
            abilities.fire(s, ev, _T_END_OF_TURN, (a,))
        each = s.game.cards.by_trigger[_T_END_OF_EACH_TURN]
        if each and abilities.holds_any(s, each):
            abilities.fire(s, ev, _T_END_OF_EACH_TURN, abilities.clockwise(s, a))
    ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_TURN_ENDED, a))
    victory = s.game.rules.hooks.end_of_turn
    outcome = victory(s)
    if outcome is not None:
        declare(s, ev, outcome)
        return
    n = len(s.monsters)
    fewer = 0
    if s.inserted:
        s.inserted = tuple(p for p in s.inserted if s.monsters[p[0]].alive)
    if s.extra_turns and s.monsters[a].alive:
        fewer = s.extra_turns[0]
        s.extra_turns = s.extra_turns[1:]
        nxt = a
    elif s.inserted:
        # Turns owed to other monsters come next; then the usual order goes on from
        # where it was (decision D-OUT-OF-TURN).
        s.extra_turns = ()
        if s.resume is None:
            s.resume = a
        nxt, fewer = s.inserted[0]
        s.inserted = s.inserted[1:]
    else:
        s.extra_turns = ()
        after = a if s.resume is None else s.resume
        s.resume = None
        nxt = (after + 1) % n
        while not s.monsters[nxt].alive:
            nxt = (nxt + 1) % n
    s.active = nxt
    s.turn += 1
    start_turn(s, ev, fewer)


def declare(s: State, ev: list[Event], outcome: Outcome) -> None:
    """The game is over: a winner, or a draw."""
    s.outcome = outcome
    s.phase = _OVER
    s.yield_queue = ()
    if outcome.winner is None:
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_DRAW, None, 0, None, "", outcome.reason)
        )
    else:
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_WON, outcome.winner, 0, None, "", outcome.reason)
        )
