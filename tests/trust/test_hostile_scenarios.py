"""Scenario files built to be expensive or unreadable fail fast, with a located error
(FILE:LINE:COLUMN: error[SCNnnn], a caret, a hint) and bounded time and memory."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.loader import MAX_BYTES, read_scenario
from kot_rules.scenarios.yamlpos import MAX_DEPTH, MAX_DIGITS, MAX_TEXT, MAX_VALUES

HEAD = """\
format: 1
name: A scenario for the hostile-input tests
rule: dice.numbers
source: "001 §PUNKTY ZWYCIĘSTWA"
setup:
  monsters:
    - {name: Alice}
    - {name: Bob}
  active: Alice
"""

BOMB = "".join(
    f"{a}: &{a} [{', '.join([f'*{b}'] * 9 if b else ['lol'] * 9)}]\n"
    for a, b in zip("abcdefghi", ["", *"abcdefgh"], strict=True)
)
"""The "billion laughs" shape: 9 levels of 9, 9^9 (about 387 million) values once expanded."""


def error_of(tmp_path: Path, text: str | bytes) -> ScenarioFormatError:
    path = tmp_path / "hostile.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    start = time.perf_counter()
    with pytest.raises(ScenarioFormatError) as info:
        read_scenario(path)
    assert time.perf_counter() - start < 2.0, "a hostile file must fail fast"
    err = info.value
    assert err.render().startswith(f"{path}:{err.line}:{err.column}: error[{err.code}]: ")
    return err


def test_the_bomb_has_the_shape_of_the_issue() -> None:
    lines = BOMB.splitlines()
    assert len(lines) == 9 and lines[1].count("*a") == 9
    # The same bomb as a file, to try by hand: kot-rules scenario run tests/trust/data/...
    kept = Path(__file__).parent / "data" / "alias-bomb.yaml"
    assert kept.read_text(encoding="utf-8").replace('"', "").replace(",", ", ").split() == \
        BOMB.replace(",", ", ").split()


def test_alias_bomb_is_refused_at_its_first_anchor(tmp_path: Path) -> None:
    err = error_of(tmp_path, BOMB)
    assert (err.code, err.line, err.column) == ("SCN006", 1, 4)
    assert "an anchor (&a) is not allowed" in err.message
    assert "hint: write each value out in full" in err.render()


def test_an_alias_alone_is_refused(tmp_path: Path) -> None:
    err = error_of(tmp_path, HEAD + "script: [*steps]\nexpect: {}\n")
    assert (err.code, err.line, err.column) == ("SCN006", 10, 10)
    assert "an alias (*steps)" in err.message


def test_an_anchor_on_a_scalar_is_refused(tmp_path: Path) -> None:
    err = error_of(tmp_path, HEAD.replace("active: Alice", "active: &who Alice")
                   + "script: []\nexpect: {}\n")
    assert (err.code, err.line, err.column) == ("SCN006", 9, 11)


_MEASURED = """\
import sys
from kot_rules.surfaces.cli import main
code = main(sys.argv[1:])
with open("/proc/self/status", encoding="ascii") as status:
    peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
