"""Keep cards at work: triggered abilities and lasting modifiers, read from card text.

The engine calls :func:`fire` where the rules have a moment a card can name (start
and end of turn, an attack, a buy, an elimination, ...) and :func:`total` where a
number can be changed (dice, rolls, costs, damage, maximum hearts). Both only read
what the card language parsed; nothing here knows any card.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from kot_rules.engine import dice, dispatch
from kot_rules.engine.actions import PASS, Choose
from kot_rules.engine.events import K_ENERGY, NO_EVENT, Event, Quiet
from kot_rules.engine.requests import ask
from kot_rules.engine.state import State
from kot_rules.language.ast import Ability, Activated, Condition, Modifier, ModifierKind, Trigger

# Enum members read in function bodies, as Final aliases: compiled with mypyc each is a C
# static, not a module look-up and a class attribute read.
_C_DEALT_NO_DAMAGE: Final = Condition.DEALT_NO_DAMAGE
_C_EVERY_FACE: Final = Condition.EVERY_FACE
_C_FEWEST_STARS: Final = Condition.FEWEST_STARS
_C_IN_TOKYO: Final = Condition.IN_TOKYO
_C_NO_ENERGY: Final = Condition.NO_ENERGY
_C_NO_SMASH: Final = Condition.NO_SMASH
_C_ONE_TWO_THREE: Final = Condition.ONE_TWO_THREE
_T_HEART_BEYOND: Final = Trigger.HEART_BEYOND
_T_LOSE_HEARTS: Final = Trigger.LOSE_HEARTS
_T_OF_A_KIND: Final = Trigger.OF_A_KIND
_T_OTHER_GAINS_ENERGY: Final = Trigger.OTHER_GAINS_ENERGY
_T_RESOLVE_AMONG_UNITS: Final = Trigger.RESOLVE_AMONG_UNITS
_T_SCORE_SET: Final = Trigger.SCORE_SET

_T_ATTACK: Final = Trigger.ATTACK

# Compiled with mypyc, a Final module name is read from a C static; any
# other module-level name costs a dict look-up at each use (a constant imported too).
_NO_EVENT: Final = NO_EVENT
_PASS: Final = PASS
_Quiet: Final = Quiet


_INTERPRETED: Final = __file__.endswith(".py")
"""This module runs from its source, not from the compiled build (kot_rules.native)."""


def any_in(ids: frozenset[str], cards: tuple[str, ...]) -> bool:
    """``not ids.isdisjoint(cards)``: whether one of ``cards`` is among ``ids``. Compiled, a
    loop of set look-ups (no method is looked up, and a monster holds few cards);
    interpreted, the set's own method is the quicker."""
    if _INTERPRETED:
        return not ids.isdisjoint(cards)
    for c in cards:  # noqa: SIM110 - a plain loop (any() builds a generator)
        if c in ids:
            return True
    return False


def text_ids(s: State, cards: tuple[str, ...]) -> tuple[str, ...]:
    """``cards`` and the cards some of them copy: every card whose text is at work."""
    if not s.copying:
        return cards
    extra = tuple(target for copier, target in s.copying if copier in cards)
    return cards + extra if extra else cards


def _copied(s: State, card: str) -> str | None:
    for copier, target in s.copying:
        if copier == card:
            return target
    return None


def abilities_of(s: State, card: str) -> tuple[Ability, ...]:
    """The abilities ``card`` has: its own, then those of the card it copies."""
    own = s.game.cards.abilities(card)
    target = _copied(s, card) if s.copying else None
    return own if target is None else own + s.game.cards.abilities(target)


def modifiers_of(s: State, card: str) -> tuple[Modifier, ...]:
    own = s.game.cards.modifiers(card)
    target = _copied(s, card) if s.copying else None
    return own if target is None else own + s.game.cards.modifiers(target)


def activated_of(s: State, card: str) -> tuple[Activated, ...]:
    own = s.game.cards.activated(card)
    target = _copied(s, card) if s.copying else None
    return own if target is None else own + s.game.cards.activated(target)


