"""The site as the family's: a home page and a navigation that give the three games the same
place and the same sub-sections, sources named as a reader finds them (never a file on the
author's disk), and figures counted from the data."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import yaml
from markdown import Markdown
from test_duel_site import page, text_of

from kot_rules.games.king_of_new_york import site as newyork
from kot_rules.games.king_of_tokyo import site as tokyo
from kot_rules.games.king_of_tokyo_duel import site as duel
from kot_rules.paths import spec_dir
from kot_rules.rulebook import Source, load_rulebook
from kot_rules.site import home
from kot_rules.site.build import BuildResult
from kot_rules.site.model import load_site_data
from kot_rules.site.pages import rule_title
from kot_rules.sources import cited, for_reader, load_glossary, where

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("king-of-tokyo", "king-of-tokyo-duel", "king-of-new-york")
SEEDS_README = ROOT.parent / "shared" / "seeds" / "README.md"

NO_PATH = re.compile(r"\.\./shared|/work/|shared/seeds|shared/reference|"
                     r"\b\d{3}_[0-9a-f]{16}\.txt")
"""What no built page may hold: a path on the author's disk, or a seed's file name."""


def flat(text: str) -> str:
    return " ".join(text.split())


# -- the one table of sources ---------------------------------------------------------


def test_every_source_the_rules_cite_is_named_by_the_one_table() -> None:
    glossary = load_glossary()
    for game in GAMES:
        book = load_rulebook(spec_dir() / "rules" / f"{game}.yaml")
        for source_id in cited(book):
            seed, note = glossary.seed(source_id), glossary.note(source_id)
            assert (seed is None) != (note is None), (game, source_id)
            if seed is not None:
                assert seed.game and seed.edition and seed.copy, source_id
                assert game == "king-of-tokyo" or seed.game in {duel.TITLE, newyork.TITLE}
    # the table's files are the seeds' own map (when the seeds lie beside the checkout)
    if SEEDS_README.is_file():
        listed = SEEDS_README.read_text(encoding="utf-8")
        for seed in glossary.seeds:
            assert seed.file in listed, seed.id


def test_a_rulebook_is_named_by_title_publisher_language_and_edition() -> None:
    glossary = load_glossary()
    text = where(glossary, Source("001", "TOKIO", "x"))
    assert text == ("seed 001 §TOKIO: the Polish King of Tokyo rulebook, *Potwory w Tokio* "
                    "(Egmont Polska, 2013, first edition); the project's copy is a clean "
                    "transcription, without the end-of-game section")
    assert "the copy names no publisher" in where(glossary, Source("003", "AUĆ!", "x"))
    sheet = where(glossary, Source("kony-duel-facts", "B.9", "x"), "C (confirmed)")
    assert sheet.startswith("the project's fact sheet of King of New York and Duel, §B.9")
    assert "not a rulebook; confidence C (confirmed)" in sheet
    assert where(glossary, Source("999", "X", "x")) == "seed 999 §X"  # unknown: as given


def test_files_shown_on_a_page_name_their_sources_not_their_paths() -> None:
    glossary = load_glossary()
    card = ("# King of New York (2014). Source: ../shared/reference/kony-duel-facts.md A.10.\n"
            "# See ../shared/seeds/003_75e39f0af79068cb.txt and kot-cards.md R2.\n")
    shown = for_reader(card, glossary)
    assert not NO_PATH.search(shown), shown
    assert "Source: the project's fact sheet of King of New York and Duel A.10." in shown
    assert "See seed 003, the Polish King of New York rulebook" in shown
    assert "the project's fact sheet of King of Tokyo's cards R2" in shown
    assert for_reader("no path here", glossary) == "no path here"


# -- figures come from the data -------------------------------------------------------


def test_new_york_home_counts_what_the_engine_runs_from_the_data() -> None:
    d = newyork.load_newyork_data(load_glossary())
    power = [c for c in d.cards if c.slug not in d.special]
    text = newyork.home_page(d)
    line = newyork.runs_line(d)
    assert line in text
    if not d.unrunnable:
        assert f"all {len(power)} Power cards" in line
        assert "others say a word" not in flat(text)
    one = replace(d, unrunnable={power[0].slug: "verb `x`"})
    assert (f"of the {len(power)} Power cards it runs {len(power) - 1}. The other one says "
            "a word") in flat(newyork.home_page(one))
    two = replace(d, unrunnable={power[0].slug: "x", power[1].slug: "y"})
    assert f"it runs {len(power) - 2}. The other 2 say a word" in flat(newyork.home_page(two))
    fewer = replace(d, cards=tuple(c for c in d.cards if c.slug != power[0].slug))
    assert f"all {len(power) - 1} Power cards" in newyork.home_page(fewer)


def test_game_descriptions_count_from_the_numbers_and_the_board() -> None:
    d = newyork.load_newyork_data(load_glossary())
    assert "for 2 to 6 players" in newyork.about(d) and "first to 20 stars" in newyork.about(d)
    board = dict(d.board, boroughs=d.board["boroughs"][:4])
    assert "roam 4 boroughs" in newyork.about(replace(d, board=board))
    tiles = [dict(row, count=1) for row in d.board["tiles"]]
    fewer = replace(d, board=dict(d.board, tiles=tiles))
    assert f"## The {len(tiles)} tiles" in newyork.board_page(fewer)
    assert f"the {len(tiles)} building/unit tiles" in newyork.home_page(fewer)
    duel_data = duel.load_duel_data(load_glossary())
    assert "for 2 players" in duel.about(duel_data)
    assert (f"The {len(duel_data.cards)} Power cards of King of Tokyo: Duel, one per card file"
            in duel.cards_index(duel_data))
    assert "written so far" not in duel.cards_index(duel_data)


def test_the_home_page_presents_the_three_games_with_their_counts() -> None:
    glossary = load_glossary()
    kot = load_site_data()
    duel_data = duel.load_duel_data(glossary)
    ny = newyork.load_newyork_data(glossary)
    columns = [tokyo.column(kot), duel.column(duel_data), newyork.column(ny)]
    text = home.home_page(kot.glossary, columns)
    header = next(line for line in text.splitlines() if line.startswith("|  |"))
    assert header == ("|  | [King of Tokyo](tokyo/index.md) | [King of Tokyo: Duel]"
                      "(duel/index.md) | [King of New York](newyork/index.md) |")
    assert (f"| **Rules** | [{len(kot.book.rules)} rules](rules/index.md) | "
            f"[{len(duel_data.book.rules)} rules](duel/rules/index.md) | "
            f"[{len(ny.book.rules)} rules](newyork/rules/index.md) |") in text
    assert "| **Players** | 2 to 6 players | 2 players | 2 to 6 players |" in text
    for kind in ("clarifications", "cards", "scenarios"):
        for folder in ("", "duel/", "newyork/"):
            assert f"]({folder}{kind}/index.md)" in text, (folder, kind)
    for about in (tokyo.about(kot), duel.about(duel_data), newyork.about(ny)):
        assert about in text
    assert "| **Rulebooks** | Polish (seeds 000, 001), Czech (seed 004) | Polish (seed 002) " \
           "| Polish (seed 003) |" in text
    more = replace(kot, scenarios=kot.scenarios[:3])
    assert "[3 scenarios](scenarios/index.md)" in home.home_page(
        kot.glossary, [tokyo.column(more), *columns[1:]])


def test_king_of_tokyo_has_a_home_and_a_board_like_the_others() -> None:
    kot = load_site_data()
    pages = tokyo.generate(kot)
    assert set(pages) == {tokyo.HOME, tokyo.BOARD}
    text = pages[tokyo.HOME]
    assert f"| [Rules](../rules/index.md) | {len(kot.book.rules)} rules" in text
    assert "**Seed 004**, the Czech King of Tokyo rulebook, *Vládce Tokia* (REXhry" in text
    assert "**The project's fact sheet of King of Tokyo's cards** (cited as `kot-cards`)" in text
    board = pages[tokyo.BOARD]
    win = kot.book.rule("end.twenty-stars")
    assert f"| `win-stars` | 20 | [{rule_title(win)}](../rules/end.twenty-stars.md) |" in board
    assert "with 5 or more monsters a second place, Tokyo Bay" in board
    assert "`bay.variant`" not in board  # every rule it names is a link


# -- the built site -------------------------------------------------------------------


def test_no_built_page_names_a_note_s_file(built_site: BuildResult) -> None:
    # a note is named by its name or cited by its id, never by its file (kot-cards.md)
    files = re.compile("|".join(re.escape(n.file) for n in load_glossary().notes))
    found = {}
    for file in sorted(built_site.site.rglob("*.html")):
        match = files.search(re.sub(r"<[^>]+>", "", file.read_text(encoding="utf-8")))
        if match:
            found[file.relative_to(built_site.site).as_posix()] = match.group(0)
    assert not found, f"{len(found)} pages, e.g. {list(found.items())[:5]}"


ABBR_IN_A_NUMBER = re.compile(r"\d[,.\u00a0\u2009\u202f]?<abbr\b|</abbr>[,.\u00a0\u2009\u202f]?\d")
"""A tooltip joined to a digit: the abbreviation is digits of a number (1,000,000)."""


def test_the_glossary_tooltips_stay_out_of_numbers() -> None:
    markdown = Markdown(extensions=["kot_rules.site.abbr"])
    html = markdown.convert("At most 1,000,000 bytes, 0.001 or 1\u00a0000; seed 000 says, "
                            "000 §KONIEC GRY, (000) and 000/001.\n\n"
                            "*[000]: Seed 000\n*[001]: Seed 001\n")
    assert not ABBR_IN_A_NUMBER.search(html), html
    assert "1,000,000" in html and "0.001" in html and "1\u00a0000" in html
    assert html.count('<abbr title="Seed 000">000</abbr>') == 4
    assert html.count('<abbr title="Seed 001">001</abbr>') == 1


def test_no_built_page_has_a_tooltip_inside_a_number(built_site: BuildResult) -> None:
    found = {}
    for file in sorted(built_site.site.rglob("*.html")):
        match = ABBR_IN_A_NUMBER.search(file.read_text(encoding="utf-8"))
        if match:
            found[file.relative_to(built_site.site).as_posix()] = match.group(0)
    assert not found, f"{len(found)} pages, e.g. {list(found.items())[:5]}"
    state = text_of(page(built_site, "formats/state"))
    assert "1,000,000" in state  # the number the tooltips cut, whole
    # a seed cited as a word keeps its tooltip
    rule = page(built_site, "newyork/rules/kony.attack.definition")
    assert re.search(r'seed <abbr title="Seed 003: [^"]*">003</abbr> §', rule), rule


def test_no_built_page_names_a_path_on_the_authors_disk(built_site: BuildResult) -> None:
    found: dict[str, str] = {}
    for file in sorted(built_site.site.rglob("*.html")):
        match = NO_PATH.search(file.read_text(encoding="utf-8"))
        if match:
            found[file.relative_to(built_site.site).as_posix()] = match.group(0)
    assert not found, f"{len(found)} pages, e.g. {list(found.items())[:5]}"
    search = (built_site.site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert not NO_PATH.search(search)


def test_the_navigation_is_by_game_with_the_same_sub_sections(built_site: BuildResult) -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8")
                            .replace("!!python", "#"))
    nav = config["nav"]
    titles = [next(iter(entry)) for entry in nav]
    assert titles[:4] == ["Home", "King of Tokyo", "King of Tokyo: Duel", "King of New York"]
    subsections = {}
    for entry in nav[1:4]:
        (title, children), = entry.items()
        subsections[title] = [next(iter(c)) for c in children[1:]]
    assert subsections["King of Tokyo"] == ["Rules", "Clarifications", "Cards", "The board",
                                            "Scenarios", "Invariants and proofs"]
    assert subsections["King of New York"] == subsections["King of Tokyo"]
    assert [s for s in subsections["King of Tokyo: Duel"] if s != "Monsters"] == \
        subsections["King of Tokyo"]
    markup = page(built_site, "")
    for game, folder in (("King of Tokyo", "tokyo"), ("King of Tokyo: Duel", "duel"),
                         ("King of New York", "newyork")):
        link = re.search(rf'<a href="{folder}/" class="md-nav__link">(.*?)</a>', markup, re.S)
        assert link is not None and text_of(link.group(1)).strip() == game, game
    home_text = flat(text_of(markup))
    assert "King of New York is the city game of the family" in home_text
    for path, heading in (("tokyo", "King of Tokyo"), ("rules", "King of Tokyo: rules"),
                          ("cards", "King of Tokyo: cards"),
                          ("clarifications", "King of Tokyo: clarifications"),
                          ("scenarios", "King of Tokyo: scenarios"),
                          ("invariants", "King of Tokyo: invariants and proofs"),
                          ("tokyo/board", "King of Tokyo: the board")):
        h1 = re.search(r"<h1[^>]*>(.*?)</h1>", page(built_site, path), re.S)
        assert h1 is not None and text_of(h1.group(1)).rstrip("¶ ") == heading, path


def test_every_game_gives_the_site_the_same_names() -> None:
    from kot_rules import games
    from kot_rules.site import family

    assert sorted(family.GAMES) == sorted(games.ids())
    for game_id in family.GAMES:
        part = games.get(game_id).part("site")
        assert callable(part.section) and callable(part.file_page), game_id
    assert tokyo.file_page(["spec", "rules", "king-of-tokyo.yaml"]) is None
    assert family.file_page(["spec", "rules", "king-of-tokyo-duel.yaml"]) == (
        "duel/rules/index.md", "")
    assert family.file_page(["spec", "games", "king-of-new-york-board.yaml"]) == (
        "newyork/board.md", "")
