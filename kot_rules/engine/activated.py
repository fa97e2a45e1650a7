"""Activated abilities: what a monster's cards let it do at will, read from card text.

Dice abilities (one more roll, changing or rerolling a die) are offered while the
active monster's dice are on the table; the others whenever their owner decides,
and when it is about to take damage (decision D-AT-WILL).
"""

from __future__ import annotations

from typing import Final

from kot_rules.engine import dice
from kot_rules.engine.abilities import activated_of, any_in, text_ids
from kot_rules.engine.actions import PASS, Action, UseCard
from kot_rules.engine.dice import FACES, Face
from kot_rules.engine.errors import IllegalActionError, NotExecutableError
from kot_rules.engine.events import K_ENERGY, K_USED, Event
from kot_rules.engine.requests import ask
from kot_rules.engine.resources import heal, heart_top, lose_card, set_monster
from kot_rules.engine.state import Phase, State
from kot_rules.engine.tokens import check_empty, on_card, take_from_card
from kot_rules.language.ast import ENERGY_ON_CARD, Activated, Verb

# Enum members read in function bodies, as Final aliases: compiled with mypyc each is a C
# static, not a module look-up and a class attribute read.
_P_BUY: Final = Phase.BUY
_P_ROLL: Final = Phase.ROLL

_EXTRA_ROLL, _SET_DIE, _REROLL_FACE, _PROTECT, _HEAL = (
    Verb.EXTRA_ROLL, Verb.SET_DIE, Verb.REROLL_FACE, Verb.PROTECT, Verb.HEAL,
)  # fmt: skip
_NUMBER_FACES = {1: Face.ONE, 2: Face.TWO, 3: Face.THREE}
_DISCARD_FROM_SHOP = Verb.DISCARD_FROM_SHOP


def _key(seat: int, card: str, index: int) -> str:
    return f"{seat}:{card}:use{index}"


def offers(s: State, seat: int, *, dice_window: bool, only_dice: bool = False) -> list[Action]:
    """The uses of ``seat``'s activated abilities open now.

    ``dice_window``: the active monster's dice are on the table, not yet resolved.
    Only uses that change something are offered (no healing at full hearts).
    """
    m = s.monsters[seat]
    if not m.alive or not any_in(s.game.cards.with_activated, text_ids(s, m.cards)):
        return []
    out: list[Action] = []
    for card in m.cards:
        for i, a in enumerate(activated_of(s, card)):
            if a.uses_dice:
                if not dice_window or seat != s.active:
                    continue
            elif only_dice:
                continue
            if a.energy > m.energy or (a.once_per_turn and _key(seat, card, i) in s.used_abilities):
                continue
            if a.token and not on_card(s, card, a.token):
                continue  # pays with a token from this card: none left
            out.extend(_uses(s, seat, card, i, a))
    return out


def _changes(card: str, index: int, amount: int, counts: dice.Counts) -> list[Action]:
    """Every change of one die of ``counts`` to the face ``amount`` names (0: any face)."""
    targets = (_NUMBER_FACES[amount],) if amount else FACES
    return [
        UseCard(card, index, die=f, to=t)
        for f, n in zip(FACES, counts, strict=True)
        if n
        for t in targets
        if t is not f
    ]


_PLAIN_USES: Final[dict[tuple[str, int], Action]] = {}


def _plain_use(card: str, index: int) -> Action:
    """``UseCard(card, index)``, one object per use (actions are frozen values): offers are
    built at every decision of a monster with such a card, and a dataclass's __init__ is
    Python code."""
    key = (card, index)
    action = _PLAIN_USES.get(key)
    if action is None:
        if len(_PLAIN_USES) >= 10_000:
            _PLAIN_USES.clear()
        action = _PLAIN_USES[key] = UseCard(card, index)
    return action


def _uses(s: State, seat: int, card: str, index: int, a: Activated) -> list[Action]:
    verb, amount = a.effect.verb, a.effect.amount
    if verb is _EXTRA_ROLL:
        return [_plain_use(card, index)]
    if verb is _SET_DIE:
        return _changes(card, index, amount, s.dice)
    if verb is _REROLL_FACE:
        face = _NUMBER_FACES[amount]
        n = s.dice[face.index]
        return [UseCard(card, index, die=face, count=k) for k in range(1, n + 1)]
    if verb is _HEAL:
        m = s.monsters[seat]
        return [_plain_use(card, index)] if m.hearts < heart_top(s, m) else []
    if verb is _PROTECT:
        return [_plain_use(card, index)] if seat not in s.protected else []
    if verb is _DISCARD_FROM_SHOP:
        # On the owner's own turn, while it buys (D-DUEL-SHOP-DISCARD).
        mine = seat == s.active and s.phase is _P_BUY and bool(s.shop)
        return [_plain_use(card, index)] if mine else []
    if verb is _HEAL_PER_TOKEN:  # only while it would heal
        m = s.monsters[seat]
        heals = tokens_on(s, card) and m.hearts < heart_top(s, m)
        return [_plain_use(card, index)] if heals else []
    raise AssertionError(f"no activated ability does {verb}")  # pragma: no cover


