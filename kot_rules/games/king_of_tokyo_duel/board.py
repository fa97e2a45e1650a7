"""King of Tokyo: Duel's board: the Fame and Destruction tracks, the markers on them, and
what a Duel position holds besides the shared state (:class:`DuelBoard`).

Coordinates (D-DUEL-COORDINATES): each track has the spaces -END..+END (15 spaces,
duel.setup.tracks); both markers start at 0 (duel.setup.markers). Seat 0, the first
player, owns the negative end: its Victory space is -END and its spotlight zone
-FAR..-NEAR; seat 1 mirrors it. A pull by seat 0 moves a marker one space toward -END,
by seat 1 toward +END (duel.track.pull), never past the Victory space.

The victory predicate (:func:`victory`) is a pure function of the hearts and the two
markers: the game module checks it after every marker step and every damage
(D-DUEL-WIN-CHECK), so a pull can end the game half-way (D-DUEL-PULL-STEPS).

Buzz tiles (spec/games/king-of-tokyo-duel.yaml ``buzz-tiles``) lie on track spaces
(:class:`PlacedTile`) and change a step (:func:`step`, D-DUEL-BUZZ-GEOMETRY): crossing a
lengthening tile stops on an extra space between its two spaces (a marker there stands
"on the extra space above" its coordinate), crossing a shortening tile jumps its middle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from kot_rules.engine.dice import Face
from kot_rules.engine.errors import StateFormatError
from kot_rules.rulebook import BuzzTile, RuleNumbers, game_buzz_tiles, game_numbers

DUEL: RuleNumbers = game_numbers("king-of-tokyo-duel")

END: Final[int] = DUEL["track-end"]
NEAR: Final[int] = DUEL["spotlight-near"]
FAR: Final[int] = DUEL["spotlight-far"]
MAX_DICE_TOKENS: Final[int] = DUEL["max-dice-tokens"]

FAME: Final[str] = "fame"
DESTRUCTION: Final[str] = "destruction"
TRACKS: Final = (FAME, DESTRUCTION)
SECOND_PLACE: Final = ""
"""Duel has no places, so no second place: its board is the two tracks (duel.setup.tracks)."""

FACES: Final[tuple[Face, ...]] = (
    Face.FAME, Face.DESTRUCTION, Face.POWER, Face.ENERGY, Face.HEAL, Face.SMASH,
)  # fmt: skip
"""Duel's die, in the order of ``Counts``: its own faces where King of Tokyo has numbers,
energy, heal and smash where King of Tokyo has energy, heart and claw
(duel.components.dice)."""
# Final literals, which compiled code (this module's and its importers') uses
# as constants instead of reading them from a module's dict.
FAME_I: Final = 0
DESTRUCTION_I: Final = 1
POWER_I: Final = 2
ENERGY_I: Final = 3
HEAL_I: Final = 4
SMASH_I: Final = 5

V_HEARTS, V_FAME, V_DESTRUCTION, V_SPOTLIGHT = "hearts", FAME, DESTRUCTION, "spotlight"
VICTORIES = (V_HEARTS, V_FAME, V_DESTRUCTION, V_SPOTLIGHT)
"""The kinds of victory (duel.end.hearts, duel.end.victory-space, duel.end.spotlight)."""


def direction(seat: int) -> int:
    """The step of a pull by ``seat``: toward its own end (D-DUEL-COORDINATES)."""
    return -1 if seat == 0 else 1


def victory_space(seat: int) -> int:
    """``seat``'s Victory space on either track (duel.setup.victory-spaces)."""
    return -END if seat == 0 else END


def in_spotlight(seat: int, x: int) -> bool:
    """Whether space ``x`` lies in ``seat``'s spotlight zone (duel.setup.spotlight-zones)."""
    own = -x if seat == 0 else x
    return NEAR <= own <= FAR


