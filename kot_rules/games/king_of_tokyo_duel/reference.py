"""King of Tokyo: Duel's kernel steps and victory as tiny pure Python functions.

The executable reference of :mod:`kot_rules.games.king_of_tokyo_duel.kernel`: the same steps on
concrete values, written plainly from the rules. tests/verify/test_duel_reference.py
holds the Z3 transitions to it on random states; the Duel engine can be held to it the
same way. Positions are doubled coordinates, as in :mod:`kot_rules.games.king_of_tokyo_duel.state`.
Every function returns a new state; an illegal step raises :class:`IllegalStep`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kot_rules.games.king_of_tokyo_duel.state import (
    FIRST_TURN_DICE,
    NOBODY,
    POSITIONS,
    RED_DICE,
    SECOND_PLAYER_ENERGY,
    SPAN,
    TOKEN_CAP,
    TRACKS,
    WHITE_CAP,
    ZONE_FAR,
    ZONE_NEAR,
    Bonus,
)


class IllegalStep(ValueError):
    """A step the rules do not allow in this state (the state is unchanged)."""


@dataclass(frozen=True)
class Monster:
    hearts: int
    start: int
    energy: int = 0
    tokens: int = 0


@dataclass(frozen=True)
class Track:
    """A marker (doubled position) and the tiles, position by position (index p + 14)."""

    marker: int = 0
    covered: tuple[bool, ...] = tuple(False for _ in POSITIONS)
    bonus: tuple[int, ...] = tuple(0 for _ in POSITIONS)
    amount: tuple[int, ...] = tuple(1 for _ in POSITIONS)
    king: tuple[bool, ...] = tuple(False for _ in POSITIONS)
    jumped: tuple[bool, ...] = tuple(False for _ in POSITIONS)
    extra: tuple[bool, ...] = tuple(False for _ in POSITIONS)

    def at(self, name: str, p: int) -> int | bool:
        """Field ``name`` at position ``p`` (False/0 off the track)."""
        if not -SPAN <= p <= SPAN:
            return False
        value: int | bool = getattr(self, name)[p + SPAN]
        return value


@dataclass(frozen=True)
class Duel:
    monsters: tuple[Monster, Monster]
    tracks: tuple[Track, Track] = (Track(), Track())
    active: int = 0
    first_turn: bool = True
    red: int = 0
    white: int = 0
    king_seat: int = NOBODY
    pull_left: int = 0
    puller: int = 0
    pull_track: int = 0
    over: bool = False
    winner: int = NOBODY


def _with_monster(s: Duel, seat: int, m: Monster) -> Duel:
    ms = list(s.monsters)
    ms[seat] = m
    return replace(s, monsters=(ms[0], ms[1]))


def _with_track(s: Duel, k: int, t: Track) -> Duel:
    ts = list(s.tracks)
    ts[k] = t
    return replace(s, tracks=(ts[0], ts[1]))


# -- victory --------------------------------------------------------------------------


def in_zone(seat: int, p: int) -> bool:
    """D-DUEL-BUZZ-GEOMETRY: in doubled coordinates a zone is one closed interval."""
    lo, hi = 2 * ZONE_NEAR, 2 * ZONE_FAR
    return -hi <= p <= -lo if seat == 0 else lo <= p <= hi


def wins(s: Duel, seat: int) -> bool:
    """duel.end.hearts, duel.end.victory-space, duel.end.spotlight."""
    goal = -SPAN if seat == 0 else SPAN
    return (s.monsters[1 - seat].hearts <= 0
            or any(t.marker == goal for t in s.tracks)
            or all(in_zone(seat, t.marker) for t in s.tracks))


def check(s: Duel) -> Duel:
    """D-DUEL-WIN-CHECK, D-DUEL-DOUBLE-KO: both seats at once is a draw."""
    if s.over:
        return s
    w0, w1 = wins(s, 0), wins(s, 1)
    if not (w0 or w1):
        return s
    return replace(s, over=True, winner=NOBODY if w0 and w1 else 0 if w0 else 1,
                   pull_left=0)


def _require(ok: bool, why: str) -> None:
    if not ok:
        raise IllegalStep(why)


def _idle(s: Duel) -> None:
    _require(not s.over, "the game is over")
    _require(s.pull_left == 0, "a pull is under way")


# -- one monster -------------------------------------------------------------------------


def lose_hearts(s: Duel, seat: int, n: int) -> Duel:
    m = s.monsters[seat]
    return _with_monster(s, seat, replace(m, hearts=m.hearts - min(n, m.hearts)))


def heal(s: Duel, seat: int, n: int) -> Duel:
    m = s.monsters[seat]
    return _with_monster(s, seat, replace(m, hearts=m.hearts + max(0, min(n, m.start - m.hearts))))


def gain_energy(s: Duel, seat: int, n: int) -> Duel:
    m = s.monsters[seat]
    return _with_monster(s, seat, replace(m, energy=m.energy + n))


def gain_tokens(s: Duel, seat: int, n: int) -> Duel:
    m = s.monsters[seat]
    return _with_monster(s, seat, replace(m, tokens=min(TOKEN_CAP, m.tokens + n)))


# -- the steps ----------------------------------------------------------------------------


def next_position(t: Track, p: int, seat: int) -> int:
    """D-DUEL-BUZZ-GEOMETRY: one step of ``seat``'s pull from ``p``."""
    d = -1 if seat == 0 else 1
    if p % 2 or t.at("extra", p + d):
        q = p + d
    elif t.at("jumped", p + 2 * d):
        q = p + 4 * d
    else:
        q = p + 2 * d
    return max(-SPAN, min(SPAN, q))


