"""Parsing card files: text to card syntax and checked definitions, never a traceback.

The grammar is ``grammar/core.lark`` plus the game's dialect (``grammar/<game>.lark``;
LALR, strict; see ``grammar.py``). A file is parsed one card at a time (it is split
before each line starting with ``card``), so one broken card does not hide the
problems of the others; each card yields at most one syntax diagnostic, worded by
``explain.py``.
"""

from __future__ import annotations

import codecs
import itertools
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from lark import Token, Tree
from lark.exceptions import LarkError, UnexpectedInput

from .ast import (
    ENERGY_ON_CARD,
    PER_UNUSED_ROLL,
    AliasSyntax,
    CardDef,
    CardKind,
    CardSyntax,
    Condition,
    CostSyntax,
    EffectSyntax,
    Position,
    Trigger,
    Verb,
    Who,
)
from .checker import (
    AbilitySyntax,
    ActivatedSyntax,
    BuzzSyntax,
    EmptyRuleSyntax,
    FullCardSyntax,
    ModifierSyntax,
    PerEffectSyntax,
    SupplySyntax,
    TokenRuleSyntax,
    check_card,
    check_set,
)
from .diagnostics import Diagnostic, Source, make_diagnostic, sort_key
from .explain import INDENT_HINT, explain
from .grammar import DEFAULT_GAME, UNITS, IndentMismatch, card_parser
from .vocabulary import (
    ACT_BY_RULE,
    ASKING_BY_RULE,
    CONDITION_KEYS,
    HELD_VERBS,
    MODIFIER_BY_RULE,
    TOKEN_RULE_BY_RULE,
    TRIGGER_KEYS,
    TRIGGERS,
    VERB_KEYS,
    identify,
)

MAX_BYTES = 1_000_000
"""Larger files are refused (KOT112): a card file is a few hundred bytes."""

MAX_DIAGNOSTICS = 100
"""Per file; past this a single KOT199 note says the rest were dropped."""

_CARD_LINE = re.compile(r"^card(?![A-Za-z0-9_])", re.MULTILINE)
_ESCAPE = re.compile(r'\\(["\\])')

# --- Reading --------------------------------------------------------------------


