"""Diagnostics: positioned, coded messages about card files, and their rendering.

Codes are stable: tools and tests match on them, so a code is never reused for a
different problem. KOT1xx are syntax (and file-reading) problems, KOT2xx are
meaning problems found by the checker, KOT3xx are failed proofs (``kot_rules.verify``):
a card sentence that can break an invariant of the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]

CODES: dict[str, str] = {
    # Reading and syntax.
    "KOT100": "the file or folder cannot be read (missing, unreadable, or holds no .kot file)",
    "KOT101": "the file is not valid UTF-8 text",
    "KOT102": "a cost or copies value is not a whole number",
    "KOT103": "a comma is missing between the parts of the cost line (or of an ability line)",
    "KOT104": "the card type is not 'keep' or 'discard'",
    "KOT105": "a string is malformed (no closing quote, unknown escape, control character)",
    "KOT106": "a name is not written as a double-quoted string",
    "KOT107": "a line is indented wrongly",
    "KOT108": "a line starts with a word that cannot start a line there",
    "KOT109": "a line ends before it is complete",
    "KOT110": "a character that the card language never uses",
    "KOT111": "a word or symbol that does not fit where it stands",
    "KOT112": "the file is too large to be a card file",
    "KOT113": "an effect sentence, modifier or ability line does not end with a period",
    "KOT114": "an effect sentence names no resource, or one that does not fit there",
    "KOT115": "an effect sentence has no amount, or its amount is not a whole number "
              "(also a number in a modifier or ability line)",
    "KOT116": "an ability's trigger or condition, or a modifier line, is not one the card "
              "language has",
    "KOT199": "too many problems in one file: the rest are not reported",
    # Meaning.
    "KOT201": "two cards have the same name or the same card id",
    "KOT202": "a cost is outside 0..99",
    "KOT203": "a copies count is outside 1..99",
    "KOT204": "an alias language is not one of the supported languages (pl, cz)",
    "KOT205": "a card gives the same alias twice",
    "KOT206": "a card name or alias is empty",
    "KOT207": "a card name has no letter or digit, so it has no card id",
    "KOT208": "a card name is not plain ASCII English (translations go in alias lines)",
    "KOT209": "a card has no cost line",
    "KOT210": "a card has more than one cost line",
    "KOT211": "an alias is also the name or alias of another card",
    "KOT212": "a file defines no card",
    "KOT213": "an effect amount is outside 1..99",
    "KOT214": "a unit does not agree with the amount (1 star, 2 stars; 1 die, 2 dice; "
              "1 roll, 2 rolls)",
    "KOT215": "a keep card has a plain effect sentence (a keep card's effects need a trigger: "
              "write an ability such as `When you buy this card, ...`)",
    "KOT216": "a discard card has no effect line",
    "KOT217": "a discard card has an ability or modifier line (a discard card has no lasting "
              "ability: write its effect as a plain sentence)",
    "KOT218": "a modifier amount is outside 1..99",
    "KOT219": "a trigger's number is out of range (a set of 1s to 3s; losing 1..99 hearts)",
    "KOT220": "an ability's condition does not fit its trigger (the dice conditions fit only "
              "`When you resolve your dice`)",
    "KOT221": "a die's number out of range (a die shows the numbers 1, 2 and 3)",
    "KOT222": "an ability's effect does not fit its trigger (another monster's dice are shown "
              "only when it has finished rolling)",
    "KOT223": "a card says a word of the card language (a verb, trigger, condition, modifier, "
              "token rule or activated act) that its game's cards may not say",
    # Proofs: a card sentence that can break an invariant (kot_rules.verify).
    "KOT301": "a card can break INV-HEARTS: push ♥ above the maximum or below 0",
    "KOT302": "a card can break INV-RESOURCES: make ⚡ or ★ negative",
    "KOT303": "a card can break INV-TOKYO: two monsters in one place of Tokyo, one monster in "
              "both, an eliminated one in Tokyo, or the Bay occupied when it is closed",
    "KOT304": "a card can break INV-ELIMINATED: a monster at 0 ♥ still in the game (or the "
              "reverse), or an eliminated monster asked, acting or winning",
    "KOT305": "a card can break INV-CARDS: a card created, lost or in two places",
    "KOT306": "a card can break INV-VICTORY: the game ends other than at the end of a turn, "
              "or with a winner who cannot win",
    "KOT307": "a card can break INV-YIELD: a monster asked to yield that was not attacked",
    "KOT308": "a card can break INV-SEATS: a seat added, removed or given to nobody",
    "KOT390": "a card uses card-language vocabulary that the proofs do not cover yet",
    "KOT391": "a proof about a card took too long (timed out): nothing is known",
    # Tokens (KOT230-239).
    "KOT230": "a card names a token kind that no card of the set declares "
              "(`The game has 12 poison tokens.`)",
    "KOT231": "a token count is out of range (1..99), differs between two supply lines, or a "
              "card puts more tokens on itself than the game has",
    "KOT232": "an effect says 'it' (the monster you dealt damage to) under a trigger that names "
              "no monster",
    # A card's Buzz icon.
    "KOT233": "a card's Buzz icon line is wrong: a second one, a game without Buzz tiles, or "
              "a tile its cards may not name",
    # A Duel monster's file (KOT240-249).
    "KOT240": "a monster file does not follow the monster grammar (`monster \"NAME\"`, then "
              "`hearts N`, alias lines and power lines)",
    "KOT241": "a monster has no hearts line, or more than one",
    "KOT242": "a monster's number is out of range or its unit disagrees (hearts 1..99, a power "
              "group of 1..8 faces, amounts 1..99; 1 face, 2 faces)",
    "KOT243": "a power line says what a Duel monster's power cannot do (stars; adding as many "
              "faces as the use spends, so the power never ends)",
    # A King of Tokyo: Duel card sentence that can break a Duel invariant.
    "KOT311": "a Duel card can break INV-DUEL-SEATS: a seat that is not one of the two",
    "KOT312": "a Duel card can break INV-DUEL-HEARTS: push ♥ above the starting hearts or "
              "below 0",
    "KOT313": "a Duel card can break INV-DUEL-ENERGY: make ⚡ negative",
    "KOT314": "a Duel card can break INV-DUEL-TOKENS: dice tokens below 0 or above 2",
    "KOT315": "a Duel card can break INV-DUEL-DICE: more dice than 6 ordinary, 2 extra, 8 in "
              "all (5 ordinary in the first player's first turn)",
    "KOT316": "a Duel card can break INV-DUEL-MARKERS: a marker off its track or on a space "
              "it cannot stand on",
    "KOT317": "a Duel card can break INV-DUEL-BUZZ: a Buzz tile laid illegally",
    "KOT318": "a Duel card can break INV-DUEL-VICTORY: the game not ended by the event that "
              "meets a victory condition, or with the wrong winner",
    # A King of New York card sentence that can break a New York invariant.
    "KOT321": "a New York card can break INV-KONY-SEATS: a monster standing nowhere, in two "
              "places, or in Manhattan off its paths",
    "KOT322": "a New York card can break INV-KONY-HEARTS: push ♥ above the maximum or a "
              "monster at 0 ♥ still in the game",
    "KOT323": "a New York card can break INV-KONY-RESOURCES: make ⚡ or ★ negative",
    "KOT324": "a New York card can break INV-KONY-MANHATTAN: two monsters on one path of "
              "Manhattan, or the 5-6 path taken when it is closed",
    "KOT325": "a New York card can break INV-KONY-CAPACITY: three monsters in an outer borough",
    "KOT326": "a New York card can break INV-KONY-TILES: a building or unit tile created or "
              "lost",
    "KOT327": "a New York card can break INV-KONY-SPECIAL: a special card held by a monster "
              "out of the game",
    "KOT328": "a New York card can break INV-KONY-VICTORY: the game ended other than at the "
              "end of a turn, or with the wrong winner",
}

# Codes reported as warnings: the card set still loads when only these occur.
WARNING_CODES: frozenset[str] = frozenset({"KOT199", "KOT211", "KOT212", "KOT214", "KOT216",
                                          "KOT390", "KOT391"})

# Long lines (a minified or binary file) are shown as a window around the caret.
_RENDER_WIDTH = 120


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem at one place in a card file (line 0 / column 0: the whole file)."""

    file: str
    line: int
    column: int
    code: str
    severity: Severity
    message: str
    hint: str | None
    source_line: str

    def __post_init__(self) -> None:
        # An undocumented code is a bug in this package, not in the card file.
        if self.code not in CODES:
            raise ValueError(f"undocumented diagnostic code {self.code!r}")

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def render(self) -> str:
        """The compiler-style text: header, source line, caret, hint."""
        where = f"{self.file}:{self.line}:{self.column}"
        out = [f"{where}: {self.severity}[{self.code}]: {self.message}"]
        if self.line > 0 and self.source_line:
            shown, caret_at = _window(_printable(self.source_line), self.column - 1)
            out.append(shown)
            # Keep tabs in the caret's indentation so it lines up under a tab.
            pad = "".join("\t" if ch == "\t" else " " for ch in shown[:caret_at])
            out.append(pad + "^")
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
        }


