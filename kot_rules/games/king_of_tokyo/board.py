"""Tokyo: who an attack hits, entering, yielding, and Tokyo Bay.

Sources: [000/001 §TOKIO, §ATAK, §WARIANT ZAAWANSOWANY], [004 §Tokio, Tokijský záliv].
"""

from __future__ import annotations

from typing import Final

from kot_rules.engine import abilities as _abilities
from kot_rules.engine.events import K_ENTERED, K_LEFT, NO_EVENT, Event, Quiet
from kot_rules.engine.numbers import BAY_MIN_MONSTERS, ENTER_STARS, START_IN_TOKYO_STARS
from kot_rules.engine.resources import damage, gain_stars
from kot_rules.engine.state import Place, State
from kot_rules.language.ast import ModifierKind, Trigger

SECOND_PLACE = "Tokyo Bay"
"""The second place by name, as the option ``tokyo_bay`` opens it (bay.variant)."""

# Enum members read in function bodies, as Final aliases: compiled with mypyc each is a C
# static, not a module look-up and a class attribute read.
_PL_BAY: Final = Place.BAY
_PL_CITY: Final = Place.CITY

# Module-level aliases: an Enum attribute costs ~0.1 µs to read, a global ~0.01 µs.
_M_YIELD_NO_DAMAGE: Final = ModifierKind.YIELD_NO_DAMAGE
_M_IGNORE_SMALL_DAMAGE: Final = ModifierKind.IGNORE_SMALL_DAMAGE
_T_YIELD_TOKYO: Final = Trigger.YIELD_TOKYO

# Compiled with mypyc, a Final module name is read from a C static; any
# other module-level name costs a dict look-up at each use (a constant imported too).
_ENTER_STARS: Final = ENTER_STARS
_NO_EVENT: Final = NO_EVENT
_Quiet: Final = Quiet
_START_IN_TOKYO_STARS: Final = START_IN_TOKYO_STARS


def start_of_turn(s: State, ev: list[Event]) -> None:
    """A monster that starts its turn in Tokyo gains stars [000/001 §TOKIO]."""
    a = s.active
    if s.city == a or s.bay == a:
        gain_stars(s, ev, a, _START_IN_TOKYO_STARS, "starts the turn in Tokyo")


def close_bay(s: State, ev: list[Event], seat: int) -> None:
    """After an elimination: with fewer than 5 monsters left the Bay closes and its occupant
    leaves [000/001 §WARIANT ZAAWANSOWANY]."""
    if s.bay is not None and not s.bay_open:
        leaver = s.bay
        s.bay = None
        ev.append(
            _NO_EVENT
            if type(ev) is _Quiet
            else Event(
                K_LEFT,
                leaver,
                place="bay",
                detail=f"fewer than {BAY_MIN_MONSTERS} monsters remain: Tokyo Bay closes",
            )
        )


def targets(s: State, *, everyone: bool = False) -> list[int]:
    """The monsters an attack of the active monster would hit now (none: it would enter)."""
    a = s.active
    inside = s.city == a or s.bay == a
    if not inside and s.city is None and s.bay is None:
        return []
    if everyone:
        return [i for i, m in enumerate(s.monsters) if m.alive and i != a]
    if inside:
        return [i for i, m in enumerate(s.monsters) if m.alive and i != s.city and i != s.bay]
    return [t for t in (s.city, s.bay) if t is not None]


def attack(
    s: State,
    ev: list[Event],
    claws: int,
    *,
    everyone: bool = False,
    extra: dict[int, int] | None = None,
) -> None:
    """The active monster attacks with ``claws`` claw faces.

    From Tokyo it damages every monster outside; from outside it damages the
    monsters in Tokyo (City and Bay); occupants never damage each other. With
    Tokyo empty, the attacker enters the City instead and deals no damage.
    ``extra``: damage a card adds to the attack on some targets (D-NEIGHBOUR-DAMAGE).
    """
    a = s.active
    more = extra or {}
    if everyone:
        # A card can make an attack hit every other monster, in or out of Tokyo.
        return _attack_everyone(s, ev, claws, more)
    if s.city == a or s.bay == a:
        hit = [i for i, m in enumerate(s.monsters) if m.alive and i != s.city and i != s.bay]
        for t in hit:
            damage(s, ev, t, claws + more.get(t, 0), a, attack=True)
        return
    if s.city is None and s.bay is None:
        enter(s, ev, a, _PL_CITY)
        return
    occupants = [t for t in (s.city, s.bay) if t is not None]
    s.entering = True
    asked: list[int] = []
    for t in occupants:
        n = claws + more.get(t, 0)
        if s.monsters[t].cards and _decides_first(s, t, n):
            asked.append(t)  # it decides before the damage (D-YIELD-BEFORE-DAMAGE)
            continue
        lost = damage(s, ev, t, n, a, attack=True)
        if lost > 0 and s.monsters[t].alive:
            asked.append(t)
    # Only an occupant that lost hearts to this attack, and survived, may yield; or one
    # that would lose hearts and whose card lets it decide first (D-YIELD-BEFORE-DAMAGE).
    s.yield_queue = tuple(asked)


