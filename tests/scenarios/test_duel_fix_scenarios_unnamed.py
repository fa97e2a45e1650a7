"""Scenario set-up field ``unnamed``: where the cards named nowhere go.

``deck`` (the default) puts them at the bottom of the deck; ``discard`` discards them, so a
scenario can start with an empty deck without listing every card of its set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.loader import read_scenario
from kot_rules.scenarios.runner import run_paths

HEAD = """\
format: 2
game: king-of-tokyo-duel
name: The cards named nowhere
rule: duel.buy.empty-deck
source: "002 l. 273-274"
setup:
  monsters:
    - {name: Alienoid}
    - {name: Cyber Kitty}
  shop: [Frenzy, Giant Brain, Snack Time]
  deck: [Too Cute]
UNNAMED
  active: Alienoid
script: []
expect:
  deck_size: SIZE
"""


def write(tmp_path: Path, unnamed: str, size: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(HEAD.replace("UNNAMED\n", unnamed).replace("SIZE", size), encoding="utf-8")
    return path


def test_discard_leaves_only_the_named_deck(tmp_path: Path) -> None:
    report = run_paths([write(tmp_path, "  unnamed: discard\n", "1")], game="king-of-tokyo-duel")
    assert report.passed == 1, [r.problems for r in report.results]


@pytest.mark.parametrize("unnamed", ["", "  unnamed: deck\n"])
def test_deck_is_the_default_and_keeps_the_rest_under_the_named_cards(
    tmp_path: Path, unnamed: str
) -> None:
    report = run_paths([write(tmp_path, unnamed, "1")], game="king-of-tokyo-duel")
    assert report.passed == 0 and report.results
    assert any("deck size: expected 1" in p for r in report.results for p in r.problems)


def test_another_value_is_refused_at_its_field(tmp_path: Path) -> None:
    with pytest.raises(ScenarioFormatError) as info:
        read_scenario(write(tmp_path, "  unnamed: box\n", "1"))
    assert info.value.code == "SCN002" and "setup.unnamed" in str(info.value)
    assert "deck or discard" in str(info.value)
