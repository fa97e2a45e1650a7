"""Stars, energy, hearts and damage: the only places a monster's board changes."""

from __future__ import annotations

from typing import Final

from kot_rules.engine import abilities as _abilities
from kot_rules.engine import dispatch as _dispatch
from kot_rules.engine import requests as _requests
from kot_rules.engine.dice import Face as _Face
from kot_rules.engine.events import (
    K_CARD_LOST,
    K_DAMAGED,
    K_ELIMINATED,
    K_ENERGY,
    K_HEALED,
    K_LEFT,
    K_PREVENTED,
    K_ROLLED,
    K_STARS,
    NO_EVENT,
    Event,
    EventKind,
    Quiet,
)
from kot_rules.engine.state import Monster, Place, State
from kot_rules.language.ast import Modifier, ModifierKind, Trigger

# Module-level aliases: an Enum attribute costs ~0.1 µs to read, a global ~0.01 µs.
_M_EXTRA_ENERGY: Final = ModifierKind.EXTRA_ENERGY
_M_MAX_HEARTS: Final = ModifierKind.MAX_HEARTS
_M_DODGE: Final = ModifierKind.DODGE
_T_ELIMINATION: Final = Trigger.ELIMINATION
_T_LOSE_HEARTS: Final = Trigger.LOSE_HEARTS
_T_DAMAGE_DEALT: Final = Trigger.DAMAGE_DEALT
_T_OTHER_GAINS: Final = Trigger.OTHER_GAINS_ENERGY
_M_EXTRA_HEALING_ANY: Final = ModifierKind.EXTRA_HEALING_ANY
_M_EXTRA_HEALING: Final = ModifierKind.EXTRA_HEALING
_M_IGNORE_SMALL_DAMAGE: Final = ModifierKind.IGNORE_SMALL_DAMAGE
_T_WOULD_BE_ELIMINATED: Final = Trigger.WOULD_BE_ELIMINATED
_M_IMMUNE: Final = ModifierKind.IMMUNE
_M_FIRST_DAMAGE: Final = ModifierKind.FIRST_DAMAGE
_M_EXTRA_HEALING_ONCE: Final = ModifierKind.EXTRA_HEALING_ONCE
_HEART_FACES = (_Face.HEART, _Face.HEAL)
# a Monster built straight from its fields' tuple, in the order of its
# fields (name, hearts, max_hearts, stars, energy, alive, cards): the same value,
# without the Python-level __new__ of a NamedTuple (~0.1 µs, and a frame under mypyc).
_new: Final = tuple.__new__
_T_HEART_BEYOND: Final = Trigger.HEART_BEYOND
_PL_BAY: Final = Place.BAY
_PL_CITY: Final = Place.CITY

# compiled with mypyc, a Final module name is read from a C static; any
# other module-level name costs a dict look-up at each use (a constant imported too).
_NO_EVENT: Final = NO_EVENT
_Quiet: Final = Quiet


def set_monster(s: State, seat: int, m: Monster) -> None:
    ms = list(s.monsters)
    ms[seat] = m
    s.monsters = tuple(ms)


def gain_stars(s: State, ev: list[Event], seat: int, n: int, why: str) -> None:
    m = s.monsters[seat]
    set_monster(
        s, seat, _new(Monster, (m[0], m[1], m[2], m[3] + n, m[4], m[5], m[6]))
    )
    ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_STARS, seat, n, None, "", why))


def gain_energy(s: State, ev: list[Event], seat: int, n: int, why: str) -> None:
    """Gain ``n`` energy, and the more energy the monster's cards add to every gain."""
    m = s.monsters[seat]
    extra = _abilities.total(s, seat, _M_EXTRA_ENERGY) if m.cards else 0
    set_monster(
        s,
        seat,
        _new(Monster, (m[0], m[1], m[2], m[3], m[4] + n + extra, m[5], m[6])),
    )
    ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_ENERGY, seat, n, None, "", why))
    if extra:
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_ENERGY, seat, extra, None, "", "more energy for every gain (a card)")
        )
    if s.game.cards.by_trigger[_T_OTHER_GAINS]:  # a card counts the energy collected
        count = s.game.rules.words.collected
        if count is not None:
            count(s, ev, seat, n + extra)