def total(s: State, seat: int, kind: ModifierKind) -> int:
    """The sum of ``kind`` modifiers on ``seat``'s cards whose condition holds now."""
    cards = s.monsters[seat].cards
    if not cards:
        return 0
    having = s.game.cards.with_modifier[kind]
    if not any_in(having, text_ids(s, cards) if s.copying else cards):
        return 0
    amount = 0
    for c in cards:
        for m in modifiers_of(s, c):
            if m.kind is kind and (m.condition is None or holds(s, seat, m.condition)):
                amount += m.amount
    return amount


def has_amount(s: State, seat: int, kind: ModifierKind, amount: int) -> bool:
    """Whether one of ``seat``'s cards has a ``kind`` modifier of exactly ``amount``."""
    cards = s.monsters[seat].cards
    if not any_in(s.game.cards.with_modifier[kind], text_ids(s, cards) if s.copying else cards):
        return False
    return any(
        m.kind is kind
        and m.amount == amount
        and (m.condition is None or holds(s, seat, m.condition))
        for c in cards
        for m in modifiers_of(s, c)
    )


def has_modifier(s: State, seat: int, kind: ModifierKind) -> bool:
    cards = s.monsters[seat].cards
    if not cards:
        return False
    return any_in(s.game.cards.with_modifier[kind], text_ids(s, cards) if s.copying else cards)


def holds(s: State, seat: int, condition: Condition) -> bool:
    """Whether an ``if ...`` clause is true for the card's owner now."""
    m = s.monsters[seat]
    if condition is _C_IN_TOKYO:
        return s.city == seat or s.bay == seat
    if condition is _C_NO_ENERGY:
        return m.energy == 0
    if condition is _C_DEALT_NO_DAMAGE:
        return not s.dealt_damage
    if condition is _C_FEWEST_STARS:
        # Decision D-FEWEST-STARS: strictly fewer than every other monster in the game.
        return all(o.stars > m.stars for i, o in enumerate(s.monsters) if i != seat and o.alive)
    if condition is _C_EVERY_FACE:
        return min(s.dice) >= 1
    if condition is _C_ONE_TWO_THREE:
        c = s.dice
        return c[dice.ONE] >= 1 and c[dice.TWO] >= 1 and c[dice.THREE] >= 1
    if condition is _C_NO_SMASH:  # the game's smash face
        return not s.dice[s.game.rules.dice.faces.index(dice.Face.SMASH)]
    meaning = s.game.rules.words.conditions.get(condition)  # read on the game's own board
    if meaning is None:  # pragma: no cover - the checker lets a game's cards say only its words
        raise AssertionError(f"{s.game.rules.title} has no condition {condition}")
    return meaning(s, seat)


def fire(
    s: State,
    ev: list[Event],
    trigger: Trigger,
    seats: tuple[int, ...] | list[int],
    *,
    param: int = 0,
    only: str | None = None,
    skip: str | None = None,
    target: int | None = None,
    joined: frozenset[int] = frozenset(),
    amount: int | None = None,
) -> None:
    """Run the ``trigger`` abilities of the cards of ``seats`` (in that order).

    ``param`` must match the ability's (the set number, the hearts lost: at least);
    ``only`` restricts to one card, ``skip`` leaves one out; ``target`` is the
    monster the trigger names (``it``: the monster damage was dealt to); ``joined``
    (an attack): the neighbours whose damage was added to the attack; ``amount``: the
    trigger's number, which the effects say `as much` of (they take it as their amount).
    """
    having = s.game.cards.by_trigger[trigger]
    if not having:
        return
    turn = s.turn
    for seat in seats:
        owner = s.monsters[seat]
        if not owner.alive or not any_in(
            having, text_ids(s, owner.cards) if s.copying else owner.cards
        ):
            continue
        for c in owner.cards:
            if (only is not None and c != only) or c == skip:
                continue
            for i, ability in enumerate(abilities_of(s, c)):
                if ability.trigger is not trigger or not _param_matches(ability, trigger, param):
                    continue
                if ability.condition is not None and not holds(s, seat, ability.condition):
                    continue
                if ability.once_per_turn:
                    key = f"{seat}:{c}:{i}"
                    if key in s.used_abilities:
                        continue
                    s.used_abilities = s.used_abilities | {key}
                if not s.monsters[seat].alive:
                    break
                if ability.price and not _paid(s, ev, seat, c, ability.price):
                    continue  # not paid, nothing happens
                before = len(ev)
                # Back up to the card machinery through the one dispatcher.
                effects = ability.effects
                if amount is not None:
                    effects = tuple(replace(e, amount=amount) for e in effects)
                dispatch.run_effects(
                    s, ev, seat, effects, c, target,
                    joined=joined if trigger is _T_ATTACK else None,
                )
                if ability.once_per_turn and len(ev) == before:
                    # Nothing done (its owner declined a `you may`): not used this turn.
                    s.used_abilities = s.used_abilities - {f"{seat}:{c}:{i}"}
                if s.turn != turn:
                    return  # a card ended the turn, the moment is gone