def _bonus(s: Duel, seat: int, kind: int, n: int) -> Duel:
    if kind == Bonus.SMASH:
        return lose_hearts(s, 1 - seat, n)
    if kind == Bonus.HEAL:
        return heal(s, seat, n)
    if kind == Bonus.ENERGY:
        return gain_energy(s, seat, n)
    if kind == Bonus.TOKEN:
        return gain_tokens(s, seat, n)
    return s


def pull_begin(s: Duel, seat: int, track: int, n: int) -> Duel:
    _idle(s)
    _require(seat in (0, 1) and track in (0, 1) and n >= 0, "no such pull")
    return replace(s, pull_left=n, puller=seat, pull_track=track)


def faces_pull(s: Duel, track: int, faces: int) -> Duel:
    """duel.face.fame-destruction: n faces of a kind begin a pull of n - 2 spaces."""
    return pull_begin(s, s.active, track, max(0, faces - 2))


def pull_step(s: Duel) -> Duel:
    """D-DUEL-PULL-STEPS: move, the bonus to the puller, victory; a win or a King tile
    of the puller's rival loses the steps left."""
    _require(not s.over and s.pull_left > 0, "no pull under way")
    t = s.tracks[s.pull_track]
    q = next_position(t, t.marker, s.puller)
    s = _with_track(s, s.pull_track, replace(t, marker=q))
    s = _bonus(s, s.puller, int(t.at("bonus", q)), int(t.at("amount", q)))
    stop = bool(t.at("king", q)) and s.king_seat != s.puller
    s = check(s)
    return replace(s, pull_left=0 if s.over or stop else s.pull_left - 1)


def pull(s: Duel, seat: int, track: int, n: int) -> Duel:
    """A whole pull: its steps one by one until done, won or stopped."""
    s = pull_begin(s, seat, track, n)
    while s.pull_left > 0:
        s = pull_step(s)
    return s


def damage(s: Duel, seat: int, n: int) -> Duel:
    _idle(s)
    return check(lose_hearts(s, seat, n))


def damage_both(s: Duel, n0: int, n1: int) -> Duel:
    _idle(s)
    return check(lose_hearts(lose_hearts(s, 0, n0), 1, n1))


def heal_step(s: Duel, seat: int, n: int) -> Duel:
    _idle(s)
    return check(heal(s, seat, n))


def energy_step(s: Duel, seat: int, n: int) -> Duel:
    _idle(s)
    return check(gain_energy(s, seat, n))