def heart_top(s: State, m: Monster) -> int:
    """The most hearts ``m`` may heal up to: its maximum [000/001 §LECZENIE], and never
    above the option heart_cap when it is set (the later "no monster can ever have more
    than 12 hearts", kot-cards.md R6; decision D-HEART-CAP)."""
    cap = s.game.options.heart_cap
    return m.max_hearts if cap is None or cap >= m.max_hearts else cap


def heal(s: State, ev: list[Event], seat: int, n: int, why: str) -> int:
    """The monster heals itself by up to ``n`` ♥ (plus what its cards add to every heal),
    never above its maximum [000/001 §LECZENIE] (nor the option heart_cap)."""
    m = s.monsters[seat]
    if m.cards:
        n += _abilities.total(s, seat, _M_EXTRA_HEALING) + _abilities.total(
            s, seat, _M_EXTRA_HEALING_ANY
        )
        if n > 0 and s.game.cards.with_modifier[_M_EXTRA_HEALING_ONCE]:
            n += _once_more(s, seat, m)
    healed = max(0, min(n, heart_top(s, m) - m.hearts))
    if healed:
        set_monster(
            s,
            seat,
            _new(Monster, (m[0], m[1] + healed, m[2], m[3], m[4], m[5], m[6])),
        )
        ev.append(
            _NO_EVENT if type(ev) is _Quiet else Event(K_HEALED, seat, healed, None, "", why)
        )
    return healed


def _why(attack: bool, army: str) -> str:
    """A damage event's detail: ``attack``, ``army`` (New York's units) or ``card``."""
    return "attack" if attack else "army" if army else "card"


def damage(
    s: State, ev: list[Event], seat: int, n: int, source: int, *, attack: bool, army: str = ""
) -> int:
    """Deal ``n`` damage; a monster at 0 ♥ is eliminated at once [000/001 §ATAK]. Returns ♥ lost.

    ``army``: New York's units of that borough fire it (no attack, D-KONY-OUCH-NOT-ATTACK);
    its events say so (detail ``army``, the borough as their place).
    """
    m = s.monsters[seat]
    table = s.game.cards
    if (
        m.cards
        and table.at_will
        and seat not in s.protected
        and _abilities.any_in(table.at_will, _abilities.text_ids(s, m.cards))
    ):
        # The monster may use its cards first: heal, or protect itself (D-AT-WILL).
        _dispatch.damage_window(s, ev, seat, n)
        m = s.monsters[seat]
    if s.protected and seat in s.protected:
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_PREVENTED, seat, n, source, army, _why(attack, army))
        )
        return 0
    if m.cards and table.with_modifier[_M_IMMUNE] and _abilities.has_modifier(s, seat, _M_IMMUNE):
        # Immunity first (D-DUEL-PREVENT-ORDER): nothing is rolled, nothing else is used up.
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_PREVENTED, seat, n, source, army, _why(attack, army))
        )
        return 0
    if m.cards and table.with_modifier[_M_DODGE] and _abilities.has_modifier(s, seat, _M_DODGE):
        n = _dodge(s, ev, seat, n, source)
        if n <= 0:
            return 0
        m = s.monsters[seat]
    if m.cards and table.with_modifier[_M_FIRST_DAMAGE] and seat != s.active:
        n = _first_damage(s, ev, seat, n, source)
        if n <= 0:
            return 0
    if (
        m.cards
        and table.with_modifier[_M_IGNORE_SMALL_DAMAGE]
        and _abilities.has_amount(s, seat, _M_IGNORE_SMALL_DAMAGE, n)
    ):
        # Each source of damage is judged on its own (kot-cards.md R13).
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_PREVENTED, seat, n, source, army, _why(attack, army))
        )
        return 0
    lost = min(n, m.hearts)
    set_monster(
        s, seat, _new(Monster, (m[0], m[1] - lost, m[2], m[3], m[4], m[5], m[6]))
    )
    ev.append(
        _NO_EVENT
        if type(ev) is _Quiet
        else Event(K_DAMAGED, seat, n, source, army, _why(attack, army))
    )
    if lost and source == s.active and seat != source:
        dealt = s.game.rules.words.damage_dealt  # a card counts what it dealt each
        if dealt is not None:
            dealt(s, seat, lost)
    if lost and attack and source == s.active and seat != source:
        # Only an attack counts for "dealt damage": damage from a card is no attack for
        # the cards that judge dealing damage [004 §Útok/útočící příšera].
        s.dealt_damage = True
    if m.hearts - lost <= 0:
        if m.cards and _abilities.any_in(_cards_of(s, _T_WOULD_BE_ELIMINATED), m.cards):
            _replace_elimination(s, ev, seat)
        else:
            eliminate(s, ev, seat)
    elif lost and m.cards:
        _abilities.fire(s, ev, _T_LOSE_HEARTS, (seat,), param=lost)
    if lost and table.by_trigger[_T_HEART_BEYOND] and s.monsters[seat].hearts > 0:
        _hearts_beyond(s, ev, seat, lost)
    # Tokens and the like for the monster whose attack dealt it, if the target survived;
    # card damage is no attack for them [004 §Útok/útočící příšera] (D-TOKENS-ON-DAMAGE).
    if (
        lost
        and attack
        and source != seat
        and s.game.cards.by_trigger[_T_DAMAGE_DEALT]
        and s.monsters[seat].alive
    ):
        _abilities.fire(s, ev, _T_DAMAGE_DEALT, (source,), target=seat)
    return lost


