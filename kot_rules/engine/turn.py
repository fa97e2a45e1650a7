"""The turn: start, roll, resolve, Tokyo, buy, end [000/001 §PRZEBIEG GRY].

These functions change the fresh copy that :meth:`State.apply` made; nothing
else ever sees a state while it changes.
"""

from __future__ import annotations

from typing import Any, NoReturn

from kot_rules.engine import (
    abilities,
    activated,
    buying,
    dice,
    effects,
    hearts,
    reveal,
    tokens,
    tokyo,
)
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
)
from kot_rules.engine.dice import CLAW, ENERGY, HEART, NO_DICE
from kot_rules.engine.errors import IllegalActionError
from kot_rules.engine.events import (
    K_BOUGHT,
    K_DECK_EMPTY,
    K_DRAW,
    K_ENERGY,
    K_FIRST_PLAYER,
    K_HEALED,
    K_KEPT,
    K_PREVENTED,
    K_RESOLVED,
    K_ROLLED,
    K_STARS,
    K_STAYED,
    K_SWEPT,
    K_TURN_ENDED,
    K_TURN_STARTED,
    K_WON,
    K_YIELDED,
    Event,
)
from kot_rules.engine.requests import NeedAnswer, Pending
from kot_rules.engine.resources import damage, gain_stars, heart_top, raise_of, set_monster
from kot_rules.engine.state import Monster, Outcome, Phase, State
from kot_rules.language.ast import ModifierKind, Trigger

# Module-level aliases: an Enum attribute costs ~0.1 µs to read, a global ~0.01 µs.
_M_ATTACK_DAMAGE = ModifierKind.ATTACK_DAMAGE
_M_ATTACK_EVERYONE = ModifierKind.ATTACK_EVERYONE
_M_CARD_DISCOUNT = ModifierKind.CARD_DISCOUNT
_M_EXTRA_DICE = ModifierKind.EXTRA_DICE
_M_EXTRA_ENERGY = ModifierKind.EXTRA_ENERGY
_M_EXTRA_HEALING = ModifierKind.EXTRA_HEALING
_M_EXTRA_ROLLS = ModifierKind.EXTRA_ROLLS
_M_MAX_HEARTS = ModifierKind.MAX_HEARTS
_T_ATTACK = Trigger.ATTACK
_T_BOUGHT = Trigger.BOUGHT
_T_BUY_CARD = Trigger.BUY_CARD
_T_END_OF_EACH_TURN = Trigger.END_OF_EACH_TURN
_T_END_OF_TURN = Trigger.END_OF_TURN
_T_RESOLVE = Trigger.RESOLVE
_T_SCORE_SET = Trigger.SCORE_SET
_T_START_OF_TURN = Trigger.START_OF_TURN
_T_OTHER_FINISHED_ROLLING = Trigger.OTHER_FINISHED_ROLLING
_T_OTHER_ROLLED = Trigger.OTHER_ROLLED
_T_START_OF_EACH_TURN = Trigger.START_OF_EACH_TURN
_M_EXTRA_HEALING_ANY = ModifierKind.EXTRA_HEALING_ANY


# Module-level aliases of the phases: cheaper to read than Enum attributes.
_ROLL, _KEEP, _BUY, _YIELD, _OVER = Phase.ROLL, Phase.KEEP, Phase.BUY, Phase.YIELD, Phase.OVER

_NOBODY: frozenset[Any] = frozenset()
SWEEP_COST = 2
"""Energy to replace the three face-up cards [000/001 §3. ZAKUP KART]."""


