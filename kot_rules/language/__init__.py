"""The card language: ``.kot`` card files, their grammar, checks and card sets.

Grammar: ``grammar/core.lark`` plus a dialect per game (``grammar/<game>.lark``).
Vocabulary: ``vocabulary.py``. Built-in cards: ``spec/cards/<game>/*.kot``.

Names load on first use, so importing one module of the language (``.diagnostics``) does
not load the parser.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

# name -> module: loaded on first use by __getattr__ below.
_EXPORTS: dict[str, str] = {
    "NO_POSITION": "kot_rules.language.ast",
    "Ability": "kot_rules.language.ast",
    "Activated": "kot_rules.language.ast",
    "Alias": "kot_rules.language.ast",
    "CardDef": "kot_rules.language.ast",
    "CardKind": "kot_rules.language.ast",
    "Condition": "kot_rules.language.ast",
    "Effect": "kot_rules.language.ast",
    "Modifier": "kot_rules.language.ast",
    "ModifierKind": "kot_rules.language.ast",
    "Position": "kot_rules.language.ast",
    "Trigger": "kot_rules.language.ast",
    "Verb": "kot_rules.language.ast",
    "Who": "kot_rules.language.ast",
    "slugify": "kot_rules.language.ast",
    "strip_positions": "kot_rules.language.ast",
    "CardSet": "kot_rules.language.cardset",
    "CheckReport": "kot_rules.language.cardset",
    "builtin_card_set": "kot_rules.language.cardset",
    "check_paths": "kot_rules.language.cardset",
    "load_card_set": "kot_rules.language.cardset",
    "CODES": "kot_rules.language.diagnostics",
    "CardSpecError": "kot_rules.language.diagnostics",
    "Diagnostic": "kot_rules.language.diagnostics",
    "parse_text": "kot_rules.language.parser",
    "render_ability": "kot_rules.language.render",
    "render_card": "kot_rules.language.render",
    "render_cards": "kot_rules.language.render",
    "render_effect": "kot_rules.language.render",
    "render_modifier": "kot_rules.language.render",
    "render_trigger": "kot_rules.language.render",
}

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


def __getattr__(name: str) -> Any:
    try:
        module = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(import_module(module), name)
    globals()[name] = value  # the next access is a plain global
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