def _dodge(s: State, ev: list[Event], seat: int, n: int, source: int) -> int:
    """Roll as many dice as the damage; each heart rolled prevents what the cards say."""
    counts = _requests.roll(s, n, f"{s.names[seat]} rolls {n} dice against {n} damage")
    counts = _dispatch.adjust_dice(s, ev, seat, counts)
    ev.append(
        _NO_EVENT if type(ev) is _Quiet else Event(K_ROLLED, seat, 0, source, "", "", counts)
    )
    # A heart rolled is the face that shows a heart on the game's die: King of Tokyo's
    # heart, Duel's heal face (D-DUEL-HEART-ROLLED).
    faces = s.game.rules.dice.faces
    heart = next(i for i, f in enumerate(faces) if f in _HEART_FACES)
    prevented: int = min(n, counts[heart] * _abilities.total(s, seat, _M_DODGE))
    if prevented:
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_PREVENTED, seat, prevented, source, "", "hearts rolled against damage")
        )
    return n - prevented


def _first_damage(s: State, ev: list[Event], seat: int, n: int, source: int) -> int:
    """What is left of ``n`` damage once the first damage of this turn that each card of
    ``seat`` turns away is turned away: the cards with a condition first, then the others
    (D-DUEL-PREVENT-ORDER). What a card turned away this
    turn is kept in ``used_abilities`` (one key per damage), so it resets with every turn."""
    ranked = sorted(
        ((c, x) for c in s.monsters[seat].cards for x in _abilities.modifiers_of(s, c)
         if x.kind is _M_FIRST_DAMAGE
         and (x.condition is None or _abilities.holds(s, seat, x.condition))),
        key=lambda cx: cx[1].condition is None,
    )
    prevented = 0
    for card, x in ranked:
        key = f"{seat}:{card}:first-damage:"
        used = sum(1 for k in s.used_abilities if k.startswith(key))
        take = min(n - prevented, x.amount - used)
        if take > 0:
            s.used_abilities = s.used_abilities | {f"{key}{used + j}" for j in range(take)}
            prevented += take
    if prevented:
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_PREVENTED, seat, prevented, source, "", "the first damage of the turn")
        )
    return n - prevented


def _hearts_beyond(s: State, ev: list[Event], seat: int, lost: int) -> None:
    """Count the hearts ``seat`` lost this turn (in ``used_abilities``, reset with every
    turn) and fire, once for each heart just lost, the other monsters' abilities on hearts
    lost beyond a number in a turn (D-DUEL-HEARTS-BEYOND)."""
    key = f"{seat}:heart-lost:"
    before = sum(1 for k in s.used_abilities if k.startswith(key))
    s.used_abilities = s.used_abilities | {f"{key}{before + j}" for j in range(lost)}
    others = [i for i in _abilities.clockwise(s, s.active) if i != seat]
    for nth in range(before + 1, before + lost + 1):
        _abilities.fire(s, ev, _T_HEART_BEYOND, others, param=nth)


