"""One negative test per diagnostic code, pinning code, line, column and message."""

from __future__ import annotations

from pathlib import Path

import pytest

from kot_rules.language import CODES, check_paths, parse_text
from kot_rules.language.parser import MAX_BYTES, MAX_DIAGNOSTICS, decode_card_bytes

# (code, file text, line, column, message fragment). Each text has one problem.
TEXT_CASES: list[tuple[str, str, int, int, str]] = [
    ("KOT102", 'card "A"\n  cost x, keep\n', 2, 8,
     "cost must be a whole number from 0 to 99, got 'x'"),
    ("KOT102", 'card "A"\n  cost -1, keep\n', 2, 8, "got '-1'"),
    ("KOT102", 'card "A"\n  cost 4.5, keep\n', 2, 8, "got '4.5'"),
    ("KOT102", 'card "A"\n  cost 4x, keep\n', 2, 8, "got '4x'"),
    ("KOT102", 'card "A"\n  cost 7, keep, copies two\n', 2, 24,
     "copies must be a whole number from 1 to 99, got 'two'"),
    ("KOT103", 'card "A"\n  cost 4 keep\n', 2, 10,
     "expected ',' between the cost and the card type"),
    ("KOT103", 'card "A"\n  cost 7, keep copies 2\n', 2, 16,
     "expected ',' between the card type and 'copies'"),
    ("KOT104", 'card "A"\n  cost 4, kept\n', 2, 11,
     "unknown card type 'kept'; did you mean 'keep'?"),
    ("KOT104", 'card "A"\n  cost 4, Discard\n', 2, 11, "did you mean 'discard'?"),
    ("KOT104", 'card "A"\n  cost 4, keeps\n', 2, 11, "unknown card type 'keeps'"),
    ("KOT105", 'card "Even Bigger\n  cost 4, keep\n', 1, 6, "no closing quote"),
    ("KOT105", 'card "A\\nB"\n  cost 4, keep\n', 1, 8, "unknown escape '\\n'"),
    ("KOT105", 'card "A\x07"\n  cost 4, keep\n', 1, 8, "control character '\\x07'"),
    ("KOT106", "card Even Bigger\n  cost 4, keep\n", 1, 6,
     "the card name must be in double quotes, got 'Even'"),
    ("KOT106", 'card "A"\n  cost 4, keep\n  alias pl Potwor\n', 3, 12,
     "the alias name must be in double quotes"),
    ("KOT107", 'card "A"\ncost 4, keep\n', 2, 1, "'cost' must be indented under its `card` line"),
    ("KOT107", 'card "A"\n  cost 4, keep\n      alias pl "B"\n', 3, 7,
     "indented more than the line above"),
    ("KOT107", 'card "A"\n    cost 4, keep\n  alias pl "B"\n', 3, 3,
     "indentation matches no line above"),
    ("KOT107", 'card "A"\n  cost 4, keep\n  card "B"\n', 3, 3,
     "a `card` line must start at the beginning of the line"),
    ("KOT108", 'card "A"\n  cots 4, keep\n', 2, 3, "got 'cots'; did you mean 'cost'?"),
    ("KOT108", 'cost 4, keep\n', 1, 1, "expected a `card \"NAME\"` line, got 'cost'"),
    ("KOT108", 'cards "A"\n  cost 4, keep\n', 1, 1, "unknown word 'cards'; did you mean 'card'?"),
    ("KOT109", 'card "A"\n  cost 4,\n', 2, 10,
     "the line ends too early: expected 'discard' or 'keep'"),
    ("KOT109", "card\n", 1, 5, "the line ends too early: expected a name in double quotes"),
    ("KOT109", 'card "A"\n  alias pl\n', 2, 11, "expected a name in double quotes"),
    ("KOT110", 'card "A"\n  cost 4, keep\x00\n', 2, 15, "unexpected character '\\x00'"),
    ("KOT110", '\ufeffcard "A"\n', 1, 1, "unexpected character '\\ufeff'"),
    ("KOT111", 'card "A" keep\n  cost 4, keep\n', 1, 10,
     "expected the end of the line, got 'keep'"),
    ("KOT111", 'card "A"\n  cost 4, keep, copy 2\n', 2, 17,
     "expected 'copies' after ',', got 'copy'"),
    ("KOT202", 'card "A"\n  cost 100, keep\n', 2, 8, "cost must be from 0 to 99, got 100"),
    ("KOT202", 'card "A"\n  cost 99999999999999999999999, keep\n', 2, 8, "cost must be from 0"),
    ("KOT203", 'card "A"\n  cost 7, keep, copies 0\n', 2, 24, "copies must be from 1 to 99, got 0"),
    ("KOT204", 'card "A"\n  cost 4, keep\n  alias de "B"\n', 3, 9,
     "unknown alias language 'de'; use pl or cz"),
    ("KOT204", 'card "A"\n  cost 4, keep\n  alias pol "B"\n', 3, 9, "unknown alias language 'pol'"),
    ("KOT205", 'card "A"\n  cost 4, keep\n  alias pl "Bę"\n  alias pl "BĘ"\n', 4, 12,
     "alias pl 'BĘ' is already given at line 3"),
    ("KOT206", 'card " "\n  cost 4, keep\n', 1, 6, "the card name is empty"),
    ("KOT206", 'card "A"\n  cost 4, keep\n  alias cz ""\n', 3, 12, "the alias name is empty"),
    ("KOT207", 'card "?!"\n  cost 4, keep\n', 1, 6, "has no letter or digit"),
    ("KOT208", 'card "Jeszcze większy!"\n  cost 4, keep\n', 1, 6,
     "the card name must be plain ASCII English"),
    ("KOT209", 'card "A"\n  alias pl "B"\n', 1, 6, "card 'A' has no cost line"),
    ("KOT209", 'card "A"\n', 1, 6, "card 'A' has no cost line"),
    ("KOT210", 'card "A"\n  cost 4, keep\n  cost 5, keep\n', 3, 3,
     "card 'A' has a second cost line (the first is at line 2)"),
    ("KOT201", 'card "A"\n  cost 4, keep\ncard "a"\n  cost 4, keep\n', 3, 1,
     "card 'a' is already defined at x.kot:1:1"),
    ("KOT201", 'card "Tank"\n  cost 4, keep, copies 2\ncard "Tank 1"\n  cost 4, keep\n', 3, 1,
     "has the card id 'tank-1', already used by 'Tank'"),
    ("KOT211", 'card "A"\n  cost 4, keep\n  alias pl "Kot"\ncard "B"\n  cost 4, keep\n'
     '  alias cz "kot"\n', 6, 3, "alias 'kot' also names card 'A'"),
    ("KOT212", "# nothing here\n", 0, 0, "the file defines no card"),
]


