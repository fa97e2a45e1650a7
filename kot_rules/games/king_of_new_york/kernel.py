"""King of New York's rule kernel, symbolically: every kernel step as a Z3 transition.

The module the New York game definition names as its ``symbolic_model``: the steps (each
returns ``(precondition, post-state)``, like :mod:`kot_rules.games.king_of_tokyo_duel.kernel`),
:data:`TRANSITIONS` (what the proofs cover), :data:`WEAKENINGS` with :func:`weakened`
(deliberately wrong steps for tests) and :func:`verify` (what ``kot-rules verify --game
king-of-new-york`` calls). Free choices (dice, boroughs, tiles) are fresh variables of a
:class:`~kot_rules.verify.symbolic.Ctx`: a proof holds for all of them.

Seat 0 is the active monster (:mod:`kot_rules.games.king_of_new_york.state`). A step happens while
the game goes on and the active monster is in it (an eliminated active monster's turn
ends at once: only the end of the turn follows); victory is checked only at the end of a
turn (kony.end.victory-at-end-of-turn).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import z3

from kot_rules.games.king_of_new_york.board import ZONES
from kot_rules.games.king_of_new_york.rules import (
    CELEBRITY_SET,
    ENTRY_STARS,
    OUCH_BOROUGH,
    OUCH_CITY,
    STATUE_STARS,
    SUPERSTAR_STARS,
    SWEEP_COST,
)
from kot_rules.games.king_of_new_york.state import (
    BUILDING_SIDES,
    ENERGY,
    MANHATTAN_I,
    NOBODY,
    NOWHERE,
    OUTER_COUNT,
    PER_BOROUGH,
    SEATS,
    STAR,
    TOP_ZONE,
    UNIT_SIDES,
    SymKony,
    SymKonyMonster,
    fresh,
    ite,
    leaves,
    pick,
)
from kot_rules.verify.common import KernelTransition, Weakenings
from kot_rules.verify.symbolic import Bool, Ctx, Int, zmax, zmin

Step = tuple[Bool, SymKony]
"""A transition's precondition and post-state."""

WEAKENINGS: dict[str, str] = {
    "heal-cap": "healing ignores the maximum hearts (kony.dice.heal)",
    "hearts-floor": "damage may take the hearts below 0",
    "no-elimination": "a monster at 0 hearts stays in the game (kony.end.elimination)",
    "manhattan-full": "a monster enters Manhattan's 2-4 path though it is taken "
                      "(kony.manhattan.one-monster)",
    "borough-capacity": "a monster moves to an outer borough holding two already "
                        "(kony.borough.capacity)",
    "unit-vanishes": "a destroyed unit is not put back in the box (D-KONY-DESTROYED-UNITS)",
    "statue-stars-floor": "losing the Statue of Liberty may take the stars below 0 "
                          "(kony.ouch.statue)",
    "special-kept-when-eliminated": "an eliminated monster keeps its special cards "
                                    "(D-KONY-SPECIAL-ON-ELIMINATION)",
    "victory-mid-turn": "victory is checked after every step, not only at the end of a turn "
                        "(the rejected reading of kony.end.victory-at-end-of-turn)",
    "victory-other-turn": "a monster with the stars to win wins at the end of any turn, not "
                          "only of its own (the rejected reading of D-KONY-VICTORY-MOMENT)",
    "pay-beyond-energy": "a card or a sweep may cost more energy than the monster has",
}
"""Deliberately wrong steps, for tests that a proof can fail. Test-only."""

_WEAK = Weakenings(WEAKENINGS)
weakened = _WEAK.weakened
"""Test-only: within the block, the named steps are wrong (see WEAKENINGS)."""
is_weakened = _WEAK.is_weakened
weakenings = _WEAK.weakenings
"""The weakenings in force (test-only; empty in a real run)."""


# -- one monster's board (kony.dice.*) ----------------------------------------------------


def _set(s: SymKony, seat: int, **kw: Any) -> SymKony:
    return s.with_monster(seat, replace(s.m(seat), **kw))