def _once_more(s: State, seat: int, m: Monster) -> int:
    """Once per turn, a heal that heals (below the maximum) heals more (D-DUEL-HEAL-ONCE)."""
    key = f"{seat}:extra-healing-once"
    if m.hearts >= heart_top(s, m) or key in s.used_abilities:
        return 0
    more = _abilities.total(s, seat, _M_EXTRA_HEALING_ONCE)
    if more:
        s.used_abilities = s.used_abilities | {key}
    return more


def _cards_of(s: State, trigger: Trigger) -> frozenset[str]:
    return s.game.cards.by_trigger[trigger]


def _replace_elimination(s: State, ev: list[Event], seat: int) -> None:
    """A card says what happens instead of the elimination (its first such card, once).

    The monster still counts as eliminated for the others' cards [001 §DODATEK, ODDECH
    ŚMIERCI], so their "another monster is eliminated" abilities fire after it.
    """
    having = _cards_of(s, _T_WOULD_BE_ELIMINATED)
    card = next(c for c in s.monsters[seat].cards if c in having)
    for ability in s.game.cards.abilities(card):
        if ability.trigger is _T_WOULD_BE_ELIMINATED:
            _dispatch.run_effects(s, ev, seat, ability.effects, card)
    if s.game.options.revived_leaves_tokyo and (s.city == seat or s.bay == seat):
        # The 2016 edition: the monster goes on outside Tokyo (D-REVIVED-IN-TOKYO).
        leave_place(s, ev, seat, K_LEFT)
    if _abilities.held(s, _T_ELIMINATION):
        others = [i for i in _abilities.clockwise(s, s.active) if i != seat]
        _abilities.fire(s, ev, _T_ELIMINATION, others)


def leave_place(s: State, ev: list[Event], seat: int, kind: EventKind) -> None:
    """``seat`` leaves the place of the board it holds (City or Bay); nobody takes it.
    ``kind``: the event that says so (left, yielded)."""
    place = s.place_of(seat)
    if place is _PL_CITY:
        s.city = None
    elif place is _PL_BAY:
        s.bay = None
    ev.append(_NO_EVENT if type(ev) is _Quiet else Event(kind, seat, 0, None, place.value))


def eliminate(s: State, ev: list[Event], seat: int) -> None:
    """Eliminate a monster: it leaves Tokyo and its cards leave the game (D-DEAD-CARDS)."""
    m = s.monsters[seat]
    set_monster(s, seat, m._replace(hearts=0, alive=False, cards=()))
    s.discard = s.discard + m.cards
    if s.paid:
        s.paid = tuple(p for p in s.paid if p[0] not in m.cards)
    if s.copying:
        s.copying = tuple(p for p in s.copying if p[0] not in m.cards)
        end_copies_of(s, ev, m.cards)
    if s.tokens or s.held:
        # Its tokens and what its cards held go back to the supply (energy to the bank).
        clear_monster(s, seat)
        for card in m.cards:
            clear_card(s, card)
    if s.city == seat:
        s.city = None
    elif s.bay == seat:
        s.bay = None
    ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_ELIMINATED, seat))
    if _abilities.held(s, _T_ELIMINATION):
        others = [i for i in _abilities.clockwise(s, s.active) if i != seat]
        _abilities.fire(s, ev, _T_ELIMINATION, others)
    # The board's part (King of Tokyo: the Bay closes below 5 monsters), once the
    # triggers of this elimination are done.
    on_elimination = s.game.rules.hooks.on_elimination
    on_elimination(s, ev, seat)