def apply(s: State, action: Action, *, plain: bool = False) -> None:
    """Apply ``action`` to ``s`` in place (``s`` is a private copy).

    If a card asks a question the step cannot answer yet, ``s`` waits for it
    (``s.pending``); the answer replays the step from its start (requests.py).
    ``plain``: run the step itself, with no question handling (the replay calls it so).
    """
    if not plain and (s.pending is not None or s.game.cards.may_ask):
        _apply_asking(s, action)
        return
    ev: list[Event] = []
    phase = s.phase
    if phase is _ROLL:
        _apply_roll(s, ev, action)
    elif phase is _KEEP:
        _apply_keep(s, ev, action)
    elif phase is _BUY:
        _apply_buy(s, ev, action)
    elif phase is _YIELD:
        _apply_yield(s, ev, action)
    elif phase is Phase.FIRST_PLAYER:
        if not isinstance(action, FirstPlayer) or not 0 <= action.seat < len(s.monsters):
            _illegal(s, action, "a first-player chance outcome naming a seat")
        s.active = action.seat
        ev.append(Event(K_FIRST_PLAYER, action.seat))
        start_turn(s, ev)
    else:
        raise IllegalActionError(f"the game is over: no action is legal, got {action}")
    _finish(s, ev)


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
    else:
        # A card of the game may ask (one held, one bought, one revealed mid-step): keep
        # the state the step starts from, to replay it once answered.
        _run(s, action, (), s.copy())


def _held_may_ask(s: State) -> bool:
    """Whether a roll may ask: rolling buys and reveals no card, so only the cards held
    (or a token a heart face may remove) can ask during it."""
    table = s.game.cards
    if s.tokens and table.heart_removes:
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
    ev: list[Event] = []
    _roll(s, ev, counts)
    _finish(s, ev)


def _finish(s: State, ev: list[Event]) -> None:
    """After any step: an eliminated active monster's turn ends; publish the events."""
    if not s.monsters[s.active].alive and s.phase is not _OVER:
        # An eliminated monster never acts: its turn ends at once (D-ELIMINATED-ACTIVE).
        s.yield_queue = ()
        s.entering = False
        s.pending_damage = ()
        s.yielded = (None, None)
        end_turn(s, ev)
    s.events = tuple(ev)


def _illegal(s: State, action: Action, expected: str) -> NoReturn:
    raise IllegalActionError(
        f"illegal action {action} in phase {s.phase.value!r} "
        f"(turn {s.turn}, {s.names[s.active]} active): expected {expected}"
    )


# -- start of turn and the roll ------------------------------------------------------


def start_turn(s: State, ev: list[Event], fewer_dice: int = 0) -> None:
    """Start of turn: +2 ★ for a monster already in Tokyo [000/001 §TOKIO], then roll.

    ``fewer_dice``: an extra turn a card gave may roll fewer dice (D-FREEZE-TIME).
    """
    a = s.active
    ev.append(Event(K_TURN_STARTED, a, s.turn))
    s.phase = _ROLL
    s.dice = NO_DICE
    cards = s.monsters[a].cards
    s.to_roll = s.game.options.dice + (abilities.total(s, a, _M_EXTRA_DICE) if cards else 0)
    if fewer_dice:
        s.to_roll = max(0, s.to_roll - fewer_dice)
    if s.tokens:
        # Tokens may take dice away; never fewer than none (decision D-SHRINK-NO-DICE).
        s.to_roll = max(0, s.to_roll - tokens.fewer_dice(s, a))
    s.rolls_done = 0
    s.rolls_allowed = s.game.options.rolls + (abilities.total(s, a, _M_EXTRA_ROLLS) if cards else 0)
    s.yield_queue = ()
    s.entering = False
    s.dealt_damage = False
    s.used_abilities = _NOBODY
    s.protected = _NOBODY
    if s.city == a or s.bay == a:
        gain_stars(s, ev, a, tokyo.START_IN_TOKYO_STARS, "starts the turn in Tokyo")
    if cards:
        abilities.fire(s, ev, _T_START_OF_TURN, (a,))
    if s.game.cards.by_trigger[_T_START_OF_EACH_TURN] and abilities.held(s, _T_START_OF_EACH_TURN):
        abilities.fire(s, ev, _T_START_OF_EACH_TURN, abilities.clockwise(s, a))


