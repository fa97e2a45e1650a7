"""The card language's syntax tree (what the parser saw) and checked definitions.

``*Syntax`` classes hold what a card file says, unchecked, each part with its
position. The checker turns a ``CardSyntax`` into a ``CardDef``, the checked
definition the rest of the package uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum

_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(name: str) -> str:
    """A card id: lowercase ASCII letters and digits, other runs collapsed to '-'."""
    return _NOT_SLUG.sub("-", name.lower()).strip("-")


@dataclass(frozen=True, slots=True)
class Position:
    """1-based line and column (in characters) of a place in a card file."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class CardKind(Enum):
    KEEP = "keep"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Alias:
    """Another name for a card, in a language other than English."""

    language: str
    name: str
    position: Position


class Verb(Enum):
    """What an effect sentence does (the first slice of the card language)."""

    GAIN_STARS = "gain-stars"
    GAIN_ENERGY = "gain-energy"
    HEAL = "heal"
    TAKE_DAMAGE = "take-damage"
    LOSE_STARS = "lose-stars"


class Who(Enum):
    """Whom an effect sentence affects."""

    YOU = "you"
    EACH_OTHER = "each-other"
    EVERY = "every"


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect sentence: ``verb`` ``amount`` applied to ``who``.

    Damage from an effect is never an attack [001 §DODATEK, ATAKOWANIE].
    """

    verb: Verb
    amount: int
    who: Who
    position: Position


@dataclass(frozen=True, slots=True)
class CardDef:
    """A checked card definition (one title; ``copies`` physical cards)."""

    name: str
    slug: str
    cost: int
    kind: CardKind
    copies: int
    aliases: tuple[Alias, ...]
    position: Position
    effects: tuple[Effect, ...] = ()


NO_POSITION = Position("", 0, 0)
"""The position ``strip_positions`` gives every part of a definition."""


def strip_positions(card: CardDef) -> CardDef:
    """``card`` with every position set to ``NO_POSITION``, to compare what cards say.

    Two files that define the same card (e.g. a file and its canonical rendering)
    give definitions that differ only in their positions.
    """
    return replace(
        card,
        position=NO_POSITION,
        aliases=tuple(replace(alias, position=NO_POSITION) for alias in card.aliases),
        effects=tuple(replace(effect, position=NO_POSITION) for effect in card.effects),
    )


# --- Unchecked syntax ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CostSyntax:
    """``cost N, keep|discard[, copies N]`` as written (numbers not range-checked)."""

    cost: int
    cost_position: Position
    kind: CardKind
    copies: int | None
    copies_position: Position | None
    position: Position


@dataclass(frozen=True, slots=True)
class AliasSyntax:
    """``alias LANG "NAME"`` as written (language not checked)."""

    language: str
    language_position: Position
    name: str
    name_position: Position
    position: Position


@dataclass(frozen=True, slots=True)
class EffectSyntax:
    """One effect sentence as written (amount not range-checked).

    ``unit`` is the word after the amount (``star``, ``stars``, ``energy``,
    ``damage``), or None for ``Heal N.``; the checker makes ``star`` / ``stars``
    agree with the amount.
    """

    verb: Verb
    who: Who
    amount: int
    amount_position: Position
    unit: str | None
    unit_position: Position | None
    position: Position


@dataclass(frozen=True, slots=True)
class CardSyntax:
    """One ``card "NAME"`` block as written, its lines in file order."""

    name: str
    name_position: Position
    costs: tuple[CostSyntax, ...]
    aliases: tuple[AliasSyntax, ...]
    position: Position
    effects: tuple[EffectSyntax, ...] = ()


def name_key(text: str) -> str:
    """How names are compared: Unicode-casefolded, whitespace runs made one space."""
    return " ".join(text.casefold().split())
