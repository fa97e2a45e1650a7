"""Dice: faces, the multiset of dice on the table, scoring and probabilities.

Dice are interchangeable in King of Tokyo, so the dice on the table are a
multiset, stored as counts per face in the order of :class:`Face`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from enum import Enum
from fractions import Fraction
from math import factorial
from typing import Final

from kot_rules.engine.errors import StateFormatError
from kot_rules.engine.numbers import SET_SIZE, STARS_PER_EXTRA_DIE

Counts = tuple[int, int, int, int, int, int]
"""How many dice show each face, in the order of :class:`Face`."""

NO_DICE: Counts = (0, 0, 0, 0, 0, 0)

# Compiled with mypyc, a Final module name is read from a C static; any
# other module-level name costs a dict look-up at each use (a constant imported too).
_SET_SIZE: Final = SET_SIZE
_STARS_PER_EXTRA_DIE: Final = STARS_PER_EXTRA_DIE


class Face(Enum):
    """The faces of the family's dice. King of Tokyo's six [000/001 §Symbole na kostkach]
    come first (:data:`FACES`); Duel's dice share energy, heart and claw with them, by
    position, and add its own (duel.components.dice)."""

    # Members are singletons: hash by identity, in C, because the engine looks these
    # up on every turn (Enum's own __hash__ is Python code). Dict order stays insertion order.
    __hash__ = object.__hash__

    ONE = "1"
    TWO = "2"
    THREE = "3"
    ENERGY = "energy"
    HEART = "heart"
    CLAW = "claw"
    # King of Tokyo: Duel (a game's DiceSpec.faces names the face at each position).
    FAME = "fame"
    DESTRUCTION = "destruction"
    POWER = "power"
    HEAL = "heal"
    SMASH = "smash"
    # King of New York's own faces (its die also shows energy, heal, smash,
    # destruction; kot_rules.games.king_of_new_york.board.FACES).
    CELEBRITY = "celebrity"
    OUCH = "ouch"

    @property
    def index(self) -> int:
        return _INDEX[self]

    @classmethod
    def parse(cls, value: object) -> Face:
        """Read a face from ``1``, ``"2"``, ``"energy"``, ``"heart"``, ``"claw"``."""
        key = str(value).strip().lower() if isinstance(value, (str, int)) else None
        if key is not None and not isinstance(value, bool):
            face = _BY_NAME.get(key)
            if face is not None:
                return face
        names = ", ".join(f.value for f in cls)
        raise StateFormatError(f"unknown die face {value!r}: expected one of {names}")


FACES: tuple[Face, ...] = (Face.ONE, Face.TWO, Face.THREE, Face.ENERGY, Face.HEART, Face.CLAW)
"""King of Tokyo's die, in the order of :data:`Counts`."""
_INDEX = {face: i for i, face in enumerate(FACES)}
_BY_NAME = {face.value: face for face in FACES}
_BY_NAME.update({"⚡": Face.ENERGY, "♥": Face.HEART, "smash": Face.CLAW, "attack": Face.CLAW})

ONE, TWO, THREE, ENERGY, HEART, CLAW = range(6)


def counts_of(faces: Iterable[Face]) -> Counts:
    c = [0, 0, 0, 0, 0, 0]
    for face in faces:
        c[_INDEX[face]] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def faces_of(counts: Counts, faces: tuple[Face, ...] = FACES) -> tuple[Face, ...]:
    """The faces of a multiset, in face order (a canonical listing); ``faces`` names the
    face at each position (a game's ``DiceSpec.faces``)."""
    out: list[Face] = []
    for face, n in zip(faces, counts, strict=True):
        out.extend([face] * n)
    return tuple(out)


def add(a: Counts, b: Counts) -> Counts:
    if not a[0] and not a[1] and not a[2] and not a[3] and not a[4] and not a[5]:
        return b
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def contains(big: Counts, small: Counts) -> bool:
    return (
        small[0] <= big[0]
        and small[1] <= big[1]
        and small[2] <= big[2]
        and small[3] <= big[3]
        and small[4] <= big[4]
        and small[5] <= big[5]
    )


def describe(counts: Counts, faces: tuple[Face, ...] = FACES) -> str:
    if len(counts) != 6 or min(counts) < 0:
        return f"(not a multiset of dice: {counts!r})"  # shown in error messages
    return " ".join(face.value for face in faces_of(counts, faces)) or "(no dice)"


def counts_in(names: Iterable[object], faces: tuple[Face, ...]) -> Counts:
    """The multiset of dice named by ``names`` on a die whose positions show ``faces``
    (a face's name, or a King of Tokyo alias of the face at the same position:
    ``claw`` for Duel's smash). Raises StateFormatError naming the faces."""
    c = [0, 0, 0, 0, 0, 0]
    for value in names:
        key = str(value).strip().lower() if isinstance(value, str) else None
        index = -1
        if key is not None:
            for i, face in enumerate(faces):
                if face.value == key:
                    index = i
                    break
            else:
                alias = _BY_NAME.get(key)
                if alias is not None and faces is not FACES and alias in FACES[3:]:
                    index = _INDEX[alias]  # the shared faces keep their positions
        if index < 0:
            raise StateFormatError(
                f"unknown die face {value!r}: expected one of {', '.join(f.value for f in faces)}"
            )
        c[index] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def set_stars(counts: Counts) -> int:
    """Stars scored by sets of numbers [000/001 §PUNKTY ZWYCIĘSTWA].

    Three of a number score its value; each further die of it scores 1 more.
    """
    stars = 0
    for value in (1, 2, 3):
        n = counts[value - 1]
        if n >= _SET_SIZE:
            stars += value + (n - _SET_SIZE) * _STARS_PER_EXTRA_DIE
    return stars


