"""Symbolic game states for Z3: up to six seats of monsters, Tokyo, the cards, the outcome.

Seats are numbered from the monster whose card or turn is being proved (seat 0), which
loses nothing because the rules treat every seat alike (rotation symmetry). Seats at or
beyond ``players`` hold no monster: they look like eliminated monsters with nothing.
A transition is a function from a :class:`SymState` to a :class:`SymState`; its free
choices (dice, bonuses from cards, the card bought) are fresh variables of a :class:`Ctx`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any, Generic, Protocol, Self, TypeAlias, TypeVar, cast

import z3

from kot_rules.engine.numbers import BAY_MIN_MONSTERS, MAX_MONSTERS

SEATS = MAX_MONSTERS
"""The symbolic table has a seat for every monster the rules allow."""
NOBODY = -1
"""``city``, ``bay``, ``queue`` and ``winner`` when no seat is meant."""

Int: TypeAlias = Any
"""A Z3 integer term (z3 has no type hints: Any)."""
Bool: TypeAlias = Any
"""A Z3 boolean term."""

M = TypeVar("M")


class _Living(Protocol):
    @property
    def alive(self) -> Bool: ...


L = TypeVar("L", bound=_Living)


class Seats(Generic[M]):
    """Base of a symbolic state (a frozen dataclass with a ``monsters`` field): its
    monsters by seat, for every game's model."""

    monsters: tuple[M, ...]

    def m(self, seat: int) -> M:
        return self.monsters[seat]

    def with_monster(self, seat: int, monster: M) -> Self:
        ms = list(self.monsters)
        ms[seat] = monster
        return cast(Self, replace(cast(Any, self), monsters=tuple(ms)))


class Table(Seats[L]):
    """A :class:`Seats` whose monsters may be out of the game (King of Tokyo, New York)."""

    def alive_count(self) -> Int:
        return z3.Sum([z3.If(m.alive, 1, 0) for m in self.monsters])


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


T = TypeVar("T")


def ite(c: Bool, a: T, b: T) -> T:
    """``If(c, a, b)`` field by field for the states and monsters of every game's model
    (dataclasses, tuples, terms); shares equal parts."""
    if a is b:  # the same part (e.g. tiles no step changes): nothing to choose
        return a
    if is_dataclass(a) and not isinstance(a, type):
        kw = {f.name: ite(c, getattr(a, f.name), getattr(b, f.name)) for f in fields(a)}
        return cast(T, type(a)(**kw))
    if isinstance(a, tuple):
        other = cast(tuple[Any, ...], b)
        return cast(T, tuple(ite(c, x, y) for x, y in zip(a, other, strict=True)))
    if z3.is_true(c):
        return a
    if z3.is_false(c):
        return b
    if cast(Any, a).eq(b):
        return a
    return cast(T, z3.If(c, a, b))


def zmin(a: Any, b: Any) -> Int:
    return z3.If(a <= b, a, b)


def zmax(a: Any, b: Any) -> Int:
    return z3.If(a >= b, a, b)


class Ctx:
    """Fresh variables, their domains, and the record of every free choice made."""

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix
        self.facts: list[Bool] = []
        self.choices: list[tuple[str, int | None, Any]] = []
        self._n = 0

    def _name(self, kind: str) -> str:
        self._n += 1
        return f"{self.prefix}{kind}#{self._n}"

    def integer(self, kind: str, seat: int | None = None, lo: int | None = 0) -> Int:
        """A free whole number (at least ``lo``): a choice the rules or the cards leave open."""
        v = z3.Int(self._name(kind))
        if lo is not None:
            self.facts.append(v >= lo)
        self.choices.append((kind, seat, v))
        return v

    def boolean(self, kind: str, seat: int | None = None) -> Bool:
        v = z3.Bool(self._name(kind))
        self.choices.append((kind, seat, v))
        return v

    def last(self, kind: str) -> Any:
        """The latest choice of ``kind`` made (a step's own choice, read by a caller)."""
        return next(v for k, _, v in reversed(self.choices) if k == kind)

    def terms(self, name: str) -> tuple[Callable[[str], Int], Callable[[str], Bool]]:
        """Makers of the free fields of a state named ``name``: (a whole number, a boolean),
        each named ``{prefix}{name}.{field}``."""
        pre = f"{self.prefix}{name}"
        return (lambda field: z3.Int(f"{pre}.{field}")), (lambda field: z3.Bool(f"{pre}.{field}"))

    def state(self, name: str = "pre") -> SymState:
        """A fully symbolic state (every field free, domains only)."""
        i, b = self.terms(name)
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


Expand = Callable[[str, Any], Iterable[tuple[str, Any]] | None]
"""(field name, value) -> the named terms a field stands for, or None: the field itself."""


def fields_of(s: Any, expand: Expand) -> Iterator[tuple[str, Any]]:
    """Every field of the state ``s`` as (name, term), in field order: each monster's as
    ``monsters[k].field``, a field ``expand`` names as it says."""
    for f in fields(s):
        value = getattr(s, f.name)
        if f.name == "monsters":
            for k, m in enumerate(value):
                for g in fields(m):
                    yield f"monsters[{k}].{g.name}", getattr(m, g.name)
        elif (named := expand(f.name, value)) is not None:
            yield from named
        else:
            yield f.name, value
