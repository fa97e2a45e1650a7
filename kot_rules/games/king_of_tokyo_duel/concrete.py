"""Duel's invariants (INV-DUEL-*, :mod:`kot_rules.games.king_of_tokyo_duel.invariants`) on an
engine state.

The engine's Duel :class:`~kot_rules.engine.state.State` is read into a :class:`DuelView`:
the fields of :class:`~kot_rules.games.king_of_tokyo_duel.state.SymDuel` as plain values (doubled
track
positions, the Buzz tiles position by position). :data:`CHECKS` decides each invariant on
it in plain Python, fast enough for the soak; :func:`symbolic` turns the same view into Z3
constants, and tests/verify/test_duel_coverage_concrete.py checks that each plain check
agrees with the invariant's one Z3 statement (the proofs' definition).

Between two engine steps no pull is under way (a pull is played whole inside its step), and
the ghost ``seen`` is the engine's own ``over``: the engine checks victory after every
step, and INV-DUEL-VICTORY still ties ``over`` and the winner to the position.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

import z3

from kot_rules.engine.state import Phase, State
from kot_rules.games.king_of_tokyo_duel.board import TILES, DuelBoard, PlacedTile
from kot_rules.games.king_of_tokyo_duel.state import (
    AMOUNT_CAP,
    DICE_CAP,
    FIRST_TURN_DICE,
    NOBODY,
    POSITIONS,
    RED_DICE,
    SEATS,
    SPAN,
    TOKEN_CAP,
    TRACKS,
    WHITE_CAP,
    ZONE_FAR,
    ZONE_NEAR,
    Bonus,
    SymDuel,
    SymDuelMonster,
    SymTrack,
)

BONUS: dict[str, int] = {
    "none": int(Bonus.NONE), "smash": int(Bonus.SMASH), "heal": int(Bonus.HEAL),
    "energy": int(Bonus.ENERGY), "dice-token": int(Bonus.TOKEN),
}
"""The engine's bonus words (spec/games/king-of-tokyo-duel.yaml) as :class:`Bonus` codes;
a word not here reads as -1, which INV-DUEL-BUZZ refuses."""
NO_OWNER = -2
"""``king_seat`` when King tiles have no owner or two owners (INV-DUEL-SEATS refuses it)."""


@dataclass(frozen=True)
class TrackView:
    """:class:`SymTrack` as plain values, indexed by doubled position + SPAN."""

    marker: int
    covered: tuple[bool, ...]
    bonus: tuple[int, ...]
    amount: tuple[int, ...]
    king: tuple[bool, ...]
    jumped: tuple[bool, ...]
    extra: tuple[bool, ...]

    def at(self, name: str, p: int) -> bool:
        """A flag at ``p``; False off the track (as the Z3 statements read it)."""
        return -SPAN <= p <= SPAN and bool(getattr(self, name)[p + SPAN])


@dataclass(frozen=True)
class DuelView:
    """:class:`SymDuel` as plain values: monsters are (hearts, start, energy, tokens)."""

    monsters: tuple[tuple[int, int, int, int], ...]
    tracks: tuple[TrackView, ...]
    active: int
    first_turn: bool
    red: int
    white: int
    king_seat: int
    pull_left: int
    puller: int
    pull_track: int
    over: bool
    winner: int
    seen: bool


@lru_cache(maxsize=4096)
def _track(tiles: tuple[PlacedTile, ...], track: str, marker: int) -> TrackView:
    """One track's view (cached: most steps leave the tiles and the markers where they are)."""
    n = len(POSITIONS)
    covered, king, jumped, extra = [False] * n, [False] * n, [False] * n, [False] * n
    bonus, amount = [int(Bonus.NONE)] * n, [1] * n

    def put(p: int, kind: str, k: int) -> None:
        covered[p + SPAN] = True
        if kind != "none":
            bonus[p + SPAN], amount[p + SPAN] = BONUS.get(kind, -1), k

    for t in tiles:
        if t.track != track:
            continue
        spec = TILES[t.tile]
        for i, x in enumerate(t.spaces):
            put(2 * x, *spec.spaces[i])
            king[2 * x + SPAN] = spec.king
            jumped[2 * x + SPAN] = spec.shorten and i == 1
        if spec.lengthen is not None and len(t.spaces) == 2:
            p = 2 * min(t.spaces) + 1
            put(p, *spec.lengthen)
            extra[p + SPAN] = True
    return TrackView(marker, tuple(covered), tuple(bonus), tuple(amount), tuple(king),
                     tuple(jumped), tuple(extra))


