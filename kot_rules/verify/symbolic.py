"""What the games' symbolic models share: Z3 terms, the states' base, ``ite``, ``Ctx``.

A game's symbolic state (``kot_rules/games/<game>/state.py``) is a frozen dataclass of Z3
terms built on :class:`Seats`; a transition is a function from such a state to another,
its free choices (dice, bonuses from cards, the card bought) fresh variables of a
:class:`Ctx`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import fields, is_dataclass, replace
from typing import Any, Generic, Protocol, Self, TypeAlias, TypeVar, cast

import z3

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
