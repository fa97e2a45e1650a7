"""Scenario file errors: every code of kot_rules.scenarios.errors.CODES, pinned to file,
line, column and message; no input makes the reader raise anything else; a failing
expectation is reported at the file and line of its expect block."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kot_rules.scenarios.errors import CODES, ScenarioFormatError
from kot_rules.scenarios.loader import MAX_BYTES, read_scenario
from kot_rules.scenarios.runner import run_paths

HEAD = """\
format: 1
name: A scenario for the error tests
rule: dice.numbers
source: "001 §PUNKTY ZWYCIĘSTWA"
setup:
  monsters:
    - {name: Alice}
    - {name: Bob}
  active: Alice
"""
"""A valid head: lines 1-9. Tests append a script (line 10 on) and an expect."""


def write(tmp_path: Path, text: str | bytes, name: str = "case.yaml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path) -> ScenarioFormatError:
    with pytest.raises(ScenarioFormatError) as info:
        read_scenario(path)
    return info.value


def check(
    err: ScenarioFormatError, path: Path, line: int, column: int, code: str, fragment: str
) -> None:
    assert err.file == str(path)
    assert (err.line, err.column, err.code) == (line, column, code), err.render()
    assert fragment in err.message, err.render()
    assert err.render().startswith(f"{path}:{line}:{column}: error[{code}]: ")


def test_the_codes_are_the_documented_ones() -> None:
    assert set(CODES) == {f"SCN00{i}" for i in range(1, 10)}


def test_valid_head_reads(tmp_path: Path) -> None:
    sc = read_scenario(write(tmp_path, HEAD + "script: []\nexpect: {}\n"))
    assert [m.name for m in sc.setup.monsters] == ["Alice", "Bob"]


# -- SCN001: not readable YAML, not UTF-8, too large, unreadable -------------------------


def test_scn001_bad_yaml(tmp_path: Path) -> None:
    path = write(tmp_path, "format: 1\nname: [unclosed\nrule: x\n")
    err = error_of(path)
    check(err, path, 3, 5, "SCN001", "not valid YAML")
    assert err.source_line == "rule: x"


def test_scn001_non_utf8_bytes(tmp_path: Path) -> None:
    path = write(tmp_path, b"format: 1\nname: caf\xe9\n")
    check(error_of(path), path, 2, 10, "SCN001", "not UTF-8 text: byte 0xe9")


def test_scn001_key_written_twice(tmp_path: Path) -> None:
    path = write(tmp_path, "format: 1\nformat: 1\n")
    check(error_of(path), path, 2, 1, "SCN001", "key 'format' is written twice")


def test_scn001_complex_key(tmp_path: Path) -> None:
    path = write(tmp_path, "? [a]\n: 1\n")
    check(error_of(path), path, 1, 3, "SCN001", "a key must be a plain word")


def test_scn001_file_too_large(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "#" * (2 * 1024 * 1024) + "\n")
    check(error_of(path), path, 0, 0, "SCN001", f"larger than {MAX_BYTES} bytes")


def test_scn001_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.yaml"
    check(error_of(path), path, 0, 0, "SCN001", "cannot read the file")


# -- SCN002: a field missing or of the wrong type ---------------------------------------


def test_scn002_missing_field(tmp_path: Path) -> None:
    text = HEAD.replace('source: "001 §PUNKTY ZWYCIĘSTWA"\n', "") + "script: []\nexpect: {}\n"
    path = write(tmp_path, text)
    check(error_of(path), path, 1, 1, "SCN002", "field 'source' is missing")


def test_scn002_wrong_type(tmp_path: Path) -> None:
    text = HEAD.replace("{name: Bob}", "{name: Bob, hearts: ten}") + "script: []\nexpect: {}\n"
    path = write(tmp_path, text)
    check(
        error_of(path),
        path,
        8,
        27,
        "SCN002",
        "field 'setup.monsters[1].hearts': expected a whole number from 0 to 99, got 'ten'",
    )


def test_scn002_nothing_checked(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "script:\n  - roll: [1, 1, 1, 2, 2, 3]\n")
    check(error_of(path), path, 1, 1, "SCN002", "a scenario must check something")


def test_scn002_empty_file(tmp_path: Path) -> None:
    path = write(tmp_path, "")
    check(error_of(path), path, 1, 1, "SCN002", "expected a mapping")


def test_scn002_step_with_two_keys(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "script:\n  - {roll: [1], stop: x}\nexpect: {}\n")
    check(error_of(path), path, 11, 5, "SCN002", "expected one step")


# -- SCN003: a field the format does not have, with a suggestion ------------------------


def test_scn003_unknown_field_did_you_mean(tmp_path: Path) -> None:
    text = HEAD.replace("    - {name: Bob}\n", "    - name: Bob\n      heart: 5\n")
    path = write(tmp_path, text + "script: []\nexpect: {}\n")
    check(
        error_of(path),
        path,
        9,
        7,
        "SCN003",
        "field 'setup.monsters[1].heart' is not part of the format (did you mean 'hearts'?)",
    )


def test_scn003_unknown_top_field(tmp_path: Path) -> None:
    text = HEAD.replace("rule: dice.numbers", "rules: dice.numbers")
    path = write(tmp_path, text + "script: []\nexpect: {}\n")
    check(error_of(path), path, 3, 1, "SCN003", "field 'rules' is not part of the format")
    assert "(did you mean 'rule'?)" in error_of(path).message


def test_scn003_unknown_expect_field(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "script: []\nexpect:\n  phse: buy\n")
    check(error_of(path), path, 12, 3, "SCN003", "(did you mean 'phase'?)")


# -- SCN004: a value the game does not have ----------------------------------------------


def test_scn004_unknown_face(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "script:\n  - roll: [1, 1, 1, 2, 2, dragon]\nexpect: {}\n")
    check(
        error_of(path),
        path,
        11,
        27,
        "SCN004",
        "field 'script[0].roll[5]': expected a die face (1, 2, 3, energy, heart, claw), "
        "got 'dragon'",
    )


def test_scn004_unknown_monster(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "script:\n  - yield: Carol\nexpect: {}\n")
    check(error_of(path), path, 11, 12, "SCN004", "no monster named 'Carol'")


def test_scn004_unknown_monster_in_expect(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "script: []\nexpect:\n  monsters:\n    Carol: {stars: 1}\n")
    check(error_of(path), path, 13, 5, "SCN003", "'expect.monsters.Carol' is not part")


def test_scn004_unknown_place(tmp_path: Path) -> None:
    text = HEAD.replace("{name: Bob}", "{name: Bob, place: tokyo}")
    path = write(tmp_path, text + "script: []\nexpect: {}\n")
    check(
        error_of(path),
        path,
        8,
        26,
        "SCN004",
        "field 'setup.monsters[1].place': expected one of outside, city, bay, got 'tokyo'",
    )


def test_scn004_unknown_step_did_you_mean(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "script:\n  - rol: [1]\nexpect: {}\n")
    check(error_of(path), path, 11, 10, "SCN004", "unknown step 'rol' (did you mean 'roll'?)")


def test_scn004_unknown_bare_step(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "script:\n  - jump\nexpect: {}\n")
    check(error_of(path), path, 11, 5, "SCN004", "unknown step 'jump'")


def test_scn004_unknown_event_kind(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "script: []\nexpect:\n  events:\n    - {kind: exploded}\n")
    check(error_of(path), path, 13, 14, "SCN004", "got 'exploded'")


def test_scn004_unknown_option_value(tmp_path: Path) -> None:
    text = HEAD.replace("setup:\n", "options: {first_player: loudest}\nsetup:\n", 1)
    path = write(tmp_path, text + "script: []\nexpect: {}\n")
    check(error_of(path), path, 5, 10, "SCN004", "first_player: expected one of")


def test_scn004_two_monsters_with_one_name(tmp_path: Path) -> None:
    text = HEAD.replace("{name: Bob}", "{name: Alice}")
    path = write(tmp_path, text + "script: []\nexpect: {}\n")
    check(error_of(path), path, 8, 14, "SCN004", "two monsters are named 'Alice'")


# -- SCN005: the set-up breaks a rule of the game ---------------------------------------


def test_scn005_a_setup_that_breaks_a_rule(tmp_path: Path) -> None:
    """The reader checks the format; the runner reports a set-up the rules forbid (two
    monsters in Tokyo City) as SCN005 at the `setup` key, and runs nothing."""
    text = HEAD.replace("{name: Alice}", "{name: Alice, place: city}").replace(
        "{name: Bob}", "{name: Bob, place: city}"
    )
    path = write(tmp_path, text + "script: []\nexpect: {}\n")
    read_scenario(path)  # the format itself is fine
    report = run_paths([path])
    assert report.results == []
    (error,) = report.errors
    assert error.startswith(f"{path}:{HEAD.splitlines().index('setup:') + 1}:1: error[SCN005]: ")
    assert "at most one monster in Tokyo City" in error


def test_scn005_a_setup_whose_turn_starts_with_a_question(tmp_path: Path) -> None:
    """A set-up whose turn starts with a card's question (New York's Super Speed: move
    before rolling?) has no step to replay once answered: SCN005 naming the question, not
    a traceback (before the fix the runner died with NeedAnswer)."""
    text = textwrap.dedent("""\
        format: 2
        game: king-of-new-york
        name: A turn that starts with a question
        rule: kony.turn.gain
        source: "003 PRZEBIEG GRY"
        setup:
          monsters:
            - {name: Kong, borough: queens, cards: ["Super Speed"]}
            - {name: Mantis, place: city}
          active: Kong
        script: []
        expect: {}
        """)
    path = write(tmp_path, text)
    report = run_paths([path], game="king-of-new-york")
    assert report.results == []
    (error,) = report.errors
    assert error.startswith(f"{path}:6:1: error[SCN005]: "), error
    assert "starts with a question (Kong may go to another borough" in error


# -- nothing but ScenarioFormatError -----------------------------------------------------


FIXTURE_OK = [HealthCheck.function_scoped_fixture]  # tmp_path is only a place to write


def reads_or_format_error(path: Path) -> None:
    try:
        read_scenario(path)
    except ScenarioFormatError as exc:
        assert exc.code in CODES
        assert exc.render()


@settings(max_examples=200, deadline=None, suppress_health_check=FIXTURE_OK)
@given(st.binary(max_size=400))
def test_random_bytes_raise_only_format_errors(tmp_path: Path, raw: bytes) -> None:
    reads_or_format_error(write(tmp_path, raw))


YAMLISH = st.text(alphabet=list("formatnule:-[]{},'\"&*!|>?#%@` \n\t0123456789.~\\"), max_size=300)


@settings(max_examples=200, deadline=None, suppress_health_check=FIXTURE_OK)
@given(YAMLISH)
def test_random_yaml_like_text_raises_only_format_errors(tmp_path: Path, text: str) -> None:
    reads_or_format_error(write(tmp_path, text))


JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["claw", "city", "bay", "Alice", "Bob", "stop", "end-turn", "damaged"]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(
                [
                    "format",
                    "name",
                    "rule",
                    "source",
                    "setup",
                    "script",
                    "expect",
                    "monsters",
                    "active",
                    "roll",
                    "events",
                    "kind",
                    "hearts",
                    "place",
                    "outcome",
                    "winner",
                ]
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None, suppress_health_check=FIXTURE_OK)
@given(JSONISH)
def test_random_documents_raise_only_format_errors(tmp_path: Path, data: object) -> None:
    reads_or_format_error(write(tmp_path, yaml.safe_dump(data)))


@settings(max_examples=300, deadline=None, suppress_health_check=FIXTURE_OK)
@given(st.data())
def test_mutated_valid_documents_raise_only_format_errors(
    tmp_path: Path, data: st.DataObject
) -> None:
    doc = yaml.safe_load(HEAD + "script:\n  - roll: [1, 1, 1, 2, 2, 3]\n  - stop\nexpect: {}\n")
    node = doc
    # walk down to a random container and replace one of its values by junk
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, (dict, list)) and data.draw(st.booleans()):
            node = child
            continue
        node[key] = data.draw(JSONISH)
        break
    reads_or_format_error(write(tmp_path, yaml.safe_dump(doc, allow_unicode=True)))


def test_deeply_nested_flow_yaml(tmp_path: Path) -> None:
    path = write(tmp_path, "[" * 5000 + "]" * 5000)
    err = error_of(path)
    assert err.code == "SCN001"
    assert "nested too deeply" in err.message


def test_deeply_nested_block_yaml(tmp_path: Path) -> None:
    text = "".join("  " * i + "a:\n" for i in range(200)) + "  " * 200 + "b: 1\n"
    err = error_of(write(tmp_path, text))
    assert err.code == "SCN001"
    assert "nested too deeply" in err.message


def test_two_megabyte_file(tmp_path: Path) -> None:
    text = HEAD + "script:\n" + "  - stop\n" * (2 * 1024 * 1024 // 9) + "expect: {}\n"
    err = error_of(write(tmp_path, text))
    assert (err.code, err.line, err.column) == ("SCN001", 0, 0)


def test_empty_file(tmp_path: Path) -> None:
    assert error_of(write(tmp_path, b"")).code == "SCN002"


# -- a failing expectation names the file and the line of its expect block ---------------

WRONG_STARS = textwrap.dedent(
    """\
    format: 1
    name: Three ones score one star, and this file wrongly expects more
    rule: dice.numbers
    source: "001 §PUNKTY ZWYCIĘSTWA: musi wyrzucić na kostkach 3 takie same cyfry"
    setup:
      monsters:
        - {name: Alice}
        - {name: Bob}
      active: Alice
    script:
      - roll: [1, 1, 1, 2, 2, 3]
      - stop
      - expect:
          monsters:
            Alice: {stars: 2}
      - end-turn
    expect:
      monsters:
        Alice: {stars: 3}
    """
)


def test_failing_expectation_reports_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, WRONG_STARS, "wrong-stars.yaml")
    report = run_paths([path])
    assert report.errors == []
    (result,) = report.results
    assert not result.ok
    assert report.failed == 1 and report.passed == 0
    # the intermediate expect step (line 13) and the final expect block (line 18)
    assert f"{path}:13: Alice.stars: expected 2, got 1" in result.problems
    assert f"{path}:18: Alice.stars: expected 3, got 1" in result.problems
    assert result.line().startswith(f"FAIL {path}")
    assert "expected 3, got 1" in result.details()


def test_failing_expectation_after_a_wrong_step(tmp_path: Path) -> None:
    text = WRONG_STARS.replace("  - stop\n", "  - yield: Bob\n")
    path = write(tmp_path, text, "wrong-step.yaml")
    (result,) = run_paths([path]).results
    assert not result.ok
    assert result.problems[0].startswith(f"{path}:12:5: step yield: ")
    assert "waits for a decision by Alice (keep)" in result.problems[0]
