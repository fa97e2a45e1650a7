"""King of New York's state as Z3 terms: up to six monsters, the boroughs, Manhattan's two
paths and their zones, the tiles counted per borough, the two special cards.

Seat 0 is the active monster (or the card's owner): the rules treat every seat alike, so
nothing is lost (rotation symmetry, as :mod:`kot_rules.verify.symbolic` for King of Tokyo);
clockwise from the active monster is then seat order. Seats at or beyond ``players`` hold
no monster: they look like eliminated monsters.

Boroughs are numbers: the outer ones 0..3 in the board file's order, Manhattan 4, and
``NOWHERE`` for an eliminated monster. Tiles are counted, not named (kony.setup.tiles,
D-KONY-DESTROYED-UNITS): per borough the buildings still in its stacks, the units lying
there and those revealed this turn; ``boxed`` the units destroyed. What a tile gives when
destroyed is any side of the board file's tiles (:data:`BUILDING_SIDES`, :data:`UNIT_SIDES`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import z3

from kot_rules.games.king_of_new_york.board import BOROUGHS, DATA, MANHATTAN, NY, OUTER, ZONES
from kot_rules.verify.symbolic import Bool, Ctx, Int, Table, fields_of
from kot_rules.verify.symbolic import ite as ite  # re-exported: the states' If

SEATS = NY["max-players"]
"""kony.setup.components: up to six monsters."""
NOBODY = -1
"""``city``, ``bay``, ``superstar``, ``statue`` and ``winner`` when no seat is meant."""
NOWHERE = -1
"""The borough of a monster out of the game (kony.end.elimination)."""
MANHATTAN_I = BOROUGHS.index(MANHATTAN)
"""Manhattan's number: the last borough (kony.setup.boroughs)."""
OUTER_COUNT = len(OUTER)
TOP_ZONE = len(ZONES) - 1
"""Upper Manhattan (kony.move.up)."""
TILE_COUNT = len(DATA.tiles)
"""45 tiles (kony.setup.tiles)."""
PER_BOROUGH = DATA.stacks_per_borough * DATA.tiles_per_stack
"""Nine buildings per borough at set-up (kony.setup.tiles, D-KONY-MANHATTAN-STACKS)."""
CAPACITY = NY["borough-capacity"]
"""kony.borough.capacity: at most two monsters in an outer borough."""
SECOND_PATH_FROM = NY["second-path-from"]
"""kony.five-six.closing: the 5-6 path is open with at least five monsters."""
STAR, ENERGY, HEART = 0, 1, 2
"""The kinds of a tile's reward (kony.dice.destruction)."""
_KIND = {"stars": STAR, "energy": ENERGY, "hearts": HEART}

BUILDING_SIDES: tuple[tuple[int, int, int], ...] = tuple(sorted(
    {(t.durability, _KIND[t.reward.kind], t.reward.amount) for t in DATA.tiles}))
"""Each building side of the board file as (durability, reward kind, amount)."""
UNIT_SIDES: tuple[tuple[int, int, int], ...] = tuple(sorted(
    {(t.unit_durability, _KIND[t.unit_reward.kind], t.unit_reward.amount) for t in DATA.tiles}))
"""Each unit side of the board file as (durability, reward kind, amount)."""


@dataclass(frozen=True)
class SymKonyMonster:
    """One seat's monster board and figure."""

    hearts: Int
    max_hearts: Int
    stars: Int
    energy: Int
    alive: Bool
    borough: Int
    """0..3 an outer borough, 4 Manhattan, ``NOWHERE`` out of the game."""


