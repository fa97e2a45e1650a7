"""King of Tokyo: Duel's rule kernel, symbolically: every kernel step as a Z3 transition.

The module the Duel game definition names as its ``symbolic_model``: it offers the
steps (each returns ``(precondition, post-state)``, like
:mod:`kot_rules.games.king_of_tokyo.kernel`),
:data:`TRANSITIONS` (what the proofs cover), :data:`WEAKENINGS` with :func:`weakened`
(deliberately wrong steps for tests) and :func:`verify` (what ``kot-rules verify --game
king-of-tokyo-duel`` calls). Free choices (the puller, the amounts, the dice) are fresh
variables of a :class:`~kot_rules.verify.symbolic.Ctx`: a proof holds for all of them.

Every step ends with :func:`event`: the victory monitor sees the new state, then victory
is checked for both seats (D-DUEL-WIN-CHECK). A step never starts once the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import z3

from kot_rules.games.king_of_tokyo_duel.state import (
    AMOUNT_CAP,
    FIRST_TURN_DICE,
    NOBODY,
    POSITIONS,
    RED_DICE,
    SEATS,
    SECOND_PLAYER_ENERGY,
    SPAN,
    TOKEN_CAP,
    TRACKS,
    WHITE_CAP,
    Bonus,
    SymDuel,
    SymTrack,
    in_zone,
    ite,
    toward,
    victory_space,
)
from kot_rules.verify.common import KernelTransition, Weakenings
from kot_rules.verify.symbolic import Bool, Ctx, Int, zmax, zmin

Step = tuple[Bool, SymDuel]
"""A transition's precondition and post-state."""

WEAKENINGS: dict[str, str] = {
    "heal-cap": "healing ignores the starting hearts (D-DUEL-HEART-CAP)",
    "hearts-floor": "damage may take the hearts below 0",
    "token-cap": "gaining dice tokens ignores the cap of 2 (D-DUEL-TOKEN-OVERFLOW)",
    "white-cap": "extra dice from cards are not capped at 2 (D-DUEL-DICE-CAP)",
    "first-turn-six": "the first player rolls 6 dice on its first turn (duel.roll.first-turn)",
    "win-check-mid-pull": "a pull checks victory only after its last step (D-DUEL-PULL-STEPS)",
    "pull-at-once": "a pull moves the marker all its spaces in one move, unclamped, then "
                    "checks victory (the rejected reading of D-DUEL-PULL-STEPS)",
    "spotlight-puller-only": "only the puller can win by the spotlight (the rejected "
                             "reading of D-DUEL-SPOTLIGHT)",
    "double-ko-active-wins": "when both monsters meet a victory condition at once the "
                             "active one wins (the rejected reading of D-DUEL-DOUBLE-KO)",
    "tile-under-marker": "a Buzz tile may be placed under a marker (D-DUEL-BUZZ-PLACEMENT)",
    "pay-beyond-energy": "a card or a refresh may cost more energy than the monster has",
    "pull-no-clamp": "a step ignores the Victory space at the end of the track",
    "discount-floor": "discounts may bring a cost below 0 (the rejected reading of "
                      "D-DUEL-DISCOUNT-FLOOR)",
}
"""Deliberately wrong steps, for tests that a proof can fail. The last two break no
invariant: a step never starts from a Victory space (the game is over there), so the
clamp is never reached; a negative cost only adds energy. The tests say so, and the
differential test against :mod:`~kot_rules.games.king_of_tokyo_duel.reference` catches the second.
Test-only."""

_WEAK = Weakenings(WEAKENINGS)
weakened = _WEAK.weakened
"""Test-only: within the block, the named steps are wrong (see WEAKENINGS)."""
is_weakened = _WEAK.is_weakened
weakenings = _WEAK.weakenings
"""The weakenings in force (test-only; empty in a real run)."""


# -- victory (duel.end.*) --------------------------------------------------------------


