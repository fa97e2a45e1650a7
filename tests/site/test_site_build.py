"""The site builds with ``mkdocs build --strict`` and has a page for everything in spec/."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from kot_rules.language import CODES
from kot_rules.language.cardset import builtin_card_set
from kot_rules.language.diagnostics import doc_path
from kot_rules.language.render import render_card
from kot_rules.rulebook import builtin_rulebook
from kot_rules.site.build import BuildResult
from kot_rules.site.model import load_scenarios
from kot_rules.sources import for_reader, load_glossary
from kot_rules.surfaces.rulesdoc import scenarios_by_rule

ROOT = Path(__file__).resolve().parents[2]


def page(site: BuildResult, path: str) -> str:
    file = site.site / path / "index.html"
    assert file.is_file(), f"no page at {path}/"
    return file.read_text(encoding="utf-8")


def text_of(markup: str) -> str:
    """The visible text of an HTML page (tags removed, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_a_page_for_every_card_title(built_site: BuildResult) -> None:
    cards = builtin_card_set().cards
    assert len(cards) == 64
    for card in cards:
        text = text_of(page(built_site, f"cards/{card.slug}"))
        for line in render_card(card).splitlines():
            assert line in text, f"{card.slug}: the card text line {line!r} is missing"
        for alias in card.aliases:
            assert alias.name in text, f"{card.slug}: the {alias.language} name is missing"
        assert "kot-rules verify" in text and "Invariants and proofs" in text


def test_card_page_shows_polish_name_and_text(built_site: BuildResult) -> None:
    text = text_of(page(built_site, "cards/even-bigger"))
    assert "Polish: Jeszcze większy!" in text
    assert 'card "Even Bigger"' in text
    assert "cost 4, keep" in text
    assert 'alias pl "Jeszcze większy!"' in text


def test_a_page_for_every_rule_by_slug(built_site: BuildResult) -> None:
    book = builtin_rulebook()
    tested = scenarios_by_rule()
    index = text_of(page(built_site, "rules"))
    for rule in book.rules:
        markup = page(built_site, f"rules/{rule.slug}")
        title = re.search(r"<h1[^>]*>(.*?)</h1>", markup, re.S)
        assert title is not None, rule.slug
        assert text_of(title[1]).rstrip("¶ ") == f"{rule.number} {rule.title}"
        text = text_of(markup)
        assert rule.source.phrase in text
        assert rule.slug in index
        for key, _ in tested.get(rule.slug, []):  # links to the scenarios that test it
            assert f'/{key.removesuffix(".yaml")}/"' in markup, (rule.slug, key)


def test_yield_rule_page(built_site: BuildResult) -> None:
    markup = page(built_site, "rules/tokyo.yield")
    text = text_of(markup)
    assert "4.6 Yielding Tokyo" in text
    assert "seed 001 §TOKIO: the Polish King of Tokyo rulebook, Potwory w Tokio (Egmont " \
           "Polska, 2013, first edition)" in text  # the rulebook named, never its file
    assert "001_972ba9b71048014d.txt" not in text
    assert '<abbr title="Tokyo (Polish)">Tokio</abbr>' in markup  # glossary tooltip


def test_a_page_for_every_decision(built_site: BuildResult) -> None:
    book, glossary = builtin_rulebook(), load_glossary()
    index = text_of(page(built_site, "clarifications"))
    for decision in book.decisions:
        text = text_of(page(built_site, f"clarifications/{decision.id.lower()}"))
        # as written, but a note's file named by the note's name (kot-cards.md)
        assert for_reader(decision.question, glossary) in text
        assert for_reader(decision.decision, glossary) in text
        for alternative in decision.alternatives:
            assert for_reader(alternative["source"], glossary) in text
        assert decision.id in index
    text = text_of(page(built_site, "clarifications/d-first-player"))
    assert "first_player" in text  # the ruleset option
    assert "1.3 Who starts" in text  # the rule it settles


def test_a_page_for_every_scenario(built_site: BuildResult) -> None:
    scenarios = load_scenarios(builtin_card_set())
    assert scenarios
    for scenario in scenarios:
        path = scenario.key.removesuffix(".yaml")
        assert scenario.name in text_of(page(built_site, path))


def test_reference_pages(built_site: BuildResult) -> None:
    cli = text_of(page(built_site, "cli"))
    for command in ("kot-rules play", "kot-rules simulate", "kot-rules scenario run",
                    "kot-rules check"):
        assert f"usage: {command}" in cli
    schemas = text_of(page(built_site, "formats/schemas"))
    for path in sorted((ROOT / "spec" / "schemas").glob("*.json")):
        assert f"spec/schemas/{path.name}" in schemas
    # Links to data files outside docs/ are pointed at the page that shows them.
    state = page(built_site, "formats/state")
    assert "../schemas/#state-v1" in state
    invariants = text_of(page(built_site, "invariants"))
    assert "INV-HEARTS" in invariants and "everything proved" in invariants
    assert "Jeszcze większy!" in text_of(page(built_site, "cards"))
    assert "Zatoka" in text_of(page(built_site, "glossary"))
    assert 'id="kot_rules.Game"' in page(built_site, "api/reference")
    assert 'id="kot_rules.new_game"' in page(built_site, "api/reference")


def test_search_index_keeps_rule_numbers_and_polish_names(built_site: BuildResult) -> None:
    index = json.loads((built_site.site / "search" / "search_index.json").read_text("utf-8"))
    config = index["config"]
    separator = re.compile(config["separator"])
    assert "4.6" in separator.split("Rule 4.6 (tokyo.yield) applies.")
    assert "tokyo.yield" in separator.split("Rule 4.6 (tokyo.yield) applies.")
    assert "trimmer" not in config.get("pipeline", [])
    titles = {doc["location"]: doc["title"] for doc in index["docs"]}
    assert titles.get("rules/tokyo.yield/") == "4.6 Yielding Tokyo"
    assert any("Jeszcze większy!" in doc["text"] for doc in index["docs"]
               if doc["location"].startswith("cards/even-bigger/"))


def test_nothing_generated_is_left_in_docs(built_site: BuildResult) -> None:
    docs = ROOT / "docs"
    for generated in ("index.md", "tokyo", "rules", "cards", "clarifications", "scenarios",
                      "glossary.md", "cli.md", "abbreviations.md", "formats/schemas.md"):
        assert not (docs / generated).exists(), f"docs/{generated} must not be a file"


def test_a_page_for_every_diagnostic_code_at_the_path_its_hint_prints(
        built_site: BuildResult) -> None:
    for code in CODES:
        text = text_of(page(built_site, doc_path(code).rstrip("/")))
        assert f"{code}: " in text and "What it means" in text, code
    assert "KOT113" in text_of(page(built_site, "codes"))


def test_the_card_language_guide(built_site: BuildResult) -> None:
    intro = text_of(page(built_site, "language"))
    assert "A card file" in intro and "kot-rules check" in intro
    for kind in ("effects", "acts", "triggers", "conditions", "modifiers", "token-rules"):
        assert 'card "Example"' in text_of(page(built_site, f"language/{kind}")), kind


def test_the_conformance_pages(built_site: BuildResult) -> None:
    results = text_of(page(built_site, "conform/results"))
    assert "Conformance results" in results and "King of New York" in results
    assert "Every scenario passes" in results
    protocol = page(built_site, "conform/protocol")
    assert "../../formats/schemas/#conform-hello" in protocol  # a schema file -> its page
    guide = text_of(page(built_site, "conform"))
    assert "FIELDS = [" in guide  # the adapter's source, included from docs/conform/
    assert (built_site.site / "conform" / "toy_adapter.py").is_file()
