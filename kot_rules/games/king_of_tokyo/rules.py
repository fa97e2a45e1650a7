"""King of Tokyo's own rules as the kernel runs them: resolving the dice, the yield phase,
victory at the end of a turn, and :data:`RULES`, the game's seam object.

The turn skeleton (kot_rules.engine.turn) calls these through ``game.rules``;
kot_rules.games.king_of_tokyo.definition registers :data:`RULES` as the game ``king-of-tokyo``.
Sources: [000/001 §PRZEBIEG GRY, §DZIAŁANIE SYMBOLI NA KOSTKACH, §TOKIO], [000 §KONIEC GRY].
"""

from __future__ import annotations

from typing import Final

from kot_rules.engine import abilities, activated, dice, effects, hearts, legal, requests, turn
from kot_rules.engine.actions import (
    END_TURN,
    STAY,
    YIELD,
    Action,
    EndTurn,
    Reroll,
    Roll,
    StayInTokyo,
    UseCard,
    YieldTokyo,
)
from kot_rules.engine.dice import CLAW, ENERGY, FACES, HEART
from kot_rules.engine.events import (
    K_ENERGY,
    K_HEALED,
    K_KEPT,
    K_PREVENTED,
    K_RESOLVED,
    K_STARS,
    K_STAYED,
    K_YIELDED,
    NO_EVENT,
    QUIET_EVENTS,
    Event,
    Quiet,
)
from kot_rules.engine.numbers import (
    BAY_MIN_MONSTERS,
    DAMAGE_PER_CLAW,
    DICE,
    ENERGY_PER_FACE,
    HEARTS_PER_FACE,
    KING_OF_TOKYO,
    MAX_MONSTERS,
    MIN_MONSTERS,
    ROLLS,
    SET_SIZE,
    SHOP_SIZE,
    SWEEP_COST,
)
from kot_rules.engine.options import Options
from kot_rules.engine.requests import NeedAnswer, Pending
from kot_rules.engine.resources import damage, heart_top, leave_place, set_monster
from kot_rules.engine.rules import Board, DiceSpec, GameRules, Hooks, ShopRules, Words
from kot_rules.engine.state import Monster, Outcome, Phase, Place, State
from kot_rules.games.king_of_tokyo import board as tokyo
from kot_rules.games.king_of_tokyo import words
from kot_rules.language.ast import ModifierKind, Trigger

# Module-level aliases: an Enum attribute costs ~0.1 µs to read, a global ~0.01 µs.
_M_ATTACK_DAMAGE: Final = ModifierKind.ATTACK_DAMAGE
_M_ATTACK_EVERYONE: Final = ModifierKind.ATTACK_EVERYONE
_M_EXTRA_ENERGY: Final = ModifierKind.EXTRA_ENERGY
_M_EXTRA_HEALING: Final = ModifierKind.EXTRA_HEALING
_M_EXTRA_HEALING_ANY: Final = ModifierKind.EXTRA_HEALING_ANY
_T_ATTACK: Final = Trigger.ATTACK
_T_RESOLVE: Final = Trigger.RESOLVE
_T_SCORE_SET: Final = Trigger.SCORE_SET
_T_OTHER_FINISHED_ROLLING: Final = Trigger.OTHER_FINISHED_ROLLING
_T_OTHER_ROLLED: Final = Trigger.OTHER_ROLLED
_YIELD: Final = Phase.YIELD
_BUY: Final = Phase.BUY
_KEEP: Final = Phase.KEEP
_ROLL: Final = Phase.ROLL

# Compiled with mypyc, a Final module name is read from a C static; any
# other module-level name costs a dict look-up at each use (a constant imported too).
_CLAW: Final = CLAW
_DAMAGE_PER_CLAW: Final = DAMAGE_PER_CLAW
_ENERGY: Final = ENERGY
_ENERGY_PER_FACE: Final = ENERGY_PER_FACE
_HEART: Final = HEART
_HEARTS_PER_FACE: Final = HEARTS_PER_FACE
_NO_EVENT: Final = NO_EVENT
_QUIET_EVENTS: Final = QUIET_EVENTS
_Quiet: Final = Quiet
_SET_SIZE: Final = SET_SIZE
_new: Final = tuple.__new__  # a Monster from its fields' tuple (resources._new)
_NOBODY: Final[frozenset[int]] = frozenset()
_END_TURN: Final = END_TURN


