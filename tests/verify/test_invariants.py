"""The concrete invariant checks: each catches a state that breaks it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kot_rules.engine import Game, State
from kot_rules.engine.state import Outcome, Phase
from kot_rules.games.king_of_tokyo.invariants import (
    BY_ID,
    INVARIANTS,
    InvariantViolation,
    assert_all,
    check_all,
)


def fresh() -> State:
    game = Game(5)
    return game.new_initial_state(game.shuffled_deck(1))


def _hearts(s: State) -> None:
    s.monsters = (s.monsters[0]._replace(hearts=11), *s.monsters[1:])


def _energy(s: State) -> None:
    s.monsters = (s.monsters[0]._replace(energy=-1), *s.monsters[1:])


def _tokyo(s: State) -> None:
    s.city = s.bay = 1


def _dead(s: State) -> None:
    s.monsters = (s.monsters[0], s.monsters[1]._replace(hearts=0), *s.monsters[2:])


def _cards(s: State) -> None:
    s.shop = s.shop[1:]


def _victory(s: State) -> None:
    s.outcome, s.phase = Outcome(None, "draw"), Phase.OVER


def _yield(s: State) -> None:
    s.yield_queue, s.phase = (1,), Phase.YIELD


BREAKS: dict[str, Callable[[State], None]] = {
    "INV-HEARTS": _hearts, "INV-RESOURCES": _energy, "INV-TOKYO": _tokyo,
    "INV-ELIMINATED": _dead, "INV-CARDS": _cards, "INV-VICTORY": _victory,
    "INV-YIELD": _yield,
}


class TestConcreteChecks:
    def test_a_new_game_satisfies_them_all(self) -> None:
        assert check_all(fresh()) == []

    @pytest.mark.parametrize("invariant", list(BREAKS))
    def test_each_check_catches_its_breach(self, invariant: str) -> None:
        s = fresh()
        BREAKS[invariant](s)
        assert invariant in {v.invariant for v in check_all(s)}
        with pytest.raises(InvariantViolation, match=invariant):
            assert_all(s)

    def test_ids_are_unique_and_documented(self) -> None:
        ids = [inv.id for inv in INVARIANTS]
        assert len(set(ids)) == len(ids)
        assert all(i.startswith("INV-") and inv.statement.endswith(".") and inv.rules
                   for i, inv in zip(ids, INVARIANTS, strict=True))


class TestOneObjectEach:
    def test_each_carries_its_check_its_property_its_code_and_its_games(self) -> None:
        for inv in INVARIANTS:
            assert callable(inv.check) and callable(inv.symbolic), inv.id
            assert inv.code.startswith("KOT3"), inv.id
        assert len({inv.code for inv in INVARIANTS}) == len(INVARIANTS)

    def test_a_game_reads_its_own_invariants(self) -> None:
        from kot_rules.games import get

        assert get("king-of-tokyo").part("invariants").INVARIANTS is INVARIANTS
        assert get("king-of-tokyo").invariants == tuple(BY_ID)
        assert BY_ID["INV-YIELD"] is INVARIANTS[-1]

    def test_every_reader_reads_the_one_list(self) -> None:
        from kot_rules.site.proofs import invariants_page
        from kot_rules.verify.cardcheck import codes

        assert {inv.id: inv.code for inv in INVARIANTS} == codes()
        page = invariants_page({"counts": {}, "results": [], "canaries": [], "ok": True,
                                "seconds": 0.0})
        assert [line.split("`")[1] for line in page.splitlines()
                if line.startswith("| `INV-")] == [inv.id for inv in INVARIANTS]


class TestTokensOfACopy:
    """D-TOKEN-SUPPLY: a copy gets the copied card's tokens whatever the box holds; every
    other token comes from what the box has left. Found by the soak (game 93300: a copy
    took 2 tokens when the box had 1 left, and the check counted them against the box)."""

    @staticmethod
    def _over_the_box(copying: bool) -> State:
        s = fresh()
        kind, box = next(iter(sorted(s.game.cards.token_supply.items())))
        copier, copied = s.deck[0], s.deck[1]
        s.held = tuple(sorted(((copier, kind, box - 1), (copied, kind, box - 1))))
        s.copying = ((copier, copied),) if copying else ()
        return s

    def test_a_copys_tokens_are_not_counted_against_the_box(self) -> None:
        from kot_rules.engine.statecheck import _tokens
        from kot_rules.games.king_of_tokyo.concrete import check_tokens

        s = self._over_the_box(copying=True)
        assert check_tokens(s) == []
        assert _tokens(s) == ""  # a saved state of such a game loads

    def test_the_same_tokens_on_two_cards_of_their_own_are(self) -> None:
        from kot_rules.engine.statecheck import _tokens
        from kot_rules.games.king_of_tokyo.concrete import check_tokens

        s = self._over_the_box(copying=False)
        assert check_tokens(s) and "the box has" in check_tokens(s)[0]
        assert "the box has" in _tokens(s)

    def test_the_soak_game_that_found_it_replays_clean(self) -> None:
        from kot_rules.verify.soak import replay

        assert replay(93300) == 0


def _negative_hearts(s: State) -> None:
    s.monsters = (s.monsters[0]._replace(hearts=-1), *s.monsters[1:])


SYMBOLIC_BREAKS: dict[str, Callable[[State], None]] = {
    **BREAKS, "INV-HEARTS": _negative_hearts,
}
"""A breach per invariant that the symbolic state can show (the concrete check's own
breaches, with hearts below 0 for INV-HEARTS: the other bound)."""


def holds(invariant: str, s: State) -> bool:
    """Whether the invariant's Z3 property holds of ``s`` (as the kernel sees it)."""
    import z3
    from kernel_model import image

    from kot_rules.games.king_of_tokyo.state import fresh, leaves
    from kot_rules.verify.symbolic import Ctx

    sym = fresh(Ctx())
    values = image(s, s.active, frozenset())
    solver = z3.Solver()
    solver.add(*[term == (z3.BoolVal(values[name]) if isinstance(values[name], bool)
                          else z3.IntVal(values[name])) for name, term in leaves(sym)])
    assert solver.check() == z3.sat
    prop = BY_ID[invariant].symbolic(sym, sym, True)
    return bool(z3.is_true(solver.model().eval(prop, model_completion=True)))


class TestSymbolicProperties:
    """What Z3 proves is the invariant, not a weaker one: each property rejects a breach."""

    @pytest.mark.parametrize("invariant", [inv.id for inv in INVARIANTS])
    def test_a_new_game_satisfies_each(self, invariant: str) -> None:
        assert holds(invariant, fresh())

    @pytest.mark.parametrize("invariant", list(SYMBOLIC_BREAKS))
    def test_each_property_rejects_its_breach(self, invariant: str) -> None:
        s = fresh()
        SYMBOLIC_BREAKS[invariant](s)
        assert not holds(invariant, s)