TILES: Final[dict[str, BuzzTile]] = {t.id: t for t in game_buzz_tiles(DUEL.game)}
"""The box's Buzz tiles by id (duel.components.buzz-tiles)."""
NO_BONUS: Final = ("none", 0)


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A Buzz tile on a track: its spaces in the tile's own order (so the bonus of its
    i-th space lies on ``spaces[i]``), and for a King tile the seat that owns it."""

    tile: str
    track: str
    spaces: tuple[int, ...]
    owner: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"tile": self.tile, "track": self.track, "spaces": list(self.spaces),
                "owner": self.owner}


Position = tuple[int, bool]
"""A marker's place: its space, and whether it stands on the extra space a lengthening
tile adds between that space and the next one toward +END."""


def tile_at(tiles: Sequence[PlacedTile], track: str, x: int) -> tuple[PlacedTile, int] | None:
    """The tile covering space ``x`` of ``track`` and the index of that space in it."""
    for t in tiles:
        if t.track == track and x in t.spaces:
            return (t, t.spaces.index(x))
    return None


def step(tiles: Sequence[PlacedTile], track: str, pos: Position, seat: int) -> Position | None:
    """One step of ``seat``'s pull from ``pos`` (duel.track.one-step, D-DUEL-BUZZ-GEOMETRY);
    None if the marker stands on ``seat``'s Victory space (a pull never goes past it).

    Off an extra space, the marker lands on the neighbour toward the puller. Otherwise it
    moves one space, except: from one space of a lengthening tile to its other space it
    stops on the extra space between them; from an end of a shortening tile onto its
    middle it goes on to the other end (the middle is never stood on).
    """
    x, extra = pos
    d = direction(seat)
    if extra:
        return (x + 1 if d > 0 else x, False)
    if x == victory_space(seat):
        return None
    nxt = x + d
    here = tile_at(tiles, track, x)
    if here is not None:
        t, i = here
        spec = TILES[t.tile]
        if spec.lengthen is not None and nxt in t.spaces:
            return (min(x, nxt), True)
        if spec.shorten and i != 1 and t.spaces[1] == nxt:
            return (nxt + d, False)
    return (nxt, False)


def bonus_at(tiles: Sequence[PlacedTile], track: str, pos: Position) -> tuple[str, int]:
    """The bonus of the place a marker landed on (duel.buzz.bonus): (kind, amount)."""
    x, extra = pos
    here = tile_at(tiles, track, x)
    if here is None:
        return NO_BONUS
    t, i = here
    spec = TILES[t.tile]
    if extra:
        return spec.lengthen or NO_BONUS
    return spec.spaces[i]


def stops(tiles: Sequence[PlacedTile], track: str, pos: Position, seat: int) -> bool:
    """A King tile stops the pull of its owner's rival on the step that reaches it
    (duel.king.stop, D-DUEL-KING); never a pull by its owner."""
    x, extra = pos
    here = None if extra else tile_at(tiles, track, x)
    return here is not None and TILES[here[0].tile].king and here[0].owner != seat


def in_zone(seat: int, pos: Position) -> bool:
    """A place in ``seat``'s spotlight zone: a space of the zone, or an extra space whose
    two neighbours both are (duel.buzz.in-zone, D-DUEL-BUZZ-GEOMETRY)."""
    x, extra = pos
    return in_spotlight(seat, x) and (not extra or in_spotlight(seat, x + 1))


def placements(board: DuelBoard, tile: str, owner: int | None = None) -> list[PlacedTile]:
    """Every legal place for ``tile`` (D-DUEL-BUZZ-PLACEMENT): all its spaces on consecutive
    spaces of one track, either way round, none under a marker or another tile (spotlight
    zones and Victory spaces allowed). In the order: fame then destruction, first space
    from -END up, the tile's own order toward +END before the other way round."""
    return list(free_places(tile, owner, *busy_masks(board)))


