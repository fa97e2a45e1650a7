"""A Duel monster written like a card: its board in a file of its own.

A monster file (``spec/cards/<game>/monsters/*.kot``) holds one ``monster "NAME"`` block:
its starting hearts (``hearts 14``, the one home of that number), its aliases, and its
power in card-language lines (grammar rule ``monster_file`` of the game's dialect):

- ``With N power faces, <clause>.``: one *use* of the power. When the monster resolves
  its power faces, each use takes the first power line (in the file's order) whose N
  the power faces left can pay, spends N of them and runs its clause; power faces the
  clause adds join those left; it stops when no line fits (:func:`uses`).
- ``When you resolve your smash faces, you may multiply them by your power faces.``: a
  modifier of the monster (``ModifierKind.MULTIPLY_SMASH``).

Problems come back as diagnostics (``file:line:col``, code, hint), never a traceback.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from .ast import Alias, Effect, Modifier, ModifierKind, Position, Verb, Who, slugify
from .diagnostics import Diagnostic, Source, sort_key
from .grammar import DEFAULT_GAME, CardIndenter, IndentMismatch, grammar_text
from .vocabulary import MODIFIERS, VERBS

MONSTERS_DIR = "monsters"
"""The folder of a game's built-in cards that holds its monsters' files."""

LANGUAGES = ("pl", "cz")
HEARTS_LIMIT = 99
MAX_FACES = 8
"""A power line's group: at most the dice a Duel roll can have (duel.roll.dice-cap)."""

_MONSTER_LINE = re.compile(r"\A(?:[ \t]*(?:#[^\n]*)?\r?\n)*monster(?![A-Za-z0-9_])")


@dataclass(frozen=True, slots=True)
class Power:
    """``With faces power faces, <effect>.``: one use of the monster's power."""

    faces: int
    effect: Effect
    position: Position
    alternatives: tuple[Effect, ...] = ()
    """The other clauses of the line (`... or ...`): the owner chooses one each use."""

    @property
    def choices(self) -> tuple[Effect, ...]:
        """The clauses the owner chooses among (one: nothing to choose)."""
        return (self.effect, *self.alternatives)


@dataclass(frozen=True, slots=True)
class MonsterDef:
    """A checked monster: name, starting hearts, aliases, power lines in file order and
    modifiers."""

    name: str
    slug: str
    hearts: int
    aliases: tuple[Alias, ...]
    powers: tuple[Power, ...]
    modifiers: tuple[Modifier, ...]
    position: Position

    def has(self, kind: ModifierKind) -> bool:
        return any(m.kind is kind for m in self.modifiers)


def is_monster_text(text: str) -> bool:
    """Whether ``text`` is a monster file: its first line that is not blank or a comment
    starts with ``monster``."""
    return _MONSTER_LINE.match(text) is not None


@functools.cache
def monster_parser(game: str = DEFAULT_GAME) -> Lark:
    """The Lark parser of ``game``'s monster files (the dialect, from ``monster_file``)."""
    from kot_rules.paths import grammar_dir

    return Lark(grammar_text(game), parser="lalr", start="monster_file",
                propagate_positions=True, postlex=CardIndenter(), maybe_placeholders=False,
                import_paths=[str(grammar_dir())])


def parse_monster_text(text: str, file: str, game: str = DEFAULT_GAME
                       ) -> tuple[list[MonsterDef], list[Diagnostic]]:
    """The checked monsters of one monster file, and every problem found (sorted)."""
    source = Source(file, text)
    padded = "\n" + text.rstrip(" \t\r\n") + "\n"
    try:
        tree = monster_parser(game).parse(padded)
    except IndentMismatch as err:
        return [], [source.diagnostic("KOT240", err.line - 1, err.column,
                                      "this line's indentation matches no line above it",
                                      "indent every line of the monster by the same amount")]
    except UnexpectedInput as err:
        return [], [_syntax(err, source)]
    except LarkError as err:  # pragma: no cover - defensive, Lark's other errors
        return [], [source.diagnostic("KOT240", 1, 1, f"cannot parse this monster: {err}")]
    out: list[MonsterDef] = []
    found: list[Diagnostic] = []
    blocks = [t for t in tree.children if isinstance(t, Tree)]
    if len(blocks) != 1:
        found.append(source.diagnostic(
            "KOT240", 1, 1, f"a monster file holds exactly one monster, got {len(blocks)}",
            'write one `monster "NAME"` block per file'))
    for block in blocks:
        m, problems = _check(block, source, game)
        found.extend(problems)
        if m is not None:
            out.append(m)
    return out, sorted(found, key=sort_key)


