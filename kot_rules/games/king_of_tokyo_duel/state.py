"""King of Tokyo: Duel's state as Z3 terms: two monsters, two tracks with their Buzz tiles.

Track positions are **doubled coordinates** (D-DUEL-COORDINATES, D-DUEL-BUZZ-GEOMETRY):
the space ``x`` of the rules (−7..+7) is position ``2x``; the extra in-between space of a
lengthening tile laid on ``x`` and ``x + 1`` is the odd position ``2x + 1``. Seat 0 is the
first player and owns the negative end (its Victory space is −14, its spotlight zone
−10..−6: the odd positions in that range are exactly the extra spaces whose two neighbours
are zone spaces, as D-DUEL-BUZZ-GEOMETRY asks). Seat 1 mirrors it.

The tiles are bounded data: for each track and each position, whether a tile covers it,
its bonus (kind and amount), whether it is a King tile, whether it is the jumped middle of
a shortening tile (even positions) or a lengthening tile's extra space (odd positions).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from enum import IntEnum
from typing import Any, cast

import z3

from kot_rules.verify.symbolic import Bool, Ctx, Int, Seats, fields_of
from kot_rules.verify.symbolic import ite as ite  # re-exported: the states' If

SEATS = 2
"""duel.setup.monsters: exactly two monsters."""
NOBODY = -1
"""``winner`` of a draw or of a game not over; ``king_seat`` when nobody plays The King."""
VICTORY_SPACE = 7
"""duel.setup.victory-spaces: the Victory spaces are −7 and +7 (D-DUEL-COORDINATES)."""
SPAN = 2 * VICTORY_SPACE
"""The Victory spaces in doubled coordinates: −14 and +14."""
ZONE_NEAR, ZONE_FAR = 3, 5
"""duel.setup.spotlight-zones: a zone is spaces 3..5 from the centre."""
TRACKS = ("fame", "destruction")
"""duel.components.markers: one marker per track."""
RED_DICE = 6
"""duel.roll.six-dice."""
FIRST_TURN_DICE = 5
"""duel.roll.first-turn: the first player's very first roll."""
WHITE_CAP = 2
"""D-DUEL-DICE-CAP: at most 2 extra (white) dice."""
DICE_CAP = 8
"""duel.roll.dice-cap: never more than 8 dice."""
TOKEN_CAP = 2
"""duel.roll.dice-token-cap."""
SECOND_PLAYER_ENERGY = 1
"""duel.setup.second-player-energy."""
AMOUNT_CAP = 2
"""The largest amount a Buzz bonus space carries (a 'Smash 2' space, kony-duel-facts B.7)."""

POSITIONS = tuple(range(-SPAN, SPAN + 1))
"""Every doubled position of a track, −14..+14."""


class Bonus(IntEnum):
    """duel.buzz.bonus-kinds: what a Buzz tile's space gives the puller."""

    NONE = 0
    SMASH = 1
    HEAL = 2
    ENERGY = 3
    TOKEN = 4


def victory_space(seat: int) -> int:
    """The doubled position of ``seat``'s Victory space (D-DUEL-COORDINATES)."""
    return -SPAN if seat == 0 else SPAN


def in_zone(seat: int, position: Any) -> Bool:
    """``position`` (doubled) lies wholly in ``seat``'s spotlight zone (D-DUEL-BUZZ-GEOMETRY)."""
    lo, hi = 2 * ZONE_NEAR, 2 * ZONE_FAR
    if seat == 0:
        lo, hi = -hi, -lo
    return z3.And(position >= lo, position <= hi)


def toward(seat: int) -> int:
    """The direction a pull by ``seat`` moves a marker: −1 for seat 0, +1 for seat 1."""
    return -1 if seat == 0 else 1


@dataclass(frozen=True)
class SymTrack:
    """One track: its marker and the Buzz tiles on it, position by position."""

    marker: Int
    covered: tuple[Bool, ...]
    """A tile lies on this (even) position, or this (odd) position is an extra space."""
    bonus: tuple[Int, ...]
    """A :class:`Bonus` code."""
    amount: tuple[Int, ...]
    king: tuple[Bool, ...]
    jumped: tuple[Bool, ...]
    """The middle space of a shortening tile (even positions only)."""
    extra: tuple[Bool, ...]
    """The extra in-between space of a lengthening tile (odd positions only)."""

    def get(self, name: str, position: int) -> Any:
        """The field ``name`` at the concrete doubled ``position``."""
        return cast(tuple[Any, ...], getattr(self, name))[position + SPAN]