def lose_card(s: State, ev: list[Event], seat: int, card: str, *, to_discard: bool = True) -> None:
    """``card`` leaves ``seat``: to the discard pile, or (``to_discard=False``) to another
    monster, whose caller gives it the card. What the card gave goes with it: the
    maximum drops by its "maximum hearts" amounts and the monster loses the hearts that
    raise gave [001 §DODATEK, appendix clarification 12 "tracisz także 2 ♥, które dzięki
    niej zdobyłeś"; decision D-LOSE-CARD]; at 0 hearts it is eliminated. A card that leaves
    play stops being copied, and stops copying.
    """
    m = s.monsters[seat]
    cards = list(m.cards)
    cards.remove(card)
    lower = raise_of(_abilities.modifiers_of(s, card))
    set_monster(s, seat, m._replace(cards=tuple(cards)))
    ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_CARD_LOST, seat, 0, None, "", card))
    if s.paid:
        s.paid = tuple(p for p in s.paid if p[0] != card)
    if not to_discard:
        _lower_max(s, ev, seat, lower, card)
        return  # what lies on it goes with it [001 §DODATEK, appendix clarification 7]
    s.discard = (*s.discard, card)
    if s.held:
        clear_card(s, card)  # what lay on it goes back to the supply (energy: bank)
    if s.copying:
        s.copying = tuple(p for p in s.copying if p[0] != card)
        end_copies_of(s, ev, (card,))
    _lower_max(s, ev, seat, lower, card)


def _lower_max(s: State, ev: list[Event], seat: int, lower: int, card: str) -> None:
    """The maximum of ``seat`` drops by ``lower`` (a raise it loses) and, for a raise, the
    hearts it gave go too [001 §DODATEK, appendix clarification 12] in a game whose rules
    say so (``GameRules.lost_raise_takes_hearts``); never above the new maximum.
    A monster brought so from some hearts to 0 is eliminated [000/001 §ATAK]."""
    m = s.monsters[seat]
    if not lower or not m.alive:
        return
    top = m.max_hearts - lower
    taken = max(lower, 0) if s.game.rules.lost_raise_takes_hearts else 0
    hearts = max(0, min(m.hearts - taken, top))
    set_monster(s, seat, m._replace(max_hearts=top, hearts=hearts))
    if hearts != m.hearts:
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_HEALED, seat, hearts - m.hearts, None, "", f"loses what {card} gave")
        )
    if m.hearts > 0 and hearts == 0:
        if m.cards and _abilities.any_in(_cards_of(s, _T_WOULD_BE_ELIMINATED), m.cards):
            _replace_elimination(s, ev, seat)
        else:
            eliminate(s, ev, seat)


def raise_max(s: State, seat: int, raise_by: int) -> None:
    """A card now in play for ``seat`` (bought, or copied) raises its maximum by
    ``raise_by`` (negative: lowers it; hearts above the new maximum are lost)."""
    if raise_by:
        m = s.monsters[seat]
        top = m.max_hearts + raise_by
        set_monster(s, seat, m._replace(max_hearts=top, hearts=min(m.hearts, top)))


def raise_of(modifiers: tuple[Modifier, ...]) -> int:
    """How much ``modifiers`` raise (or, negative, lower) the maximum hearts."""
    return sum(x.amount for x in modifiers if x.kind is _M_MAX_HEARTS)


def end_copies_of(
    s: State, ev: list[Event], gone: tuple[str, ...], *, only: str | None = None
) -> None:
    """Cards that copied a card now out of play copy nothing until moved [001 §DODATEK,
    appendix clarification 3]; what the copy gave its holder goes with it (``only``: the
    copies of this one copier)."""
    ending = [p for p in s.copying if p[1] in gone and (only is None or p[0] == only)]
    if not ending:
        return
    s.copying = tuple(p for p in s.copying if p not in ending)
    for copier, target in ending:
        holder = next((i for i, m in enumerate(s.monsters) if copier in m.cards), None)
        if holder is None:
            continue
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(K_CARD_LOST, holder, 0, None, "", f"{copier} copies {target}")
        )
        _lower_max(s, ev, holder, raise_of(s.game.cards.modifiers(target)), copier)


def clear_card(s: State, card: str) -> None:
    """A card leaves play: what lies on it goes back to the supply (energy to the bank)."""
    if s.held:
        s.held = tuple(t for t in s.held if t[0] != card)


def clear_monster(s: State, seat: int) -> None:
    """An eliminated monster's tokens go back to the supply."""
    if s.tokens:
        s.tokens = tuple(t for t in s.tokens if t[0] != seat)
