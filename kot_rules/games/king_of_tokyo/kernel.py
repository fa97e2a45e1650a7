"""The rule kernel, symbolically: the same steps as :mod:`kot_rules.engine`, over Z3 terms.

Each primitive mirrors one engine function (named in its docstring); each step
returns ``(precondition, post-state)``. What the cards could add is a fresh choice
(any amount ≥ 0, any prevented damage): the proofs then hold whatever cards are held.
"""

from __future__ import annotations

from dataclasses import replace

import z3

from kot_rules.engine.numbers import (
    BAY_MIN_MONSTERS,
    ENERGY_PER_FACE,
    ENTER_STARS,
    HEARTS_PER_FACE,
    SET_SIZE,
    SHOP_SIZE,
    STARS_PER_EXTRA_DIE,
    START_IN_TOKYO_STARS,
    SWEEP_COST,
)
from kot_rules.games.king_of_tokyo.state import NOBODY, SEATS, SymState
from kot_rules.verify.common import Weakenings
from kot_rules.verify.symbolic import Bool, Ctx, Int, ite, zmax, zmin

Step = tuple[Bool, SymState]
"""A transition's precondition and post-state."""


WEAKENINGS: dict[str, str] = {
    "heal-cap": "healing ignores the maximum",
    "energy-floor": "losing energy may go below 0",
    "city-entry": "taking Tokyo City ignores who is already there",
    "victory-alive": "the end-of-turn victory check ignores whether a monster is eliminated",
    "ones-two-stars": "three 1s score 2 stars",
    "tokyo-start-one-star": "starting a turn in Tokyo gives 1 star, not 2",
    "bay-untouched": "an attack from outside Tokyo never damages the Bay's occupant",
}
"""Deliberately wrong kernel steps, for tests that a proof can fail (the first four) or
that only the kernel differential tests catch (the last three: every invariant still
holds with them). Test-only."""

_WEAK = Weakenings(WEAKENINGS)
weakened = _WEAK.weakened
"""Test-only: within the block, the named steps are wrong (see WEAKENINGS)."""
is_weakened = _WEAK.is_weakened
weakenings = _WEAK.weakenings
"""The weakenings in force (test-only; empty in a real run)."""


# -- primitives (engine/resources.py, games/king_of_tokyo/board.py) ------------------


def gain_stars(s: SymState, seat: int, n: Int | int) -> SymState:
    """resources.gain_stars."""
    m = s.m(seat)
    return s.with_monster(seat, replace(m, stars=m.stars + n))


def gain_energy(ctx: Ctx, s: SymState, seat: int, n: Int | int) -> SymState:
    """resources.gain_energy: the cards may add any amount to every gain."""
    m = s.m(seat)
    bonus = ctx.integer("extra-energy", seat)
    return s.with_monster(seat, replace(m, energy=m.energy + n + bonus))


def heal(ctx: Ctx, s: SymState, seat: int, n: Int | int,
         bonus: Int | int | None = None) -> SymState:
    """resources.heal: up to the maximum; the cards may add any amount to every heal."""
    m = s.m(seat)
    want = n + (ctx.integer("extra-healing", seat) if bonus is None else bonus)
    healed = want if is_weakened("heal-cap") else zmax(0, zmin(want, m.max_hearts - m.hearts))
    return s.with_monster(seat, replace(m, hearts=m.hearts + healed))


def lose_energy(s: SymState, seat: int, n: Int | int) -> SymState:
    """effects.run, verb lose-energy: never below 0."""
    m = s.m(seat)
    lost = n if is_weakened("energy-floor") else zmin(n, m.energy)
    return s.with_monster(seat, replace(m, energy=m.energy - lost))


def lose_stars(s: SymState, seat: int, n: Int | int) -> SymState:
    """effects.run, verb lose-stars: never below 0."""
    m = s.m(seat)
    return s.with_monster(seat, replace(m, stars=m.stars - zmin(n, m.stars)))


