"""The designer's loop: ``--add-cards``, ``kot-rules balance`` and its figures, and
``--jobs`` giving the same summaries as one process."""

from __future__ import annotations

import importlib.util
import json
import multiprocessing
import sys
from pathlib import Path
from typing import Any

import pytest

from kot_rules import balance, simulation
from kot_rules.balance import UnknownCardError, card_names, wilson_interval
from kot_rules.engine import driver
from kot_rules.engine.actions import Choose
from kot_rules.engine.agents import AGENTS
from kot_rules.engine.events import EventKind
from kot_rules.engine.game import Game
from kot_rules.games import DEFAULT_GAME, get
from kot_rules.simulation import TIMING_KEYS, GameSetup, play_games, play_setup, run_split, split
from kot_rules.surfaces.cli import main

NEW_CARD = 'card "Pocket Change Test"\n  cost 1, discard\n  Gain 1 star.\n'
"""Cheap, so that random agents buy it in many games."""

HAS_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def new_card(tmp_path: Path, text: str = NEW_CARD, name: str = "new.kot") -> Path:
    folder = tmp_path / "designer"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key not in TIMING_KEYS}


class TestWilsonInterval:
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion",
    # Statistics in Medicine 17, table I, method 3 (score interval without correction).
    @pytest.mark.parametrize(
        ("successes", "trials", "low", "high"),
        [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 20, 0.0, 0.1611),
            (1, 29, 0.0061, 0.1718),
        ],
    )
    def test_known_values(self, successes: int, trials: int, low: float, high: float) -> None:
        got = wilson_interval(successes, trials)
        assert got == pytest.approx((low, high), abs=5e-5)

    def test_symmetric_around_a_half_and_exact_at_the_ends(self) -> None:
        low, high = wilson_interval(5, 10)
        assert (low, high) == pytest.approx((0.2366, 0.7634), abs=5e-5)
        assert wilson_interval(10, 10) == (pytest.approx(0.7225, abs=5e-5), 1.0)
        assert wilson_interval(0, 10)[0] == 0.0

    @pytest.mark.parametrize(("successes", "trials"), [(0, 1), (3, 7), (50, 100), (99, 100)])
    def test_contains_the_rate_and_narrows_with_more_trials(
        self, successes: int, trials: int
    ) -> None:
        low, high = wilson_interval(successes, trials)
        assert 0 <= low <= successes / trials <= high <= 1
        more_low, more_high = wilson_interval(successes * 10, trials * 10)
        assert more_high - more_low < high - low

    @pytest.mark.parametrize(("successes", "trials"), [(0, 0), (3, 2), (-1, 5)])
    def test_impossible_counts_are_refused(self, successes: int, trials: int) -> None:
        with pytest.raises(ValueError, match=f"{successes}/{trials}"):
            wilson_interval(successes, trials)


