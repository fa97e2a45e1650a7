"""OpenSpiel's MCTSBot against the random and the greedy agent, per game (docs/mcts.md).

    python scripts/mcts_experiment.py [--games 100] [--budgets 8,32] [--seed 1] [--jobs 1]
                                      [--minutes M] [--game ID ...] [--json FILE [--resume]]

For each game (two monsters: King of Tokyo, Duel, King of New York), each MCTS budget
(simulations per decision) and each opponent (``random``: a uniform pick among
``legal_actions()``; ``greedy``: the engine's one-step agent, kot_rules.engine.greedy),
``--games`` games through the OpenSpiel adapter: OpenSpiel's
``open_spiel.python.algorithms.mcts.MCTSBot`` (UCT constant 2, MCTS-Solver on; each
simulation evaluated by one uniformly random rollout to the end, :class:`RolloutEvaluator`)
in one seat, the opponent in the other, seats swapped every game; chance drawn from
``chance_outcomes()``. Game ``k`` of a pair is seeded from ``--seed``, the pair and ``k``:
the bot, the opponent and chance each have their own generator, so any ``--jobs`` gives
the same games. Prints a markdown
table: MCTS's wins out of the games with a 95 % Wilson interval, draws, and the seconds of
CPU per decision of each side (wall seconds in the JSON).

MCTS searches the state it is given, the deck's order included (the engine's state
holds it): it knows which cards come next, not the dice.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from itertools import islice
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped]
from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

from kot_rules.adapters import openspiel as kot_openspiel
from kot_rules.adapters.sampling import sample_outcome
from kot_rules.engine.greedy import GreedyAgent

GAMES = ("king-of-tokyo", "king-of-tokyo-duel", "king-of-new-york")
OPPONENTS = ("random", "greedy")
UCT_C = 2.0
Z_95 = 1.959963984540054


@dataclass(frozen=True)
class Game:
    """One game of a pair and how it went."""

    game: str
    budget: int
    opponent: str
    index: int
    mcts_seat: int
    winner: int | None
    mcts_decisions: int
    mcts_cpu: float
    mcts_wall: float
    opponent_decisions: int
    opponent_cpu: float
    opponent_wall: float


def wilson(wins: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


def playout(state: Any, chance: random.Random, decide: Callable[[Any], int]) -> None:
    """Play ``state`` to its end: chance by ``chance`` (one number a node,
    :func:`sample_outcome`), each decision by ``decide(state)``."""
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_outcome(state.chance_outcomes(), chance.random())
        else:
            action = decide(state)
        state.apply_action(action)


def uniform(rng: random.Random) -> Callable[[Any], int]:
    """A uniform pick among ``legal_actions()``, one number of ``rng`` a decision."""

    def decide(state: Any) -> int:
        legal: list[int] = state.legal_actions()
        return legal[int(rng.random() * len(legal))]

    return decide


class RolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """OpenSpiel's ``RandomRolloutEvaluator`` with one rollout, drawing from Python's
    ``random`` instead of numpy's ``RandomState.choice`` (which costs several times a
    step of the game): the same uniform decisions and chance by its probabilities."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def evaluate(self, state: Any) -> Any:
        working = state.clone()
        playout(working, self.rng, uniform(self.rng))
        return np.array(working.returns())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def play(game_id: str, budget: int, opponent: str, index: int, seed: int) -> Game:
    """Game ``index`` of the pair (``game_id``, ``budget``, ``opponent``)."""
    game = pyspiel.load_game(kot_openspiel.short_name(game_id), {"players": 2})
    tag = f"{seed}/{game_id}/{budget}/{opponent}/{index}"
    bot_seed = random.Random(f"mcts/bot/{tag}").randrange(2**31)
    bot = mcts.MCTSBot(
        game, UCT_C, budget, RolloutEvaluator(random.Random(bot_seed)),
        solve=True, random_state=np.random.RandomState(bot_seed + 1),
    )  # fmt: skip
    chance = random.Random(f"mcts/chance/{tag}")
    picks = random.Random(f"mcts/opponent/{tag}")
    greedy = GreedyAgent(picks)
    random_pick = uniform(picks)
    mcts_seat = index % 2
    decisions = [0, 0]
    cpu = [0.0, 0.0]
    wall = [0.0, 0.0]

    def decide(state: Any) -> int:
        side = 0 if state.current_player() == mcts_seat else 1
        c, w = time.process_time(), time.perf_counter()
        action: int
        if side == 0:
            action = bot.step(state)
        elif opponent == "random":
            action = random_pick(state)
        else:
            action = game.shape.codec.encode(greedy.act(state.node.state))
        cpu[side] += time.process_time() - c
        wall[side] += time.perf_counter() - w
        decisions[side] += 1
        return action

    state = game.new_initial_state()
    playout(state, chance, decide)
    outcome = state.node.state.outcome
    return Game(
        game_id, budget, opponent, index, mcts_seat,
        None if outcome is None else outcome.winner,
        decisions[0], cpu[0], wall[0], decisions[1], cpu[1], wall[1],
    )  # fmt: skip


