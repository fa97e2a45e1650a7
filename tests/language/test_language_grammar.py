"""The grammar file: builds strictly, names every terminal, and reads the layout it promises."""

from __future__ import annotations

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput

from kot_rules.language import CardKind, parse_text
from kot_rules.language.parser import _EXAMPLES, _CardIndenter, _match_example, card_parser
from kot_rules.paths import grammar_dir

EXAMPLE = """\
# comment
card "Even Bigger"
  cost 4, keep
  alias pl "Jeszcze większy!"
  alias cz "Větší, než jste čekali"

card "Extra Head"
  cost 7, keep, copies 2
"""


class TestGrammarBuild:
    def test_builds_in_strict_lalr_mode(self) -> None:
        # Strict mode needs the optional `interegular` package (lark[interegular]);
        # without it the parser silently builds non-strict, so fail loudly here.
        try:
            import interegular  # noqa: F401
        except ImportError:  # pragma: no cover
            pytest.fail("strict mode needs `interegular`: depend on lark[interegular]")
        text = (grammar_dir() / "cards.lark").read_text(encoding="utf-8")
        parser = Lark(text, parser="lalr", strict=True, propagate_positions=True,
                      postlex=_CardIndenter())
        assert parser.parse("\n" + EXAMPLE) is not None

    def test_every_terminal_is_named(self) -> None:
        names = [t.name for t in card_parser().terminals]
        assert names
        assert not [n for n in names if n.startswith("__ANON")]

    def test_the_parser_is_built_once(self) -> None:
        assert card_parser() is card_parser()


class TestLayout:
    def test_the_brief_example(self) -> None:
        cards, diagnostics = parse_text(EXAMPLE, "x.kot")
        assert diagnostics == []
        bigger, head = cards
        assert (bigger.name, bigger.cost, bigger.kind, bigger.copies) == (
            "Even Bigger", 4, CardKind.KEEP, 1)
        assert [(a.language, a.name) for a in bigger.aliases] == [
            ("pl", "Jeszcze większy!"), ("cz", "Větší, než jste čekali")]
        assert (head.slug, head.copies) == ("extra-head", 2)
        assert (bigger.position.line, bigger.position.column) == (2, 1)
        assert (bigger.aliases[1].position.line, bigger.aliases[1].position.column) == (5, 3)

    @pytest.mark.parametrize("text", [
        'card "A"\n  cost 1, discard',                      # no final newline
        'card "A"\r\n  cost 1, discard\r\n',                 # CRLF
        'card "A"\n\tcost 1, discard\n',                     # tab indentation
        'card "A"\n      cost 1 ,  discard   # trailing comment\n\n\n',
        '\n\n# a\n   # b\ncard "A"  # c\n  # d\n\n  cost 1, discard\n  # e\n',
        'card "A"\n  cost 1, discard\n   \n',                # whitespace-only last line
    ])
    def test_layout_variants(self, text: str) -> None:
        cards, diagnostics = parse_text(text, "x.kot")
        assert diagnostics == []
        assert [(c.name, c.cost, c.kind) for c in cards] == [("A", 1, CardKind.DISCARD)]

    def test_string_escapes(self) -> None:
        cards, diagnostics = parse_text('card "Say \\"Hi\\" \\\\ bye"\n  cost 0, keep\n', "x")
        assert diagnostics == []
        assert cards[0].name == 'Say "Hi" \\ bye'

    def test_lines_in_any_order_and_leading_zeros(self) -> None:
        cards, diagnostics = parse_text('card "A"\n  alias pl "B"\n  cost 007, keep\n', "x")
        assert diagnostics == []
        assert cards[0].cost == 7
        assert cards[0].aliases[0].name == "B"

    def test_positions_after_a_broken_card(self) -> None:
        text = 'card "A"\n  cost x, keep\n\ncard "B"\n  cost 2, keep\n'
        cards, diagnostics = parse_text(text, "x")
        assert [c.name for c in cards] == ["B"]
        assert cards[0].position.line == 4
        assert [(d.code, d.line) for d in diagnostics] == [("KOT102", 2)]


class TestErrorExamples:
    @pytest.mark.parametrize(("label", "example"),
                             [(label, ex) for label, exs in _EXAMPLES.items() for ex in exs])
    def test_each_example_fails_and_matches_its_own_label(self, label: str, example: str) -> None:
        with pytest.raises(UnexpectedInput) as raised:
            card_parser().parse(example)
        assert _match_example(raised.value) == label
