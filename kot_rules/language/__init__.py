"""The card language: ``.kot`` card files, their grammar, checks and card sets.

Grammar: ``grammar/cards.lark``. Built-in cards: ``spec/cards/<game>/*.kot``.
"""

from .ast import Alias, CardDef, CardKind, Position, slugify
from .cardset import CardSet, CheckReport, builtin_card_set, check_paths, load_card_set
from .diagnostics import CODES, CardSpecError, Diagnostic
from .parser import parse_text

__all__ = [
    "CODES",
    "Alias",
    "CardDef",
    "CardKind",
    "CardSet",
    "CardSpecError",
    "CheckReport",
    "Diagnostic",
    "Position",
    "builtin_card_set",
    "check_paths",
    "load_card_set",
    "parse_text",
    "slugify",
]
