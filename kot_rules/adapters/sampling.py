"""One chance outcome of an OpenSpiel state drawn with one uniform number, by OpenSpiel's
``SampleAction`` rule.

Plain Python, no library. The random callers of the OpenSpiel adapter (the benchmark
``benchmarks/bench_adapters.py`` and its floor, the games and rollouts of
``scripts/mcts_experiment.py``) all draw chance with :func:`sample_outcome`.
"""

from __future__ import annotations

from collections.abc import Sequence


def sample_outcome(outcomes: Sequence[tuple[int, float]], u: float) -> int:
    """The id of the outcome of ``outcomes`` (``state.chance_outcomes()``: (id, probability)
    pairs, in order) that the uniform number ``u`` in [0, 1) selects, by OpenSpiel's
    ``SampleAction`` rule: the first outcome at which the running sum of the probabilities
    passes ``u``. The sum is kept as ``u`` minus each probability in turn (below 0: passed),
    so where ``u`` is a running sum up to rounding the pick may be OpenSpiel's neighbour;
    where rounding leaves ``u`` at or above the whole sum it is the last outcome (OpenSpiel
    stops with an error). The callers' recorded games rest on this arithmetic: keep it.
    Raises :class:`ValueError` on no outcomes."""
    if not outcomes:
        raise ValueError("no chance outcomes to sample from: the state is no chance node")
    for action, p in outcomes:
        u -= p
        if u < 0:
            return action
    return outcomes[-1][0]
