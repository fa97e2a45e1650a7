"""``kot-rules cards coverage`` and :mod:`kot_rules.surfaces.coverage`: per card, parsed,
round-trips, scenario-tested and proved."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kot_rules.games.king_of_tokyo import semantics
from kot_rules.games.king_of_tokyo.semantics import card_transitions
from kot_rules.language.ast import Verb
from kot_rules.language.cardset import load_card_set
from kot_rules.surfaces import coverage
from kot_rules.surfaces.cli import main

REPO = Path(__file__).resolve().parents[2]
BUILTIN = REPO / "spec" / "cards" / "king-of-tokyo"
KEYS = {"name", "slug", "parsed", "round_trips", "scenario_tested", "proved"}
NEW_CARDS = ('card "Zeta Spark"\n  cost 3, discard\n  Gain 2 energy.\n\n'
             'card "Omega Spark"\n  cost 4, discard\n  Gain 3 stars.\n')
"""Two cards no scenario knows: one gains energy, one gains stars."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A card folder: a built-in card that scenarios play, and two new cards."""
    shutil.copy(BUILTIN / "energize.kot", tmp_path / "energize.kot")
    (tmp_path / "new.kot").write_text(NEW_CARDS, encoding="utf-8")
    return tmp_path


def by_slug(capsys: pytest.CaptureFixture[str], folder: Path) -> dict[str, dict[str, object]]:
    code, out = run(capsys, "cards", "coverage", "--json", "--cards", str(folder))
    assert code == 0
    return {row["slug"]: row for row in json.loads(out)["cards"]}


class TestCommand:
    def test_builtin_cards(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out = run(capsys, "cards", "coverage")
        assert code == 0
        lines = out.splitlines()
        assert lines[0].split() == ["card", "parsed", "round-trips", "scenario-tested",
                                    "proved"]
        count = len(list(BUILTIN.glob("*.kot")))
        assert lines[-1].startswith(f"{count} cards: {count} parsed, ")
        assert len(lines) == count + 3

    def test_one_line_per_card_title(self, capsys: pytest.CaptureFixture[str],
                                     folder: Path) -> None:
        code, out = run(capsys, "cards", "coverage", "--cards", str(folder))
        assert code == 0
        rows = out.splitlines()[1:-2]
        assert sorted(r.split("  ")[0] for r in rows) == ["Energize", "Omega Spark",
                                                          "Zeta Spark"]
        assert out.splitlines()[-1] == ("3 cards: 3 parsed, 3 round-trip, 1 scenario-tested, "
                                        "3 proved")

    def test_missing_folder_is_a_usage_error(self, capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
        assert main(["cards", "coverage", "--cards", str(tmp_path / "none")]) == 2


class TestJson:
    def test_shape(self, capsys: pytest.CaptureFixture[str], folder: Path) -> None:
        code, out = run(capsys, "cards", "coverage", "--json", "--cards", str(folder))
        assert code == 0
        data = json.loads(out)
        assert set(data) == {"cards", "summary"}
        assert all(set(row) == KEYS for row in data["cards"])
        assert data["summary"] == {"cards": 3, "parsed": 3, "round_trips": 3,
                                   "scenario_tested": 1, "proved": 3}

    def test_builtin_summary_counts_the_rows(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out = run(capsys, "cards", "coverage", "--json")
        assert code == 0
        data = json.loads(out)
        assert data["summary"]["cards"] == len(data["cards"])
        assert data["summary"]["proved"] == sum(r["proved"] for r in data["cards"])


class TestScenarioTested:
    def test_a_card_no_scenario_uses(self, capsys: pytest.CaptureFixture[str],
                                     folder: Path) -> None:
        rows = by_slug(capsys, folder)
        assert rows["zeta-spark"]["scenario_tested"] is False
        assert rows["energize"]["scenario_tested"] is True


class TestProved:
    def test_cards_with_symbolic_meaning_are_proved(self, folder: Path) -> None:
        proved = coverage.proved_by_card(load_card_set(folder).cards)
        assert proved == {"energize": True, "zeta-spark": True, "omega-spark": True}

    def test_vocabulary_without_symbolic_meaning_is_not_proved(
            self, monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
        # Every verb has a meaning today: take one away, as a new verb would come.
        monkeypatch.delitem(semantics.VERBS, Verb.GAIN_ENERGY)
        proved = coverage.proved_by_card(load_card_set(folder).cards)
        assert proved == {"energize": False, "zeta-spark": False, "omega-spark": True}

    def test_failed_results_count_against_the_card(self, folder: Path) -> None:
        cards = load_card_set(folder).cards
        (t, _), = card_transitions(next(c for c in cards if c.slug == "omega-spark"))
        failed = [{"kind": t.kind, "transition": t.name, "status": "counterexample"}]
        proved = coverage.proved_by_card(cards, failed)
        assert proved["omega-spark"] is False and proved["zeta-spark"] is True


class TestRoundTrips:
    def test_rendered_cards_round_trip(self, folder: Path) -> None:
        rows = coverage.card_set_coverage(load_card_set(folder))
        assert all(r.parsed and r.round_trips for r in rows)