def eliminate(s: SymState, seat: int) -> SymState:
    """resources.eliminate: 0 ♥, out, cards to the discard pile, out of Tokyo; the Bay
    closes below 5 monsters (the Elimination trigger is a transition of its own)."""
    m = s.m(seat)
    out = s.with_monster(seat, replace(m, hearts=z3.IntVal(0), alive=z3.BoolVal(False),
                                       cards=z3.IntVal(0)))
    city = z3.If(s.city == seat, NOBODY, s.city)
    bay = z3.If(z3.And(s.city != seat, s.bay == seat), NOBODY, s.bay)
    out = replace(out, discard=s.discard + m.cards, city=city, bay=bay)
    return replace(out, bay=z3.If(z3.And(out.bay != NOBODY, z3.Not(out.bay_open())), NOBODY,
                                  out.bay))


def damage(ctx: Ctx, s: SymState, seat: int, n: Int | int,
           prevented: Bool | None = None) -> tuple[SymState, Int]:
    """resources.damage: a card may prevent it; at 0 ♥ the monster is eliminated at once.
    Returns the state and the ♥ lost."""
    m = s.m(seat)
    if prevented is None:
        prevented = ctx.boolean("ignore-small-damage", seat)
    lost = z3.If(prevented, 0, zmin(n, m.hearts))
    after = s.with_monster(seat, replace(m, hearts=m.hearts - lost))
    dead = z3.And(z3.Not(prevented), m.hearts - lost <= 0)
    return ite(dead, eliminate(after, seat), after), lost


def damage_at(ctx: Ctx, s: SymState, index: Int, n: Int | int) -> tuple[SymState, Int]:
    """:func:`damage` to the monster at the symbolic seat ``index`` (none if NOBODY)."""
    out, lost = s, z3.IntVal(0)
    for seat in range(SEATS):
        hit, lost_here = damage(ctx, s, seat, n)
        out = ite(index == seat, hit, out)
        lost = z3.If(index == seat, lost_here, lost)
    return out, lost


def enter(s: SymState, seat: int, city: bool) -> SymState:
    """tokyo.enter: the place, and 1 ★."""
    s = replace(s, city=z3.IntVal(seat)) if city else replace(s, bay=z3.IntVal(seat))
    return gain_stars(s, seat, ENTER_STARS)


def take_city(s: SymState, seat: int) -> SymState:
    """effects.run, verb take-tokyo-city: unless in Tokyo, the City's occupant leaves."""
    if is_weakened("city-entry"):
        return ite(s.city == seat, s, gain_stars(replace(s, bay=s.city, city=z3.IntVal(seat)),
                                                 seat, ENTER_STARS))
    return ite(s.in_tokyo(seat), s, enter(s, seat, city=True))


def leave_at(s: SymState, index: Int) -> SymState:
    """resources.leave_place for the symbolic seat ``index``."""
    city = z3.If(s.city == index, NOBODY, s.city)
    bay = z3.If(z3.And(s.city != index, s.bay == index), NOBODY, s.bay)
    return replace(s, city=city, bay=bay)


def in_tokyo_at(s: SymState, index: Int) -> Bool:
    return z3.And(index != NOBODY, z3.Or(s.city == index, s.bay == index))


def advance_yields(s: SymState) -> SymState:
    """tokyo.advance_yields: drop anyone no longer in the game and in Tokyo (the second
    one asked too: an attack on everyone may close the Bay behind the first)."""
    q0, q1 = s.queue
    stays0, stays1 = (z3.And(s.at(q, "alive"), in_tokyo_at(s, q)) for q in (q0, q1))
    nobody = z3.IntVal(NOBODY)
    first = z3.If(stays0, q0, z3.If(stays1, q1, nobody))
    return replace(s, queue=(first, z3.If(z3.And(stays0, stays1), q1, nobody)))


def finish_attack(s: SymState) -> SymState:
    """tokyo.finish_attack: the attacker takes the City if empty, else an open empty Bay."""
    a = s.m(0)
    go = z3.And(s.entering, a.alive, z3.Not(s.in_tokyo(0)))
    entered = ite(s.city == NOBODY, enter(s, 0, city=True),
                  ite(z3.And(s.bay == NOBODY, s.bay_open()), enter(s, 0, city=False), s))
    return replace(ite(go, entered, s), entering=z3.BoolVal(False))


