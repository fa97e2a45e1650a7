"""The seeded games whose records are stored under tests/records/data/.

Each case is played with the built-in full deck and the random agents of the driver;
`scripts/make_records.py` writes them, `test_records.py` replays them byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kot_rules import games
from kot_rules.engine.driver import play
from kot_rules.engine.game import Game, Options


@dataclass(frozen=True)
class Case:
    name: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    game_id: str = "king-of-tokyo"

    def game(self) -> Game:
        if self.game_id == "king-of-tokyo":
            return Game(self.players, options=Options.from_json(self.options))
        definition = games.get(self.game_id)
        return definition.new_game(self.players, options=definition.options.from_json(self.options))


CASES: tuple[Case, ...] = (
    *(Case(f"p{n}-seed{s}", n, s) for n in range(2, 7) for s in (1, 2)),
    Case("p5-no-bay-seed1", 5, 1, {"tokyo_bay": False}),
    Case("p4-roll-first-seed3", 4, 3, {"first_player": "roll"}),
    Case(
        "p4-later-rulings-seed4",
        4,
        4,
        {"bonus_claws": True, "heart_cap": 12, "neighbours_attacked_only": True,
         "revived_leaves_tokyo": True, "probe_after_last_roll": True,
         "refund_printed_cost": True},
    ),
    # King of Tokyo: Duel with its built-in cards. Adding Duel cards
    # changes its deck and so these games: regenerate them when a card is added.
    *(Case(f"duel-seed{s}", 2, s, game_id="king-of-tokyo-duel") for s in (1, 2, 3)),
)


@dataclass(frozen=True)
class SummaryCase:
    name: str
    players: int
    seed: int
    games: int
    game_id: str = "king-of-tokyo"


SUMMARY_CASES: tuple[SummaryCase, ...] = (
    SummaryCase("p4-seed1-300-games", 4, 1, 300),
    SummaryCase("p6-seed1-100-games", 6, 1, 100),
    SummaryCase("duel-seed1-200-games", 2, 1, 200, game_id="king-of-tokyo-duel"),
)


def play_case(case: Case) -> str:
    """The game record as `kot-rules play --json` prints it."""
    return play(case.game(), case.seed).dumps()


def summary_case(case: SummaryCase) -> dict[str, Any]:
    """Who won each game, and in how many turns (what `simulate` counts)."""
    game = Game(case.players) if case.game_id == "king-of-tokyo" else games.get(
        case.game_id).new_game(case.players)
    results = []
    for i in range(case.games):
        final = play(game, case.seed + i, record=False).final
        assert final is not None and final.outcome is not None
        results.append([final.outcome.winner, final.outcome.reason, final.turn])
    return {"players": case.players, "seed": case.seed, "games": results}


def verify_results() -> dict[str, Any]:
    """What `kot-rules verify` proves for the built-in cards: every (kind, transition,
    invariant, status), the invariants, and the canaries with whether each is reachable."""
    from kot_rules.language.cardset import builtin_card_set
    from kot_rules.verify.prover import verify

    report = verify(builtin_card_set().cards).to_json()
    rows = sorted({(r["kind"], r["transition"], r["invariant"], r["status"])
                   for r in report["results"]})
    return {
        "invariants": [i["id"] for i in report["invariants"]],
        "canaries": sorted([c["name"], c["reachable"]] for c in report["canaries"]),
        "results": [list(r) for r in rows],
    }