class TestAddCards:
    def test_the_new_card_plays_inside_the_whole_deck(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        folder = new_card(tmp_path)
        plain = run_json(capsys, "simulate", "--games", "3", "--seed", "1")
        added = run_json(capsys, "simulate", "--games", "3", "--seed", "1",
                         "--add-cards", str(folder))
        assert added["cards"] == plain["cards"] + 1

    def test_balance_sees_the_new_card_bought(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        folder = new_card(tmp_path)
        got = run_json(capsys, "balance", "pocket change test", "--games", "30", "--seed", "1",
                       "--add-cards", str(folder / "new.kot"))
        [card] = got["cards"]
        assert card["name"] == "Pocket Change Test"
        assert card["buys"] > 0 and card["games_bought"] > 0
        assert got["deck"] == len(get(DEFAULT_GAME).new_game(4).cards.physical_ids()) + 1

    def test_other_commands_see_the_added_cards(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        folder = new_card(tmp_path)
        code, out, _ = run(capsys, "cards", "show", "pocket change test",
                           "--add-cards", str(folder))
        assert code == 0 and "Gain 1 star." in out
        code, out, _ = run(capsys, "check", "--no-proofs", "--add-cards", str(folder))
        assert code == 0 and "0 errors" in out


class TestAddCardsErrors:
    def test_a_name_clash_with_a_deck_card_exits_2(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        folder = new_card(tmp_path, 'card "Energize"\n  cost 1, discard\n  Gain 1 star.\n')
        code, out, err = run(capsys, "simulate", "--games", "1", "--add-cards", str(folder))
        assert (code, out) == (2, "")
        assert f"--add-cards {folder}" in err
        assert "new.kot:1:1: error[KOT201]: card 'Energize' is already defined" in err

    def test_an_alias_clash_with_a_deck_card_exits_2(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        folder = new_card(tmp_path, 'card "Fresh Test"\n  cost 1, discard\n'
                                    '  alias pl "Telepata"\n  Gain 1 star.\n')
        code, _, err = run(capsys, "balance", "fresh test", "--games", "1",
                           "--add-cards", str(folder))
        assert code == 2
        assert "error[KOT211]: alias 'Telepata' also names card 'Telepath'" in err
        code, out, _ = run(capsys, "check", "--no-proofs", "--add-cards", str(folder))
        assert code == 1 and "error[KOT211]" in out

    def test_a_card_that_fails_to_check_exits_2(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        folder = new_card(tmp_path, 'card "Broken Test"\n  cost: x\n')
        code, _, err = run(capsys, "play", "--seed", "1", "--add-cards", str(folder))
        assert code == 2
        assert "new.kot:2:" in err and "error[KOT1" in err

    def test_a_missing_folder_exits_2(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        code, _, err = run(capsys, "simulate", "--add-cards", str(tmp_path / "nope"))
        assert code == 2
        assert f"--add-cards {tmp_path / 'nope'}: no such file or folder" in err


class TestCardLookup:
    def _game(self) -> Game:
        return get(DEFAULT_GAME).new_game(4)

    def test_names_aliases_and_ids_find_one_title_each(self) -> None:
        found = card_names(self._game(), ["EXTRA HEAD", "extra-head-2", "szal bojowy", "Wings"])
        assert found == ["Extra Head", "Frenzy", "Wings"]

    def test_an_unknown_card_is_an_error_with_a_suggestion(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        with pytest.raises(UnknownCardError, match="no card named 'wing'; did you mean 'Wings'"):
            card_names(self._game(), ["wing"])
        code, out, err = run(capsys, "balance", "wing", "--games", "1")
        assert (code, out) == (2, "")
        assert "no card named 'wing'" in err


class TestBuysFromEvents:
    @pytest.mark.parametrize("agent", sorted(AGENTS))
    @pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 7), (6, 3)])
    def test_every_bought_event_is_counted(self, players: int, seed: int, agent: str) -> None:
        game = get(DEFAULT_GAME).new_game(players)
        record = driver.play(game, seed, driver.named_agents(game, seed, agent))
        names = sorted({game.cards.name(card) for card in game.cards.physical_ids()})
        got = balance.play_balance(game, range(seed, seed + 1), names, agent=agent).cards
        bought = [(e.seat, game.cards.name(e.detail)) for e in record.events
                  if e.kind is EventKind.BOUGHT]
        assert bought
        for name in names:
            buys = [seat for seat, card in bought if card == name]
            count = got[name]
            assert count.buys == len(buys)
            assert count.buyers == len(set(buys))
            assert count.games == (1 if buys else 0)
            assert len(buys) <= count.turns <= len(buys) * (record.final.turn if record.final
                                                            else 0)

    def test_a_card_bought_in_answer_to_a_question_is_counted(self) -> None:
        # A card bought when it is revealed is a Choose answer, not a Buy decision.
        game = get(DEFAULT_GAME).new_game(6)
        agent = "greedy"
        record = driver.play(game, 3, driver.named_agents(game, 3, agent))
        chosen = [a for a in record.actions if isinstance(a, Choose) and
                  a.key.startswith("buy ")]
        assert chosen, "pick another seed: this one no longer buys a card that way"
        card = chosen[0].key.removeprefix("buy ")
        name = game.cards.name(card)
        got = balance.play_balance(game, range(3, 4), [name], agent=agent).cards[name]
        assert got.buys >= 1


class TestBalanceSummary:
    CARDS = ("Extra Head", "Energize", "Wings", "Frenzy")

    def test_json_keys_and_counts(self, capsys: pytest.CaptureFixture[str]) -> None:
        got = run_json(capsys, "balance", *self.CARDS, "--games", "40", "--seed", "5")
        assert {"games", "players", "seed", "agent", "deck", "draws", "wins_by_seat",
                "baseline_win_rate", "interval", "cards", *TIMING_KEYS} <= set(got)
        assert got["interval"] == {"method": "wilson", "confidence": 0.95}
        assert got["baseline_win_rate"] == 1 / 4
        assert [card["name"] for card in got["cards"]] == list(self.CARDS)
        for card in got["cards"]:
            assert set(card) == {
                "name", "cost", "copies", "games_bought", "bought_rate", "buys",
                "buys_per_game", "mean_buy_turn", "buyers", "buyer_wins", "buyer_win_rate",
                "buyer_win_ci", "non_buyers", "non_buyer_wins", "non_buyer_win_rate",
                "non_buyer_win_ci",
            }
            assert card["buyers"] + card["non_buyers"] == 40 * 4
            assert card["buyer_wins"] + card["non_buyer_wins"] == 40 - got["draws"]
            assert card["games_bought"] <= card["buys"]

    def test_every_interval_contains_its_rate(self, capsys: pytest.CaptureFixture[str]) -> None:
        got = run_json(capsys, "balance", *self.CARDS, "--games", "40", "--seed", "5")
        checked = 0
        for card in got["cards"]:
            for who in ("buyer", "non_buyer"):
                rate, ci = card[f"{who}_win_rate"], card[f"{who}_win_ci"]
                if rate is None:
                    assert ci is None
                    continue
                assert ci[0] <= rate <= ci[1]
                checked += 1
        assert checked >= len(self.CARDS)

    def test_the_text_table_has_a_row_per_card(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "balance", *self.CARDS, "--games", "10", "--seed", "5")
        assert code == 0
        lines = out.splitlines()
        assert "95% Wilson score" in lines[0]
        assert lines[1].split()[:2] == ["card", "cost"]
        assert [line.split("  ")[0].strip() for line in lines[2:6]] == list(self.CARDS)

    def test_help_names_the_interval(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "balance", "--help")
        assert code == 0 and out.startswith("usage: kot-rules balance")
        assert "95% Wilson score interval" in " ".join(out.split())

    def test_the_library_summary_matches_its_tally(self) -> None:
        game = get(DEFAULT_GAME).new_game(3)
        result = balance.play_balance(game, range(1, 11), ["Extra Head"])
        assert result.tally == play_games(game, range(1, 11))


class TestJobs:
    def test_split_is_contiguous_and_complete(self) -> None:
        parts = split(range(5, 15), 4)
        assert [len(p) for p in parts] == [3, 3, 2, 2]
        assert [s for p in parts for s in p] == list(range(5, 15))
        assert split(range(1, 3), 8) == [range(1, 2), range(2, 3)]

    def test_simulate_jobs_2_gives_the_summary_of_jobs_1(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        argv = ("simulate", "--games", "9", "--seed", "4", "--add-cards", str(new_card(tmp_path)))
        one = run_json(capsys, *argv, "--jobs", "1")
        two = run_json(capsys, *argv, "--jobs", "2")
        assert untimed(two) == untimed(one)

    def test_balance_jobs_2_gives_the_summary_of_jobs_1(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        argv = ("balance", "Extra Head", "Energize", "--games", "9", "--seed", "4",
                "--players", "5")
        one = run_json(capsys, *argv, "--jobs", "1")
        two = run_json(capsys, *argv, "--jobs", "2")
        assert untimed(two) == untimed(one)

    def test_workers_started_by_spawn_rebuild_the_same_game(self, tmp_path: Path) -> None:
        setup = GameSetup(DEFAULT_GAME, 3, add_cards=new_card(tmp_path))
        spawn = multiprocessing.get_context("spawn")
        merged = run_split(play_setup, setup, range(1, 5), 2, ("random",), context=spawn)
        assert merged == play_games(setup.build(), range(1, 5))

    def test_a_negative_jobs_count_is_a_usage_error(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        code, _, err = run(capsys, "simulate", "--jobs", "-1")
        assert code == 2 and "expected 0 (all cores) or more, got -1" in err

    def test_workers_need_the_game_setup(self) -> None:
        with pytest.raises(ValueError, match="needs the game's setup"):
            simulation.simulate(get(DEFAULT_GAME).new_game(2), 2, 1, jobs=2)


class TestPlot:
    @pytest.mark.skipif(not HAS_MATPLOTLIB,
                        reason="issue 13: --plot needs matplotlib (pip install 'kot-rules[plot]')")
    @pytest.mark.parametrize("suffix", [".png", ".svg"])
    def test_the_figure_is_written(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path, suffix: str
    ) -> None:
        out = tmp_path / f"figure{suffix}"
        code, _, err = run(capsys, "balance", "Extra Head", "Energize", "--games", "10",
                           "--seed", "2", "--plot", str(out))
        assert code == 0, err
        assert out.stat().st_size > 1000
        if suffix == ".svg":
            assert "<svg" in out.read_text(encoding="utf-8")

    def test_without_matplotlib_the_error_gives_the_pip_command(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        monkeypatch.setitem(sys.modules, "matplotlib", None)  # import raises ImportError
        code, out, err = run(capsys, "balance", "Energize", "--games", "1",
                             "--plot", str(tmp_path / "f.png"))
        assert (code, out) == (2, "")
        assert "pip install 'kot-rules[plot]'" in err

    def test_an_unknown_figure_type_is_a_usage_error(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        code, _, err = run(capsys, "balance", "Energize", "--plot", str(tmp_path / "f.pdf"))
        assert code == 2 and ".png or .svg" in err
