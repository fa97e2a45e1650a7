"""King of Tokyo: Duel's section of the site: a page for every rule,
decision, card file and monster, the citations with their translations, the board, the
invariants, Duel's scenarios kept apart from King of Tokyo's, and the search."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from test_site_browser import browser_page, open_result, search, site_url  # noqa: F401

from kot_rules.games.king_of_tokyo_duel import site as duel
from kot_rules.games.king_of_tokyo_duel.invariants import INVARIANTS
from kot_rules.language.cardset import builtin_card_set, load_card_set
from kot_rules.language.render import render_card
from kot_rules.paths import builtin_cards_dir, spec_dir
from kot_rules.rulebook import game_buzz_tiles, load_rulebook
from kot_rules.site.build import BuildResult
from kot_rules.site.hooks import repo_file_page
from kot_rules.site.model import card_info, load_site_data, renderer
from kot_rules.sources import load_glossary

ROOT = Path(__file__).resolve().parents[2]
DUEL = "king-of-tokyo-duel"


def page(site: BuildResult, path: str) -> str:
    file = site.site / path / "index.html"
    assert file.is_file(), f"no page at {path}/"
    return file.read_text(encoding="utf-8")


def text_of(markup: str) -> str:
    """The visible text of a page's article (tags removed, entities decoded)."""
    article = re.search(r"<article.*?</article>", markup, re.S)
    body = article.group(0) if article else markup
    return html.unescape(re.sub(r"<[^>]+>", "", body))


def data() -> duel.DuelData:
    return duel.load_duel_data(load_glossary())


# -- the generators on their own (no build) -------------------------------------------


def test_a_page_for_every_card_file_and_monster() -> None:
    pages = duel.generate(data())
    files = sorted(builtin_cards_dir(DUEL).glob("*.kot"))
    assert len(files) >= 6
    cards = builtin_card_set(DUEL).cards
    for path in files:  # every card a file defines, so a new file needs no site change
        defined = [c for c in cards if Path(c.position.file).name == path.name]
        if 'card "' in path.read_text(encoding="utf-8"):
            assert defined, path.name
        for card in defined:
            assert duel.card_uri(card.slug) in pages, path.name
    monsters = duel.duel_monsters()
    assert [m.name for m in monsters] == ["Alienoid", "Cyber Kitty", "Gigazaur", "Meka Dragon",
                                          "Space Penguin", "The King"]
    for monster in monsters:
        assert duel.monster_uri(monster.slug) in pages, monster.name
    book = load_rulebook(spec_dir() / "rules" / f"{DUEL}.yaml")
    for rule in book.rules:
        assert duel.rule_uri(rule.slug) in pages
    for decision in book.decisions:
        assert duel.decision_uri(decision.id) in pages


def test_a_new_card_file_gets_its_page_and_its_polish_name(tmp_path: Path) -> None:
    """A card file dropped into the folder needs no site change: its page shows its text,
    its Polish alias (and the alias typed without accents) and its source mark."""
    (tmp_path / "photo-op.kot").write_text(
        "# King of Tokyo: Duel. Source: ../shared/reference/kony-duel-facts.md B.10 "
        "(#99, confidence L).\n"
        'card "Photo Op"\n  cost 2, discard\n  alias pl "Sesja zdjęciowa"\n'
        "  Gain 2 energy.\n", encoding="utf-8")
    (card,) = load_card_set(tmp_path, DUEL).cards
    info = card_info(card, renderer())
    base = data()
    extended = replace(base, cards=(*base.cards, info),
                       marks={**base.marks, info.slug: duel.source_mark(info.source_text)})
    pages = duel.generate(extended)
    text = pages[duel.card_uri("photo-op")]
    assert "Polish: **Sesja zdjęciowa**" in text
    assert "Typed without accents: Sesja zdjeciowa" in text
    assert 'Source: fact sheet, confidence L' in text
    assert "(the project's fact sheet of King of New York and Duel, B.10 #99)" in text
    assert 'alias pl "Sesja zdjęciowa"' in text
    assert "Sesja zdjęciowa" in pages[duel.CARDS_INDEX]
    assert duel.card_uri("photo-op") in duel.nav_sections(extended)[duel.CARDS_INDEX]