def wins(s: SymDuel, seat: int, spotlight: Bool | bool = True) -> Bool:
    """``seat`` meets a victory condition: the rival has no heart left (duel.end.hearts),
    a marker is on ``seat``'s Victory space (duel.end.victory-space), or both markers are
    in ``seat``'s spotlight zones (duel.end.spotlight, D-DUEL-SPOTLIGHT)."""
    rival = s.m(1 - seat)
    markers = [t.marker for t in s.tracks]
    conditions = [rival.hearts <= 0] + [m == victory_space(seat) for m in markers]
    conditions.append(z3.And([spotlight, *(in_zone(seat, m) for m in markers)]))
    return z3.Or(conditions)


def condition(s: SymDuel) -> Bool:
    """Some victory condition holds, for either seat."""
    return z3.Or(wins(s, 0), wins(s, 1))


def observe(s: SymDuel) -> SymDuel:
    """The victory monitor (a ghost, not a rule): remembers that a condition held."""
    return replace(s, seen=z3.Or(s.seen, condition(s)))


def check(s: SymDuel, puller: Int | None = None) -> SymDuel:
    """duel.end.any-moment, D-DUEL-WIN-CHECK: if a condition holds for either seat the
    game ends now; both at once is a draw (D-DUEL-DOUBLE-KO; our reading extends it from
    two knock-outs to any two conditions met by one event, e.g. a rival's pull that brings
    a marker into my zone onto a smash bonus that takes my last heart)."""
    weak = is_weakened("spotlight-puller-only") and puller is not None
    w0, w1 = (wins(s, seat, spotlight=puller == seat if weak else True)
              for seat in range(SEATS))
    both: Int = s.active if is_weakened("double-ko-active-wins") else z3.IntVal(NOBODY)
    winner = z3.If(z3.And(w0, w1), both, z3.If(w0, 0, 1))
    done = z3.Or(w0, w1)
    return ite(s.over, s, replace(s, over=done, winner=z3.If(done, winner, NOBODY)))


def event(s: SymDuel, puller: Int | None = None) -> SymDuel:
    """After every event: the monitor sees it, then victory is checked (D-DUEL-WIN-CHECK)."""
    return check(observe(s), puller)


# -- primitives on one monster (no victory check of their own) ----------------------------


def lose_hearts(s: SymDuel, seat: int, n: Int | int) -> SymDuel:
    """duel.face.smash: each damage takes one heart off the wheel, never below 0
    (duel.components.life-wheel)."""
    m = s.m(seat)
    lost = n if is_weakened("hearts-floor") else zmin(n, m.hearts)
    return s.with_monster(seat, replace(m, hearts=m.hearts - lost))


def heal(s: SymDuel, seat: int, n: Int | int) -> SymDuel:
    """duel.face.heal, D-DUEL-HEART-CAP: every healing is capped at the starting hearts;
    healing at the cap is lost."""
    m = s.m(seat)
    healed = n if is_weakened("heal-cap") else zmax(0, zmin(n, m.start - m.hearts))
    return s.with_monster(seat, replace(m, hearts=m.hearts + healed))


def gain_energy(s: SymDuel, seat: int, n: Int | int) -> SymDuel:
    """duel.face.energy, duel.face.energy-unlimited: energy has no cap."""
    m = s.m(seat)
    return s.with_monster(seat, replace(m, energy=m.energy + n))


def gain_tokens(s: SymDuel, seat: int, n: Int | int) -> SymDuel:
    """duel.roll.dice-token-cap, D-DUEL-TOKEN-OVERFLOW: the gain beyond 2 is lost."""
    m = s.m(seat)
    tokens = m.tokens + n if is_weakened("token-cap") else zmin(TOKEN_CAP, m.tokens + n)
    return s.with_monster(seat, replace(m, tokens=tokens))


def at_seat(s: SymDuel, seat: Int, f: Callable[[SymDuel, int], SymDuel]) -> SymDuel:
    """``f`` applied to the monster at the symbolic ``seat`` (0 or 1)."""
    return ite(seat == 0, f(s, 0), f(s, 1))


# -- the tracks (duel.track.*, duel.buzz.*) ------------------------------------------------