def busy_masks(board: DuelBoard, skip: PlacedTile | None = None) -> tuple[int, int]:
    """The spaces no tile may go on, per track (fame, destruction), as bit masks (space
    ``x`` is bit ``x + END``): under the marker (both neighbours of its extra space) or
    under a tile on the board other than ``skip``."""
    fame = 1 << (board.fame + END)
    if board.extra and FAME in board.extra:
        fame |= fame << 1
    destruction = 1 << (board.destruction + END)
    if board.extra and DESTRUCTION in board.extra:
        destruction |= destruction << 1
    for t in board.tiles:
        if t is skip:
            continue
        mask = _mask(t.spaces)
        if t.track == FAME:
            fame |= mask
        else:
            destruction |= mask
    return (fame, destruction)


def _mask(spaces: Sequence[int]) -> int:
    m = 0
    for x in spaces:
        m |= 1 << (x + END)
    return m


Candidate = tuple[int, PlacedTile, str]
"""A place of a tile on an empty board: its spaces' mask, the place, and its key (the
answer naming it: the track, then the spaces in the tile's own order, ``fame -2 -3``)."""
_CANDIDATES: dict[tuple[str, int | None], tuple[tuple[Candidate, ...], ...]] = {}
"""Every place of a tile on an empty board, per track, in the order of :func:`placements`
(the places are frozen values: one object serves every position)."""
_FREE: dict[tuple[str, int | None, int, int], tuple[PlacedTile, ...]] = {}
_FREE_LIMIT: Final = 20_000  # positions cached; a cleared cache only costs recomputing


def candidates(tile: str, owner: int | None) -> tuple[tuple[Candidate, ...], ...]:
    """Every place of ``tile`` (owned by ``owner``) on an empty board, fame's then
    destruction's, each in the order of :func:`placements`."""
    found = _CANDIDATES.get((tile, owner))
    if found is None:
        n = len(TILES[tile].spaces)
        per_track = []
        for track in TRACKS:
            places: list[Candidate] = []
            seen: set[tuple[int, ...]] = set()
            for start in range(-END, END + 1):
                for way in (1, -1) if n > 1 else (1,):
                    spaces = tuple(start + way * i for i in range(n))
                    if all(-END <= x <= END for x in spaces) and spaces not in seen:
                        seen.add(spaces)
                        key = " ".join((track, *(str(x) for x in spaces)))
                        places.append((_mask(spaces), PlacedTile(tile, track, spaces, owner),
                                       key))
            per_track.append(tuple(places))
        found = _CANDIDATES[(tile, owner)] = tuple(per_track)
    return found


def free_places(tile: str, owner: int | None, fame_busy: int, destruction_busy: int
                ) -> tuple[PlacedTile, ...]:
    """:func:`placements` given the busy masks of :func:`busy_masks` (cached by them)."""
    key = (tile, owner, fame_busy, destruction_busy)
    found = _FREE.get(key)
    if found is None:
        fame, destruction = candidates(tile, owner)
        found = (*(p for m, p, _ in fame if not m & fame_busy),
                 *(p for m, p, _ in destruction if not m & destruction_busy))
        if len(_FREE) >= _FREE_LIMIT:
            _FREE.clear()
        _FREE[key] = found
    return found


def next_space(x: int, seat: int) -> int | None:
    """Where one step of ``seat``'s pull takes a marker at ``x``; None if it stands on
    ``seat``'s Victory space already (a pull never goes past it, D-DUEL-PULL-STEPS)."""
    if x == victory_space(seat):
        return None
    return x + direction(seat)


def pull_steps(faces: int, pull_set: int) -> int:
    """Spaces ``faces`` fame (or destruction) faces pull: n - 2 for n >= 3, else 0
    (duel.face.fame-destruction)."""
    return faces - pull_set + 1 if faces >= pull_set else 0


