"""Non-negotiable 1: a card's behaviour lives only in its text. No card is named in the engine."""

from __future__ import annotations

import re
from pathlib import Path

from kot_rules.language import builtin_card_set
from kot_rules.paths import grammar_dir

PACKAGE = Path(__file__).resolve().parents[2] / "kot_rules"


def _keywords() -> set[str]:
    """Words of the card language itself: a one-word card title may be one (e.g. a verb)."""
    grammar = "\n".join(p.read_text(encoding="utf-8") for p in grammar_dir().glob("*.lark"))
    return {w.casefold() for w in re.findall(r'"([A-Za-z]+)"', grammar)}


class TestNoCardNameInCode:
    def test_no_card_name_alias_or_id_in_kot_rules(self) -> None:
        cards = builtin_card_set()
        keywords = _keywords()
        words: set[str] = set()
        for card in cards.cards:
            if card.name.casefold() not in keywords:
                words.add(card.name.casefold())
            words.update(alias.name.casefold() for alias in card.aliases)
            if "-" in card.slug:  # one-word ids (e.g. 'heal') are ordinary words
                words.add(card.slug)
        hits = []
        for path in sorted(PACKAGE.rglob("*.py")):
            text = path.read_text(encoding="utf-8").casefold()
            for word in words:
                # A hyphen is no shield: a card's name inside an id (``D-<NAME>``) counts.
                if re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", text):
                    hits.append(f"{path.relative_to(PACKAGE.parent)}: {word!r}")
        assert not hits, "card names in the engine code:\n" + "\n".join(hits)
