"""``kot-rules fmt`` (the card-file formatter) and ``kot-rules cards list|show``."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kot_rules.language import formatter as formatter_module
from kot_rules.language import parse_text, strip_positions
from kot_rules.language.formatter import REFUSAL_CODE, format_text
from kot_rules.surfaces.cli import main

REPO = Path(__file__).resolve().parents[2]
BUILTIN = REPO / "spec" / "cards" / "king-of-tokyo"
BUILTIN_FILES = sorted(BUILTIN.glob("*.kot"))
ALL_CARD_FILES = sorted((REPO / "spec" / "cards").rglob("*.kot"))
"""Every card file of every game (fmt reads the whole tree)."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def definitions(text: str) -> list[object]:
    cards, diagnostics = parse_text(text, "x.kot")
    assert not [d for d in diagnostics if d.is_error], [d.render() for d in diagnostics]
    return [strip_positions(card) for card in cards]


# Extra spaces, tabs, lines out of order, several sentences on one line, CRLF,
# `copies 1`, comments everywhere (before, inside, after, at line ends, between cards).
MESSY = (
    "   # The test cards.  \r\n"
    "\r\n"
    "\r\n"
    "# Second paragraph of the header.\r\n"
    "\r\n"
    'card   "Gas Test"\t # header note   \r\n'
    "# about the effects (written at column 0, inside the card)\r\n"
    "\tGain 2 stars.   Take 3 damage.  # both sentences\r\n"
    "\t# about the alias\r\n"
    '\talias   pl\t"Gaz # to nie komentarz"\r\n'
    "\tcost 6 ,discard , copies 1   # cost note\r\n"
    "\t# end of the card\r\n"
    "\r\n"
    "\r\n"
    "  # still the card's\r\n"
    "\r\n"
    "# about the next card\r\n"
    "\r\n"
    "\r\n"
    'card "Two Test"\r\n'
    '    alias cz "Dva"\r\n'
    "    cost 3,keep,copies 02\r\n"
    '    alias pl "Dwa"   \r\n'
    'card "Three Test"\r\n'
    "  Each other monster loses 1 star. Every monster takes 1 damage.\r\n"
    "  cost 2, discard\r\n"
    "\r\n"
    "# footer\r\n"
    "   \r\n"
)
MESSY_CANONICAL = (
    "# The test cards.\n"
    "\n"
    "# Second paragraph of the header.\n"
    "\n"
    'card "Gas Test"  # header note\n'
    "  cost 6, discard  # cost note\n"
    "  # about the alias\n"
    '  alias pl "Gaz # to nie komentarz"\n'
    "  # about the effects (written at column 0, inside the card)\n"
    "  Gain 2 stars.\n"
    "  Take 3 damage.  # both sentences\n"
    "  # end of the card\n"
    "  # still the card's\n"
    "\n"
    "# about the next card\n"
    "\n"
    'card "Two Test"\n'
    "  cost 3, keep, copies 2\n"
    '  alias cz "Dva"\n'
    '  alias pl "Dwa"\n'
    "\n"
    'card "Three Test"\n'
    "  cost 2, discard\n"
    "  Each other monster loses 1 star.\n"
    "  Every monster takes 1 damage.\n"
    "\n"
    "# footer\n"
)
MESSY_COMMENTS = [
    "# The test cards.", "# Second paragraph of the header.", "# header note",
    "# about the effects (written at column 0, inside the card)", "# both sentences",
    "# about the alias", "# cost note", "# end of the card", "# still the card's",
    "# about the next card", "# footer",
]
CANONICAL = 'card "Alpha Test"\n  cost 3, keep\n  alias pl "Alfa"  # note\n'
BROKEN = 'card "Broken Test"\n  cost x, keep\n'


# -- format_text ----------------------------------------------------------------------


@pytest.mark.parametrize("path", BUILTIN_FILES, ids=lambda p: p.name)
def test_every_builtin_card_file_is_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == (text, [])


def test_a_messy_file_becomes_canonical_with_every_comment_kept() -> None:
    canonical, diagnostics = format_text(MESSY, "messy.kot")
    assert diagnostics == []
    assert canonical == MESSY_CANONICAL
    for comment in MESSY_COMMENTS:
        assert canonical.count(comment) == 1, comment
    assert definitions(canonical) == definitions(MESSY)
    assert "\r" not in canonical and not re.search(r"[ \t]\n", canonical)
    assert canonical.endswith("\n") and not canonical.endswith("\n\n")