def victory(
    hearts: Sequence[int], fame: int, destruction: int, extra: Sequence[str] = ()
) -> tuple[int | None, str] | None:
    """The victory the position holds, as (winner or None for a draw, kind), or None.

    Hearts: a monster at 0 hearts loses, both at 0 is a draw (duel.end.hearts,
    D-DUEL-DOUBLE-KO). A marker on a seat's Victory space wins for that seat
    (duel.end.victory-space). Both markers in one seat's spotlight zone win for that seat,
    whoever moved them (duel.end.spotlight, D-DUEL-SPOTLIGHT). Only one thing changes
    between two checks, so at most one of these can newly hold. ``extra``: the tracks
    whose marker stands on a lengthening tile's extra space (never a Victory space; in a
    zone only between two zone spaces, duel.buzz.in-zone).
    """
    out0, out1 = hearts[0] <= 0, hearts[1] <= 0
    if out0 and out1:
        return (None, V_HEARTS)
    if out0 or out1:
        return (1 if out0 else 0, V_HEARTS)
    # Checked after every step: most positions have a marker nearer the centre than any
    # zone (an extra space lies beside its space x, on the centre's side of x + 1), and no
    # marker on a Victory space, so nobody wins by the tracks (same answer, found sooner).
    if (-NEAR < fame < NEAR or -NEAR < destruction < NEAR) and (
        -END < fame < END and -END < destruction < END
    ):
        return None
    fame_at: Position = (fame, FAME in extra)
    destruction_at: Position = (destruction, DESTRUCTION in extra)
    for seat in (0, 1):
        goal = (victory_space(seat), False)
        if fame_at == goal:
            return (seat, V_FAME)
        if destruction_at == goal:
            return (seat, V_DESTRUCTION)
    for seat in (0, 1):
        if in_zone(seat, fame_at) and in_zone(seat, destruction_at):
            return (seat, V_SPOTLIGHT)
    return None