def _attack_everyone(s: State, ev: list[Event], claws: int, more: dict[int, int]) -> None:
    a = s.active
    outside = s.city != a and s.bay != a
    if outside and s.city is None and s.bay is None:
        # Tokyo empty: entering takes the place of dealing damage, whatever the targets.
        enter(s, ev, a, _PL_CITY)
        return
    occupants = (s.city, s.bay)
    asked: list[int] = []
    for t in [i for i, m in enumerate(s.monsters) if m.alive and i != a]:
        n = claws + more.get(t, 0)
        if outside and t in occupants and s.monsters[t].cards and _decides_first(s, t, n):
            asked.append(t)
            continue
        lost = damage(s, ev, t, n, a, attack=True)
        if outside and t in occupants and lost > 0 and s.monsters[t].alive:
            asked.append(t)
    if outside:
        s.entering = True
        # The City's occupant is asked first, then the Bay's, as for any attack (D-YIELD-ORDER).
        s.yield_queue = tuple(t for t in occupants if t is not None and t in asked)


def _decides_first(s: State, seat: int, claws: int) -> bool:
    """Whether this occupant chooses to yield before the attack's damage (D-YIELD-BEFORE-DAMAGE).

    Its card spares it the damage if it yields; so it decides first when the damage would
    make it lose hearts, and the damage waits in ``pending_damage``.
    """
    if not _abilities.has_modifier(s, seat, _M_YIELD_NO_DAMAGE) or claws <= 0:
        return False
    if _abilities.has_amount(s, seat, _M_IGNORE_SMALL_DAMAGE, claws):
        return False  # no heart would be lost, so it is not asked at all
    s.pending_damage = (*s.pending_damage, (seat, claws))
    return True


def bonus_damage(s: State, ev: list[Event], n: int) -> None:
    """Damage added to an attack when the dice show no claw: the monsters an attack would
    hit take it, and it is no attack, so nobody enters or yields (kot-cards.md R2, R3).

    From Tokyo: every monster outside; from outside: the occupants; Tokyo empty: nobody.
    """
    a = s.active
    if s.city == a or s.bay == a:
        targets = [i for i, m in enumerate(s.monsters) if m.alive and i != s.city and i != s.bay]
    else:
        targets = [t for t in (s.city, s.bay) if t is not None]
    for t in targets:
        damage(s, ev, t, n, a, attack=False)


def advance_yields(s: State) -> None:
    """Drop from the yield queue anyone no longer alive and in Tokyo (a card may have
    eliminated a monster waiting behind another)."""
    q = s.yield_queue
    if q:
        ms, city, bay = s.monsters, s.city, s.bay
        for i in q:
            if not ms[i].alive or (city != i and bay != i):
                s.yield_queue = tuple(j for j in q if ms[j].alive and (city == j or bay == j))
                return  # (the queue is left as it is while everyone in it stays)


def finish_attack(s: State, ev: list[Event]) -> None:
    """The attacker must take the place left free: the City first, else an open Bay."""
    if not s.entering:
        return
    s.entering = False
    s.pending_damage = ()
    yielded = s.yielded
    s.yielded = (None, None)
    a = s.active
    if not s.monsters[a].alive or s.city == a or s.bay == a:
        return
    if s.city is None:
        enter(s, ev, a, _PL_CITY)
        left = yielded[0]
    elif s.bay is None and s.bay_open:
        enter(s, ev, a, _PL_BAY)
        left = yielded[1]
    else:
        return
    if left is not None and s.monsters[left].cards:
        # The monster that yielded this place sees it taken (`When you yield Tokyo, ...`).
        _abilities.fire(s, ev, _T_YIELD_TOKYO, (left,))


def enter(s: State, ev: list[Event], seat: int, place: Place) -> None:
    if place is _PL_CITY:
        s.city = seat
    else:
        s.bay = seat
    ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_ENTERED, seat, 0, None, place.value))
    gain_stars(s, ev, seat, _ENTER_STARS, "enters Tokyo")