def _only(text: str, code: str) -> list[tuple[str, int, int, str]]:
    _, diagnostics = parse_text(text, "x.kot")
    return [(d.code, d.line, d.column, d.message) for d in diagnostics if d.code == code]


class TestTextDiagnostics:
    @pytest.mark.parametrize(("code", "text", "line", "column", "fragment"), TEXT_CASES,
                             ids=[f"{c[0]}-{i}" for i, c in enumerate(TEXT_CASES)])
    def test_code_line_column_message(self, code: str, text: str, line: int, column: int,
                                      fragment: str) -> None:
        _, diagnostics = parse_text(text, "x.kot")
        assert [d.code for d in diagnostics] == [code], [d.render() for d in diagnostics]
        (diagnostic,) = diagnostics
        assert (diagnostic.line, diagnostic.column) == (line, column)
        assert fragment in diagnostic.message
        expected = "warning" if code in ("KOT211", "KOT212") else "error"
        assert diagnostic.severity == expected

    def test_one_bad_card_does_not_hide_the_others(self) -> None:
        text = ('card "A"\n  cost x, keep\ncard "B"\n  cost 4 keep\n'
                'card "C"\n  cost 4, keep\ncard "D"\n  cost 4, kept\n')
        cards, diagnostics = parse_text(text, "x.kot")
        assert [c.name for c in cards] == ["C"]
        assert [(d.code, d.line) for d in diagnostics] == [
            ("KOT102", 2), ("KOT103", 4), ("KOT104", 8)]

    def test_too_many_problems_are_cut_off(self) -> None:
        text = "".join("card X\n" for _ in range(MAX_DIAGNOSTICS + 5))
        _, diagnostics = parse_text(text, "x.kot")
        assert len(diagnostics) == MAX_DIAGNOSTICS + 1
        note = diagnostics[-1]
        assert (note.code, note.line, note.column) == ("KOT199", MAX_DIAGNOSTICS + 1, 6)
        assert "more than 100 problems" in note.message

    def test_huge_text(self) -> None:
        _, diagnostics = parse_text("#" * (MAX_BYTES + 1), "x.kot")
        assert [(d.code, d.line, d.column) for d in diagnostics] == [("KOT112", 0, 0)]