def view(s: State) -> DuelView:
    """The engine's Duel state ``s`` as a :class:`DuelView`."""
    board: DuelBoard = s.board
    monsters = tuple((m.hearts, m.max_hearts, m.energy, board.dice_tokens[seat])
                     for seat, m in enumerate(s.monsters))
    markers = (board.fame, board.destruction)
    tracks = tuple(_track(board.tiles, t, 2 * x + (t in board.extra))
                   for t, x in zip(TRACKS, markers, strict=True))
    owners = {t.owner for t in board.tiles if TILES[t.tile].king}
    king_seat = NOBODY if not owners else NO_OWNER
    if len(owners) == 1:
        (owner,) = owners
        king_seat = NO_OWNER if owner is None else owner
    over = s.phase is Phase.OVER
    # The ordinary dice rolled: the faces on the table and the dice still to throw, with
    # the dice left unresolved (D-DUEL-UNRESOLVED) and less the faces cards added
    # (D-DUEL-ADDED-FACES) and the extra dice.
    rolled = sum(s.dice) + s.to_roll + board.left - board.added - board.white
    outcome = s.outcome
    winner = NOBODY if outcome is None or outcome.winner is None else outcome.winner
    return DuelView(monsters, tracks, s.active, s.turn == 1 and s.active == 0,
                    rolled, board.white, king_seat,
                    0, 0, 0, over, winner, over)


def symbolic(v: DuelView) -> SymDuel:
    """The view as Z3 constants, for the invariants' Z3 statements."""
    def val(x: int | bool) -> z3.ExprRef:
        return z3.BoolVal(x) if isinstance(x, bool) else z3.IntVal(x)

    def track(t: TrackView) -> SymTrack:
        return SymTrack(val(t.marker), *(tuple(val(x) for x in getattr(t, f)) for f in
                                         ("covered", "bonus", "amount", "king", "jumped",
                                          "extra")))

    ms = tuple(SymDuelMonster(*(val(x) for x in m)) for m in v.monsters)
    return SymDuel(ms, tuple(track(t) for t in v.tracks), val(v.active), val(v.first_turn),
                   val(v.red), val(v.white), val(v.king_seat), val(v.pull_left),
                   val(v.puller), val(v.pull_track), val(v.over), val(v.winner), val(v.seen))


# -- each invariant in plain Python (its Z3 statement in invariants.py, read the same) --


def _seats(v: DuelView) -> bool:
    return (len(v.monsters) == SEATS and len(v.tracks) == 2 and 0 <= v.active < SEATS
            and NOBODY <= v.king_seat < SEATS and NOBODY <= v.winner < SEATS
            and v.pull_left >= 0 and 0 <= v.puller < SEATS
            and 0 <= v.pull_track < len(v.tracks))


def _hearts(v: DuelView) -> bool:
    return all(start >= 1 and 0 <= hearts <= start for hearts, start, _, _ in v.monsters)


def _energy(v: DuelView) -> bool:
    return all(energy >= 0 for _, _, energy, _ in v.monsters)


def _tokens(v: DuelView) -> bool:
    return all(0 <= tokens <= TOKEN_CAP for _, _, _, tokens in v.monsters)