def gain_stars(s: SymKony, seat: int, n: Int | int) -> SymKony:
    return _set(s, seat, stars=s.m(seat).stars + n)


def gain_energy(s: SymKony, seat: int, n: Int | int) -> SymKony:
    """kony.dice.energy: energy has no cap."""
    return _set(s, seat, energy=s.m(seat).energy + n)


def heal(s: SymKony, seat: int, n: Int | int) -> SymKony:
    """kony.dice.heal: never above the maximum hearts."""
    m = s.m(seat)
    healed = n if is_weakened("heal-cap") else zmax(0, zmin(n, m.max_hearts - m.hearts))
    return _set(s, seat, hearts=m.hearts + healed)


def lose_stars(s: SymKony, seat: int, n: Int | int) -> SymKony:
    """Stars lost, never below 0."""
    m = s.m(seat)
    return _set(s, seat, stars=m.stars - zmin(n, m.stars))


def lose_energy(s: SymKony, seat: int, n: Int | int) -> SymKony:
    """Energy lost, never below 0."""
    m = s.m(seat)
    return _set(s, seat, energy=m.energy - zmin(n, m.energy))


_pins = itertools.count()


def pin(ctx: Ctx, s: SymKony) -> SymKony:
    """A fresh state equal to ``s`` (the equalities go to ``ctx.facts``): a chain of
    damage and eliminations then builds on small terms, not on each one's whole term."""
    pinned = fresh(ctx, f"pin{next(_pins)}")
    for (_, a), (_, b) in zip(leaves(pinned), leaves(s), strict=True):
        ctx.facts.append(a == b)
    return pinned


def at_seat(s: SymKony, seat: Int, f: Callable[[SymKony, int], SymKony]) -> SymKony:
    """``f`` applied to the monster at the symbolic ``seat`` (unchanged outside 0..5)."""
    known = seat.as_long() if z3.is_int_value(seat) else None
    if known is not None:
        return f(s, known) if 0 <= known < SEATS else s
    out = s
    for k in range(SEATS):
        out = ite(seat == k, f(s, k), out)
    return out


def close_gap(s: SymKony) -> SymKony:
    """kony.five-six.flee-order, kony.five-six.first-eliminated: the 2-4 path empty and the
    5-6 one taken, its monster moves to the 2-4 space of its own zone."""
    gap = z3.And(s.city == NOBODY, s.bay != NOBODY)
    moved = replace(s, city=s.bay, bay=z3.IntVal(NOBODY), zones=(s.zones[1], z3.IntVal(0)))
    return ite(gap, moved, s)


def _close_five_six(ctx: Ctx, s: SymKony) -> SymKony:
    """kony.five-six.closing, D-KONY-56-CLOSING-ORDER: with fewer than five monsters left
    the 5-6 path closes; its monster moves to an outer borough with room, its choice."""
    closing = z3.And(s.bay != NOBODY, z3.Not(s.bay_open()))
    leaver = s.bay
    gone = at_seat(replace(s, bay=z3.IntVal(NOBODY)), leaver,
                   lambda u, k: _set(u, k, borough=z3.IntVal(NOWHERE)))
    to = ctx.integer("closing-borough")
    ctx.facts.append(z3.Implies(closing, gone.room_in(to)))
    placed = at_seat(gone, leaver, lambda u, k: _set(u, k, borough=to))
    return ite(closing, placed, s)


def eliminate(ctx: Ctx, s: SymKony, seat: int) -> SymKony:
    """kony.end.elimination, D-KONY-DEAD-CARDS, D-KONY-SPECIAL-ON-ELIMINATION: a monster at
    0 hearts leaves the game and the board, its special cards go back beside the board;
    then the 5-6 path's monster takes a free 2-4 space and the 5-6 path may close."""
    if is_weakened("no-elimination"):
        return s
    m = s.m(seat)
    out = _set(s, seat, alive=z3.BoolVal(False), borough=z3.IntVal(NOWHERE))
    nobody = z3.IntVal(NOBODY)
    out = replace(out, city=z3.If(s.city == seat, nobody, s.city),
                  bay=z3.If(s.bay == seat, nobody, s.bay))
    if not is_weakened("special-kept-when-eliminated"):
        out = replace(out, superstar=z3.If(s.superstar == seat, nobody, s.superstar),
                      statue=z3.If(s.statue == seat, nobody, s.statue))
    out = _close_five_six(ctx, close_gap(out))
    return ite(z3.And(m.alive, m.hearts <= 0), out, s)