def _apply_roll(s: State, ev: list[Event], action: Action) -> None:
    if not isinstance(action, Roll):
        _illegal(s, action, f"a roll of {s.to_roll} dice (chance)")
    counts = action.counts
    if len(counts) != 6 or sum(counts) != s.to_roll or min(counts) < 0:
        _illegal(s, action, f"a roll of exactly {s.to_roll} dice")
    _roll(s, ev, counts)


def _roll(s: State, ev: list[Event], counts: dice.Counts) -> None:
    d = s.dice
    s.dice = (
        d[0] + counts[0], d[1] + counts[1], d[2] + counts[2],
        d[3] + counts[3], d[4] + counts[4], d[5] + counts[5],
    )  # fmt: skip
    s.to_roll = 0
    s.rolls_done += 1
    ev.append(Event(K_ROLLED, s.active, s.rolls_done, None, "", "", counts))
    if s.rolls_done >= s.rolls_allowed and not (
        s.game.cards.with_activated
        and s.monsters[s.active].cards
        and activated.offers(s, s.active, dice_window=True, only_dice=True)
    ):
        resolve(s, ev)
    else:
        s.phase = _KEEP
        if (
            s.game.cards.by_trigger[_T_OTHER_ROLLED]
            and not s.game.options.probe_after_last_roll
            and abilities.held(s, _T_OTHER_ROLLED)
        ):
            # The first edition: after any of the active monster's rolls, others' cards
            # may act on its dice (D-OTHERS-DICE); the option waits for its last roll.
            abilities.fire(s, ev, _T_OTHER_ROLLED, abilities.clockwise(s, s.active)[1:])


def _apply_keep(s: State, ev: list[Event], action: Action) -> None:
    if not isinstance(action, Reroll):
        if isinstance(action, StopRolling):
            resolve(s, ev)
            return
        if isinstance(action, UseCard):
            activated.use(s, ev, s.active, action, dice_window=True)
            if s.phase is _KEEP and s.rolls_done >= s.rolls_allowed and not activated.offers(
                s, s.active, dice_window=True, only_dice=True
            ):
                resolve(s, ev)  # nothing left to do with the dice
            return
        _illegal(s, action, "keep some dice and reroll the others, or stop")
    if s.rolls_done >= s.rolls_allowed:
        _illegal(s, action, "no reroll: every roll of this turn is used")
    if len(action.keep) != 6 or min(action.keep) < 0 or not dice.contains(s.dice, action.keep):
        _illegal(s, action, f"a keep taken from the dice on the table ({dice.describe(s.dice)})")
    if action.keep == s.dice:
        _illegal(s, action, "at least one die to reroll (to keep them all, stop)")
    ev.append(Event(K_KEPT, s.active, 0, None, "", "", action.keep))
    d, k = s.dice, action.keep
    s.to_roll = d[0] + d[1] + d[2] + d[3] + d[4] + d[5] - k[0] - k[1] - k[2] - k[3] - k[4] - k[5]
    s.dice = action.keep
    s.phase = _ROLL


# -- resolving the dice [000/001 §2, §DZIAŁANIE SYMBOLI NA KOSTKACH] ----------------