def _syntax(err: UnexpectedInput, source: Source) -> Diagnostic:
    line = max(1, (err.line or 2) - 1)
    column = max(1, err.column or 1)
    if isinstance(err, UnexpectedCharacters):
        message = f"unexpected character {source.line(line)[column - 1:column]!r}"
    elif isinstance(err, UnexpectedEOF):
        message = "the file ends before the monster is complete"
    else:
        token = getattr(err, "token", None)
        got = "the end of the line" if token is None or token.type == "_NL" else repr(str(token))
        message = f"this does not fit a monster line here: got {got}"
    return source.diagnostic(
        "KOT240", line, column, message,
        'a monster file is `monster "NAME"`, then indented lines: `hearts N`, '
        '`alias pl "NAME"`, `With N power faces, <clause>.` or the smash line')


def _pos(source: Source, token: Token) -> Position:
    return Position(source.file, (token.line or 2) - 1, token.column or 1)


def _tokens(tree: Tree[Token]) -> list[Token]:
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token))]


def _unquote(token: Token) -> str:
    return re.sub(r'\\(["\\])', r"\1", str(token)[1:-1])


def _check(block: Tree[Token], source: Source, game: str
           ) -> tuple[MonsterDef | None, list[Diagnostic]]:
    found: list[Diagnostic] = []

    def report(code: str, at: Position, message: str, hint: str | None = None) -> None:
        found.append(source.diagnostic(code, at.line, at.column, message, hint))

    head = [c for c in block.children if isinstance(c, Token)]
    name_token = head[1]
    name = _unquote(name_token).strip()
    where = _pos(source, name_token)
    if not name or not slugify(name):
        report("KOT206", where, "the monster's name is empty or has no letter or digit",
               "write the monster's English name")
    hearts: list[tuple[int, Position]] = []
    aliases: list[Alias] = []
    powers: list[Power] = []
    modifiers: list[Modifier] = []
    for line in (c for c in block.children if isinstance(c, Tree)):
        toks = _tokens(line)
        at = _pos(source, toks[0])
        if line.data == "hearts_line":
            hearts.append((int(toks[1]), _pos(source, toks[1])))
        elif line.data == "alias_line":
            language, alias = toks[1], toks[2]
            if str(language) not in LANGUAGES:
                report("KOT204", _pos(source, language),
                       f"unknown alias language {str(language)!r}",
                       "write `alias pl \"...\"` or `alias cz \"...\"`")
            elif any(a.language == str(language) and a.name == _unquote(alias)
                     for a in aliases):
                report("KOT205", _pos(source, alias), "this alias is given twice",
                       "remove one of the two lines")
            else:
                aliases.append(Alias(str(language), _unquote(alias), _pos(source, alias)))
        elif line.data == "multiply_line":
            word = MODIFIERS[ModifierKind.MULTIPLY_SMASH]
            if game not in word.games:
                report("KOT223", at, "this game's monsters may not say the smash line",
                       "remove the line")
            modifiers.append(Modifier(ModifierKind.MULTIPLY_SMASH, 0, at))
        else:  # power_line
            power = _power(line, toks, source, game, report)
            if power is not None:
                powers.append(power)
    if not hearts:
        report("KOT241", where, f"the monster {name!r} has no hearts line",
               "add its starting hearts under the name, e.g. `hearts 12`")
    for _, at in hearts[1:]:
        report("KOT241", at, "the monster has more than one hearts line",
               "keep one `hearts N` line")
    if hearts and not 1 <= hearts[0][0] <= HEARTS_LIMIT:
        report("KOT242", hearts[0][1],
               f"starting hearts must be 1..{HEARTS_LIMIT}, got {hearts[0][0]}",
               "write the hearts on the monster's board")
    if any(d.is_error for d in found):
        return None, found
    return MonsterDef(name, slugify(name), hearts[0][0], tuple(aliases), tuple(powers),
                      tuple(modifiers), where), found