def damage(ctx: Ctx, s: SymKony, seat: int, n: Int | int) -> SymKony:
    """kony.dice.smash, kony.dice.ouch: hearts lost, never below 0; at 0 the monster is
    eliminated at once (kony.end.elimination)."""
    m = s.m(seat)
    lost = n if is_weakened("hearts-floor") else zmin(n, m.hearts)
    hit = _set(s, seat, hearts=m.hearts - lost)
    return ite(z3.And(m.alive, lost > 0), eliminate(ctx, hit, seat), s)


def take_special(s: SymKony, seat: int, card: str) -> SymKony:
    """kony.special.change-hands, kony.ouch.statue: ``seat`` takes Superstar or the Statue of
    Liberty from the supply or its holder; the Statue's former holder loses 3 stars, never
    below 0."""
    if card == "superstar":
        return replace(s, superstar=z3.IntVal(seat))
    holder = s.statue
    out = replace(s, statue=z3.IntVal(seat))

    def loses(u: SymKony, k: int) -> SymKony:
        if k == seat:
            return u
        if is_weakened("statue-stars-floor"):
            return _set(u, k, stars=u.m(k).stars - STATUE_STARS)
        return lose_stars(u, k, STATUE_STARS)

    return at_seat(out, holder, loses)


def enter(s: SymKony, seat: int = 0) -> SymKony:
    """kony.move.enter-empty, kony.five-six.two-paths, kony.move.enter-stars,
    D-KONY-56-FLEE-REPLACEMENT, D-KONY-ENTRY-STAR-ONCE: into Lower Manhattan, on the 2-4
    path if it is free, else on the 5-6 path; the entry star, at most once a turn for the
    active monster."""
    zero = z3.IntVal(0)
    on_city = z3.BoolVal(True) if is_weakened("manhattan-full") else s.city == NOBODY
    t = ite(on_city, replace(s, city=z3.IntVal(seat), zones=(zero, s.zones[1])),
            replace(s, bay=z3.IntVal(seat), zones=(s.zones[0], zero)))
    t = _set(t, seat, borough=z3.IntVal(MANHATTAN_I))
    if seat != 0:
        return gain_stars(t, seat, ENTRY_STARS)
    star = ite(s.entered, t, gain_stars(t, 0, ENTRY_STARS))
    return replace(star, entered=z3.BoolVal(True))


def leave(ctx: Ctx, s: SymKony, seat: int, borough: Int) -> SymKony:
    """``seat`` leaves Manhattan for the outer ``borough``; the 5-6 monster takes a free 2-4
    space (kony.move.flee, kony.five-six.flee-order)."""
    nobody = z3.IntVal(NOBODY)
    out = replace(s, city=z3.If(s.city == seat, nobody, s.city),
                  bay=z3.If(s.bay == seat, nobody, s.bay))
    return close_gap(_set(out, seat, borough=borough))


# -- victory (kony.end.*) -------------------------------------------------------------------


def at_goal(s: SymKony) -> Bool:
    """The active monster (seat 0) is in the game with the stars to win: only it declares a
    victory by stars, at the end of its own turn (kony.end.twenty-stars,
    D-KONY-VICTORY-MOMENT, D-KONY-SEVERAL-AT-20)."""
    m = s.m(0)
    return z3.And(m.alive, m.stars >= s.win_stars)