def resolve(s: State, ev: list[Event]) -> None:
    """Resolve the final dice.

    The rules let the player pick the order; numbers, energy, hearts, then claws
    is never worse for the player in the base game (hearts must come before
    entering Tokyo), so the engine uses that order (decision D-RESOLVE-ORDER).
    """
    a = s.active
    for trigger in (_T_OTHER_ROLLED, _T_OTHER_FINISHED_ROLLING):
        if s.game.cards.by_trigger[trigger] and abilities.held(s, trigger):
            # Other monsters' cards may act on the final dice first (D-OTHERS-DICE).
            abilities.fire(s, ev, trigger, abilities.clockwise(s, a)[1:])
    c = s.dice
    ev.append(Event(K_RESOLVED, a, 0, None, "", "", c))
    m = s.monsters[a]
    stars = dice.set_stars(c)
    energy = c[ENERGY]
    healed = 0
    own = c[HEART]
    spent = None
    if own and (s.tokens or m.cards) and s.game.cards.may_ask:
        # Cards may give heart faces other uses: the monster chooses (D-HEART-FACES).
        spent = hearts.spend(s, a, own)
        if spent is not None:
            own = spent.own
    # A monster in Tokyo cannot use heart faces [000/001 §LECZENIE, §TOKIO].
    if own and s.city != a and s.bay != a:
        wanted = own + (
            abilities.total(s, a, _M_EXTRA_HEALING) + abilities.total(s, a, _M_EXTRA_HEALING_ANY)
            if m.cards
            else 0
        )
        healed = max(0, min(wanted, heart_top(s, m) - m.hearts))
    if stars or energy or healed:
        # One board update for the three gains; the events say each one.
        set_monster(
            s,
            a,
            Monster(
                m.name,
                m.hearts + healed,
                m.max_hearts,
                m.stars + stars,
                m.energy + energy,
                m.alive,
                m.cards,
            ),
        )
        if stars:
            ev.append(Event(K_STARS, a, stars, None, "", "sets of numbers"))
        if energy:
            ev.append(Event(K_ENERGY, a, energy, None, "", "energy faces"))
        if healed:
            ev.append(Event(K_HEALED, a, healed, None, "", "heart faces"))
    if spent is not None:
        hearts.apply_rest(s, ev, a, spent)
    if m.cards:
        _card_resolution(s, ev, a, c, energy)
    claws = c[CLAW]
    added = s.attack_bonus  # what cards added to this turn's attack, claws or not
    if added:
        s.attack_bonus = 0
        if not claws and s.game.options.bonus_claws:
            claws, added = added, 0  # the 2016 reading: the added damage is claws
    if claws:
        # An attack: at least one claw [001 §DODATEK, ATAKOWANIE]. Cards add damage to
        # it but never turn 0 claws into damage [004].
        bonus = abilities.total(s, a, _M_ATTACK_DAMAGE) if m.cards else 0
        everyone = bool(m.cards and abilities.has_modifier(s, a, _M_ATTACK_EVERYONE))
        extra: dict[int, int] = {}
        if m.cards and s.game.cards.by_trigger[_T_ATTACK]:
            # Damage to neighbours "when you attack" joins the attack on a neighbour it
            # hits [004 §Přehled zvláštních karet "Zranění je přidáno k útoku"]
            # (D-FIRE-BREATHING).
            join = effects.joined_neighbour_damage(s, a)
            if join:
                hit = tokyo.targets(s, everyone=everyone)
                extra = {t: join for t in effects.neighbours(s, a) if t in hit}
        tokyo.attack(s, ev, claws + bonus + added, everyone=everyone, extra=extra)
        if m.cards:
            abilities.fire(s, ev, _T_ATTACK, (a,), joined=frozenset(extra))
    elif added:
        tokyo.bonus_damage(s, ev, added)
    tokyo.advance_yields(s)
    if s.yield_queue:
        s.phase = _YIELD
    else:
        tokyo.finish_attack(s, ev)
        s.phase = _BUY


def _card_resolution(s: State, ev: list[Event], a: int, c: dice.Counts, energy: int) -> None:
    """What the active monster's cards add to resolving its dice (before the claws)."""
    if energy:
        extra = abilities.total(s, a, _M_EXTRA_ENERGY)
        if extra:
            m = s.monsters[a]
            set_monster(s, a, m._replace(energy=m.energy + extra))
            ev.append(Event(K_ENERGY, a, extra, None, "", "more energy for every gain (a card)"))
    for value in (1, 2, 3):
        if c[value - 1] >= 3:
            abilities.fire(s, ev, _T_SCORE_SET, (a,), param=value)
    abilities.fire(s, ev, _T_RESOLVE, (a,))