@dataclass(frozen=True, slots=True, init=False)
class DuelBoard:
    """What a Duel position holds besides the shared state (``State.board``)."""

    fame: int = 0
    """The Fame marker's space, -END..+END."""
    destruction: int = 0
    """The Destruction marker's space, -END..+END."""
    dice_tokens: tuple[int, int] = (0, 0)
    """Dice tokens in front of each seat, 0..MAX_DICE_TOKENS (duel.roll.dice-token-cap)."""
    white: int = 0
    """Extra (white) dice rolled in this turn's roll phase (duel.roll.dice-tokens)."""
    bought: bool = False
    """The active monster bought a Power card this turn (D-DUEL-NO-PURCHASE-ENERGY)."""
    resolved: tuple[int, ...] = ()
    """Positions of the face kinds resolved this turn, in the order chosen
    (D-DUEL-RESOLVE-ORDER)."""
    tiles: tuple[PlacedTile, ...] = ()
    """The Buzz tiles on the tracks (duel.buzz.on-the-tracks)."""
    extra: tuple[str, ...] = ()
    """The tracks whose marker stands on a lengthening tile's extra space, above its space."""
    # What a card did to a seat's next turn.
    dominated: tuple[int, int] = (0, 0)
    """Per seat: dice it rolls fewer on its next turn for each keep card it has then, after
    it may discard some (a card's ``fewer-dice-per-keep``)."""
    fewer: tuple[int, int] = (0, 0)
    """Per seat: dice it rolls fewer on its next turn."""
    added: int = 0
    """Faces that cards and powers added to this turn's roll: faces, not dice, so neither
    cap on the dice counts them (D-DUEL-ADDED-FACES)."""
    left: int = 0
    """Dice the active monster left unresolved this turn: out of its roll, yet dice it
    rolled (D-DUEL-UNRESOLVED)."""

    def __init__(
        self,
        fame: int = 0,
        destruction: int = 0,
        dice_tokens: tuple[int, int] = (0, 0),
        white: int = 0,
        bought: bool = False,
        resolved: tuple[int, ...] = (),
        tiles: tuple[PlacedTile, ...] = (),
        extra: tuple[str, ...] = (),
        dominated: tuple[int, int] = (0, 0),
        fewer: tuple[int, int] = (0, 0),
        added: int = 0,
        left: int = 0,
    ) -> None:
        # The dataclass's own __init__ of a frozen class stays interpreted Python when
        # mypyc compiles this module (1.5 us a board); written out, mypyc turns each
        # object.__setattr__ into a plain store (about 10x quicker), and pure Python runs
        # exactly what the generated one would. Same fields, order and defaults.
        object.__setattr__(self, "fame", fame)
        object.__setattr__(self, "destruction", destruction)
        object.__setattr__(self, "dice_tokens", dice_tokens)
        object.__setattr__(self, "white", white)
        object.__setattr__(self, "bought", bought)
        object.__setattr__(self, "resolved", resolved)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "extra", extra)
        object.__setattr__(self, "dominated", dominated)
        object.__setattr__(self, "fewer", fewer)
        object.__setattr__(self, "added", added)
        object.__setattr__(self, "left", left)

    def marker(self, track: str) -> int:
        return self.fame if track == FAME else self.destruction

    def position(self, track: str) -> Position:
        return (self.marker(track), track in self.extra)

    # The changes of every turn build the board field by field, about three times quicker
    # than ``replace``; each must pass every other field on (a test checks they do).

    def moved(self, track: str, x: int, on_extra: bool = False) -> DuelBoard:
        extra = self.extra
        if extra or on_extra:
            others = tuple(t for t in extra if t != track)
            extra = tuple(sorted((*others, track))) if on_extra else others
        if track == FAME:
            return DuelBoard(x, self.destruction, self.dice_tokens, self.white, self.bought,
                             self.resolved, self.tiles, extra, self.dominated, self.fewer,
                             self.added, self.left)
        return DuelBoard(self.fame, x, self.dice_tokens, self.white, self.bought,
                         self.resolved, self.tiles, extra, self.dominated, self.fewer,
                         self.added, self.left)

    def with_tokens(self, seat: int, n: int) -> DuelBoard:
        t = self.dice_tokens
        return DuelBoard(self.fame, self.destruction, (n, t[1]) if seat == 0 else (t[0], n),
                         self.white, self.bought, self.resolved, self.tiles, self.extra,
                         self.dominated, self.fewer, self.added, self.left)

    def with_resolved(self, face: int) -> DuelBoard:
        """The board with ``face`` resolved too."""
        return DuelBoard(self.fame, self.destruction, self.dice_tokens, self.white,
                         self.bought, (*self.resolved, face), self.tiles, self.extra,
                         self.dominated, self.fewer, self.added, self.left)

    def for_turn(self, white: int) -> DuelBoard:
        """The board as a turn starts: ``white`` extra dice, nothing bought, resolved,
        added or left unresolved yet."""
        return DuelBoard(self.fame, self.destruction, self.dice_tokens, white, False, (),
                         self.tiles, self.extra, self.dominated, self.fewer, 0, 0)

    def with_white(self, white: int) -> DuelBoard:
        return DuelBoard(self.fame, self.destruction, self.dice_tokens, white, self.bought,
                         self.resolved, self.tiles, self.extra, self.dominated, self.fewer,
                         self.added, self.left)

    def with_added(self, added: int) -> DuelBoard:
        return DuelBoard(self.fame, self.destruction, self.dice_tokens, self.white,
                         self.bought, self.resolved, self.tiles, self.extra, self.dominated,
                         self.fewer, added, self.left)

    def with_left(self, left: int) -> DuelBoard:
        return DuelBoard(self.fame, self.destruction, self.dice_tokens, self.white,
                         self.bought, self.resolved, self.tiles, self.extra, self.dominated,
                         self.fewer, self.added, left)

    def with_tiles(self, tiles: tuple[PlacedTile, ...]) -> DuelBoard:
        return DuelBoard(self.fame, self.destruction, self.dice_tokens, self.white,
                         self.bought, self.resolved, tiles, self.extra, self.dominated,
                         self.fewer, self.added, self.left)

    def with_bought(self) -> DuelBoard:
        return DuelBoard(self.fame, self.destruction, self.dice_tokens, self.white, True,
                         self.resolved, self.tiles, self.extra, self.dominated, self.fewer,
                         self.added, self.left)

    def to_json(self) -> dict[str, Any]:
        return {
            "fame": self.fame,
            "destruction": self.destruction,
            "dice_tokens": list(self.dice_tokens),
            "white_dice": self.white,
            "bought": self.bought,
            "resolved": [FACES[i].value for i in self.resolved],
            "tiles": [t.to_json() for t in self.tiles],
            "extra_space": list(self.extra),
            # Written only when a card set them (older states stay as they are).
            **({"dominated": list(self.dominated)} if any(self.dominated) else {}),
            **({"fewer_dice": list(self.fewer)} if any(self.fewer) else {}),
            **({"added_faces": self.added} if self.added else {}),
            **({"left_unresolved": self.left} if self.left else {}),
        }

    def describe(self, names: Sequence[str]) -> str:
        def at(track: str) -> str:
            x, extra = self.position(track)
            return f"{x:+d}" + (" (extra space above)" if extra else "")

        tiles = ", ".join(f"{t.tile} on {t.track} {list(t.spaces)}" for t in self.tiles)
        return (
            f"fame {track_picture(self.fame)} {at(FAME)}; "
            f"destruction {track_picture(self.destruction)} {at(DESTRUCTION)}; "
            f"dice tokens {names[0]} {self.dice_tokens[0]}, {names[1]} {self.dice_tokens[1]}"
            + (f"; tiles: {tiles}" if tiles else "")
        )

    def track_line(self, track: str) -> str:
        """One track in one line for the play log, -END on the left: ``V`` the Victory
        spaces, ``[`` ``]`` around each spotlight zone, ``*`` the marker, ``#`` a space under
        a Buzz tile: ``V.[...]...*...[...].V``."""
        x, _ = self.position(track)
        tiled = {space for t in self.tiles if t.track == track for space in t.spaces}
        cells = []
        for space in range(-END, END + 1):
            mark = ("*" if space == x else "V" if abs(space) == END
                    else "#" if space in tiled else ".")
            if space in (-FAR, NEAR):
                mark = "[" + mark
            if space in (-NEAR, FAR):
                mark += "]"
            cells.append(mark)
        return "".join(cells)


