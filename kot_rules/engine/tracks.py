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
Buzz tiles are not in this step (duel.buzz.*): no space carries a bonus yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from kot_rules.engine.dice import Face
from kot_rules.engine.errors import StateFormatError
from kot_rules.rulebook import RuleNumbers, game_numbers

DUEL: RuleNumbers = game_numbers("king-of-tokyo-duel")

END: int = DUEL["track-end"]
NEAR: int = DUEL["spotlight-near"]
FAR: int = DUEL["spotlight-far"]
MAX_DICE_TOKENS: int = DUEL["max-dice-tokens"]

FAME = "fame"
DESTRUCTION = "destruction"
TRACKS = (FAME, DESTRUCTION)

FACES: tuple[Face, ...] = (
    Face.FAME, Face.DESTRUCTION, Face.POWER, Face.ENERGY, Face.HEAL, Face.SMASH,
)  # fmt: skip
"""Duel's die, in the order of ``Counts``: its own faces where King of Tokyo has numbers,
energy, heal and smash where King of Tokyo has energy, heart and claw
(duel.components.dice)."""
FAME_I, DESTRUCTION_I, POWER_I, ENERGY_I, HEAL_I, SMASH_I = range(6)

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


def victory(hearts: Sequence[int], fame: int, destruction: int) -> tuple[int | None, str] | None:
    """The victory the position holds, as (winner or None for a draw, kind), or None.

    Hearts: a monster at 0 hearts loses, both at 0 is a draw (duel.end.hearts,
    D-DUEL-DOUBLE-KO). A marker on a seat's Victory space wins for that seat
    (duel.end.victory-space). Both markers in one seat's spotlight zone win for that seat,
    whoever moved them (duel.end.spotlight, D-DUEL-SPOTLIGHT). Only one thing changes
    between two checks, so at most one of these can newly hold.
    """
    out0, out1 = hearts[0] <= 0, hearts[1] <= 0
    if out0 and out1:
        return (None, V_HEARTS)
    if out0 or out1:
        return (1 if out0 else 0, V_HEARTS)
    for seat in (0, 1):
        goal = victory_space(seat)
        if fame == goal:
            return (seat, V_FAME)
        if destruction == goal:
            return (seat, V_DESTRUCTION)
    for seat in (0, 1):
        if in_spotlight(seat, fame) and in_spotlight(seat, destruction):
            return (seat, V_SPOTLIGHT)
    return None


@dataclass(frozen=True, slots=True)
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

    def marker(self, track: str) -> int:
        return self.fame if track == FAME else self.destruction

    def moved(self, track: str, x: int) -> DuelBoard:
        return replace(self, fame=x) if track == FAME else replace(self, destruction=x)

    def with_tokens(self, seat: int, n: int) -> DuelBoard:
        t = self.dice_tokens
        return replace(self, dice_tokens=(n, t[1]) if seat == 0 else (t[0], n))

    def to_json(self) -> dict[str, Any]:
        return {
            "fame": self.fame,
            "destruction": self.destruction,
            "dice_tokens": list(self.dice_tokens),
            "white_dice": self.white,
            "bought": self.bought,
            "resolved": [FACES[i].value for i in self.resolved],
        }

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"fame {track_picture(self.fame)} {self.fame:+d}; "
            f"destruction {track_picture(self.destruction)} {self.destruction:+d}; "
            f"dice tokens {names[0]} {self.dice_tokens[0]}, {names[1]} {self.dice_tokens[1]}"
        )


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
    return DuelBoard(
        whole("fame", -END, END),
        whole("destruction", -END, END),
        (tokens[0], tokens[1]),
        whole("white_dice", 0, DUEL["max-extra-dice"]),
        bought,
        tuple(names.index(r) for r in resolved),
    )