def _apply_yield(s: State, ev: list[Event], action: Action) -> None:
    decider = s.yield_queue[0]
    if isinstance(action, UseCard):
        activated.use(s, ev, decider, action, dice_window=False)
        return
    pending = 0
    if s.pending_damage:
        pending = next((n for t, n in s.pending_damage if t == decider), 0)
    if isinstance(action, YieldTokyo):
        if s.city == decider:  # who left which place, for `When you yield Tokyo, ...`
            s.yielded = (decider, s.yielded[1])
        else:
            s.yielded = (s.yielded[0], decider)
        tokyo.leave(s, ev, decider, K_YIELDED)
        if pending:  # its card spares it the damage of the attack it yields to (D-JETS)
            ev.append(Event(K_PREVENTED, decider, pending, s.active, "", "attack"))
    elif isinstance(action, StayInTokyo):
        ev.append(Event(K_STAYED, decider, 0, None, s.place_of(decider).value))
        if pending:  # it stays: the attack's damage now
            damage(s, ev, decider, pending, s.active, attack=True)
    else:
        _illegal(s, action, f"{s.names[decider]} to yield Tokyo or stay")
    if pending:
        s.pending_damage = tuple(p for p in s.pending_damage if p[0] != decider)
    s.yield_queue = s.yield_queue[1:]
    tokyo.advance_yields(s)
    if not s.yield_queue:
        tokyo.finish_attack(s, ev)
        s.phase = _BUY


# -- buying [000/001 §3. ZAKUP KART, §OPIS KART] --------------------------------------


def _apply_buy(s: State, ev: list[Event], action: Action) -> None:
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
                _illegal(s, action, refused)
        cost = cards.cost(card)
        if m.cards:
            cost = max(0, cost - abilities.total(s, a, _M_CARD_DISCOUNT))
        if cost > m.energy:
            _illegal(s, action, f"enough energy: {card} costs {cost}, {m.name} has {m.energy}")
        keep = cards.is_keep(card)
        owned = (*m.cards, card) if keep else m.cards
        set_monster(s, a, m._replace(energy=m.energy - cost, cards=owned))
        ev.append(Event(K_BOUGHT, a, cost, None, "", card))
        if not keep:
            # A discard card goes to the box once it has acted; it is put there at once,
            # so that a question asked meanwhile (a refill, its effect) shows every card
            # in its place.
            s.discard = (*s.discard, card)
        if from_shop:
            # The shop is refilled at once [001 §3. ZAKUP KART].
            refill_slot(s, ev, s.shop.index(card))
        else:
            buying.take(s, ev, action, cost)
        receive(s, ev, a, card, price=cost)
    elif isinstance(action, Sweep):
        if m.energy < SWEEP_COST or not s.shop:
            _illegal(s, action, f"{SWEEP_COST} energy and a non-empty shop to sweep")
        set_monster(s, a, m._replace(energy=m.energy - SWEEP_COST))
        s.discard = s.discard + s.shop
        s.shop = s.deck[:3]
        s.deck = s.deck[3:]
        ev.append(Event(K_SWEPT, a, 0, None, "", ", ".join(s.shop) or "the deck is empty"))
        reveal.offer(s, ev, s.shop)
    elif isinstance(action, EndTurn):
        end_turn(s, ev)
    elif isinstance(action, UseCard):
        activated.use(s, ev, a, action, dice_window=False)
    else:
        _illegal(s, action, "buy a face-up card, sweep the shop, or end the turn")


