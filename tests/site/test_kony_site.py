"""King of New York's section of the site: a page for every rule,
decision and card, every tile on the board page, the invariants page saying plainly what
is not proved, New York's scenarios kept apart from the other games', and the search by
Polish names."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from test_duel_site import page, text_of
from test_site_browser import browser_page, open_result, search, site_url  # noqa: F401

from kot_rules.engine.cards import is_special
from kot_rules.games.king_of_new_york import invariants as kony_invariants
from kot_rules.games.king_of_new_york import site as newyork
from kot_rules.games.king_of_new_york.board import BOROUGHS, TILES
from kot_rules.games.king_of_tokyo_duel import site as duel
from kot_rules.language.ast import unaccented
from kot_rules.language.cardset import builtin_card_set, load_card_set
from kot_rules.language.render import render_card
from kot_rules.paths import builtin_cards_dir, spec_dir
from kot_rules.rulebook import load_rulebook
from kot_rules.site.build import BuildResult
from kot_rules.site.hooks import repo_file_page
from kot_rules.site.model import load_site_data, renderer
from kot_rules.sources import load_glossary

KONY = "king-of-new-york"
ROOT = Path(__file__).resolve().parents[2]


def data() -> newyork.NewYorkData:
    return newyork.load_newyork_data(load_glossary())


def book() -> Any:
    return load_rulebook(spec_dir() / "rules" / f"{KONY}.yaml")


def flat(text: str) -> str:
    return " ".join(text.split())


# -- the generators on their own (no build) -------------------------------------------


def test_every_rule_has_its_page_with_its_seed_citation() -> None:
    pages = newyork.generate(data())
    rules = book().rules
    assert len(rules) >= 70
    index = pages[newyork.RULES_INDEX]
    for rule in rules:
        assert rule.slug.startswith("kony."), rule.slug
        text = flat(pages[newyork.rule_uri(rule.slug)])
        assert f"# {rule.number} {rule.title}" in pages[newyork.rule_uri(rule.slug)]
        assert f"seed {rule.source.seed} §{flat(rule.source.section)}" in text, rule.slug
        assert "the Polish King of New York rulebook (first edition" in text, rule.slug
        assert "003_75e39f0af79068cb.txt" not in text, rule.slug
        assert f"„{flat(rule.source.phrase)}”" in text, rule.slug
        assert rule.source.english, f"{rule.slug}: no English translation stored"
        assert f"*English:* {flat(rule.source.english)}" in text, rule.slug
        if rule.also is not None:
            assert f"„{flat(rule.also.phrase)}”" in text, rule.slug
        assert f"({rule.slug}.md)" in index, rule.slug
    assert pages[newyork.rule_uri("kony.setup.start-borough")].count("Partly from the fact") == 1


def test_every_decision_has_its_page_with_its_scenarios() -> None:
    d = data()
    pages = newyork.generate(d)
    decisions = book().decisions
    assert len(decisions) >= 25 and all(x.id.startswith("D-KONY-") for x in decisions)
    index = pages[newyork.DECISIONS_INDEX]
    for decision in decisions:
        text = pages[newyork.decision_uri(decision.id)]
        assert flat(decision.decision) in flat(text), decision.id
        pinned, others = newyork.pinning(d, decision)
        for key in [*pinned, *others]:
            assert key.removesuffix(".yaml") + ".md)" in text, (decision.id, key)
        for rule in d.book.rules:
            if rule.decision == decision.id:
                assert f"„{flat(rule.source.phrase)}”" in flat(text), (decision.id, rule.slug)
        if not pinned:
            assert "No scenario is tagged with this decision." in text
        assert f"({decision.id.lower()}.md)" in index, decision.id
    tagged = {t for s in d.scenarios for t in s.decisions}
    pins = pages[newyork.decision_uri("D-KONY-CELEBRITY-COUNT")]
    assert "D-KONY-CELEBRITY-COUNT" in tagged
    assert "(../../scenarios/king-of-new-york/special/superstar-taken.md)" in pins


def test_every_card_has_its_page_with_text_cost_type_and_polish_name() -> None:
    d = data()
    pages = newyork.generate(d)
    cards = builtin_card_set(KONY).cards
    assert len(cards) == 66
    assert sum(1 for c in cards if is_special(c)) == 2
    assert {newyork.card_type(d, c) for c in cards} == {"keep", "discard", "special"}
    index = pages[newyork.CARDS_INDEX]
    for card in cards:
        text = pages[newyork.card_uri(card.slug)]
        for line in render_card(card).splitlines():
            assert line in text, (card.slug, line)
        assert (f"| {card.cost} energy | {card.kind.value} |" in text if not is_special(card)
                else "| — (not bought) | special |" in text), card.slug
        polish = [a.name for a in card.aliases if a.language == "pl"]
        for name in polish:
            assert f"Polish: **{name}**" in text, card.slug
            assert name in index, card.slug
            if unaccented(name) != name:
                assert f"Typed without accents: {unaccented(name)}" in text, card.slug
        if not polish:
            assert "Polish: no Polish name is known" in text, card.slug
        assert "| round-trips | yes" in text, card.slug
        assert f"| proved | **not proved**: {newyork.NOT_RUN}" in text  # no report given
        assert "## Scenarios" in text and f"Card file `spec/cards/{KONY}/" in text
        assert f"({card.slug}.md)" in index
    assert sum(1 for c in cards for a in c.aliases if a.language == "pl") >= 14


def test_card_pages_say_whether_the_engine_runs_them() -> None:
    d = data()
    assert not d.unrunnable  # every deck card runs from its text
    deck = [c for c in d.cards if c.slug not in d.special]
    for info in deck:
        assert "| the engine runs it | yes |" in newyork.card_page(d, info), info.slug
    # A card the engine cannot run (a designer's new word, say) says so, naming the word.
    marked = replace(d, unrunnable={deck[0].slug: "verb `x`"})
    assert "**not yet**: it says the verb `x`" in newyork.card_page(marked, deck[0])


def test_card_scenarios_come_from_the_shared_section() -> None:
    d = data()
    statue = next(c for c in d.cards if c.slug == "statue-of-liberty")
    text = newyork.card_page(d, statue)
    assert "(../../scenarios/king-of-new-york/ouch/three-ouch-and-statue.md)" in text
    assert "| Scenario | How it names the card |" in text  # pages.card_scenarios_section


def test_a_new_card_file_gets_its_page_and_its_polish_name(tmp_path: Path) -> None:
    (tmp_path / "rooftop-party.kot").write_text(
        "# King of New York. Source: ../shared/reference/kony-duel-facts.md A.10 "
        "(#99, confidence L).\n"
        'card "Rooftop Party"\n  cost 3, discard\n  alias pl "Impreza na dachu"\n'
        "  Gain 2 stars.\n", encoding="utf-8")
    (card,) = load_card_set(tmp_path, KONY).cards
    info = newyork.newyork_card_info(card, renderer())
    base = data()
    extended = replace(base, cards=(*base.cards, info),
                       marks={**base.marks, info.slug: newyork.source_mark(info.source_text)})
    pages = newyork.generate(extended)
    text = pages[newyork.card_uri("rooftop-party")]
    assert "Polish: **Impreza na dachu**" in text
    assert 'Source: fact sheet, confidence L' in text
    assert "(the project's fact sheet of King of New York and Duel, A.10 #99)" in text
    assert "Impreza na dachu" in pages[newyork.CARDS_INDEX]
    assert newyork.card_uri("rooftop-party") in newyork.nav_sections(extended)[
        newyork.CARDS_INDEX]


def test_the_board_lists_every_tile_building_unit_and_borough() -> None:
    d = data()
    board = newyork.board_page(d)
    rows = d.board["tiles"]
    ids = [i for row in rows for i in newyork.tile_ids(row)]
    assert sorted(ids) == sorted(TILES) and len(ids) == 45
    for row in rows:  # one entry per kind of tile, with its count and its ids
        tiles = newyork.tile_ids(row)
        assert f"| {row['count']} | `{tiles[0]}` … `{tiles[-1]}` |" in board, row
        assert f"| {row['building']} | {row['durability']} |" in board, row
    for tile in TILES.values():  # the engine's tiles: the rows show their values
        amount = tile.reward.amount
        assert re.search(rf"\| {tile.building} \| {tile.durability} \| {amount} \w+ "
                         rf"\| {tile.unit.capitalize()} \| {tile.unit_durability} \| "
                         rf"{tile.unit_reward.amount} \w+ \|", board), tile.id
    for unit in d.board["units"]:
        assert f"| {unit['name']} | {unit['polish']} | {unit['from_building_durability']} " \
               f"| {unit['durability']} |" in board
    for building in d.board["buildings"]:
        assert f"| {building['name']} |" in board
    for borough in d.board["boroughs"]:
        assert f"| {borough['name']} | {borough['polish']} |" in board
    for zone in d.board["manhattan"]["zones"]:
        assert f"| {zone['name']} | {zone['polish']} |" in board
    assert "each of the 5 boroughs, Manhattan included, gets 3 stacks, so 9 tiles" in board
    assert "| high-rise | 1 | 22 | 4.4 |" in board
    layout = newyork.example_layout()
    assert [b for b, _ in layout] == list(BOROUGHS)
    laid = Counter(t for _, stacks in layout for st in stacks for t in st)
    assert sorted(laid) == sorted(TILES) and set(laid.values()) == {1}
    assert all(len(stacks) == 3 and all(len(st) == 3 for st in stacks) for _, stacks in layout)


def test_without_a_z3_model_the_pages_say_plainly_nothing_is_proved() -> None:
    d = replace(data(), model="", proofs=None)
    pages = newyork.generate(d)
    text = pages[newyork.INVARIANTS]
    assert "Nothing of New York is proved here" in text and newyork.NOT_PROVED in text
    assert newyork.NOT_PROVED in pages[newyork.HOME]
    assert newyork.NOT_PROVED in pages[newyork.CARDS_INDEX]
    for info in d.cards:
        assert f"| proved | **not proved**: {newyork.NOT_PROVED}" in \
            pages[newyork.card_uri(info.slug)], info.slug
    for uri, markdown in pages.items():  # no page claims a proof of New York
        assert "everything proved" not in markdown, uri
        assert "proved: Z3 proves" not in markdown, uri
    for inv_id in kony_invariants.IDS:
        assert f"| `{inv_id}` |" in text
    for inv in d.invariants:
        assert inv.statement != "(not stated)" and len(inv.statement) > 20, inv.id


def test_with_a_model_but_no_report_nothing_is_claimed() -> None:
    d = data()
    assert d.model == "kot_rules.games.king_of_new_york.kernel" and d.proofs is None
    pages = newyork.generate(d)
    assert newyork.NOT_RUN in pages[newyork.INVARIANTS]
    assert newyork.NOT_RUN in pages[newyork.HOME]
    assert not any("everything proved" in m or "proved: Z3 proves" in m
                   for m in pages.values())


def _result(invariant: str, transition: str, kind: str, status: str,
            cards: list[str]) -> dict[str, Any]:
    return {"invariant": invariant, "transition": transition, "kind": kind,
            "status": status, "cards": cards, "detail": ""}


def test_a_proof_report_is_shown_as_it_stands() -> None:
    """A report is shown as it stands: its verdict, its counts per invariant, its failures;
    a card is proved only when every step its sentences bring is proved."""
    report = {"ok": False, "seconds": 1.5,
              "invariants": [{"id": "INV-KONY-HEARTS", "statement": "Hearts stay in range.",
                              "rules": ["kony.dice.heal"]}],
              "counts": {"INV-KONY-HEARTS": {"proved": 3, "counterexample": 1}},
              "canaries": [{"name": "a monster enters Manhattan", "reachable": True}],
              "results": [
                  _result("INV-KONY-HEARTS", "set-up and placement", "kernel", "proved", []),
                  _result("INV-KONY-HEARTS", "Gain 1 energy.", "effect", "proved",
                          ["fury", "drain"]),
                  _result("INV-KONY-HEARTS", "Steal 2 energy.", "ability", "counterexample",
                          ["drain"]),
                  _result("INV-KONY-HEARTS", "Gain 2 stars.", "effect", "proved", ["fury"])]}
    d = replace(data(), proofs=report)
    text = newyork.invariants_page(d)
    assert "Result: **NOT everything is proved** (4 queries, 1.5 s)" in text
    assert "(1 kernel steps" not in text and "for New York's rule kernel (1 steps" in text
    assert "| `INV-KONY-HEARTS` | Hearts stay in range. | [3.3 Healing]" in text
    assert "**3 of 4** (1 not proved)" in text
    assert "- `INV-KONY-HEARTS` for *Steal 2 energy.*: counterexample, cards: drain" in text
    assert "- reachable: a monster enters Manhattan" in text
    assert "| set-up and placement |" in text  # the model's kernel steps, with their rules
    cards = {c.slug: c.card for c in d.cards}
    assert newyork.card_proofs(d, cards["drain"]) is False
    assert newyork.card_proofs(d, cards["fury"]) is True
    assert newyork.card_proofs(d, cards["diva"]) is None
    assert "**not proved**: a sentence" in newyork.proof_status(d, cards["drain"])
    assert newyork.proof_status(d, cards["fury"]).startswith("proved: Z3 proves")
    assert "cover no sentence" in newyork.proof_status(d, cards["diva"])
    assert "**Not everything is proved**: 1 of 4 Z3 queries" in newyork.home_page(d)


def test_new_york_scenarios_are_its_own_pages() -> None:
    kot = load_site_data()
    assert all(s.key.startswith("scenarios/king-of-tokyo/") for s in kot.scenarios)
    duel_data = duel.load_duel_data(load_glossary())
    assert all(s.key.startswith(f"scenarios/{duel.DUEL}/") for s in duel_data.scenarios)
    d = data()
    files = list((spec_dir() / "scenarios" / KONY).rglob("*.yaml"))
    assert len(d.scenarios) == len(files) >= 50
    pages = newyork.generate(d)
    for scenario in d.scenarios:
        text = pages[scenario.key.removesuffix(".yaml") + ".md"]
        assert "not a New York rule slug" not in text, scenario.key
        assert "not a New York decision" not in text, scenario.key
        assert scenario.path in text
    assert "Rule slugs that name no New York rule" not in pages[newyork.SCENARIOS_INDEX]


def test_links_to_new_york_files_go_to_new_york_pages() -> None:
    assert repo_file_page(f"spec/cards/{KONY}/drain.kot") == ("newyork/cards/drain.md", "")
    assert repo_file_page(f"spec/rules/{KONY}.yaml") == (newyork.RULES_INDEX, "")
    assert repo_file_page(f"spec/games/{KONY}.yaml") == (newyork.BOARD, "")
    assert repo_file_page(f"spec/games/{KONY}-board.yaml") == (newyork.BOARD, "")
    assert repo_file_page(f"spec/scenarios/{KONY}/ouch/one-ouch.yaml") == \
        (f"scenarios/{KONY}/ouch/one-ouch.md", "")
    assert repo_file_page(f"spec/cards/{KONY}/") == (newyork.CARDS_INDEX, "")
    assert repo_file_page("spec/cards/king-of-tokyo/drain.kot") == ("cards/drain.md", "")
    assert repo_file_page(f"spec/games/{duel.DUEL}.yaml") == (duel.BOARD, "")


def test_every_card_file_is_a_card() -> None:
    """A card file dropped into the folder needs no site change (the page list is the
    folder's)."""
    pages = newyork.generate(data())
    for path in sorted(builtin_cards_dir(KONY).glob("*.kot")):
        assert newyork.card_uri(path.stem) in pages, path.name


# -- the built site -------------------------------------------------------------------


def _search_docs(site: BuildResult) -> dict[str, str]:
    index = json.loads((site.site / "search" / "search_index.json").read_text("utf-8"))
    docs: dict[str, str] = {}
    for doc in index["docs"]:
        where = doc["location"].split("#")[0]
        docs[where] = docs.get(where, "") + " " + doc["title"] + " " + doc["text"]
    return docs


def test_built_pages_of_every_rule_decision_card_and_the_board(
        built_site: BuildResult) -> None:
    d = data()
    for rule in d.book.rules:
        text = flat(text_of(page(built_site, f"newyork/rules/{rule.slug}")))
        assert f"{rule.number} {rule.title}" in text and flat(rule.source.phrase) in text
    for decision in d.book.decisions:
        text = flat(text_of(page(built_site, f"newyork/clarifications/{decision.id.lower()}")))
        assert flat(decision.decision) in text, decision.id
    for info in d.cards:
        text = text_of(page(built_site, f"newyork/cards/{info.slug}"))
        assert f'card "{info.card.name}"' in text, info.slug
    board = text_of(page(built_site, "newyork/board"))
    assert "high-rise-1-22" in board and "odrzutowiec" in board and "Górny" in board
    report = json.loads((ROOT / newyork.CACHE).read_text("utf-8"))  # what the build showed
    proofs = flat(text_of(page(built_site, "newyork/invariants")))
    verdict = "everything proved" if report["ok"] else "NOT everything is proved"
    assert f"Result: {verdict} ({len(report['results'])} queries" in proofs
    for inv in report["invariants"]:
        assert inv["id"] in proofs and flat(inv["statement"]) in proofs
    shown = replace(d, proofs=report)
    for info in d.cards:
        text = text_of(page(built_site, f"newyork/cards/{info.slug}"))
        proved = newyork.card_proofs(shown, info.card)
        assert ("proved: Z3 proves" in text) == (proved is True), info.slug
    home = page(built_site, "newyork")
    assert "King of New York" in home
    scenario = page(built_site, "scenarios/king-of-new-york/ouch/one-ouch")
    assert "/newyork/rules/kony.ouch.one/" in scenario


def test_search_index_holds_new_york_polish_names(built_site: BuildResult) -> None:
    docs = _search_docs(built_site)
    named = 0
    for card in builtin_card_set(KONY).cards:
        assert card.name in docs[f"newyork/cards/{card.slug}/"], card.slug
        for alias in card.aliases:
            assert alias.name in docs[f"newyork/cards/{card.slug}/"], card.slug
            assert unaccented(alias.name) in docs[f"newyork/cards/{card.slug}/"], card.slug
            named += 1
    assert named >= 14
    index = json.loads((built_site.site / "search" / "search_index.json").read_text("utf-8"))
    words = [w for w in re.split(index["config"]["separator"], "Foch z przytupem") if w]
    assert words == ["Foch", "przytupem"]  # a one-letter word is no search term
    assert "piechota" in docs["newyork/board/"] and "wieżowiec" in docs["newyork/board/"]


def test_king_of_tokyo_and_duel_pages_keep_their_content(built_site: BuildResult) -> None:
    """New York adds a section; King of Tokyo's and Duel's articles do not mention it (a
    Duel card names its source, the fact sheet of both games, by that sheet's name)."""
    sheet = load_glossary().note("kony-duel-facts")
    assert sheet is not None and "New York" in sheet.name
    for path in ("cards/extra-head", "scenarios", "rules/tokyo.yield", "duel/cards/frenzy",
                 "duel/board", "invariants"):
        article = text_of(page(built_site, path)).replace(sheet.name, "")
        assert "king-of-new-york" not in article and "New York" not in article, path


# -- the browser ----------------------------------------------------------------------


def test_search_finds_new_york_cards_by_polish_names(browser_page: Any,  # noqa: F811
                                                     site_url: str) -> None:  # noqa: F811
    """Each Polish name a New York card file gives, as printed and typed without accents,
    finds the card's page; a borough's tile by its Polish word finds the board."""
    page_ = browser_page
    for card in builtin_card_set(KONY).cards:
        for alias in card.aliases:
            if alias.language != "pl":
                continue
            for query in dict.fromkeys([alias.name, unaccented(alias.name)]):
                open_result(page_, search(page_, site_url, query),
                            f"newyork/cards/{card.slug}/")
    body = page_.locator("article").inner_text()
    assert re.search(r"Polish: .+ \(as seed 003 names it\)", body)
    open_result(page_, search(page_, site_url, "odrzutowiec"), "newyork/board/")