print("PEAK_KB", peak, file=sys.stderr)
sys.exit(code)
"""
"""The CLI, reporting its own peak memory: VmHWM of its own address space. (getrusage's
ru_maxrss would not do: Linux keeps it across fork and exec, so a child started by a test
process of 300 MB reports at least 300 MB.)"""


def test_the_bomb_through_the_cli_exits_1_fast_and_small(tmp_path: Path) -> None:
    """Through the CLI the bomb fails with exit 1, in under 2 s and 200 MB."""
    path = tmp_path / "bomb.yaml"
    path.write_text(BOMB, encoding="utf-8")
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURED, "scenario", "run", str(path)],
        capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    elapsed = time.perf_counter() - start
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "error[SCN006]" in out and "Traceback" not in out
    peak_mb = int(out.split("PEAK_KB ")[1].split()[0]) / 1024
    assert peak_mb < 200
    assert elapsed < 10  # about 1 s on this machine; the suite runs beside other jobs


def test_more_values_than_the_budget(tmp_path: Path) -> None:
    text = HEAD + "tags: [" + ", ".join(["x"] * (MAX_VALUES + 10)) + "]\n"
    err = error_of(tmp_path, text)
    assert err.code == "SCN007"
    assert f"more than {MAX_VALUES} values" in err.message
    assert "hint: split the scenario" in err.render()


def test_the_budget_itself_reads(tmp_path: Path) -> None:
    # HEAD has 17 values (the root, keys' values, lists); the tags fill up to the budget.
    text = HEAD + "tags: [" + ", ".join(["x"] * (MAX_VALUES - 40)) + "]\nscript: []\n" \
        "expect: {}\n"
    read_scenario_path = tmp_path / "ok.yaml"
    read_scenario_path.write_text(text, encoding="utf-8")
    assert len(read_scenario(read_scenario_path).tags) == MAX_VALUES - 40


def test_deep_block_nesting(tmp_path: Path) -> None:
    text = "".join("  " * i + "a:\n" for i in range(MAX_DEPTH + 5)) + "  " * 70 + "b: 1\n"
    err = error_of(tmp_path, text)
    assert (err.code, err.line) == ("SCN001", MAX_DEPTH + 1)
    assert "nested too deeply" in err.message and f"{MAX_DEPTH} deep at most" in err.render()


def test_deep_flow_nesting(tmp_path: Path) -> None:
    err = error_of(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert err.code == "SCN001" and "nested too deeply" in err.message


def test_huge_hearts(tmp_path: Path) -> None:
    text = HEAD.replace("{name: Alice}", "{name: Alice, hearts: 1" + "0" * 100 + "}")
    err = error_of(tmp_path, text + "script: []\nexpect: {}\n")
    assert (err.code, err.line, err.column) == ("SCN007", 7, 29)
    assert "a number with 101 digits" in err.message
    assert f"at most {MAX_DIGITS} digits" in err.render()


def test_huge_hex_number(tmp_path: Path) -> None:
    err = error_of(tmp_path, HEAD.replace("{name: Bob}", "{name: Bob, stars: 0x" + "f" * 5000
                                          + "}"))
    assert err.code == "SCN007" and "a number of 5002 characters" in err.message


def test_large_but_short_number_is_a_range_error(tmp_path: Path) -> None:
    text = HEAD.replace("{name: Alice}", "{name: Alice, hearts: 999999999999999}")
    err = error_of(tmp_path, text + "script: []\nexpect: {}\n")
    assert err.code == "SCN002" and "from 0 to 99" in err.message


def test_a_game_of_a_billion_dice(tmp_path: Path) -> None:
    err = error_of(tmp_path, HEAD + "options: {dice: 1000000000}\nscript: []\nexpect: {}\n")
    assert (err.code, err.line) == ("SCN002", 10)
    assert "options.dice': expected a whole number from 1 to 99" in err.message


def test_a_long_text(tmp_path: Path) -> None:
    err = error_of(tmp_path, HEAD.replace("{name: Bob}", "{name: " + "B" * (MAX_TEXT + 1) + "}"))
    assert err.code == "SCN007" and f"a text of {MAX_TEXT + 1} characters" in err.message
    shown = err.render().splitlines()[1]
    assert len(shown) < 200 and "…" in shown  # a window around the caret, not the line


def test_a_long_key(tmp_path: Path) -> None:
    # YAML itself limits a plain key to 1024 characters: libyaml stops first.
    err = error_of(tmp_path, HEAD + "x" * (MAX_TEXT + 1) + ": 1\n")
    assert err.code == "SCN001" and "not valid YAML" in err.message


def test_a_long_explicit_key(tmp_path: Path) -> None:
    err = error_of(tmp_path, HEAD + "? " + "x" * (MAX_TEXT + 1) + "\n: 1\n")
    assert err.code == "SCN007" and "a key of" in err.message


def test_a_file_over_the_size_cap_is_not_read_whole(tmp_path: Path) -> None:
    err = error_of(tmp_path, HEAD + "# " + "x" * (3 * MAX_BYTES) + "\n")
    assert (err.code, err.line, err.column) == ("SCN001", 0, 0)
    assert f"larger than {MAX_BYTES} bytes" in err.message and "hint: split" in err.render()


def test_a_one_megabyte_file_of_values_is_fast(tmp_path: Path) -> None:
    """Under the size cap, the value budget bounds the work (the pure-Python YAML parser
    took over a minute on this file)."""
    err = error_of(tmp_path, "x: [" + "1," * (MAX_BYTES // 2 - 10) + "1]\n")
    assert err.code == "SCN007"


@pytest.mark.parametrize("data", [
    b"\xff\xfe\x00\x00binary",
    b"format: 1\nname: \x80\x81\n",
    bytes(range(256)),
    b"\x00" * 1000,
    b"\x1b[31mred\x1b[0m: 1\n",
])
def test_binary_bytes(tmp_path: Path, data: bytes) -> None:
    err = error_of(tmp_path, data)
    assert err.code == "SCN001"


def test_a_second_document(tmp_path: Path) -> None:
    err = error_of(tmp_path, HEAD + "script: []\nexpect: {}\n---\nformat: 1\n")
    assert (err.code, err.line) == ("SCN001", 12)
    assert "a single document" in err.message


@pytest.mark.parametrize("tag", ["!!python/name:os.system", "!!python/object:os.system x",
                                 "!custom x"])
def test_tags_that_construct_objects(tmp_path: Path, tag: str) -> None:
    err = error_of(tmp_path, HEAD.replace("active: Alice", f"active: {tag}"))
    assert err.code == "SCN001" and "cannot read value" in err.message


def test_a_tag_on_a_list_is_ignored(tmp_path: Path) -> None:
    """Lists and mappings are read as plain data whatever their tag: nothing is built."""
    err = error_of(tmp_path, HEAD.replace("active: Alice",
                                          "active: !!python/object/apply:os.system ['true']")
                   + "script: []\nexpect: {}\n")
    assert err.code == "SCN002" and "got ['true']" in err.message


# -- King of New York's board in an expectation (found by `make fuzz`'s New York targets) ----

KONY_HEAD = """\
format: 2
game: king-of-new-york
name: A New York scenario for the hostile-input tests
rule: kony.destruction.unit
source: "003 §NISZCZENIE"
setup:
  active: Kong
  monsters:
    - {name: Kong, borough: bronx}
    - {name: Mantis, place: city}
