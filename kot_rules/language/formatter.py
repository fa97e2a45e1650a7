"""Formatting card files: canonical layout, every comment kept (``kot-rules fmt``).

The canonical text of a card file is each card as ``render_card`` writes it,
with the file's comments put back:

* comment lines before a ``card`` line stay before it, at the start of the line;
  blank lines between them are kept (several collapse into one);
* comment lines inside a card stay attached to the card line that follows them
  (they move with it when lines are reordered) and are indented by two spaces;
  comment lines after a card's last line that are indented stay at the card's
  end;
* a comment at the end of a line (``alias pl "X"  # source``) stays on its line,
  two spaces after the text; when a line holding several sentences is split, it
  follows the last of them;
* one blank line between cards, none inside a card, no trailing spaces, a single
  final newline (``\\n`` line ends, no byte order mark).

Lines inside a card come in the canonical order: the cost line, the alias lines
(in file order), the effect sentences (in file order, one per line). Formatting
never changes what a file defines: the result is parsed again and must give the
same definitions and the same comments, otherwise the file is not formatted and
the reason is reported.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .ast import (
    Ability,
    Activated,
    CardDef,
    EmptyRule,
    TokenRule,
    TokenSupply,
    strip_positions,
)
from .diagnostics import Diagnostic, make_diagnostic
from .grammar import DEFAULT_GAME
from .monsters import format_monster_text, is_monster_text, monster_game
from .parser import parse_text, read_card_file
from .render import INDENT, render_card

REFUSAL_CODE = "KOT111"
"""The code of the diagnostic given when a file cannot be formatted without losing text.

Never expected for a file that parses: it guards the formatter's own promise.
"""


class _Refusal(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass(frozen=True, slots=True)
class _Line:
    """One physical line: its code (stripped, may be empty) and its comment (or None)."""

    number: int
    indented: bool
    code: str
    comment: str | None
    text: str

    @property
    def blank(self) -> bool:
        return not self.code and self.comment is None

    @property
    def comment_only(self) -> bool:
        return not self.code and self.comment is not None


def _split_comment(line: str) -> tuple[str, str | None]:
    """``line`` cut at the ``#`` that starts its comment (not one inside a quoted name)."""
    in_string = False
    index = 0
    while index < len(line):
        ch = line[index]
        if in_string:
            if ch == "\\":
                index += 2
                continue
            if ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "#":
            return line[:index], line[index:]
        index += 1
    return line, None


def _lines(text: str) -> list[_Line]:
    # Lines are counted by "\n" only, as the parser counts them.
    found: list[_Line] = []
    for number, raw in enumerate(text.split("\n"), 1):
        code, comment = _split_comment(raw)
        found.append(_Line(
            number=number,
            indented=raw[:1] in (" ", "\t"),
            code=code.strip(),
            comment=comment.rstrip() if comment is not None else None,
            text=raw.rstrip("\r"),
        ))
    return found


@dataclass(slots=True)
class _Item:
    """One card line in canonical form (several for a split effect line), with its comments."""

    texts: list[str]
    leading: list[str] = field(default_factory=list)
    trailing: str | None = None


@dataclass(slots=True)
class _Region:
    """Comment lines outside any card: paragraphs, and blank lines around them."""

    paragraphs: list[list[str]] = field(default_factory=list)
    blank_before: bool = False
    blank_after: bool = False


def _region(lines: Sequence[_Line]) -> _Region:
    region = _Region()
    gap = False
    for line in lines:
        if line.blank:
            gap = True
            continue
        if line.comment is None or line.code:  # pragma: no cover - parsed files have none
            raise _Refusal(line.number, "unexpected text outside a card")
        if not region.paragraphs:
            region.blank_before = gap
            region.paragraphs.append([])
        elif gap:
            region.paragraphs.append([])
        region.paragraphs[-1].append(line.comment)
        gap = False
    region.blank_after = gap and bool(region.paragraphs)
    return region


def _with_comment(text: str, comment: str | None) -> str:
    return text if comment is None else f"{text}  {comment}"


def _paragraphs(region: _Region) -> list[str]:
    out: list[str] = []
    for index, paragraph in enumerate(region.paragraphs):
        if index:
            out.append("")
        out.extend(paragraph)
    return out


