"""A deliberately broken Duel step makes the matching proof fail, with a counterexample a
reader can follow; the one broken step no proof catches is said so."""

from __future__ import annotations

import json

import pytest

from kot_rules.games.king_of_tokyo_duel import kernel as k
from kot_rules.verify.prover import COUNTEREXAMPLE, PROVED, prove

BY_NAME = {t.name: t for t in k.TRANSITIONS}

CAUGHT = [
    ("heal-cap", "heal", "INV-DUEL-HEARTS", "hearts"),
    ("heal-cap", "pull: next step", "INV-DUEL-HEARTS", "hearts"),
    ("hearts-floor", "damage: one monster", "INV-DUEL-HEARTS", "hearts"),
    ("token-cap", "gain dice tokens", "INV-DUEL-TOKENS", "tokens"),
    ("white-cap", "roll: the dice of a roll phase", "INV-DUEL-DICE", "white"),
    ("first-turn-six", "roll: the dice of a roll phase", "INV-DUEL-DICE", "red"),
    ("win-check-mid-pull", "pull: next step", "INV-DUEL-VICTORY", "seen: False -> True"),
    ("pull-at-once", "pull: next step", "INV-DUEL-MARKERS", "marker"),
    ("spotlight-puller-only", "pull: next step", "INV-DUEL-VICTORY", "marker"),
    ("double-ko-active-wins", "damage: both monsters at once", "INV-DUEL-VICTORY", "winner"),
    ("tile-under-marker", "place a Buzz tile", "INV-DUEL-MARKERS", "a tile laid"),
    ("pay-beyond-energy", "pay for a card or a refresh", "INV-DUEL-ENERGY", "energy"),
]


class TestABrokenStepFailsItsProof:
    @pytest.mark.parametrize(("weakening", "step", "invariant", "shown"), CAUGHT)
    def test_counterexample(self, weakening: str, step: str, invariant: str,
                            shown: str) -> None:
        with k.weakened(weakening):
            (result,) = prove(BY_NAME[step], invariants=[invariant], game="king-of-tokyo-duel")
        assert result.status == COUNTEREXAMPLE
        assert result.detail.startswith(f"{invariant} broken: ")
        assert shown in result.detail
        assert "[tracks: fame: marker " in result.detail
        json.dumps(result.to_json())  # a plain-data counterexample

    @pytest.mark.parametrize(("weakening", "step", "invariant", "shown"), CAUGHT)
    def test_proved_without_the_weakening(self, weakening: str, step: str, invariant: str,
                                          shown: str) -> None:
        (result,) = prove(BY_NAME[step], invariants=[invariant], game="king-of-tokyo-duel")
        assert result.status == PROVED

    def test_every_weakening_is_tested(self) -> None:
        # The last two break no invariant (see below and test_duel_reference.py).
        assert {w for w, *_ in CAUGHT} | {"pull-no-clamp", "discount-floor"} == set(
            k.WEAKENINGS)


class TestCounterexamplesAreReadable:
    def test_a_pull_that_skips_the_check_mid_pull(self) -> None:
        with k.weakened("win-check-mid-pull"):
            (result,) = prove(BY_NAME["pull: next step"], invariants=["INV-DUEL-VICTORY"],
                              game="king-of-tokyo-duel")
        model = result.counterexample
        assert model is not None
        # Markers in the rules' coordinates; the tracks drawn before and after.
        assert set(model["board"]["pre"]) == {"fame", "destruction"}
        assert "pull_left" in result.detail
        assert {c["kind"] for c in model["choices"]} <= {"puller", "track", "steps"}


class TestTheClampIsNeverReached:
    def test_a_step_without_the_clamp_still_keeps_the_markers_on_the_track(self) -> None:
        # A step never starts on a Victory space (the game is over there), and a jump is
        # at most to the end of its tile: the clamp at +-7 is a guard the proofs show idle.
        with k.weakened("pull-no-clamp"):
            results = prove(BY_NAME["pull: next step"], game="king-of-tokyo-duel")
        assert {r.status for r in results} == {PROVED}


class TestANegativeCostBreaksNoInvariant:
    def test_only_the_reference_catches_it(self) -> None:
        with k.weakened("discount-floor"):
            results = prove(BY_NAME["pay for a card or a refresh"], game="king-of-tokyo-duel")
        assert {r.status for r in results} == {PROVED}