def lookup(t: SymTrack, name: str, position: Int) -> Any:
    """The field ``name`` of ``t`` at the symbolic ``position`` (its value at −14 outside)."""
    value = t.get(name, -SPAN)
    for p in POSITIONS[1:]:
        value = z3.If(position == p, t.get(name, p), value)
    return value


def _flag(t: SymTrack, name: str, p: int) -> Bool:
    return t.get(name, p) if -SPAN <= p <= SPAN else z3.BoolVal(False)


def next_from(t: SymTrack, p: int, seat: int) -> Int:
    """Where one step of ``seat``'s pull takes a marker standing on the concrete ``p``
    (D-DUEL-BUZZ-GEOMETRY): from an extra space to the tile's next space; onto a
    lengthening tile's extra space; across a shortening tile's jumped middle; else the
    next space. Never past the Victory space (D-DUEL-PULL-STEPS)."""
    d = toward(seat)
    if p % 2:
        q: Int = z3.IntVal(p + d)
    else:
        q = z3.If(_flag(t, "extra", p + d), p + d,
                  z3.If(_flag(t, "jumped", p + 2 * d), p + 4 * d, p + 2 * d))
    if is_weakened("pull-no-clamp"):
        return q
    return zmax(-SPAN, zmin(SPAN, q))


def _moved(t: SymTrack, puller: Int) -> Int:
    """Where one step of ``puller``'s pull takes ``t``'s marker."""
    seat = _known(puller)
    value = t.marker
    for p in POSITIONS:
        # A known puller (a card's pull) needs only its own direction: a smaller term.
        step = (z3.If(puller == 0, next_from(t, p, 0), next_from(t, p, 1)) if seat is None
                else next_from(t, p, seat))
        value = z3.If(t.marker == p, step, value)
    return value


def _known(v: Any) -> int | None:
    """``v`` as a Python int when it is a Z3 numeral, else None."""
    return v.as_long() if z3.is_int_value(v) else None


def pull_step(s: SymDuel) -> tuple[SymDuel, Bool]:
    """duel.track.one-step, D-DUEL-PULL-STEPS: the puller pulls its track's marker one
    step; the bonus of the space reached goes to the puller (duel.buzz.bonus,
    D-DUEL-BUZZ-BONUS: smash = damage to the rival, heal capped, energy, a dice token
    capped). Returns the state (victory not yet checked) and whether a King tile stops the
    pull there (duel.king.stop, D-DUEL-KING: only the King's rival is stopped)."""
    # A known track (a card's pull) leaves the other marker as it is: smaller terms.
    known = _known(s.pull_track)
    pulled = [known is None or known == k for k in range(len(TRACKS))]
    if is_weakened("pull-at-once"):
        d = z3.If(s.puller == 0, -2, 2)
        targets = [t.marker + d * s.pull_left for t in s.tracks]
    else:
        targets = [_moved(t, s.puller) if on else t.marker
                   for t, on in zip(s.tracks, pulled, strict=True)]
    chosen = [s.pull_track == k for k in range(len(TRACKS))]
    moved = replace(s, tracks=tuple(replace(t, marker=z3.If(c, q, t.marker))
                                    for t, q, c in zip(s.tracks, targets, chosen, strict=True)))

    def at(name: str) -> Any:
        (t0, t1), (q0, q1) = s.tracks, targets
        if known is not None:
            return lookup(s.tracks[known], name, targets[known])
        return z3.If(chosen[0], lookup(t0, name, q0), lookup(t1, name, q1))

    stop = z3.And(at("king"), s.king_seat != s.puller)
    return bonus_to(moved, s.puller, at("bonus"), at("amount")), stop


def bonus_to(s: SymDuel, seat: Int, kind: Int, n: Int) -> SymDuel:
    """duel.buzz.bonus-kinds: a bonus of ``kind`` and amount ``n`` given to ``seat``."""
    return ite(kind == int(Bonus.SMASH), at_seat(s, 1 - seat, lambda u, k: lose_hearts(u, k, n)),
               ite(kind == int(Bonus.HEAL), at_seat(s, seat, lambda u, k: heal(u, k, n)),
                   ite(kind == int(Bonus.ENERGY),
                       at_seat(s, seat, lambda u, k: gain_energy(u, k, n)),
                       ite(kind == int(Bonus.TOKEN),
                           at_seat(s, seat, lambda u, k: gain_tokens(u, k, n)), s))))


