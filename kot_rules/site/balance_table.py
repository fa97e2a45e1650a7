"""The balance table of the built-in deck on the site page ``docs/balance.md``.

Playing enough games for every card takes minutes, too long for each site build: the games
are played once, by ``scripts/make_balance_table.py``, into the committed file
``docs/data/balance.json``, and the build only renders that file. The file keeps the counts
of every chunk of :data:`CHUNK` seeds, so that a test can replay one chunk and check that
the file still matches the engine and the cards.
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path
from typing import Any

from kot_rules import balance
from kot_rules.games import DEFAULT_GAME
from kot_rules.simulation import TIMING_KEYS, GameSetup, workers

PAGE = "balance.md"
DATA = Path("data") / "balance.json"
"""The committed data file, relative to the docs folder."""
MARKER = "<!-- balance-table -->"
"""Where the page wants the table."""
FIGURE = Path("data") / "balance-plot.svg"
"""The figure of the data file, generated at each build (relative to the docs folder)."""

PLAYERS = 4
AGENT = "greedy"
"""The agents of every seat: greedy buys by value, so the figures reflect play more than
random buys would (kot_rules/engine/greedy.py)."""
SEED = 1
GAMES = 4000
CHUNK = 100
"""Seeds per stored chunk: a test replays one chunk of this many games."""


def setup() -> GameSetup:
    return GameSetup(DEFAULT_GAME, PLAYERS)


def chunks() -> list[range]:
    return [range(start, min(start + CHUNK, SEED + GAMES))
            for start in range(SEED, SEED + GAMES, CHUNK)]


def deck_names() -> list[str]:
    """Every card title of the built-in deck, in card id order."""
    cards = setup().build().cards
    return list(dict.fromkeys(cards.name(card_id) for card_id in cards.physical_ids()))


def play_chunk(seeds: range) -> balance.BalanceTally:
    return balance.play_balance_setup(setup(), seeds, deck_names(), AGENT)


def make(jobs: int = 1) -> dict[str, Any]:
    """Play every chunk (in ``jobs`` processes, ``0``: one per core) and return the data."""
    names = deck_names()
    start = time.perf_counter()
    parts = chunks()
    if jobs == 1:
        tallies = [balance.play_balance_setup(setup(), part, names, AGENT) for part in parts]
    else:
        with ProcessPoolExecutor(max_workers=workers(jobs)) as pool:
            tallies = list(pool.map(balance.play_balance_setup, repeat(setup()), parts,
                                    repeat(names), repeat(AGENT)))
    return {
        "about": "written by scripts/make_balance_table.py; rendered on the site's "
                 "balance page; tests/site/test_balance_table.py replays a chunk",
        "summary": totals(tallies, time.perf_counter() - start),
        "chunk": CHUNK,
        "chunks": [tally.to_json() for tally in tallies],
    }


def dumps(data: dict[str, Any]) -> str:
    """The data file's text: the summary indented, then one line per chunk (a smaller diff
    and file than indenting the counts)."""
    import json

    head = {key: value for key, value in data.items() if key != "chunks"}
    text = json.dumps(head, indent=1, ensure_ascii=False)
    rows = ",\n".join("  " + json.dumps(chunk, ensure_ascii=False, separators=(",", ":"))
                       for chunk in data["chunks"])
    return text[:-2] + ',\n "chunks": [\n' + rows + "\n ]\n}\n"


def totals(tallies: list[balance.BalanceTally], seconds: float = 1.0) -> dict[str, Any]:
    """The balance summary of all chunks together, without its timing keys."""
    total = tallies[0]
    for tally in tallies[1:]:
        total = total + tally
    summary = balance.summary(setup().build(), total, SEED, seconds, AGENT)
    return {key: value for key, value in summary.items() if key not in TIMING_KEYS}


def _percent(rate: float | None) -> str:
    return "–" if rate is None else f"{100 * rate:.1f}%"


def _rate(rate: float | None, ci: list[float] | None, n: int) -> str:
    if rate is None or ci is None:
        return "–"
    return f"{100 * rate:.1f}% ({100 * ci[0]:.1f}–{100 * ci[1]:.1f}%, n={n})"


def render(data: dict[str, Any]) -> str:
    """The Markdown table of the data file, one row per card, by card name."""
    summary = data["summary"]
    lines = [
        f"{summary['games']} games of {summary['players']} monsters, seeds {summary['seed']}.."
        f"{summary['seed'] + summary['games'] - 1}, agent `{summary['agent']}`; baseline "
        f"win rate {_percent(summary['baseline_win_rate'])}. Intervals: 95 % Wilson score; "
        f"n is the number of monster-games.",
        "",
        "| Card | Cost | Bought in | Buys per game | Mean buy turn | Buyers win | "
        "Non-buyers win |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    for card in sorted(summary["cards"], key=lambda card: card["name"]):
        turn = card["mean_buy_turn"]
        lines.append(
            f"| {card['name']} | {card['cost']} | {_percent(card['bought_rate'])} | "
            f"{card['buys_per_game']:.3f} | {'–' if turn is None else f'{turn:.1f}'} | "
            f"{_rate(card['buyer_win_rate'], card['buyer_win_ci'], card['buyers'])} | "
            f"{_rate(card['non_buyer_win_rate'], card['non_buyer_win_ci'], card['non_buyers'])} |"
        )
    return "\n".join(lines)


def fill(markdown: str, docs: Path) -> str:
    """``markdown`` with :data:`MARKER` replaced by the table of ``docs``/:data:`DATA`."""
    import json

    if MARKER not in markdown:
        return markdown
    data = json.loads((docs / DATA).read_text(encoding="utf-8"))
    return markdown.replace(MARKER, render(data))


def figure(docs: Path) -> bytes:
    """The SVG figure of ``docs``/:data:`DATA`: every card's buyer win rate with its
    interval, cards by name down the side, as ``kot-rules balance --plot`` draws it."""
    import json

    from kot_rules.surfaces.balance_plot import render as render_figure

    summary = dict(json.loads((docs / DATA).read_text(encoding="utf-8"))["summary"])
    summary["cards"] = sorted(summary["cards"], key=lambda card: card["name"])
    return render_figure(summary, "svg", horizontal=True)
