"""The invariants of :mod:`kot_rules.verify.invariants`, stated over symbolic states.

Each is ``(pre, post) -> Bool``: most read only ``post``; INV-VICTORY also says that
only the end-of-turn step may end the game.
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from kot_rules.verify.symbolic import NOBODY, SEATS, Bool, SymState, seat_index

Property = Callable[[SymState, SymState, bool], Bool]
"""``(pre, post, ends_turn)``: whether the invariant holds after a step."""


def seats(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    out = [s.players >= 2, s.players <= SEATS, s.players == pre.players,
           z3.Implies(s.bay_variant, s.players >= 5), s.win_stars >= 1]
    for k, m in enumerate(s.monsters):
        # A seat beyond the table holds no monster: it looks eliminated, with nothing.
        out.append(z3.Implies(k >= s.players, z3.And(z3.Not(m.alive), m.hearts == 0,
                                                     m.cards == 0, z3.Not(m.hit))))
    return z3.And(out)


def hearts(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    return z3.And([z3.And(m.hearts >= 0, m.hearts <= m.max_hearts, m.max_hearts >= 1)
                   for m in s.monsters])


def tokyo(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    return z3.And(
        seat_index(s.city), seat_index(s.bay),
        z3.Implies(s.city != NOBODY, z3.And(s.at(s.city, "alive"), s.city != s.bay)),
        z3.Implies(s.bay != NOBODY, z3.And(s.at(s.bay, "alive"), s.bay_open())),
    )


def eliminated(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    out = [z3.If(m.alive, m.hearts >= 1, z3.And(m.hearts == 0, m.cards == 0))
           for m in s.monsters]
    out.append(z3.Implies(s.asking, s.at(s.queue[0], "alive")))
    out.append(z3.Implies(s.winner != NOBODY, s.at(s.winner, "alive")))
    return z3.And(out)


def resources(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    return z3.And([z3.And(m.stars >= 0, m.energy >= 0) for m in s.monsters])


def cards(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    held = z3.Sum([m.cards for m in s.monsters])
    return z3.And(s.deck >= 0, s.shop >= 0, s.shop <= 3, s.discard >= 0,
                  z3.And([m.cards >= 0 for m in s.monsters]),
                  z3.Implies(s.deck > 0, s.shop == 3),
                  s.total_cards == pre.total_cards,
                  s.deck + s.shop + s.discard + held == s.total_cards)


def victory(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    alive = s.alive_count()
    w = s.winner
    ended = z3.Or(
        z3.And(w == NOBODY, alive == 0),
        z3.And(w >= 0, w < SEATS, s.at(w, "alive"),
               z3.Or(alive == 1, s.at(w, "stars") >= s.win_stars)),
    )
    out = [z3.If(s.over, ended, w == NOBODY)]
    if not ends_turn:
        out.append(s.over == pre.over)
    return z3.And(out)


def yielding(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    q0, q1 = s.queue
    out = [seat_index(q0), seat_index(q1)]
    for q in (q0, q1):
        out.append(z3.Implies(q != NOBODY, z3.And(q != 0, s.at(q, "hit"))))
    out.append(z3.Implies(q1 != NOBODY, z3.And(q0 != NOBODY, q0 != q1)))
    out.append(z3.Implies(s.asking, z3.And(q0 != NOBODY, z3.Or(s.city == q0, s.bay == q0))))
    return z3.And(out)


PROPERTIES: dict[str, Property] = {
    "INV-SEATS": seats,
    "INV-HEARTS": hearts,
    "INV-TOKYO": tokyo,
    "INV-ELIMINATED": eliminated,
    "INV-RESOURCES": resources,
    "INV-CARDS": cards,
    "INV-VICTORY": victory,
    "INV-YIELD": yielding,
}
"""Every invariant id with its symbolic statement."""


def all_hold(s: SymState) -> Bool:
    """Every invariant of ``s`` on its own (as the pre-state of a step)."""
    return z3.And([p(s, s, True) for p in PROPERTIES.values()])
