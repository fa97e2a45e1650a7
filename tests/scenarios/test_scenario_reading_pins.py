"""Each reading of a ruling with a ruleset option has a scenario that fails under the other
reading: the default's scenario fails with the option on, and the option's without it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from kot_rules.engine.cards import CardTable
from kot_rules.language.cardset import builtin_card_set
from kot_rules.scenarios.loader import read_scenario
from kot_rules.scenarios.runner import run_scenario

CARDS = Path(__file__).resolve().parents[2] / "spec" / "scenarios" / "king-of-tokyo" / "cards"

# (scenario, ruleset option): the seed's reading (option off) and the option's reading.
PINS = [
    ("it-has-a-child.yaml", "revived_leaves_tokyo"),
    ("it-has-a-child-leaves-tokyo-option.yaml", "revived_leaves_tokyo"),
    ("poison-quills.yaml", "bonus_claws"),
    ("poison-quills-bonus-claws-option.yaml", "bonus_claws"),
    ("psychic-probe.yaml", "probe_after_last_roll"),
    ("psychic-probe-after-last-roll-option.yaml", "probe_after_last_roll"),
    ("metamorph.yaml", "refund_printed_cost"),
    ("metamorph-printed-cost-option.yaml", "refund_printed_cost"),
    ("fire-breathing-neighbours-not-attacked.yaml", "neighbours_attacked_only"),
    ("fire-breathing-czech-reading.yaml", "neighbours_attacked_only"),
]


@pytest.mark.parametrize(("name", "option"), PINS)
def test_scenario_pins_its_reading(name: str, option: str) -> None:
    cards = CardTable.from_card_set(builtin_card_set())
    sc = read_scenario(CARDS / name)
    assert run_scenario(sc, cards).ok, name
    flipped = replace(sc.options, **{option: not getattr(sc.options, option)})
    assert not run_scenario(replace(sc, options=flipped), cards).ok, (
        f"{name} passes with {option} flipped: it pins nothing"
    )
