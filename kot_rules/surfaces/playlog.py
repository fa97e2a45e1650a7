"""A game record as a readable, turn-by-turn log.

Pure functions: a :class:`~kot_rules.engine.driver.GameRecord` in, lines of text
out (no printing, no trailing newlines), so the log can be tested and reused.
"""

from __future__ import annotations

from kot_rules.engine.driver import GameRecord
from kot_rules.engine.events import EventKind
from kot_rules.engine.game import Game
from kot_rules.engine.state import Place, State

_INDENT = "  "
_HEADERS = frozenset({EventKind.TURN_STARTED, EventKind.WON, EventKind.DRAW})
"""Events shown as headers, after a blank line; the others are indented under them."""


def game_log(record: GameRecord) -> list[str]:
    """The whole log: a header, one line per event (turns as headers), and the summary."""
    game = record.game
    names = game.names
    lines = header_lines(record)
    for event in record.events:
        text = event.describe(names, game.cards.name)
        kind = event.kind
        if kind in _HEADERS:
            lines.append("")
            lines.append(text)
        else:
            lines.append(_INDENT + text)
    lines.append("")
    lines.extend(summary_lines(game, record.final))
    return lines


def header_lines(record: GameRecord) -> list[str]:
    """Who plays, with which seed and options."""
    game = record.game
    o = game.options
    return [
        f"{game.rules.title}: {', '.join(game.names)}",
        f"seed {record.seed}, "
        + (f"Tokyo Bay {'on' if game.tokyo_bay else 'off'}, " if game.rules.board.places else "")
        + f"first player: {o.first_player.value}, {len(game.cards.physical_ids())} cards",
    ]


def summary_lines(game: Game, final: State | None) -> list[str]:
    """The end of the game: the winner or the draw, the turns, and every monster's board."""
    if final is None or final.outcome is None:
        return ["The game did not end."]
    outcome = final.outcome
    turns = final.turn
    lines = [f"=== Game over after {turns} turn{'' if turns == 1 else 's'} ==="]
    if outcome.winner is None:
        lines.append(f"Draw: {outcome.reason}")
    else:
        lines.append(f"Winner: {game.names[outcome.winner]} ({outcome.reason})")
    lines.extend(board_lines(game, final))
    if final.board is not None:  # a game's own board (Duel: the tracks)
        lines.append(_INDENT + final.board.describe(game.names))
    return lines


def board_lines(game: Game, state: State) -> list[str]:
    """One line per monster: ♥ ★ ⚡, where it is, and the cards it keeps."""
    width = max(len(m.name) for m in state.monsters)
    lines = []
    for seat, m in enumerate(state.monsters):
        if not m.alive:
            where = "eliminated"
        else:
            place = state.place_of(seat)
            where = "" if place is Place.OUTSIDE else f"in Tokyo {place.value.title()}"
        cards = ", ".join(game.cards.name(c) for c in m.cards) or "no cards"
        lines.append(
            f"{_INDENT}{m.name:<{width}}  {m.hearts:>2}/{m.max_hearts} ♥ {m.stars:>3} ★ "
            f"{m.energy:>3} ⚡  {where:<14}  {cards}".rstrip()
        )
    return lines