Report = Callable[[str, Position, str, "str | None"], None]
"""(code, position, message, hint): how the checker reports a problem."""


def _power(line: Tree[Token], toks: list[Token], source: Source, game: str,
           report: Report) -> Power | None:
    faces_token, unit = toks[1], toks[3]
    faces = int(faces_token)
    ok = True
    if not 1 <= faces <= MAX_FACES:
        report("KOT242", _pos(source, faces_token),
               f"a power line's group must be 1..{MAX_FACES} power faces, got {faces}",
               "write how many power faces one use of the power takes")
        ok = False
    elif (unit.type == "FACE") != (faces == 1):
        report("KOT242", _pos(source, unit),
               f"write `{faces} power {'face' if faces == 1 else 'faces'}`",
               "1 power face, 2 power faces")
        ok = False
    effects: list[Effect] = []
    for clause in (c for c in line.children if isinstance(c, Tree)):
        effect = _clause(clause, faces, source, game, report)
        if effect is None:
            ok = False
        else:
            effects.append(effect)
    if not ok:
        return None
    return Power(faces, effects[0], _pos(source, toks[0]), tuple(effects[1:]))


def _plural(source: Source, token: Token, amount: int, one: str, many: str,
            report: Report) -> bool:
    """Whether the unit ``token`` agrees with ``amount`` (KOT242 if not)."""
    if (str(token) == one) == (amount == 1):
        return True
    report("KOT242", _pos(source, token), f"write `{amount} {one if amount == 1 else many}`",
           f"1 {one}, 2 {many}")
    return False


def _clause(clause: Tree[Token], faces: int, source: Source, game: str,
            report: Report) -> Effect | None:
    """The effect one clause of a power line says, or None (reported)."""
    ctoks = _tokens(clause)
    at = _pos(source, ctoks[0])
    ok = True
    amount_token = next((t for t in ctoks if t.type == "NUMBER"), None)
    amount = int(amount_token) if amount_token is not None else 0
    if clause.data == "gain_clause":
        if ctoks[2].type != "ENERGY" or len(ctoks) != 3:
            report("KOT243", _pos(source, ctoks[2]),
                   "a Duel monster's power gains energy, not stars", "write `gain N energy`")
            return None
        verb = Verb.GAIN_ENERGY
    elif clause.data == "heal_clause":
        verb = Verb.HEAL
    elif clause.data == "pull_clause":
        verb = Verb.PULL_FAME if ctoks[2].type == "FAME" else Verb.PULL_DESTRUCTION
        ok = _plural(source, ctoks[-1], amount, "space", "spaces", report)
    elif clause.data == "dice_token_clause":
        verb = Verb.GAIN_DICE_TOKENS
        ok = _plural(source, ctoks[-1], amount, "token", "tokens", report)
    elif clause.data == "add_faces_clause":
        verb = Verb.ADD_FACES
        ok = _plural(source, ctoks[2], amount, "face", "faces", report)
        if ok and amount >= faces:
            # Each use must spend more power faces than it can add back, or it never ends.
            report("KOT243", _pos(source, ctoks[1]),
                   f"a use that spends {faces} power faces may add at most {faces - 1}",
                   "add fewer faces than the power faces the line spends")
            ok = False
    else:  # king_tile_clause
        verb = Verb.PLACE_KING_TILE
        if ctoks[-1].type == "TILE":
            report("KOT242", _pos(source, ctoks[-1]), "write `one of your King tiles`",
                   "a board may have two King tiles")
            ok = False
    if VERBS[verb].amount and amount_token is not None and not 1 <= amount <= 99:
        report("KOT242", _pos(source, amount_token), f"an amount must be 1..99, got {amount}",
               "write a whole number from 1 to 99")
        ok = False
    if game not in VERBS[verb].games:
        report("KOT223", at, f"this game's monsters may not say {verb.value!r}",
               "use a word the game's monsters say")
        ok = False
    return Effect(verb, amount, Who.YOU, at) if ok else None