def receive(s: State, ev: list[Event], buyer: int, card: str, *, price: int = 0) -> None:
    """What a card just bought (and paid for, ``price``) does for ``buyer``: a keep card
    raises its maximum and fires its "when you buy this card"; a discard card goes to the
    box after its effects [001 §OPIS KART]. Then "when you buy another card" fires."""
    cards = s.game.cards
    if cards.is_keep(card):
        # What was paid for it, which a card discarded for its cost gives back (D-METAMORPH).
        s.paid = tuple(sorted((*(p for p in s.paid if p[0] != card), (card, price))))
        raise_by = raise_of(abilities.modifiers_of(s, card))
        if raise_by:
            # The new card raises (or lowers) the monster's maximum; hearts above it are lost.
            m = s.monsters[buyer]
            top = m.max_hearts + raise_by
            set_monster(s, buyer, m._replace(max_hearts=top, hearts=min(m.hearts, top)))
        abilities.fire(s, ev, _T_BOUGHT, (buyer,), only=card)
    else:
        # The buyer has already put it in the box (see _apply_buy).
        owed = len(s.extra_turns)
        effects.run(s, ev, buyer, cards.effects(card), card)
        if len(s.extra_turns) > owed and buyer == s.active and s.monsters[buyer].alive:
            # An extra turn bought now is played at once: this turn ends here and
            # what its end would do is skipped [001 §DODATEK, card notes].
            end_turn(s, ev, end_effects=False)
            return
    abilities.fire(s, ev, _T_BUY_CARD, (buyer,), skip=card)


def refill_slot(s: State, ev: list[Event], slot: int) -> None:
    """Refill a shop slot at once from the deck; an empty deck leaves it empty (D-EMPTY-DECK)."""
    if s.deck:
        s.shop = (*s.shop[:slot], s.deck[0], *s.shop[slot + 1 :])
        s.deck = s.deck[1:]
        reveal.offer(s, ev, (s.shop[slot],))
    else:
        s.shop = s.shop[:slot] + s.shop[slot + 1 :]
        ev.append(Event(K_DECK_EMPTY))


# -- end of turn and of the game [000 §KONIEC GRY; 004] ------------------------------


def end_turn(s: State, ev: list[Event], *, end_effects: bool = True) -> None:
    """End of turn: card effects of the end of the turn, then victory is declared (only
    now), then the next monster plays, or the same one if it is owed an extra turn."""
    a = s.active
    if end_effects:
        if s.tokens and s.monsters[a].alive:
            tokens.end_of_turn(s, ev, a)
        if s.monsters[a].alive and s.monsters[a].cards:
            abilities.fire(s, ev, _T_END_OF_TURN, (a,))
        if abilities.held(s, _T_END_OF_EACH_TURN):
            abilities.fire(s, ev, _T_END_OF_EACH_TURN, abilities.clockwise(s, a))
    ev.append(Event(K_TURN_ENDED, a))
    outcome = victory(s)
    if outcome is not None:
        s.outcome = outcome
        s.phase = _OVER
        s.yield_queue = ()
        if outcome.winner is None:
            ev.append(Event(K_DRAW, None, 0, None, "", outcome.reason))
        else:
            ev.append(Event(K_WON, outcome.winner, 0, None, "", outcome.reason))
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


def victory(s: State) -> Outcome | None:
    """The outcome at the end of a turn, or None if the game goes on.

    No monster left: a draw. One left: it wins. Otherwise only the active monster may
    declare a victory by stars, at the end of its own turn [000 §KONIEC GRY "Gracz
    ogłasza wygraną na koniec swojej tury"]: another monster with enough stars waits for
    the end of its own turn, and must still be in the game then (D-SEVERAL-AT-20).
    """
    ms = s.monsters
    target = s.game.options.win_stars
    alive = 0
    last = -1
    for seat, m in enumerate(ms):
        if m.alive:
            alive += 1
            last = seat
    if alive == 0:
        return Outcome(None, "every remaining monster was eliminated in the same turn")
    if alive == 1:
        return Outcome(last, "last monster standing")
    a = ms[s.active]
    if a.alive and a.stars >= target:
        return Outcome(s.active, f"{target} stars at the end of a turn")
    return None
