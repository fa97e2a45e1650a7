"""Random concrete Duel states for the differential tests, and the bridge from the plain
reference (:mod:`kot_rules.games.king_of_tokyo_duel.reference`) to the Z3 model: a reference state
as
Z3 constants, the model's free choices fixed to given values."""

from __future__ import annotations

import contextlib
from typing import Any

import z3
from hypothesis import assume
from hypothesis import strategies as st

from kot_rules.games.king_of_tokyo_duel import reference as ref
from kot_rules.games.king_of_tokyo_duel.state import (
    NOBODY,
    POSITIONS,
    SPAN,
    SymDuel,
    SymDuelMonster,
    SymTrack,
    leaves,
)
from kot_rules.verify.symbolic import Ctx

OFF = 99
"""A marker position off the board, while the tiles are laid."""


def _v(x: int | bool) -> Any:
    return z3.BoolVal(x) if isinstance(x, bool) else z3.IntVal(x)


def symbolic(s: ref.Duel) -> SymDuel:
    """A reference state as Z3 constants (the monitor ``seen`` equals ``over``: the
    invariants say so of every state the model reaches)."""

    def track(t: ref.Track) -> SymTrack:
        return SymTrack(_v(t.marker), *(tuple(_v(x) for x in getattr(t, name)) for name in
                                        ("covered", "bonus", "amount", "king", "jumped",
                                         "extra")))

    ms = tuple(SymDuelMonster(_v(m.hearts), _v(m.start), _v(m.energy), _v(m.tokens))
               for m in s.monsters)
    return SymDuel(ms, tuple(track(t) for t in s.tracks), _v(s.active), _v(s.first_turn),
                   _v(s.red), _v(s.white), _v(s.king_seat), _v(s.pull_left), _v(s.puller),
                   _v(s.pull_track), _v(s.over), _v(s.winner), _v(s.over))


class FixedCtx(Ctx):
    """A context whose choices are given values (in order of asking, per kind)."""

    def __init__(self, values: dict[str, list[Any]]) -> None:
        super().__init__()
        self.values = {k: list(v) for k, v in values.items()}

    def integer(self, kind: str, seat: int | None = None, lo: int | None = 0) -> Any:
        v = z3.IntVal(self.values[kind].pop(0))
        if lo is not None:
            self.facts.append(v >= lo)
        self.choices.append((kind, seat, v))
        return v

    def boolean(self, kind: str, seat: int | None = None) -> Any:
        v = z3.BoolVal(self.values[kind].pop(0))
        self.choices.append((kind, seat, v))
        return v


def values(s: SymDuel) -> dict[str, Any]:
    """Every field of a state whose terms are constants after simplifying."""
    out = {}
    for name, term in leaves(s):
        v = z3.simplify(term)
        out[name] = z3.is_true(v) if z3.is_bool(v) else v.as_long()
    return out


def standable(t: ref.Track) -> list[int]:
    """Where a marker may stand on ``t``, Victory spaces left out."""
    return [p for p in POSITIONS if abs(p) < SPAN
            and (t.at("extra", p) if p % 2 else not t.at("jumped", p))]


@st.composite
def tiles(draw: st.DrawFn, s: ref.Duel) -> ref.Duel:
    """Some legal placements on the board of ``s`` (its markers off the board)."""
    bonus = st.integers(0, 4)
    amount = st.integers(1, 2)
    for _ in range(draw(st.integers(0, 7))):
        with contextlib.suppress(ref.IllegalStep):
            s = ref.place_tile(
                s, draw(st.integers(0, 1)), draw(st.integers(-7, 7)), draw(st.integers(1, 3)),
                draw(st.booleans()), draw(st.booleans()),
                (draw(bonus), draw(bonus), draw(bonus)), (draw(amount), draw(amount),
                                                          draw(amount)),
                draw(bonus), draw(amount))
    return s


@st.composite
def duels(draw: st.DrawFn, pulling: bool = False) -> ref.Duel:
    """A state of a game going on: tiles, markers on standable spaces, no condition met;
    with ``pulling``, a pull under way."""
    starts = (draw(st.integers(1, 15)), draw(st.integers(1, 15)))
    s = ref.setup(*starts, draw(st.sampled_from([NOBODY, 0, 1])))
    off = tuple(ref.Track(marker=OFF) for _ in range(2))
    s = draw(tiles(ref.Duel(s.monsters, (off[0], off[1]), king_seat=s.king_seat)))
    tracks = tuple(ref.Track(draw(st.sampled_from(standable(t))), t.covered, t.bonus,
                             t.amount, t.king, t.jumped, t.extra) for t in s.tracks)
    ms = tuple(ref.Monster(draw(st.integers(1, start)), start, draw(st.integers(0, 12)),
                           draw(st.integers(0, 2))) for start in starts)
    first = draw(st.booleans())
    active = 0 if first else draw(st.integers(0, 1))
    rolled = draw(st.booleans())
    red = draw(st.integers(0, 5 if first else 6)) if rolled else 0
    white = draw(st.integers(0, 2)) if rolled else 0
    s = ref.Duel((ms[0], ms[1]), (tracks[0], tracks[1]), active, first, red, white,
                 s.king_seat)
    if pulling:
        s = ref.Duel(s.monsters, s.tracks, s.active, s.first_turn, s.red, s.white,
                     s.king_seat, draw(st.integers(1, 7)), draw(st.integers(0, 1)),
                     draw(st.integers(0, 1)))
    assume(not (ref.wins(s, 0) or ref.wins(s, 1)))
    return s