def test_a_card_page_links_the_decisions_its_comments_cite() -> None:
    text = "card \"A\"\n  # Capped (D-DUEL-HEART-CAP); see D-DUEL-HEART-CAP, D-DUEL-NOPE.\n"
    assert duel.cited_decisions(text) == ("D-DUEL-HEART-CAP", "D-DUEL-NOPE")
    base = data()
    info = replace(base.cards[0], source_text=base.cards[0].source_text + text)
    page_text = duel.card_page(base, info)
    assert "(../clarifications/d-duel-heart-cap.md)" in page_text
    assert "`D-DUEL-NOPE` (**not a Duel decision**)" in page_text


def test_a_duel_card_names_its_king_of_tokyo_namesake() -> None:
    d = data()
    assert set(d.namesakes) == {c.slug for c in d.cards} & {c.slug for c in
                                                             builtin_card_set().cards}
    frenzy = duel.card_page(d, next(c for c in d.cards if c.slug == "frenzy"))
    assert ("[Frenzy](../../cards/frenzy.md) (cost 7, discard), Polish **Szał bojowy** "
            "(Szal bojowy): the base game's Polish name, not confirmed for Duel.") in frenzy
    snack = duel.card_page(d, next(c for c in d.cards if c.slug == "snack-time"))
    assert "same title" not in snack


def test_source_marks_of_the_card_files() -> None:
    for info in data().cards:
        mark = duel.source_mark(info.source_text)
        assert mark.fact_sheet_only and mark.confidence == "C", info.slug
        assert mark.label == "source: fact sheet, confidence C"
        assert re.fullmatch(r"B\.10 #\d+", mark.cite), mark.cite
    assert duel.source_mark("# Source: 002 §X.\ncard \"A\"\n").label == "source: seed 002"
    assert duel.source_mark('card "A"\n').label == "source: not stated"


def test_duel_scenarios_are_duel_pages_not_king_of_tokyo_ones() -> None:
    """Duel's scenarios name Duel's cards and rules: King of Tokyo's section no longer
    lists them (its Extra Head is not Duel's), Duel's section does, linking Duel's rules."""
    kot = load_site_data()
    assert kot.scenarios and all(s.key.startswith("scenarios/king-of-tokyo/")
                                 for s in kot.scenarios)
    d = data()
    assert len(d.scenarios) == len(list((spec_dir() / "scenarios" / DUEL).rglob("*.yaml")))
    pages = duel.generate(d)
    for scenario in d.scenarios:
        text = pages[scenario.key.removesuffix(".yaml") + ".md"]
        assert "not a Duel rule slug" not in text, scenario.key
    extra_head = pages["scenarios/king-of-tokyo-duel/cards/extra-head.md"]
    assert "(../../../duel/cards/extra-head.md)" in extra_head
    assert "(../../../duel/monsters/alienoid.md)" in extra_head


def test_links_to_duel_files_go_to_duel_pages() -> None:
    assert repo_file_page(f"spec/cards/{DUEL}/frenzy.kot") == ("duel/cards/frenzy.md", "")
    assert repo_file_page(f"spec/rules/{DUEL}.yaml") == (duel.RULES_INDEX, "")
    assert repo_file_page(f"spec/games/{DUEL}.yaml") == (duel.BOARD, "")
    assert repo_file_page(f"spec/scenarios/{DUEL}/buy/refresh.yaml") == \
        (f"scenarios/{DUEL}/buy/refresh.md", "")
    assert repo_file_page("spec/cards/king-of-tokyo/frenzy.kot") == ("cards/frenzy.md", "")


def test_board_spaces_come_from_the_numbers() -> None:
    roles = dict(duel.space_roles(data().numbers))
    assert sorted(roles) == list(range(-7, 8))
    assert roles[-7] == "Victory space of seat 0 (first player)"
    assert roles[4] == "spotlight zone of seat 1 (second player)"
    assert roles[-2] == "ordinary space" and roles[6] == "ordinary space"
    assert roles[0].startswith("start")


# -- the built site -------------------------------------------------------------------