def resolve(s: State, ev: list[Event]) -> None:
    """Resolve the final dice.

    The rules let the player pick the order; numbers, energy, hearts, then claws
    is never worse for the player in the base game (hearts must come before
    entering Tokyo), so the engine uses that order (decision D-RESOLVE-ORDER).
    """
    a = s.active
    table = s.game.cards
    for trigger in (_T_OTHER_ROLLED, _T_OTHER_FINISHED_ROLLING):
        having = table.by_trigger[trigger]
        if having and abilities.holds_any(s, having):
            # Other monsters' cards may act on the final dice first (D-OTHERS-DICE).
            abilities.fire(s, ev, trigger, abilities.clockwise(s, a)[1:])
    c = s.dice
    ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_RESOLVED, a, 0, None, "", "", c))
    m = s.monsters[a]
    stars = dice.set_stars(c)
    energy = c[_ENERGY] * _ENERGY_PER_FACE
    healed = 0
    own = c[_HEART]
    spent = None
    if own and (s.tokens or m.cards) and table.may_ask:
        # Cards may give heart faces other uses: the monster chooses (D-HEART-FACES).
        spent = hearts.spend(s, a, own)
        if spent is not None:
            own = spent.own
    # A monster in Tokyo cannot use heart faces [000/001 §LECZENIE, §TOKIO].
    if own and s.city != a and s.bay != a:
        wanted = own * _HEARTS_PER_FACE + (
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
            _new(Monster, (m[0], m[1] + healed, m[2], m[3] + stars, m[4] + energy, m[5], m[6])),
        )
        if stars:
            ev.append(
                _NO_EVENT
                if type(ev) is _Quiet
                else Event(K_STARS, a, stars, None, "", "sets of numbers")
            )
        if energy:
            ev.append(
                _NO_EVENT
                if type(ev) is _Quiet
                else Event(K_ENERGY, a, energy, None, "", "energy faces")
            )
        if healed:
            ev.append(
                _NO_EVENT
                if type(ev) is _Quiet
                else Event(K_HEALED, a, healed, None, "", "heart faces")
            )
    if spent is not None:
        hearts.apply_rest(s, ev, a, spent)
    if m.cards:
        _card_resolution(s, ev, a, c, energy)
    claws = c[_CLAW] * _DAMAGE_PER_CLAW
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
        if m.cards and table.by_trigger[_T_ATTACK]:
            # Damage to neighbours "when you attack" joins the attack on a neighbour it
            # hits [004 §Přehled zvláštních karet "Zranění je přidáno k útoku"]
            # (D-NEIGHBOUR-DAMAGE).
            join = effects.joined_neighbour_damage(s, a)
            if join:
                hit = tokyo.targets(s, everyone=everyone)
                extra = {t: join for t in effects.neighbours(s, a) if t in hit}
        tokyo.attack(s, ev, claws + bonus + added, everyone=everyone, extra=extra)
        if m.cards and abilities.fires(s, a, _T_ATTACK):
            abilities.fire(s, ev, _T_ATTACK, (a,), joined=frozenset(extra) if extra else _NOBODY)
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
            ev.append(
                _NO_EVENT
                if type(ev) is _Quiet
                else Event(K_ENERGY, a, extra, None, "", "more energy for every gain (a card)")
            )
    for value in (1, 2, 3):
        if c[value - 1] >= _SET_SIZE and abilities.fires(s, a, _T_SCORE_SET):
            abilities.fire(s, ev, _T_SCORE_SET, (a,), param=value)
    if abilities.fires(s, a, _T_RESOLVE):
        abilities.fire(s, ev, _T_RESOLVE, (a,))


def apply_yield(s: State, ev: list[Event], action: Action) -> None:
    """The yield phase: each occupant the attack hurt yields its place or stays (in
    turn); the attacker then takes a place left free [000/001 §TOKIO, §ATAK]."""
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
        leave_place(s, ev, decider, K_YIELDED)
        # its card spares it the damage of the attack it yields to (D-YIELD-BEFORE-DAMAGE)
        if pending:
            ev.append(
                _NO_EVENT
                if type(ev) is _Quiet
                else Event(K_PREVENTED, decider, pending, s.active, "", "attack")
            )
    elif isinstance(action, StayInTokyo):
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_STAYED, decider, 0, None, s.place_of(decider).value)
        )
        if pending:  # it stays: the attack's damage now
            damage(s, ev, decider, pending, s.active, attack=True)
    else:
        turn.illegal(s, action, f"{s.names[decider]} to yield Tokyo or stay")
    if pending:
        s.pending_damage = tuple(p for p in s.pending_damage if p[0] != decider)
    s.yield_queue = s.yield_queue[1:]
    tokyo.advance_yields(s)
    if not s.yield_queue:
        tokyo.finish_attack(s, ev)
        s.phase = _BUY


