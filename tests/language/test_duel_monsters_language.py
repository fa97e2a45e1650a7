"""Monster files in the card language - grammar, checker, formatter, check.

Each diagnostic a monster file can give is pinned by code, line, column and message; the
six built-in boards parse, format to themselves, and `check` counts them apart from the
cards (King of Tokyo's output unchanged).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import kot_rules
from kot_rules.language.ast import ModifierKind, Verb
from kot_rules.language.cardset import check_paths, check_text
from kot_rules.language.formatter import format_file
from kot_rules.language.monsters import (
    format_monster_text,
    is_monster_text,
    parse_monster_text,
    uses,
)
from kot_rules.surfaces.cli.cards import _check

DUEL = "king-of-tokyo-duel"
SPEC = Path(kot_rules.__file__).resolve().parents[1] / "spec" / "cards"
FOLDER = SPEC / DUEL / "monsters"
M = 'monster "Sample"\n  hearts 9\n'

# (code, text, line, column, message fragment): one problem each.
CASES: list[tuple[str, str, int, int, str]] = [
    ("KOT240", 'monster "Sample"\n  heart 9\n', 2, 3, "does not fit a monster line"),
    ("KOT240", M + "  With 2 power faces, gain two energy.\n", 3, 28, "got 'two'"),
    ("KOT240", M + "  With 2 power faces, gain 2 energy\n", 3, 36, "end of the line"),
    ("KOT240", 'monster "A"\n  hearts 9\nmonster "B"\n  hearts 9\n', 1, 1,
     "exactly one monster, got 2"),
    ("KOT241", 'monster "Sample"\n  With 2 power faces, gain 2 energy.\n', 1, 9,
     "has no hearts line"),
    ("KOT241", M + "  hearts 10\n", 3, 10, "more than one hearts line"),
    ("KOT242", 'monster "Sample"\n  hearts 0\n', 2, 10, "starting hearts must be 1..99"),
    ("KOT242", M + "  With 9 power faces, gain 2 energy.\n", 3, 8, "1..8 power faces, got 9"),
    ("KOT242", M + "  With 2 power face, gain 2 energy.\n", 3, 16, "write `2 power faces`"),
    ("KOT242", M + "  With 2 power faces, gain 0 energy.\n", 3, 28, "must be 1..99, got 0"),
    ("KOT242", M + "  With 3 power faces, add 2 face of a kind you choose.\n", 3, 29,
     "write `2 faces`"),
    ("KOT242", M + "  With 2 power faces, pull the Fame marker 2 space.\n", 3, 46,
     "write `2 spaces`"),
    ("KOT243", M + "  With 2 power faces, gain 2 stars.\n", 3, 30, "energy, not stars"),
    ("KOT243", M + "  With 2 power faces, add 2 faces of a kind you choose.\n", 3, 27,
     "may add at most 1"),
    ("KOT204", M + '  alias de "Muster"\n', 3, 9, "unknown alias language 'de'"),
]


@pytest.mark.parametrize(("code", "text", "line", "column", "fragment"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_code_line_column_message(code: str, text: str, line: int, column: int,
                                  fragment: str) -> None:
    found = check_text(text, "x.kot", DUEL)
    assert [(d.code, d.line, d.column) for d in found] == [(code, line, column)], [
        d.render() for d in found]
    assert fragment in found[0].message
    assert found[0].hint and "docs: codes/" in found[0].hint
    assert f"x.kot:{line}:{column}: error[{code}]" in found[0].render()


def test_a_duel_word_is_refused_in_king_of_tokyo() -> None:
    found = check_text(M + "  With 2 power faces, place or move one of your King tiles.\n",
                       "x.kot", "king-of-tokyo")
    assert [(d.code, d.line, d.column) for d in found] == [("KOT223", 3, 23)]


def test_a_monster_file_is_told_from_a_card_file() -> None:
    assert is_monster_text("# a comment\n\nmonster \"X\"\n")
    assert not is_monster_text('card "X"\n  cost 3, keep\n')
    assert not is_monster_text('monsters "X"\n')


class TestTheBuiltInBoards:
    def test_they_parse_clean(self) -> None:
        found = {}
        for path in sorted(FOLDER.glob("*.kot")):
            ms, problems = parse_monster_text(path.read_text(encoding="utf-8"), str(path), DUEL)
            assert problems == [] and len(ms) == 1, [d.render() for d in problems]
            found[ms[0].name] = ms[0]
        assert {n: m.hearts for n, m in found.items()} == {
            "Alienoid": 14, "Cyber Kitty": 13, "Gigazaur": 14, "Meka Dragon": 12,
            "Space Penguin": 13, "The King": 15}
        assert found["Meka Dragon"].has(ModifierKind.MULTIPLY_SMASH)
        assert [e.verb for e in found["Gigazaur"].powers[0].choices] == [
            Verb.PULL_FAME, Verb.PULL_DESTRUCTION]

    def test_they_format_to_themselves(self) -> None:
        for path in sorted(FOLDER.glob("*.kot")):
            result = format_file(path)  # the game read from the folder
            assert result.canonical is not None and not result.changed, result.diagnostics

    def test_the_formatter_mends_spacing_and_keeps_comments(self) -> None:
        text = ('# top\nmonster   "Sample"\n    hearts   9\n    # why\n'
                "    With  2 power  faces,  gain 2   energy.  # note\n")
        canonical, found = format_monster_text(text, "x.kot", DUEL)
        assert found == []
        assert canonical == ('# top\nmonster "Sample"\n  hearts 9\n  # why\n'
                             "  With 2 power faces, gain 2 energy.  # note\n")
        assert format_monster_text(canonical, "x.kot", DUEL)[0] == canonical

    def test_the_uses_follow_the_text_order(self) -> None:
        (kitty,), _ = parse_monster_text(
            (FOLDER / "cyber-kitty.kot").read_text(encoding="utf-8"), "k", DUEL)
        got = []
        for faces in range(2, 7):
            left, energy = faces, 0
            while (p := uses(kitty.powers, left)) is not None:
                left -= p.faces
                energy += p.effect.amount
            got.append(energy)
        assert got == [2, 4, 4, 6, 8]


class TestCheck:
    def test_duel_counts_its_monsters(self) -> None:
        report = check_paths([SPEC / DUEL], DUEL)
        assert report.ok and len(report.monsters) == 6
        text = _check([SPEC / DUEL], [], DUEL, proofs=False)["text"]
        assert text.endswith("cards and 6 monsters: 0 errors, 0 warnings\n")

    def test_king_of_tokyo_is_unchanged(self) -> None:
        out = _check([SPEC / "king-of-tokyo"], [], "king-of-tokyo", proofs=False)
        assert out["text"] == "checked 66 cards (64 titles): 0 errors, 0 warnings\n"
        assert "monsters" not in out["json"]

    def test_a_broken_monster_file_fails_the_check(self, tmp_path: Path) -> None:
        (tmp_path / "x.kot").write_text('monster "X"\n  hearts 0\n', encoding="utf-8")
        report = check_paths([tmp_path], DUEL)
        assert not report.ok and [d.code for d in report.diagnostics] == ["KOT242"]
