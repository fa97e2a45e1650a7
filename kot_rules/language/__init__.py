"""The card language: ``.kot`` card files, their grammar, checks and card sets.

Grammar: ``grammar/core.lark`` plus a dialect per game (``grammar/<game>.lark``).
Vocabulary: ``vocabulary.py``. Built-in cards: ``spec/cards/<game>/*.kot``.
"""

from .ast import (
    NO_POSITION,
    Ability,
    Activated,
    Alias,
    CardDef,
    CardKind,
    Condition,
    Effect,
    Modifier,
    ModifierKind,
    Position,
    Trigger,
    Verb,
    Who,
    slugify,
    strip_positions,
)
from .cardset import CardSet, CheckReport, builtin_card_set, check_paths, load_card_set
from .diagnostics import CODES, CardSpecError, Diagnostic
from .parser import parse_text
from .render import (
    render_ability,
    render_card,
    render_cards,
    render_effect,
    render_modifier,
    render_trigger,
)

__all__ = [
    "CODES",
    "NO_POSITION",
    "Ability",
    "Activated",
    "Alias",
    "CardDef",
    "CardKind",
    "CardSet",
    "CardSpecError",
    "CheckReport",
    "Condition",
    "Diagnostic",
    "Effect",
    "Modifier",
    "ModifierKind",
    "Position",
    "Trigger",
    "Verb",
    "Who",
    "builtin_card_set",
    "check_paths",
    "load_card_set",
    "parse_text",
    "render_ability",
    "render_card",
    "render_cards",
    "render_effect",
    "render_modifier",
    "render_trigger",
    "slugify",
    "strip_positions",
]