def victory(s: State) -> Outcome | None:
    """The outcome at the end of a turn, or None if the game goes on.

    No monster left: a draw. One left: it wins. Otherwise only the active monster may
    declare a victory by stars, at the end of its own turn [000 §KONIEC GRY "Gracz
    ogłasza wygraną na koniec swojej tury"]: another monster with enough stars waits for
    the end of its own turn, and must still be in the game then (D-SEVERAL-AT-20).
    """
    standing = turn.last_standing(s)
    return standing if standing is not None else turn.victory_by_stars(s)


# -- the step, with shortcuts for the most frequent decisions --------------------------


def step(s: State, action: Action) -> None:
    """:func:`turn.apply` (``RULES.apply``), taking King of Tokyo's most frequent decisions
    (a reroll, ending the turn, yielding or staying) straight to their phase's code: the
    same step, without the generic dispatch. Any other case goes through turn.apply."""
    if s.pending is None and s.game.rules is RULES:
        phase = s.phase
        if isinstance(action, Reroll):
            if phase is _KEEP and _reroll(s, action.keep):
                return
        elif isinstance(action, EndTurn):
            if phase is _BUY:
                _held_step(s, action)
                return
        elif isinstance(action, (YieldTokyo, StayInTokyo)) and phase is _YIELD:
            _held_step(s, action)
            return
        if requests.answered_inline(s):
            # Every question is answered as it is asked: the step never stops, so it
            # needs no state kept for a replay (turn._apply_asking would keep one).
            turn.apply(s, action, plain=True)
            return
    turn.apply(s, action)


def _held_step(s: State, action: Action) -> None:
    """The step of ending the turn (phase BUY), yielding or staying (phase YIELD), as
    turn.apply takes it. None of them reveals or buys a card: only cards already held
    could ask a question, and the state the step starts from is kept for a replay only
    if one of them can (turn._apply_asking, turn._run) and no driver answers questions as
    they are asked (requests.InlineAnswers)."""
    if s.game.cards.may_ask and not requests.answered_inline(s) and turn._held_may_ask(s):
        base = s.copy()
        s.feed = ()
        s.fed = 0
        try:
            _held_plain(s, action)
        except NeedAnswer as need:
            s.pending = Pending(base, action, (), need.request)
            s.events = ()
        s.feed = ()
    else:
        _held_plain(s, action)


def _held_plain(s: State, action: Action) -> None:
    ev: list[Event] = _Quiet() if s.events is _QUIET_EVENTS else []
    if isinstance(action, EndTurn):
        turn.end_turn(s, ev)  # what turn.apply_buy does with it
    else:
        apply_yield(s, ev, action)
    turn._finish(s, ev)


def _reroll(s: State, keep: dice.Counts) -> bool:
    """The reroll step (turn.apply_keep, then turn.finish) when it is legal and the active
    monster is in the game; False, with ``s`` unchanged, otherwise (turn.apply decides)."""
    d = s.dice
    if (
        s.rolls_done >= s.rolls_allowed
        or not 0 <= keep[0] <= d[0]
        or not 0 <= keep[1] <= d[1]
        or not 0 <= keep[2] <= d[2]
        or not 0 <= keep[3] <= d[3]
        or not 0 <= keep[4] <= d[4]
        or not 0 <= keep[5] <= d[5]
        or keep == d
        or not s.monsters[s.active].alive
    ):
        return False
    s.to_roll = d[0] + d[1] + d[2] + d[3] + d[4] + d[5] - (
        keep[0] + keep[1] + keep[2] + keep[3] + keep[4] + keep[5]
    )
    s.dice = keep
    s.phase = _ROLL
    # Setting dice aside asks nothing and changes nobody's board: the step's only event.
    if s.events is not _QUIET_EVENTS:
        s.events = (Event(K_KEPT, s.active, 0, None, "", "", keep),)
    return True


