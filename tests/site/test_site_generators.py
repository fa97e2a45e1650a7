"""The site generators on their own (fast: no MkDocs build, no browser)."""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

import pytest

from kot_rules.language.cardset import builtin_card_set
from kot_rules.language.render import render_card
from kot_rules.site.cliref import command_helps
from kot_rules.site.hooks import _expand_nav, repo_file_page, rewrite_repo_links
from kot_rules.site.model import (
    CardUse,
    SiteDataError,
    _mention_patterns,
    card_info,
    card_uses,
    load_rulings,
    load_site_data,
)
from kot_rules.site.pages import abbreviations, generate, link
from kot_rules.sources import GlossaryError, load_glossary

ROOT = Path(__file__).resolve().parents[2]


def test_links_between_pages_are_relative() -> None:
    assert link("rules/tokyo.yield.md", "clarifications/d-first-player.md") == \
        "../clarifications/d-first-player.md"
    assert link("rules/index.md", "rules/tokyo.yield.md") == "tokyo.yield.md"
    assert link("cli.md", "formats/schemas.md", "state-v1") == "formats/schemas.md#state-v1"
    assert link("scenarios/king-of-tokyo/bay/x.md", "cards/heal.md") == \
        "../../../cards/heal.md"


def test_links_to_data_files_go_to_their_pages() -> None:
    docs = ROOT / "docs"
    text = ("[s](../../spec/schemas/state-v1.schema.json) "
            "[e](../../spec/scenarios/king-of-tokyo/examples/jarek-turn.yaml \"title\") "
            "[d](../../spec/scenarios/) [c](../../spec/cards/king-of-tokyo/heal.kot) "
            "[r](../../spec/rules/king-of-tokyo.yaml#x) [k](state.md) [w](https://example.org/a) "
            "[o](../../README.md)")
    out = rewrite_repo_links(text, "formats/state.md", docs, ROOT)
    assert "[s](schemas.md#state-v1)" in out
    assert '[e](../scenarios/king-of-tokyo/examples/jarek-turn.md "title")' in out
    assert "[d](../scenarios/index.md)" in out
    assert "[c](../cards/heal.md)" in out
    assert "[r](../rules/index.md#x)" in out
    assert "[k](state.md)" in out  # inside docs/: left to MkDocs
    assert "[w](https://example.org/a)" in out
    assert "[o](../../README.md)" in out  # no page shows it: MkDocs reports it
    assert repo_file_page("kot_rules/paths.py") is None


def test_generated_pages_are_listed_in_their_nav_sections() -> None:
    nav: list[object] = [{"Home": "index.md"},
                         {"Rules": ["rules/index.md"]},
                         {"Deep": [{"Cards": ["cards/index.md"]}]}]
    _expand_nav(nav, {"rules/index.md": ["rules/a.md"], "cards/index.md": ["cards/b.md"]})
    assert nav == [{"Home": "index.md"},
                   {"Rules": ["rules/index.md", "rules/a.md"]},
                   {"Deep": [{"Cards": ["cards/index.md", "cards/b.md"]}]}]
    _expand_nav(nav, {"rules/index.md": ["rules/a.md"], "cards/index.md": ["cards/b.md"]})
    assert nav[1] == {"Rules": ["rules/index.md", "rules/a.md"]}  # idempotent


def test_cli_reference_has_every_subcommand() -> None:
    parser = argparse.ArgumentParser(prog="tool")
    commands = parser.add_subparsers()
    run = commands.add_parser("run", help="run things")
    run_commands = run.add_subparsers()
    run_commands.add_parser("fast", help="run fast")
    commands.add_parser("check", help="check things")
    helps = command_helps(parser)
    assert [h.prog for h in helps] == ["tool", "tool run", "tool run fast", "tool check"]
    assert [h.summary for h in helps] == ["", "run things", "run fast", "check things"]
    assert helps[2].anchor == "tool-run-fast"
    assert helps[2].text.startswith("usage: tool run fast")
    real = command_helps()
    assert real[0].prog == "kot-rules"
    assert {"kot-rules play", "kot-rules scenario run"} <= {h.prog for h in real}
    assert len({h.anchor for h in real}) == len(real)


def test_how_a_scenario_names_cards() -> None:
    cards = builtin_card_set()
    data = {
        "name": "Fire Blast hurts", "description": "Compare with Jeszcze większy!",
        "setup": {"monsters": [{"name": "A", "cards": ["Even Bigger"]}, {"name": "B"}],
                  "shop": ["Heal", "tanks"], "deck": ["evacuation-orders-2"]},
        "script": [{"roll": ["claw"]}, {"buy": "Piekielny oddech"},
                   {"expect": {"discard": ["Skyscraper"]}}],
        "expect": {"monsters": {"A": {"cards": ["Mimic"]}}},
    }
    uses = card_uses(data, cards, _mention_patterns(cards))
    assert uses["even-bigger"] == {CardUse.OWNED, CardUse.MENTIONED}
    assert uses["heal"] == {CardUse.DEALT}
    assert uses["tanks"] == {CardUse.DEALT}
    assert uses["evacuation-orders"] == {CardUse.DEALT}
    assert uses["fire-breathing"] == {CardUse.BOUGHT}
    assert uses["skyscraper"] == {CardUse.CHECKED}
    assert uses["mimic"] == {CardUse.CHECKED}
    assert uses["fire-blast"] == {CardUse.MENTIONED}
    assert "energize" not in uses


