"""The invariants of King of Tokyo: Duel, each with a stable id, stated once over Z3 terms.

Each property reads a symbolic :class:`~kot_rules.games.king_of_tokyo_duel.state.SymDuel`; the same
property decides a concrete state too (:func:`holds`: the state's values as Z3
constants, simplified), so the proofs, the reference's tests and later the engine's
tests read one definition.
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from kot_rules.engine.state import State
from kot_rules.games.king_of_tokyo_duel import concrete
from kot_rules.games.king_of_tokyo_duel.kernel import condition, wins
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
    WHITE_CAP,
    Bonus,
    SymDuel,
    SymTrack,
)
from kot_rules.verify import invariant
from kot_rules.verify.invariant import Invariant, Violation, of_state, plain_check
from kot_rules.verify.symbolic import Bool

DUEL = "king-of-tokyo-duel"
"""The games-registry id of King of Tokyo: Duel."""

def seats(s: SymDuel) -> Bool:
    return z3.And(len(s.monsters) == SEATS, len(s.tracks) == 2,
                  s.active >= 0, s.active < SEATS,
                  s.king_seat >= NOBODY, s.king_seat < SEATS,
                  s.winner >= NOBODY, s.winner < SEATS,
                  s.pull_left >= 0, s.puller >= 0, s.puller < SEATS,
                  s.pull_track >= 0, s.pull_track < len(s.tracks))


def hearts(s: SymDuel) -> Bool:
    return z3.And([z3.And(m.start >= 1, m.hearts >= 0, m.hearts <= m.start)
                   for m in s.monsters])


def energy(s: SymDuel) -> Bool:
    return z3.And([m.energy >= 0 for m in s.monsters])


def tokens(s: SymDuel) -> Bool:
    return z3.And([z3.And(m.tokens >= 0, m.tokens <= TOKEN_CAP) for m in s.monsters])


def dice(s: SymDuel) -> Bool:
    return z3.And(s.red >= 0, s.red <= RED_DICE, s.white >= 0, s.white <= WHITE_CAP,
                  s.red + s.white <= DICE_CAP,
                  z3.Implies(s.first_turn, z3.And(s.active == 0, s.red <= FIRST_TURN_DICE)))


def _standable(t: SymTrack, p: int) -> Bool:
    """A marker may stand on ``p``: a space not jumped, or an extra space that exists."""
    return z3.Not(t.get("jumped", p)) if p % 2 == 0 else t.get("extra", p)


def markers(s: SymDuel) -> Bool:
    out = []
    for t in s.tracks:
        out += [t.marker >= -SPAN, t.marker <= SPAN]
        out += [z3.Implies(t.marker == p, _standable(t, p)) for p in POSITIONS]
    return z3.And(out)


def _get(t: SymTrack, name: str, p: int) -> Bool:
    return t.get(name, p) if -SPAN <= p <= SPAN else z3.BoolVal(False)


def tiles(s: SymDuel) -> Bool:
    out = []
    for t in s.tracks:
        for p in POSITIONS:
            kind, n, covered = t.get("bonus", p), t.get("amount", p), t.get("covered", p)
            out += [kind >= int(Bonus.NONE), kind <= int(Bonus.TOKEN), n >= 1,
                    n <= AMOUNT_CAP, z3.Implies(kind != int(Bonus.NONE), covered)]
            if p % 2 == 0:
                king, jumped = t.get("king", p), t.get("jumped", p)
                out.append(z3.Implies(king, z3.And(covered, kind == int(Bonus.NONE),
                                                   s.king_seat != NOBODY)))
                out.append(z3.Implies(jumped, z3.And(
                    covered, z3.Not(king), _get(t, "covered", p - 2), _get(t, "covered", p + 2),
                    z3.Not(_get(t, "jumped", p - 2)), z3.Not(_get(t, "jumped", p + 2)),
                    z3.Not(_get(t, "extra", p - 1)), z3.Not(_get(t, "extra", p + 1)))))
            else:
                extra = t.get("extra", p)
                out.append(covered == extra)
                out.append(z3.Implies(extra, z3.And(_get(t, "covered", p - 1),
                                                    _get(t, "covered", p + 1))))
    return z3.And(out)


def victory(s: SymDuel) -> Bool:
    w0, w1 = wins(s, 0), wins(s, 1)
    outcome = z3.If(z3.And(w0, w1), NOBODY, z3.If(w0, 0, 1))
    return z3.And(s.over == condition(s), s.over == s.seen,
                  s.winner == z3.If(s.over, outcome, NOBODY),
                  z3.Implies(s.over, s.pull_left == 0))


def _invariant(invariant_id: str, statement: str, rules: tuple[str, ...],
               prop: Callable[[SymDuel], Bool], code: str) -> Invariant[SymDuel]:
    check = plain_check(concrete.findings, invariant_id, statement)
    return Invariant(invariant_id, statement, rules, check, of_state(prop), code)


INVARIANTS: tuple[Invariant[SymDuel], ...] = (
    _invariant("INV-DUEL-SEATS", "Exactly two monsters and two tracks; the active seat, "
                  "the puller, the winner and The King's seat are seats of the game (or "
                  "nobody).",
                  ("duel.setup.monsters", "duel.components.markers"), seats, "KOT311"),
    _invariant("INV-DUEL-HEARTS", "Each monster has 0 to its starting hearts.",
                  ("duel.setup.hearts", "duel.face.heal", "duel.components.life-wheel",
                   "D-DUEL-HEART-CAP"), hearts, "KOT312"),
    _invariant("INV-DUEL-ENERGY", "No monster has less than 0 energy.",
                  ("duel.face.energy", "duel.setup.second-player-energy"), energy, "KOT313"),
    _invariant("INV-DUEL-TOKENS", "Each monster holds 0 to 2 dice tokens.",
                  ("duel.roll.dice-token-cap", "D-DUEL-TOKEN-OVERFLOW"), tokens, "KOT314"),
    _invariant("INV-DUEL-DICE", "A roll has at most 6 ordinary and 2 extra dice, at most "
                  "8 in all, and at most 5 ordinary dice in the first player's first turn.",
                  ("duel.roll.six-dice", "duel.roll.dice-cap", "duel.roll.first-turn",
                   "D-DUEL-DICE-CAP"), dice, "KOT315"),
    _invariant("INV-DUEL-MARKERS", "Both markers lie within -7..+7, on a space a marker "
                  "can stand on (never a shortening tile's jumped middle; an in-between "
                  "space only where a lengthening tile makes one).",
                  ("duel.setup.tracks", "duel.track.one-step", "D-DUEL-COORDINATES",
                   "D-DUEL-PULL-STEPS", "D-DUEL-BUZZ-GEOMETRY"), markers, "KOT316"),
    _invariant("INV-DUEL-BUZZ", "The Buzz tiles lie legally: bonuses only on tiles, "
                  "King tiles without a bonus and only with The King in the game, a jumped "
                  "middle between two tile spaces, an extra space between two tile spaces.",
                  ("duel.buzz.placement", "duel.buzz.lengthen", "duel.buzz.shorten",
                   "D-DUEL-BUZZ-PLACEMENT", "D-DUEL-BUZZ-GEOMETRY", "D-DUEL-KING"), tiles,
                  "KOT317"),
    _invariant("INV-DUEL-VICTORY", "The game is over exactly when a victory condition "
                  "holds (the rival's last heart lost, a marker on a Victory space, both "
                  "markers in one player's spotlight zones), and it ends after the very event "
                  "that first meets one: it is over exactly when a condition held after some "
                  "event. The winner is the player who meets a condition; both at once is a "
                  "draw. A pull cut by a win loses its steps left.",
                  ("duel.end.any-moment", "duel.end.hearts", "duel.end.victory-space",
                   "duel.end.spotlight", "duel.end.immediate", "D-DUEL-WIN-CHECK",
                   "D-DUEL-PULL-STEPS", "D-DUEL-SPOTLIGHT", "D-DUEL-DOUBLE-KO"), victory, "KOT318"),
)
"""Every Duel invariant, in the order reports list them."""

BY_ID: dict[str, Invariant[SymDuel]] = {inv.id: inv for inv in INVARIANTS}
IDS: tuple[str, ...] = tuple(BY_ID)
"""The ids the Duel game definition lists as its ``invariants``."""


def all_hold(s: SymDuel) -> Bool:
    """Every invariant of ``s`` on its own (as the pre-state of a step)."""
    return invariant.all_hold(INVARIANTS, s)


def holds(invariant_id: str, s: SymDuel) -> bool:
    """``invariant_id`` on a concrete state (every field a Z3 constant)."""
    return invariant.holds(BY_ID[invariant_id], s)


def check_all(state: State) -> list[Violation]:
    """Every invariant the engine state ``state`` breaks (empty: it keeps them all): the
    view is read once for all of them (the soak's fast path)."""
    return invariant.check_found(concrete.findings, BY_ID, state)


def assert_all(state: State) -> None:
    """Raise :class:`InvariantViolation` if ``state`` breaks an invariant."""
    invariant.assert_kept(check_all(state), state)


def holds_symbolically(invariant_id: str, v: concrete.DuelView) -> bool:
    """``invariant_id``'s Z3 statement on a view (slow: for tests of the plain checks)."""
    return holds(invariant_id, concrete.symbolic(v))