def _dice(v: DuelView) -> bool:
    return (0 <= v.red <= RED_DICE and 0 <= v.white <= WHITE_CAP
            and v.red + v.white <= DICE_CAP
            and (not v.first_turn or (v.active == 0 and v.red <= FIRST_TURN_DICE)))


def _markers(v: DuelView) -> bool:
    for t in v.tracks:
        p = t.marker
        if not -SPAN <= p <= SPAN:
            return False
        if not (t.at("extra", p) if p % 2 else not t.at("jumped", p)):
            return False
    return True


@lru_cache(maxsize=4096)
def _tiles_of(t: TrackView, king_seat: int) -> bool:
    for p in POSITIONS:
        kind, n, covered = t.bonus[p + SPAN], t.amount[p + SPAN], t.covered[p + SPAN]
        if not (int(Bonus.NONE) <= kind <= int(Bonus.TOKEN) and 1 <= n <= AMOUNT_CAP):
            return False
        if kind != int(Bonus.NONE) and not covered:
            return False
        if p % 2 == 0:
            if t.king[p + SPAN] and not (covered and kind == int(Bonus.NONE)
                                         and king_seat != NOBODY):
                return False
            if t.jumped[p + SPAN] and not (
                covered and not t.king[p + SPAN] and t.at("covered", p - 2)
                and t.at("covered", p + 2) and not t.at("jumped", p - 2)
                and not t.at("jumped", p + 2) and not t.at("extra", p - 1)
                and not t.at("extra", p + 1)
            ):
                return False
        else:
            extra = t.extra[p + SPAN]
            if covered != extra:
                return False
            if extra and not (t.at("covered", p - 1) and t.at("covered", p + 1)):
                return False
    return True


def _tiles(v: DuelView) -> bool:
    return all(_tiles_of(t, v.king_seat) for t in v.tracks)


def _in_zone(seat: int, p: int) -> bool:
    lo, hi = 2 * ZONE_NEAR, 2 * ZONE_FAR
    return -hi <= p <= -lo if seat == 0 else lo <= p <= hi


def _wins(v: DuelView, seat: int) -> bool:
    goal = -SPAN if seat == 0 else SPAN
    markers = [t.marker for t in v.tracks]
    return (v.monsters[1 - seat][0] <= 0 or goal in markers
            or all(_in_zone(seat, m) for m in markers))


def _victory(v: DuelView) -> bool:
    w0, w1 = _wins(v, 0), _wins(v, 1)
    outcome = NOBODY if w0 and w1 else 0 if w0 else 1
    return (v.over == (w0 or w1) and v.over == v.seen
            and v.winner == (outcome if v.over else NOBODY)
            and (not v.over or v.pull_left == 0))


CHECKS: dict[str, Callable[[DuelView], bool]] = {
    "INV-DUEL-SEATS": _seats, "INV-DUEL-HEARTS": _hearts, "INV-DUEL-ENERGY": _energy,
    "INV-DUEL-TOKENS": _tokens, "INV-DUEL-DICE": _dice, "INV-DUEL-MARKERS": _markers,
    "INV-DUEL-BUZZ": _tiles, "INV-DUEL-VICTORY": _victory,
}
"""Each Duel invariant's plain check, by id (every id of the invariants' ``IDS``)."""


VICTORY = "INV-DUEL-VICTORY"


def findings(s: State, ids: Iterable[str]) -> list[tuple[str, str]]:
    """Each invariant of ``ids`` the engine state ``s`` breaks, as (id, message); the
    message is empty: the invariant's statement says what is broken. The view is read once.

    While a question waits in the middle of a step (``s.pending``: e.g. a Buzz bonus the
    puller may swap for a smash, asked before that step's victory check), the step is not
    over, so INV-DUEL-VICTORY, which speaks of the state after each whole event, is not
    judged there; the state its answer leads to is."""
    v = view(s)
    return [(i, "") for i in ids
            if not (s.pending is not None and i == VICTORY) and not CHECKS[i](v)]
