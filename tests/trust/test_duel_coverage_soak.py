"""The soak checks each game's own invariants: a Duel game's states
against INV-DUEL-*, not King of Tokyo's; ``--game`` plays one game's configurations."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kot_rules.engine.driver import play
from kot_rules.engine.state import State
from kot_rules.games import get, ids
from kot_rules.games.king_of_tokyo_duel.invariants import DUEL
from kot_rules.games.king_of_tokyo_duel.invariants import IDS as DUEL_IDS
from kot_rules.verify import soak
from kot_rules.verify.invariant import Violation


def test_every_game_has_invariants_the_soak_checks() -> None:
    for game in ids():
        assert get(game).part("invariants").INVARIANTS
        assert soak.state_check(game) is get(game).part("invariants").check_all


def test_a_duel_state_is_checked_against_duels_invariants() -> None:
    states: list[State] = []
    play(get(DUEL).new_game(2), 1, record=False,
         on_step=lambda s: states.append(s.copy()) if len(states) < 5 else None)
    s = states[-1].copy()
    assert soak.check_state(s, DUEL) == []
    s.board = replace(s.board, dice_tokens=(3, 0))  # more than the cap of 2
    found = soak.check_state(s, DUEL)
    assert [v.invariant for v in found] == ["INV-DUEL-TOKENS"]
    assert {v.invariant for v in found} <= set(DUEL_IDS)


def test_duel_only_soak_plays_and_checks_duel_games() -> None:
    configs = soak.configs_of(DUEL)
    assert configs and {c.game_id for c in configs} == {DUEL}
    tally = soak.play_range((0, 3, 1, DUEL))
    assert (tally.games, tally.crash_count, tally.violation_count) == (3, 0, 0)
    assert tally.sampled == 3 and tally.checked_states > 3 * 50


def test_a_duel_violation_comes_from_the_duel_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(soak.STATE_CHECKS, DUEL,
                        lambda state: [Violation("INV-DUEL-PLANTED", "planted")])
    tally = soak.play_range((0, 1, 1, DUEL))
    assert tally.violations and "INV-DUEL-PLANTED" in tally.violations[0]["found"][0]
    text = soak.report(tally, 1.0, 1, 1, 1, DUEL)
    assert f"--replay 0 --game {DUEL}" in text


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(Exception, match="king-of-tokyo-duel"):
        soak.configs_of("king-of-osaka")


def test_duel_fuzz_targets_read_duel_inputs() -> None:
    """The fuzz has Duel targets, started from Duel's scenario files and Duel game states."""
    from fuzz_targets import TARGETS, duel_scenario_files, duel_state_seeds

    assert sum(t.name.startswith("duel ") for t in TARGETS) == 4
    files = duel_scenario_files()
    assert files and all(b"game: king-of-tokyo-duel" in raw for _, raw in files)
    seeds = duel_state_seeds()
    assert seeds and all(g.rules.board_from_json is not None for g, _ in seeds)
    assert all("fame" in str(d) for _, d in seeds)
