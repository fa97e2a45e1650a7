"""The soak (`make soak`): it covers every game, player count and ruleset option, and it
reports crashes and invariant violations with what replays them."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from kot_rules.engine.game import Options
from kot_rules.games import definitions
from kot_rules.verify import soak
from kot_rules.verify.invariants import Violation


def test_every_option_is_varied_or_a_numeric_parameter() -> None:
    """A new ruleset option that is not a bool or an Enum must be added to VARIANTS."""
    assert soak.held_options() == soak.PARAMETERS
    assert set(soak.option_values()) == {f.name for f in fields(Options)}


def test_configurations_cover_every_game_and_player_count() -> None:
    seen = {(c.game_id, c.players) for c in soak.configs()}
    assert seen == {(d.id, n) for d in definitions()
                    for n in range(d.min_players, d.max_players + 1)}
    for name, values in soak.VARIANTS.items():
        assert {getattr(c.options, name) for c in soak.configs()} == set(values), name
    # The Bay forced on is refused below 5 monsters, so it is played with 5 and 6 only.
    assert {c.players for c in soak.configs() if c.options.tokyo_bay} == {5, 6}


def test_a_few_games_checked_at_every_step() -> None:
    n = 6
    tally = soak.play_range((0, n, 1))
    assert (tally.games, tally.crash_count, tally.violation_count) == (n, 0, 0)
    assert tally.sampled == n and tally.checked_states > 50 * n
    assert tally.wins + tally.draws == n


def test_a_crash_is_reported_with_its_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: Any, seed: int, **kwargs: Any) -> Any:
        raise KeyError("boom")

    monkeypatch.setattr(soak, "play", broken)
    tally = soak.play_range((7, 9, 0))
    assert (tally.games, tally.crash_count) == (0, 2)
    crash = tally.crashes[0]
    assert crash["index"] == crash["seed"] == 7 and "KeyError: 'boom'" in crash["error"]
    config = soak.configs()[7]
    assert (crash["game"], crash["players"], crash["options"]) == (
        config.game_id, config.players, config.options.to_json())
    text = soak.report(tally, 1.0, 2, 1, 1)
    assert "crashes: 2" in text and "--replay 7" in text


def test_a_violation_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(soak, "check_state",
                        lambda state, game: [Violation("INV-TEST", "planted")])
    tally = soak.play_range((0, 2, 2))  # game 0 is sampled, game 1 is not
    assert tally.games == 2 and tally.sampled == 1
    assert tally.violations[0]["index"] == 0
    assert "INV-TEST: planted" in tally.violations[0]["found"][0]
    assert "invariant violations: 5" in soak.report(tally, 1.0, 2, 1, 2)


def test_the_parallel_run_adds_up() -> None:
    total, seconds = soak.soak(8, jobs=2, sample=4, chunk=3, progress=False)
    assert (total.games, total.crash_count, total.violation_count) == (8, 0, 0)
    assert total.sampled == 2 and seconds > 0
