"""The readable game log: a pure function of a game record.

These tests use a small explicit card table, independent of the built-in cards.
"""

from __future__ import annotations

from typing import Any

from kot_rules.engine.cards import CardRow, CardTable
from kot_rules.engine.driver import GameRecord, play
from kot_rules.engine.events import EventKind
from kot_rules.engine.eventtext import sentence
from kot_rules.engine.game import FirstPlayerRule, Game, MonsterSetup, Options
from kot_rules.engine.state import Outcome
from kot_rules.surfaces.playlog import board_lines, game_log, header_lines, summary_lines

CARDS = CardTable(
    [CardRow(f"t{i}", f"Test Card {i}", 1 + i % 4, i % 2 == 0) for i in range(8)]
)


def game(players: int = 4, **options: Any) -> Game:
    return Game(players, options=Options(**options), cards=CARDS)


def test_one_line_per_event_in_order() -> None:
    g = game()
    record = play(g, 3)
    lines = game_log(record)
    body = [line.strip() for line in lines if line.strip()]
    at = 0
    for event in record.events:
        text = sentence(event, tuple(g.names), g.cards.name, g.rules.place_names)
        while body[at] != text:
            at += 1
        at += 1
    assert len(record.events) > 20


def test_turns_are_headers_and_other_events_are_indented() -> None:
    g = game(3)
    record = play(g, 5)
    lines = game_log(record)
    turns = [e for e in record.events if e.kind is EventKind.TURN_STARTED]
    headers = [sentence(e, tuple(g.names)) for e in turns]
    assert headers[0] == "--- The King's turn 1 ---"
    for header in headers:
        at = lines.index(header)
        assert lines[at - 1] == ""
    assert any(line.startswith("  The King rolls ") for line in lines)


def test_header_names_the_monsters_seed_and_options() -> None:
    record = play(game(5, first_player=FirstPlayerRule.ROLL), 9)
    assert header_lines(record) == [
        "King of Tokyo: The King, Gigazaur, Cyber Bunny, Kraken, Meka Dragon",
        "seed 9, Tokyo Bay on, first player: roll, 8 cards",
    ]
    assert game_log(record)[:2] == header_lines(record)


def test_summary_of_a_finished_game() -> None:
    g = game()
    record = play(g, 11)
    final = record.final
    assert final is not None and final.outcome is not None
    lines = game_log(record)
    tail = summary_lines(g, final)
    assert lines[-len(tail):] == tail
    assert tail[0] == f"=== Game over after {final.turn} turns ==="
    if final.outcome.winner is None:
        assert tail[1].startswith("Draw: ")
    else:
        assert tail[1] == f"Winner: {g.names[final.outcome.winner]} ({final.outcome.reason})"
    assert len(tail) == 2 + g.num_players


def test_board_lines_show_hearts_stars_energy_place_and_card_names() -> None:
    g = game(6)
    state = g.setup_state(
        [
            MonsterSetup("The King", hearts=7, stars=12, energy=3, cards=("t0", "t2")),
            MonsterSetup("Gigazaur", eliminated=True, hearts=0),
            MonsterSetup("Cyber Bunny", hearts=10),
            MonsterSetup("Kraken", hearts=2, stars=19),
            MonsterSetup("Meka Dragon", hearts=9, energy=11),
            MonsterSetup("Alienoid", hearts=1),
        ],
        active=2,
        city=0,
        bay=3,
    )
    lines = board_lines(g, state)
    assert lines == [
        "  The King      7/10 ♥  12 ★   3 ⚡  in Tokyo City   Test Card 0, Test Card 2",
        "  Gigazaur      0/10 ♥   0 ★   0 ⚡  eliminated      no cards",
        "  Cyber Bunny  10/10 ♥   0 ★   0 ⚡                  no cards",
        "  Kraken        2/10 ♥  19 ★   0 ⚡  in Tokyo Bay    no cards",
        "  Meka Dragon   9/10 ♥   0 ★  11 ⚡                  no cards",
        "  Alienoid      1/10 ♥   0 ★   0 ⚡                  no cards",
    ]


def test_a_draw() -> None:
    g = game(2)
    state = g.setup_state([MonsterSetup("The King"), MonsterSetup("Gigazaur")])
    state.outcome = Outcome(None, "every monster is eliminated")
    state.turn = 1
    assert summary_lines(g, state)[:2] == [
        "=== Game over after 1 turn ===",
        "Draw: every monster is eliminated",
    ]


def test_a_record_without_an_end() -> None:
    g = game(2)
    record = GameRecord(g, 1, g.shuffled_deck(1))
    assert game_log(record) == [*header_lines(record), "", "The game did not end."]


class TestNewYorkLog:
    """A New York game's log names boroughs and Manhattan's zones, never Tokyo."""

    def test_places_and_header_say_new_york(self) -> None:
        from kot_rules.games import get as get_game

        definition = get_game("king-of-new-york")
        for players in (4, 5):
            ny = definition.new_game(players, options=definition.options())
            for seed in range(1, 6):
                text = "\n".join(game_log(play(ny, seed)))
                assert "Tokyo" not in text, text[:400]
            assert "Manhattan's 5-6 path" in header_lines(play(ny, 1))[1]
        ny = definition.new_game(4, options=definition.options())
        lines = [ln for seed in range(1, 9)
                 for ln in board_lines(ny, play(ny, seed).final)]  # type: ignore[arg-type]
        assert any(ln.split("⚡")[1].strip().startswith("in ") for ln in lines), lines