def _first_at_goal(s: SymKony) -> Int:
    """The first monster in the game from the active one clockwise with the stars to win,
    or ``NOBODY``: the rejected reading of D-KONY-VICTORY-MOMENT (weakening
    ``victory-other-turn``)."""
    out: Int = z3.IntVal(NOBODY)
    for k in reversed(range(SEATS)):
        m = s.m(k)
        out = z3.If(z3.And(m.alive, m.stars >= s.win_stars), k, out)
    return out


def last_alive(s: SymKony) -> Int:
    out: Int = z3.IntVal(NOBODY)
    for k in reversed(range(SEATS)):
        out = z3.If(s.m(k).alive, k, out)
    return out


def condition(s: SymKony) -> Bool:
    """Some ending holds at the end of the active monster's turn (kony.end.twenty-stars,
    kony.end.last-standing, kony.end.all-eliminated)."""
    return z3.Or(at_goal(s), s.alive_count() <= 1)


def outcome(s: SymKony) -> Int:
    """The winner when :func:`condition` holds, in the seed's order: the active monster at
    the goal, else nobody if none is left, else the last one standing."""
    return z3.If(at_goal(s), 0, z3.If(s.alive_count() == 0, NOBODY, last_alive(s)))


def declared(s: SymKony) -> SymKony:
    """Victory checked now: the game ends if an ending holds."""
    if is_weakened("victory-other-turn"):
        first = _first_at_goal(s)
        done = z3.Or(first != NOBODY, s.alive_count() <= 1)
        won = z3.If(first != NOBODY, first, z3.If(s.alive_count() == 0, NOBODY, last_alive(s)))
        return replace(s, over=done, winner=z3.If(done, won, NOBODY))
    done = condition(s)
    return replace(s, over=done, winner=z3.If(done, outcome(s), NOBODY))


def after(s: SymKony) -> SymKony:
    """After a step that is no end of turn: victory is not checked (the ghost says so)."""
    t = replace(s, checked=z3.BoolVal(False))
    return declared(t) if is_weakened("victory-mid-turn") else t


def resting(s: SymKony) -> Bool:
    """A step of the turn may happen: the game goes on and the active monster is in it."""
    return z3.And(z3.Not(s.over), s.m(0).alive)


# -- kernel steps ---------------------------------------------------------------------------


def setup(ctx: Ctx, s: SymKony) -> Step:
    """kony.setup.components, kony.setup.monster-board, kony.setup.tiles,
    kony.setup.special-cards, kony.manhattan.start-empty, kony.setup.start-borough,
    D-KONY-START-BOROUGH: two to six monsters at their starting hearts, no stars or energy,
    nine buildings in each borough, both special cards beside the board, Manhattan empty,
    each figure placed in an outer borough holding fewer than two."""
    players = ctx.integer("players", lo=2)
    start = ctx.integer("start-hearts", lo=1)
    top = ctx.integer("max-hearts", lo=1)
    win = ctx.integer("win-stars", lo=1)
    variant = ctx.boolean("five-six-variant")
    where = [ctx.integer("start-borough", k) for k in range(SEATS)]
    ms = tuple(SymKonyMonster(z3.If(k < players, start, 0), top, z3.IntVal(0), z3.IntVal(0),
                              k < players, z3.If(k < players, where[k], NOWHERE))
               for k in range(SEATS))
    zero, nobody, false = z3.IntVal(0), z3.IntVal(NOBODY), z3.BoolVal(False)
    n = len(s.buildings)
    t = SymKony(players, ms, nobody, nobody, variant, (zero, zero),
                tuple(z3.IntVal(PER_BOROUGH) for _ in range(n)), tuple(zero for _ in range(n)),
                tuple(zero for _ in range(n)), zero, nobody, nobody, zero, false, false, win,
                false, nobody, false, false)
    # Placed one by one: each in an outer borough holding fewer than two so far.
    legal = [players <= SEATS, start <= top]
    for k in range(SEATS):
        before = z3.Sum([z3.If(where[j] == where[k], 1, 0) for j in range(k)])
        legal.append(z3.Implies(k < players, z3.And(where[k] < OUTER_COUNT, before < 2)))
    return z3.And(legal), t


