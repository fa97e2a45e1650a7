"""King of New York's invariants, checked on an engine state (kony-kernel): what every
reachable state keeps, for the soak and the tests. There is no Z3 model of New York yet;
these are its concrete checks only.

INV-KONY-SEATS    each monster in the game stands in one borough, on a Manhattan path iff in
                  Manhattan; an eliminated one stands nowhere, with 0 hearts.
INV-KONY-HEARTS   hearts of a monster in the game are 1..max; stars and energy >= 0.
INV-KONY-CAPACITY an outer borough holds at most two monsters (kony.borough.capacity);
                  the 5-6 path is taken only while it is open (kony.five-six.closing) and
                  only with the 2-4 path taken (kony.five-six.first-eliminated).
INV-KONY-TILES    every tile is in one place at most (a stack, a borough's units), a stack
                  holds at most three, a revealed unit lies in a borough.
INV-KONY-SPECIAL  a special card's holder is a monster in the game.
"""

from __future__ import annotations

from collections import Counter

from kot_rules.engine.city import GAME_ID, MANHATTAN, NY, OUTER, CityBoard
from kot_rules.engine.state import State
from kot_rules.verify.invariants.base import Violation

__all__ = ["GAME_ID", "IDS", "check"]

IDS = ("INV-KONY-SEATS", "INV-KONY-HEARTS", "INV-KONY-CAPACITY", "INV-KONY-TILES",
       "INV-KONY-SPECIAL")
"""The invariants of King of New York (the ids its game definition names)."""


def check(s: State) -> list[Violation]:
    """Every King of New York invariant ``s`` breaks (empty: it keeps them all). A state
    waiting for an answer mid-step (``s.pending``) shows a monster between places (the 5-6
    path closing): its seats are not judged there."""
    b: CityBoard = s.board
    out: list[Violation] = []

    def bad(invariant: str, message: str) -> None:
        out.append(Violation(invariant, message))

    placing = any(m.alive and not b.where[i] for i, m in enumerate(s.monsters))
    for i, m in enumerate(s.monsters):
        inside = s.city == i or s.bay == i
        if not m.alive and (b.where[i] or inside or m.hearts):
            bad("INV-KONY-SEATS", f"{m.name} is eliminated but stands in {b.where[i]!r}")
        if m.alive and s.pending is None and not placing and (
            not b.where[i] or inside != (b.where[i] == MANHATTAN)
        ):
            bad("INV-KONY-SEATS", f"{m.name} stands in {b.where[i]!r}, city/bay {s.city}/{s.bay}")
        if m.alive and not 1 <= m.hearts <= m.max_hearts:
            bad("INV-KONY-HEARTS", f"{m.name} has {m.hearts} of {m.max_hearts} hearts")
        if m.stars < 0 or m.energy < 0:
            bad("INV-KONY-HEARTS", f"{m.name} has {m.stars} stars, {m.energy} energy")
    for borough in OUTER:
        if b.count_in(borough) > NY["borough-capacity"]:
            bad("INV-KONY-CAPACITY", f"{borough} holds {b.count_in(borough)} monsters")
    if s.bay is not None and (s.city is None or not s.bay_open):
        bad("INV-KONY-CAPACITY", f"the 5-6 path holds seat {s.bay} (2-4: {s.city}, "
            f"open: {s.bay_open})")
    tiles = Counter(t for stacks in b.stacks for st in stacks for t in st)
    tiles.update(t for units in b.units for t in units)
    twice = sorted(t for t, n in tiles.items() if n > 1)
    if twice:
        bad("INV-KONY-TILES", f"tile {twice[0]} lies in two places")
    if any(len(st) > 3 for stacks in b.stacks for st in stacks):
        bad("INV-KONY-TILES", "a stack holds more than three tiles")
    units = {t for u in b.units for t in u}
    if not set(b.fresh) <= units:
        lost = sorted(set(b.fresh) - units)
        bad("INV-KONY-TILES", f"units revealed this turn lie nowhere: {lost}")
    for name, holder in (("Superstar", b.superstar), ("the Statue", b.statue)):
        if holder is not None and not (0 <= holder < len(s.monsters) and s.monsters[holder].alive):
            bad("INV-KONY-SPECIAL", f"{name} is held by seat {holder}, not in the game")
    return out
