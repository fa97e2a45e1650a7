"""What ``kot-rules`` prints names a source as the site does (the rulebook's game, language,
title, publisher and edition, or the project's notes by name), never by a path on the
author's disk or a seed's file name: a reader of the output cannot open either."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kot_rules import games
from kot_rules.rulebook import Decision, Rule, Rulebook, Source
from kot_rules.sources import load_glossary
from kot_rules.surfaces.cli import main
from kot_rules.surfaces.rulesdoc import render

REPO = Path(__file__).resolve().parents[2]
SEEDS = REPO.parent / "shared" / "seeds"
GAMES = sorted(games.ids())


def _forbidden() -> tuple[str, ...]:
    """The folders of the sources, every seed's file name (from the table of sources and,
    where the sources are beside the repository, from their folder) and the notes' files."""
    glossary = load_glossary()
    names = {s.file for s in glossary.seeds} | {n.file for n in glossary.notes}
    if SEEDS.is_dir():
        names |= {p.name for p in SEEDS.glob("*.txt")}
    return ("../shared", "shared/seeds", "shared/reference", *sorted(names))


FORBIDDEN = _forbidden()


def _paths_in(text: str) -> list[str]:
    return [word for word in FORBIDDEN if word in text]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out + err


def test_the_forbidden_names_are_the_sources_files() -> None:
    # the checks below are only as good as this list: every seed of the table is in it
    for seed_id in ("000", "001", "002", "003", "004"):
        assert any(name.startswith(f"{seed_id}_") and name.endswith(".txt")
                   for name in FORBIDDEN), seed_id
    assert "kony-duel-facts.md" in FORBIDDEN and "kot-cards.md" in FORBIDDEN
    if SEEDS.is_dir():
        assert {p.name for p in SEEDS.glob("*.txt")} <= set(FORBIDDEN)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("argv", [["rules"], ["rules", "--json"]], ids=["text", "json"])
def test_the_rules_reference_names_no_path(capsys: pytest.CaptureFixture[str], game: str,
                                          argv: list[str]) -> None:
    out = _run(capsys, *argv, "--game", game)
    assert _paths_in(out) == []
    # and it names each rulebook it cites as the site does
    glossary = load_glossary()
    cited = [s for s in glossary.seeds if f'"seed": "{s.id}"' in out or f"seed {s.id} §" in out]
    assert cited, "the rules cite no rulebook"
    for seed in cited:
        assert seed.name(emphasis="" if "--json" in argv else "*") in out, seed.id


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_reference_names_its_notes(capsys: pytest.CaptureFixture[str],
                                             game: str) -> None:
    data = json.loads(_run(capsys, "rules", "--json", "--game", game))
    glossary = load_glossary()
    sources = [r["source"] for r in data["rules"]] + [r["also"] for r in data["rules"] if r["also"]]
    for source in sources:
        note = glossary.note(source["seed"])
        if note is not None:
            assert source["name"] == note.name


@pytest.mark.parametrize("game", GAMES)
def test_the_card_commands_name_no_path(capsys: pytest.CaptureFixture[str], game: str) -> None:
    # the card files cite their sources in comments, with paths: none of it may show
    listed = json.loads(_run(capsys, "cards", "list", "--json", "--game", game))["cards"]
    out = _run(capsys, "cards", "list", "--game", game)
    out += _run(capsys, "check", "--no-proofs", "--game", game)
    for card in listed:
        out += _run(capsys, "cards", "show", card["id"], "--game", game)
        out += _run(capsys, "cards", "show", card["id"], "--json", "--game", game)
    assert _paths_in(out) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_played_game_names_no_path(capsys: pytest.CaptureFixture[str], game: str) -> None:
    out = _run(capsys, "play", "--seed", "1", "--game", game)
    assert _paths_in(out) == []


def test_a_path_in_a_rules_file_is_shown_as_its_source_s_name() -> None:
    seed = load_glossary().seed("001")
    assert seed is not None
    here = Source("001", "TOKIO", "w Tokio")
    book = Rulebook("king-of-tokyo", (
        Rule("r.one", "1.1", "One", f"As ../shared/seeds/{seed.file} says.", here, None,
             "D-ONE"),
    ), (
        Decision("D-ONE", "Which?", "This one (kot-cards.md R2).",
                 ({"reading": "That one", "source": "../shared/reference/kot-cards.md R3"},),
                 None, (here,)),
    ))
    out = render(book)
    assert _paths_in(out) == []
    assert f"As seed 001, {seed.name('')} says." in out
    assert "This one (the project's fact sheet of King of Tokyo's cards R2)." in out
    assert "- That one (the project's fact sheet of King of Tokyo's cards R3)" in out
    assert "- Source: seed 001 §TOKIO (the Polish King of Tokyo rulebook): „w Tokio”" in out
    assert f"Sources: seed 001, {seed.name()}." in out
