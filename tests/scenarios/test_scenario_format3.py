"""Scenario format 3 (spec/schemas/scenario-v3.schema.json): ``refuse:`` steps, ``legal`` and
``illegal`` expectations, counts, and a new game as the set-up.

The reader turns them into the model the runners share (``Step(kind="refuse", value=STEP)``,
tuples of steps under ``legal``/``illegal``, ``Setup.new_game``); errors in the new syntax
have the reader's usual file:line:column, code and hint; the runner fails a scenario whose
refused step the game accepts, and a new-game scenario whose expectations depend on the
shuffle.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from kot_rules.engine.actions import SWEEP, Choose, Roll
from kot_rules.engine.cards import CardTable
from kot_rules.engine.errors import IllegalActionError
from kot_rules.engine.state import State
from kot_rules.language.cardset import builtin_card_set
from kot_rules.scenarios import runner
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.loader import (
    EXPECT_KEYS,
    EXPECT_KEYS_V3,
    NEW_GAME_KEYS,
    SETUP_KEYS,
    SHUFFLED,
    TOP_KEYS_V3,
    read_scenario,
)
from kot_rules.scenarios.model import STEP_KINDS, STEP_KINDS_V3, NewGame, Step
from kot_rules.scenarios.runner import (
    NotOffered,
    ScenarioFailure,
    run_paths,
    run_scenario,
    show_step,
    step_action,
    step_refused,
)

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "spec" / "schemas"
DOC = ROOT / "docs" / "formats" / "scenario.md"

KOT = """\
format: 3
game: king-of-tokyo
name: A format 3 scenario
rule: buy.sweep
source: "001 §3. ZAKUP KART"
setup:
  monsters:
    - {name: Kraken, energy: 1}
    - {name: Gigazaur}
  active: Kraken
  shop: [Background Dweller, Heal, Tanks]
script:
  - roll: [1, 2, 3, 1, 2, 3]
  - stop
  - refuse: sweep
  - expect:
      legal: [end-turn]
      illegal: [sweep, {buy: Heal}]
expect:
  monsters:
    Kraken: {energy: 1}
  illegal: [{yield: Gigazaur}]
"""
"""A valid format-3 scenario: the refuse step is on line 15, the expect step on line 16."""

NEW = """\
format: 3
game: king-of-new-york
name: A new game
rule: kony.setup.monster-board
source: "003 §PRZYGOTOWANIE GRY"
setup:
  new_game: {players: 4}
script:
  - expect:
      phase: place
      shop_size: 3
      stack_heights: {bronx: [3, 3, 3]}
      unit_counts: {bronx: 0}
  - choose: bronx
expect:
  monsters:
    Captain Fish: {borough: bronx}
