"""The vectorised self-play environment: its speed, and its games against single games.

    python benchmarks/bench_vector.py [--games 10000] [--num-games 64] [--game ID]
                                      [--players 4] [--seed 1] [--json]

Plays ``--games`` games with ``kot_rules.adapters.vector.VectorEnv`` of ``--num-games``
slots (``reset(seed=S)``, then ``step_arrays``), each slot picking uniformly among the
ids its mask allows with its own generator; then plays, slot by slot, the same number of
games each slot finished through the single AEC environment
(``kot_rules.adapters.pettingzoo.KotEnv``, ``reset(seed=g)`` with the slot's game seeds,
the slot's generator picking from ``observe(agent)["action_mask"]``). Prints both speeds
and whether every game (seed, every action, every seat's return, the turns) is the same.
A benchmark and a check, not a test (the test suite checks the same at a small size).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any

import numpy as np

from kot_rules.adapters.pettingzoo import KotEnv
from kot_rules.adapters.vector import VectorEnv, game_seeds
from kot_rules.games import DEFAULT_GAME
from kot_rules.native import status as engine_status

Record = tuple[int, int, int, tuple[int, ...], tuple[float, ...], int]
"""(slot, game seed, decisions, actions, returns, turns) of one finished game."""


def policy(slot: int) -> random.Random:
    return random.Random(f"bench-vector/policy/{slot}")


def vector_games(game: str, players: int, slots: int, games: int, seed: int) -> list[Record]:
    env = VectorEnv(game, players, num_games=slots)
    env.reset(seed=seed)
    picks = [policy(i) for i in range(slots)]
    # The 0/1 masks read as booleans: np.flatnonzero is several times faster on them.
    masks = env.action_masks.view(np.bool_)
    played: list[list[int]] = [[] for _ in range(slots)]
    out: list[Record] = []
    while len(out) < games:
        actions = []
        for i in range(slots):
            legal = np.flatnonzero(masks[i])
            action = int(legal[int(picks[i].random() * len(legal))])
            played[i].append(action)
            actions.append(action)
        seeds = list(env.seeds)
        turns = [t.node.now.turn if t.node.now is not None else 0 for t in env.tables]
        returns, ended = env.step_arrays(actions)
        for i in np.flatnonzero(ended).tolist():
            # The turn counter of the last state before the end (the final state is gone:
            # the slot has started its next game); the single run reads the same.
            out.append((i, seeds[i], len(played[i]), tuple(played[i]),
                        tuple(returns[i].tolist()), turns[i]))
            played[i] = []
    return out


def single_games(game: str, players: int, counts: list[int], seed: int) -> list[Record]:
    env = KotEnv(game, players)
    out: list[Record] = []
    for slot, count in enumerate(counts):
        picks = policy(slot)
        seeds = game_seeds(seed, slot)
        for _ in range(count):
            game_seed = next(seeds)
            env.reset(seed=game_seed)
            actions: list[int] = []
            turn = 0
            while not env.node.is_terminal():
                agent = env.agent_selection
                legal = np.flatnonzero(env.observe(agent)["action_mask"].view(np.bool_))
                action = int(legal[int(picks.random() * len(legal))])
                actions.append(action)
                turn = env.node.now.turn if env.node.now is not None else 0
                env.step(action)
            out.append((slot, game_seed, len(actions), tuple(actions),
                        tuple(env.node.returns()), turn))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench_vector.py", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10_000, help="games (default: 10000)")
    p.add_argument("--num-games", type=int, default=64, help="slots (default: 64)")
    p.add_argument("--game", default=DEFAULT_GAME, help="registered game id")
    p.add_argument("--players", type=int, default=4, help="monsters (default: 4)")
    p.add_argument("--seed", type=int, default=1, help="reset seed (default: 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    load = os.getloadavg()
    w, c = time.perf_counter(), time.process_time()
    vector = vector_games(args.game, args.players, args.num_games, args.games, args.seed)
    vector_wall, vector_cpu = time.perf_counter() - w, time.process_time() - c
    counts = [sum(r[0] == i for r in vector) for i in range(args.num_games)]
    w, c = time.perf_counter(), time.process_time()
    single = single_games(args.game, args.players, counts, args.seed)
    single_wall, single_cpu = time.perf_counter() - w, time.process_time() - c
    same = sum(a == b for a, b in zip(sorted(vector), sorted(single), strict=True))
    report: dict[str, Any] = {
        "engine": engine_status().to_json()["engine"],
        "game": args.game, "players": args.players, "slots": args.num_games,
        "seed": args.seed, "games": len(vector),
        "decisions": sum(r[2] for r in vector),
        "identical_games": same, "all_identical": same == len(vector) == len(single),
        "vector_games_per_second_wall": len(vector) / vector_wall,
        "vector_games_per_second_cpu": len(vector) / vector_cpu,
        "single_games_per_second_wall": len(single) / single_wall,
        "single_games_per_second_cpu": len(single) / single_cpu,
        "load_average_before": load, "load_average_after": os.getloadavg(),
    }  # fmt: skip
    if args.json:
        json.dump(report, sys.stdout, indent=1)
        print()
    else:
        print(f"{report['games']} games of {args.game} ({args.players} monsters), "
              f"{args.num_games} slots, seed {args.seed}, engine {report['engine']}: "
              f"{same} identical to the single environment's "
              f"({'all' if report['all_identical'] else 'NOT all'})")
        print(f"VectorEnv {report['vector_games_per_second_wall']:.1f} games/s wall "
              f"({report['vector_games_per_second_cpu']:.1f} CPU), {vector_wall:.0f} s; "
              f"KotEnv one game at a time {report['single_games_per_second_wall']:.1f} wall "
              f"({report['single_games_per_second_cpu']:.1f} CPU), {single_wall:.0f} s")
    return 0 if report["all_identical"] else 1


if __name__ == "__main__":
    sys.exit(main())
