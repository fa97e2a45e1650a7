"""Per-card figures over many seeded games: the loop behind ``kot-rules balance``.

For each card asked about: how often it is bought, how often the monsters that bought it
win against the monsters that did not (each with a 95 % Wilson score interval), and when
it is bought. Surface-independent, like :mod:`kot_rules.simulation`: it prints nothing.

Buys are read from the game's own events (each ``bought`` event, on the turn of the last
``turn-started``): the games are played with a record, which costs little beside the
agents' and the rules' work (see docs/balance.md), and the record changes nothing in
the game. Watching only the agents' :class:`~kot_rules.engine.actions.Buy` decisions
would miss a card bought in answer to a card's question.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kot_rules.engine.events import K_BOUGHT, K_TURN_STARTED
from kot_rules.simulation import (
    GameSetup,
    SimulationError,
    Tally,
    run_split,
)
from kot_rules.simulation import summary as simulation_summary

if TYPE_CHECKING:
    from kot_rules.backends import Backend
    from kot_rules.engine.game import Game

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95 % interval."""

CONFIDENCE = 0.95
INTERVAL = "wilson"
"""The interval of every rate: the Wilson score interval (:func:`wilson_interval`)."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials`` (95 % by default).

    Unlike the normal approximation p ± z·√(p(1-p)/n), it stays inside [0, 1] and is not
    empty at 0 or ``trials`` successes. Raises ``ValueError`` for no trials.
    """
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials and trials > 0, got {successes}/{trials}")
    n = trials
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # Rounding can leave 1e-17 outside the exact bounds at 0 and n successes.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


class UnknownCardError(ValueError):
    """A card name that names no card of the game, or several; the message says which."""


@dataclass
class CardCount:
    """What a run of games counts for one card title (every copy together)."""

    games: int = 0
    """Games in which some monster bought it."""
    buys: int = 0
    turns: int = 0
    """The turn numbers of all buys together (for the mean)."""
    buyers: int = 0
    """Monsters (one per game) that bought it at least once."""
    buyer_wins: int = 0
    others: int = 0
    """Monsters (one per game) that never bought it."""
    other_wins: int = 0

    def __add__(self, other: CardCount) -> CardCount:
        return CardCount(
            games=self.games + other.games,
            buys=self.buys + other.buys,
            turns=self.turns + other.turns,
            buyers=self.buyers + other.buyers,
            buyer_wins=self.buyer_wins + other.buyer_wins,
            others=self.others + other.others,
            other_wins=self.other_wins + other.other_wins,
        )


