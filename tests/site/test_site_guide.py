"""The card-language guide, the diagnostic code pages and the translated seed quotes, as
the generators write them (fast: no MkDocs build)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from kot_rules.language import CODES
from kot_rules.language import vocabulary as v
from kot_rules.language.cardset import check_text
from kot_rules.language.code_examples import EXAMPLES
from kot_rules.language.diagnostics import doc_path
from kot_rules.language.word_examples import example_card
from kot_rules.rulebook import load_rulebook
from kot_rules.site.codes import CODES_INDEX, code_pages, code_uri, codes_nav
from kot_rules.site.guide import LANGUAGE_INDEX, guide_nav, guide_pages, kind_uri, word_anchor
from kot_rules.site.model import load_site_data
from kot_rules.site.pages import generate, rule_uri

ROOT = Path(__file__).resolve().parents[2]

TRANSLATED = ["king-of-tokyo.yaml", "king-of-tokyo-duel.yaml", "king-of-new-york.yaml"]
"""The rules files whose every quoted Polish or Czech phrase has its English translation."""

ENGLISH_SOURCES = {"kony-duel-facts"}
"""Sources written in English (shared/reference/): their phrases need no translation."""


class TestGuide:
    def test_a_page_per_kind_of_word_with_every_word_and_its_example(self) -> None:
        pages = guide_pages()
        assert set(pages) == {kind_uri(kind) for kind, _, _ in v.TABLES}
        for kind, _, table in v.TABLES:
            page = pages[kind_uri(kind)]
            for word in table.values():
                assert f"{{#{word_anchor(word)}}}" in page, (kind, word.member)
                assert example_card(word).rstrip("\n") in page, (kind, word.member)
                assert "King of Tokyo (2011) (`king-of-tokyo`)" in page

    def test_the_guide_is_listed_under_its_introduction(self) -> None:
        (entries,) = guide_nav().values()
        assert list(guide_nav()) == [LANGUAGE_INDEX]
        assert [next(iter(e.values())) for e in entries] == list(guide_pages())

    def test_the_introduction_links_every_kind_page(self) -> None:
        intro = (ROOT / "docs" / LANGUAGE_INDEX).read_text(encoding="utf-8")
        for uri in guide_pages():
            assert f"]({uri.removeprefix('language/')})" in intro


class TestCodePages:
    def test_a_page_per_code_at_the_path_the_hints_print(self) -> None:
        pages = code_pages()
        assert set(pages) == {CODES_INDEX} | {code_uri(code) for code in CODES}
        for code in CODES:
            assert code_uri(code) == doc_path(code).rstrip("/") + ".md"
            assert pages[code_uri(code)].startswith(f"# {code}: ")
        assert codes_nav() == {CODES_INDEX: [code_uri(code) for code in sorted(CODES)]}

    @pytest.mark.parametrize("code", sorted(CODES))
    def test_each_page_shows_its_examples_or_why_it_has_none(self, code: str) -> None:
        page = code_pages()[code_uri(code)]
        example = EXAMPLES[code]
        if example.exempt:
            assert "## No card text gives it" in page
            assert " ".join(example.exempt.split()) in page
        else:
            assert example.wrong.rstrip("\n") in page
            assert example.right.rstrip("\n") in page
            said = check_text(example.wrong, "sample.kot")
            assert f"[{code}]: " in page
            assert said[0].render() in page


class TestTranslatedQuotes:
    @pytest.mark.parametrize("name", TRANSLATED)
    def test_every_quoted_phrase_has_its_english(self, name: str) -> None:
        data = yaml.safe_load((ROOT / "spec" / "rules" / name).read_text(encoding="utf-8"))
        quotes = [r["source"] for r in data["rules"]]
        quotes += [r["also"] for r in data["rules"] if "also" in r]
        quotes += [s for d in data.get("decisions", []) for s in d.get("seeds", [])]
        quotes = [q for q in quotes if q["seed"] not in ENGLISH_SOURCES]
        missing = [q["phrase"] for q in quotes if not str(q.get("english", "")).strip()]
        assert quotes and not missing, missing
        # A translation is English, not the quote copied.
        assert all(q["english"] != q["phrase"] for q in quotes)

    def test_a_rule_page_shows_the_english_under_the_quote(self) -> None:
        book = load_rulebook()
        pages = generate(load_site_data(), helps=[])
        for rule in book.rules:
            page = pages[rule_uri(rule.slug)]
            english = " ".join(rule.source.english.split())
            shown = (r"> „.*”\n>\n> \*English:\* " + re.escape(english)
                     + r"\n> \{ \.translation \}")
            assert re.search(shown, page), rule.slug

    def test_a_clarification_page_shows_the_english_of_its_seeds(self) -> None:
        book = load_rulebook()
        pages = generate(load_site_data(), helps=[])
        decision = book.decisions[0]
        page = pages[f"clarifications/{decision.id.lower()}.md"]
        assert "| Rulebook | Section | Phrase | English |" in page
        assert f"| {decision.seeds[0].seed}, the Polish King of Tokyo rulebook |" in page
        assert decision.seeds[0].english.replace("|", "\\|") in page