def _card_lines(card: CardDef, header: _Line, body: Sequence[_Line]) -> list[str]:
    """The canonical lines of one card (header to its last line), its comments placed."""
    rendered = render_card(card).rstrip("\n").split("\n")
    n_aliases, n_effects = len(card.aliases), len(card.effects)
    n_buzz = 1 if card.buzz else 0  # the Buzz icon line, after the aliases
    # Activated abilities render after the triggered ones; both stand one per line.
    # So do the discard-when-empty rules, the token supplies and the token rules.
    tail: list[Ability | Activated | EmptyRule | TokenSupply | TokenRule] = [
        *card.abilities, *card.activated, *card.empty_rules, *card.supplies, *card.token_rules]
    n_modifiers, n_abilities = len(card.modifiers), len(tail)
    if len(rendered) != (2 + n_aliases + n_buzz + n_effects + n_modifiers
                         + n_abilities):  # pragma: no cover
        raise _Refusal(header.number, "the card's canonical text has an unexpected shape")
    alias_texts = rendered[2:2 + n_aliases]
    buzz_texts = rendered[2 + n_aliases:2 + n_aliases + n_buzz]
    del rendered[2 + n_aliases:2 + n_aliases + n_buzz]
    effect_texts = rendered[2 + n_aliases:2 + n_aliases + n_effects]
    modifier_texts = rendered[2 + n_aliases + n_effects:2 + n_aliases + n_effects + n_modifiers]
    ability_texts = rendered[2 + n_aliases + n_effects + n_modifiers:]
    # Modifiers and abilities stand one per line: their line says which one it is.
    modifier_at = {m.position.line: index for index, m in enumerate(card.modifiers)}
    lines = [item.position.line for item in tail]
    ability_at = {line: index for index, line in enumerate(lines)}
    if len(modifier_at) != n_modifiers or len(ability_at) != n_abilities:
        raise _Refusal(header.number, "two abilities or modifiers share a line")
    modifiers: dict[int, _Item] = {}
    abilities: dict[int, _Item] = {}
    alias_at = {alias.position.line: index for index, alias in enumerate(card.aliases)}
    effects_at: dict[int, list[int]] = {}
    for index, effect in enumerate(card.effects):
        effects_at.setdefault(effect.position.line, []).append(index)

    cost: _Item | None = None
    buzz: _Item | None = None
    aliases: dict[int, _Item] = {}
    effects: list[_Item] = []
    placed_effects: list[int] = []
    pending: list[str] = []
    for line in body:
        if line.blank:
            continue
        if line.comment_only:
            assert line.comment is not None
            pending.append(line.comment)
            continue
        if line.number in modifier_at:
            item = _Item([modifier_texts[modifier_at[line.number]]])
            modifiers[modifier_at[line.number]] = item
        elif line.number in ability_at:
            item = _Item([ability_texts[ability_at[line.number]]])
            abilities[ability_at[line.number]] = item
        elif line.number in alias_at and line.code.startswith("alias"):
            item = _Item([alias_texts[alias_at[line.number]]])
            aliases[alias_at[line.number]] = item
        elif line.number in effects_at and not line.code.startswith(("cost", "alias")):
            indices = effects_at[line.number]
            item = _Item([effect_texts[index] for index in indices])
            placed_effects.extend(indices)
            effects.append(item)
        elif line.code.startswith("cost") and cost is None:
            item = cost = _Item([rendered[1]])
        elif line.code.startswith("buzz") and buzz is None and buzz_texts:
            item = buzz = _Item(buzz_texts)
        else:
            raise _Refusal(line.number, "cannot tell which part of the card this line is")
        item.leading, pending = pending, []
        item.trailing = line.comment
    if (cost is None or len(aliases) != n_aliases or (buzz is None) != (n_buzz == 0)
            or placed_effects != list(range(n_effects))
            or len(modifiers) != n_modifiers or len(abilities) != n_abilities):
        raise _Refusal(header.number, "cannot match the card's lines to its definition")

    out = [_with_comment(rendered[0], header.comment)]
    for item in (cost, *(aliases[index] for index in range(n_aliases)),
                 *((buzz,) if buzz is not None else ()), *effects,
                 *(modifiers[index] for index in range(n_modifiers)),
                 *(abilities[index] for index in range(n_abilities))):
        out.extend(INDENT + comment for comment in item.leading)
        for index, text in enumerate(item.texts):
            out.append(_with_comment(text, item.trailing if index == len(item.texts) - 1
                                     else None))
    out.extend(INDENT + comment for comment in pending)  # comments after the last line
    return out