def decode_card_bytes(data: bytes, file: str) -> tuple[str | None, list[Diagnostic]]:
    """The text of a card file, or a KOT101 at the first byte that is not UTF-8."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as err:
        start = err.start
        line_start = data.rfind(b"\n", 0, start) + 1
        line_end = data.find(b"\n", start)
        line = data.count(b"\n", 0, start) + 1
        # Everything before the first bad byte is valid, so this decode succeeds.
        column = len(data[line_start:start].decode("utf-8")) + 1
        source_line = data[line_start:line_end if line_end >= 0 else len(data)]
        diagnostic = make_diagnostic(
            file, "KOT101", line, column,
            f"the file is not valid UTF-8: byte 0x{data[start]:02x} cannot be read as text",
            "save the file as UTF-8", source_line.decode("utf-8", "replace").rstrip("\r"))
        return None, [diagnostic]


def read_card_file(path: Path, file: str | None = None) -> tuple[str | None, list[Diagnostic]]:
    """Read and decode ``path``; problems (KOT100, KOT101, KOT112) come back as diagnostics."""
    name = file if file is not None else str(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            return None, [_too_large(name, size)]
        data = path.read_bytes()
    except OSError as err:
        reason = err.strerror or type(err).__name__
        return None, [make_diagnostic(name, "KOT100", 0, 0, f"cannot read the file: {reason}",
                                      "check the path")]
    if len(data) > MAX_BYTES:  # it grew between stat() and read
        return None, [_too_large(name, len(data))]
    return decode_card_bytes(data, name)


def _too_large(file: str, size: int) -> Diagnostic:
    return make_diagnostic(file, "KOT112", 0, 0,
                           f"the file has {size} bytes; a card file may have at most {MAX_BYTES}",
                           "split the cards over several files")


# --- Parsing --------------------------------------------------------------------


def parse_text(text: str, file: str, game: str = DEFAULT_GAME
               ) -> tuple[list[CardDef], list[Diagnostic]]:
    """The checked cards of one file's text, and every problem found (sorted).

    Includes the checks across the file's cards (a card defined twice); a card
    reported as a repeat is left out. ``game``: whose dialect and vocabulary the
    cards are read in.
    """
    cards, diagnostics = parse_cards(text, file, game)
    repeated = check_set(cards, {file: Source(file, text)})
    if repeated:
        at = {(d.line, d.column) for d in repeated if d.code == "KOT201"}
        cards = [c for c in cards if (c.position.line, c.position.column) not in at]
        diagnostics = _capped(sorted([*diagnostics, *repeated], key=sort_key), file)
    return cards, diagnostics


def parse_cards(text: str, file: str, game: str = DEFAULT_GAME
                ) -> tuple[list[CardDef], list[Diagnostic]]:
    """Like ``parse_text`` but checks each card on its own only.

    For callers that run ``check_set`` over many files at once.
    """
    source = Source(file, text)
    syntax, diagnostics = parse_syntax(text, file, game)
    cards: list[CardDef] = []
    for card in syntax:
        definition, found = check_card(card, source, game)
        diagnostics.extend(found)
        if definition is not None:
            cards.append(definition)
    if not syntax and not diagnostics:
        diagnostics.append(make_diagnostic(file, "KOT212", 0, 0, "the file defines no card",
                                           'start a card with `card "NAME"`'))
    return cards, _capped(sorted(diagnostics, key=sort_key), file)


def parse_syntax(text: str, file: str, game: str = DEFAULT_GAME
                 ) -> tuple[list[CardSyntax], list[Diagnostic]]:
    """The cards of one file as written (unchecked), and its syntax diagnostics."""
    if len(text) > MAX_BYTES:
        return [], [_too_large(file, len(text.encode("utf-8", "surrogatepass")))]
    parser = card_parser(game)
    source = Source(file, text)
    cards: list[CardSyntax] = []
    diagnostics: list[Diagnostic] = []
    for chunk, first_line in _chunks(text):
        # A leading newline makes every chunk start in the same parser state, which
        # the example table (explain.py) relies on; it shifts line numbers by one.
        padded = "\n" + chunk.rstrip(" \t\r\n") + "\n"
        offset = first_line - 2
        try:
            tree = parser.parse(padded)
        except IndentMismatch as err:
            diagnostics.append(source.diagnostic(
                "KOT107", err.line + offset, err.column,
                "this line's indentation matches no line above it", INDENT_HINT))
        except UnexpectedInput as err:
            diagnostics.append(explain(err, padded, offset, source, game))
        except LarkError as err:  # pragma: no cover - defensive, Lark's other errors
            diagnostics.append(source.diagnostic("KOT111", first_line, 1,
                                                 f"cannot parse this card: {err}"))
        else:
            cards.extend(_cards_of(tree, file, offset))
        if len(diagnostics) > MAX_DIAGNOSTICS:
            break
    return cards, diagnostics


def cards_started(text: str) -> int:
    """How many cards ``text`` starts (its unindented ``card`` lines), valid or not;
    a text that starts none counts as one (a file meant as a card that failed)."""
    return max(1, len(_CARD_LINE.findall(text)))


def _chunks(text: str) -> Iterator[tuple[str, int]]:
    """The text cut before each unindented ``card`` line, with each piece's first line."""
    starts = [m.start() for m in _CARD_LINE.finditer(text)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    line = 1
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        chunk = text[start:end]
        if chunk.strip():
            yield chunk, line
        line += chunk.count("\n")


def _capped(diagnostics: list[Diagnostic], file: str) -> list[Diagnostic]:
    if len(diagnostics) <= MAX_DIAGNOSTICS:
        return diagnostics
    first_dropped = diagnostics[MAX_DIAGNOSTICS]
    note = make_diagnostic(file, "KOT199", first_dropped.line, first_dropped.column,
                           f"more than {MAX_DIAGNOSTICS} problems in this file; "
                           "the rest are not reported",
                           "fix the problems above and check again",
                           first_dropped.source_line)
    return [*diagnostics[:MAX_DIAGNOSTICS], note]


# --- From the parse tree to card syntax ---------------------------------------------


def _cards_of(tree: Tree[Token], file: str, offset: int) -> Iterator[CardSyntax]:
    def pos(token: Token) -> Position:
        return Position(file, (token.line or 0) + offset, token.column or 0)

    for card in tree.children:
        if not isinstance(card, Tree):
            continue
        keyword, name = card.children[0], card.children[1]
        assert isinstance(keyword, Token) and isinstance(name, Token)
        costs: list[CostSyntax] = []
        aliases: list[AliasSyntax] = []
        effects: list[EffectSyntax] = []
        modifiers: list[ModifierSyntax] = []
        abilities: list[AbilitySyntax] = []
        activated: list[ActivatedSyntax] = []
        supplies: list[SupplySyntax] = []
        token_rules: list[TokenRuleSyntax] = []
        empty_rules: list[EmptyRuleSyntax] = []
        buzz: list[BuzzSyntax] = []
        for line in card.children[2:]:
            assert isinstance(line, Tree)
            parts = line.children
            if line.data == "cost_line":
                tokens = [t for t in parts if isinstance(t, Token)]
                kind_tree = parts[3]
                assert isinstance(kind_tree, Tree) and isinstance(kind_tree.children[0], Token)
                copies = tokens[-1] if len(parts) == 7 else None
                costs.append(CostSyntax(
                    cost=_number(tokens[1]),
                    cost_position=pos(tokens[1]),
                    kind=CardKind(str(kind_tree.children[0])),
                    copies=_number(copies) if copies is not None else None,
                    copies_position=pos(copies) if copies is not None else None,
                    position=pos(tokens[0]),
                ))
            elif line.data == "alias_line":
                keyword_token, language, alias_name = parts
                assert isinstance(keyword_token, Token) and isinstance(language, Token)
                assert isinstance(alias_name, Token)
                aliases.append(AliasSyntax(
                    language=str(language),
                    language_position=pos(language),
                    name=_unquote(alias_name),
                    name_position=pos(alias_name),
                    position=pos(keyword_token),
                ))
            elif line.data == "effect_line":
                for sentence in parts:
                    assert isinstance(sentence, Tree)
                    effects.append(_effect(sentence, pos))
            elif line.data == "modifier_line":
                modifiers.append(_modifier(line, pos))
            elif line.data in ("ability_line", "replacement_line"):
                abilities.append(_ability(line, pos))
            elif line.data == "activated_line":
                activated.append(_activated(line, pos))
            elif line.data == "supply_line":
                supplies.append(_supply(line, pos))
            elif line.data == "token_rule_line":
                token_rules.append(_token_rule(line, pos))
            elif line.data == "empty_line":
                empty_rules.append(_empty_rule(line, pos))
            elif line.data == "buzz_line":  # `buzz "TILE"`
                keyword_token, tile = parts
                assert isinstance(keyword_token, Token) and isinstance(tile, Token)
                buzz.append(BuzzSyntax(_unquote(tile), pos(tile), pos(keyword_token)))
        yield FullCardSyntax(_unquote(name), pos(name), tuple(costs), tuple(aliases),
                             pos(keyword), tuple(effects), tuple(modifiers), tuple(abilities),
                             tuple(activated), tuple(supplies), tuple(token_rules),
                             tuple(empty_rules), buzz=tuple(buzz))


# The lowercase keywords that start a clause inside a line, as their capitalised ones.
_CAPITALISED = {"GAIN_LC": "GAIN", "HEAL_LC": "HEAL", "TAKE_LC": "TAKE", "EACH_LC": "EACH",
                "EVERY_LC": "EVERY"}


def _tokens(tree: Tree[Token]) -> Iterator[Token]:
    """Every token of ``tree``, in text order."""
    for child in tree.children:
        if isinstance(child, Tree):
            yield from _tokens(child)
        else:
            yield child


def _subtree(tree: Tree[Token], data: str) -> Tree[Token] | None:
    return next((c for c in tree.children if isinstance(c, Tree) and c.data == data), None)


def _effect(sentence: Tree[Token], pos: Callable[[Token], Position]) -> EffectSyntax:
    """One effect sentence or clause; what it does follows from the keywords it holds.

    A clause's own tokens only: its ``for every N energy you have`` is a subtree.
    """
    tokens = [t for t in sentence.children if isinstance(t, Token)]
    types = {_CAPITALISED.get(t.type, t.type) for t in tokens}
    verb = identify(VERB_KEYS, types) or Verb.GAIN_STARS
    if verb in HELD_VERBS:
        return _held_effect(sentence, tokens, verb, pos)
    amount = next((t for t in tokens if t.type == "NUMBER"), None)  # none: Take control ...
    unit = next((t for t in tokens if t.type in UNITS), None)
    who = (Who.NEIGHBOURS if "NEIGHBOURS" in types else Who.EVERY if "EVERY" in types
           else Who.EACH_OTHER if "EACH" in types else Who.TAKER if "PLACE" in types
           else Who.IT if "IT" in types  # `it loses 1 star`, `... from it`
           else Who.YOU)
    fewer = _subtree(sentence, "fewer_dice")  # `... after this one with 1 die fewer`
    if fewer is not None:
        amount = next(t for t in _tokens(fewer) if t.type == "NUMBER")
        unit = next(t for t in _tokens(fewer) if t.type in ("DIE", "DICE"))
    per = _per_number(sentence, "per_held")
    per_count, per_token = _per_count(sentence)
    if per_token is not None:
        per = per_token
    return PerEffectSyntax(
        verb=verb,
        who=who,
        amount=_number(amount) if amount is not None else 0,
        amount_position=pos(amount if amount is not None else tokens[0]),
        unit=str(unit) if unit is not None else None,
        unit_position=pos(unit) if unit is not None else None,
        position=pos(tokens[0]),
        per=_number(per) if per is not None else 0,
        per_position=pos(per) if per is not None else None,
        per_count=per_count,
    )


def _per_count(clause: Tree[Token]) -> tuple[str, Token | None]:
    """What a ``per_count`` subtree counts, and the token of its N (the face word or
    ``roll`` where it says ``for each``, counted as 1)."""
    tree = _subtree(clause, "per_count")
    if tree is None:
        return "", None
    tokens = list(_tokens(tree))
    face = next((t for t in tokens if t.type in ("SMASH", "POWER")), None)
    if face is None:
        return PER_UNUSED_ROLL, Token.new_borrow_pos("NUMBER", "1", tokens[1])
    number = next((t for t in tokens if t.type == "NUMBER"), None)
    return str(face), number or Token.new_borrow_pos("NUMBER", "1", face)


def _held_effect(sentence: Tree[Token], tokens: list[Token], verb: Verb,
                 pos: Callable[[Token], Position]) -> EffectSyntax:
    """A clause about tokens or energy held: put tokens on, move energy onto or off a card."""
    amount = next((t for t in tokens if t.type == "NUMBER"), None)
    word = next((t for t in tokens if t.type == "WORD"), None)
    unit = next((t for t in tokens if t.type in ("TOKEN", "TOKENS")), None)
    if verb is Verb.PUT_TOKENS:
        who = Who.IT if any(t.type == "IT" for t in tokens) else Who.THIS_CARD
        value = _number(amount) if amount is not None else 1  # `put a poison token`
    elif verb is Verb.STORE_ENERGY:  # amount 1: the bank adds as much as was moved
        who = Who.THIS_CARD
        value = 1 if _subtree(sentence, "bank_adds") is not None else 0
    else:
        who = Who.YOU
        value = _number(amount) if amount is not None else 1  # `put a ... token`
    return PerEffectSyntax(
        verb=verb,
        who=who,
        amount=value,
        amount_position=pos(amount if amount is not None else tokens[0]),
        unit=str(unit) if unit is not None else None,
        unit_position=pos(unit) if unit is not None else None,
        position=pos(tokens[0]),
        token=str(word) if word is not None else "",
        token_position=pos(word) if word is not None else None,
    )


def _supply(line: Tree[Token], pos: Callable[[Token], Position]) -> SupplySyntax:
    """``The game has N <token> tokens.``"""
    tokens = list(_tokens(line))
    count = next(t for t in tokens if t.type == "NUMBER")
    word = next(t for t in tokens if t.type == "WORD")
    unit = next(t for t in tokens if t.type in ("TOKEN", "TOKENS"))
    return SupplySyntax(str(word), pos(word), _number(count), pos(count), str(unit), pos(unit),
                        pos(tokens[0]))


def _token_rule(line: Tree[Token], pos: Callable[[Token], Position]) -> TokenRuleSyntax:
    """A rule of a token kind: what the rule says is the name of the grammar rule that read it."""
    body = line.children[0]
    assert isinstance(body, Tree)
    tokens = list(_tokens(body))
    amount = next((t for t in tokens if t.type == "NUMBER"), None)
    word = next(t for t in tokens if t.type == "WORD")
    unit = next((t for t in tokens if t.type in ("DIE", "DICE")), None)
    return TokenRuleSyntax(
        kind=TOKEN_RULE_BY_RULE[str(body.data)],
        token=str(word),
        token_position=pos(word),
        amount=_number(amount) if amount is not None else 1,
        amount_position=pos(amount) if amount is not None else None,
        unit=str(unit) if unit is not None else None,
        unit_position=pos(unit) if unit is not None else None,
        position=pos(tokens[0]),
    )


def _empty_rule(line: Tree[Token], pos: Callable[[Token], Position]) -> EmptyRuleSyntax:
    """``When this card has no <token> tokens / no energy, discard it.``"""
    tokens = list(_tokens(line))
    word = next((t for t in tokens if t.type == "WORD"), None)
    resource = str(word) if word is not None else ENERGY_ON_CARD
    return EmptyRuleSyntax(resource, pos(word) if word is not None else None, pos(tokens[0]))


def _per_number(clause: Tree[Token], data: str) -> Token | None:
    """The N of the clause's ``for every N energy ...`` subtree named ``data``, if it has one."""
    tree = _subtree(clause, data)
    return next((t for t in _tokens(tree) if t.type == "NUMBER"), None) if tree else None


def _ability(line: Tree[Token], pos: Callable[[Token], Position]) -> AbilitySyntax:
    """One ability line: its trigger and condition follow from the keywords they hold."""
    # A replacement line (`When you would be eliminated, instead ...`) has its trigger's
    # words on the line itself, and one or more clauses.
    trigger_tree = _subtree(line, "trigger") or _subtree(line, "trigger_lc") or line
    condition_tree = _subtree(line, "condition")
    clauses = [c for c in line.children if isinstance(c, Tree) and c.data.endswith("_clause")]
    # `you may pay N energy to <clause>`: the price, then the clause.
    paid = clauses[0] if clauses[0].data == "paid_clause" else None
    price = None
    if paid is not None:
        price = next(t for t in _tokens(paid.children[0]) if t.type == "NUMBER")  # type: ignore[arg-type]
        clauses[0] = paid.children[1]  # type: ignore[assignment]
    clause = clauses[0]
    trigger, param = _trigger(trigger_tree)
    condition = _condition(condition_tree) if condition_tree is not None else None
    per = _per_number(clause, "per_energy")
    effect = (_asking_clause(clause, pos) if clause.data in ASKING_BY_RULE
              else _effect(clause, pos))
    return AbilitySyntax(
        trigger=trigger,
        param=_number(param) if param is not None else 0,
        param_position=pos(param) if param is not None else None,
        once_per_turn=_subtree(line, "once_per_turn") is not None,
        condition=condition,
        condition_position=(pos(next(_tokens(condition_tree)))
                            if condition_tree is not None else None),
        effect=effect,
        per=_number(per) if per is not None else 0,
        per_position=pos(per) if per is not None else None,
        position=pos(next(_tokens(line))),
        more_effects=tuple(_effect(c, pos) for c in clauses[1:]),
        replacement=line.data == "replacement_line",
        price=_number(price) if price is not None else 0,
        price_position=pos(price) if price is not None else None,
    )


def _activated(line: Tree[Token], pos: Callable[[Token], Position]) -> ActivatedSyntax:
    """One activated ability line: what it does is the name of the rule that read its act."""
    act = next(c for c in line.children if isinstance(c, Tree) and c.data in ACT_BY_RULE)
    payment = _subtree(line, "payment")
    energy = next((t for t in _tokens(payment) if t.type == "NUMBER"), None) if payment else None
    act_tokens = list(_tokens(act))
    amount = next((t for t in act_tokens if t.type == "NUMBER"), None)
    verb = ACT_BY_RULE[str(act.data)]
    token = next((t for t in _tokens(payment) if t.type == "WORD"), None) if payment else None
    return ActivatedSyntax(
        verb=verb,
        amount=_number(amount) if amount is not None else (1 if verb is Verb.EXTRA_ROLL else 0),
        amount_position=pos(amount if amount is not None else act_tokens[0]),
        energy=_number(energy) if energy is not None else 0,
        energy_position=pos(energy) if energy is not None else None,
        once_per_turn=_subtree(line, "once_per_turn") is not None,
        then_discard=_subtree(line, "then_discard") is not None,
        position=pos(next(_tokens(line))),
        token=str(token) if token is not None else "",
        token_position=pos(token) if token is not None else None,
    )


def _asking_clause(clause: Tree[Token], pos: Callable[[Token], Position]) -> EffectSyntax:
    """A clause in which the owner chooses (`you may ...`); its amount is a flag, not a number."""
    tokens = list(_tokens(clause))
    verb = ASKING_BY_RULE[str(clause.data)]
    flag = int(verb is Verb.REROLL_OTHERS_DIE and any(t.type == "HEART" for t in tokens))
    number = next((t for t in tokens if t.type == "NUMBER"), None)  # the energy a copy costs
    amount = _number(number) if number is not None else flag
    return EffectSyntax(verb=verb, who=Who.YOU, amount=amount,
                        amount_position=pos(number if number is not None else tokens[0]),
                        unit=None, unit_position=None, position=pos(tokens[0]))


def _trigger(tree: Tree[Token]) -> tuple[Trigger, Token | None]:
    """The trigger a trigger clause names, and the token of its number (if it has one).

    A replacement line is its own trigger tree: only its words before the comma count.
    """
    tokens = list(itertools.takewhile(lambda t: t.type != "COMMA", _tokens(tree)))
    trigger = identify(TRIGGER_KEYS, {t.type for t in tokens})
    if trigger is None:  # pragma: no cover - the grammar reads only known triggers
        raise ValueError("an unknown trigger")
    number = next((t for t in tokens if t.type in ("NUMBER", "SET_OF_FACE")), None)
    return trigger, number if TRIGGERS[trigger].amount else None


def _condition(tree: Tree[Token]) -> Condition:
    condition = identify(CONDITION_KEYS, {t.type for t in _tokens(tree)})
    if condition is None:  # pragma: no cover - the grammar reads only known conditions
        raise ValueError("an unknown condition")
    return condition


def _modifier(line: Tree[Token], pos: Callable[[Token], Position]) -> ModifierSyntax:
    """One modifier line: its kind is the name of the grammar rule that read it."""
    body = line.children[0]
    assert isinstance(body, Tree)
    tokens = list(_tokens(body))
    amount = next((t for t in tokens if t.type == "NUMBER"), None)
    # The word after `extra` (`You roll 1 extra die.` also has the verb `roll`).
    unit = next((t for t in reversed(tokens) if t.type in ("DIE", "DICE", "ROLL", "ROLLS")),
                None) if body.data in ("extra_dice", "extra_rolls") else None
    # `When you yield Tokyo, you take no damage ...` names a trigger (the checker allows one).
    trigger_tree = _subtree(body, "trigger")
    lower = any(t.type == "LOWER" for t in tokens)  # `... is 2 lower.`: a negative raise
    return ModifierSyntax(
        kind=MODIFIER_BY_RULE[str(body.data)],
        amount=(-1 if lower else 1) * (_number(amount) if amount is not None else 0),
        amount_position=pos(amount) if amount is not None else None,
        unit=str(unit) if unit is not None else None,
        unit_position=pos(unit) if unit is not None else None,
        condition=(Condition.IN_TOKYO if _subtree(body, "in_tokyo") is not None
                   else Condition.FAME_ON_TILE if _subtree(body, "fame_on_tile") is not None
                   else None),
        position=pos(tokens[0]),
        trigger=_trigger(trigger_tree)[0] if trigger_tree is not None else None,
    )


def _number(token: Token) -> int:
    digits = str(token).rstrip("s").lstrip("0") or "0"  # `1s`: a set of 1s
    # Python refuses to convert very long digit strings; any of them is out of range.
    return int(digits) if len(digits) <= 18 else 10**18


def _unquote(token: Token) -> str:
    return _ESCAPE.sub(r"\1", str(token)[1:-1])