def test_duel_rule_pages_quote_polish_with_english(built_site: BuildResult) -> None:
    book = load_rulebook(spec_dir() / "rules" / f"{DUEL}.yaml")
    index = text_of(page(built_site, "duel/rules"))
    for rule in book.rules:
        markup = page(built_site, f"duel/rules/{rule.slug}")
        text = " ".join(text_of(markup).split())
        assert f"{rule.number} {rule.title}" in text, rule.slug
        assert f"seed 002 §{rule.source.section}" in text, rule.slug
        assert "the Polish King of Tokyo: Duel rulebook, Potwory w Tokio: Duel (Portal " \
               "Games, first edition)" in text, rule.slug
        assert " ".join(rule.source.phrase.split()) in text, rule.slug
        assert rule.source.english, f"{rule.slug}: no English translation stored"
        assert f"English: {' '.join(rule.source.english.split())}" in text, rule.slug
        assert 'class="translation"' in markup, rule.slug
        if rule.also is not None:  # the fact sheet is Markdown: its bold shows as bold
            assert " ".join(rule.also.phrase.replace("**", "").split()) in text, rule.slug
        if duel.fact_sheet_mark(rule):
            assert f"Source: fact sheet, confidence {duel.fact_sheet_mark(rule)}" in text
        assert rule.slug in index


def test_duel_decision_pages(built_site: BuildResult) -> None:
    d = data()
    index = text_of(page(built_site, "duel/clarifications"))
    for decision in d.book.decisions:
        markup = page(built_site, f"duel/clarifications/{decision.id.lower()}")
        text = " ".join(text_of(markup).split())
        assert " ".join(decision.decision.split()) in text, decision.id
        for rule in d.book.rules:
            if rule.decision == decision.id:
                assert " ".join(rule.source.phrase.split()) in text, (decision.id, rule.slug)
        for key, _ in d.by_rule.get(decision.id, []):
            assert f'/{key.removesuffix(".yaml")}/"' in markup, (decision.id, key)
        assert decision.id in index
    pins = page(built_site, "duel/clarifications/d-duel-heart-cap")
    assert "/scenarios/king-of-tokyo-duel/buzz/heal-bonus-at-full-hearts/" in pins


def test_duel_card_and_monster_pages(built_site: BuildResult) -> None:
    cards = builtin_card_set(DUEL).cards
    assert len(cards) >= 6
    for card in cards:
        text = text_of(page(built_site, f"duel/cards/{card.slug}"))
        for line in render_card(card).splitlines():
            assert line in text, (card.slug, line)
        assert "source: fact sheet, confidence C" in text, card.slug
        for alias in card.aliases:
            assert alias.name in text, card.slug
    frenzy = page(built_site, "duel/cards/frenzy")
    assert "cost 6, discard" in text_of(frenzy)  # Duel's Frenzy, not King of Tokyo's (7)
    assert "/scenarios/king-of-tokyo-duel/cards/frenzy/" in frenzy
    for monster in duel.duel_monsters():
        text = text_of(page(built_site, f"duel/monsters/{monster.slug}"))
        assert "Starting hearts" in text and str(monster.hearts) in text, monster.name
    king = page(built_site, "duel/monsters/the-king")
    assert "/scenarios/king-of-tokyo-duel/buzz/king-tile-stops-the-rival/" in king


def test_duel_board_and_invariants(built_site: BuildResult) -> None:
    board = text_of(page(built_site, "duel/board"))
    for tile in game_buzz_tiles(DUEL):
        assert tile.id in board
    assert "the Victory spaces are -7 and +7" in board
    assert "The spotlight zones are -5..-3 (seat 0) and +3..+5 (seat 1)" in board
    assert "spotlight-far" in board and "refresh-cost" in board
    invariants = text_of(page(built_site, "duel/invariants"))
    for inv in INVARIANTS:
        assert inv.id in invariants and inv.statement in " ".join(invariants.split())
    assert "pull: next step" in invariants  # a kernel step, with its rules
    assert "reachable: a win by the spotlight" in invariants
    home = text_of(page(built_site, "duel"))
    assert "Potwory w Tokio: Duel" in home