def start_of_turn(ctx: Ctx, s: SymKony) -> Step:
    """kony.turn.gain, kony.manhattan.zone-rewards, D-KONY-56-REWARDS: the turn's bookkeeping
    cleared, then a monster in Manhattan takes its zone's stars and energy."""
    zone = z3.If(s.city == 0, s.zones[0], s.zones[1])
    stars = pick(zone, tuple(z3.IntVal(z.stars) for z in ZONES))
    energy = pick(zone, tuple(z3.IntVal(z.energy) for z in ZONES))
    inside = s.inside(0)
    t = ite(inside, gain_energy(gain_stars(s, 0, stars), 0, energy), s)
    zero = z3.IntVal(0)
    t = replace(t, fresh=tuple(zero for _ in s.fresh), points=zero, entered=z3.BoolVal(False),
                began_inside=inside)
    return resting(s), after(t)


def faces(ctx: Ctx) -> Int:
    return ctx.integer("faces", lo=1)


def energy_faces(ctx: Ctx, s: SymKony) -> Step:
    """kony.dice.energy: 1 energy per energy face."""
    return resting(s), after(gain_energy(s, 0, faces(ctx)))


def heal_faces(ctx: Ctx, s: SymKony) -> Step:
    """kony.dice.heal, kony.dice.heal-in-manhattan: 1 heart per heal face, none in
    Manhattan."""
    n = faces(ctx)
    return resting(s), after(ite(s.inside(0), s, heal(s, 0, n)))


def targets(s: SymKony, seat: int) -> Bool:
    """``seat`` is hit by the active monster's smash faces (kony.attack.targets,
    kony.five-six.attacks): from Manhattan every monster outside it; from outside the
    monsters in Manhattan."""
    if seat == 0:
        return z3.BoolVal(False)
    return z3.And(s.m(seat).alive, z3.If(s.inside(0), z3.Not(s.inside(seat)), s.inside(seat)))


def smash_faces(ctx: Ctx, s: SymKony, *, each: bool = False, borough: bool = False) -> Step:
    """kony.dice.smash, kony.attack.targets, kony.five-six.attacks: 1 damage per smash face to
    every target, clockwise; a monster at 0 hearts is eliminated at once. Fleeing is its
    own step (:func:`flee`). A card may make the damage differ target by target (``each``:
    any damage to each) or hit the other monsters of the attacker's borough too
    (``borough``)."""
    n = faces(ctx)
    here = s.m(0).borough
    hit = [targets(s, k) for k in range(SEATS)]
    if borough:
        hit = [z3.Or(h, z3.And(s.m(k).alive, s.m(k).borough == here)) if k else h
               for k, h in enumerate(hit)]
    t = s
    for k in range(1, SEATS):
        dealt = ctx.integer("damage", k) if each else n
        t = pin(ctx, ite(hit[k], damage(ctx, t, k, dealt), t))
    return resting(s), after(t)


def flee(ctx: Ctx, s: SymKony) -> Step:
    """kony.move.flee, kony.five-six.flee-order, kony.borough.capacity, D-KONY-FLEE-WHEN: a
    monster in Manhattan attacked from outside flees to an outer borough holding fewer than
    two monsters; the 5-6 monster then takes a free 2-4 space."""
    who = ctx.integer("fleeing", lo=1)
    to = ctx.integer("borough")
    legal = [resting(s), who < SEATS, z3.Not(s.inside(0)), z3.Or(s.city == who, s.bay == who)]
    room = z3.BoolVal(True) if is_weakened("borough-capacity") else s.room_in(to)
    legal += [room, to >= 0, to < OUTER_COUNT]
    return z3.And(legal), after(at_seat(s, who, lambda u, k: leave(ctx, u, k, to)))


