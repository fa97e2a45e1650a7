"""Non-negotiable 1: a card's behaviour lives only in its text. No card is named in the engine."""

from __future__ import annotations

import re
from pathlib import Path

from kot_rules.language import builtin_card_set
from kot_rules.paths import grammar_dir
from kot_rules.rulebook import game_monsters

PACKAGE = Path(__file__).resolve().parents[2] / "kot_rules"


def _keywords() -> set[str]:
    """Words of the card language itself: a one-word card title may be one (e.g. a verb)."""
    grammar = "\n".join(p.read_text(encoding="utf-8") for p in grammar_dir().glob("*.lark"))
    return {w.casefold() for w in re.findall(r'"([A-Za-z]+)"', grammar)}


class TestNoCardNameInCode:
    def test_no_card_name_alias_or_id_in_kot_rules(self) -> None:
        keywords = _keywords()
        words: set[str] = set()
        for card in (*builtin_card_set().cards, *builtin_card_set("king-of-tokyo-duel").cards):
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

    def test_no_duel_monster_name_in_the_duel_modules(self) -> None:
        # King of Tokyo's box names (game.DEFAULT_NAMES) predate spec/games' monster lists;
        # Duel's monsters are read from spec/games/king-of-tokyo-duel.yaml only.
        names = [b.name.casefold() for b in game_monsters("king-of-tokyo-duel")]
        assert len(names) == 6
        # The parts of Duel's folder the engine runs, and its definition.
        duel_modules = [p for p in sorted((PACKAGE / "games" / "king_of_tokyo_duel").glob("*.py"))
                        if p.stem in ("rules", "board", "words", "definition")]
        assert len(duel_modules) >= 3
        hits = [f"{p.name}: {n!r}" for p in duel_modules
                for n in names if n in p.read_text(encoding="utf-8").casefold()]
        assert not hits, "monster names in the Duel modules:\n" + "\n".join(hits)
