"""Stars, energy, hearts and damage: the only places a monster's board changes."""

from __future__ import annotations

from kot_rules.engine.events import (
    K_CARD_LOST,
    K_DAMAGED,
    K_ELIMINATED,
    K_ENERGY,
    K_HEALED,
    K_LEFT,
    K_PREVENTED,
    K_STARS,
    Event,
)
from kot_rules.engine.state import Monster, State


def set_monster(s: State, seat: int, m: Monster) -> None:
    ms = list(s.monsters)
    ms[seat] = m
    s.monsters = tuple(ms)


def gain_stars(s: State, ev: list[Event], seat: int, n: int, why: str) -> None:
    m = s.monsters[seat]
    set_monster(
        s, seat, Monster(m.name, m.hearts, m.max_hearts, m.stars + n, m.energy, m.alive, m.cards)
    )
    ev.append(Event(K_STARS, seat, n, None, "", why))


def gain_energy(s: State, ev: list[Event], seat: int, n: int, why: str) -> None:
    """Gain ``n`` energy, and the more energy the monster's cards add to every gain."""
    m = s.monsters[seat]
    extra = _abilities.total(s, seat, _M_EXTRA_ENERGY) if m.cards else 0
    set_monster(
        s,
        seat,
        Monster(m.name, m.hearts, m.max_hearts, m.stars, m.energy + n + extra, m.alive, m.cards),
    )
    ev.append(Event(K_ENERGY, seat, n, None, "", why))
    if extra:
        ev.append(Event(K_ENERGY, seat, extra, None, "", "more energy for every gain (a card)"))


def heal(s: State, ev: list[Event], seat: int, n: int, why: str) -> int:
    """The monster heals itself by up to ``n`` ♥ (plus what its cards add to every heal),
    never above its maximum [000/001 §LECZENIE]."""
    m = s.monsters[seat]
    if m.cards:
        n += _abilities.total(s, seat, _M_EXTRA_HEALING) + _abilities.total(
            s, seat, _M_EXTRA_HEALING_ANY
        )
    healed = max(0, min(n, m.max_hearts - m.hearts))
    if healed:
        set_monster(
            s,
            seat,
            Monster(m.name, m.hearts + healed, m.max_hearts, m.stars, m.energy, m.alive, m.cards),
        )
        ev.append(Event(K_HEALED, seat, healed, None, "", why))
    return healed


def damage(s: State, ev: list[Event], seat: int, n: int, source: int, *, attack: bool) -> int:
    """Deal ``n`` damage; a monster at 0 ♥ is eliminated at once [000/001 §ATAK]. Returns ♥ lost."""
    m = s.monsters[seat]
    if m.cards and not s.game.cards.at_will.isdisjoint(m.cards) and seat not in s.protected:
        # The monster may use its cards first: heal, or protect itself (D-AT-WILL).
        _activated.window(s, ev, seat, n)
        m = s.monsters[seat]
    if s.protected and seat in s.protected:
        ev.append(Event(K_PREVENTED, seat, n, source, "", "attack" if attack else "card"))
        return 0
    if m.cards and _abilities.has_amount(s, seat, _M_IGNORE_SMALL_DAMAGE, n):
        # Each source of damage is judged on its own (kot-cards.md R13).
        ev.append(Event(K_PREVENTED, seat, n, source, "", "attack" if attack else "card"))
        return 0
    lost = min(n, m.hearts)
    set_monster(
        s, seat, Monster(m.name, m.hearts - lost, m.max_hearts, m.stars, m.energy, m.alive, m.cards)
    )
    ev.append(
        Event(K_DAMAGED, seat, amount=n, source=source, detail="attack" if attack else "card")
    )
    if lost and source == s.active and seat != source:
        s.dealt_damage = True
    if m.hearts - lost <= 0:
        eliminate(s, ev, seat)
    elif lost and m.cards:
        _abilities.fire(s, ev, _T_LOSE_HEARTS, (seat,), param=lost)
    # Tokens and the like for the monster that dealt it, if the target survived.
    if (
        lost
        and source != seat
        and s.game.cards.by_trigger[_T_DAMAGE_DEALT]
        and s.monsters[seat].alive
    ):
        _abilities.fire(s, ev, _T_DAMAGE_DEALT, (source,), target=seat)
    return lost


def eliminate(s: State, ev: list[Event], seat: int) -> None:
    """Eliminate a monster: it leaves Tokyo and its cards leave the game (D-DEAD-CARDS)."""
    m = s.monsters[seat]
    set_monster(s, seat, m._replace(hearts=0, alive=False, cards=()))
    s.discard = s.discard + m.cards
    if s.tokens or s.held:
        # Its tokens and what its cards held go back to the supply (energy to the bank).
        _tokens.clear_monster(s, seat)
        for card in m.cards:
            _tokens.clear_card(s, card)
    if s.city == seat:
        s.city = None
    elif s.bay == seat:
        s.bay = None
    ev.append(Event(K_ELIMINATED, seat))
    if s.game.cards.by_trigger[_T_ELIMINATION]:
        others = [i for i in _abilities.clockwise(s, s.active) if i != seat]
        _abilities.fire(s, ev, _T_ELIMINATION, others)
    if s.bay is not None and not s.bay_open:
        leaver = s.bay
        s.bay = None
        ev.append(
            Event(
                K_LEFT,
                leaver,
                place="bay",
                detail="fewer than 5 monsters remain: Tokyo Bay closes",
            )
        )


def lose_card(s: State, ev: list[Event], seat: int, card: str) -> None:
    """``card`` leaves ``seat`` for the discard pile; what it gave the monster goes with it.

    A lost card's higher maximum goes, and hearts above the new maximum are lost
    [001 §DODATEK, appendix clarification 12].
    """
    m = s.monsters[seat]
    cards = list(m.cards)
    cards.remove(card)
    lower = sum(x.amount for x in s.game.cards.modifiers(card) if x.kind is _M_MAX_HEARTS)
    top = m.max_hearts - lower
    set_monster(
        s, seat, m._replace(cards=tuple(cards), max_hearts=top, hearts=min(m.hearts, top))
    )
    s.discard = (*s.discard, card)
    _tokens.clear_card(s, card)  # what lay on it goes back to the supply (energy to the bank)
    ev.append(Event(K_CARD_LOST, seat, 0, None, "", card))


from kot_rules.engine import abilities as _abilities  # noqa: E402  (imports this module's users)
from kot_rules.engine import activated as _activated  # noqa: E402
from kot_rules.engine import tokens as _tokens  # noqa: E402
from kot_rules.language.ast import ModifierKind, Trigger  # noqa: E402

# Module-level aliases: an Enum attribute costs ~0.1 µs to read, a global ~0.01 µs.
_M_EXTRA_ENERGY = ModifierKind.EXTRA_ENERGY
_M_MAX_HEARTS = ModifierKind.MAX_HEARTS
_T_ELIMINATION = Trigger.ELIMINATION
_T_LOSE_HEARTS = Trigger.LOSE_HEARTS
_T_DAMAGE_DEALT = Trigger.DAMAGE_DEALT
_M_EXTRA_HEALING_ANY = ModifierKind.EXTRA_HEALING_ANY
_M_EXTRA_HEALING = ModifierKind.EXTRA_HEALING
_M_IGNORE_SMALL_DAMAGE = ModifierKind.IGNORE_SMALL_DAMAGE
