"""The built-in King of Tokyo card files (spec/cards/king-of-tokyo)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from kot_rules.language import CardKind, builtin_card_set, check_paths, parse_text
from kot_rules.paths import builtin_cards_dir

FILES = sorted(builtin_cards_dir().glob("*.kot"))
REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "kot-cards.md"
FIRST_LINE = re.compile(
    r"# King of Tokyo \(2011\), first edition\. Source: .*kot-cards\.md Part 1\.")


class TestEveryFile:
    @pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
    def test_parses_cleanly_one_card_named_after_the_file(self, path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        cards, diagnostics = parse_text(text, str(path))
        assert diagnostics == []
        (card,) = cards
        assert path.stem == card.slug
        assert FIRST_LINE.fullmatch(text.split("\n")[0])

    def test_the_folder_checks_clean(self) -> None:
        report = check_paths([builtin_cards_dir()])
        assert report.ok and report.diagnostics == []
        assert report.cards == 64


class TestDeckComposition:
    def test_64_titles_and_66_physical_cards(self) -> None:
        cards = builtin_card_set()
        assert len(cards.cards) == len(FILES) == 64
        assert len(cards.physical_ids()) == len(set(cards.physical_ids())) == 66

    def test_48_keep_and_18_discard_physical_cards(self) -> None:
        cards = builtin_card_set()
        kinds = Counter(cards.kind(card_id) for card_id in cards.physical_ids())
        assert kinds == {CardKind.KEEP: 48, CardKind.DISCARD: 18}
        titles = Counter(card.kind for card in cards.cards)
        assert titles == {CardKind.KEEP: 47, CardKind.DISCARD: 17}

    def test_only_two_cards_are_doubled(self) -> None:
        doubled = {c.name for c in builtin_card_set().cards if c.copies != 1}
        assert doubled == {"Extra Head", "Evacuation Orders"}
        assert all(c.copies == 2 for c in builtin_card_set().cards if c.name in doubled)

    def test_first_edition_names(self) -> None:
        names = {c.name for c in builtin_card_set().cards}
        assert {"Monster Batteries", "Drop from High Altitude", "Fire Blast", "Tanks",
                "Alien Metabolism", "Wings"} <= names
        assert not {"Battery Monster", "Death From Above", "Flame Thrower", "Tank",
                    "Alien Origin"} & names

    @pytest.mark.skipif(not REFERENCE.is_file(), reason="shared/reference is not beside the repo")
    def test_names_costs_and_types_match_the_reference_sheet(self) -> None:
        text = REFERENCE.read_text(encoding="utf-8")
        part1 = text[text.index("## Part 1"):text.index("### 1c.")]
        rows = re.findall(r"^\| [0-9–]+ \| ([^|]+?) \| (\d+) \| ([KD]) \|", part1, re.MULTILINE)
        expected = {}
        for name, cost, kind in rows:
            copies = 2 if "(×2)" in name else 1
            expected[name.replace("(×2)", "").strip()] = (
                int(cost), CardKind.KEEP if kind == "K" else CardKind.DISCARD, copies)
        actual = {c.name: (c.cost, c.kind, c.copies) for c in builtin_card_set().cards}
        assert actual == expected


class TestAliases:
    def test_aliases_from_the_sheet(self) -> None:
        cards = builtin_card_set()

        def aliases(slug: str) -> set[tuple[str, str]]:
            return {(a.language, a.name) for a in cards.definition(slug).aliases}

        assert aliases("even-bigger") == {("pl", "Jeszcze większy!"),
                                          ("cz", "Větší než jste čekali")}
        assert aliases("eater-of-the-dead") == {("pl", "Oddech śmierci"), ("cz", "Mrchožrout")}
        assert aliases("nova-breath") == {("pl", "Piekielny oddech")}

    def test_low_confidence_names_are_comments_only(self) -> None:
        cards = builtin_card_set()
        assert cards.definition("healing-ray").aliases == ()
        assert [a.language for a in cards.definition("opportunist").aliases] == ["pl"]
        assert cards.resolve("Reanimacja") == ()
        assert cards.resolve("Chmaták") == ()
        assert '# pl (uncertain): "Reanimacja"' in (
            builtin_cards_dir() / "healing-ray.kot").read_text(encoding="utf-8")

    def test_alias_counts(self) -> None:
        counts = Counter(a.language for c in builtin_card_set().cards for a in c.aliases)
        assert counts == {"pl": 27, "cz": 15}
