"""King of New York's invariants (INV-KONY-*, :mod:`kot_rules.games.king_of_new_york.invariants`)
on an
engine state: what the soak and the tests check on every state a game reaches.

The engine's New York :class:`~kot_rules.engine.state.State` is read in the Z3 model's terms
(:func:`view`: every field of
:class:`~kot_rules.games.king_of_new_york.state.SymKony` as a plain value,
seat 0 the active monster, tiles counted per borough). :data:`CHECKS` decides each invariant
on it in plain Python, fast enough for the soak; :func:`symbolic` turns the same view into Z3
constants, and tests/verify/test_kony_concrete.py checks that each plain check agrees with the
invariant's one Z3 statement (the proofs' definition).

The model's two ghosts are read from the engine: ``checked`` is the engine's own ``over``
(the game ends only where victory is checked, at the end of a turn, or where a card says its
owner wins), and ``card_win`` a game whose outcome a card gave (:data:`CARD_WIN`). The engine
knows each tile by name, so :func:`findings` also checks what counting cannot see: no tile lies
in two places, no stack is higher than the board's, the units revealed this turn lie in a
borough.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, fields
from typing import Any

import z3

from kot_rules.engine.game import FirstPlayerRule
from kot_rules.engine.state import Phase, State
from kot_rules.games.king_of_new_york.board import BOROUGHS, DATA, GAME_ID, CityBoard
from kot_rules.games.king_of_new_york.state import (
    CAPACITY,
    MANHATTAN_I,
    NOBODY,
    NOWHERE,
    OUTER_COUNT,
    PER_BOROUGH,
    SEATS,
    SECOND_PATH_FROM,
    TILE_COUNT,
    TOP_ZONE,
    SymKony,
    SymKonyMonster,
    expand_field,
)
from kot_rules.verify.symbolic import fields_of

__all__ = ["CARD_WIN", "CHECKS", "GAME_ID", "SOAK_OPTIONS", "KonyView", "findings", "symbolic",
           "view"]

CARD_WIN = "wins at once"
"""The engine's outcome reason when a card says its owner wins (the ``win`` verb)."""
SEATS_ID = "INV-KONY-SEATS"
SOAK_OPTIONS: dict[str, tuple[Any, ...]] = {
    # D-KONY-56-VARIANT: with five or six monsters the 5-6 path by default, or one
    # monster in Manhattan; with two to four both are the same game (played once).
    "tokyo_bay": (None, False),
    # D-KONY-FIRST-PLAYER: seat 0, or the roll-off (a chance node).
    "first_player": tuple(FirstPlayerRule),
}
"""The options the soak (:mod:`kot_rules.verify.soak`) varies in New York, where only some
mean something; every other option is held at its default there. The other readings choose
between card words King of New York's cards never say (a monster's neighbours, damage added
to an attack, a card that replaces an elimination, a card acting on another monster's dice,
a card sold back), and its maximum hearts never passes the cap of 12
(tests/trust/test_soak.py checks both)."""


@dataclass(frozen=True)
class MonsterView:
    """:class:`SymKonyMonster` as plain values."""

    hearts: int
    max_hearts: int
    stars: int
    energy: int
    alive: bool
    borough: int


@dataclass(frozen=True)
class KonyView:
    """:class:`SymKony` as plain values, field for field (seats beyond ``players`` hold no
    monster: they look like eliminated ones)."""

    players: int
    monsters: tuple[MonsterView, ...]
    city: int
    bay: int
    variant: bool
    zones: tuple[int, int]
    buildings: tuple[int, ...]
    units: tuple[int, ...]
    fresh: tuple[int, ...]
    boxed: int
    superstar: int
    statue: int
    points: int
    entered: bool
    began_inside: bool
    win_stars: int
    over: bool
    winner: int
    checked: bool
    card_win: bool

    def alive_count(self) -> int:
        return sum(1 for m in self.monsters if m.alive)

    def holder(self, seat: int) -> bool:
        """``seat`` is nobody or a monster in the game."""
        return seat == NOBODY or (0 <= seat < SEATS and self.monsters[seat].alive)

    def values(self) -> dict[str, int | bool]:
        """Every field by its name in the model (``monsters[0].hearts``, ``units[bronx]``,
        ``zones[2-4]``...)."""
        return dict(_leaves(self))