def track_picture(x: int) -> str:
    """A track drawn in one line: seat 0's Victory space on the left, ``*`` the marker,
    ``[`` ``]`` around each spotlight zone."""
    cells = []
    for space in range(-END, END + 1):
        mark = "*" if space == x else ("|" if space in (-END, END) else ".")
        if space == -FAR or space == NEAR:
            mark = "[" + mark
        if space == -NEAR or space == FAR:
            mark = mark + "]"
        cells.append(mark)
    return "".join(cells)


def board_from_json(data: object) -> DuelBoard:
    """Read the ``board`` of a Duel state's JSON; raises StateFormatError."""
    if not isinstance(data, dict):
        raise StateFormatError(f"board: a Duel state needs its board object, got {data!r}")

    def whole(key: str, low: int, high: int) -> int:
        v = data.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            raise StateFormatError(f"board.{key}: expected a whole number {low}..{high}, "
                                   f"got {v!r}")
        return v

    tokens = data.get("dice_tokens")
    if not isinstance(tokens, list) or len(tokens) != 2 or not all(
        isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_DICE_TOKENS
        for n in tokens
    ):
        raise StateFormatError(f"board.dice_tokens: expected two counts 0..{MAX_DICE_TOKENS}, "
                               f"got {tokens!r}")
    bought = data.get("bought")
    if not isinstance(bought, bool):
        raise StateFormatError(f"board.bought: expected true or false, got {bought!r}")
    names = [f.value for f in FACES]
    resolved = data.get("resolved")
    if not isinstance(resolved, list) or not all(r in names for r in resolved):
        raise StateFormatError(f"board.resolved: expected a list of faces ({', '.join(names)}),"
                               f" got {resolved!r}")
    if len(set(resolved)) != len(resolved):
        raise StateFormatError(f"board.resolved: a face is resolved once, got {resolved!r}")
    extra = data.get("extra_space", [])
    if not isinstance(extra, list) or not all(t in TRACKS for t in extra) or len(
        set(extra)
    ) != len(extra):
        raise StateFormatError(f"board.extra_space: expected a list of tracks (fame, "
                               f"destruction), got {extra!r}")
    board = DuelBoard(
        whole("fame", -END, END),
        whole("destruction", -END, END),
        (tokens[0], tokens[1]),
        whole("white_dice", 0, DUEL["max-extra-dice"]),
        bought,
        tuple(names.index(r) for r in resolved),
        _tiles_from_json(data.get("tiles", [])),
        tuple(sorted(extra)),
        _per_seat(data, "dominated"),
        _per_seat(data, "fewer_dice"),
        _count(data, "added_faces"),
        _count(data, "left_unresolved"),
    )
    for track in board.extra:
        here = tile_at(board.tiles, track, board.marker(track))
        if here is None or TILES[here[0].tile].lengthen is None or (
            board.marker(track) + 1 not in here[0].spaces
        ):
            raise StateFormatError(f"board.extra_space: the {track} marker is on no "
                                   "lengthening tile's extra space")
    return board