def _layout(cards: Sequence[CardDef], lines: Sequence[_Line]) -> str:
    headers = [line for line in lines if line.code and not line.indented]
    if [line.number for line in headers] != [card.position.line for card in cards]:
        where = headers[0].number if headers else 1
        raise _Refusal(where, "cannot match the file's `card` lines to its cards")
    out: list[str] = []
    # lines[start:stop] is the stretch between two cards' code (0-based indices).
    start = 0
    for index, (card, header) in enumerate(zip(cards, headers, strict=True)):
        stop = headers[index + 1].number - 1 if index + 1 < len(headers) else len(lines)
        region = _region(lines[start:header.number - 1])
        if index:
            out.append("")
        out.extend(_paragraphs(region))
        if region.blank_after:
            out.append("")
        body = lines[header.number:stop]
        last_code = max((i for i, line in enumerate(body) if line.code), default=-1)
        # Indented comment lines (and blank lines) right after the card's last line
        # stay with the card; the rest belongs to what follows.
        end = scan = last_code + 1
        while scan < len(body) and (body[scan].blank
                                    or (body[scan].comment_only and body[scan].indented)):
            scan += 1
            if not body[scan - 1].blank:
                end = scan
        out.extend(_card_lines(card, header, body[:end]))
        start = header.number + end
    footer = _region(lines[start:])
    if footer.paragraphs and footer.blank_before and cards:
        out.append("")
    out.extend(_paragraphs(footer))
    return "".join(line + "\n" for line in out)


def _comments(lines: Iterable[_Line]) -> Counter[str]:
    return Counter(line.comment for line in lines if line.comment is not None)


def format_text(text: str, file: str, game: str = DEFAULT_GAME
                ) -> tuple[str | None, list[Diagnostic]]:
    """The canonical text of a card file of ``game``, or None and the reasons it cannot be
    formatted.

    The reasons are the file's errors (its warnings do not stop formatting and
    are not returned: ``kot-rules check`` reports them), or a diagnostic saying
    why the formatter cannot keep everything the file holds.
    """
    cards, diagnostics = parse_text(text, file, game)
    errors = [d for d in diagnostics if d.is_error]
    if errors:
        return None, errors
    lines = _lines(text)
    try:
        canonical = _layout(cards, lines)
        # The promise, checked: the same definitions and the same comments.
        again, problems = parse_text(canonical, file, game)
        if any(d.is_error for d in problems) or (
                [strip_positions(c) for c in again] != [strip_positions(c) for c in cards]):
            raise _Refusal(1, "the formatted text would not define the same cards")
        lost = _comments(lines) - _comments(_lines(canonical))
        if lost:
            comment = next(iter(lost))
            at = next(line.number for line in lines if line.comment == comment)
            raise _Refusal(at, "formatting would lose this comment")
    except _Refusal as refusal:
        source_line = lines[refusal.line - 1].text if 0 < refusal.line <= len(lines) else ""
        return None, [make_diagnostic(
            file, REFUSAL_CODE, refusal.line, 1,
            f"cannot format this file without losing text: {refusal.message}",
            "the file is left as it is; please report this as a bug of `kot-rules fmt`",
            source_line)]
    return canonical, []


# --- Files ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FormatResult:
    """The outcome of formatting one file: its canonical text (None on errors)."""

    path: Path
    file: str
    canonical: str | None
    changed: bool
    diagnostics: list[Diagnostic]

    @property
    def ok(self) -> bool:
        return self.canonical is not None


def format_file(path: Path, file: str | None = None, game: str = DEFAULT_GAME) -> FormatResult:
    """Format ``path`` (cards of ``game``) in memory (nothing is written); ``changed``: its
    bytes would change."""
    name = file if file is not None else str(path)
    text, problems = read_card_file(path, name)
    if text is None:
        return FormatResult(path, name, None, False, problems)
    if is_monster_text(text):  # a monster's file has its own layout
        canonical, problems = format_monster_text(text, name, monster_game(path, game))
    else:
        canonical, problems = format_text(text, name, game)
    if canonical is None:
        return FormatResult(path, name, None, False, problems)
    try:
        original = path.read_bytes()  # the bytes, to see a byte order mark too
    except OSError:
        original = b""
    return FormatResult(path, name, canonical, canonical.encode("utf-8") != original, [])


def find_card_files(paths: Iterable[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """The files given, and the ``*.kot`` files under the folders given (each file once)."""
    found: list[Path] = []
    problems: list[Diagnostic] = []
    seen: set[Path] = set()
    for path in paths:
        name = str(path)
        try:
            if path.is_dir():
                files = sorted((p for p in path.rglob("*.kot") if p.is_file()),
                               key=lambda p: p.relative_to(path).parts)
                if not files:
                    problems.append(make_diagnostic(name, "KOT100", 0, 0,
                                                    "the folder holds no .kot file",
                                                    "card files end in .kot"))
            elif path.is_file():
                files = [path]
            else:
                problems.append(make_diagnostic(name, "KOT100", 0, 0, "no such file or folder",
                                                "check the path"))
                continue
        except OSError as err:
            reason = err.strerror or type(err).__name__
            problems.append(make_diagnostic(name, "KOT100", 0, 0,
                                            f"cannot read the folder: {reason}"))
            continue
        for file in files:
            key = file.resolve()
            if key not in seen:
                seen.add(key)
                found.append(file)
    return found, problems
