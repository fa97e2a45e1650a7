"""Errors in scenario files: file, line, column, the field, and what was expected."""

from __future__ import annotations

CODES = {
    "SCN001": "the file is not readable YAML (or not UTF-8 text)",
    "SCN002": "a field is missing or has the wrong type",
    "SCN003": "a field the format does not have",
    "SCN004": "a value the game does not have (monster, card, face, place, option)",
    "SCN005": "the set-up breaks a rule of the game",
}


class ScenarioFormatError(ValueError):
    """A malformed scenario file."""

    def __init__(
        self, file: str, line: int, column: int, code: str, message: str, source_line: str = ""
    ) -> None:
        self.file = file
        self.line = line
        self.column = column
        self.code = code
        self.message = message
        self.source_line = source_line
        super().__init__(self.render())

    def render(self) -> str:
        head = f"{self.file}:{self.line}:{self.column}: error[{self.code}]: {self.message}"
        if not self.source_line:
            return head
        caret = " " * (self.column - 1) + "^"
        return f"{head}\n  {self.source_line}\n  {caret}"
