"""Errors in scenario files: file, line, column, the field, and what was expected."""

from __future__ import annotations

CODES = {
    "SCN001": "the file is not readable YAML (or not UTF-8 text)",
    "SCN002": "a field is missing or has the wrong type",
    "SCN003": "a field the format does not have",
    "SCN004": "a value the game does not have (monster, card, face, place, option)",
    "SCN005": "the set-up breaks a rule of the game",
    "SCN006": "an anchor or alias (&name, *name): the format refuses them",
    "SCN007": "a limit of the reader is exceeded (values in a file, length of a text, digits)",
    "SCN008": "a refuse, legal or illegal entry that is not a step of the game (expect, refuse)",
    "SCN009": "a new-game scenario checks or names what the shuffle decides (cards, tiles)",
}


class ScenarioFormatError(ValueError):
    """A malformed scenario file."""

    def __init__(
        self,
        file: str,
        line: int,
        column: int,
        code: str,
        message: str,
        source_line: str = "",
        hint: str = "",
    ) -> None:
        self.file = file
        self.line = line
        self.column = column
        self.code = code
        self.message = message
        self.source_line = source_line
        self.hint = hint
        super().__init__(self.render())

    def render(self) -> str:
        head = f"{self.file}:{self.line}:{self.column}: error[{self.code}]: {self.message}"
        out = [head]
        if self.source_line:
            shown, caret = _window(self.source_line, self.column)
            out += [f"  {shown}", "  " + " " * (caret - 1) + "^"]
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)


SHOWN = 120
"""Characters of the source line shown around the caret (a line may be a megabyte)."""


def _window(line: str, column: int) -> tuple[str, int]:
    """At most :data:`SHOWN` characters of ``line`` around ``column``, and the caret's column."""
    if len(line) <= SHOWN:
        return line, column
    start = max(0, min(column - 1 - SHOWN // 2, len(line) - SHOWN))
    text = line[start : start + SHOWN]
    caret = column - start
    if start > 0:
        text, caret = "…" + text, caret + 1
    if start + SHOWN < len(line):
        text += "…"
    return text, caret