def test_formatting_is_idempotent() -> None:
    canonical, _ = format_text(MESSY, "messy.kot")
    assert canonical is not None
    assert format_text(canonical, "messy.kot") == (canonical, [])


def test_a_file_with_errors_is_not_formatted() -> None:
    canonical, diagnostics = format_text(BROKEN, "broken.kot")
    assert canonical is None
    assert [(d.file, d.line, d.column, d.code) for d in diagnostics] == [
        ("broken.kot", 2, 8, "KOT102")]


def test_warnings_do_not_stop_formatting() -> None:
    # KOT214 (star agreement): the canonical sentence agrees with its amount.
    text = 'card "A Test"\n  cost 3, discard\n  Gain 1 stars.  # one\n'
    assert format_text(text, "a.kot") == (
        'card "A Test"\n  cost 3, discard\n  Gain 1 star.  # one\n', [])


@pytest.mark.parametrize(("text", "expected"), [
    ("", ""),
    ("\n\n", ""),
    ("# only a comment  \n\n\n  # and another\n\n", "# only a comment\n\n# and another\n"),
])
def test_files_without_cards(text: str, expected: str) -> None:
    assert format_text(text, "empty.kot") == (expected, [])


def test_hash_and_escaped_quotes_inside_names_are_not_comments() -> None:
    text = 'card "Q \\"#1\\" Test"   # real\n  cost 1,keep\n  alias pl "a # b \\\\"\n'
    assert format_text(text, "q.kot") == (
        'card "Q \\"#1\\" Test"  # real\n  cost 1, keep\n  alias pl "a # b \\\\"\n', [])


def test_comment_before_the_first_line_of_a_card_moves_with_it() -> None:
    text = ('card "B Test"\n  # the alias comes first here\n  alias pl "Be"\n'
            "  # then the cost\n  cost 3, keep\n")
    assert format_text(text, "b.kot") == (
        'card "B Test"\n  # then the cost\n  cost 3, keep\n'
        '  # the alias comes first here\n  alias pl "Be"\n', [])


def test_a_footer_right_after_a_card_stays_there() -> None:
    text = 'card "C Test"\n  cost 3, keep\n# footer\n'
    assert format_text(text, "c.kot") == (text, [])


def test_the_formatter_refuses_rather_than_lose_a_comment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def layout_without_comments(cards: object, lines: object) -> str:
        return 'card "Alpha Test"\n  cost 3, keep\n  alias pl "Alfa"\n'

    monkeypatch.setattr(formatter_module, "_layout", layout_without_comments)
    canonical, diagnostics = format_text(CANONICAL, "alpha.kot")
    assert canonical is None
    (d,) = diagnostics
    assert (d.code, d.line, d.is_error) == (REFUSAL_CODE, 3, True)
    assert "formatting would lose this comment" in d.message


def test_the_formatter_refuses_rather_than_change_a_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(formatter_module, "_layout",
                        lambda cards, lines: 'card "Alpha Test"\n  cost 4, keep\n')
    canonical, diagnostics = format_text(CANONICAL, "alpha.kot")
    assert canonical is None
    assert "would not define the same cards" in diagnostics[0].message


# Random card files: random layout, order, comments and line ends; formatting
# keeps every definition and comment, and a second run changes nothing.
_COMMENT_TEXT = st.text(alphabet=st.sampled_from('ab #"\\.,ąś '), max_size=12)
_SENTENCES = ["Gain 2 stars.", "Gain 1 star.", "Heal 2.", "Take 3 damage.",
              "Gain 4 energy.", "Each other monster takes 2 damage.",
              "Each other monster loses 1 star.", "Every monster takes 1 damage."]