@dataclass
class BalanceTally:
    """The game tally and one :class:`CardCount` per card name; adds up with ``+`` over
    disjoint seed ranges, like :class:`~kot_rules.simulation.Tally`."""

    tally: Tally
    cards: dict[str, CardCount] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The counts as JSON: each card's seven counts as a list, in field order."""
        tally = dataclasses.asdict(self.tally)
        if not tally["victories"]:  # wins by kind of victory: games that have several (Duel)
            del tally["victories"]
        return {
            "tally": tally,
            "cards": {name: list(dataclasses.astuple(count))
                      for name, count in self.cards.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BalanceTally:
        return cls(Tally(**data["tally"]),
                   {name: CardCount(*counts) for name, counts in data["cards"].items()})

    def __add__(self, other: BalanceTally) -> BalanceTally:
        if list(self.cards) != list(other.cards):
            raise ValueError("balance tallies of different cards do not add up")
        return BalanceTally(
            self.tally + other.tally,
            {name: count + other.cards[name] for name, count in self.cards.items()},
        )


def card_names(game: Game, asked: Sequence[str]) -> list[str]:
    """The card names (English titles) that ``asked`` designate, in order, without repeats.

    Each may be a name, an alias or a card id, in any case, with or without accents.
    Raises :class:`UnknownCardError`.
    """
    found: list[str] = []
    for text in asked:
        titles = sorted({game.cards.name(card_id) for card_id in game.cards.resolve(text)})
        if not titles:
            suggest = getattr(game.cards.source, "suggest", None)
            close = suggest(text) if suggest is not None else None
            hint = f"; did you mean {close!r}?" if close else ""
            raise UnknownCardError(f"no card named {text!r}{hint}")
        if len(titles) > 1:
            raise UnknownCardError(f"{text!r} names several cards: {', '.join(titles)}")
        if titles[0] not in found:
            found.append(titles[0])
    return found


def play_balance(
    game: Game,
    seeds: range,
    cards: Sequence[str],
    on_game: Callable[[int], None] | None = None,
    agent: str = "random",
) -> BalanceTally:
    """Play one game per seed with ``agent`` agents, counting the buys and wins of
    ``cards`` (names from :func:`card_names`). Raises ``SimulationError``."""
    from kot_rules.engine import driver

    counts = {name: CardCount() for name in cards}
    name_of = game.cards.name
    tally = Tally(wins=[0] * game.num_players)
    for n, game_seed in enumerate(seeds, start=1):
        agents = driver.named_agents(game, game_seed, agent)
        try:
            record = driver.play(game, game_seed, agents)
        except RuntimeError as exc:
            raise SimulationError(str(exc)) from None
        final = record.final
        if final is None or final.outcome is None:
            raise SimulationError(
                f"game with seed {game_seed} ended without an outcome (engine bug)"
            )
        winner = final.outcome.winner
        tally.count(winner, final.turn, record.decisions)
        bought_by: dict[str, set[int]] = {}
        turn = 0
        for event in record.events:
            kind = event.kind
            if kind is K_TURN_STARTED:
                turn = event.amount
            elif kind is K_BOUGHT and event.seat is not None:
                name = name_of(event.detail)
                count = counts.get(name)
                if count is None:
                    continue
                count.buys += 1
                count.turns += turn
                bought_by.setdefault(name, set()).add(event.seat)
        for name, count in counts.items():
            buyers = bought_by.get(name, set())
            if buyers:
                count.games += 1
            count.buyers += len(buyers)
            count.others += game.num_players - len(buyers)
            if winner is not None:
                if winner in buyers:
                    count.buyer_wins += 1
                else:
                    count.other_wins += 1
        if on_game is not None:
            on_game(n)
    return BalanceTally(tally, counts)


def play_balance_setup(
    setup: GameSetup, seeds: range, cards: Sequence[str], agent: str = "random"
) -> BalanceTally:
    """:func:`play_balance` for a worker process: the game rebuilt from ``setup``."""
    return play_balance(setup.build(), seeds, cards, agent=agent)


def _rate(wins: int, of: int) -> tuple[float | None, list[float] | None]:
    if not of:
        return None, None
    return wins / of, list(wilson_interval(wins, of))


def card_summary(game: Game, name: str, count: CardCount, games: int) -> dict[str, Any]:
    """The figures of one card over ``games`` games."""
    ids = [card_id for card_id in game.cards.physical_ids() if game.cards.name(card_id) == name]
    buyer_rate, buyer_ci = _rate(count.buyer_wins, count.buyers)
    other_rate, other_ci = _rate(count.other_wins, count.others)
    return {
        "name": name,
        "cost": game.cards.cost(ids[0]),
        "copies": len(ids),
        "games_bought": count.games,
        "bought_rate": count.games / games,
        "buys": count.buys,
        "buys_per_game": count.buys / games,
        "mean_buy_turn": count.turns / count.buys if count.buys else None,
        "buyers": count.buyers,
        "buyer_wins": count.buyer_wins,
        "buyer_win_rate": buyer_rate,
        "buyer_win_ci": buyer_ci,
        "non_buyers": count.others,
        "non_buyer_wins": count.other_wins,
        "non_buyer_win_rate": other_rate,
        "non_buyer_win_ci": other_ci,
    }


def summary(
    game: Game, result: BalanceTally, seed: int, seconds: float, agent: str = "random"
) -> dict[str, Any]:
    """The summary of ``result``: the game's figures (as ``simulate`` gives them), the
    baseline win rate 1/players, the interval used, and one entry per card."""
    base = simulation_summary(game, result.tally, seed, seconds, agent)
    games: int = base["games"]
    base["deck"] = base.pop("cards")
    base["baseline_win_rate"] = 1 / game.num_players
    base["interval"] = {"method": INTERVAL, "confidence": CONFIDENCE}
    base["cards"] = [card_summary(game, name, count, games)
                     for name, count in result.cards.items()]
    return base


def balance(
    game: Game,
    cards: Sequence[str],
    games: int,
    seed: int,
    on_game: Callable[[int], None] | None = None,
    agent: str = "random",
    jobs: int = 1,
    setup: GameSetup | None = None,
    backend: Backend | None = None,
) -> dict[str, Any]:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) and summarise ``cards``
    (names or aliases). ``jobs``, ``setup`` and ``backend`` as for
    :func:`kot_rules.simulation.simulate`.

    Raises :class:`UnknownCardError` and ``SimulationError``.
    """
    names = card_names(game, cards)
    start = time.perf_counter()
    seeds = range(seed, seed + games)
    if jobs == 1 and backend is None:
        result = play_balance(game, seeds, names, on_game, agent)
    else:
        if setup is None:
            raise ValueError("balance with worker processes needs the game's setup")
        if backend is None:
            result = run_split(play_balance_setup, setup, seeds, jobs, (names, agent), on_game)
        else:
            result = backend.run(play_balance_setup, setup, seeds, (names, agent), on_game)
    return summary(game, result, seed, time.perf_counter() - start, agent)


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


def _interval(ci: list[float] | None) -> str:
    return "" if ci is None else f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}%"


def summary_lines(summary: dict[str, Any]) -> list[str]:
    """The text form of a :func:`balance` summary: a heading and one row per card."""
    games: int = summary["games"]
    lines = [
        f"{games} game{'' if games == 1 else 's'}, {summary['players']} monsters, seeds "
        f"{summary['seed']}..{summary['seed'] + games - 1}, agent {summary['agent']}; "
        f"baseline win rate {_percent(summary['baseline_win_rate'])}; "
        f"intervals: 95% Wilson score",
    ]
    header = ("card", "cost", "bought in", "buys/game", "turn",
              "buyers win", "95% CI", "others win", "95% CI")
    rows = [header]
    for card in summary["cards"]:
        turn = card["mean_buy_turn"]
        rows.append((
            card["name"], str(card["cost"]), _percent(card["bought_rate"]),
            f"{card['buys_per_game']:.2f}", "-" if turn is None else f"{turn:.1f}",
            _percent(card["buyer_win_rate"]), _interval(card["buyer_win_ci"]),
            _percent(card["non_buyer_win_rate"]), _interval(card["non_buyer_win_ci"]),
        ))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    lines.append(
        f"speed: {summary['games_per_second']:,.1f} games/s ({summary['seconds']:.2f} s)"
    )
    return lines
