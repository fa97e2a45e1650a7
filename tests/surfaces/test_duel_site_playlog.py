"""``kot-rules play --game king-of-tokyo-duel``: after every turn the
log shows each monster and both tracks drawn, with the markers where the pulls left them;
King of Tokyo's log shows no such lines."""

from __future__ import annotations

import re

from kot_rules import games
from kot_rules.engine.driver import play
from kot_rules.engine.events import EventKind
from kot_rules.games.king_of_tokyo_duel.board import DuelBoard
from kot_rules.surfaces.playlog import TRACK_LEGEND, game_log, track_picture

DUEL = games.get("king-of-tokyo-duel")


def test_every_turn_ends_with_the_monsters_and_the_tracks() -> None:
    record = play(DUEL.new_game(2), 1)
    lines = game_log(record)
    assert lines[2] == TRACK_LEGEND
    ends = [i for i, line in enumerate(lines) if line.endswith(" ends the turn")]
    assert len(ends) == sum(e.kind is EventKind.TURN_ENDED for e in record.events) > 5
    # The status after a turn's end shows the board after the step that ended it, and a step
    # may run on into the next turn (questions answered where they are asked): the markers
    # are where every pull of the steps so far left them.
    state = DUEL.new_game(2).new_initial_state(record.deck)
    marks: list[dict[str, str]] = []
    where = {"fame": "0", "destruction": "0"}
    for action in record.actions:
        state = state.apply(action)
        for event in state.events:
            if event.kind is EventKind.PULLED:
                where[str(event.detail)] = f"{event.amount:+d}" if event.amount else "0"
        marks.extend(dict(where) for e in state.events if e.kind is EventKind.TURN_ENDED)
    assert len(marks) == len(ends)
    for i, where in zip(ends, marks, strict=True):
        status = lines[i + 1:i + 5]
        assert all(line.startswith("  > ") for line in status), status
        assert re.match(r"  > Alienoid +\d+/14 ♥ +\d+ ⚡  \d dice tokens?  ", status[0])
        assert re.match(r"  > Cyber Kitty +\d+/13 ♥ +\d+ ⚡  \d dice tokens?  ", status[1])
        for line, track in zip(status[2:], ("fame", "destruction"), strict=True):
            picture = re.fullmatch(rf"  > {track} +Alienoid (\S+) Cyber Kitty  (\S+)", line)
            assert picture is not None, line
            assert picture[2] == where[track], (line, where)
    # The summary ends with the tracks, then the Buzz tiles when cards placed some.
    tail = lines[-1] if not lines[-1].startswith("  > Buzz tiles: ") else lines[-2]
    assert "Winner: " in "\n".join(lines[-7:]) and tail.startswith("  > destruction")


def test_the_track_picture() -> None:
    assert track_picture(DuelBoard(), "fame") == "V.[...]..*..[...].V"
    assert track_picture(DuelBoard(fame=-7), "fame") == "*.[...].....[...].V"
    assert track_picture(DuelBoard(destruction=4), "destruction") == "V.[...].....[.*.].V"


def test_king_of_tokyo_log_has_no_track_lines() -> None:
    record = play(games.get("king-of-tokyo").new_game(2), 1)
    lines = game_log(record)
    assert TRACK_LEGEND not in lines
    assert not any(line.startswith("  > ") for line in lines)