def fires(s: State, seat: int, trigger: Trigger) -> bool:
    """Whether ``seat``'s cards (or the cards they copy) include one with a ``trigger``
    ability: without one, :func:`fire` for ``seat`` alone does nothing (a cheap test
    before the call)."""
    having = s.game.cards.by_trigger[trigger]
    if not having:
        return False
    cards = s.monsters[seat].cards
    return bool(cards) and any_in(having, text_ids(s, cards) if s.copying else cards)


def _paid(s: State, ev: list[Event], seat: int, card: str, price: int) -> bool:
    """Whether ``seat`` pays ``price`` energy for its card's clause (it may; with less, it
    cannot)."""
    m = s.monsters[seat]
    if m.energy < price:
        return False
    why = f"{s.names[seat]} may pay {price} energy for {card}"
    if ask(s, seat, [Choose("pay"), _PASS], why) != Choose("pay"):
        return False
    ms = list(s.monsters)
    ms[seat] = m._replace(energy=m.energy - price)
    s.monsters = tuple(ms)
    ev.append(_NO_EVENT if type(ev) is _Quiet
              else Event(K_ENERGY, seat, -price, None, "", f"pays for {card}"))
    return True


def _param_matches(ability: Ability, trigger: Trigger, param: int) -> bool:
    if trigger is _T_SCORE_SET:
        return ability.param == param
    if trigger is _T_LOSE_HEARTS or trigger is _T_OF_A_KIND:  # OF_A_KIND: at least that many
        return param >= ability.param
    if trigger is _T_OTHER_GAINS_ENERGY:  # the count reaching <param>
        return param == ability.param
    if trigger in AT_LEAST_TRIGGERS:  # `<param> or more ...`
        return param >= ability.param
    if trigger is _T_HEART_BEYOND:  # param: which heart of the turn it lost
        return param > ability.param
    return True


def held(s: State, trigger: Trigger) -> bool:
    """Whether any monster in the game has a card (or a copy) with a ``trigger`` ability."""
    return holds_any(s, s.game.cards.by_trigger[trigger])


def holds_any(s: State, ids: frozenset[str]) -> bool:
    """Whether any monster in the game has one of the cards ``ids`` (or a copy of one)."""
    if not ids:
        return False
    if s.copying:
        return any(any_in(ids, text_ids(s, m.cards)) for m in s.monsters if m.cards)
    for m in s.monsters:  # noqa: SIM110 - a plain loop: this runs before every roll
        if m.cards and any_in(ids, m.cards):
            return True
    return False


def clockwise(s: State, start: int) -> list[int]:
    """Every monster in the game, clockwise from ``start`` (included)."""
    n = len(s.monsters)
    return [(start + k) % n for k in range(n) if s.monsters[(start + k) % n].alive]



# --- counted triggers ------------------------------------------------------------------------

AT_LEAST_TRIGGERS = frozenset({Trigger.ROLL_DESTRUCTION,
                               _T_RESOLVE_AMONG_UNITS})
"""Triggers whose number is a least count (the count reached is the fire's param)."""