def _play(task: tuple[str, int, str, int, int]) -> Game:
    return play(*task)


def run(tasks: list[tuple[str, int, str, int, int]], jobs: int,
        deadline: float | None) -> list[Game]:
    """Play ``tasks`` in order, ``jobs`` at a time, starting none after ``deadline``."""
    def late() -> bool:
        return deadline is not None and time.perf_counter() > deadline

    if jobs <= 1:
        out = []
        for task in tasks:
            if late():
                break
            out.append(_play(task))
        return out
    todo = iter(tasks)
    done: list[Game] = []
    with ProcessPoolExecutor(jobs) as pool:
        running = {pool.submit(_play, t) for t in islice(todo, jobs)}
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            done += [f.result() for f in finished]
            if not late():
                running |= {pool.submit(_play, t) for t in islice(todo, len(finished))}
    return done


def summary(games: list[Game]) -> list[dict[str, Any]]:
    """One row per pair: wins, draws, the interval and the time per decision."""
    pairs: dict[tuple[str, int, str], list[Game]] = {}
    for g in games:
        pairs.setdefault((g.game, g.budget, g.opponent), []).append(g)
    rows = []
    for (game_id, budget, opponent), gs in pairs.items():
        wins = sum(g.winner == g.mcts_seat for g in gs)
        draws = sum(g.winner is None for g in gs)
        low, high = wilson(wins, len(gs))
        md = sum(g.mcts_decisions for g in gs) or 1
        od = sum(g.opponent_decisions for g in gs) or 1
        rows.append({
            "game": game_id, "budget": budget, "opponent": opponent, "games": len(gs),
            "wins": wins, "draws": draws, "win_rate": wins / len(gs),
            "wilson_95": [low, high],
            "mcts_cpu_per_decision": sum(g.mcts_cpu for g in gs) / md,
            "mcts_wall_per_decision": sum(g.mcts_wall for g in gs) / md,
            "opponent_cpu_per_decision": sum(g.opponent_cpu for g in gs) / od,
            "mcts_decisions_per_game": md / len(gs),
        })  # fmt: skip
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| game | MCTS budget | opponent | games | MCTS wins | win rate (95 % Wilson) "
        "| draws | MCTS s/decision (CPU) | opponent s/decision (CPU) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        low, high = r["wilson_95"]
        lines.append(
            f"| {r['game']} | {r['budget']} | {r['opponent']} | {r['games']} | {r['wins']} "
            f"| {r['win_rate']:.2f} ({low:.2f}-{high:.2f}) | {r['draws']} "
            f"| {r['mcts_cpu_per_decision']:.3f} | {r['opponent_cpu_per_decision']:.5f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="mcts_experiment.py", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100, help="games per pair (default: 100)")
    p.add_argument("--budgets", default="8,32",
                   help="MCTS simulations per decision, comma-separated (default: 8,32)")
    p.add_argument("--seed", type=int, default=1, help="the experiment's seed (default: 1)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")
    p.add_argument("--minutes", type=float, default=None,
                   help="start no game after this many minutes (default: no limit); the "
                        "table counts the games each pair finished")
    p.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    p.add_argument("--json", metavar="FILE", help="write every game and the rows as JSON")
    p.add_argument("--resume", action="store_true",
                   help="keep the games --json FILE holds (same seed) and play only the rest")
    args = p.parse_args(argv)
    budgets = [int(b) for b in args.budgets.split(",")]
    # Game k of every pair before game k + 1 of any: a run stopped by --minutes has
    # about as many games in each pair.
    tasks = [
        (game_id, budget, opponent, k, args.seed)
        for k in range(args.games) for game_id in (args.game or GAMES)
        for budget in budgets for opponent in OPPONENTS
    ]  # fmt: skip
    kept: list[Game] = []
    if args.resume and args.json and os.path.exists(args.json):
        with open(args.json, encoding="utf-8") as f:
            old = json.load(f)
        if old["seed"] != args.seed:
            p.error(f"{args.json} holds games of seed {old['seed']}, not {args.seed}")
        kept = [Game(**g) for g in old["games"]]
        done = {(g.game, g.budget, g.opponent, g.index) for g in kept}
        tasks = [t for t in tasks if t[:4] not in done]
    start = time.perf_counter()
    deadline = None if args.minutes is None else start + 60 * args.minutes
    games = kept + run(tasks, args.jobs, deadline)
    seconds = time.perf_counter() - start
    games = [g for g in games if g.budget in budgets and g.game in (args.game or GAMES)]
    games.sort(key=lambda g: (GAMES.index(g.game), budgets.index(g.budget),
                              OPPONENTS.index(g.opponent), g.index))
    rows = summary(games)
    print(table(rows))
    print(f"\n{len(games)} games ({len(games) - len(kept)} played by this run in {seconds:.0f} "
          f"s wall), --jobs {args.jobs}, seed {args.seed}"
          + ("" if deadline is None else f", no game started after {args.minutes:g} minutes"))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"seconds_this_run": seconds, "seed": args.seed, "jobs": args.jobs,
                       "budgets": budgets, "rows": rows,
                       "games": [asdict(g) for g in games]}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
