"""King of New York's board as a value: where each monster is, Manhattan's zones, the
building/unit tiles of each borough and who holds the two special cards.

The board's data (boroughs, zones and their rewards, the 45 tiles) is read from
spec/games/king-of-new-york-board.yaml; the rules that use it are the ``kony.*`` slugs of
spec/rules/king-of-new-york.yaml. :class:`CityBoard` is the immutable value a state holds
as ``State.board``; the monsters in Manhattan are the state's ``city`` (the 2-4 path) and
``bay`` (the 5-6 path, open with five or six monsters: kony.five-six.two-paths), so that
what is said of "the monster in Tokyo" elsewhere in the kernel reads as Manhattan here.

The small functions at the end (:func:`borough_of`, :func:`zone_of`, :func:`units_in`,
:func:`visible_buildings`, :func:`destroy_tile`, :func:`move_to`, ...) are the facts
and acts card words may use; they never name a card.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml

from kot_rules.engine.dice import Face, shuffle
from kot_rules.engine.errors import StateFormatError
from kot_rules.paths import spec_dir
from kot_rules.rulebook import game_numbers

GAME_ID = "king-of-new-york"
NY = game_numbers(GAME_ID)

FACES: tuple[Face, ...] = (
    Face.CELEBRITY, Face.DESTRUCTION, Face.OUCH, Face.ENERGY, Face.HEAL, Face.SMASH,
)  # fmt: skip
"""The six faces of a die (kony.dice.faces), in the order of the dice counts. Energy, heal
and smash keep King of Tokyo's positions of energy, heart and claw."""
CELEBRITY_I, DESTRUCTION_I, OUCH_I, ENERGY_I, HEAL_I, SMASH_I = range(6)

MANHATTAN = "manhattan"
PATHS = ("2-4", "5-6")
"""Manhattan's two paths (kony.five-six.two-paths): the state's ``city`` and ``bay``."""
SECOND_PLACE = "Manhattan's 5-6 path"
"""The second place by name, as the option ``tokyo_bay`` opens it (kony.five-six.two-paths)."""


@dataclass(frozen=True)
class Reward:
    """What destroying a tile gives (kony.dice.destruction)."""

    kind: str  # "stars", "energy" or "hearts"
    amount: int

    def text(self) -> str:
        return f"{self.amount} {self.kind}"


@dataclass(frozen=True)
class Tile:
    """One two-sided tile (kony.setup.tiles-described): a building with its unit behind."""

    id: str
    building: str
    durability: int
    reward: Reward
    unit: str
    unit_durability: int
    unit_reward: Reward


@dataclass(frozen=True)
class Zone:
    id: str
    name: str
    stars: int
    energy: int


@dataclass(frozen=True)
class BoardData:
    """The board file, read once."""

    boroughs: tuple[str, ...]
    """Every borough id, the outer ones first, Manhattan last."""
    names: dict[str, str]
    zones: tuple[Zone, ...]
    tiles: tuple[Tile, ...]
    stacks_per_borough: int
    tiles_per_stack: int
    monsters: tuple[str, ...]
    """The box's monsters, in the order seats take them when a game names none."""
    kinds: dict[str, str]
    """The name of each building and unit kind (``power-plant``: ``Power plant``)."""

    @property
    def outer(self) -> tuple[str, ...]:
        return tuple(b for b in self.boroughs if b != MANHATTAN)


def _reward(data: object, where: str) -> Reward:
    if not isinstance(data, dict) or len(data) != 1:
        raise ValueError(f"king-of-new-york-board.yaml: {where}: one reward kind and amount")
    ((kind, amount),) = data.items()
    if kind not in ("stars", "energy", "hearts") or not isinstance(amount, int):
        raise ValueError(f"king-of-new-york-board.yaml: {where}: bad reward {data!r}")
    return Reward(str(kind), amount)