def _queue_of(asked: list[tuple[Int | int, Bool]]) -> tuple[Int, Int]:
    q0: Int = z3.IntVal(NOBODY)
    q1: Int = z3.IntVal(NOBODY)
    for seat, yes in asked:
        q1 = z3.If(z3.And(yes, q0 != NOBODY, q1 == NOBODY), seat, q1)
        q0 = z3.If(z3.And(yes, q0 == NOBODY), seat, q0)
    return q0, q1


# -- kernel steps (engine/turn.py) ---------------------------------------------------


def resting(s: SymState) -> Bool:
    """The active monster is in the game and acts: no yield decision pending, not over."""
    return z3.And(z3.Not(s.over), z3.Not(s.asking), s.m(0).alive)


def start_of_turn(ctx: Ctx, s: SymState) -> Step:
    """turn.start_turn: +2 ★ for a monster already in Tokyo; a new attack to come."""
    stars = START_IN_TOKYO_STARS - (1 if is_weakened("tokyo-start-one-star") else 0)
    t = ite(s.in_tokyo(0), gain_stars(s, 0, stars), s)
    ms = tuple(replace(m, hit=z3.BoolVal(False)) for m in t.monsters)
    nobody = z3.IntVal(NOBODY)
    t = replace(t, monsters=ms, queue=(nobody, nobody), entering=z3.BoolVal(False))
    return resting(s), t


def dice(ctx: Ctx, s: SymState, *, heal_bonus: Int | int | None = None,
         energy_bonus: Int | int | None = None) -> Step:
    """turn.resolve before the claws: sets of numbers, ⚡, ♥ (capped; none in Tokyo)."""
    ones, twos, threes, energy, hearts = (ctx.integer(f"dice-{f}") for f in
                                          ("1", "2", "3", "energy", "heart"))
    ones_score = 2 if is_weakened("ones-two-stars") else 1
    stars = z3.Sum([z3.If(c >= SET_SIZE, v + (c - SET_SIZE) * STARS_PER_EXTRA_DIE, 0)
                    for v, c in ((ones_score, ones), (2, twos), (3, threes))])
    bonus = ctx.integer("extra-energy", 0) if energy_bonus is None else energy_bonus
    m = s.m(0)
    gained = energy * ENERGY_PER_FACE
    t = s.with_monster(0, replace(m, stars=m.stars + stars,
                                  energy=m.energy + gained + z3.If(energy > 0, bonus, 0)))
    healed = heal(ctx, t, 0, hearts * HEARTS_PER_FACE, heal_bonus)
    t = ite(z3.And(hearts > 0, z3.Not(s.in_tokyo(0))), healed, t)
    return z3.And(resting(s), _no_queue(s)), t


def _no_queue(s: SymState) -> Bool:
    return z3.And(s.queue[0] == NOBODY, s.queue[1] == NOBODY, z3.Not(s.entering))


