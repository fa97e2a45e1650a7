"""A Duel monster's board is its file's text, and the engine plays that text.

Changing a number in a monster file changes the game (hearts, amounts, groups); the
questions a power asks are requests any agent can answer; no monster name is in the code.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import kot_rules
from kot_rules.api import new_game
from kot_rules.engine.actions import STOP, Choose, ResolveFaces, Roll
from kot_rules.engine.state import State
from kot_rules.games.king_of_tokyo_duel import rules as duel
from kot_rules.games.king_of_tokyo_duel.board import FACES, POWER_I
from kot_rules.language import monsters as monster_files
from kot_rules.language.monsters import MonsterDef, parse_monster_text
from kot_rules.rulebook import game_monsters

DUEL = "king-of-tokyo-duel"
FOLDER = Path(kot_rules.__file__).resolve().parents[1] / "spec" / "cards" / DUEL / "monsters"
NAMES = [b.name for b in game_monsters(DUEL)]


def _board(name: str, text: str) -> MonsterDef:
    (m,), found = parse_monster_text(f'monster "{name}"\n{text}', "t.kot", DUEL)
    assert not found, [d.render() for d in found]
    return m


def _resolve_power(s: State, power: int, others: str = "heal") -> State:
    """The active monster of turn 1 (seat 0, five dice) rolls ``power`` power faces and
    fills the rest with ``others``, stops, and resolves its power faces."""
    counts = [0] * 6
    counts[POWER_I] = power
    counts[[f.value for f in FACES].index(others)] += 5 - power
    s = s.apply(Roll((counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])))
    s = s.apply(STOP)
    return s.apply(ResolveFaces(FACES[POWER_I]))


class TestTheFileIsTheBoard:
    def test_six_monsters_each_with_its_file(self) -> None:
        assert len(NAMES) == 6
        boards = {m.name: m for m in monster_files.game_monster_defs(DUEL)}
        assert sorted(boards) == sorted(NAMES)
        assert len(list(FOLDER.glob("*.kot"))) == 6
        assert all(boards[n].powers or boards[n].modifiers for n in NAMES)

    def test_hearts_come_from_the_file(self, monkeypatch: pytest.MonkeyPatch) -> None:
        first = game_monsters(DUEL)[0]
        s = new_game(DUEL, [first.name, NAMES[1]], seed=1)
        assert s.monsters[0].hearts == first.hearts == duel.MONSTERS[first.name].hearts
        board = _board(first.name, f"  hearts {first.hearts + 3}\n")
        monkeypatch.setitem(duel.MONSTERS, first.name, board)
        s = new_game(DUEL, [first.name, NAMES[1]], seed=1)
        assert s.monsters[0].hearts == first.hearts + 3

    def test_game_numbers_keep_no_hearts(self) -> None:
        text = (FOLDER.parents[2] / "games" / f"{DUEL}.yaml").read_text(encoding="utf-8")
        section = text[text.index("\nmonsters:"):text.index("# The Buzz tiles")]
        assert "hearts" not in section.replace("starting hearts", "")


class TestTheTextIsPlayed:
    @pytest.mark.parametrize(("power", "energy"), [(2, 3), (3, 7), (4, 7), (5, 10)])
    def test_a_changed_amount_changes_the_energy(self, monkeypatch: pytest.MonkeyPatch,
                                                 power: int, energy: int) -> None:
        board = _board(NAMES[0], "  hearts 10\n  With 3 power faces, gain 7 energy.\n"
                       "  With 2 power faces, gain 3 energy.\n")
        monkeypatch.setitem(duel.MONSTERS, NAMES[0], board)
        s = _resolve_power(new_game(DUEL, [NAMES[0], NAMES[1]], seed=1), power)
        assert s.monsters[0].energy == energy

    def test_a_changed_group_changes_the_uses(self, monkeypatch: pytest.MonkeyPatch) -> None:
        board = _board(NAMES[0], "  hearts 10\n  With 1 power face, gain 1 energy.\n")
        monkeypatch.setitem(duel.MONSTERS, NAMES[0], board)
        s = _resolve_power(new_game(DUEL, [NAMES[0], NAMES[1]], seed=1), 4)
        assert s.monsters[0].energy == 4

    def test_a_choice_is_a_request_the_player_answers(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        board = _board(NAMES[0], "  hearts 10\n  With 2 power faces, gain 1 energy or heal 1.\n")
        monkeypatch.setitem(duel.MONSTERS, NAMES[0], board)
        s = _resolve_power(new_game(DUEL, [NAMES[0], NAMES[1]], seed=1), 2)
        assert s.pending is not None and s.current_player() == 0
        assert set(s.legal_actions()) == {Choose("gain 1 energy"), Choose("heal 1")}
        assert s.apply(Choose("gain 1 energy")).monsters[0].energy == 1

    def test_an_added_face_is_resolved_later(self, monkeypatch: pytest.MonkeyPatch) -> None:
        board = _board(NAMES[0], "  hearts 10\n  With 2 power faces, add 1 face of a kind "
                       "you choose.\n")
        monkeypatch.setitem(duel.MONSTERS, NAMES[0], board)
        s = _resolve_power(new_game(DUEL, [NAMES[0], NAMES[1]], seed=1), 2, "energy")
        s = s.apply(Choose("energy"))
        assert s.dice[[f.value for f in FACES].index("energy")] == 4
        s = s.apply(ResolveFaces(FACES[[f.value for f in FACES].index("energy")]))
        assert s.monsters[0].energy == 4

    def test_no_power_line_no_power(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setitem(duel.MONSTERS, NAMES[0], _board(NAMES[0], "  hearts 10\n"))
        s = _resolve_power(new_game(DUEL, [NAMES[0], NAMES[1]], seed=1), 5, "power")
        assert s.monsters[0].energy == 0 and s.pending is None


class TestRandomAgents:
    @pytest.mark.parametrize("name", NAMES)
    def test_every_monster_plays_to_the_end(self, name: str) -> None:
        rival = next(n for n in NAMES if n != name)
        for seed in range(3):
            rng = random.Random(seed)
            s = new_game(DUEL, [name, rival], seed=seed)
            for _ in range(20_000):
                if s.is_terminal():
                    break
                if s.is_chance_node():
                    s = s.apply(s.sample_chance(rng))
                else:
                    s = s.apply(rng.choice(list(s.legal_actions())))
            assert s.is_terminal()


def test_no_monster_name_in_the_duel_engine_words_and_model() -> None:
    root = Path(kot_rules.__file__).resolve().parent
    modules = ["games/king_of_tokyo_duel/rules.py", "engine/effects.py", "engine/turn.py",
               "language/monsters.py", "language/cardset.py",
               "games/king_of_tokyo_duel/semantics.py", "games/king_of_tokyo_duel/model.py",
               "games/king_of_tokyo_duel/words.py",
               "rulebook.py"]
    hits = [(m, n) for m in modules for n in NAMES
            if re.search(r"(?<!\w)" + re.escape(n.casefold()) + r"(?!\w)",
                         (root / m).read_text(encoding="utf-8").casefold())]
    assert hits == []