@st.composite
def _card_files(draw: st.DrawFn) -> str:
    space = st.sampled_from([" ", "  ", "\t", " \t "])
    newline = draw(st.sampled_from(["\n", "\r\n"]))

    def comment() -> str:
        return "#" + draw(_COMMENT_TEXT)

    def end() -> str:
        return (draw(space) + comment() if draw(st.booleans()) else "") + newline

    lines: list[str] = []
    for number in range(draw(st.integers(1, 3))):
        for _ in range(draw(st.integers(0, 2))):
            lines.append(draw(st.sampled_from(["", "  ", "\t"])) + comment() + newline
                         if draw(st.booleans()) else newline)
        lines.append(f'card{draw(space)}"Card {number} Test"' + end())
        indent = draw(st.sampled_from(["  ", "    ", "\t"]))
        discard = draw(st.booleans())
        body = [f"cost{draw(space)}{number},{draw(space)}{'discard' if discard else 'keep'}"]
        body += [f'alias{draw(space)}{language}{draw(space)}"{language} {number}"'
                 for language in draw(st.lists(st.sampled_from(["pl", "cz"]), unique=True))]
        if discard:
            for _ in range(draw(st.integers(1, 2))):
                sentences = draw(st.lists(st.sampled_from(_SENTENCES), min_size=1, max_size=3))
                body.append(draw(space).join(sentences))
        for line in draw(st.permutations(body)):
            for _ in range(draw(st.integers(0, 2))):
                lines.append((draw(st.sampled_from(["", indent])) + comment() + newline)
                             if draw(st.booleans()) else newline)
            lines.append(indent + line + end())
    for _ in range(draw(st.integers(0, 2))):
        lines.append(draw(st.sampled_from(["", indent])) + comment() + newline)
    return "".join(lines)


def _comment_texts(text: str) -> Counter[str]:
    """The comments of a generated file (its names hold no '#')."""
    return Counter(line[line.index("#"):].rstrip() for line in text.split("\n") if "#" in line)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_card_files())
def test_random_files_keep_definitions_and_comments(text: str) -> None:
    canonical, diagnostics = format_text(text, "random.kot")
    assert canonical is not None, [d.render() for d in diagnostics]
    assert definitions(canonical) == definitions(text)
    assert _comment_texts(canonical) == _comment_texts(text)
    assert format_text(canonical, "random.kot") == (canonical, [])
    assert not re.search(r"[ \t\r]\n", canonical)
    assert canonical.endswith("\n") and not canonical.endswith("\n\n")


# -- kot-rules fmt --------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(p.name for p in (REPO / "spec" / "cards").iterdir()
                                         if p.is_dir()))
def test_fmt_check_of_the_builtin_cards(capsys: pytest.CaptureFixture[str], game: str) -> None:
    # Each game's cards in its own words (Duel's say words King of Tokyo's may not).
    folder = REPO / "spec" / "cards" / game
    code, out, err = run(capsys, "fmt", "--check", "--game", game, str(folder))
    assert (code, out) == (0, "")
    files = [p for p in ALL_CARD_FILES if folder in p.parents]  # monster files too
    assert err == f"0 files would be reformatted, {len(files)} files already formatted\n"


def test_fmt_check_lists_what_would_change_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    messy = tmp_path / "messy.kot"
    messy.write_bytes(MESSY.encode("utf-8"))
    good = tmp_path / "good.kot"
    good.write_text(CANONICAL, encoding="utf-8")
    code, out, err = run(capsys, "fmt", "--check", str(messy), str(good))
    assert code == 1
    assert out == f"would reformat {messy}\n"
    assert err == "1 file would be reformatted, 1 file already formatted\n"
    assert messy.read_bytes() == MESSY.encode("utf-8")


def test_fmt_rewrites_files_and_then_has_nothing_to_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    messy = tmp_path / "messy.kot"
    messy.write_bytes(MESSY.encode("utf-8"))
    good = tmp_path / "good.kot"
    good.write_text(CANONICAL, encoding="utf-8")
    code, out, err = run(capsys, "fmt", str(tmp_path))
    assert (code, out) == (0, f"reformatted {messy}\n")
    assert err == "1 file reformatted, 1 file left unchanged\n"
    assert messy.read_bytes() == MESSY_CANONICAL.encode("utf-8")
    assert good.read_text(encoding="utf-8") == CANONICAL
    code, out, _ = run(capsys, "fmt", "--check", str(tmp_path))
    assert (code, out) == (0, "")