# -- kernel steps -----------------------------------------------------------------------


def _seat(ctx: Ctx, kind: str) -> tuple[Int, Bool]:
    v = ctx.integer(kind)
    return v, v < SEATS


def idle(s: SymDuel) -> Bool:
    """A step other than a pull's may happen: the game goes on and no pull is under way
    (a pull's steps follow each other; only its own bonuses come between them)."""
    return z3.And(z3.Not(s.over), s.pull_left == 0)


def pull_begin(ctx: Ctx, s: SymDuel) -> Step:
    """duel.face.fame-destruction, duel.track.pull, D-DUEL-PULL-STEPS: a monster (with
    its dice, a card or a power) starts to pull one marker ``n`` spaces; the steps follow
    one by one (:func:`pull_on`)."""
    seat, seat_ok = _seat(ctx, "puller")
    track = ctx.integer("track")
    n = ctx.integer("steps")
    t = replace(s, pull_left=n, puller=seat, pull_track=track)
    return z3.And(idle(s), seat_ok, track < len(TRACKS)), t


def faces_pull(ctx: Ctx, s: SymDuel) -> Step:
    """duel.face.fame-destruction, D-DUEL-RESOLVE-ORDER: the active monster resolves its
    fame (or destruction) faces all together: n faces pull that marker n - 2 spaces toward
    it, fewer than three nothing."""
    track = ctx.integer("track")
    faces = ctx.integer("faces")
    t = replace(s, pull_left=zmax(0, faces - 2), puller=s.active, pull_track=track)
    return z3.And(idle(s), track < len(TRACKS)), t


def pull_on(ctx: Ctx, s: SymDuel) -> Step:
    """duel.track.one-step, duel.buzz.bonus, duel.king.stop, duel.end.immediate;
    D-DUEL-PULL-STEPS, D-DUEL-BUZZ-GEOMETRY, D-DUEL-BUZZ-BONUS, D-DUEL-KING,
    D-DUEL-SPOTLIGHT: the next step of the pull under way, its bonus, then victory for
    both seats. A win or a King tile loses the steps left."""
    after, stop = pull_step(s)
    if is_weakened("pull-at-once"):
        return z3.And(z3.Not(s.over), s.pull_left > 0), replace(event(after, s.puller),
                                                                  pull_left=z3.IntVal(0))
    if is_weakened("win-check-mid-pull"):
        after = ite(s.pull_left > 1, observe(after), event(after, s.puller))
    else:
        after = event(after, s.puller)
    left = z3.If(z3.Or(after.over, stop), 0, s.pull_left - 1)
    return z3.And(z3.Not(s.over), s.pull_left > 0), replace(after, pull_left=left)


def damage_one(ctx: Ctx, s: SymDuel) -> Step:
    """duel.face.smash, duel.end.hearts, D-DUEL-WIN-CHECK: one monster loses hearts (the
    rival's smash faces, a card, its own card's damage); victory is checked at once."""
    seat, ok = _seat(ctx, "target")
    n = ctx.integer("damage")
    return z3.And(idle(s), ok), event(at_seat(s, seat, lambda t, k: lose_hearts(t, k, n)))


def damage_both(ctx: Ctx, s: SymDuel) -> Step:
    """D-DUEL-DOUBLE-KO: a card damages both monsters at the same moment; both knocked
    out is a draw."""
    n0, n1 = ctx.integer("damage", 0), ctx.integer("damage", 1)
    return idle(s), event(lose_hearts(lose_hearts(s, 0, n0), 1, n1))


def heal_step(ctx: Ctx, s: SymDuel) -> Step:
    """duel.face.heal, D-DUEL-HEART-CAP: a monster heals (faces, a card, a bonus)."""
    seat, ok = _seat(ctx, "healed")
    n = ctx.integer("healing")
    return z3.And(idle(s), ok), event(at_seat(s, seat, lambda t, k: heal(t, k, n)))