_TABLES: Final[dict[int, tuple[Counts, ...]]] = {}


def _table(n: int) -> tuple[Counts, ...]:
    """The multiset of each of the 6**n ordered throws of ``n`` dice, by throw number."""
    table = _TABLES.get(n)
    if table is None:
        if n == 0:
            table = (NO_DICE,)
        else:
            units = [tuple(int(i == f) for i in range(6)) for f in range(6)]
            table = tuple(
                (t[0] + u[0], t[1] + u[1], t[2] + u[2], t[3] + u[3], t[4] + u[4], t[5] + u[5])
                for t in _table(n - 1)
                for u in units
            )
        _TABLES[n] = table
    return table


def throws(n: int) -> tuple[Counts, ...]:
    """The multiset of each of the 6**n ordered throws of ``n`` dice (up to 6), by throw
    number: :func:`sample` draws one of them (for a driver that draws itself)."""
    return _TABLES.get(n) or _table(n)


THROWS: Final = (1, 6, 36, 216, 1296, 7776, 46656)
"""How many ordered throws ``n`` dice have (6**n), for ``n`` up to 6."""


_INTERPRETED: Final = __file__.endswith(".py")
"""This module runs from its source, not from the compiled build (kot_rules.native)."""


def throw(n: int, number: int) -> Counts:
    """``throws(n)[number]`` (``n`` up to 6). Interpreted, read from the table; compiled,
    computed (:func:`computed_throw`): there a random read of the 6**6 throws' table, a
    miss of the processor's cache, cost ~5 % of a random Duel game's time."""
    if _INTERPRETED:
        return (_TABLES.get(n) or _table(n))[number]
    return computed_throw(n, number)


def computed_throw(n: int, number: int) -> Counts:
    """``throws(n)[number]``, computed: throw ``number``'s faces are its ``n`` digits in
    base 6 (the last die the lowest digit)."""
    c0 = c1 = c2 = c3 = c4 = c5 = 0
    for _ in range(n):
        f = number % 6
        number //= 6
        if f == 0:
            c0 += 1
        elif f == 1:
            c1 += 1
        elif f == 2:
            c2 += 1
        elif f == 3:
            c3 += 1
        elif f == 4:
            c4 += 1
        else:
            c5 += 1
    return (c0, c1, c2, c3, c4, c5)


def sample(rng: random.Random, n: int) -> Counts:
    """Roll ``n`` fair dice: one uniform draw among the 6**n ordered throws."""
    if n <= 6:
        # random() has 53 bits: the bias over 6**6 throws is below 1e-11.
        return throw(n, int(rng.random() * THROWS[n]))
    c = [0, 0, 0, 0, 0, 0]
    getrandbits = rng.getrandbits
    for _ in range(n):
        # rng.randrange(6), drawn as CPython's Random draws it (3 bits until one is below
        # 6), without its two Python-level calls: a test holds the two equal.
        r = getrandbits(3)
        while r >= 6:
            r = getrandbits(3)
        c[r] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def probability(counts: Counts) -> Fraction:
    """The probability that ``sum(counts)`` fair dice show exactly this multiset."""
    n = sum(counts)
    ways = factorial(n)
    for k in counts:
        ways //= factorial(k)
    return Fraction(ways, 6**n)


def all_outcomes(n: int) -> Iterator[Counts]:
    """Every multiset of ``n`` dice, in a fixed order."""

    def rec(prefix: tuple[int, ...], left: int, slots: int) -> Iterator[tuple[int, ...]]:
        if slots == 1:
            yield (*prefix, left)
            return
        for k in range(left, -1, -1):
            yield from rec((*prefix, k), left - k, slots - 1)

    for t in rec((), n, 6):
        yield (t[0], t[1], t[2], t[3], t[4], t[5])


def sub_multisets(counts: Counts) -> int:
    """How many sub-multisets ``counts`` has (the empty one and itself included)."""
    return (
        (counts[0] + 1)
        * (counts[1] + 1)
        * (counts[2] + 1)
        * (counts[3] + 1)
        * (counts[4] + 1)
        * (counts[5] + 1)
    )


def sub_multiset(counts: Counts, index: int) -> Counts:
    """The ``index``-th sub-multiset of ``counts`` (mixed radix, face order)."""
    index, a = divmod(index, counts[0] + 1)
    index, b = divmod(index, counts[1] + 1)
    index, c = divmod(index, counts[2] + 1)
    index, d = divmod(index, counts[3] + 1)
    index, e = divmod(index, counts[4] + 1)
    return (a, b, c, d, e, index % (counts[5] + 1))


def sub_multiset_index(counts: Counts, sub: Counts) -> int:
    index = 0
    scale = 1
    for i in range(6):
        index += sub[i] * scale
        scale *= counts[i] + 1
    return index


def shuffle(items: list[str], rng: random.Random) -> None:
    """``rng.shuffle(items)`` (a deck, a stack of tiles), drawn as CPython's ``Random``
    draws it (Fisher-Yates from the end, each index by ``getrandbits`` until one is below
    the bound): compiled, without the two Python calls per item of ``Random.shuffle``. A
    test holds the two equal."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = 0  # n.bit_length()
        while n >> k:
            k += 1
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