def test_fmt_walks_folders_recursively_for_kot_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "b" / "deeper").mkdir(parents=True)
    (tmp_path / "a.kot").write_text(CANONICAL, encoding="utf-8")
    (tmp_path / "b" / "one.kot").write_text('card "One Test"\n cost 1, keep\n', encoding="utf-8")
    (tmp_path / "b" / "deeper" / "two.kot").write_text('card "Two Test"\n\tcost 2, keep\n',
                                                       encoding="utf-8")
    notes = tmp_path / "b" / "notes.txt"
    notes.write_text("not  a card file\n", encoding="utf-8")
    code, out, _ = run(capsys, "fmt", "--check", str(tmp_path))
    assert code == 1
    assert out.splitlines() == [f"would reformat {tmp_path / 'b' / 'deeper' / 'two.kot'}",
                                f"would reformat {tmp_path / 'b' / 'one.kot'}"]
    assert notes.read_text(encoding="utf-8") == "not  a card file\n"


def test_fmt_leaves_a_file_with_errors_untouched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.kot"
    broken.write_text(BROKEN, encoding="utf-8")
    messy = tmp_path / "messy.kot"
    messy.write_bytes(MESSY.encode("utf-8"))
    code, out, err = run(capsys, "fmt", str(broken), str(messy))
    assert code == 1
    assert broken.read_text(encoding="utf-8") == BROKEN
    assert f"{broken}:2:8: error[KOT102]: cost must be a whole number" in err
    assert err.endswith("1 file reformatted, 0 files left unchanged, 1 file with errors\n")
    assert out == f"reformatted {messy}\n"  # the other files are still formatted
    code, out, err = run(capsys, "fmt", "--check", str(broken))
    assert (code, out) == (1, "")
    assert f"{broken}:2:8: error[KOT102]" in err