def energy_step(ctx: Ctx, s: SymDuel) -> Step:
    """duel.face.energy, duel.buy.energy-instead: a monster gains energy."""
    seat, ok = _seat(ctx, "gainer")
    n = ctx.integer("energy")
    return z3.And(idle(s), ok), event(at_seat(s, seat, lambda t, k: gain_energy(t, k, n)))


def tokens_step(ctx: Ctx, s: SymDuel) -> Step:
    """duel.roll.dice-token-cap, D-DUEL-TOKEN-OVERFLOW: a monster gains dice tokens (a
    card, Space Penguin's power, a bonus)."""
    seat, ok = _seat(ctx, "gainer")
    n = ctx.integer("tokens")
    return z3.And(idle(s), ok), event(at_seat(s, seat, lambda t, k: gain_tokens(t, k, n)))


def pay(ctx: Ctx, s: SymDuel) -> Step:
    """duel.buy.cost, duel.buy.discount, duel.buy.refresh, D-DUEL-DISCOUNT-FLOOR,
    D-DUEL-REFRESH-LIMIT: the active monster pays for a card (its printed cost less every
    discount, the rightmost space's 1 included, never below 0) or 2 energy for a refresh,
    never more than it has."""
    cost = ctx.integer("cost")
    discount = ctx.integer("discount")
    paid = cost - discount if is_weakened("discount-floor") else zmax(0, cost - discount)
    energy = z3.If(s.active == 0, s.m(0).energy, s.m(1).energy)
    legal = idle(s) if is_weakened("pay-beyond-energy") else z3.And(idle(s), paid <= energy)
    t = at_seat(s, s.active, lambda u, k: u.with_monster(
        k, replace(u.m(k), energy=u.m(k).energy - paid)))
    return legal, event(t)


def roll(ctx: Ctx, s: SymDuel) -> Step:
    """duel.roll.six-dice, duel.roll.first-turn, duel.roll.dice-tokens, duel.roll.dice-cap,
    D-DUEL-DICE-CAP: the dice of the active monster's roll phase. Six ordinary dice (five
    on the first player's first turn) less those cards remove; extra dice first from cards
    and powers (beyond 2 not rolled), then one per spent token, spent only up to the caps."""
    removed = ctx.integer("dice-removed")
    from_cards = ctx.integer("dice-from-cards")
    spent = ctx.integer("tokens-spent")
    base = RED_DICE if is_weakened("first-turn-six") else z3.If(s.first_turn, FIRST_TURN_DICE,
                                                                RED_DICE)
    red = base - removed
    from_cards_rolled = from_cards if is_weakened("white-cap") else zmin(WHITE_CAP, from_cards)
    white = from_cards_rolled + spent
    tokens = z3.If(s.active == 0, s.m(0).tokens, s.m(1).tokens)
    # Tokens may be spent only up to the cap (the cards' dice counted first); 6 + 2 = 8,
    # so the 8-dice cap follows (duel.roll.dice-cap).
    legal = z3.And(idle(s), s.red == 0, s.white == 0, removed <= base, spent <= tokens,
                   zmin(WHITE_CAP, from_cards) + spent <= WHITE_CAP)
    t = at_seat(s, s.active, lambda u, k: u.with_monster(
        k, replace(u.m(k), tokens=u.m(k).tokens - spent)))
    return legal, event(replace(t, red=red, white=white))


def end_turn(ctx: Ctx, s: SymDuel) -> Step:
    """duel.end-turn.pass, duel.turn.alternate: the dice pass to the rival; the first
    player's first turn is over (duel.roll.first-turn)."""
    t = replace(s, active=1 - s.active, first_turn=z3.BoolVal(False), red=z3.IntVal(0),
                white=z3.IntVal(0))
    return idle(s), event(t)