def attack(ctx: Ctx, s: SymState, *, bonus: Int | int | None = None,
           everyone: Bool | bool | None = None) -> Step:
    """tokyo.attack with the claws (at least one) plus what the cards add."""
    claws = ctx.integer("dice-claw", lo=1)
    n = claws + (ctx.integer("attack-damage", 0) if bonus is None else bonus)
    all_others = ctx.boolean("attack-everyone", 0) if everyone is None else z3.BoolVal(everyone)
    outside = z3.Not(s.in_tokyo(0))
    empty = z3.And(s.city == NOBODY, s.bay == NOBODY)
    city, bay = s.city, s.bay
    hits: dict[int, Int] = {}

    # From Tokyo: every monster outside.
    from_tokyo = s
    for seat in range(1, SEATS):
        target = z3.And(s.m(seat).alive, city != seat, bay != seat)
        t, lost = damage(ctx, from_tokyo, seat, n)
        from_tokyo = ite(target, t, from_tokyo)
        hits[seat] = z3.If(target, lost, 0)
    from_tokyo = _hit(from_tokyo, hits)

    # From outside: the City, then the Bay; each one that lost ♥ and survived is asked.
    into = s
    asked: list[tuple[Int | int, Bool]] = []
    losses: list[tuple[Int, Int]] = []
    for place in (city,) if is_weakened("bay-untouched") else (city, bay):
        t, lost = damage_at(ctx, into, place, n)
        into = ite(place != NOBODY, t, into)
        lost = z3.If(place != NOBODY, lost, 0)
        asked.append((place, z3.And(place != NOBODY, lost > 0, into.at(place, "alive"))))
        losses.append((place, lost))
    into = _hit(into, {k: z3.Sum([z3.If(p == k, lost, 0) for p, lost in losses])
                       for k in range(1, SEATS)})
    into = replace(into, queue=_queue_of(asked), entering=z3.BoolVal(True))

    # A card's "hit every other monster": all others take damage in seat order; from
    # outside, the City's occupant is asked first, then the Bay's (D-YIELD-ORDER).
    every = s
    hits = {}
    for seat in range(1, SEATS):
        target = s.m(seat).alive
        t, lost = damage(ctx, every, seat, n)
        every = ite(target, t, every)
        hits[seat] = z3.If(target, lost, 0)
    asked = []
    for place in (city, bay):
        lost = z3.Sum([z3.If(place == k, hits[k], 0) for k in range(1, SEATS)])
        asked.append((place, z3.And(outside, place != NOBODY, lost > 0,
                                    every.at(place, "alive"))))
    every = _hit(every, hits)
    every = ite(outside, replace(every, queue=_queue_of(asked), entering=z3.BoolVal(True)),
                every)

    enters = enter(s, 0, city=True)
    post = ite(all_others, ite(z3.And(outside, empty), enters, every),
               ite(outside, ite(empty, enters, into), from_tokyo))
    return z3.And(resting(s), _no_queue(s)), post


def _hit(s: SymState, lost: dict[int, Int]) -> SymState:
    ms = list(s.monsters)
    for seat in range(SEATS):
        ms[seat] = replace(ms[seat], hit=lost[seat] > 0 if seat in lost else z3.BoolVal(False))
    return replace(s, monsters=tuple(ms))


def settle(ctx: Ctx, s: SymState) -> Step:
    """turn.resolve after the claws: ask the first attacked occupant, or take Tokyo."""
    t = advance_yields(s)
    asking = t.queue[0] != NOBODY
    t = ite(asking, t, finish_attack(t))
    return z3.And(z3.Not(s.over), z3.Not(s.asking)), replace(t, asking=asking)


def yield_or_stay(ctx: Ctx, s: SymState) -> Step:
    """turn._apply_yield: the one asked yields (leaves its place) or stays."""
    yields = ctx.boolean("yields")
    t = ite(yields, leave_at(s, s.queue[0]), s)
    t = advance_yields(replace(t, queue=(s.queue[1], z3.IntVal(NOBODY))))
    asking = t.queue[0] != NOBODY
    t = ite(asking, t, finish_attack(t))
    return z3.And(z3.Not(s.over), s.asking), replace(t, asking=asking)


def buy(ctx: Ctx, s: SymState, *, discount: Int | int = 0, keep: Bool | None = None,
        raise_by: Int | int | None = None) -> Step:
    """turn._apply_buy: pay (never more than one has), hold a keep card or discard the
    card, refill the shop from the deck; a keep card may raise the maximum ♥."""
    cost = ctx.integer("cost")
    keep = ctx.boolean("keep") if keep is None else keep
    raise_by = ctx.integer("max-hearts", 0) if raise_by is None else raise_by
    paid = zmax(0, cost - discount)
    m = s.m(0)
    top = m.max_hearts + z3.If(keep, raise_by, 0)
    # turn.receive: a card that lowers the maximum caps the hearts at it.
    t = s.with_monster(0, replace(m, energy=m.energy - paid,
                                  cards=m.cards + z3.If(keep, 1, 0),
                                  max_hearts=top, hearts=zmin(m.hearts, top)))
    refill = s.deck > 0
    t = replace(t, discard=s.discard + z3.If(keep, 0, 1),
                shop=s.shop - 1 + z3.If(refill, 1, 0), deck=s.deck - z3.If(refill, 1, 0))
    return z3.And(resting(s), _no_queue(s), s.shop >= 1, paid <= m.energy), t