def test_fmt_removes_a_byte_order_mark(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.kot"
    path.write_bytes(b"\xef\xbb\xbf" + CANONICAL.encode("utf-8"))
    assert run(capsys, "fmt", "--check", str(path))[:2] == (1, f"would reformat {path}\n")
    assert run(capsys, "fmt", str(path))[0] == 0
    assert path.read_bytes() == CANONICAL.encode("utf-8")


def test_fmt_of_a_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing"
    code, out, err = run(capsys, "fmt", str(missing))
    assert (code, out) == (1, "")
    assert f"{missing}:0:0: error[KOT100]: no such file or folder" in err


def test_fmt_of_a_file_that_is_not_utf8(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin.kot"
    path.write_bytes(b'card "A"\n  alias pl "\xb3"\n')
    code, _, err = run(capsys, "fmt", str(path))
    assert code == 1
    assert "error[KOT101]" in err
    assert path.read_bytes() == b'card "A"\n  alias pl "\xb3"\n'


def test_fmt_needs_a_path(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "fmt")
    assert code == 2
    assert "the following arguments are required: PATH" in err


# -- kot-rules cards list -------------------------------------------------------------

EVEN_BIGGER_SHOWN = """\
card "Even Bigger"
  cost 4, keep
  alias pl "Jeszcze większy!"
  alias cz "Větší než jste čekali"
  Your maximum hearts is 2 higher.
  When you buy this card, heal 2.

id:       even-bigger
cost:     4 energy
type:     keep
copies:   1
aliases:  pl "Jeszcze większy!", cz "Větší než jste čekali"
source:   spec/cards/king-of-tokyo/even-bigger.kot:2
"""


def test_cards_list(capsys: pytest.CaptureFixture[str],
                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    code, out, err = run(capsys, "cards", "list")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 64  # one per card title
    width = len("We're Only Making It Stronger")  # the longest name
    assert lines[0] == f"{'Acid Attack':<{width}}   6  keep     x1"
    assert (f"{'Even Bigger':<{width}}   4  keep     x1   pl: Jeszcze większy!  "
            "cz: Větší než jste čekali") in lines
    assert f"{'Evacuation Orders':<{width}}   7  discard  x2" in lines
    assert all(line == line.rstrip() for line in lines)


def test_cards_list_json(capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    code, out, _ = run(capsys, "cards", "list", "--json")
    assert code == 0
    cards = json.loads(out)["cards"]
    assert isinstance(cards, list) and len(cards) == 64
    by_id = {card["id"]: card for card in cards}
    assert by_id["even-bigger"] == {
        "id": "even-bigger", "name": "Even Bigger", "cost": 4, "type": "keep", "copies": 1,
        "physical_ids": ["even-bigger"],
        "aliases": {"pl": ["Jeszcze większy!"], "cz": ["Větší než jste čekali"]},
        "effects": [], "source": "spec/cards/king-of-tokyo/even-bigger.kot:2",
    }
    assert by_id["evacuation-orders"]["physical_ids"] == ["evacuation-orders-1",
                                                          "evacuation-orders-2"]
    assert by_id["gas-refinery"]["effects"] == ["Gain 2 stars.",
                                                "Each other monster takes 3 damage."]


def test_cards_list_of_another_card_set(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "cards.kot").write_text(
        'card "Zeta Test"\n  cost 12, discard, copies 3\n  alias cz "Zéta"\n  Heal 2.\n\n'
        'card "Alpha Test"\n  cost 3, keep\n', encoding="utf-8")
    code, out, _ = run(capsys, "cards", "list", "--cards", str(tmp_path))
    assert code == 0
    assert out == ("Alpha Test   3  keep     x1\n"
                   "Zeta Test   12  discard  x3   cz: Zéta\n")


@pytest.mark.parametrize("command", ["list", "show"])
def test_cards_with_a_bad_card_set(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   command: str) -> None:
    extra = ["Alpha"] if command == "show" else []
    code, _, err = run(capsys, "cards", command, *extra, "--cards", str(tmp_path / "nope"))
    assert code == 2
    assert err == f"kot-rules: error: --cards {tmp_path / 'nope'}: no such file or folder\n"
    (tmp_path / "broken.kot").write_text(BROKEN, encoding="utf-8")
    code, _, err = run(capsys, "cards", command, *extra, "--cards", str(tmp_path))
    assert code == 2
    assert err.startswith(f"kot-rules: error: --cards {tmp_path}: the card set has errors:\n")


def test_cards_needs_a_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards")
    assert code == 2
    assert "required: SUBCOMMAND" in err


@pytest.mark.parametrize("argv", [["fmt", "--help"], ["cards", "--help"],
                                  ["cards", "list", "--help"], ["cards", "show", "--help"]])
def test_help_of_the_new_commands(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert out.startswith(f"usage: kot-rules {' '.join(argv[:-1])}")


# -- kot-rules cards show -------------------------------------------------------------


@pytest.mark.parametrize("name", ["Even Bigger", "even bigger", "jeszcze większy!",
                                  "JESZCZE WIĘKSZY!", "Větší než jste čekali", "even-bigger"])
def test_cards_show_by_any_name(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.chdir(REPO)
    assert run(capsys, "cards", "show", name) == (0, EVEN_BIGGER_SHOWN, "")


def test_cards_show_a_card_with_copies(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    for name in ("Evacuation Orders", "evacuation-orders-2"):
        code, out, _ = run(capsys, "cards", "show", name)
        assert code == 0
        assert out == (
            'card "Evacuation Orders"\n  cost 7, discard, copies 2\n'
            "  Each other monster loses 5 stars.\n\n"
            "id:       evacuation-orders (evacuation-orders-1, evacuation-orders-2)\n"
            "cost:     7 energy\ntype:     discard\ncopies:   2\naliases:  none\n"
            "source:   spec/cards/king-of-tokyo/evacuation-orders.kot:2\n")


def test_cards_show_an_unknown_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "show", "Jeszcze wienkszy")
    assert (code, out) == (1, "")
    assert err == ("kot-rules: error: no card named 'Jeszcze wienkszy'; "
                   "did you mean 'Jeszcze większy!'?\n")
    code, _, err = run(capsys, "cards", "show", "qqqqzzzz")
    assert (code, err) == (1, "kot-rules: error: no card named 'qqqqzzzz'\n")


def test_cards_show_a_name_typed_without_accents(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "show", "Jeszcze wiekszy")
    assert code == 0 and out.startswith('card "Even Bigger"\n')


def test_cards_show_every_card_a_shared_name_designates(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "cards.kot").write_text(
        'card "One Test"\n  cost 1, keep\n  alias pl "Wspólna"\n\n'
        'card "Two Test"\n  cost 2, keep\n  alias pl "Wspólna"\n', encoding="utf-8")
    code, out, _ = run(capsys, "cards", "show", "wspólna", "--cards", str(tmp_path))
    assert code == 0
    assert out.startswith('card "One Test"\n')
    assert '\n\ncard "Two Test"\n' in out
    assert f"source:   {tmp_path / 'cards.kot'}:5\n" in out
