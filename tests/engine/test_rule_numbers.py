"""Every number of the rules has one home: spec/games/king-of-tokyo.yaml.

The engine binds them once (kot_rules.engine.numbers), the Z3 kernel imports the same
names, the site can read them with their rules (kot_rules.rulebook.game_numbers).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kot_rules
from kot_rules.engine import game, numbers
from kot_rules.engine.game import Game, MonsterSetup, Options
from kot_rules.games import get
from kot_rules.games.king_of_tokyo import board as tokyo
from kot_rules.games.king_of_tokyo import kernel
from kot_rules.games.king_of_tokyo import rules as kingoftokyo
from kot_rules.games.king_of_tokyo.definition import KING_OF_TOKYO
from kot_rules.paths import spec_dir
from kot_rules.rulebook import builtin_rulebook, game_numbers, load_numbers

ROOT = Path(kot_rules.__file__).resolve().parent
BOUND = {name for name, value in vars(numbers).items() if name.isupper() and isinstance(value, int)}


def test_each_number_cites_a_rule_or_a_seed() -> None:
    slugs = {r.slug for r in builtin_rulebook().rules}
    for n in game_numbers().numbers:
        if n.rule is not None:
            assert n.rule in slugs, f"{n.key}: no rule {n.rule!r} in spec/rules/king-of-tokyo.yaml"
        else:
            assert n.source is not None and n.source.seed and n.source.phrase, n.key


def test_the_loader_reads_once_and_the_engine_binds_what_it_read() -> None:
    assert numbers.KING_OF_TOKYO is game_numbers("king-of-tokyo")
    source = Path(numbers.__file__).read_text(encoding="utf-8")
    for n in game_numbers().numbers:
        assert f'KING_OF_TOKYO["{n.key}"]' in source, f"{n.key} is read by no engine name"
    assert numbers.SWEEP_COST == game_numbers()["sweep-cost"] == 2
    assert numbers.BAY_MIN_MONSTERS == game_numbers()["bay-min-players"] == 5


@pytest.mark.parametrize(
    "name", ["ENTER_STARS", "START_IN_TOKYO_STARS", "SWEEP_COST", "SHOP_SIZE", "SET_SIZE",
             "STARS_PER_EXTRA_DIE", "ENERGY_PER_FACE", "HEARTS_PER_FACE"],
)
def test_the_kernel_reads_the_engine_numbers(name: str) -> None:
    assert getattr(kernel, name) is getattr(numbers, name)


def test_the_engine_uses_them() -> None:
    o = Options()
    assert (o.dice, o.rolls, o.win_stars, o.start_hearts, o.max_hearts) == (
        numbers.DICE, numbers.ROLLS, numbers.WIN_STARS, numbers.START_HEARTS, numbers.MAX_HEARTS
    )
    assert (MonsterSetup("x").hearts, MonsterSetup("x").max_hearts) == (
        numbers.START_HEARTS, numbers.MAX_HEARTS
    )
    assert tokyo.ENTER_STARS is numbers.ENTER_STARS
    assert tokyo.START_IN_TOKYO_STARS is numbers.START_IN_TOKYO_STARS
    g = Game(4)  # the turn skeleton and the legal actions read the game's shop from it
    assert (g.shop_size, g.sweep_cost) == (numbers.SHOP_SIZE, numbers.SWEEP_COST)
    assert (game.MIN_MONSTERS, game.MAX_MONSTERS, game.BAY_MIN_MONSTERS) == (
        numbers.MIN_MONSTERS, numbers.MAX_MONSTERS, numbers.BAY_MIN_MONSTERS
    )
    assert Game(5).second_place_from == numbers.BAY_MIN_MONSTERS  # State.bay_open reads it
    rules = kingoftokyo.RULES
    assert (rules.shop.size, rules.shop.sweep_cost) == (numbers.SHOP_SIZE, numbers.SWEEP_COST)
    assert rules.board.second_place_from == numbers.BAY_MIN_MONSTERS
    assert (rules.min_players, rules.max_players) == (numbers.MIN_MONSTERS, numbers.MAX_MONSTERS)
    assert len(Game(4).new_initial_state().shop) == numbers.SHOP_SIZE


def _int_constants(path: Path) -> dict[str, int]:
    out: dict[str, int] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target = node.targets[0] if isinstance(node, ast.Assign) else (
            node.target if isinstance(node, ast.AnnAssign) else None)
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if (isinstance(target, ast.Name) and isinstance(value, ast.Constant)
                and type(value.value) is int):
            out[target.id] = value.value
    return out


def test_no_module_writes_a_number_name_again() -> None:
    """No module of kot_rules assigns a literal to one of the numbers' names (the engine's
    old ENTER_STARS = 1, SWEEP_COST = 2, BAY_MIN_MONSTERS = 5, the kernel's copies)."""
    again = [
        f"{p.relative_to(ROOT.parent)}: {name} = {value}"
        for p in sorted(ROOT.rglob("*.py"))
        for name, value in _int_constants(p).items()
        if name in BOUND
    ]
    assert again == []


def test_a_malformed_numbers_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "g.yaml"
    bad.write_text("game: g\nnumbers:\n  dice: {value: six, rule: turn.roll}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="'dice' needs a whole-number value"):
        load_numbers(bad)
    bad.write_text("game: g\nnumbers:\n  dice: {value: 6}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="names either a rule or a source"):
        load_numbers(bad)


def test_the_numbers_file_is_the_game_s() -> None:
    assert game_numbers().game == KING_OF_TOKYO.id == "king-of-tokyo"
    assert (spec_dir() / "games" / "king-of-tokyo.yaml").is_file()
    assert get("king-of-tokyo").numbers is numbers.KING_OF_TOKYO