class TestFileDiagnostics:
    def test_missing_path(self, tmp_path: Path) -> None:
        report = check_paths([tmp_path / "nope.kot"])
        assert not report.ok
        assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("KOT100", 0, 0)]
        assert "no such file or folder" in report.diagnostics[0].message

    def test_folder_without_card_files(self, tmp_path: Path) -> None:
        report = check_paths([tmp_path])
        assert [(d.code, d.message) for d in report.diagnostics] == [
            ("KOT100", "the folder holds no .kot file")]

    def test_not_utf8(self, tmp_path: Path) -> None:
        path = tmp_path / "bad.kot"
        # Line 3 is `  alias pl "Ż` then a byte that no UTF-8 character starts with.
        path.write_bytes(b'card "A"\n  cost 4, keep\n  alias pl "\xc5\xbb\xff"\n')
        report = check_paths([path])
        (diagnostic,) = report.diagnostics
        assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("KOT101", 3, 14)
        assert "byte 0xff" in diagnostic.message
        assert diagnostic.source_line == '  alias pl "Ż\N{REPLACEMENT CHARACTER}"'

    def test_not_utf8_on_the_first_line(self) -> None:
        text, (diagnostic,) = decode_card_bytes(b"ab\x80cd\n", "f")
        assert text is None
        assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("KOT101", 1, 3)

    def test_byte_order_mark_is_accepted(self) -> None:
        text, diagnostics = decode_card_bytes(b'\xef\xbb\xbfcard "A"\n', "f")
        assert (text, diagnostics) == ('card "A"\n', [])

    def test_too_large(self, tmp_path: Path) -> None:
        path = tmp_path / "big.kot"
        path.write_bytes(b"#" * (MAX_BYTES + 1))
        (diagnostic,) = check_paths([path]).diagnostics
        assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("KOT112", 0, 0)

    def test_duplicate_across_files_is_reported_at_the_second(self, tmp_path: Path) -> None:
        (tmp_path / "a.kot").write_text('card "A"\n  cost 4, keep\n', encoding="utf-8")
        (tmp_path / "b.kot").write_text('# b\ncard "A"\n  cost 5, keep\n', encoding="utf-8")
        report = check_paths([tmp_path])
        (diagnostic,) = report.diagnostics
        assert (diagnostic.code, diagnostic.file, diagnostic.line, diagnostic.column) == (
            "KOT201", str(tmp_path / "b.kot"), 2, 1)
        assert f"already defined at {tmp_path / 'a.kot'}:1:1" in diagnostic.message
        assert diagnostic.source_line == 'card "A"'
        assert report.cards == 1

    def test_same_file_twice_is_not_a_duplicate(self, tmp_path: Path) -> None:
        path = tmp_path / "a.kot"
        path.write_text('card "A"\n  cost 4, keep\n', encoding="utf-8")
        report = check_paths([path, tmp_path])
        assert (report.ok, report.cards, report.diagnostics) == (True, 1, [])


def test_every_code_has_a_negative_test() -> None:
    """Keeps this file in step with the code table."""
    covered = {case[0] for case in TEXT_CASES} | {
        "KOT100", "KOT101", "KOT112", "KOT199"}  # tested above, outside the table
    assert covered == set(CODES)