def tokens_step(s: Duel, seat: int, n: int) -> Duel:
    _idle(s)
    return check(gain_tokens(s, seat, n))


def pay(s: Duel, cost: int, discount: int) -> Duel:
    """D-DUEL-DISCOUNT-FLOOR: every discount applies, the total never below 0."""
    _idle(s)
    me = s.monsters[s.active]
    paid = max(0, cost - discount)
    _require(paid <= me.energy, f"{paid} energy to pay, {me.energy} held")
    return check(_with_monster(s, s.active, replace(me, energy=me.energy - paid)))


def roll(s: Duel, removed: int, from_cards: int, spent: int) -> Duel:
    """D-DUEL-DICE-CAP: the dice of the active monster's roll phase."""
    _idle(s)
    base = FIRST_TURN_DICE if s.first_turn else RED_DICE
    cards = min(WHITE_CAP, from_cards)
    me = s.monsters[s.active]
    _require(s.red == 0 and s.white == 0, "already rolled this turn")
    _require(0 <= removed <= base, f"cannot remove {removed} of {base} dice")
    _require(0 <= spent <= me.tokens, f"cannot spend {spent} of {me.tokens} tokens")
    _require(cards + spent <= WHITE_CAP, "more than 2 extra dice")
    s = _with_monster(s, s.active, replace(me, tokens=me.tokens - spent))
    return check(replace(s, red=base - removed, white=cards + spent))


def end_turn(s: Duel) -> Duel:
    _idle(s)
    return check(replace(s, active=1 - s.active, first_turn=False, red=0, white=0))


def place_tile(s: Duel, track: int, first_space: int, size: int, bends: bool, king: bool,
               bonuses: tuple[int, int, int], amounts: tuple[int, int, int],
               middle: int, middle_n: int) -> Duel:
    """D-DUEL-BUZZ-PLACEMENT: a tile on ``size`` consecutive free spaces from
    ``first_space`` (a rule space x) upward, none under a marker."""
    _idle(s)
    p0 = 2 * first_space
    spaces = [p0 + 2 * j for j in range(size)]
    _require(track in (0, 1) and 1 <= size <= 3, "no such tile")
    _require(p0 >= -SPAN and spaces[-1] <= SPAN, "off the track")
    _require(not bends or size >= 2, "a 1-space tile cannot bend")
    _require(not king or (size == 1 and s.king_seat != NOBODY), "no such King tile")
    _require(all(0 <= b <= Bonus.TOKEN for b in (*bonuses, middle)), "no such bonus")
    _require(all(1 <= n <= 2 for n in (*amounts, middle_n)), "no such amount")
    t = s.tracks[track]
    markers = {tr.marker for tr in s.tracks}
    _require(all(not t.at("covered", q) and q not in markers for q in spaces), "not free")
    covered, bonus, amount = list(t.covered), list(t.bonus), list(t.amount)
    kings, jumped, extra = list(t.king), list(t.jumped), list(t.extra)
    for j, q in enumerate(spaces):
        i = q + SPAN
        covered[i] = True
        bonus[i] = 0 if bends or king else bonuses[j]
        amount[i] = amounts[j]
        kings[i] = king
    if bends and size == 3:
        jumped[p0 + 2 + SPAN] = True
    if bends and size == 2:
        i = p0 + 1 + SPAN
        covered[i], extra[i], bonus[i], amount[i] = True, True, middle, middle_n
    laid = Track(t.marker, tuple(covered), tuple(bonus), tuple(amount), tuple(kings),
                 tuple(jumped), tuple(extra))
    return check(_with_track(s, track, laid))


def setup(start0: int, start1: int, king_seat: int = NOBODY) -> Duel:
    """duel.setup.*: full hearts, markers in the centre, seat 1 with 1 energy."""
    _require(start0 >= 1 and start1 >= 1 and NOBODY <= king_seat <= 1, "no such set-up")
    return Duel((Monster(start0, start0), Monster(start1, start1, SECOND_PLAYER_ENERGY)),
                king_seat=king_seat)


__all__ = ["TRACKS", "Duel", "IllegalStep", "Monster", "Track", "check", "wins"]
