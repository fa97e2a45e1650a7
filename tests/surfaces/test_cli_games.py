"""``kot-rules games`` and ``--game ID`` on every command that plays or checks."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from kot_rules import games
from kot_rules.simulation import TIMING_KEYS
from kot_rules.surfaces.cli import build_parser, main

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "spec" / "scenarios" / "king-of-tokyo" / "dice" / "six-ones.yaml"
CARDS = REPO / "spec" / "cards" / "king-of-tokyo"

COMMANDS: dict[str, list[str]] = {
    "play": ["play", "--seed", "1"],
    "simulate": ["simulate", "--games", "2", "--seed", "1"],
    "scenario run": ["scenario", "run", str(SCENARIO)],
    "check": ["check", "--no-proofs"],
    "fmt": ["fmt", "--check", str(CARDS)],
    "cards list": ["cards", "list"],
    "cards show": ["cards", "show", "energize"],
    "cards coverage": ["cards", "coverage"],
    "verify": ["verify"],
    "rules": ["rules"],
}
"""Every command that plays or checks, with arguments that make it run."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def test_games_json_lists_king_of_tokyo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "games", "--json")
    assert (code, err) == (0, "")
    listed = json.loads(out)["games"]
    assert [g["id"] for g in listed] == list(games.ids())
    assert {"id": "king-of-tokyo", "title": "King of Tokyo (2011)",
            "players": {"min": 2, "max": 6}, "default": True} in listed


def test_games_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert out == (
        "king-of-new-york    King of New York, 2-6 players\n"
        "king-of-tokyo       King of Tokyo (2011), 2-6 players  (default)\n"
        "king-of-tokyo-duel  King of Tokyo: Duel, 2 players\n"
    )


def test_simulate_with_game_king_of_tokyo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--game", "king-of-tokyo", "--games", "5",
                       "--seed", "1", "--json")
    assert code == 0
    named = json.loads(out)
    assert named["games"] == 5
    code, out, _ = run(capsys, "simulate", "--games", "5", "--seed", "1", "--json")
    default = json.loads(out)
    for key in TIMING_KEYS:
        del named[key], default[key]
    assert named == default


def test_simulate_with_game_prints_the_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--game", "king-of-tokyo", "--games", "5",
                       "--seed", "1")
    assert code == 0
    assert out.startswith("5 games, 4 monsters, seeds 1..5, Tokyo Bay off")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_an_unknown_game_exits_2_with_the_list(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    code, out, err = run(capsys, *COMMANDS[name], "--game", "king-of-osaka")
    assert code == 2
    assert out == ""
    assert err.endswith(
        "error: argument --game: unknown game 'king-of-osaka': the games are king-of-new-york, "
        "king-of-tokyo, king-of-tokyo-duel\n"
    )
    assert err.startswith("usage: kot-rules ")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_that_plays_or_checks_takes_game(name: str) -> None:
    parser = build_parser()
    with pytest.raises(SystemExit):  # parse only: the game is the default one
        parser.parse_args([*COMMANDS[name], "--help"])
    args = parser.parse_args(COMMANDS[name])
    # scenario run without --game plays each scenario in the game it names; check and fmt
    # take the game whose card folder their paths lie in (test_cli_game_of_paths.py)
    assert args.game == (None if name in ("scenario run", "check", "fmt") else "king-of-tokyo")
    args = parser.parse_args([*COMMANDS[name], "--game", "king-of-tokyo"])
    assert args.game == "king-of-tokyo"


@pytest.mark.parametrize("name", ["play", "scenario run", "cards list", "cards show", "rules"])
def test_a_command_runs_with_game_king_of_tokyo(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    plain = run(capsys, *COMMANDS[name])
    named = run(capsys, *COMMANDS[name], "--game", "king-of-tokyo")
    assert plain[0] == 0
    assert named == plain


@pytest.mark.parametrize("game", sorted(games.ids()))
def test_rules_names_its_game_and_its_file(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, out, _ = run(capsys, "rules", "--game", game)
    assert code == 0
    head = out.splitlines()[:4]
    assert head[0] == f"# Rules reference: {games.get(game).title}"
    assert f"`spec/rules/{game}.yaml`" in head[2]
    # the rulebooks its rules cite, named, and no other game's
    cites = {"king-of-tokyo": ("000", "001", "004"), "king-of-tokyo-duel": ("002",),
             "king-of-new-york": ("003",)}[game]
    assert re.findall(r"seed (\d{3}), the ", head[3]) == list(cites)


def test_players_outside_the_game_s_range_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--game", "king-of-tokyo", "--players", "7")
    assert (code, out) == (2, "")
    assert err.endswith(
        "kot-rules play: error: argument --players: King of Tokyo is played by 2 to 6 "
        "monsters, got 7\n"
    )


def test_play_json_names_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--game", "king-of-tokyo", "--seed", "3", "--json")
    assert code == 0
    record = json.loads(out)
    assert record["game"]["id"] == "king-of-tokyo"
    assert record["final_state"]["game"] == "king-of-tokyo"


def test_scenario_run_of_another_game_reports_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from kot_rules.games import registry

    # King of Tokyo's rules under another id: a second registered game.
    base = games.get("king-of-tokyo")
    other = replace(base, id="test-other-game", title="A test game",
                    rules=replace(base.rules, id="test-other-game"))
    monkeypatch.setitem(registry._GAMES, other.id, other)
    code, out, _ = run(capsys, "scenario", "run", str(SCENARIO), "--game", "test-other-game")
    assert code == 1
    assert "error[SCN004]: the scenario is of game 'king-of-tokyo', this run is of " \
        "'test-other-game' (run it with --game king-of-tokyo)" in out
    assert out.endswith("0 passed, 1 failed\n")


def test_cards_of_a_game_without_a_card_grammar_are_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from kot_rules.games import registry

    base = games.get("king-of-tokyo")
    other = replace(base, id="test-other-game", title="A test game",
                    rules=replace(base.rules, id="test-other-game"))
    monkeypatch.setitem(registry._GAMES, other.id, other)
    code, _, err = run(capsys, "simulate", "--game", "test-other-game", "--games", "1",
                       "--cards", str(CARDS))
    assert code == 2
    assert "no card grammar for the game 'test-other-game'" in err