def test_duel_scenarios_stay_out_of_king_of_tokyo_pages(built_site: BuildResult) -> None:
    markup = page(built_site, "duel/cards")
    assert "King of Tokyo: Duel" in markup
    kot_scenarios = text_of(page(built_site, "scenarios"))
    assert "king-of-tokyo-duel" not in kot_scenarios
    assert "not a rule slug" not in kot_scenarios
    kot_extra_head = page(built_site, "cards/extra-head")
    assert "king-of-tokyo-duel" not in kot_extra_head


def test_search_index_holds_duel_polish_names(built_site: BuildResult) -> None:
    index = json.loads((built_site.site / "search" / "search_index.json").read_text("utf-8"))
    docs: dict[str, str] = {}
    for doc in index["docs"]:
        docs[doc["location"].split("#")[0]] = docs.get(doc["location"].split("#")[0], "") \
            + " " + doc["title"] + " " + doc["text"]
    for card in builtin_card_set(DUEL).cards:
        assert card.name in docs[f"duel/cards/{card.slug}/"]
        for alias in card.aliases:
            assert alias.name in docs[f"duel/cards/{card.slug}/"], card.slug
    assert "Wrzawy" in docs["duel/rules/duel.components.buzz-tiles/"]


# -- the browser ----------------------------------------------------------------------


def test_search_finds_duel_pages_by_polish_words(browser_page: Any,  # noqa: F811
                                                 site_url: str) -> None:  # noqa: F811
    """A Duel card by each Polish name its file gives, a Duel rule by its Polish phrase,
    a monster by its name (the Polish rulebook keeps it)."""
    page = browser_page
    for card in builtin_card_set(DUEL).cards:
        for alias in card.aliases:
            if alias.language == "pl":
                open_result(page, search(page, site_url, alias.name), f"duel/cards/{card.slug}/")
    results = search(page, site_url, "kafelki Wrzawy")
    hrefs = [results.nth(i).get_attribute("href") or "" for i in range(results.count())]
    assert any("/duel/rules/" in h for h in hrefs), hrefs
    # Duel's Frenzy by the Polish name of King of Tokyo's card of the same title
    open_result(page, search(page, site_url, "Szał bojowy"), "duel/cards/frenzy/")
    assert "not confirmed for Duel" in page.locator("article").inner_text()
    open_result(page, search(page, site_url, "Szal bojowy"), "duel/cards/frenzy/")
    open_result(page, search(page, site_url, "Gigazaur"), "duel/monsters/gigazaur/")
    assert page.locator("article h1").inner_text().rstrip("¶ ") == "Gigazaur"
    open_result(page, search(page, site_url, "Snack Time"), "duel/cards/snack-time/")
    body = page.locator("article").inner_text()
    assert "source: fact sheet, confidence C" in body
    assert 'card "Snack Time"' in body


class TestInvariantsPageSaysWhatWasProved:
    """The kernel steps are said to be proved only when the report says everything is: a
    failing report, or proofs that did not run, never read as proved."""

    def report(self, ok: bool) -> dict[str, Any]:
        first = INVARIANTS[0].id
        status = "proved" if ok else "counterexample"
        return {"ok": ok, "seconds": 1.0, "counts": {first: {status: 1}}, "canaries": [],
                "results": [{"invariant": first, "transition": "set-up", "kind": "kernel",
                             "status": status, "cards": [], "detail": ""}]}

    def test_all_proved(self) -> None:
        text = duel.invariants_page(replace(data(), proofs=self.report(ok=True)))
        assert "Every step below is proved to keep every invariant" in text

    def test_a_failure_is_not_called_proved(self) -> None:
        text = duel.invariants_page(replace(data(), proofs=self.report(ok=False)))
        assert "Every step below is proved" not in text
        assert "The steps the proofs cover (what is not proved is listed below)" in text
        assert f"- `{INVARIANTS[0].id}` for *set-up*: counterexample" in text

    def test_proofs_that_did_not_run_are_not_called_proved(self) -> None:
        text = duel.invariants_page(replace(data(), proofs=None))
        assert "The proofs did not run for this build." in text
        assert "Every step below is proved" not in text