def _count(data: dict[str, Any], key: str) -> int:
    """``board.<key>``: a count of this turn's faces or dice, 0..99 (absent: none)."""
    v = data.get(key, 0)
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 99:
        raise StateFormatError(f"board.{key}: expected a whole number 0..99, got {v!r}")
    return v


def _per_seat(data: dict[str, Any], key: str) -> tuple[int, int]:
    """``board.<key>``: two counts 0..max-dice (absent: none)."""
    v = data.get(key, [0, 0])
    if not isinstance(v, list) or len(v) != 2 or not all(
        isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= DUEL["max-dice"] for n in v
    ):
        raise StateFormatError(f"board.{key}: expected two counts 0..{DUEL['max-dice']}, "
                               f"got {v!r}")
    return (v[0], v[1])


def _tiles_from_json(data: object) -> tuple[PlacedTile, ...]:
    """``board.tiles``: known tiles on free consecutive spaces, each copy at most once."""
    if not isinstance(data, list):
        raise StateFormatError(f"board.tiles: expected a list of tiles, got {data!r}")
    out: list[PlacedTile] = []
    used: set[tuple[str, int]] = set()
    for i, t in enumerate(data):
        where = f"board.tiles[{i}]"
        if not isinstance(t, dict) or set(t) - {"tile", "track", "spaces", "owner"}:
            raise StateFormatError(f"{where}: expected {{tile, track, spaces, owner}}, got {t!r}")
        spec = TILES.get(t.get("tile"))  # type: ignore[arg-type]
        if spec is None:
            raise StateFormatError(f"{where}.tile: expected one of {', '.join(TILES)}, "
                                   f"got {t.get('tile')!r}")
        track = t.get("track")
        if track not in TRACKS:
            raise StateFormatError(f"{where}.track: expected fame or destruction, got {track!r}")
        spaces = t.get("spaces")
        n = len(spec.spaces)
        if (
            not isinstance(spaces, list)
            or len(spaces) != n
            or not all(isinstance(s, int) and not isinstance(s, bool) and -END <= s <= END
                       for s in spaces)
            or (n > 1 and abs(spaces[-1] - spaces[0]) != n - 1)
            or len(set(spaces)) != n
            or (n == 3 and spaces[1] * 2 != spaces[0] + spaces[2])
        ):
            raise StateFormatError(f"{where}.spaces: expected {n} consecutive spaces "
                                   f"-{END}..{END}, got {spaces!r}")
        owner = t.get("owner")
        if spec.king != (owner in (0, 1)) or (owner is not None and not spec.king):
            raise StateFormatError(f"{where}.owner: a King tile has its owner's seat, other "
                                   f"tiles none; got {owner!r}")
        for s in spaces:
            if (track, s) in used:
                raise StateFormatError(f"{where}: space {s} of {track} has another tile")
            used.add((track, s))
        if sum(p.tile == spec.id for p in out) >= spec.copies:
            raise StateFormatError(f"{where}: the box has {spec.copies} {spec.id} tile(s)")
        out.append(PlacedTile(spec.id, track, tuple(spaces), owner))
    return tuple(out)
