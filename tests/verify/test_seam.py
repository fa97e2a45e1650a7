"""One invariant type and one proof loop for every game: each game's folder gives the same
names (its ``invariants`` and its ``model``), and kot_rules/verify/ names no game."""

from __future__ import annotations

from pathlib import Path

import pytest

import kot_rules
from kot_rules.games import get, ids
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.prover import ProofModel, model_of

VERIFY = Path(kot_rules.__file__).resolve().parent / "verify"


@pytest.mark.parametrize("game", ids())
def test_each_game_lists_its_invariants_the_same_way(game: str) -> None:
    module = get(game).part("invariants")
    assert module.INVARIANTS and all(isinstance(i, Invariant) for i in module.INVARIANTS)
    assert module.IDS == tuple(i.id for i in module.INVARIANTS) == get(game).invariants
    assert all(module.BY_ID[i.id] is i for i in module.INVARIANTS)
    for name in ("all_hold", "check_all", "assert_all", "holds"):
        assert callable(getattr(module, name)), name


@pytest.mark.parametrize("game", ids())
def test_each_game_gives_the_proof_loop_its_model(game: str) -> None:
    model = model_of(game)
    assert isinstance(model, ProofModel) and model.game == game
    assert tuple(model.invariants) == get(game).part("invariants").INVARIANTS
    assert model.kernel and model.canaries()


@pytest.mark.parametrize("game", ids())
def test_the_soaks_check_is_each_invariants_own_check(game: str) -> None:
    from kot_rules.engine.driver import play

    invariants = get(game).part("invariants")
    states: list[object] = []
    play(get(game).new_game(2), 3, record=False,
         on_step=lambda s: states.append(s.copy()) if len(states) < 30 else None)
    for s in states:
        together = [(v.invariant, v.message) for v in invariants.check_all(s)]
        one_by_one = [(i.id, m) for i in invariants.INVARIANTS for m in i.check(s)]
        assert together == one_by_one == []


def test_verify_names_no_game() -> None:
    # No game's folder (a module path) and no game id as a string: verify/ asks the registry.
    words = ("king_of_", '"king-of-', "'king-of-")
    named = sorted(f"{p.name}: {w}" for p in VERIFY.rglob("*.py")
                   for w in words if w in p.read_text(encoding="utf-8"))
    assert named == []
