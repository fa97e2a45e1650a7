"""The card language: ``.kot`` card files, their grammar, checks and card sets.

Grammar: ``grammar/cards.lark``. Built-in cards: ``spec/cards/<game>/*.kot``.
"""

from .ast import (
    NO_POSITION,
    Alias,
    CardDef,
    CardKind,
    Effect,
    Position,
    Verb,
    Who,
    slugify,
    strip_positions,
)
from .cardset import CardSet, CheckReport, builtin_card_set, check_paths, load_card_set
from .diagnostics import CODES, CardSpecError, Diagnostic
from .parser import parse_text
from .render import render_card, render_cards, render_effect

__all__ = [
    "CODES",
    "NO_POSITION",
    "Alias",
    "CardDef",
    "CardKind",
    "CardSet",
    "CardSpecError",
    "CheckReport",
    "Diagnostic",
    "Effect",
    "Position",
    "Verb",
    "Who",
    "builtin_card_set",
    "check_paths",
    "load_card_set",
    "parse_text",
    "render_card",
    "render_cards",
    "render_effect",
    "slugify",
    "strip_positions",
]