def _printable(line: str) -> str:
    # One replacement character per control character, so columns still match.
    return "".join(ch if ch == "\t" or ch.isprintable() else "\N{REPLACEMENT CHARACTER}"
                   for ch in line)


def _window(line: str, caret: int) -> tuple[str, int]:
    caret = max(0, min(caret, len(line)))
    if len(line) <= _RENDER_WIDTH:
        return line, caret
    start = max(0, caret - _RENDER_WIDTH // 2)
    return line[start:start + _RENDER_WIDTH], caret - start


class Source:
    """The text of one file, to build diagnostics that quote their line."""

    __slots__ = ("_lines", "file")

    def __init__(self, file: str, text: str) -> None:
        self.file = file
        # Lark counts lines by "\n" only, so split the same way (not splitlines()).
        self._lines = text.split("\n")

    def line(self, number: int) -> str:
        if 1 <= number <= len(self._lines):
            return self._lines[number - 1].rstrip("\r")
        return ""

    def diagnostic(self, code: str, line: int, column: int, message: str,
                   hint: str | None = None) -> Diagnostic:
        return make_diagnostic(self.file, code, line, column, message, hint, self.line(line))


def make_diagnostic(file: str, code: str, line: int, column: int, message: str,
                    hint: str | None = None, source_line: str = "") -> Diagnostic:
    """A diagnostic whose severity follows from its code; its hint ends with the path of
    the code's page on the site."""
    severity: Severity = "warning" if code in WARNING_CODES else "error"
    return Diagnostic(file, line, column, code, severity, message, with_doc_link(code, hint),
                      source_line)


def doc_path(code: str) -> str:
    """The page of ``code`` on the site, relative to its root (``codes/KOT102/``)."""
    return f"codes/{code}/"


DOC_LINK = "docs: {path}"
"""How a hint names the page of its code; ``kot_rules.site`` builds that page."""


def with_doc_link(code: str, hint: str | None) -> str:
    """``hint`` followed by the path of the code's page (the path alone without a hint)."""
    link = DOC_LINK.format(path=doc_path(code))
    return f"{hint} ({link})" if hint else link


def quote(text: str, limit: int = 40) -> str:
    """``text`` in single quotes for a message, shortened, control characters escaped."""
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    shown = "".join(ch if ch.isprintable() else f"\\x{ord(ch):02x}" if ord(ch) < 0x100
                    else f"\\u{ord(ch):04x}" for ch in text)
    return f"'{shown}'"


def sort_key(diagnostic: Diagnostic) -> tuple[str, int, int, str]:
    return (diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.code)


class CardSpecError(ValueError):
    """Card files with errors; ``str()`` is the rendered diagnostics."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))

    def __str__(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)