def _leaves(v: KonyView) -> Iterator[tuple[str, Any]]:
    return fields_of(v, expand_field)


_EMPTY_SEAT = MonsterView(0, 10, 0, 0, False, NOWHERE)


def view(s: State, active: int | None = None) -> KonyView:
    """The engine state ``s`` in the model's terms, seen from ``active`` (default: the active
    monster, seat 0 of the model)."""
    b: CityBoard = s.board
    n = len(s.monsters)
    a = s.active if active is None else active

    def seat(x: int | None) -> int:
        return NOBODY if x is None else (x - a) % n

    monsters = []
    for k in range(SEATS):
        if k >= n:
            monsters.append(_EMPTY_SEAT)
            continue
        i = (a + k) % n
        m = s.monsters[i]
        where = b.where[i]
        monsters.append(MonsterView(m.hearts, m.max_hearts, m.stars, m.energy, m.alive,
                                    BOROUGHS.index(where) if where else NOWHERE))
    buildings = tuple(sum(len(stack) for stack in b.stacks[x]) for x in range(len(BOROUGHS)))
    units = tuple(len(b.units[x]) for x in range(len(BOROUGHS)))
    fresh = tuple(sum(1 for t in b.units[x] if t in b.fresh) for x in range(len(BOROUGHS)))
    over = s.phase is Phase.OVER
    outcome = s.outcome
    return KonyView(
        n, tuple(monsters), seat(s.city), seat(s.bay), bool(s.game.tokyo_bay),
        (b.zones[0], b.zones[1]), buildings, units, fresh,
        TILE_COUNT - sum(buildings) - sum(units), seat(b.superstar), seat(b.statue), b.points,
        b.entered, b.began_inside, s.game.options.win_stars, over,
        seat(outcome.winner if outcome is not None else None), over,
        over and outcome is not None and CARD_WIN in outcome.reason)


def symbolic(v: KonyView) -> SymKony:
    """The view as Z3 constants, for the invariants' Z3 statements."""

    def val(x: Any) -> Any:
        if isinstance(x, tuple):
            return tuple(val(y) for y in x)
        return z3.BoolVal(x) if isinstance(x, bool) else z3.IntVal(x)

    ms = tuple(SymKonyMonster(*(val(getattr(m, f.name)) for f in fields(m)))
               for m in v.monsters)
    parts: list[Any] = [ms if f.name == "monsters" else val(getattr(v, f.name))
                        for f in fields(v)]
    return SymKony(*parts)


# -- each invariant in plain Python (its Z3 statement in invariants.py, read the same) --


def _seats(v: KonyView) -> bool:
    if not (2 <= v.players <= SEATS and NOBODY <= v.winner < SEATS):
        return False
    for k, m in enumerate(v.monsters):
        if k >= v.players and m.alive:
            return False
        if not (0 <= m.borough <= MANHATTAN_I if m.alive else m.borough == NOWHERE):
            return False
        if (m.borough == MANHATTAN_I) != (v.city == k or v.bay == k):
            return False
    return True


def _hearts(v: KonyView) -> bool:
    return all(m.max_hearts >= 1 and (1 <= m.hearts <= m.max_hearts if m.alive
                                      else m.hearts == 0) for m in v.monsters)


def _resources(v: KonyView) -> bool:
    return (all(m.stars >= 0 and m.energy >= 0 for m in v.monsters)
            and v.points >= 0 and v.win_stars >= 1)