def place_tile(ctx: Ctx, s: SymDuel) -> Step:
    """duel.buzz.placement, duel.buzz.place-on-buy, duel.king.tiles, D-DUEL-BUZZ-PLACEMENT,
    D-DUEL-BUZZ-GEOMETRY, D-DUEL-KING: a tile of 1, 2 or 3 spaces on consecutive free
    spaces of one track, none under a marker. A 2-space tile that bends lengthens the
    track (its bonus is on the extra space); a 3-space one shortens it (no bonus); a
    King tile is a 1-space tile without a bonus. Victory is checked after it."""
    k = ctx.integer("track")
    start = ctx.integer("first-space", lo=None)  # the tile's lowest space, a rule space x
    size = ctx.integer("tile-size", lo=1)
    bends = ctx.boolean("tile-bends")
    king = ctx.boolean("king-tile")
    bonuses = [ctx.integer("tile-bonus") for _ in range(3)]
    amounts = [ctx.integer("tile-amount", lo=1) for _ in range(3)]
    middle = ctx.integer("tile-bonus")
    middle_n = ctx.integer("tile-amount", lo=1)
    p0 = 2 * start
    legal = [idle(s), k < len(TRACKS), size <= 3, p0 >= -SPAN, p0 + 2 * (size - 1) <= SPAN,
             z3.Implies(bends, size >= 2), z3.Implies(king, z3.And(size == 1, s.king_seat >= 0)),
             *[z3.And(b <= int(Bonus.TOKEN), n <= AMOUNT_CAP)
               for b, n in zip([*bonuses, middle], [*amounts, middle_n], strict=True)]]
    out = s
    for kk in range(len(TRACKS)):
        t = s.tracks[kk]
        spaces = [p0 + 2 * j for j in range(3)]
        used = [z3.BoolVal(True), size >= 2, size >= 3]
        for q, u in zip(spaces, used, strict=True):
            free = z3.And(z3.Not(lookup(t, "covered", q)),
                          True if is_weakened("tile-under-marker")
                          else z3.And([tr.marker != q for tr in s.tracks]))
            legal.append(z3.Implies(z3.And(k == kk, u), free))
        out = ite(k == kk, s.with_track(kk, _laid(t, p0, size, bends, king, bonuses, amounts,
                                                  middle, middle_n)), out)
    return z3.And(legal), event(out)


def _laid(t: SymTrack, p0: Int, size: Int, bends: Bool, king: Bool, bonuses: list[Int],
          amounts: list[Int], middle: Int, middle_n: Int) -> SymTrack:
    covered, bonus, amount, kings, jumped, extra = (list(t.covered), list(t.bonus),
                                                    list(t.amount), list(t.king),
                                                    list(t.jumped), list(t.extra))
    for i, p in enumerate(POSITIONS):
        on = [z3.And(p == p0 + 2 * j, size > j) for j in range(3)]
        tile = z3.Or(on)
        covered[i] = z3.If(tile, True, covered[i])
        if p % 2 == 0:
            # A bent tile's own spaces carry no bonus (the fact sheet's two lengthening and
            # one shortening tiles have none).
            b = z3.If(z3.Or(bends, king), 0,
                      z3.If(on[0], bonuses[0], z3.If(on[1], bonuses[1], bonuses[2])))
            n = z3.If(on[0], amounts[0], z3.If(on[1], amounts[1], amounts[2]))
            bonus[i] = z3.If(tile, b, bonus[i])
            amount[i] = z3.If(tile, n, amount[i])
            kings[i] = z3.If(tile, king, kings[i])
            if abs(p) < SPAN:
                jumped[i] = z3.If(z3.And(on[1], bends, size == 3), True, jumped[i])
        else:
            gap = z3.And(bends, size == 2, p == p0 + 1)
            covered[i] = z3.If(gap, True, covered[i])
            extra[i] = z3.If(gap, True, extra[i])
            bonus[i] = z3.If(gap, middle, bonus[i])
            amount[i] = z3.If(gap, middle_n, amount[i])
    return replace(t, covered=tuple(covered), bonus=tuple(bonus), amount=tuple(amount),
                   king=tuple(kings), jumped=tuple(jumped), extra=tuple(extra))


