"""kot_rules.adapters.sampling: OpenSpiel's SampleAction rule, computed as ``u`` minus each
probability. The benchmark's and the MCTS experiment's recorded games rest on this exact
arithmetic, so these tests pin it, boundaries and rounding included."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from kot_rules.adapters.sampling import sample_outcome

JUST_BELOW_1 = math.nextafter(1.0, 0.0)


def test_u_zero_takes_the_first_outcome() -> None:
    assert sample_outcome([(4, 0.25), (9, 0.75)], 0.0) == 4


def test_u_zero_skips_an_outcome_of_probability_zero() -> None:
    assert sample_outcome([(4, 0.0), (9, 0.5), (2, 0.5)], 0.0) == 9


def test_a_running_sum_equal_to_u_is_not_yet_passed() -> None:
    outcomes = [(1, 0.5), (2, 0.5)]
    assert sample_outcome(outcomes, 0.5) == 2
    assert sample_outcome(outcomes, math.nextafter(0.5, 0.0)) == 1


def test_u_just_below_1_where_rounding_leaves_it_above_the_sum_takes_the_last() -> None:
    sixths = [(i, 1 / 6) for i in range(6)]
    left = JUST_BELOW_1
    for _, p in sixths:
        left -= p
    assert left >= 0  # the case under test: the loop passes no outcome
    assert sample_outcome(sixths, JUST_BELOW_1) == 5


def test_u_just_below_1_where_the_last_outcome_is_passed() -> None:
    thirds = [(7, 1 / 3), (8, 1 / 3), (9, 1 / 3)]
    assert sample_outcome(thirds, JUST_BELOW_1) == 9
    assert sample_outcome(thirds, math.nextafter(2 / 3, 0.0)) == 8


def test_probabilities_that_sum_below_u_give_the_last_outcome() -> None:
    assert sample_outcome([(3, 0.5), (7, 0.25)], 0.9) == 7


@pytest.mark.parametrize("u", [0.0, 0.5, JUST_BELOW_1])
def test_a_single_outcome_is_always_drawn(u: float) -> None:
    assert sample_outcome([(42, 1.0)], u) == 42
    assert sample_outcome([(42, JUST_BELOW_1)], u) == 42  # its probability rounded down


def test_the_sum_is_kept_by_subtraction() -> None:
    """With 21 outcomes of 1/21, u at the float sum of the first 11: an added-up running
    sum passes u there (outcome 11, OpenSpiel's pick); u minus the probabilities does only
    at outcome 10. A rewrite that adds would change the recorded games."""
    outcomes = [(i, 1 / 21) for i in range(21)]
    u = 0.5238095238095237
    added = list(itertools.accumulate(p for _, p in outcomes))
    assert next(i for i, total in enumerate(added) if u < total) == 11
    assert sample_outcome(outcomes, u) == 10


def test_agrees_with_openspiel_away_from_the_float_boundaries() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    rng = random.Random("sample-outcome")
    for _ in range(2000):
        weights = [rng.randint(0, 9) for _ in range(rng.randint(1, 12))]
        if not any(weights):
            continue
        total = sum(weights)
        outcomes = [(10 * i + 3, w / total) for i, w in enumerate(weights)]
        u = rng.random()
        bounds = [sum(w for w in weights[:k]) / total for k in range(len(weights) + 1)]
        if any(abs(u - b) < 1e-9 for b in bounds):
            continue
        assert sample_outcome(outcomes, u) == pyspiel.sample_action(outcomes, u)[0]


def test_no_outcomes_is_an_error() -> None:
    with pytest.raises(ValueError, match="no chance outcomes"):
        sample_outcome([], 0.5)