@cache
def board_data() -> BoardData:
    """spec/games/king-of-new-york-board.yaml as values (kony.setup.boroughs, kony.setup.tiles,
    kony.manhattan.zone-rewards, D-KONY-TILE-DATA)."""
    path = spec_dir() / "games" / f"{GAME_ID}-board.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    boroughs = [b["id"] for b in data["boroughs"]]
    if boroughs[-1] != MANHATTAN:
        raise ValueError(f"{path}: Manhattan is listed last")
    names = {b["id"]: b["name"] for b in data["boroughs"]}
    zones = tuple(
        Zone(z["id"], z["name"], z["reward"]["stars"], z["reward"]["energy"])
        for z in data["manhattan"]["zones"]
    )
    units = {u["id"]: u for u in data["units"]}
    tiles: list[Tile] = []
    for row in data["tiles"]:
        unit = units[row["unit"]]
        for k in range(1, row["count"] + 1):
            tiles.append(Tile(
                f"{row['building']}-{row['durability']}-{k}",
                row["building"],
                row["durability"],
                _reward(row["reward"], f"tile {row['building']}"),
                unit["id"],
                unit["durability"],
                _reward(unit["reward"], f"unit {unit['id']}"),
            ))
    layout = data["layout"]
    out = BoardData(tuple(boroughs), names, zones, tuple(tiles),
                    layout["stacks_per_borough"], layout["tiles_per_stack"],
                    tuple(str(m) for m in data["monsters"]),
                    {k["id"]: k["name"] for k in (*data["buildings"], *data["units"])})
    if len(tiles) != len(boroughs) * out.stacks_per_borough * out.tiles_per_stack:
        raise ValueError(f"{path}: {len(tiles)} tiles do not fill every borough's stacks")
    return out


DATA = board_data()
BOROUGHS = DATA.boroughs
OUTER = DATA.outer
ZONES = DATA.zones
TILES: dict[str, Tile] = {t.id: t for t in DATA.tiles}
TOP_ZONE = len(ZONES) - 1
BOROUGH_CAPACITY: int = NY["borough-capacity"]
"""Monsters an outer borough holds at most (kony.borough.capacity), read once."""