def roll_in_place(s: State, counts: dice.Counts) -> None:
    """``RULES.roll_in_place``: :func:`turn.roll_in_place`, without building the roll's
    action unless a card's question needs it kept for the replay."""
    if (
        s.events is _QUIET_EVENTS
        and s.rolls_done + 1 < s.rolls_allowed
        and s.game.rules is RULES
        and s.monsters[s.active].alive
    ):
        watchers = s.game.cards.by_trigger[_T_OTHER_ROLLED]
        if not (watchers and abilities.holds_any(s, watchers)):
            # A roll that is not the last, and no card acting on another's roll in play:
            # the dice join those kept and the monster decides what to keep (turn._roll
            # and turn._finish). Nothing else happens in such a step, so nothing can ask
            # a question (whatever cards are held): no state to keep for a replay, and
            # no events to build.
            turn.add_roll(s, counts)
            s.phase = _KEEP
            return
    if (
        s.game.cards.may_ask
        and not (s.game.rules is RULES and requests.answered_inline(s))
        and turn._held_may_ask(s)
    ):
        if s.game.rules is not RULES:
            turn.roll_in_place(s, counts)
            return
        base = s.copy()  # as turn._run: the state the step starts from, for a replay
        s.feed = ()
        s.fed = 0
        try:
            ev: list[Event] = _Quiet() if s.events is _QUIET_EVENTS else []
            turn._roll(s, ev, counts)
            turn._finish(s, ev)
        except NeedAnswer as need:
            s.pending = Pending(base, Roll(counts), (), need.request)
            s.events = ()
        s.feed = ()
        return
    ev = _Quiet() if s.events is _QUIET_EVENTS else []
    turn._roll(s, ev, counts)
    turn._finish(s, ev)


def random_step(s: State, u: float) -> None:
    """``RULES.random_step``: :func:`step` of ``legal.choose(s, u)``; a reroll, yielding or
    staying drawn without building the list of decisions (the driver's random agents, in
    a game nobody watches)."""
    if s.pending is None and s.events is _QUIET_EVENTS and s.game.rules is RULES:
        phase = s.phase
        if phase is _KEEP:
            m = s.monsters[s.active]
            c = s.dice
            # legal.legal_actions's order: stop, each keep but all the dice (by sub-multiset
            # index), then the uses of the active monster's cards.
            n = (c[0] + 1) * (c[1] + 1) * (c[2] + 1) * (c[3] + 1) * (c[4] + 1) * (c[5] + 1)
            if m.alive and s.rolls_done < s.rolls_allowed:
                having = s.game.cards.with_activated
                if (
                    having
                    and m.cards
                    and abilities.any_in(
                        having, abilities.text_ids(s, m.cards) if s.copying else m.cards
                    )
                ):
                    uses = activated.offers(s, s.active, dice_window=True)
                    index = int(u * (n + len(uses)))
                    if index >= n:
                        step(s, uses[index - n])
                        return
                else:
                    index = int(u * n)
                if index:
                    turn.keep_by_index(s, index)
                    return
        elif phase is _BUY:
            cards, rest = legal.buy_choices(s)
            bought = len(cards)
            index = int(u * (bought + len(rest)))
            if index < bought:
                step(s, legal.buy_action(cards[index]))
            elif rest[index - bought] is _END_TURN:
                _held_step(s, _END_TURN)
            else:
                step(s, rest[index - bought])
            return
        elif phase is _YIELD:
            seat = s.yield_queue[0]
            if not (s.game.cards.with_activated and s.monsters[seat].cards):
                _held_step(s, YIELD if u < 0.5 else STAY)  # legal: (YIELD, STAY)
                return
    step(s, legal.choose(s, u))


BOX_MONSTERS: Final = ("The King", "Gigazaur", "Cyber Bunny", "Kraken", "Meka Dragon",
                        "Alienoid")
"""The six monsters of the 2011 box, the seats' names when a game names none."""

RULES: Final = GameRules(
    id=KING_OF_TOKYO.game,
    numbers=KING_OF_TOKYO,
    min_players=MIN_MONSTERS,
    max_players=MAX_MONSTERS,
    dice=DiceSpec(FACES, DICE, ROLLS),
    board=Board((Place.CITY, Place.BAY), BAY_MIN_MONSTERS),
    shop=ShopRules(SHOP_SIZE, SWEEP_COST),
    options=Options,
    phases={
        Phase.FIRST_PLAYER: turn.apply_first_player,
        Phase.ROLL: turn.apply_roll,
        Phase.KEEP: turn.apply_keep,
        Phase.YIELD: apply_yield,
        Phase.BUY: turn.apply_buy,
    },
    hooks=Hooks(
        start_turn=tokyo.start_of_turn,
        resolve=resolve,
        end_of_turn=victory,
        after_step=None,  # victory is declared only at the end of a turn [000 §KONIEC GRY]
        on_elimination=tokyo.close_bay,
    ),
    apply=step,
    roll_in_place=roll_in_place,
    legal_actions=legal.legal_actions,
    start_turn=turn.start_turn,
    title="King of Tokyo",
    names=BOX_MONSTERS,
    random_step=random_step,
    words=Words(verbs=words.VERBS),
    place_names={"city": "Tokyo City", "bay": "Tokyo Bay"},
)
"""King of Tokyo (2011) for the kernel: what ``Game(...)`` plays unless told otherwise."""
