"""The card-language interpreter: runs a card's effect sentences.

It implements vocabulary (verbs and whom they affect), never a card: a card's
behaviour comes only from its text under spec/cards/.
"""

from __future__ import annotations

from collections.abc import Iterable

from kot_rules.engine import tokens, tokyo
from kot_rules.engine.actions import Action, Choose
from kot_rules.engine.events import K_ENERGY, K_LEFT, K_STARS, Event
from kot_rules.engine.requests import ask
from kot_rules.engine.resources import damage, gain_energy, gain_stars, heal, set_monster
from kot_rules.engine.state import Monster, Place, State
from kot_rules.language.ast import ENERGY_ON_CARD, Effect, Verb, Who

_NO_AMOUNT = frozenset({Verb.TAKE_TOKYO_CITY, Verb.EXTRA_TURN})
_HELD = frozenset({Verb.PUT_TOKENS, Verb.STORE_ENERGY, Verb.TAKE_STORED})


def _held(s: State, ev: list[Event], owner: int, e: Effect, card: str, target: int | None) -> None:
    """Tokens put on a monster or a card; energy moved onto or off a card (tokens.py)."""
    if not s.monsters[owner].alive:
        return
    if e.verb is Verb.PUT_TOKENS:
        if e.who is Who.IT:
            for t in _targets(s, owner, e.who, target):
                tokens.put_on_monster(s, ev, t, e.token, e.amount, owner)
            return
        tokens.put_on_card(s, ev, owner, card, e.token, e.amount)
    elif e.verb is Verb.STORE_ENERGY:
        m = s.monsters[owner]
        options: list[Action] = [Choose(str(k)) for k in range(m.energy + 1)]
        answer = ask(s, owner, options, f"{m.name}: how much energy goes onto card {card}?")
        moved = int(answer.key) if isinstance(answer, Choose) else 0
        if moved:
            set_monster(s, owner, m._replace(energy=m.energy - moved))
            ev.append(Event(K_ENERGY, owner, -moved, None, "", f"moved onto card {card}"))
        # The bank adds as much as was moved (amount 1), taken from no one.
        tokens.put_on_card(s, ev, owner, card, ENERGY_ON_CARD, moved * (1 + e.amount))
    else:
        tokens.move_energy_to_owner(s, ev, owner, card, e.amount)
    tokens.check_empty(s, ev, owner, card)


def _targets(s: State, owner: int, who: Who, target: int | None = None) -> list[int]:
    """Affected monsters still in the game, clockwise from the one after the owner.

    ``this card`` affects its owner's card: the owner stands for it.
    """
    n = len(s.monsters)
    if who is Who.YOU or who is Who.THIS_CARD:
        return [owner] if s.monsters[owner].alive else []
    if who is Who.IT:
        return [target] if target is not None and s.monsters[target].alive else []
    if who is Who.NEIGHBOURS:
        # The nearest monsters in the game on each side; with two left, the one other.
        alive = [(owner + k) % n for k in range(1, n) if s.monsters[(owner + k) % n].alive]
        if not alive:
            return []
        return [alive[0]] if alive[0] == alive[-1] else [alive[0], alive[-1]]
    seats = [(owner + k) % n for k in range(1, n)]
    if who is Who.EVERY:
        # All at once; the owner is listed last so that its own elimination never comes
        # before the damage it deals to the others.
        seats.append(owner)
    return [i for i in seats if s.monsters[i].alive]


def run(
    s: State,
    ev: list[Event],
    owner: int,
    effects: Iterable[Effect],
    card: str,
    target: int | None = None,
) -> None:
    """Apply ``effects`` of ``card`` for ``owner``, in order. Card damage is never an attack.

    ``target`` is the monster the trigger names (``it``), if any.
    """
    for e in effects:
        why = f"card {card}"
        if e.verb in _HELD:
            _held(s, ev, owner, e, card, target)
            continue
        for t in _targets(s, owner, e.who, target):
            if not s.monsters[t].alive:
                continue
            verb = e.verb
            amount = e.amount * (s.monsters[t].energy // e.per) if e.per else e.amount
            if amount <= 0 and verb not in _NO_AMOUNT:
                continue
            if verb is Verb.GAIN_STARS:
                gain_stars(s, ev, t, amount, why)
            elif verb is Verb.GAIN_ENERGY:
                gain_energy(s, ev, t, amount, why)
            elif verb is Verb.HEAL:
                # Cards may heal a monster in Tokyo [004 "může se ale léčit pomocí karet"].
                heal(s, ev, t, amount, why)
            elif verb is Verb.TAKE_DAMAGE:
                damage(s, ev, t, amount, owner, attack=False)
            elif verb is Verb.LOSE_ENERGY:
                m = s.monsters[t]
                lost = min(amount, m.energy)
                if lost:
                    set_monster(s, t, m._replace(energy=m.energy - lost))
                    ev.append(Event(K_ENERGY, t, -lost, owner, "", why))
            elif verb is Verb.TAKE_TOKYO_CITY:
                # Already in Tokyo (City or Bay): nothing; the Bay is Tokyo [004, card notes].
                if s.city != t and s.bay != t:
                    if s.city is not None:
                        tokyo.leave(s, ev, s.city, K_LEFT)
                    tokyo.enter(s, ev, t, Place.CITY)
            elif verb is Verb.EXTRA_TURN:
                s.extra_turns += 1
            elif verb is Verb.LOSE_STARS:
                m = s.monsters[t]
                lost = min(amount, m.stars)
                if lost:
                    set_monster(
                        s,
                        t,
                        Monster(
                            m.name,
                            m.hearts,
                            m.max_hearts,
                            m.stars - lost,
                            m.energy,
                            m.alive,
                            m.cards,
                        ),
                    )
                    ev.append(Event(K_STARS, t, -lost, owner, "", why))
            else:  # pragma: no cover - the checker admits no other verb
                raise AssertionError(f"unknown verb {verb}")
