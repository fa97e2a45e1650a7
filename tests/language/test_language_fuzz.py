"""Hypothesis: no input makes the parser raise, and every diagnostic points inside the file."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kot_rules.language import CODES, Diagnostic, check_paths, parse_text

VALID = (
    '# King of Tokyo\ncard "Even Bigger"\n  cost 4, keep\n  alias pl "Jeszcze większy!"\n'
    '  alias cz "Větší než jste čekali"\n\ncard "Extra Head"\n  cost 7, keep, copies 2\n'
    '\ncard "Gas Refinery"\n  cost 6, discard\n  Gain 2 stars. Take 1 damage.\n'
    '  Each other monster takes 3 damage.\n  Each other monster loses 1 star.\n'
    '\ncard "Urbavore"\n  cost 4, keep\n'
    '  While you are in Tokyo, your attacks deal 1 extra damage.\n'
    '  Once per turn, at the end of your turn, if you are in Tokyo, gain 1 star.\n'
    '  When you resolve your dice, if they show a 1, a 2 and a 3, gain 2 stars.\n'
    '  When you score a set of 1s, each of your neighbours takes 1 damage.\n'
    '  At the end of your turn, gain 1 star for every 6 energy you have.\n'
    '  You roll 1 extra die.\n  Whenever you gain energy, gain 1 more energy.\n'
).encode()

# Pieces of the language, so random text reaches deep parser states, not only the first token.
PIECES = ["card", "cost", "alias", "copies", "keep", "discard", "pl", "cz", '"', '"A"', ",",
          " ", "  ", "\t", "\n", "\r\n", "#", "\\", "4", "99", "-", "x", "\x00", "ł", "\ufeff",
          "Gain", "Heal", "Take", "Each", "Every", "other", "monster", "takes", "loses", "star",
          "stars", "energy", "damage", ".", "1", "0", "\n  ", "gain", "s",
          "When", "when", "At", "at", "Once", "once", "per", "turn", "you", "You", "Your", "your",
          "attack", "attacks", "buy", "this", "another", "score", "a", "set", "of", "1s", "4s",
          "resolve", "dice", "die", "lose", "or", "more", "hearts", "if", "are", "in", "Tokyo",
          "they", "show", "every", "each", "neighbours", "neighbors", "for", "have", "no",
          "maximum", "is", "higher", "roll", "rolls", "extra", "Cards", "less", "While",
          "Whenever", "deal", "hit", "the", "end", "start", "and", "2", "3", ", "]

SETTINGS = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


def _assert_sane(diagnostics: list[Diagnostic], line_count: int) -> None:
    for diagnostic in diagnostics:
        assert diagnostic.code in CODES
        if diagnostic.line == 0:
            assert diagnostic.column == 0
        else:
            assert 1 <= diagnostic.line <= line_count + 1, diagnostic.render()
            assert diagnostic.column >= 1, diagnostic.render()
        assert isinstance(diagnostic.render(), str)
        assert diagnostic.to_json()["code"] == diagnostic.code


def test_the_valid_file_is_valid() -> None:
    cards, diagnostics = parse_text(VALID.decode(), "valid.kot")
    assert diagnostics == []
    assert [len(c.effects) for c in cards] == [0, 0, 4, 0]
    assert [(len(c.modifiers), len(c.abilities)) for c in cards] == [(0, 0), (0, 0), (0, 0),
                                                                      (3, 4)]


class TestNeverRaises:
    @SETTINGS
    @given(st.text(max_size=300))
    def test_random_text(self, text: str) -> None:
        _, diagnostics = parse_text(text, "fuzz.kot")
        _assert_sane(diagnostics, text.count("\n") + 1)

    @SETTINGS
    @given(st.lists(st.sampled_from(PIECES), max_size=60))
    def test_random_language_pieces(self, pieces: list[str]) -> None:
        text = "".join(pieces)
        _, diagnostics = parse_text(text, "fuzz.kot")
        _assert_sane(diagnostics, text.count("\n") + 1)

    @SETTINGS
    @given(st.lists(st.tuples(st.sampled_from(["set", "insert", "delete"]),
                              st.integers(min_value=0, max_value=len(VALID)),
                              st.integers(min_value=0, max_value=255)),
                    min_size=1, max_size=8))
    def test_byte_mutations_of_a_valid_file(self, tmp_path: Path,
                                            edits: list[tuple[str, int, int]]) -> None:
        data = bytearray(VALID)
        for action, index, value in edits:
            index = min(index, len(data))
            if action == "insert":
                data.insert(index, value)
            elif index < len(data):
                if action == "set":
                    data[index] = value
                else:
                    del data[index]
        path = tmp_path / "mutated.kot"
        path.write_bytes(bytes(data))
        report = check_paths([path])
        _assert_sane(report.diagnostics, bytes(data).count(b"\n") + 1)
        assert report.ok == (not any(d.severity == "error" for d in report.diagnostics))


@pytest.mark.parametrize("text", [
    "(" * 100_000,
    "card " * 50_000,
    'card "A"\n' + "".join("  " * i + "cost 1, keep\n" for i in range(1, 2000)),
    "\x00" * 10_000,
    "card \"A\"\n  cost 1, keep\n" * 5_000,
])
def test_pathological_inputs(text: str) -> None:
    _, diagnostics = parse_text(text, "big.kot")
    _assert_sane(diagnostics, text.count("\n") + 1)
