"""How fast the engine plays whole games with random agents, on one process.

    python benchmarks/bench_games.py --players 4 --games 2000 --seed 1 [--repeat 3] [--json]

Each repeat plays the same ``--games`` seeded games (seeds S, S+1, ...) with
``driver.play(record=False)`` after a short warm-up; the best and the median
repeat are reported in games/s and decisions/s (agent decisions; dice rolls are
chance, not decisions). This is a script, not a test: numbers depend on the
machine.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from typing import Any

from kot_rules.engine.cards import CardCatalog, CardRow, CardTable
from kot_rules.engine.driver import play
from kot_rules.engine.game import Game
from kot_rules.games import get as get_game
from kot_rules.language.cardset import builtin_card_set
from kot_rules.native import status as engine_status

WARMUP_GAMES = 50


def run_once(game: Game, games: int, seed: int) -> tuple[float, int]:
    """Seconds to play ``games`` games from ``seed``, and the decisions taken."""
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        decisions += play(game, seed + i, record=False).decisions
    return time.perf_counter() - start, decisions


def text_set_aside(full: CardCatalog) -> CardTable:
    """The same cards with their text set aside: bought and held, doing nothing."""
    return CardTable(
        CardRow(c, full.name(c), full.cost(c), full.is_keep(c)) for c in full.physical_ids()
    )


def base_rules_cards() -> CardTable:
    """The 66 built-in cards with their text set aside: bought and held, doing nothing.

    This is the base game of the foundation issue (cards without effects), the
    figure its 500 games/s target is about; the default measures the full cards.
    """
    return text_set_aside(CardTable.from_card_set(builtin_card_set()))


def benchmark(
    players: int,
    games: int,
    seed: int,
    repeat: int,
    tokyo_bay: bool | None,
    base_rules: bool = False,
    game_id: str = "king-of-tokyo",
) -> dict[str, Any]:
    definition = get_game(game_id)
    options = definition.options() if tokyo_bay is None else definition.options(tokyo_bay=tokyo_bay)
    game = definition.new_game(players, options=options)
    if base_rules:
        game = definition.new_game(
            players, options=game.options, cards=text_set_aside(game.cards)
        )
    run_once(game, min(WARMUP_GAMES, games), seed + 1_000_000)  # warm-up: caches, imports
    runs = [run_once(game, games, seed) for _ in range(repeat)]
    decisions = runs[0][1]
    if any(d != decisions for _, d in runs):
        raise SystemExit("the same seeds gave different games: the engine is not deterministic")
    seconds = [s for s, _ in runs]
    best, median = min(seconds), statistics.median(seconds)
    return {
        "game": game_id,
        "engine": engine_status().to_json()["engine"],
        "players": players,
        "games": games,
        "seed": seed,
        "repeat": repeat,
        "tokyo_bay": getattr(game, "tokyo_bay", False),
        "cards": "base rules (no card text)" if base_rules else "full card text",
        "decisions": decisions,
        "seconds": seconds,
        "games_per_second_best": games / best,
        "games_per_second_median": games / median,
        "decisions_per_second_best": decisions / best,
        "decisions_per_second_median": decisions / median,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "platform": platform.platform(),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="bench_games.py",
        description="Games per second and decisions per second of the engine with random agents.",
    )
    p.add_argument("--players", type=int, default=4, help="monsters, 2-6 (default: 4)")
    p.add_argument("--games", type=int, default=2000, help="games per repeat (default: 2000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default: 1)")
    p.add_argument("--repeat", type=int, default=3, help="repeats; best and median (default: 3)")
    p.add_argument("--tokyo-bay", action=argparse.BooleanOptionalAction, default=None,
                   help="Tokyo Bay variant (default: on for 5-6 monsters)")
    p.add_argument("--base-rules", action="store_true",
                   help="cards are bought and held but their text does nothing (the base game)")
    p.add_argument("--game", default="king-of-tokyo", help="registered game id")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if args.games < 1 or args.repeat < 1:
        p.error("--games and --repeat must be at least 1")
    try:
        result = benchmark(
            args.players, args.games, args.seed, args.repeat, args.tokyo_bay, args.base_rules,
            args.game,
        )
    except ValueError as exc:  # the engine's ConfigError, a bad card set
        p.error(str(exc))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{result['python']} on {result['machine']} ({result['platform']}), "
          f"{engine_status().describe()} engine")
    print(f"{args.games} games x {args.repeat}, {args.players} monsters, seeds "
          f"{args.seed}..{args.seed + args.games - 1}, Tokyo Bay "
          f"{'on' if result['tokyo_bay'] else 'off'}, {result['cards']}, "
          f"{result['decisions']:,} decisions per repeat")
    print(f"games/s:     best {result['games_per_second_best']:10,.1f}   "
          f"median {result['games_per_second_median']:10,.1f}")
    print(f"decisions/s: best {result['decisions_per_second_best']:10,.0f}   "
          f"median {result['decisions_per_second_median']:10,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