@dataclass(frozen=True, init=False)
class CityBoard:
    """King of New York's board (immutable; ``State.board``).

    The stacks and units are per borough in the order of :data:`BOROUGHS`; a stack lists
    its buildings top first (only the top one is visible, kony.setup.tiles). A tile is a
    building in a stack, a unit lying in a borough, or back in the box
    (D-KONY-DESTROYED-UNITS). The turn's bookkeeping (``resolved``, ``points``, ``entered``,
    ``began_inside``, ``fresh``, ``destroyed``) is cleared as each turn starts.
    """

    where: tuple[str, ...]
    """Each seat's borough (MANHATTAN for the monsters on a Manhattan path; "" for a
    monster not placed yet or eliminated)."""
    zones: tuple[int, int] = (0, 0)
    """The zone (index in ZONES) of the monster on each Manhattan path (state city, bay)."""
    stacks: tuple[tuple[tuple[str, ...], ...], ...] = ()
    units: tuple[tuple[str, ...], ...] = ()
    superstar: int | None = None
    """Who holds Superstar (kony.dice.celebrity); None: beside the board."""
    statue: int | None = None
    """Who holds the Statue of Liberty (kony.ouch.statue); None: beside the board."""
    first: int = 0
    """The first player (kony.setup.first-player): placement starts with it."""
    resolved: tuple[int, ...] = ()
    """The face kinds (positions in FACES) resolved this turn (kony.turn.resolve-order)."""
    points: int = 0
    """Destruction points left to spend (Phase.DESTROY; kony.dice.destruction)."""
    entered: bool = False
    """The active monster gained the entry star this turn (D-KONY-ENTRY-STAR-ONCE)."""
    began_inside: bool = False
    """The active monster began its turn in Manhattan (D-KONY-MOVE-UP-AFTER-ENTERING)."""
    fresh: tuple[str, ...] = ()
    """Units revealed this turn: not destroyable before it ends (D-KONY-FRESH-UNIT)."""
    destroyed: tuple[str, ...] = ()
    """Tiles destroyed this turn, by anyone, building or unit side (its side: ``units``
    no longer holds it; see :func:`destroyed_units`)."""
    destroyed_units: tuple[str, ...] = ()
    """The units among ``destroyed``."""
    fled: tuple[int, ...] = ()
    """Monsters that fled Manhattan from the attack being resolved (kony.move.attacker-enters)."""
    # The facts the last King of New York words need; in the JSON only when set.
    collected: tuple[int, ...] = ()
    """The energy each seat collected this turn (turn bookkeeping; empty: none yet)."""
    dealt: tuple[int, ...] = ()
    """The damage the active monster dealt to each seat this turn (turn bookkeeping)."""
    units_only: bool = False
    """The active monster may destroy only units this turn (turn bookkeeping)."""
    elsewhere: str = ""
    """The borough where the active monster spends its destruction this turn ("": its own)."""
    borough_tokens: tuple[tuple[str, str], ...] = ()
    """Tokens dropped in boroughs by cards, as (borough, token kind), sorted."""
    claims: tuple[int, ...] = ()
    """Seats that claim the next keep card revealed from the deck, in order."""
    free_moves: tuple[int, ...] = ()
    """Seats whose next turn lets them move at any time."""
    moving: bool = False
    """The active monster may move at any time this turn (turn bookkeeping)."""

    def __init__(
        self,
        where: tuple[str, ...],
        zones: tuple[int, int] = (0, 0),
        stacks: tuple[tuple[tuple[str, ...], ...], ...] = (),
        units: tuple[tuple[str, ...], ...] = (),
        superstar: int | None = None,
        statue: int | None = None,
        first: int = 0,
        resolved: tuple[int, ...] = (),
        points: int = 0,
        entered: bool = False,
        began_inside: bool = False,
        fresh: tuple[str, ...] = (),
        destroyed: tuple[str, ...] = (),
        destroyed_units: tuple[str, ...] = (),
        fled: tuple[int, ...] = (),
        collected: tuple[int, ...] = (),  # the card words' fields, in their order
        dealt: tuple[int, ...] = (),
        units_only: bool = False,
        elsewhere: str = "",
        borough_tokens: tuple[tuple[str, str], ...] = (),
        claims: tuple[int, ...] = (),
        free_moves: tuple[int, ...] = (),
        moving: bool = False,
    ) -> None:
        # The dataclass's own __init__ of a frozen class stays interpreted
        # Python when mypyc compiles this module; written out, mypyc turns each
        # object.__setattr__ into a plain store, and pure Python runs exactly what the
        # generated one would. Same fields, order and defaults (as tracks.DuelBoard).
        object.__setattr__(self, "where", where)
        object.__setattr__(self, "zones", zones)
        object.__setattr__(self, "stacks", stacks)
        object.__setattr__(self, "units", units)
        object.__setattr__(self, "superstar", superstar)
        object.__setattr__(self, "statue", statue)
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "resolved", resolved)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "entered", entered)
        object.__setattr__(self, "began_inside", began_inside)
        object.__setattr__(self, "fresh", fresh)
        object.__setattr__(self, "destroyed", destroyed)
        object.__setattr__(self, "destroyed_units", destroyed_units)
        object.__setattr__(self, "fled", fled)
        object.__setattr__(self, "collected", collected)
        object.__setattr__(self, "dealt", dealt)
        object.__setattr__(self, "units_only", units_only)
        object.__setattr__(self, "elsewhere", elsewhere)
        object.__setattr__(self, "borough_tokens", borough_tokens)
        object.__setattr__(self, "claims", claims)
        object.__setattr__(self, "free_moves", free_moves)
        object.__setattr__(self, "moving", moving)

    # -- reading -------------------------------------------------------------------

    def borough_index(self, borough: str) -> int:
        return BOROUGHS.index(borough)

    def stacks_of(self, borough: str) -> tuple[tuple[str, ...], ...]:
        return self.stacks[BOROUGHS.index(borough)]

    def units_of(self, borough: str) -> tuple[str, ...]:
        return self.units[BOROUGHS.index(borough)]

    def count_in(self, borough: str) -> int:
        return self.where.count(borough)

    # -- writing -------------------------------------------------------------------

    # The changes of every turn build the board field by field, several times
    # quicker than ``replace``; each passes every other field on (tests/engine/
    # test_kony_speed.py checks each against ``replace``).

    def moved(self, seat: int, borough: str) -> CityBoard:
        where = list(self.where)
        where[seat] = borough
        return CityBoard(tuple(where), self.zones, self.stacks, self.units, self.superstar,
                         self.statue, self.first, self.resolved, self.points, self.entered,
                         self.began_inside, self.fresh, self.destroyed, self.destroyed_units,
                         self.fled,
                         self.collected, self.dealt, self.units_only, self.elsewhere,
                         self.borough_tokens, self.claims, self.free_moves, self.moving)

    def with_zone(self, path: int, zone: int) -> CityBoard:
        zones = (zone, self.zones[1]) if path == 0 else (self.zones[0], zone)
        return CityBoard(self.where, zones, self.stacks, self.units, self.superstar,
                         self.statue, self.first, self.resolved, self.points, self.entered,
                         self.began_inside, self.fresh, self.destroyed, self.destroyed_units,
                         self.fled,
                         self.collected, self.dealt, self.units_only, self.elsewhere,
                         self.borough_tokens, self.claims, self.free_moves, self.moving)

    def with_resolved(self, resolved: tuple[int, ...]) -> CityBoard:
        return CityBoard(self.where, self.zones, self.stacks, self.units, self.superstar,
                         self.statue, self.first, resolved, self.points, self.entered,
                         self.began_inside, self.fresh, self.destroyed, self.destroyed_units,
                         self.fled,
                         self.collected, self.dealt, self.units_only, self.elsewhere,
                         self.borough_tokens, self.claims, self.free_moves, self.moving)

    def with_points(self, points: int) -> CityBoard:
        return CityBoard(self.where, self.zones, self.stacks, self.units, self.superstar,
                         self.statue, self.first, self.resolved, points, self.entered,
                         self.began_inside, self.fresh, self.destroyed, self.destroyed_units,
                         self.fled,
                         self.collected, self.dealt, self.units_only, self.elsewhere,
                         self.borough_tokens, self.claims, self.free_moves, self.moving)

    def with_fled(self, fled: tuple[int, ...]) -> CityBoard:
        return CityBoard(self.where, self.zones, self.stacks, self.units, self.superstar,
                         self.statue, self.first, self.resolved, self.points, self.entered,
                         self.began_inside, self.fresh, self.destroyed, self.destroyed_units,
                         fled,
                         self.collected, self.dealt, self.units_only, self.elsewhere,
                         self.borough_tokens, self.claims, self.free_moves, self.moving)

    def with_entered(self) -> CityBoard:
        return CityBoard(self.where, self.zones, self.stacks, self.units, self.superstar,
                         self.statue, self.first, self.resolved, self.points, True,
                         self.began_inside, self.fresh, self.destroyed, self.destroyed_units,
                         self.fled,
                         self.collected, self.dealt, self.units_only, self.elsewhere,
                         self.borough_tokens, self.claims, self.free_moves, self.moving)

    def for_turn(self, began_inside: bool, seat: int) -> CityBoard:
        """The board as ``seat``'s turn starts: the turn's bookkeeping cleared (a move
        owed to ``seat`` at any time becomes this turn's)."""
        free = self.free_moves
        return CityBoard(self.where, self.zones, self.stacks, self.units, self.superstar,
                         self.statue, self.first, (), 0, False, began_inside, (), (), (), (),
                         (), (), False, "", self.borough_tokens, self.claims,
                         tuple(x for x in free if x != seat), seat in free)

    def to_json(self) -> dict[str, Any]:
        return {
            "where": [w or None for w in self.where],
            "zones": {p: ZONES[z].id for p, z in zip(PATHS, self.zones, strict=True)},
            "stacks": {b: [list(st) for st in self.stacks[i]] for i, b in enumerate(BOROUGHS)},
            "units": {b: list(self.units[i]) for i, b in enumerate(BOROUGHS)},
            "superstar": self.superstar,
            "statue": self.statue,
            "first": self.first,
            "resolved": [FACES[i].value for i in self.resolved],
            "points": self.points,
            "entered": self.entered,
            "began_inside": self.began_inside,
            "fresh": list(self.fresh),
            "destroyed": list(self.destroyed),
            "destroyed_units": list(self.destroyed_units),
            "fled": list(self.fled),
        } | self._words_json()

    def _words_json(self) -> dict[str, Any]:  # only the keys set
        out: dict[str, Any] = {}
        for key in WORDS_KEYS:
            value = getattr(self, key)
            if value:
                out[key] = ([list(v) if isinstance(v, tuple) else v for v in value]
                            if isinstance(value, tuple) else value)
        return out

    def describe(self, names: Sequence[str]) -> str:
        parts = []
        for b in BOROUGHS:
            who = [names[i] for i, w in enumerate(self.where) if w == b]
            tops = [st[0] for st in self.stacks_of(b) if st]
            units = self.units_of(b)
            parts.append(f"{DATA.names[b]}: {', '.join(who) or 'nobody'}; buildings {tops}"
                         + (f", units {list(units)}" if units else ""))
        zones = "/".join(ZONES[z].id for z in self.zones)
        holders = (f"Superstar: {names[self.superstar] if self.superstar is not None else '-'},"
                   f" Statue: {names[self.statue] if self.statue is not None else '-'}")
        return f"zones {zones}; " + "; ".join(parts) + f"; {holders}"

    def place_name(self, seat: int, city: int | None) -> str:
        """Where ``seat`` stands, by name: its borough, or its zone of Manhattan (``city``:
        the state's monster on the 2-4 path)."""
        borough = self.where[seat]
        if borough != MANHATTAN:
            return DATA.names.get(borough, borough)
        return ZONES[self.zones[0] if city == seat else self.zones[1]].name