def enter_manhattan(ctx: Ctx, s: SymKony) -> Step:
    """kony.move.enter-empty, kony.move.attacker-enters, kony.five-six.mandatory-entry,
    kony.move.occupant-eliminated, D-KONY-AUTO-ENTER-TIMING: the active monster outside
    Manhattan enters it while it has room."""
    room = z3.BoolVal(True) if is_weakened("manhattan-full") else s.has_room()
    return z3.And(resting(s), z3.Not(s.inside(0)), room), after(enter(s))


def move_up(ctx: Ctx, s: SymKony) -> Step:
    """kony.move.up, kony.five-six.keep-path, D-KONY-MOVE-UP-AFTER-ENTERING: a monster that
    began its turn in Manhattan moves up a zone on its own path, if not in the top one."""
    on_city = s.city == 0
    zone = z3.If(on_city, s.zones[0], s.zones[1])
    up = ite(on_city, replace(s, zones=(s.zones[0] + 1, s.zones[1])),
             replace(s, zones=(s.zones[0], s.zones[1] + 1)))
    return z3.And(resting(s), s.inside(0), s.began_inside, zone < TOP_ZONE), after(up)


def move_borough(ctx: Ctx, s: SymKony) -> Step:
    """kony.move.outside, kony.borough.capacity, D-KONY-MOVE-OPTIONAL: the active monster
    outside Manhattan moves to another outer borough holding fewer than two monsters."""
    to = ctx.integer("borough")
    here = s.m(0).borough
    room = z3.BoolVal(True) if is_weakened("borough-capacity") else s.room_in(to)
    legal = z3.And(resting(s), z3.Not(s.inside(0)), to != here, to >= 0, to < OUTER_COUNT,
                   room)
    return legal, after(_set(s, 0, borough=to))


def destruction_faces(ctx: Ctx, s: SymKony) -> Step:
    """kony.dice.destruction: the destruction faces are points to spend this turn."""
    return resting(s), after(replace(s, points=faces(ctx)))


def _reward(s: SymKony, kind: Int, n: Int) -> SymKony:
    """A tile's reward to the active monster: stars, energy or hearts (a heal reward heals in
    Manhattan too, D-KONY-TILE-HEAL-IN-MANHATTAN)."""
    return ite(kind == STAR, gain_stars(s, 0, n),
               ite(kind == ENERGY, gain_energy(s, 0, n), heal(s, 0, n)))


def destroy_tile(ctx: Ctx, s: SymKony, cost: bool = True, *, anywhere: bool = False,
                 toll: int = 0, easier: int = 0) -> Step:
    """kony.dice.destruction, kony.destruction.own-borough, kony.destruction.building,
    kony.destruction.unit, kony.destruction.fresh-unit, D-KONY-DESTROYED-UNITS: the active
    monster destroys a visible building of its borough (it flips to its unit, revealed this
    turn) or a unit there not revealed this turn (back to the box), of durability at most
    its points, and gains the side's reward. ``cost``: the points pay for it (a card's
    destruction is free). A card may let it destroy in any borough (``anywhere``, for
    ``toll`` energy) or with ``easier`` points fewer."""
    unit = ctx.boolean("destroy-unit")
    side = ctx.integer("side")
    sides = [z3.And(z3.Not(unit), side == j) for j in range(len(BUILDING_SIDES))]
    sides += [z3.And(unit, side == j) for j in range(len(UNIT_SIDES))]
    table = (*BUILDING_SIDES, *UNIT_SIDES)
    durability, kind, amount = (pick(z3.If(unit, side + len(BUILDING_SIDES), side),
                                     tuple(z3.IntVal(row[i]) for row in table))
                                for i in range(3))
    here = ctx.integer("destroy-borough") if anywhere else s.m(0).borough
    price = zmax(0, durability - easier)
    legal = [resting(s), z3.Or(sides), here >= 0, here < len(s.buildings),
             s.m(0).energy >= toll]
    if cost:
        legal.append(price <= s.points)
    out = s
    for b in range(len(s.buildings)):
        building = z3.And(z3.Not(unit), s.buildings[b] >= 1)
        a_unit = z3.And(unit, s.units[b] - s.fresh[b] >= 1)
        legal.append(z3.Implies(here == b, z3.Or(building, a_unit)))
        bs, us, fs = list(s.buildings), list(s.units), list(s.fresh)
        flipped = replace(s, buildings=_at(bs, b, bs[b] - 1), units=_at(us, b, us[b] + 1),
                          fresh=_at(fs, b, fs[b] + 1))
        boxed = s.boxed if is_weakened("unit-vanishes") else s.boxed + 1
        gone = replace(s, units=_at(us, b, us[b] - 1), boxed=boxed)
        out = ite(here == b, ite(unit, gone, flipped), out)
    if cost:
        out = replace(out, points=s.points - price)
    if toll:
        out = lose_energy(out, 0, toll)
    return z3.And(legal), after(_reward(out, kind, amount))


