"""King of Tokyo's symbolic state for Z3: up to six seats of monsters, Tokyo, the cards, the
outcome.

Seats are numbered from the monster whose card or turn is being proved (seat 0), which
loses nothing because the rules treat every seat alike (rotation symmetry). Seats at or
beyond ``players`` hold no monster: they look like eliminated monsters with nothing.
A transition is a function from a :class:`SymState` to a :class:`SymState`; its free
choices are fresh variables of a :class:`~kot_rules.verify.symbolic.Ctx`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import z3

from kot_rules.engine.numbers import BAY_MIN_MONSTERS, MAX_MONSTERS
from kot_rules.verify.symbolic import Bool, Ctx, Int, Table, fields_of

SEATS = MAX_MONSTERS
"""The symbolic table has a seat for every monster the rules allow."""
NOBODY = -1
"""``city``, ``bay``, ``queue`` and ``winner`` when no seat is meant."""


@dataclass(frozen=True)
class SymMonster:
    """One seat: the monster's board, and whether it lost ♥ to the attack being resolved."""

    hearts: Int
    max_hearts: Int
    stars: Int
    energy: Int
    alive: Bool
    cards: Int
    """How many keep cards it holds."""
    hit: Bool


@dataclass(frozen=True)
class SymState(Table[SymMonster]):
    """A position, symbolically. Seat 0 is the active monster (or the card's owner)."""

    players: Int
    monsters: tuple[SymMonster, ...]
    city: Int
    bay: Int
    bay_variant: Bool
    win_stars: Int
    deck: Int
    shop: Int
    discard: Int
    total_cards: Int
    queue: tuple[Int, Int]
    """Who is asked to yield, in order (``NOBODY`` for an empty slot)."""
    asking: Bool
    """The state waits for a yield decision (phase ``yield``)."""
    entering: Bool
    over: Bool
    winner: Int

    def bay_open(self) -> Bool:
        return z3.And(self.bay_variant, self.alive_count() >= BAY_MIN_MONSTERS)

    def in_tokyo(self, seat: int) -> Bool:
        return z3.Or(self.city == seat, self.bay == seat)

    def at(self, index: Int, attr: str) -> Any:
        """Field ``attr`` of the monster at the symbolic seat ``index`` (seat 0 if out of range)."""
        value = getattr(self.monsters[0], attr)
        for seat in range(1, SEATS):
            value = z3.If(index == seat, getattr(self.monsters[seat], attr), value)
        return value


def fresh(ctx: Ctx, name: str = "pre") -> SymState:
    """A fully symbolic state named ``name`` (every field free, domains only)."""
    i, b = ctx.terms(name)
    ms = tuple(
        SymMonster(i(f"{k}.hearts"), i(f"{k}.max_hearts"), i(f"{k}.stars"),
                   i(f"{k}.energy"), b(f"{k}.alive"), i(f"{k}.cards"), b(f"{k}.hit"))
        for k in range(SEATS)
    )
    return SymState(
        i("players"), ms, i("city"), i("bay"), b("bay_variant"), i("win_stars"), i("deck"),
        i("shop"), i("discard"), i("total_cards"), (i("queue0"), i("queue1")), b("asking"),
        b("entering"), b("over"), i("winner"),
    )


def seat_index(v: Int) -> Bool:
    """``v`` is a seat or nobody."""
    return z3.And(v >= NOBODY, v < SEATS)


def leaves(s: SymState) -> Iterator[tuple[str, Any]]:
    """Every field of ``s`` as (name, term), monsters as ``monsters[k].field``."""
    return fields_of(s, lambda name, value: (
        ((f"queue[{k}]", q) for k, q in enumerate(value)) if name == "queue" else None))