script: []
expect:
  board:
"""


@pytest.mark.parametrize(("board", "line", "code", "words"), [
    # The fuzz inputs: a unit that is null (sorted() met None and a text) and a borough
    # whose units are null (sorted() met None): tracebacks in the runner before the fix.
    ("    units: {manhattan: [high-rise-1-1, null]}", 14, "SCN002", "a list of names"),
    ("    units: {bronx: null}", 14, "SCN002", "a list of names"),
    ("    units: {harlem: []}", 14, "SCN003", "known fields: bronx, brooklyn"),
    ("    units: [bronx]", 14, "SCN002", "a mapping"),
    ("    stacks: {bronx: [[high-rise-1-1], 3]}", 14, "SCN002", "a list of names"),
    ("    stacks: {bronx: high-rise-1-1}", 14, "SCN002", "a list of stacks"),
    ("    fresh: high-rise-1-1", 14, "SCN002", "a list of names"),
    ("    destroyed_units: [1]", 14, "SCN002", "a list of names"),
])
def test_a_new_york_board_expectation_of_the_wrong_shape(
        tmp_path: Path, board: str, line: int, code: str, words: str) -> None:
    err = error_of(tmp_path, KONY_HEAD + board + "\n")
    assert (err.code, err.line) == (code, line), err.render()
    assert words in err.render()


def test_a_well_formed_new_york_board_expectation_still_runs(tmp_path: Path) -> None:
    from kot_rules.engine.cards import CardTable
    from kot_rules.language.cardset import builtin_card_set
    from kot_rules.scenarios.runner import run_scenario

    path = tmp_path / "fine.yaml"
    path.write_text(KONY_HEAD + "    units: {bronx: []}\n    fresh: []\n", encoding="utf-8")
    cards = CardTable.from_card_set(builtin_card_set("king-of-new-york"))
    assert run_scenario(read_scenario(path), cards).ok