def _at(xs: list[Int], i: int, v: Int) -> tuple[Int, ...]:
    ys = list(xs)
    ys[i] = v
    return tuple(ys)


def celebrity_faces(ctx: Ctx, s: SymKony, *, more: int = 0, bonus: bool = False) -> Step:
    """kony.dice.celebrity, kony.dice.superstar-held, D-KONY-CELEBRITY-COUNT,
    D-KONY-SPECIAL-KEPT: Superstar's holder gains 1 star per celebrity face; three or more
    take Superstar with 1 star and 1 more per face past the third. A card may ask ``more``
    faces to take it, or give its holder's owner a star per face (``bonus``)."""
    n = faces(ctx)
    need = CELEBRITY_SET + z3.If(s.superstar > 0, more, 0) if more else CELEBRITY_SET
    held = gain_stars(s, 0, n)
    taken = gain_stars(take_special(s, 0, "superstar"), 0,
                       SUPERSTAR_STARS + (n - CELEBRITY_SET))
    t = ite(s.superstar == 0, held, ite(n >= need, taken, s))
    if bonus:
        t = gain_stars(t, 0, n)
    return resting(s), after(t)


def ouch_faces(ctx: Ctx, s: SymKony, *, less: bool = False) -> Step:
    """kony.dice.ouch, kony.ouch.one, kony.ouch.two, kony.ouch.three, kony.ouch.manhattan,
    kony.ouch.statue, D-KONY-OUCH-COUNTS, D-KONY-OUCH-NOT-ATTACK, D-KONY-STATUE-TIMING: one
    face, the units of the roller's borough fire at it; two, at every monster there; three
    or more, every unit at the monsters of its borough, clockwise; each unit deals 1 damage.
    Then three or more take the Statue of Liberty (3 stars) if the roller is in the game.
    ``less``: a card makes the units deal a monster less damage (any amount less)."""
    n = faces(ctx)
    here = s.m(0).borough
    victims = [z3.BoolVal(True)] + [
        z3.And(s.m(k).alive, z3.Or(n >= OUCH_CITY, z3.And(n >= OUCH_BOROUGH,
                                                          s.m(k).borough == here)))
        for k in range(1, SEATS)]
    t = s
    for k in range(SEATS):
        there = t.m(k).borough
        fire = pick(there, t.units)
        if less:
            fire = zmax(0, fire - ctx.integer("less", k))
        t = pin(ctx, ite(z3.And(victims[k], t.m(k).alive, there >= 0),
                         damage(ctx, t, k, fire), t))
    statue = gain_stars(take_special(t, 0, "statue"), 0, STATUE_STARS)
    t = ite(z3.And(n >= OUCH_CITY, t.m(0).alive, t.statue != 0), statue, t)
    return resting(s), after(t)


def take_special_step(ctx: Ctx, s: SymKony) -> Step:
    """kony.special.change-hands, kony.ouch.statue: a special card changes hands (a card's
    word): Superstar or the Statue of Liberty to a monster in the game."""
    who = ctx.integer("taker")
    statue = ctx.boolean("statue")
    t = at_seat(s, who, lambda u, k: ite(statue, take_special(u, k, "statue"),
                                          take_special(u, k, "superstar")))
    return z3.And(resting(s), who < SEATS, s.m(0).alive,
                  z3.Or([z3.And(who == k, s.m(k).alive) for k in range(SEATS)])), after(t)