@dataclass(frozen=True)
class SymDuelMonster:
    """One monster's board: its wheel, its starting hearts (the heal cap), its energy and
    its dice tokens."""

    hearts: Int
    start: Int
    energy: Int
    tokens: Int


@dataclass(frozen=True)
class SymDuel(Seats[SymDuelMonster]):
    """A Duel position, symbolically."""

    monsters: tuple[SymDuelMonster, ...]
    tracks: tuple[SymTrack, ...]
    """Fame, then Destruction."""
    active: Int
    """The seat whose turn it is."""
    first_turn: Bool
    """The first player's very first turn is being played (duel.roll.first-turn)."""
    red: Int
    """Ordinary dice of the current roll (0 before the roll)."""
    white: Int
    """Extra (white) dice of the current roll."""
    king_seat: Int
    """The seat playing The King, or ``NOBODY``."""
    pull_left: Int
    """Steps left of the pull being made (0: no pull under way; D-DUEL-PULL-STEPS)."""
    puller: Int
    """The seat making that pull."""
    pull_track: Int
    """The track (0 Fame, 1 Destruction) of that pull."""
    over: Bool
    winner: Int
    """0 or 1, or ``NOBODY`` for a draw (and while the game is not over)."""
    seen: Bool
    """Ghost: some victory condition held right after some event. Every event of the
    model updates it (:func:`observe`), whether or not the step then checks victory;
    INV-DUEL-VICTORY ties it to ``over``. Not part of the game."""

    def with_track(self, k: int, track: SymTrack) -> SymDuel:
        ts = list(self.tracks)
        ts[k] = track
        return replace(self, tracks=tuple(ts))


def fresh(ctx: Ctx, name: str = "pre") -> SymDuel:
    """A fully symbolic Duel state (domains come from the invariants)."""
    i, b = ctx.terms(name)
    false = z3.BoolVal(False)

    def track(k: str) -> SymTrack:
        even = [p % 2 == 0 for p in POSITIONS]
        return SymTrack(
            marker=i(f"{k}.marker"),
            covered=tuple(b(f"{k}.covered[{p}]") for p in POSITIONS),
            bonus=tuple(i(f"{k}.bonus[{p}]") for p in POSITIONS),
            amount=tuple(i(f"{k}.amount[{p}]") for p in POSITIONS),
            king=tuple(b(f"{k}.king[{p}]") if e else false for p, e in zip(POSITIONS, even,
                                                                          strict=True)),
            jumped=tuple(b(f"{k}.jumped[{p}]") if e and abs(p) < SPAN else false
                         for p, e in zip(POSITIONS, even, strict=True)),
            extra=tuple(false if e else b(f"{k}.extra[{p}]")
                        for p, e in zip(POSITIONS, even, strict=True)),
        )

    ms = tuple(SymDuelMonster(i(f"m{k}.hearts"), i(f"m{k}.start"), i(f"m{k}.energy"),
                              i(f"m{k}.tokens")) for k in range(SEATS))
    return SymDuel(ms, tuple(track(t) for t in TRACKS), i("active"), b("first_turn"),
                   i("red"), i("white"), i("king_seat"), i("pull_left"), i("puller"),
                   i("pull_track"), b("over"), i("winner"), b("seen"))


def where(p: int) -> str:
    """A doubled position in the rules' coordinates: ``-3``, ``+0``, an extra space ``+4.5``."""
    return f"{p // 2:+d}" if p % 2 == 0 else f"{(p - 1) // 2:+d}.5"


def leaves(s: SymDuel) -> Iterator[tuple[str, Any]]:
    """Every field of ``s`` as (name, term): ``monsters[0].hearts``, ``fame.marker`` (a
    doubled position), ``fame.bonus[-4]``, ``fame.extra[+3.5]`` (rules' coordinates)..."""
    return fields_of(s, lambda name, value: _tracks(value) if name == "tracks" else None)


def _tracks(tracks: tuple[SymTrack, ...]) -> Iterator[tuple[str, Any]]:
    for name, t in zip(TRACKS, tracks, strict=True):
        yield f"{name}.marker", t.marker
        for g in fields(t):
            if g.name != "marker":
                for p, v in zip(POSITIONS, getattr(t, g.name), strict=True):
                    yield f"{name}.{g.name}[{where(p)}]", v