@dataclass(frozen=True)
class SymKony(Table[SymKonyMonster]):
    """A King of New York position, symbolically. Seat 0 is the active monster."""

    players: Int
    monsters: tuple[SymKonyMonster, ...]
    city: Int
    """The monster on Manhattan's 2-4 path, or ``NOBODY``."""
    bay: Int
    """The monster on the 5-6 path, or ``NOBODY`` (kony.five-six.two-paths)."""
    variant: Bool
    """The 5-6 variant is played (the option ``tokyo_bay``, D-KONY-56-VARIANT)."""
    zones: tuple[Int, Int]
    """The zone (0 Lower .. 2 Upper) of each path's space."""
    buildings: tuple[Int, ...]
    """Per borough: the buildings still in its stacks."""
    units: tuple[Int, ...]
    """Per borough: the units lying there."""
    fresh: tuple[Int, ...]
    """Per borough: the units among them revealed this turn (D-KONY-FRESH-UNIT)."""
    boxed: Int
    """Units destroyed, back in the box (D-KONY-DESTROYED-UNITS)."""
    superstar: Int
    statue: Int
    points: Int
    """Destruction left to spend this turn (kony.dice.destruction)."""
    entered: Bool
    """The active monster gained the entry star this turn (D-KONY-ENTRY-STAR-ONCE)."""
    began_inside: Bool
    """The active monster began its turn in Manhattan (D-KONY-MOVE-UP-AFTER-ENTERING)."""
    win_stars: Int
    over: Bool
    winner: Int
    checked: Bool
    """Ghost: the last step was an end of turn, where victory is checked
    (kony.end.victory-at-end-of-turn); every other step clears it. INV-KONY-VICTORY ties
    ``over`` to it, seat 0 being the monster whose turn just ended (only it may win by
    stars, D-KONY-VICTORY-MOMENT); the next turn, seen from its own monster's seat, starts
    with it cleared. Not part of the game."""
    card_win: Bool
    """Ghost: a card sentence saying its owner wins ended the game (it ends it at once,
    the card language's ``win`` verb). Not part of the game."""

    def bay_open(self) -> Bool:
        """The 5-6 path is in use: the variant, and at least five monsters left."""
        return z3.And(self.variant, self.alive_count() >= SECOND_PATH_FROM)

    def inside(self, seat: int) -> Bool:
        return z3.Or(self.city == seat, self.bay == seat)

    def count_in(self, borough: int) -> Int:
        return z3.Sum([z3.If(m.borough == borough, 1, 0) for m in self.monsters])

    def room_in(self, borough: Int) -> Bool:
        """``borough`` is an outer borough holding fewer than two monsters."""
        return z3.And(borough >= 0, borough < OUTER_COUNT,
                      z3.Or([z3.And(borough == b, self.count_in(b) < CAPACITY)
                             for b in range(OUTER_COUNT)]))

    def has_room(self) -> Bool:
        """Manhattan can take a monster: its 2-4 path is free, or the 5-6 path is open
        and free."""
        return z3.Or(self.city == NOBODY, z3.And(self.bay == NOBODY, self.bay_open()))


def pick(index: Int, values: tuple[Any, ...]) -> Any:
    """``values[index]`` for a symbolic ``index`` (the first value outside the range)."""
    out = values[0]
    for i in range(1, len(values)):
        out = z3.If(index == i, values[i], out)
    return out


def fresh(ctx: Ctx, name: str = "pre") -> SymKony:
    """A fully symbolic New York state (domains come from the invariants)."""
    i, b = ctx.terms(name)
    ms = tuple(SymKonyMonster(i(f"m{k}.hearts"), i(f"m{k}.max_hearts"), i(f"m{k}.stars"),
                              i(f"m{k}.energy"), b(f"m{k}.alive"), i(f"m{k}.borough"))
               for k in range(SEATS))
    n = len(BOROUGHS)
    return SymKony(
        i("players"), ms, i("city"), i("bay"), b("variant"), (i("zone24"), i("zone56")),
        tuple(i(f"buildings[{x}]") for x in range(n)),
        tuple(i(f"units[{x}]") for x in range(n)),
        tuple(i(f"fresh[{x}]") for x in range(n)),
        i("boxed"), i("superstar"), i("statue"), i("points"), b("entered"),
        b("began_inside"), i("win_stars"), b("over"), i("winner"), b("checked"),
        b("card_win"))


def borough_name(x: int) -> str:
    return BOROUGHS[x] if 0 <= x < len(BOROUGHS) else "nowhere"


def leaves(s: SymKony) -> Iterator[tuple[str, Any]]:
    """Every field of ``s`` as (name, term): ``monsters[0].hearts``, ``units[bronx]``,
    ``zones[2-4]``..."""
    return fields_of(s, expand_field)


def expand_field(name: str, value: Any) -> Iterator[tuple[str, Any]] | None:
    """The names of a field's parts: the two paths' zones, a value per borough."""
    if name == "zones":
        return iter((("zones[2-4]", value[0]), ("zones[5-6]", value[1])))
    if isinstance(value, tuple):
        return ((f"{name}[{BOROUGHS[x]}]", v) for x, v in enumerate(value))
    return None
