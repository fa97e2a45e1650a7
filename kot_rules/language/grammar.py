"""The card grammar of each game: the core file plus the game's dialect, built by Lark.

``grammar/core.lark`` holds what every game's cards share (the layout, the card,
cost and alias lines); ``grammar/<game-id>.lark`` is a game's dialect: it imports
the core and ``%extend``s its card lines with the game's vocabulary. The parser is
LALR, strict (no conflicts, no terminal collisions), and built once per game.
"""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Iterator

from lark import Lark, Token
from lark.exceptions import LarkError
from lark.indenter import Indenter

from kot_rules.paths import grammar_dir

DEFAULT_GAME = "king-of-tokyo"
"""The game a card file is read as when none is named."""

CORE = "core"
"""The grammar file (without ``.lark``) that every dialect imports."""

UNITS = frozenset({"STAR", "STARS", "ENERGY", "DAMAGE_LC"})
"""The terminals of the resource after an effect's amount."""
UNITS = UNITS | frozenset({"SPACE", "SPACES", "TOKEN", "TOKENS"})  # Duel's units


class UnknownDialectError(ValueError):
    """No grammar file for the game id."""


class IndentMismatch(LarkError):
    """A line dedents to a column no enclosing block started at."""

    def __init__(self, line: int, column: int) -> None:
        super().__init__(f"inconsistent dedent at line {line}")
        self.line = line
        self.column = column


class CardIndenter(Indenter):
    """Python-style blocks; the INDENT/DEDENT tokens sit where the new line's text starts.

    Lark's own Indenter places them on the newline (the line above), which would
    put the caret of an indentation error on the wrong line.
    """

    NL_type = "_NL"
    OPEN_PAREN_types: list[str] = []  # noqa: RUF012 (Lark reads these as class attributes)
    CLOSE_PAREN_types: list[str] = []  # noqa: RUF012
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def handle_NL(self, token: Token) -> Iterator[Token]:
        yield token
        indent_str = token.rsplit("\n", 1)[1]
        indent = indent_str.count(" ") + indent_str.count("\t") * self.tab_len

        def at(kind: str) -> Token:
            return Token(kind, indent_str, token.end_pos, token.end_line, token.end_column,
                         token.end_line, token.end_column, token.end_pos)

        if indent > self.indent_level[-1]:
            self.indent_level.append(indent)
            yield at(self.INDENT_type)
            return
        while indent < self.indent_level[-1]:
            self.indent_level.pop()
            yield at(self.DEDENT_type)
        if indent != self.indent_level[-1]:
            raise IndentMismatch(token.end_line or 0, token.end_column or 1)


SHARED_DIALECTS = {
    "king-of-tokyo-duel": DEFAULT_GAME,
    "king-of-new-york": DEFAULT_GAME,  # New York's cards, for now
}
"""Games whose cards are written in another game's dialect file: Duel's and New York's
cards parse with King of Tokyo's grammar, and the checker keeps each game's own words to
its cards (``games`` in vocabulary.py; KOT223)."""


def dialect_games() -> tuple[str, ...]:
    """The game ids that have a dialect file in ``grammar/`` (or share one)."""
    files = {p.stem for p in grammar_dir().glob("*.lark") if p.stem != CORE}
    return tuple(sorted(files | {g for g, d in SHARED_DIALECTS.items() if d in files}))


def grammar_text(game: str = DEFAULT_GAME) -> str:
    """The dialect file of ``game`` (it imports the core)."""
    path = grammar_dir() / f"{SHARED_DIALECTS.get(game, game)}.lark"
    if game == CORE or not path.is_file():
        raise UnknownDialectError(f"no card grammar for the game {game!r}; the games with one: "
                                  + ", ".join(dialect_games()))
    return path.read_text(encoding="utf-8")


def build_parser(game: str = DEFAULT_GAME, *, strict: bool | None = None) -> Lark:
    """A new Lark parser for ``game``'s cards (core plus dialect)."""
    if strict is None:
        # Strict mode (no conflicts, no terminal collisions) needs `interegular`;
        # where it is missing, the same grammar still builds without that check.
        strict = importlib.util.find_spec("interegular") is not None
    return Lark(grammar_text(game), parser="lalr", strict=strict, propagate_positions=True,
                postlex=CardIndenter(), maybe_placeholders=False,
                import_paths=[str(grammar_dir())])


def card_parser(game: str = DEFAULT_GAME) -> Lark:
    """The Lark parser for ``game``'s cards (built once per game; not thread-safe)."""
    return _cached_parser(game)


@functools.cache
def _cached_parser(game: str) -> Lark:
    # Keyed by the id alone, so that `card_parser()` and `card_parser(DEFAULT_GAME)` share.
    return build_parser(game)