def card_damage(ctx: Ctx, s: SymKony) -> Step:
    """kony.end.elimination: damage from a card to a monster in the game; at 0 hearts it is
    eliminated at once."""
    who = ctx.integer("target")
    n = ctx.integer("damage", lo=1)
    t = at_seat(s, who, lambda u, k: damage(ctx, u, k, n))
    return z3.And(resting(s), who < SEATS), after(t)


def buy(ctx: Ctx, s: SymKony) -> Step:
    """kony.turn.buy, kony.turn.sweep: the active monster pays for a card (its cost less its
    discounts, never below 0) or 2 energy to sweep the cards on offer, never more than it
    has."""
    cost = ctx.integer("cost")
    discount = ctx.integer("discount")
    sweep = ctx.boolean("sweep")
    paid = z3.If(sweep, SWEEP_COST, zmax(0, cost - discount))
    legal = [resting(s)]
    if not is_weakened("pay-beyond-energy"):
        legal.append(paid <= s.m(0).energy)
    return z3.And(legal), after(_set(s, 0, energy=s.m(0).energy - paid))


def end_of_turn(ctx: Ctx, s: SymKony) -> Step:
    """kony.turn.end, kony.end.victory-at-end-of-turn, kony.end.twenty-stars,
    kony.end.last-standing, kony.end.all-eliminated, D-KONY-VICTORY-MOMENT,
    D-KONY-SEVERAL-AT-20: victory is checked - by stars only for the active monster, still
    in the game; then the last one standing, or nobody left. The next monster's turn is the
    same state seen from its seat (rotation symmetry), its first step clearing the ghost
    ``checked``, which speaks of the turn that ended."""
    return z3.Not(s.over), replace(declared(s), checked=z3.BoolVal(True))


def card_win(s: SymKony, seat: int) -> SymKony:
    """A card's owner wins at once (the card language's ``win`` verb): the game is over."""
    won = replace(s, over=z3.BoolVal(True), winner=z3.IntVal(seat), card_win=z3.BoolVal(True))
    return ite(s.over, s, won)


KonyTransition = KernelTransition[SymKony]
"""One kernel step the proofs cover, with the rules and decisions it rests on."""


def _rules(step: Callable[..., Any]) -> tuple[str, ...]:
    """The slugs and decision ids a step's docstring cites, in order."""
    import re

    doc = step.__doc__ or ""
    return tuple(dict.fromkeys(re.findall(r"\b(?:kony\.[a-z0-9.-]+[a-z0-9]|D-KONY-[A-Z0-9-]+"
                                          r"[A-Z0-9])", doc)))


def _t(name: str, build: Callable[[Ctx, SymKony], Step], initial: bool = False) -> KonyTransition:
    return KonyTransition(name, build, _rules(build), initial)


TRANSITIONS: tuple[KonyTransition, ...] = (
    _t("set-up and placement", setup, initial=True),
    _t("start of turn: the zone's reward", start_of_turn),
    _t("resolve: energy faces", energy_faces),
    _t("resolve: heal faces", heal_faces),
    _t("resolve: smash faces", smash_faces),
    _t("resolve: destruction faces", destruction_faces),
    _t("destroy a building or a unit", destroy_tile),
    _t("resolve: celebrity faces", celebrity_faces),
    _t("resolve: Ouch! faces", ouch_faces),
    _t("flee Manhattan", flee),
    _t("enter Manhattan", enter_manhattan),
    _t("move up a zone", move_up),
    _t("move to another borough", move_borough),
    _t("a special card changes hands", take_special_step),
    _t("damage from a card", card_damage),
    _t("buy a card or sweep", buy),
    _t("end of turn: victory", end_of_turn),
)
"""Every kernel step of King of New York, in the order reports list them."""
