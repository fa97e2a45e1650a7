"""Diagnostic values: rendering, JSON, the code table, the exception."""

from __future__ import annotations

import re

import pytest

from kot_rules.language import CODES, CardSpecError, Diagnostic, parse_text
from kot_rules.language.diagnostics import WARNING_CODES, make_diagnostic


class TestRendering:
    def test_exact_format(self) -> None:
        diagnostic = Diagnostic(
            "path/to/file.kot", 3, 8, "KOT102", "error",
            "cost must be a whole number from 0 to 99, got 'x'",
            "write the cost in energy, e.g. `cost 4, keep`", "  cost x, keep")
        assert diagnostic.render() == (
            "path/to/file.kot:3:8: error[KOT102]: cost must be a whole number from 0 to 99, "
            "got 'x'\n"
            "  cost x, keep\n"
            "       ^\n"
            "  hint: write the cost in energy, e.g. `cost 4, keep`")

    def test_the_parser_produces_that_exact_text(self) -> None:
        text = '# c\ncard "A"\n  cost x, keep\n'
        _, (diagnostic,) = parse_text(text, "path/to/file.kot")
        assert diagnostic.render() == (
            "path/to/file.kot:3:8: error[KOT102]: cost must be a whole number from 0 to 99, "
            "got 'x'\n"
            "  cost x, keep\n"
            "       ^\n"
            "  hint: write the cost in energy, e.g. `cost 4, keep` (docs: codes/KOT102/)")

    def test_file_level_has_no_source_or_caret(self) -> None:
        diagnostic = make_diagnostic("f.kot", "KOT100", 0, 0, "no such file or folder")
        assert diagnostic.render() == ("f.kot:0:0: error[KOT100]: no such file or folder\n"
                                       "  hint: docs: codes/KOT100/")

    def test_tabs_keep_the_caret_aligned_and_control_characters_are_hidden(self) -> None:
        diagnostic = make_diagnostic("f", "KOT110", 1, 3, "m", None, "\t\x00x")
        lines = diagnostic.render().split("\n")
        assert lines[1] == "\t\N{REPLACEMENT CHARACTER}x"
        assert lines[2] == "\t ^"

    def test_a_long_line_is_shown_as_a_window_around_the_caret(self) -> None:
        line = "a" * 5000 + "X" + "b" * 5000
        diagnostic = make_diagnostic("f", "KOT110", 1, 5001, "m", None, line)
        _, shown, caret, _ = diagnostic.render().split("\n")
        assert len(shown) <= 120
        assert shown[caret.index("^")] == "X"


class TestJson:
    def test_keys_and_values(self) -> None:
        diagnostic = make_diagnostic("f.kot", "KOT211", 2, 3, "m", "h", "src")
        assert diagnostic.to_json() == {
            "file": "f.kot", "line": 2, "column": 3, "code": "KOT211",
            "severity": "warning", "message": "m", "hint": "h (docs: codes/KOT211/)"}


class TestCodeTable:
    def test_codes_are_numbered_and_described(self) -> None:
        for code, description in CODES.items():
            assert re.fullmatch(r"KOT[123][0-9]{2}", code)  # 3xx: failed proofs
            assert description and "\n" not in description
        assert set(CODES) >= WARNING_CODES

    def test_an_undocumented_code_is_refused(self) -> None:
        with pytest.raises(ValueError, match="undocumented"):
            make_diagnostic("f", "KOT999", 1, 1, "m")


class TestCardSpecError:
    def test_carries_and_renders_its_diagnostics(self) -> None:
        diagnostics = [make_diagnostic("f", "KOT100", 0, 0, "a"),
                       make_diagnostic("g", "KOT100", 0, 0, "b")]
        error = CardSpecError(diagnostics)
        assert isinstance(error, ValueError)
        assert error.diagnostics == tuple(diagnostics)
        assert str(error) == ("f:0:0: error[KOT100]: a\n  hint: docs: codes/KOT100/\n"
                              "g:0:0: error[KOT100]: b\n  hint: docs: codes/KOT100/")


class TestDocLink:
    """Every hint ends with the path of its code's page on the site (codes/KOT123/)."""

    def test_a_hint_keeps_its_text_and_gains_the_path(self) -> None:
        diagnostic = make_diagnostic("f", "KOT113", 1, 1, "m", "end it with a period")
        assert diagnostic.hint == "end it with a period (docs: codes/KOT113/)"

    def test_a_diagnostic_without_a_hint_gets_the_path_alone(self) -> None:
        assert make_diagnostic("f", "KOT100", 0, 0, "m").hint == "docs: codes/KOT100/"

    @pytest.mark.parametrize("code", sorted(CODES))
    def test_every_code_names_its_own_page(self, code: str) -> None:
        hint = make_diagnostic("f", code, 0, 0, "m", "h").hint
        assert hint is not None and hint.endswith(f"(docs: codes/{code}/)")