def setup(ctx: Ctx, s: SymDuel) -> Step:
    """duel.setup.monsters, duel.setup.hearts, duel.setup.markers, duel.setup.second-player-
    energy, D-DUEL-FIRST-PLAYER: two monsters at their starting hearts, the markers in the
    centre, no tile on the board, seat 0 to play its first turn, seat 1 with 1 energy."""
    starts = [ctx.integer("start-hearts", k, lo=1) for k in range(SEATS)]
    king = ctx.integer("king-seat", lo=NOBODY)
    ms = tuple(replace(s.m(k), hearts=starts[k], start=starts[k],
                       energy=z3.IntVal(SECOND_PLAYER_ENERGY if k == 1 else 0),
                       tokens=z3.IntVal(0)) for k in range(SEATS))
    false, zero = z3.BoolVal(False), z3.IntVal(0)
    blank = tuple(false for _ in POSITIONS)
    ts = tuple(SymTrack(zero, blank, tuple(zero for _ in POSITIONS),
                        tuple(z3.IntVal(1) for _ in POSITIONS), blank, blank, blank)
               for _ in TRACKS)
    t = SymDuel(ms, ts, zero, z3.BoolVal(True), zero, zero, king, zero, zero, zero, false,
                z3.IntVal(NOBODY), false)
    return king < SEATS, t


DuelTransition = KernelTransition[SymDuel]
"""One kernel step the proofs cover, with the rules and decisions it rests on."""


TRANSITIONS: tuple[DuelTransition, ...] = (
    DuelTransition("set-up", setup, ("duel.setup.monsters", "duel.setup.hearts",
                                     "duel.setup.markers", "duel.setup.second-player-energy",
                                     "D-DUEL-FIRST-PLAYER"), initial=True),
    DuelTransition("roll: the dice of a roll phase", roll,
                   ("duel.roll.six-dice", "duel.roll.first-turn", "duel.roll.dice-tokens",
                    "duel.roll.dice-cap", "D-DUEL-DICE-CAP")),
    DuelTransition("pull: begin", pull_begin,
                   ("duel.face.fame-destruction", "duel.track.pull", "D-DUEL-PULL-STEPS")),
    DuelTransition("pull: fame or destruction faces", faces_pull,
                   ("duel.face.fame-destruction", "D-DUEL-RESOLVE-ORDER")),
    DuelTransition("pull: next step", pull_on,
                   ("duel.track.one-step", "duel.buzz.bonus", "duel.king.stop",
                    "duel.end.immediate", "D-DUEL-PULL-STEPS", "D-DUEL-BUZZ-GEOMETRY",
                    "D-DUEL-BUZZ-BONUS", "D-DUEL-KING", "D-DUEL-SPOTLIGHT")),
    DuelTransition("damage: one monster", damage_one,
                   ("duel.face.smash", "duel.end.hearts", "D-DUEL-WIN-CHECK")),
    DuelTransition("damage: both monsters at once", damage_both,
                   ("duel.end.hearts", "D-DUEL-DOUBLE-KO")),
    DuelTransition("heal", heal_step, ("duel.face.heal", "D-DUEL-HEART-CAP")),
    DuelTransition("gain energy", energy_step, ("duel.face.energy", "duel.buy.energy-instead")),
    DuelTransition("gain dice tokens", tokens_step,
                   ("duel.roll.dice-token-cap", "D-DUEL-TOKEN-OVERFLOW")),
    DuelTransition("place a Buzz tile", place_tile,
                   ("duel.buzz.placement", "duel.king.tiles", "D-DUEL-BUZZ-PLACEMENT",
                    "D-DUEL-BUZZ-GEOMETRY", "D-DUEL-KING")),
    DuelTransition("pay for a card or a refresh", pay,
                   ("duel.buy.cost", "duel.buy.discount", "duel.buy.refresh",
                    "D-DUEL-DISCOUNT-FLOOR", "D-DUEL-REFRESH-LIMIT")),
    DuelTransition("end of turn", end_turn, ("duel.end-turn.pass", "duel.roll.first-turn")),
)
"""Every kernel step of Duel, in the order reports list them."""