def uses(powers: Sequence[Power], faces: int) -> Power | None:
    """The power line the next use takes with ``faces`` power faces left: the first, in
    the file's order, whose group they can pay; None when none fits."""
    return next((p for p in powers if p.faces <= faces), None)


# --- Canonical text ---------------------------------------------------------------------


def render_clause(e: Effect) -> str:
    """A power clause's canonical text: the verb's text, lowercase, without its period."""
    text = VERBS[e.verb].render(e)
    assert text is not None
    return text[0].lower() + text[1:].rstrip(".")


def render_power(p: Power) -> str:
    unit = "face" if p.faces == 1 else "faces"
    clauses = " or ".join(render_clause(e) for e in p.choices)
    return f"With {p.faces} power {unit}, {clauses}."


def render_lines(m: MonsterDef) -> dict[int, str]:
    """The canonical text of each line of ``m``, by its line number."""
    out = {m.position.line: f"monster {_quote(m.name)}"}
    for a in m.aliases:
        out[a.position.line] = f"  alias {a.language} {_quote(a.name)}"
    for p in m.powers:
        out[p.position.line] = "  " + render_power(p)
    for mod in m.modifiers:
        text = MODIFIERS[mod.kind].render(0)
        assert text is not None
        out[mod.position.line] = "  " + text
    return out


def _quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_monster_text(text: str, file: str, game: str = DEFAULT_GAME
                        ) -> tuple[str | None, list[Diagnostic]]:
    """The canonical text of a monster file (comments kept, code lines rewritten), or None
    with the diagnostics when it has errors."""
    monsters, diagnostics = parse_monster_text(text, file, game)
    if any(d.is_error for d in diagnostics) or len(monsters) != 1:
        return None, diagnostics
    m = monsters[0]
    canonical = render_lines(m)
    out: list[str] = []
    for number, raw in enumerate(text.rstrip("\n").split("\n"), start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if number in canonical:
            comment = ""
            if "#" in line and '"' not in line[line.index("#"):]:
                comment = "  " + line[line.index("#"):].strip()
            out.append(canonical[number] + comment)
        elif stripped.startswith("hearts"):
            out.append(f"  hearts {m.hearts}")
        elif stripped.startswith("#") and raw[:1] in (" ", "\t"):
            out.append("  " + stripped)
        else:
            out.append(line)
    return "\n".join(out) + "\n", diagnostics


# --- The game's monsters ------------------------------------------------------------------


def monster_game(path: Path, game: str) -> str:
    """The game a monster file is read as: ``game``, or where none was chosen (the
    default), the game whose cards folder holds it (``<game>/monsters/NAME.kot``)."""
    from .grammar import dialect_games

    folder = path.resolve().parent
    if game == DEFAULT_GAME and folder.name == MONSTERS_DIR and (
            folder.parent.name in dialect_games()):
        return folder.parent.name
    return game


def monster_files(cards_dir: Path) -> list[Path]:
    """The monster files of a game's built-in cards folder, sorted."""
    folder = cards_dir / MONSTERS_DIR
    return sorted(p for p in folder.glob("*.kot") if p.is_file()) if folder.is_dir() else []


class MonsterSpecError(ValueError):
    """A game's monster files have errors (every diagnostic, rendered)."""


@functools.cache
def game_monster_defs(game: str) -> tuple[MonsterDef, ...]:
    """The checked monsters of ``game``'s built-in cards (none for a game without them);
    raises MonsterSpecError naming every problem."""
    from kot_rules.paths import builtin_cards_dir

    out: list[MonsterDef] = []
    problems: list[Diagnostic] = []
    for path in monster_files(builtin_cards_dir(game)):
        text = path.read_text(encoding="utf-8")
        found, diagnostics = parse_monster_text(text, str(path), game)
        out.extend(found)
        problems.extend(d for d in diagnostics if d.is_error)
    if problems:
        raise MonsterSpecError("\n".join(d.render() for d in problems))
    return tuple(out)
