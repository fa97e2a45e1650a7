"""A game record as a readable, turn-by-turn log.

Pure functions: a :class:`~kot_rules.engine.driver.GameRecord` in, lines of text
out (no printing, no trailing newlines), so the log can be tested and reused.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from kot_rules import games
from kot_rules.engine.driver import GameRecord
from kot_rules.engine.events import EventKind
from kot_rules.engine.eventtext import sentence
from kot_rules.engine.game import Game
from kot_rules.engine.state import Place, State

_INDENT = "  "
_HEADERS = frozenset({EventKind.TURN_STARTED, EventKind.WON, EventKind.DRAW})
"""Events shown as headers, after a blank line; the others are indented under them."""


@runtime_checkable
class NamedPlaces(Protocol):
    """A game's own board that names where each monster stands (King of New York's)."""

    def place_name(self, seat: int, city: int | None) -> str: ...


def board_part(game: Game) -> ModuleType:
    """The game's board module (``board`` of its folder): what it calls its places, its
    tracks."""
    return games.get(game.rules.id).part("board")


def tracks(game: Game) -> tuple[str, ...]:
    """The tracks of the game's board, drawn after every turn (Duel's); none elsewhere."""
    return tuple(getattr(board_part(game), "TRACKS", ()))


def game_log(record: GameRecord) -> list[str]:
    """The whole log: a header, one line per event (turns as headers), and the summary."""
    game = record.game
    names = game.names
    lines = header_lines(record)
    # A game with tracks (Duel) shows them, and each monster, after every turn.
    turn_ends = _turn_end_states(record) if _has_tracks(record) else None
    if turn_ends is not None:
        lines.append(TRACK_LEGEND)
    ended = 0
    for event in record.events:
        text = sentence(event, tuple(names), game.cards.name, game.rules.place_names)
        kind = event.kind
        if kind in _HEADERS:
            lines.append("")
            lines.append(text)
        else:
            lines.append(_INDENT + text)
            if turn_ends is not None and kind is EventKind.TURN_ENDED \
                    and ended < len(turn_ends):
                lines.extend(track_status_lines(game, turn_ends[ended]))
                ended += 1
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
        + (f"{second_place(game)} {'on' if game.tokyo_bay else 'off'}, "
           if game.rules.board.places else "")
        + f"first player: {o.first_player.value}, {len(game.cards.physical_ids())} cards",
    ]


def second_place(game: Game) -> str:
    """The option ``tokyo_bay`` by the name of the game's second place."""
    return str(board_part(game).SECOND_PLACE)


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
    if tracks(game):
        lines.extend(track_status_lines(game, final))
        return lines
    lines.extend(board_lines(game, final))
    if final.board is not None:  # a game's own board
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
            if isinstance(state.board, NamedPlaces):  # New York: the borough, Manhattan's zone
                where = f"in {state.board.place_name(seat, state.city)}"
        cards = ", ".join(game.cards.name(c) for c in m.cards) or "no cards"
        lines.append(
            f"{_INDENT}{m.name:<{width}}  {m.hearts:>2}/{m.max_hearts} ♥ {m.stars:>3} ★ "
            f"{m.energy:>3} ⚡  {where:<14}  {cards}".rstrip()
        )
    return lines


# -- games with tracks (Duel) ---------------------------------------------------------

TRACK_LEGEND = ("tracks: the first player's end on the left; V Victory space, [ ] spotlight "
                "zone, * the marker, # a Buzz tile's space")
_STATUS = _INDENT + "> "


def _has_tracks(record: GameRecord) -> bool:
    return record.final is not None and bool(tracks(record.game))


def _turn_end_states(record: GameRecord) -> list[State]:
    """The state after each step that ended a turn, in order, by replaying the record
    (the record keeps only the events; the same actions give the same states)."""
    state = record.game.new_initial_state(record.deck)
    out: list[State] = []
    for action in record.actions:
        state = state.apply(action)
        out.extend(state for event in state.events if event.kind is EventKind.TURN_ENDED)
    return out


def track_picture(board: Any, track: str) -> str:
    """One track in one line, -END on the left: ``V.[...]...*...[...].V`` (the board's
    ``track_line``)."""
    return str(board.track_line(track))


def track_status_lines(game: Game, state: State) -> list[str]:
    """Each monster (hearts, energy, dice tokens, cards) and both tracks, drawn."""
    board: Any = state.board
    width = max(len(m.name) for m in state.monsters)
    lines = []
    for seat, m in enumerate(state.monsters):
        tokens = board.dice_tokens[seat]
        cards = ", ".join(game.cards.name(c) for c in m.cards) or "no cards"
        lines.append(f"{_STATUS}{m.name:<{width}}  {m.hearts:>2}/{m.max_hearts} ♥ "
                     f"{m.energy:>3} ⚡  {tokens} dice token{'' if tokens == 1 else 's'}  "
                     f"{cards}")
    first, second = state.monsters[0].name, state.monsters[-1].name
    for track in tracks(game):
        x, extra = board.position(track)
        at = (f"{x:+d}" if x else "0") + (" (extra space)" if extra else "")
        lines.append(f"{_STATUS}{track:<11}  {first} {track_picture(board, track)} {second}"
                     f"  {at}")
    if board.tiles:
        lines.append(_STATUS + "Buzz tiles: " + ", ".join(
            f"{t.tile} on {t.track} {', '.join(f'{x:+d}' if x else '0' for x in t.spaces)}"
            for t in board.tiles))
    return lines