BOARD_KEYS = ("where", "zones", "stacks", "units", "superstar", "statue", "first", "resolved",
              "points", "entered", "began_inside", "fresh", "destroyed", "destroyed_units", "fled")
"""The keys of a board's JSON (CityBoard.to_json)."""
WORDS_KEYS = ("collected", "dealt", "units_only", "elsewhere", "borough_tokens", "claims",
              "free_moves", "moving")
"""The keys of a board's JSON present only when set."""


def _seat(value: object, where: str, seats: int | None = None) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise StateFormatError(f"board.{where}: expected a seat number or null, got {value!r}")
    return value


def _tile_list(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise StateFormatError(f"board.{where}: expected a list of tile ids, got {value!r}")
    for t in value:
        if t not in TILES:
            raise StateFormatError(f"board.{where}: unknown tile {t!r} (tiles are named "
                                   "like 'high-rise-1-1', 'hospital-3-2')")
    return tuple(value)


def board_from_json(data: object) -> CityBoard:
    """Read ``State.to_json()["board"]``; raises StateFormatError. Omitted keys take their
    start-of-game values (no stacks, no units); every tile appears at most once."""
    if not isinstance(data, dict):
        raise StateFormatError(f"board: expected an object, got {data!r}")
    known = set(BOARD_KEYS) | set(WORDS_KEYS)
    unknown = set(data) - known
    if unknown:
        raise StateFormatError(f"board: unknown key(s) {sorted(unknown)}; known: {sorted(known)}")
    where_raw = data.get("where")
    if not isinstance(where_raw, list):
        raise StateFormatError("board.where: expected a list of boroughs (or null), one per seat")
    where: list[str] = []
    for i, w in enumerate(where_raw):
        if w is not None and w not in BOROUGHS:
            raise StateFormatError(f"board.where[{i}]: unknown borough {w!r}; the boroughs: "
                                   + ", ".join(BOROUGHS))
        where.append(w or "")
    zone_ids = [z.id for z in ZONES]
    zones_raw = data.get("zones", {})
    if not isinstance(zones_raw, dict) or set(zones_raw) - set(PATHS):
        raise StateFormatError(f"board.zones: expected {{'2-4': ZONE, '5-6': ZONE}}, "
                               f"got {zones_raw!r}")
    zones = []
    for p in PATHS:
        z = zones_raw.get(p, zone_ids[0])
        if z not in zone_ids:
            raise StateFormatError(f"board.zones.{p}: expected one of {zone_ids}, got {z!r}")
        zones.append(zone_ids.index(z))
    stacks_raw = data.get("stacks", {})
    units_raw = data.get("units", {})
    if not isinstance(stacks_raw, dict) or not isinstance(units_raw, dict):
        raise StateFormatError("board.stacks and board.units: objects keyed by borough")
    for key in (*stacks_raw, *units_raw):
        if key not in BOROUGHS:
            raise StateFormatError(f"board: unknown borough {key!r}; the boroughs: "
                                   + ", ".join(BOROUGHS))
    stacks: list[tuple[tuple[str, ...], ...]] = []
    units: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for b in BOROUGHS:
        raw = stacks_raw.get(b, [])
        if not isinstance(raw, list) or len(raw) > DATA.stacks_per_borough:
            raise StateFormatError(f"board.stacks.{b}: at most {DATA.stacks_per_borough} "
                                   "stacks (lists of tile ids, top first)")
        got = [_tile_list(st, f"stacks.{b}") for st in raw]
        got += [()] * (DATA.stacks_per_borough - len(got))
        stacks.append(tuple(got))
        units.append(_tile_list(units_raw.get(b, []), f"units.{b}"))
        for t in (*(x for st in got for x in st), *units[-1]):
            if t in seen:
                raise StateFormatError(f"board: tile {t!r} lies in two places")
            seen.add(t)
    faces = [f.value for f in FACES]
    resolved_raw = data.get("resolved", [])
    if not isinstance(resolved_raw, list) or any(f not in faces for f in resolved_raw):
        raise StateFormatError(f"board.resolved: a list of faces among {faces}")
    points = data.get("points", 0)
    if not isinstance(points, int) or isinstance(points, bool) or points < 0:
        raise StateFormatError(f"board.points: expected a whole number >= 0, got {points!r}")
    flags = {}
    for key in ("entered", "began_inside"):
        v = data.get(key, False)
        if not isinstance(v, bool):
            raise StateFormatError(f"board.{key}: expected true or false, got {v!r}")
        flags[key] = v
    first = _seat(data.get("first", 0), "first")
    fled_raw = data.get("fled", [])
    if not isinstance(fled_raw, list):
        raise StateFormatError("board.fled: a list of seats")
    return CityBoard(
        where=tuple(where),
        zones=(zones[0], zones[1]),
        stacks=tuple(stacks),
        units=tuple(units),
        superstar=_seat(data.get("superstar"), "superstar"),
        statue=_seat(data.get("statue"), "statue"),
        first=first or 0,
        resolved=tuple(sorted(faces.index(f) for f in set(resolved_raw))),
        points=points,
        entered=flags["entered"],
        began_inside=flags["began_inside"],
        fresh=_tile_list(data.get("fresh", []), "fresh"),
        destroyed=_tile_list(data.get("destroyed", []), "destroyed"),
        destroyed_units=_tile_list(data.get("destroyed_units", []), "destroyed_units"),
        fled=tuple(s for s in (_seat(x, "fled") for x in fled_raw) if s is not None),
        **_words_from_json(data),
    )


def _counts(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in value):
        raise StateFormatError(f"board.{where}: expected a list of whole numbers >= 0")
    return tuple(value)


def _words_from_json(data: dict[str, Any]) -> dict[str, Any]:
    """The keys of :data:`WORDS_KEYS` (omitted: unset)."""
    out: dict[str, Any] = {}
    for key in ("collected", "dealt", "claims", "free_moves"):
        if key in data:
            out[key] = _counts(data[key], key)
    for key in ("units_only", "moving"):
        if key in data:
            if not isinstance(data[key], bool):
                raise StateFormatError(f"board.{key}: expected true or false")
            out[key] = data[key]
    for key in ("elsewhere",):
        if key in data:
            if data[key] not in BOROUGHS:
                raise StateFormatError(f"board.{key}: unknown borough {data[key]!r}")
            out[key] = data[key]
    if "borough_tokens" in data:
        raw = data["borough_tokens"]
        if not isinstance(raw, list) or any(
                not isinstance(x, list) or len(x) != 2 or x[0] not in BOROUGHS
                or not isinstance(x[1], str) for x in raw):
            raise StateFormatError("board.borough_tokens: a list of [borough, token kind]")
        out["borough_tokens"] = tuple(sorted((x[0], x[1]) for x in raw))
    return out


# -- set-up ------------------------------------------------------------------------------


def layout_seed(cards: Sequence[str]) -> int:
    """The seed of the tile shuffle: drawn from the order of the shuffled deck, the game's
    one shuffle input, so that the same deck always lays the same tiles (D-KONY-TILE-SHUFFLE)."""
    digest = hashlib.sha256("\n".join(cards).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def laid_out(seats: int, seed: int) -> CityBoard:
    """The board at set-up (kony.setup.tiles, D-KONY-MANHATTAN-STACKS): the 45 tiles shuffled
    by ``random.Random(seed)``, building side up, three stacks of three per borough in the
    order of BOROUGHS; no units; nobody placed; both special cards beside the board
    (kony.setup.special-cards)."""
    ids = [t.id for t in DATA.tiles]
    shuffle(ids, random.Random(seed))
    per = DATA.tiles_per_stack
    stacks = []
    for b in range(len(BOROUGHS)):
        stacks.append(tuple(
            tuple(ids[(b * DATA.stacks_per_borough + k) * per:
                      (b * DATA.stacks_per_borough + k + 1) * per])
            for k in range(DATA.stacks_per_borough)
        ))
    return CityBoard(where=("",) * seats, stacks=tuple(stacks),
                     units=((),) * len(BOROUGHS))


# -- facts for the rules and for card words ------------------------------------------------


def borough_of(board: CityBoard, seat: int) -> str:
    """The borough ``seat``'s figure stands in (MANHATTAN included; "" if none)."""
    return board.where[seat]


def zone_of(board: CityBoard, city: int | None, bay: int | None, seat: int) -> str | None:
    """The id of the Manhattan zone ``seat`` is in, or None outside Manhattan."""
    if seat == city:
        return ZONES[board.zones[0]].id
    if seat == bay:
        return ZONES[board.zones[1]].id
    return None


def visible_buildings(board: CityBoard, borough: str) -> tuple[str, ...]:
    """The top building of each non-empty stack of ``borough`` (kony.destruction.own-borough)."""
    return tuple(st[0] for st in board.stacks_of(borough) if st)


def units_in(board: CityBoard, borough: str) -> tuple[str, ...]:
    """The units lying in ``borough`` (kony.dice.ouch; Manhattan is one borough,
    kony.ouch.manhattan)."""
    return board.units_of(borough)


def destroyable(board: CityBoard, borough: str, points: int) -> tuple[str, ...]:
    """The tiles of ``borough`` that ``points`` destruction may destroy now: visible
    buildings and units not revealed this turn, of durability at most ``points``
    (kony.dice.destruction, kony.destruction.fresh-unit), in board order."""
    out = [t for t in visible_buildings(board, borough) if TILES[t].durability <= points]
    out += [t for t in board.units_of(borough)
            if t not in board.fresh and TILES[t].unit_durability <= points]
    return tuple(out)


def durability(board: CityBoard, tile: str) -> int:
    """The destruction ``tile`` needs on the side it shows."""
    return TILES[tile].unit_durability if is_unit(board, tile) else TILES[tile].durability


def is_unit(board: CityBoard, tile: str) -> bool:
    return any(tile in u for u in board.units)


def flip_tile(board: CityBoard, tile: str) -> tuple[CityBoard, Reward]:
    """``tile`` destroyed (no rules checked): a building leaves its stack and lies in the same
    borough unit side up, revealed this turn (kony.destruction.building); a unit goes back to
    the box (kony.destruction.unit). Returns the new board and the side's reward."""
    for b, stacks in enumerate(board.stacks):
        for k, st in enumerate(stacks):
            if st and st[0] == tile:
                new_stacks = list(board.stacks)
                new_stacks[b] = tuple(s[1:] if i == k else s for i, s in enumerate(stacks))
                new_units = list(board.units)
                new_units[b] = (*board.units[b], tile)
                return CityBoard(board.where, board.zones, tuple(new_stacks),
                                 tuple(new_units), board.superstar, board.statue, board.first,
                                 board.resolved, board.points, board.entered,
                                 board.began_inside, (*board.fresh, tile),
                                 (*board.destroyed, tile), board.destroyed_units,
                                 board.fled,
                                 board.collected, board.dealt, board.units_only, board.elsewhere,
                                 board.borough_tokens, board.claims, board.free_moves,
                                 board.moving), TILES[tile].reward
    for b, units in enumerate(board.units):
        if tile in units:
            new_units = list(board.units)
            new_units[b] = tuple(u for u in units if u != tile)
            return CityBoard(board.where, board.zones, board.stacks, tuple(new_units),
                             board.superstar, board.statue, board.first, board.resolved,
                             board.points, board.entered, board.began_inside, board.fresh,
                             (*board.destroyed, tile), (*board.destroyed_units, tile),
                             board.fled,
                                 board.collected, board.dealt, board.units_only, board.elsewhere,
                                 board.borough_tokens, board.claims, board.free_moves,
                                 board.moving), TILES[tile].unit_reward
    raise ValueError(f"tile {tile!r} is neither a visible building nor a unit")


def room_in(board: CityBoard, borough: str) -> bool:
    """An outer borough holds fewer than two monsters (kony.borough.capacity)."""
    return board.where.count(borough) < BOROUGH_CAPACITY


def open_boroughs(board: CityBoard, seat: int) -> tuple[str, ...]:
    """The outer boroughs other than ``seat``'s own that it may move or flee to."""
    here = board.where[seat]
    return tuple(b for b in OUTER if b != here and room_in(board, b))