def sweep(ctx: Ctx, s: SymState) -> Step:
    """turn._apply_buy, sweep: 2 ⚡, the shop to the discard pile, three new cards."""
    m = s.m(0)
    dealt = zmin(SHOP_SIZE, s.deck)
    t = s.with_monster(0, replace(m, energy=m.energy - SWEEP_COST))
    t = replace(t, discard=s.discard + s.shop, shop=dealt, deck=s.deck - dealt)
    return z3.And(resting(s), _no_queue(s), s.shop >= 1, m.energy >= SWEEP_COST), t


def card_damage(ctx: Ctx, s: SymState) -> Step:
    """resources.damage from a card to any monster in the game: elimination at 0 ♥."""
    target = ctx.integer("target", lo=0)
    n = ctx.integer("damage", lo=1)
    t, _ = damage_at(ctx, s, target, n)
    return z3.And(z3.Not(s.over), z3.Not(s.asking), target < SEATS, s.at(target, "alive")), t


def end_of_turn(ctx: Ctx, s: SymState) -> Step:
    """turn.end_turn and turn.victory: the outcome is decided at the end of a turn only;
    by stars, only the active monster (seat 0) wins, at the end of its own turn."""
    alive = s.alive_count()
    last: Int = z3.IntVal(NOBODY)
    check_alive = not is_weakened("victory-alive")
    for seat in reversed(range(SEATS)):
        last = z3.If(s.m(seat).alive, seat, last)
    active = s.m(0)
    enough = active.stars >= s.win_stars
    first: Int = z3.If(z3.And(active.alive, enough) if check_alive else enough, 0, NOBODY)
    over = z3.Or(alive <= 1, first != NOBODY)
    winner = z3.If(alive == 0, NOBODY, z3.If(alive == 1, last, first))
    nobody = z3.IntVal(NOBODY)
    t = replace(s, over=over, winner=z3.If(over, winner, nobody), queue=(nobody, nobody),
                asking=z3.BoolVal(False), entering=z3.BoolVal(False))
    return z3.And(z3.Not(s.over), z3.Or(z3.Not(s.asking), z3.Not(s.m(0).alive))), t


def setup(ctx: Ctx, s: SymState) -> Step:
    """Game.new_initial_state: full hearts, no stars or energy, Tokyo empty, 3 cards dealt."""
    players = ctx.integer("players", lo=2)
    start = ctx.integer("start-hearts", lo=1)
    top = ctx.integer("max-hearts", lo=1)
    total = ctx.integer("cards", lo=0)
    variant = ctx.boolean("bay-variant")
    win = ctx.integer("win-stars", lo=1)
    ms = tuple(
        replace(s.m(k), hearts=z3.If(k < players, start, 0), max_hearts=top,
                stars=z3.IntVal(0), energy=z3.IntVal(0), alive=k < players, cards=z3.IntVal(0),
                hit=z3.BoolVal(False))
        for k in range(SEATS)
    )
    nobody = z3.IntVal(NOBODY)
    shop = zmin(SHOP_SIZE, total)
    t = replace(s, players=players, monsters=ms, city=nobody, bay=nobody, bay_variant=variant,
                win_stars=win, deck=total - shop, shop=shop, discard=z3.IntVal(0),
                total_cards=total, queue=(nobody, nobody), asking=z3.BoolVal(False),
                entering=z3.BoolVal(False), over=z3.BoolVal(False), winner=nobody)
    options = z3.And(players <= SEATS, start <= top,
                     z3.Implies(variant, players >= BAY_MIN_MONSTERS))
    return options, t
