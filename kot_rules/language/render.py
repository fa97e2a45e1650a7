"""Rendering checked cards back to canonical card-language text.

The canonical text of a card is its ``card "NAME"`` line, then, indented by two
spaces, the cost line, the alias lines in file order and one effect sentence per
line. Comments are not part of a definition, so they are not rendered. Parsing
the rendering gives the same definition again, apart from positions
(``parse(render(card)) == card`` after ``strip_positions``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .ast import CardDef, Effect, Verb, Who

INDENT = "  "

# What the STRING terminal of grammar/cards.lark refuses inside the quotes.
_UNWRITABLE = re.compile(r"[\x00-\x1f\x7f]")


def quote_name(name: str) -> str:
    """``name`` as a card-language string: double quotes, ``\\"`` and ``\\\\`` escaped."""
    bad = _UNWRITABLE.search(name)
    if bad is not None:
        raise ValueError(f"a card-language name cannot hold the control character "
                         f"{bad.group(0)!r}: {name!r}")
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _stars(amount: int) -> str:
    return f"{amount} star" if amount == 1 else f"{amount} stars"


def render_effect(effect: Effect) -> str:
    """The sentence that says ``effect``, e.g. ``Each other monster takes 2 damage.``.

    Raises ``ValueError`` for a verb and target that no sentence of the card
    language says (e.g. healing every monster).
    """
    verb, who, amount = effect.verb, effect.who, effect.amount
    if who is Who.YOU:
        if verb is Verb.GAIN_STARS:
            return f"Gain {_stars(amount)}."
        if verb is Verb.GAIN_ENERGY:
            return f"Gain {amount} energy."
        if verb is Verb.HEAL:
            return f"Heal {amount}."
        if verb is Verb.TAKE_DAMAGE:
            return f"Take {amount} damage."
    elif who is Who.EACH_OTHER:
        if verb is Verb.TAKE_DAMAGE:
            return f"Each other monster takes {amount} damage."
        if verb is Verb.LOSE_STARS:
            return f"Each other monster loses {_stars(amount)}."
    elif who is Who.EVERY and verb is Verb.TAKE_DAMAGE:
        return f"Every monster takes {amount} damage."
    raise ValueError(f"the card language has no sentence for {verb.value} applied to "
                     f"{who.value}")


def render_card(card: CardDef) -> str:
    """The canonical text of one card, ending with a newline."""
    cost = f"cost {card.cost}, {card.kind.value}"
    if card.copies != 1:
        cost += f", copies {card.copies}"
    lines = [f"card {quote_name(card.name)}", INDENT + cost]
    lines += [f"{INDENT}alias {alias.language} {quote_name(alias.name)}"
              for alias in card.aliases]
    lines += [INDENT + render_effect(effect) for effect in card.effects]
    return "\n".join(lines) + "\n"


def render_cards(cards: Iterable[CardDef]) -> str:
    """The canonical text of several cards, in the given order, one blank line apart."""
    return "\n".join(render_card(card) for card in cards)