def test_card_text_falls_back_to_the_card_file_without_a_renderer() -> None:
    card = builtin_card_set().definition("even-bigger")
    rendered = card_info(card, render_card)
    assert rendered.rendered and rendered.round_trips is True
    assert rendered.text == render_card(card)
    fallback = card_info(card, None)
    assert not fallback.rendered and fallback.round_trips is None
    assert fallback.text.splitlines()[0] == 'card "Even Bigger"'
    assert all(not line.lstrip().startswith("#") for line in fallback.text.splitlines())
    assert fallback.source_file == "spec/cards/king-of-tokyo/even-bigger.kot"


def test_data_files_are_checked(tmp_path: Path) -> None:
    glossary = tmp_path / "glossary.yaml"
    glossary.write_text("terms:\n  - {term: Zatoka, language: pl, meaning: Bay, 5-6 monsters}\n",
                        encoding="utf-8")
    with pytest.raises(GlossaryError, match="quote a value"):
        load_glossary(glossary)
    rulings = tmp_path / "rulings.yaml"
    rulings.write_text("rulings:\n  no-such-card:\n    - {ruling: x, source: y}\n",
                       encoding="utf-8")
    with pytest.raises(SiteDataError, match="not the slug of a card"):
        load_rulings(builtin_card_set(), rulings)


def test_every_page_and_tooltip_is_generated() -> None:
    data = load_site_data()
    pages = generate(data, helps=[])
    assert len([uri for uri in pages if uri.startswith("cards/")]) == len(data.cards) + 1
    assert "rules/tokyo.yield.md" in pages
    assert pages["rules/tokyo.yield.md"].startswith("---\nsearch:\n  boost: 4\n---\n\n"
                                                    "# 4.6 Yielding Tokyo\n")
    tips = abbreviations(data)
    assert "*[Zatoka]: Tokyo Bay (the second place, 5-6 monsters) (Polish)" in tips
    assert "*[001]: Seed 001: " in tips
    for slug in data.rulings.by_card:
        assert data.card(slug)  # every ruling names a real card


def test_cards_show_whether_they_are_proved() -> None:
    data = load_site_data()
    slug = data.cards[0].slug
    unknown = generate(data, helps=[])
    assert "unknown (`kot-rules verify` did not run" in unknown[f"cards/{slug}.md"]
    assert "proofs not run." in unknown["cards/index.md"]
    proved = {info.slug: True for info in data.cards} | {slug: False}
    pages = generate(replace(data, proved=proved), helps=[])
    assert "| proved | **no** (`kot-rules verify` does not prove" in pages[f"cards/{slug}.md"]
    assert "| proved | yes (" in pages[f"cards/{data.cards[1].slug}.md"]
    index = pages["cards/index.md"]
    assert "| Round-trips | Tested | Proved |" in index
    assert f"{len(data.cards) - 1} proved." in index


def test_card_pages_count_every_kind_of_sentence() -> None:
    """A keep card's abilities, modifiers, tokens and uses at will count, not only effects."""
    data = load_site_data()
    pages = generate(data, helps=[])
    for info in data.cards:
        page = pages[f"cards/{info.slug}.md"]
        assert "none in the card language yet" not in page
        assert "| Sentences |" in page
    index = pages["cards/index.md"]
    assert "| Sentences |" in index
    rows = [line for line in index.splitlines() if line.startswith("| [")]
    assert len(rows) == len(data.cards)
    # the Sentences column (7th) is never 0: every built-in card does something
    assert all(row.split(" | ")[6] != "0" for row in rows)


def test_search_ranks_rules_and_cards_above_scenarios() -> None:
    pages = generate(load_site_data(), helps=[])
    boosts = {}
    for uri, text in pages.items():
        if text.startswith("---\nsearch:\n  boost: "):
            boosts[uri.split("/")[0]] = float(text.split("boost: ")[1].split("\n")[0])
    assert boosts["rules"] > boosts["scenarios"] and boosts["cards"] > boosts["scenarios"]
    assert boosts["rules"] > boosts["clarifications"] > boosts["scenarios"]


def test_card_pages_give_names_without_accents() -> None:
    pages = generate(load_site_data(), helps=[])
    assert "Typed without accents: Jeszcze wiekszy!" in pages["cards/even-bigger.md"]