def _manhattan(v: KonyView) -> bool:
    bay_open = v.variant and v.alive_count() >= SECOND_PATH_FROM
    return (v.holder(v.city) and v.holder(v.bay)
            and (v.bay == NOBODY or (v.city != NOBODY and v.city != v.bay and bay_open))
            and all(0 <= z <= TOP_ZONE for z in v.zones))


def _capacity(v: KonyView) -> bool:
    return all(sum(1 for m in v.monsters if m.borough == x) <= CAPACITY
               for x in range(OUTER_COUNT))


def _tiles(v: KonyView) -> bool:
    return (v.boxed >= 0 and sum(v.buildings) + sum(v.units) + v.boxed == TILE_COUNT
            and all(0 <= b <= PER_BOROUGH and 0 <= f <= u
                    for b, u, f in zip(v.buildings, v.units, v.fresh, strict=True)))


def _special(v: KonyView) -> bool:
    return v.holder(v.superstar) and v.holder(v.statue)


def _first_at_goal(v: KonyView) -> int:
    """kernel.first_at_goal: the first monster from seat 0 with the stars to win."""
    return next((k for k, m in enumerate(v.monsters)
                 if m.alive and m.stars >= v.win_stars), NOBODY)


def _victory(v: KonyView) -> bool:
    if v.card_win:
        return v.over and 0 <= v.winner < SEATS and v.monsters[v.winner].alive
    alive = v.alive_count()
    first = _first_at_goal(v)
    condition = alive <= 1 or first != NOBODY
    last = next((k for k, m in enumerate(v.monsters) if m.alive), NOBODY)
    outcome = NOBODY if alive == 0 else first if first != NOBODY else last
    return ((not v.over or v.checked) and (not v.checked or v.over == condition)
            and v.winner == (outcome if v.over else NOBODY))


CHECKS: dict[str, Callable[[KonyView], bool]] = {
    "INV-KONY-SEATS": _seats, "INV-KONY-HEARTS": _hearts, "INV-KONY-RESOURCES": _resources,
    "INV-KONY-MANHATTAN": _manhattan, "INV-KONY-CAPACITY": _capacity,
    "INV-KONY-TILES": _tiles, "INV-KONY-SPECIAL": _special, "INV-KONY-VICTORY": _victory,
}
"""Each New York invariant's plain check, by id (every id of the invariants' ``IDS``)."""


def _named_tiles(b: CityBoard) -> list[str]:
    """What the counts cannot see, as INV-KONY-TILES findings: a tile in two places, a stack
    higher than the board's, a unit revealed this turn that lies in no borough."""
    out = []
    tiles = Counter(t for stacks in b.stacks for stack in stacks for t in stack)
    tiles.update(t for units in b.units for t in units)
    twice = sorted(t for t, n in tiles.items() if n > 1)
    if twice:
        out.append(f"tile {twice[0]} lies in two places")
    if any(len(stack) > DATA.tiles_per_stack for stacks in b.stacks for stack in stacks):
        out.append(f"a stack holds more than {DATA.tiles_per_stack} tiles")
    lost = sorted(set(b.fresh) - {t for units in b.units for t in units})
    if lost:
        out.append(f"units revealed this turn lie nowhere: {lost}")
    return out


TILES_ID = "INV-KONY-TILES"


def findings(s: State, ids: Iterable[str]) -> list[tuple[str, str]]:
    """Each invariant of ``ids`` the engine state ``s`` breaks, as (id, message); an empty
    message: the invariant's statement says what is broken. The view is read once.

    The set-up places the figures one by one, and a question asked in the middle of a step
    (the 5-6 path closing) shows a monster between two places: INV-KONY-SEATS, which speaks
    of the state between whole steps, is not judged there; the state after is."""
    v = view(s)
    wanted = tuple(ids)
    between = s.pending is not None or s.phase in (Phase.FIRST_PLAYER, Phase.PLACE)
    out = [(i, "") for i in wanted
           if not (between and i == SEATS_ID) and not CHECKS[i](v)]
    if TILES_ID in wanted:
        out += [(TILES_ID, found) for found in _named_tiles(s.board)]
    return out
