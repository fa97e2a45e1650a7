"""What a scenario asks of an engine (else it is unsupported, with why), where two states
first differ, and the report's table by rule."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conform_helpers import SCENARIOS

from kot_rules import games
from kot_rules.conform.needs import unsupported
from kot_rules.conform.own import hello
from kot_rules.conform.protocol import Hello
from kot_rules.conform.report import ConformReport, ConformResult
from kot_rules.conform.runner import first_difference
from kot_rules.engine.cards import CardTable
from kot_rules.language.cardset import builtin_card_set
from kot_rules.scenarios.expect import Table, state_view
from kot_rules.scenarios.loader import read_scenario
from kot_rules.scenarios.model import Scenario
from kot_rules.scenarios.runner import NEW_GAME_SEEDS, scenario_files, start_state


def _why(path: Path, **change: Any) -> str | None:
    sc = read_scenario(path)
    cards = CardTable.from_card_set(builtin_card_set(sc.game))
    ref = start_state(sc, cards, NEW_GAME_SEEDS[0] if sc.setup.new_game else None)
    full = Hello.from_json(hello()).support(sc.game)
    assert full is not None
    support = replace(full, **change) if change else full
    defaults = games.get(sc.game).new_game(ref.names, cards=cards).options.to_json()
    return unsupported(sc, support, Table.of(ref), ref.game.options.to_json(), defaults)


KOT = SCENARIOS / "king-of-tokyo"
BASE_FIELDS = frozenset({"active", "phase", "outcome", "monsters.hearts", "monsters.stars",
                         "monsters.place", "monsters.eliminated"})


class TestUnsupported:
    def test_our_hello_supports_every_scenario(self) -> None:
        for path in scenario_files([SCENARIOS]):
            assert _why(path) is None, path

    def test_another_game(self) -> None:
        sc: Scenario = read_scenario(KOT / "end" / "twenty-stars-wins.yaml")
        table = Table((), CardTable.from_card_set(builtin_card_set(sc.game)), ())
        assert unsupported(sc, None, table, {}, {}) == "the engine does not play king-of-tokyo"

    def test_a_set_up(self) -> None:
        assert _why(KOT / "new-game" / "four-monsters.yaml",
                    setups=frozenset({"position"})) == "set-up new-game: the engine takes position"

    def test_an_option_value_and_an_option_not_named(self) -> None:
        path = KOT / "dice" / "heart-faces-heart-cap.yaml"
        assert _why(path, options={}) == "option heart_cap=12"
        assert _why(path, options={"heart_cap": (None, 10)}) == "option heart_cap=12"
        assert _why(path, options={"heart_cap": (12,)}) is None

    def test_the_bay_default_follows_the_table(self) -> None:
        five = KOT / "bay" / "bay-start-of-turn-stars.yaml"
        assert _why(five, options={}) is None  # five monsters: the Bay is the default
        assert _why(five, options={"tokyo_bay": (False,)}) == "option tokyo_bay=true"

    def test_a_card_names_its_first_missing_copy(self) -> None:
        path = KOT / "end" / "twenty-stars-and-eliminated-no-win.yaml"
        assert _why(path, cards=frozenset()) == "card jet-fighters"
        assert _why(path, cards=frozenset({"jet-fighters", "heal", "tanks"})) is None

    def test_an_action_type(self) -> None:
        path = KOT / "end" / "twenty-stars-and-eliminated-no-win.yaml"
        assert _why(path, actions=frozenset({"roll", "stop"})) == \
            "action buy (step buy, line 22)"

    def test_a_field_names_the_expectation_that_needs_it(self) -> None:
        path = KOT / "end" / "twenty-stars-and-eliminated-no-win.yaml"
        assert _why(path, fields=BASE_FIELDS) == "expectation events needs the field events"
        assert _why(path, fields=BASE_FIELDS | {"events"}) is None
        assert _why(path, fields=BASE_FIELDS - {"monsters.eliminated"} | {"events"}) == \
            "expectation monsters.Gigazaur.eliminated needs the field monsters.eliminated"

    def test_new_york_zones_need_the_board_and_the_places(self) -> None:
        path = next(p for p in scenario_files([SCENARIOS / "king-of-new-york"])
                    if "zone:" in p.read_text(encoding="utf-8"))
        fields = Hello.from_json(hello()).support("king-of-new-york")
        assert fields is not None
        why = _why(path, fields=fields.fields - {"board.zones"})
        assert why is not None and why.endswith("needs the field board.zones")


class TestFirstDifference:
    def _view(self) -> dict[str, Any]:
        sc = read_scenario(KOT / "end" / "twenty-stars-wins.yaml")
        return state_view(start_state(sc, CardTable.from_card_set(builtin_card_set(sc.game))))

    def test_in_the_order_of_the_state(self) -> None:
        ref = self._view()
        got = self._view()
        got["monsters"][1]["hearts"] -= 2
        got["phase"] = "buy"
        fields = frozenset({"phase", "monsters.hearts"})
        assert first_difference(ref, got, fields).startswith(
            "monsters[1].hearts (")
        assert first_difference(ref, got, frozenset({"phase"})) == \
            'phase: reference "roll", engine "buy"'
        assert first_difference(ref, ref, fields) == ""

    def test_fields_not_reported_are_not_compared(self) -> None:
        ref = self._view()
        got = {"phase": ref["phase"]}
        assert first_difference(ref, got, frozenset({"phase"})) == ""
        assert first_difference(ref, got, frozenset({"phase", "turn"})) == \
            "turn: reference 1, engine null"


class TestReport:
    def test_the_table_counts_rules_and_decisions(self) -> None:
        report = ConformReport("king-of-tokyo", "engine", {"name": "e", "version": "1"}, [
            ConformResult("a.yaml", "A", ("tokyo.yield",), ("trap", "D-YIELD-ORDER"), "pass"),
            ConformResult("b.yaml", "B", ("tokyo.yield", "bay.yield"), (), "fail", "why"),
            ConformResult("c.yaml", "C", ("bay.yield",), (), "unsupported", "card x"),
        ])
        rules = report.by_rule()
        assert list(rules) == ["D-YIELD-ORDER", "bay.yield", "tokyo.yield"]
        assert rules["tokyo.yield"] == {"pass": 1, "fail": 1, "unsupported": 0,
                                        "engine-error": 0}
        assert not report.ok and report.totals()["unsupported"] == 1
        text = report.text(1.25)
        assert "FAIL b.yaml [tokyo.yield, bay.yield] B\n    why" in text
        assert "UNSUPPORTED c.yaml [bay.yield] C\n    card x" in text
        assert text.endswith("3 scenarios: 1 pass, 1 fail, 1 unsupported, 0 engine-error "
                             "(1.2 s)")
        assert ConformReport.from_json(report.to_json()).to_json() == report.to_json()

    @pytest.mark.parametrize("status", ["pass", "unsupported"])
    def test_only_failures_and_errors_make_a_run_fail(self, status: str) -> None:
        report = ConformReport("g", "e", None, [ConformResult("a", "A", (), (), status)])
        assert report.ok