"""
"""A valid new-game scenario of King of New York (the game's names: Captain Fish first)."""


def write(tmp_path: Path, text: str, name: str = "case.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path: Path, text: str) -> ScenarioFormatError:
    with pytest.raises(ScenarioFormatError) as info:
        read_scenario(write(tmp_path, text))
    return info.value


def kot_cards() -> CardTable:
    return CardTable.from_card_set(builtin_card_set("king-of-tokyo"))


def schema(version: int) -> Draft202012Validator:
    doc = json.loads((SCHEMAS / f"scenario-v{version}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(doc)
    return Draft202012Validator(doc)


# -- reading ----------------------------------------------------------------------------


def test_a_refuse_step_holds_the_refused_step(tmp_path: Path) -> None:
    sc = read_scenario(write(tmp_path, KOT))
    refuse = sc.script[2]
    assert (refuse.kind, refuse.line, refuse.column) == ("refuse", 15, 5)
    assert refuse.value == Step("sweep", None, 15, 13)
    assert sc.game == "king-of-tokyo" and sc.setup.new_game is None


def test_legal_and_illegal_read_as_tuples_of_steps(tmp_path: Path) -> None:
    sc = read_scenario(write(tmp_path, KOT))
    step = sc.script[3]
    assert step.kind == "expect"
    assert step.value["legal"] == (Step("end-turn", None, 17, 15),)
    assert step.value["illegal"] == (Step("sweep", None, 18, 17),
                                     Step("buy", "Heal", 18, 24))
    assert sc.expect is not None
    assert sc.expect["illegal"] == (Step("yield", None, 22, 13, monster="Gigazaur"),)
    assert sc.expect["monsters"] == {"Kraken": {"energy": 1}}


def test_a_new_game_reads_with_the_games_names(tmp_path: Path) -> None:
    sc = read_scenario(write(tmp_path, NEW))
    new = sc.setup.new_game
    assert new == NewGame(players=4, monsters=None, line=7, column=3)
    names = ("Captain Fish", "Drakonis", "Kong", "Mantis")
    assert new.names(sc.game) == names
    assert tuple(m.name for m in sc.setup.monsters) == names
    assert sc.setup.active == "Captain Fish"


def test_a_new_game_names_its_monsters(tmp_path: Path) -> None:
    text = NEW.replace("{players: 4}", "{players: 2, monsters: [Kong, Mantis]}").replace(
        "Captain Fish: {borough: bronx}", "Kong: {borough: bronx}")
    sc = read_scenario(write(tmp_path, text))
    assert sc.setup.new_game == NewGame(2, ("Kong", "Mantis"), 7, 3)
    assert sc.setup.active == "Kong"
    assert run_paths([write(tmp_path, text)], game=None).passed == 1


def test_formats_1_and_2_read_exactly_as_before(tmp_path: Path) -> None:
    v2 = KOT.replace("format: 3", "format: 2")
    err = error_of(tmp_path, v2.replace("  - expect:\n      legal: [end-turn]\n"
                                        "      illegal: [sweep, {buy: Heal}]\n", ""))
    assert (err.code, err.line) == ("SCN004", 15), err.render()
    assert "unknown step 'refuse'" in err.message
    assert ", ".join(STEP_KINDS) in err.message and "refuse" not in err.message.split(";")[1]
    err = error_of(tmp_path, v2.replace("  - refuse: sweep\n", ""))
    assert (err.code, err.line) == ("SCN003", 16), err.render()
    assert "field 'script[2].expect.legal' is not part of the format" in err.message
    err = error_of(tmp_path, NEW.replace("format: 3", "format: 2"))
    assert (err.code, err.line, err.column) == ("SCN003", 7, 3), err.render()
    assert "field 'setup.new_game' is not part of the format" in err.message


def test_an_unknown_step_of_format_3_lists_refuse(tmp_path: Path) -> None:
    err = error_of(tmp_path, KOT.replace("refuse: sweep", "refuze: sweep"))
    assert (err.code, err.line) == ("SCN004", 15)
    assert "did you mean 'refuse'?" in err.message
    assert ", ".join(STEP_KINDS_V3) in err.message


# -- errors in the new syntax -------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "fragment"),
    [
        ("refuse: sweep", "refuse: {expect: {phase: buy}}", 15, 14,
         "field 'script[2].refuse.expect': `refuse` holds a step of the game"),
        ("refuse: sweep", "refuse: {refuse: sweep}", 15, 14,
         "field 'script[2].refuse.refuse': `refuse` holds a step of the game"),
        ("illegal: [sweep, {buy: Heal}]", "illegal: [sweep, {expect: {phase: buy}}]", 18, 25,
         "field 'script[3].expect.illegal[1].expect': `illegal` holds a step of the game"),
        ("legal: [end-turn]", "legal: [{refuse: sweep}]", 17, 16,
         "field 'script[3].expect.legal[0].refuse': `legal` holds a step of the game"),
    ],
)
def test_a_non_game_step_in_refuse_legal_or_illegal_is_scn008(
    tmp_path: Path, old: str, new: str, line: int, column: int, fragment: str
) -> None:
    err = error_of(tmp_path, KOT.replace(old, new))
    assert (err.code, err.line, err.column) == ("SCN008", line, column), err.render()
    assert fragment in err.message
    assert err.hint.startswith("write the ")
    assert "  hint: write the " in err.render()


@pytest.mark.parametrize(
    ("edit", "field", "hint"),
    [
        ({"shop": ["Heal"]}, "expect.shop", "use shop_size"),
        ({"discard": []}, "expect.discard", "use discard_size"),
        ({"held": {}}, "expect.held", "a new game holds nothing on cards"),
        ({"monsters": {"Kong": {"cards": []}}}, "expect.monsters.Kong.cards", "shuffle dealt"),
        ({"board": {"stacks": {"bronx": []}}}, "expect.board.stacks", "use stack_heights"),
        ({"board": {"units": {"bronx": []}}}, "expect.board.units", "use unit_counts"),
        ({"board": {"fresh": []}}, "expect.board.fresh", "unit_counts"),
        ({"events": [{"kind": "bought", "detail": "stomp"}]}, "expect.events[0].detail",
         "match events on kind"),
    ],
)
def test_a_new_game_expecting_what_the_shuffle_decides_is_scn009(
    tmp_path: Path, edit: dict[str, Any], field: str, hint: str
) -> None:
    doc = yaml.safe_load(NEW)
    doc["expect"] = edit
    err = error_of(tmp_path, yaml.safe_dump(doc, sort_keys=False))
    assert err.code == "SCN009", err.render()
    assert err.message.startswith(f"field '{field}': a new-game scenario cannot check")
    assert hint in err.hint


@pytest.mark.parametrize(("step", "hint"), [({"buy": "Stomp"}, SHUFFLED["buy"]),
                                            ({"use": "Stomp"}, SHUFFLED["use"]),
                                            ({"refuse": {"buy": "Stomp"}}, SHUFFLED["buy"])])
def test_a_new_game_buying_or_using_a_card_is_scn009(
    tmp_path: Path, step: dict[str, Any], hint: str
) -> None:
    doc = yaml.safe_load(NEW)
    doc["script"].append(step)
    err = error_of(tmp_path, yaml.safe_dump(doc, sort_keys=False))
    assert (err.code, err.hint) == ("SCN009", hint), err.render()


def test_the_same_fields_are_fine_in_a_position(tmp_path: Path) -> None:
    text = KOT.replace("    Kraken: {energy: 1}\n",
                       "    Kraken: {energy: 1, cards: []}\n  shop: [Background Dweller, "
                       "Heal, Tanks]\n  discard: []\n")
    assert "discard: []" in text
    assert run_paths([write(tmp_path, text)]).passed == 1


@pytest.mark.parametrize(
    ("old", "new", "code", "fragment"),
    [
        ("{players: 4}", "{players: 7}", "SCN002",
         "field 'setup.new_game.players': expected a whole number from 2 to 6, got 7"),
        ("{players: 4}", "{players: 3, monsters: [Kong, Mantis]}", "SCN002",
         "expected a list of 3 monster names (players: 3)"),
        ("{players: 4}", "{players: 2, monsters: [Kong, Kong]}", "SCN004",
         "two monsters are named 'Kong'"),
        ("{players: 4}", "{players: 2, monsters: [Kong, '  ']}", "SCN002",
         "expected a non-empty text"),
        ("{players: 4}", "{monsters: [Kong, Mantis]}", "SCN002",
         "field 'setup.new_game.players' is missing"),
        ("{players: 4}", "{players: 4, seed: 7}", "SCN003",
         "field 'setup.new_game.seed' is not part of the format"),
        ("  new_game: {players: 4}\n", "  new_game: {players: 4}\n  active: Kong\n", "SCN003",
         "field 'setup.active' is not part of a new-game set-up"),
        ("stack_heights: {bronx: [3, 3, 3]}", "stack_heights: {harlem: [3]}", "SCN002",
         "expected a borough"),
        ("stack_heights: {bronx: [3, 3, 3]}", "stack_heights: {bronx: 3}", "SCN002",
         "expected a list of tile counts"),
        ("unit_counts: {bronx: 0}", "unit_counts: {bronx: -1}", "SCN002",
         "expected a whole number from 0 to 99"),
        ("shop_size: 3", "shop_size: three", "SCN002", "expected a whole number"),
    ],
)
def test_new_game_and_count_errors(
    tmp_path: Path, old: str, new: str, code: str, fragment: str
) -> None:
    assert old in NEW
    err = error_of(tmp_path, NEW.replace(old, new))
    assert err.code == code, err.render()
    assert fragment in err.message, err.render()


def test_a_duel_new_game_has_two_players(tmp_path: Path) -> None:
    text = NEW.replace("game: king-of-new-york", "game: king-of-tokyo-duel")
    err = error_of(tmp_path, text)
    assert (err.code, err.line) == ("SCN002", 7)
    assert "expected a whole number from 2 to 2, got 4" in err.message


def test_new_york_counts_in_another_game_are_scn004(tmp_path: Path) -> None:
    text = KOT.replace("  illegal: [{yield: Gigazaur}]\n",
                       "  illegal: [{yield: Gigazaur}]\n  unit_counts: {bronx: 0}\n")
    err = error_of(tmp_path, text)
    assert (err.code, err.line) == ("SCN004", 23), err.render()
    assert "belongs to King of New York scenarios" in err.message


def test_legal_must_list_steps(tmp_path: Path) -> None:
    err = error_of(tmp_path, KOT.replace("legal: [end-turn]", "legal: []"))
    assert (err.code, err.line) == ("SCN002", 17)
    assert "expected a list of steps" in err.message


# -- running ------------------------------------------------------------------------------


def run(tmp_path: Path, text: str) -> runner.ScenarioResult:
    report = run_paths([write(tmp_path, text)], game=None)
    assert not report.errors, report.errors
    (result,) = report.results
    return result


def test_the_valid_scenarios_pass(tmp_path: Path) -> None:
    assert run(tmp_path, KOT).ok
    assert run(tmp_path, NEW).ok


def test_an_accepted_refusal_fails_at_its_line(tmp_path: Path) -> None:
    text = KOT.replace("{name: Kraken, energy: 1}", "{name: Kraken, energy: 2}")
    result = run(tmp_path, text)
    assert not result.ok
    path = tmp_path / "case.yaml"
    assert result.problems == [
        f"{path}:15:5: step refuse: the game accepted `sweep`, which the scenario says the "
        "rules refuse here"
    ]


def test_an_open_illegal_step_and_a_refused_legal_step_are_problems(tmp_path: Path) -> None:
    text = KOT.replace("  - refuse: sweep\n", "").replace("legal: [end-turn]",
                                                          "legal: [end-turn, {buy: Tanks}]")
    text = text.replace("illegal: [sweep, {buy: Heal}]", "illegal: [stop, {buy: Heal}]")
    text = text.replace("illegal: [{yield: Gigazaur}]", "illegal: [end-turn]")
    result = run(tmp_path, text)
    path = tmp_path / "case.yaml"
    assert result.problems == [
        f"{path}:15: legal: `buy: Tanks` (line 16) is refused: the game does not offer it now",
        f"{path}:19: illegal: `end-turn` (line 21) is open: the game accepts it now",
    ]


def test_a_refusal_that_changes_the_state_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    apply = State.apply

    def careless(self: State, action: Any) -> State:
        if action == SWEEP:
            self.turn += 1  # an engine that changes its state, then refuses
            raise IllegalActionError("no sweep")
        return apply(self, action)

    monkeypatch.setattr(State, "apply", careless)
    result = run(tmp_path, KOT)
    assert result.problems == [
        f"{tmp_path / 'case.yaml'}:15:5: step refuse: `sweep` was refused but changed the state"
    ]


def test_an_unknown_card_is_no_refusal(tmp_path: Path) -> None:
    result = run(tmp_path, KOT.replace("refuse: sweep", "refuse: {buy: Heel}"))
    assert result.problems == [
        f"{tmp_path / 'case.yaml'}:15:5: step refuse: unknown card 'Heel'"
    ]


def test_step_action_and_step_refused(tmp_path: Path) -> None:
    sc = read_scenario(write(tmp_path, NEW))
    state = runner._start(sc, CardTable.from_card_set(builtin_card_set(sc.game)), 1)
    assert step_action(Step("choose", "bronx", 1, 1), state) == Choose("bronx")
    with pytest.raises(NotOffered, match="at: the script rolls dice but the game waits for "
                                         "a decision by Captain Fish"):
        step_action(Step("roll", [], 1, 1), state, at="at")
    with pytest.raises(ScenarioFailure, match="unknown card 'Heel'") as info:
        step_action(Step("buy", "Heel", 1, 1), state)
    assert not isinstance(info.value, NotOffered)
    assert step_refused(Step("choose", "manhattan", 1, 1), state)  # the engine refuses
    assert step_refused(Step("stay", None, 1, 1, monster="Kong"), state)  # not offered
    assert not step_refused(Step("choose", "bronx", 1, 1), state)


def test_step_action_of_a_roll() -> None:
    from kot_rules import games

    game = games.get("king-of-tokyo").new_game(2)
    state = game.new_initial_state()
    faces = read_scenario_faces()
    assert step_action(Step("roll", faces, 1, 1), state) == Roll((3, 0, 0, 0, 0, 3))


def read_scenario_faces() -> list[Any]:
    from kot_rules.engine.dice import Face

    return [Face.parse(x) for x in (1, 1, 1, "claw", "claw", "claw")]


@pytest.mark.parametrize(
    ("step", "text"),
    [
        (Step("stop", None, 1, 1), "stop"),
        (Step("yield", None, 1, 1, monster="Kong"), "yield: Kong"),
        (Step("buy", "Heal", 1, 1), "buy: Heal"),
        (Step("buy", "Jets", 1, 1, monster="Kong"), "buy: {card: Jets, from: Kong}"),
        (Step("refuse", Step("choose", "bronx", 1, 1), 1, 1), "refuse: {choose: bronx}"),
        (Step("use", {"card": "Stretchy", "die": read_scenario_faces()[0]}, 1, 1),
         "use: {card: Stretchy, die: 1}"),
        (Step("roll", read_scenario_faces()[2:4], 1, 1), "roll: [1, claw]"),
        (Step("spend-dice-tokens", 2, 1, 1), "spend-dice-tokens: 2"),
    ],
)
def test_show_step(step: Step, text: str) -> None:
    assert show_step(step) == text


def test_a_new_game_is_played_with_two_shuffles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kot_rules.engine.game import Game

    seeds: list[int | None] = []
    shuffled = Game.shuffled_deck

    def spy(self: Game, seed: int | None) -> tuple[str, ...]:
        seeds.append(seed)
        return shuffled(self, seed)

    monkeypatch.setattr(Game, "shuffled_deck", spy)
    assert run(tmp_path, NEW).ok
    assert seeds == list(runner.NEW_GAME_SEEDS) == [1, 2]


def test_a_new_game_failing_says_which_shuffle(tmp_path: Path) -> None:
    result = run(tmp_path, NEW.replace("shop_size: 3", "shop_size: 2"))
    assert result.problems == [  # the first shuffle fails: the second is not played
        f"{tmp_path / 'case.yaml'}:9: shop size: expected 2, got 3 "
        "(a new game, the deck shuffled by seed 1)"
    ]


def test_a_new_game_the_rules_refuse_is_scn005(tmp_path: Path) -> None:
    text = NEW.replace("game: king-of-new-york", "game: king-of-tokyo-duel").replace(
        "{players: 4}", "{players: 2, monsters: [Kong, Mantis]}")
    text = text.split("script:")[0] + "script: []\nexpect: {phase: roll}\n"
    report = run_paths([write(tmp_path, text)], game=None)
    (error,) = report.errors
    assert error.startswith(f"{tmp_path / 'case.yaml'}:7:3: error[SCN005]: new game: King of "
                            "Tokyo: Duel has no monster 'Kong'")


def test_the_counts_compare(tmp_path: Path) -> None:
    text = NEW.replace("stack_heights: {bronx: [3, 3, 3]}", "stack_heights: {bronx: [3, 3]}")
    text = text.replace("unit_counts: {bronx: 0}", "unit_counts: {bronx: 1}")
    text = text.replace("shop_size: 3", "shop_size: 3\n      discard_size: 1")
    result = run(tmp_path, text)
    where = f"{tmp_path / 'case.yaml'}:9"
    shuffle = " (a new game, the deck shuffled by seed 1)"
    assert result.problems == [
        f"{where}: tiles in the stacks of bronx: expected [3, 3], got [3, 3, 3]{shuffle}",
        f"{where}: units in bronx: expected 1, got 0{shuffle}",
        f"{where}: discard size: expected 1, got 0{shuffle}",
    ]


# -- the schema -----------------------------------------------------------------------------


def test_schema_v3_names_the_fields_of_the_reader() -> None:
    v3 = schema(3).schema
    defs = v3["$defs"]
    assert set(v3["properties"]) == TOP_KEYS_V3
    assert v3["properties"]["format"]["const"] == 3
    assert set(defs["setup"]["properties"]) == SETUP_KEYS
    assert set(defs["new_game_setup"]["properties"]) == {"new_game"}
    assert set(defs["new_game_setup"]["properties"]["new_game"]["properties"]) == NEW_GAME_KEYS
    assert set(defs["expect"]["properties"]) == EXPECT_KEYS_V3
    game_steps: set[str] = set(defs["game_step"]["oneOf"][0]["enum"])
    for alt in defs["game_step"]["oneOf"][1:]:
        game_steps |= set(alt["required"])
    assert game_steps == set(STEP_KINDS) - {"expect"}
    outer = {k for alt in defs["step"]["oneOf"][1:] for k in alt["required"]}
    assert outer == {"expect", "refuse"} == set(STEP_KINDS_V3) - game_steps


def test_schema_v3_is_v2_plus_the_new_fields() -> None:
    v2, v3 = schema(2).schema, schema(3).schema
    changed = {"step", "game_step", "expect", "new_game_setup"}
    assert {k: v for k, v in v3["$defs"].items() if k not in changed} == {
        k: v for k, v in v2["$defs"].items() if k not in changed}
    v2_expect = v2["$defs"]["expect"]["properties"]
    assert {k: v3["$defs"]["expect"]["properties"][k] for k in EXPECT_KEYS} == v2_expect
    same = {k: v for k, v in v2["properties"].items() if k not in ("format", "setup")}
    assert {k: v3["properties"][k] for k in same} == same


def test_the_format_3_files_validate_against_v3_only() -> None:
    files = [p for p in sorted((ROOT / "spec" / "scenarios").rglob("*.yaml"))
             if yaml.safe_load(p.read_text(encoding="utf-8")).get("format") == 3]
    assert len(files) >= 45
    for path in files:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert not list(schema(3).iter_errors(doc)), path
        assert not schema(2).is_valid(doc), path


MALFORMED: dict[str, tuple[str, str]] = {
    "refuse of an expect": ("refuse: sweep", "refuse: {expect: {phase: buy}}"),
    "refuse of a refuse": ("refuse: sweep", "refuse: {refuse: sweep}"),
    "refuse of nothing": ("refuse: sweep", "refuse: null"),
    "refuse of two steps": ("refuse: sweep", "refuse: {stop: null, sweep: null}"),
    "legal empty": ("legal: [end-turn]", "legal: []"),
    "legal not a list": ("legal: [end-turn]", "legal: end-turn"),
    "illegal expect": ("illegal: [sweep, {buy: Heal}]", "illegal: [{expect: {}}]"),
    "shop_size negative": ("  illegal: [{yield: Gigazaur}]\n",
                           "  illegal: [{yield: Gigazaur}]\n  shop_size: -1\n"),
    "format 4": ("format: 3", "format: 4"),
}
MALFORMED_NEW: dict[str, tuple[str, str]] = {
    "players 1": ("{players: 4}", "{players: 1}"),
    "players text": ("{players: 4}", "{players: four}"),
    "no players": ("{players: 4}", "{monsters: [Kong, Mantis]}"),
    "a seed": ("{players: 4}", "{players: 4, seed: 1}"),
    "new game and a position": ("  new_game: {players: 4}\n",
                                "  new_game: {players: 4}\n  active: Kong\n"),
    "stack heights of a place": ("stack_heights: {bronx: [3, 3, 3]}",
                                 "stack_heights: {harlem: [3]}"),
    "unit counts list": ("unit_counts: {bronx: 0}", "unit_counts: {bronx: [0]}"),
}


@pytest.mark.parametrize("name", list(MALFORMED) + list(MALFORMED_NEW))
def test_malformed_format_3_is_rejected_by_schema_and_reader(tmp_path: Path, name: str) -> None:
    base, (old, new) = (KOT, MALFORMED[name]) if name in MALFORMED else (NEW, MALFORMED_NEW[name])
    assert old in base
    text = base.replace(old, new)
    doc = yaml.safe_load(text)
    assert not schema(3).is_valid(doc), name
    with pytest.raises(ScenarioFormatError):
        read_scenario(write(tmp_path, text))


def test_only_the_reader_sees_what_the_shuffle_decides(tmp_path: Path) -> None:
    doc = copy.deepcopy(yaml.safe_load(NEW))
    doc["expect"]["shop"] = ["Stomp"]
    assert schema(3).is_valid(doc)  # the description says so: a cross-field check
    assert "SCN009" in schema(3).schema["description"]
    err = error_of(tmp_path, yaml.safe_dump(doc))
    assert err.code == "SCN009"


def test_the_reference_documents_format_3_and_its_codes() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "spec/schemas/scenario-v3.schema.json" in text
    for key in ("refuse:", "legal:", "illegal:", "new_game:", "shop_size", "discard_size",
                "stack_heights", "unit_counts"):
        assert key in text, key
    for code in ("SCN008", "SCN009"):
        assert f"| {code} |" in text, code


def test_the_scenarios_of_format_3_run(tmp_path: Path) -> None:
    cards = kot_cards()
    sc = read_scenario(write(tmp_path, KOT))
    assert run_scenario(sc, cards).ok