def use(s: State, ev: list[Event], seat: int, action: UseCard, *, dice_window: bool) -> None:
    """Pay for and apply ``action``; raises IllegalActionError if it is not open now."""
    if action not in offers(s, seat, dice_window=dice_window):
        raise IllegalActionError(
            f"illegal action {action}: {s.names[seat]} cannot use that now "
            f"(phase {s.phase.value!r}, turn {s.turn})"
        )
    a = activated_of(s, action.card)[action.ability]
    _pay(s, ev, seat, action, a)
    verb, amount = a.effect.verb, a.effect.amount
    if verb is _EXTRA_ROLL:
        s.rolls_allowed += amount
    elif verb is _SET_DIE:
        assert action.die is not None and action.to is not None
        c = list(s.dice)
        c[action.die.index] -= 1
        c[action.to.index] += 1
        s.dice = (c[0], c[1], c[2], c[3], c[4], c[5])
    elif verb is _REROLL_FACE:
        assert action.die is not None
        c = list(s.dice)
        c[action.die.index] -= action.count
        s.dice = (c[0], c[1], c[2], c[3], c[4], c[5])
        s.to_roll = action.count
        s.rolls_allowed += 1  # this reroll uses up none of the monster's rolls
        s.phase = _P_ROLL
    elif verb is _HEAL:
        heal(s, ev, seat, amount, f"card {action.card}")
    elif verb is _PROTECT:
        s.protected = s.protected | {seat}
    elif verb is _HEAL_PER_TOKEN:
        heal(s, ev, seat, amount * tokens_on(s, action.card), f"card {action.card}")
    elif verb is _DISCARD_FROM_SHOP:  # the game's shop slides its own way (GameRules.words)
        act = s.game.rules.words.acts.get(verb)
        if act is None:
            raise NotExecutableError(f"card {action.card} says the act {verb.value!r}, which "
                                     f"{s.game.rules.title} cannot run")
        act(s, ev, seat, amount, action.card)
    if a.then_discard:
        lose_card(s, ev, seat, action.card)
    elif a.token:
        check_empty(s, ev, seat, action.card)


def window(s: State, ev: list[Event], seat: int, amount: int) -> None:
    """Before ``seat`` takes ``amount`` damage it may use its cards (heal, protect, ...)."""
    while True:
        choices = offers(s, seat, dice_window=False)
        if not choices:
            return
        why = f"{s.names[seat]} is about to take {amount} damage: use a card first?"
        choice = ask(s, seat, [*choices, PASS], why)
        if not isinstance(choice, UseCard):
            return
        use(s, ev, seat, choice, dice_window=False)


def adjust_dice(s: State, ev: list[Event], seat: int, counts: dice.Counts) -> dice.Counts:
    """Dice a card throws for ``seat`` (not its turn's dice): its die-changing abilities
    may act on them too [001 §DODATEK, appendix clarification 2]."""
    while True:
        m = s.monsters[seat]
        if not any_in(s.game.cards.with_activated, text_ids(s, m.cards)):
            return counts
        choices: list[Action] = []
        for card in m.cards:
            for i, a in enumerate(activated_of(s, card)):
                if (
                    a.effect.verb is _SET_DIE
                    and a.energy <= m.energy
                    and not (a.once_per_turn and _key(seat, card, i) in s.used_abilities)
                ):
                    choices.extend(_changes(card, i, a.effect.amount, counts))
        if not choices:
            return counts
        why = f"{s.names[seat]} may change the dice a card rolled ({dice.describe(counts)})"
        choice = ask(s, seat, [*choices, PASS], why)
        if not isinstance(choice, UseCard) or choice.die is None or choice.to is None:
            return counts
        a = activated_of(s, choice.card)[choice.ability]
        _pay(s, ev, seat, choice, a)
        c = list(counts)
        c[choice.die.index] -= 1
        c[choice.to.index] += 1
        counts = (c[0], c[1], c[2], c[3], c[4], c[5])
        if a.then_discard:
            lose_card(s, ev, seat, choice.card)


def _pay(s: State, ev: list[Event], seat: int, action: UseCard, a: Activated) -> None:
    """Pay for a use: its energy, its once-per-turn mark, and the event that says it."""
    if a.energy:
        _set_energy(s, seat, s.monsters[seat].energy - a.energy)
        ev.append(Event(K_ENERGY, seat, -a.energy, None, "", f"pays for {action.card}"))
    if a.token:
        take_from_card(s, ev, seat, action.card, a.token, 1)
    if a.once_per_turn:
        s.used_abilities = s.used_abilities | {_key(seat, action.card, action.ability)}
    ev.append(Event(K_USED, seat, 0, None, "", str(action).removeprefix("use ")))


def _set_energy(s: State, seat: int, energy: int) -> None:
    m = s.monsters[seat]
    set_monster(s, seat, m._replace(energy=energy))


# --- cards with tokens on them -----------------------------------------------------------

_HEAL_PER_TOKEN = Verb.HEAL_PER_TOKEN


def tokens_on(s: State, card: str) -> int:
    """Every token lying on ``card``, of any kind (energy is no token)."""
    return sum(n for c, k, n in s.held if c == card and k != ENERGY_ON_CARD)
