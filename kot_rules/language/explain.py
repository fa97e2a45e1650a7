"""Explaining syntax errors in the card language's own words.

A Lark error is matched first against a table of known mistakes
(``UnexpectedInput.match_examples``), then worded from the set of terminals the
parser would have accepted: hints, "did you mean", and the words a line may start
with. Only ``parser.py`` calls ``explain``; the parse itself happens there.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace

from lark.exceptions import LarkError, UnexpectedInput, UnexpectedToken

from .ast import CardKind
from .diagnostics import Diagnostic, Source, quote
from .grammar import DEFAULT_GAME, UNITS, card_parser
from .render import CONDITIONS

# The keyword terminals and their text (keywords are case-sensitive).
_KEYWORDS: dict[str, str] = {
    "CARD": "card",
    "COST": "cost",
    "COPIES": "copies",
    "ALIAS": "alias",
    "KEEP": "keep",
    "DISCARD": "discard",
    "GAIN": "Gain",
    "HEAL": "Heal",
    "TAKE": "Take",
    "EACH": "Each",
    "EVERY": "Every",
    "OTHER": "other",
    "MONSTER": "monster",
    "TAKES": "takes",
    "LOSES": "loses",
    "STAR": "star",
    "STARS": "stars",
    "ENERGY": "energy",
    # Modifier and ability lines. A word that may start a line has its lowercase
    # form (inside a line) as NAME_LC.
    **{f"{word.upper()}_LC": word for word in ("gain", "heal", "take", "each", "every",
                                                "when", "at", "once", "you", "your",
                                                "damage", "cards")},
    **{word.upper(): word for word in (
        "When", "Whenever", "While", "At", "Once", "You", "Your", "Cards", "Damage",
        "per", "turn", "the", "start", "end", "of", "buy", "this", "another", "attack",
        "attacks", "is", "eliminated", "score", "a", "set", "resolve", "dice", "die", "lose",
        "or", "more", "hearts", "if", "are", "in", "Tokyo", "have", "no", "dealt", "fewest",
        "they", "show", "face", "and", "for", "neighbours", "maximum", "higher", "roll",
        "rolls", "extra", "less", "deal", "hit", "it", "has", "control", "City", "unless",
        "after", "one", "yourself", "exactly", "does", "not", "hurt", "may", "pay", "to",
        "then", "change", "any", "reroll", "showing", "would", "as", "many", "prevent",
        "heart", "rolled", "revealed", "shop", "their", "finished", "rolling", "its",
        "shows",
        # cards1: attack bonus, yielding Tokyo, elimination replaced, more to buy
        "add", "even", "without", "claws", "yield", "place", "that", "be",
        "instead", "all", "leave", "with", "fewer", "top", "deck", "from", "monsters",
        "paying", "them",
        # Tokens and what a card holds.
        "game", "token", "tokens", "spend", "faces", "remove", "put",
        "on", "move", "amount", "onto", "bank", "adds", "much", "who",
        "healed", "choose", "copy", "lower")},
    "CARDS_LC": "cards",
    "THE_CAP": "The",
    "A_CAP": "A",
    "FACE_1": "1",
    "FACE_2": "2",
    "FACE_3": "3",
    "IN_CAP": "In", "YOURS": "yours", "FIRST": "first",
    "BUZZ_CAP": "Buzz", "TILE": "tile", "WHENEVER_LC": "whenever", "SWAP": "swap",
    "GAINS": "gains", "SPOTLIGHT": "spotlight", "ZONE": "zone", "FOR_CAP": "For",
    "BEYOND": "beyond",
    # A monster file's words.
    "WITH_CAP": "With",
    "POWER": "power",
    "KIND": "kind",
    "KING": "King",
    "TILES": "tiles",
    "SMASH": "smash",
    "MULTIPLY": "multiply",
    "BY": "by",
    **{w.upper(): w for w in ("smash", "power", "left", "unused", "marker", "spotlight",
                              "zone", "last", "resolved", "skip", "skipped", "resolving",
                              "unresolved")},
    "FAME_LC": "fame",
}
# Duel's pulls and dice tokens.
_KEYWORDS.update({"PULL": "Pull", "PULL_LC": "pull", "FAME": "Fame",
                  "DESTRUCTION": "Destruction", "MARKER": "marker", "SPACE": "space",
                  "SPACES": "spaces", "BUZZ": "buzz"})
# Sentence starts only Duel's cards say: not listed among the effect sentences a King of
# Tokyo card may start (the message does not know the game).
_DUEL_SENTENCE_STARTS = frozenset({"PULL"})



def _duel_only(game: str) -> frozenset[str]:
    """The keywords only Duel's cards say, left out of another game's messages."""
    if game == "king-of-tokyo-duel":
        return frozenset()
    return frozenset({"PULL", "PULL_LC", "BUZZ"}) | _RIVAL
# The rival's keep cards and dice, the shop, Buzz bonuses (Duel only).
_RIVAL_WORDS = {"DISCARDS": "discards", "CHOOSES": "chooses", "NEXT": "next",
                "PURCHASE": "purchase", "REPLACE": "replace", "INSTEAD_CAP": "Instead",
                "SMASH": "smash", "BUZZ_CAP": "Buzz", "BONUS": "bonus", "TILE": "tile",
                "WHERE": "Where", "GIVES": "gives", "OFF": "off"}
_KEYWORDS.update(_RIVAL_WORDS)
_RIVAL = frozenset(_RIVAL_WORDS)
# How the parser's terminals are named in messages.
_TERMINAL_WORDS: dict[str, str] = {
    **{terminal: f"'{text}'" for terminal, text in _KEYWORDS.items()},
    "COMMA": "','",
    "PERIOD": "'.'",
    "NUMBER": "a number",
    "SET_OF_FACE": "a set such as '1s'",
    "WORD": "a lowercase word (a language code such as pl, or a token such as poison)",
    "STRING": 'a name in double quotes',
    "_NL": "the end of the line",
    "_INDENT": "an indented line",
    "_DEDENT": "a less indented line",
    "$END": "the end of the file",
}
_LINE_KEYWORDS = ("cost", "alias")
# The words an effect sentence starts with, and the units after its amount.
_SENTENCE_STARTS = frozenset({"GAIN", "HEAL", "TAKE", "EACH", "EVERY"})
_STARTS_TEXT = tuple(_KEYWORDS[t] for t in ("GAIN", "HEAL", "TAKE", "EACH", "EVERY"))
_SENTENCE_LINE = re.compile(r"^[\t ]*(?:" + "|".join(_STARTS_TEXT) + ")")
_KINDS = tuple(kind.value for kind in CardKind)
# A word at an error; a period ends it (`points.`) unless it starts it (`4.5`).
_WORD = re.compile(r'\.?[^\s,"#.]+')
_COST_HINT = "write the cost in energy, e.g. `cost 4, keep`"
_COPIES_HINT = "write how many of this card the deck holds, e.g. `cost 7, keep, copies 2`"
_COST_LINE_HINT = "a cost line reads `cost 4, keep` or `cost 7, keep, copies 2`"
_CARD_HINT = 'each card starts with `card "NAME"` at the beginning of a line'
_ALIAS_HINT = 'e.g. `alias pl "..."`'
INDENT_HINT = "indent each line of a card under its `card` line, all by the same amount"
_SENTENCE_HINT = ("an effect reads like `Gain 2 stars.`, `Take 3 damage.` or "
                  "`Each other monster takes 2 damage.`")
_AMOUNT_HINT = "write the amount as a whole number from 1 to 99, e.g. `Take 3 damage.`"
_WHO_HINT = ("`Each other monster ...` leaves you out; `Every monster ...` includes you")
# The words a modifier or ability line starts with.
_KEEP_STARTS_TEXT = ("When", "At", "Once", "Whenever", "Your", "You", "Cards", "While",
                     "Damage")
_KEEP_STARTS = frozenset(word.upper() for word in _KEEP_STARTS_TEXT)
_MODIFIER_STARTS_TEXT = ("Whenever", "Your", "You", "Cards", "While", "Damage")
_KEEP_LINE = re.compile(r"^[\t ]*(?:" + "|".join(_KEEP_STARTS_TEXT) + ")")
_MODIFIER_LINE = re.compile(r"^[\t ]*(?:" + "|".join(_MODIFIER_STARTS_TEXT) + ")")
# The lowercase words an ability's effect clause starts with.
_CLAUSE_STARTS_TEXT = (*(word.lower() for word in _STARTS_TEXT),
                       "add", "the", "discard", "lose", "leave", "set")
_TRIGGER_HINT = (
    "a trigger reads `When you buy this card`, `When you buy another card`, `When you attack`, "
    "`When you score a set of 1s`, `When you resolve your dice`, "
    "`When you lose 2 or more hearts at once`, `When you yield Tokyo`, "
    "`When another monster is eliminated`, "
    "`At the start of your turn`, `At the end of your turn` or `At the end of each turn`")
_CONDITION_TEXTS = [f"`{text}`" for text in CONDITIONS.values()]
_CONDITION_HINT = ("a condition reads " + ", ".join(_CONDITION_TEXTS[:-1]) + " or "
                   + _CONDITION_TEXTS[-1])
_MODIFIER_HINT = (
    "a modifier reads `Your maximum hearts is 2 higher.`, `You roll 1 extra die.`, "
    "`You have 1 extra roll each turn.`, `Cards cost you 1 energy less.`, "
    "`Your attacks deal 1 extra damage.`, "
    "`While you are in Tokyo, your attacks deal 1 extra damage.`, "
    "`Your attacks hit every other monster.`, "
    "`Whenever you gain energy, gain 1 more energy.`, "
    "`Whenever you heal yourself, heal 1 more.`, "
    "`Damage of exactly 1 does not hurt you.`, "
    "`When you yield Tokyo, that attack does not hurt you.`, "
    "`You may buy the top card of the deck.` or "
    "`You may buy keep cards from other monsters, paying them the cost.`")
_ABILITY_HINT = ("an ability reads `<trigger>, [<condition>, ]<effect>.`, e.g. "
                 "`At the end of your turn, if you have no energy, gain 1 energy.`")
_CLAUSE_HINT = ("an ability's effect starts lowercase, e.g. `gain 2 stars`, `heal 2`, "
                "`take 3 damage`, `each other monster takes 2 damage` or "
                "`each of your neighbours takes 1 damage`")
_ONCE_HINT = ("write `Once per turn, ` before the trigger, e.g. "
              "`Once per turn, when you attack, gain 1 star.`")



def _examples(*bodies: str) -> list[str]:
    """Whole (padded) files made of one card with the given body lines."""
    return ["\n" + body for body in bodies]


def _effect_examples(*lines: str) -> list[str]:
    """Whole (padded) files made of one discard card with the given effect line."""
    return _examples(*(f'card "X"\n  cost 3, discard\n  {line}\n' for line in lines))


def _keep_examples(*lines: str) -> list[str]:
    """Whole (padded) files made of one keep card with the given modifier or ability line."""
    return _examples(*(f'card "X"\n  cost 3, keep\n  {line}\n' for line in lines))


# Known mistakes, matched by parser state and token (UnexpectedInput.match_examples).
# Order matters: an exact or same-token-type match wins, otherwise the first
# example that fails in the same parser state.
_EXAMPLES: dict[str, list[str]] = {
    # `cost 4 keep` (a missing comma) or `cost 4x` / `cost 4.5` (junk glued to the number)
    "after_cost_number": _examples('card "X"\n  cost 4 keep\n', 'card "X"\n  cost 4 discard\n',
                                   'card "X"\n  cost 4x, keep\n', 'card "X"\n  cost 4.5, keep\n'),
    "bad_cost": _examples('card "X"\n  cost x, keep\n', 'card "X"\n  cost -1, keep\n',
                          'card "X"\n  cost keep\n'),
    "missing_comma_before_copies": _examples('card "X"\n  cost 4, keep copies 2\n'),
    "bad_copies": _examples('card "X"\n  cost 4, keep, copies x\n'),
    "unknown_kind": _examples('card "X"\n  cost 4, kept\n', 'card "X"\n  cost 4, Keep\n',
                              'card "X"\n  cost 4, 5\n'),
    # Unquoted (`card Big Name`) or unclosed (`card "Big Name`): one parser state.
    "bad_card_name": _examples("card X\n", "card Even\n", "card 5\n", 'card "X\n'),
    "bad_alias_name": _examples('card "X"\n  cost 4, keep\n  alias pl X\n',
                                'card "X"\n  cost 4, keep\n  alias pl "Y\n'),
    "unknown_line": _examples('card "X"\n  cots 4, keep\n', 'card "X"\n  Cost 4, keep\n',
                              'card "X"\n  cost 3, discard\n  gain 2 stars.\n',
                              'card "X"\n  cost 3, discard\n  Gian 2 stars.\n'),
    "not_indented": _examples('card "X"\ncost 4, keep\n', 'card "X"\nalias pl "Y"\n'),
    "over_indented": _examples('card "X"\n  cost 4, keep\n    alias pl "Y"\n'),
    "indented_card": _examples('card "X"\n  cost 4, keep\n  card "Y"\n'),
    # Effect sentences (shown on the line after the cost line; other places
    # reach the same messages through _by_expectation).
    "missing_period": _effect_examples(
        "Gain 2 stars", "Gain 1 star", "Gain 9 energy", "Heal 2", "Take 3 damage",
        "Each other monster takes 2 damage", "Each other monster loses 5 stars",
        "Each other monster loses 1 star", "Every monster takes 3 damage",
        "Each other monster loses 1 energy", "Take control of Tokyo City unless you are in Tokyo",
        "Take another turn after this one",
        "Each other monster loses 1 energy for every 2 energy it has",
        "Gain 2 stars Take 3 damage.", "Gain 2 stars and take 3 damage.", "Heal 2 hearts."),
    "missing_amount": _effect_examples(
        "Gain stars.", "Heal.", "Take damage.", "Take two damage.",
        "Each other monster takes damage.", "Each other monster loses stars.",
        "Every monster takes damage."),
    "unknown_resource": _effect_examples(
        "Gain 2 points.", "Gain 2.", "Take 3 dmg.", "Each other monster takes 2 hearts.",
        "Each other monster loses 5 points.", "Every monster takes 3 wounds."),
    "bad_who": _effect_examples(
        "Each monster takes 2 damage.", "Every other monster takes 2 damage.",
        "Each other player takes 2 damage.", "Every monster loses 2 stars."),
    # Modifier and ability lines (shown on a keep card's line after the cost line).
    "missing_comma": _keep_examples(
        "When you attack gain 1 star.", "At the end of your turn gain 1 star.",
        "Once per turn when you attack, gain 1 star.",
        "At the end of your turn, if you have no energy gain 1 energy.",
        "While you are in Tokyo your attacks deal 1 extra damage.",
        "Whenever you gain energy gain 1 more energy."),
    "unknown_trigger": _keep_examples(
        "When you roll, gain 1 star.", "When he attacks, gain 1 star.",
        "At the beginning of your turn, gain 1 star.", "At the end of the turn, gain 1 star.",
        "When you buy a card, gain 1 star.", "When you lose 2 hearts, gain 1 energy."),
    "unknown_condition": _keep_examples(
        "At the end of your turn, if you are not in Tokyo, gain 1 star.",
        "At the end of your turn, if you have 0 energy, gain 1 energy.",
        "When you resolve your dice, if they show 1, 2 and 3, gain 2 stars."),
    "unknown_modifier": _keep_examples(
        "Your max hearts is 2 higher.", "You roll 1 more die.", "Cards cost 1 energy less.",
        "Your attacks hit all other monsters.", "You have 1 extra roll."),
    "bad_clause": _keep_examples(
        "When you attack, Gain 1 star.", "When you attack, each neighbour takes 1 damage.",
        "When you attack, each of your neighbors takes 1 damage."),
}


@dataclass(frozen=True, slots=True)
class _Failure:
    """What is known about one syntax error, in the real file's coordinates."""

    line: int
    column: int
    got: str  # terminal type, or "" for characters no terminal matches
    word: str  # the text at the error, e.g. "kept"
    accepts: frozenset[str]
    before: str  # the line's text before the error
    source: Source

    def diagnostic(self, code: str, message: str, hint: str | None = None,
                   column: int | None = None) -> Diagnostic:
        return self.source.diagnostic(code, self.line, column or self.column, message, hint)

    @property
    def got_words(self) -> str:
        if self.got in ("_NL", "_INDENT", "_DEDENT", "$END"):
            return _TERMINAL_WORDS[self.got]
        return quote(self.word)

    @property
    def expected_words(self) -> str:
        accepts = self.accepts - {"_DEDENT"}
        sentence = accepts >= _SENTENCE_STARTS
        keep = accepts >= _KEEP_STARTS
        shown = accepts - (_SENTENCE_STARTS | _DUEL_SENTENCE_STARTS if sentence
                           else frozenset()) - (
            _KEEP_STARTS if keep else frozenset())
        words = [_TERMINAL_WORDS.get(t, t) for t in sorted(shown)]
        if sentence:
            words.append("an effect sentence (" + ", ".join(f"'{w}'" for w in _STARTS_TEXT)
                         + ")")
        if keep:
            words.append("a modifier or ability ("
                         + ", ".join(f"'{w}'" for w in _KEEP_STARTS_TEXT) + ")")
        if len(words) <= 1:
            return "".join(words) or "nothing more"
        return ", ".join(words[:-1]) + " or " + words[-1]


def explain(err: UnexpectedInput, padded: str, offset: int, source: Source,
            game: str = DEFAULT_GAME) -> Diagnostic:
    """A domain-worded diagnostic for one Lark syntax error."""
    got = ""
    position = err.pos_in_stream or 0
    if isinstance(err, UnexpectedToken):
        got = str(err.token.type)
        position = err.token.start_pos if err.token.start_pos is not None else position
    line = int(err.line) + offset if isinstance(err.line, int) else 0
    column = int(err.column) if isinstance(err.column, int) else 1
    match = _WORD.match(padded, position)
    word = match.group(0) if match else padded[position:position + 1]
    text_line = source.line(line)
    failure = _Failure(line=line, column=max(column, 1), got=got, word=word,
                       accepts=_accepts(err) - _duel_only(game) - _kony_only(game),
                       before=text_line[:column - 1], source=source)
    if not got and word and not word[0].isprintable():
        return failure.diagnostic(
            "KOT110", f"unexpected character {quote(word[0])}: the card language never uses it",
            "remove it; a card file is plain text")
    glued = _glued_keyword(failure)
    if glued is not None:
        return glued
    label = _match_example(err, game)
    explained = _by_example(label, failure) if label else None
    return explained or _by_expectation(failure)


def _accepts(err: UnexpectedInput) -> frozenset[str]:
    """Every terminal the parser could have taken at the error.

    Errors raised by the (contextual) lexer only list the terminals its state
    lexes, which always includes the newline; the parse table is exact.
    """
    state = getattr(err, "state", None)
    try:
        table = state.parse_conf.parse_table.states[state.position]  # type: ignore[union-attr]
    except (AttributeError, KeyError, IndexError, TypeError):
        table = getattr(err, "expected", None) or getattr(err, "allowed", None) or ()
    # The table also holds rule names (lowercase); terminal names are uppercase.
    return frozenset(name for name in table if name.isupper())


def _match_example(err: UnexpectedInput, game: str = DEFAULT_GAME) -> str | None:
    if getattr(err, "state", None) is None:
        return None
    try:
        label = err.match_examples(card_parser(game).parse, _EXAMPLES,
                                   token_type_match_fallback=True, use_accepts=True)
    except (LarkError, AssertionError):  # pragma: no cover - an example that stopped failing
        return None
    return label if isinstance(label, str) else None


# Which problem a keyword with letters glued on is (e.g. `cards`, `keeps`, `Gains`).
_KEYWORD_CODES: dict[str, str] = {
    "card": "KOT108", "cost": "KOT108", "alias": "KOT108",
    "keep": "KOT104", "discard": "KOT104", "copies": "KOT111",
    **{_KEYWORDS[t]: "KOT108" for t in _SENTENCE_STARTS},
    **{_KEYWORDS[t]: "KOT111" for t in ("OTHER", "MONSTER", "TAKES", "LOSES")},
    **{_KEYWORDS[t]: "KOT114" for t in UNITS},
    # Modifier and ability lines (see _glued_in_keep_line).
    **{_KEYWORDS[t]: "KOT108" for t in _KEEP_STARTS},
    **{text: "KOT111" for terminal, text in _KEYWORDS.items()
       if text.isalpha() and terminal not in _KEEP_STARTS and text not in (
           "card", "cost", "alias", "keep", "discard", "copies", *_STARTS_TEXT)
       and terminal not in UNITS},
}
_GLUED_WHAT = {"KOT104": "card type", "KOT114": "resource"}


def _glued_keyword(f: _Failure) -> Diagnostic | None:
    """``cards`` lexes as the keyword ``card`` then ``s``: report the whole word."""
    if f.got in ("_NL", "$END", "_INDENT", "_DEDENT") or not f.word[:1].isalnum():
        return None
    prefix = re.search(r"[A-Za-z]+$", f.before)
    if prefix is None or prefix.group(0) not in _KEYWORD_CODES:
        return None
    keyword = prefix.group(0)
    whole = keyword + f.word
    if _KEEP_LINE.match(f.before[:prefix.start()]):
        return _glued_in_keep_line(f, whole, prefix.start() + 1)
    code = _KEYWORD_CODES[keyword]
    what = _GLUED_WHAT.get(code, "word")
    if keyword in _COST_KEYWORDS:
        hint = {"card": _CARD_HINT, "alias": _ALIAS_HINT}.get(keyword, _COST_LINE_HINT)
    else:
        hint = _SENTENCE_HINT
    # Suggest keywords that cause the same problem, and the cost-line keywords
    # only on a cost line (so `Takes` suggests 'Take', not 'keep').
    choices = tuple(k for k, c in _KEYWORD_CODES.items() if c == code
                    and (k in _COST_KEYWORDS) == (keyword in _COST_KEYWORDS))
    if code == "KOT114":  # `2 starz`: suggest the form of `star` that agrees with the amount
        amount = _TRAILING_AMOUNT.search(f.before[:prefix.start()])
        choices = _agreeing(choices, int(amount.group(1)) if amount else None)
    return f.diagnostic(code, f"unknown {what} {quote(whole)}" + _did_you_mean(whole, choices),
                        hint, column=prefix.start() + 1)


_COST_KEYWORDS = frozenset({"card", "cost", "alias", "keep", "discard", "copies"})


def _glued_in_keep_line(f: _Failure, whole: str, column: int) -> Diagnostic:
    """A keyword with letters glued on inside a modifier or ability line (`dices`, `all`)."""
    part, _ = _keep_part(replace(f, before=f.before[:column - 1]))
    code = "KOT111" if part in ("effect", "next") else "KOT116"
    if part == "effect" and whole.lower().startswith(("star", "energ", "damag")):
        code = "KOT114"
    words = [text for text in _KEYWORDS.values() if text.isalpha()
             and text[:1].islower() == whole[:1].islower()]
    # Only a close word: a short keyword glued to letters is often another word (`a` + `ll`).
    close = difflib.get_close_matches(whole, words, n=1, cutoff=0.75)
    return f.diagnostic(code, f"unknown word {quote(whole)}"
                        + (f"; did you mean {quote(close[0])}?" if close else ""),
                        _PART_HINTS[part], column=column)


def _closest(word: str, choices: tuple[str, ...]) -> str | None:
    """The choice closest to ``word``, ignoring case (keywords are shown as written)."""
    folded = {choice.lower(): choice for choice in choices}
    close = difflib.get_close_matches(word.lower(), list(folded), n=1, cutoff=0.5)
    return folded[close[0]] if close else None


def _did_you_mean(word: str, choices: tuple[str, ...]) -> str:
    close = _closest(word, choices)
    return f"; did you mean {quote(close)}?" if close else ""


def _by_example(label: str, f: _Failure) -> Diagnostic | None:
    """The message for a matched known mistake, or None to fall back."""
    if label == "after_cost_number":
        return _after_cost_number(f)
    if label == "bad_cost":
        return _bad_number(f, "cost")
    if label == "bad_copies":
        return _bad_number(f, "copies")
    if label == "missing_comma_before_copies" and f.word == "copies":
        return f.diagnostic("KOT103", "expected ',' between the card type and 'copies'",
                            _COST_LINE_HINT)
    if label == "unknown_kind":
        return _bad_kind(f)
    if label in ("bad_card_name", "bad_alias_name"):
        return _bad_string(f)
    if label == "unknown_line":
        return _bad_line_start(f)
    if label in ("not_indented", "over_indented", "indented_card"):
        return _bad_layout(f)
    if label in ("missing_period", "missing_amount", "unknown_resource", "bad_who"):
        return _bad_sentence(f)
    if label in ("unknown_trigger", "unknown_condition", "unknown_modifier", "missing_comma",
                 "bad_clause"):
        return _bad_keep_line(f)
    return None


def _by_expectation(f: _Failure) -> Diagnostic:
    """The message for an error that no known mistake matched, from what was expected."""
    accepts = f.accepts
    if f.got in ("_INDENT", "_DEDENT") or ("_INDENT" in accepts and f.got not in ("_NL",)):
        return _bad_layout(f)
    if _SENTENCE_LINE.match(f.before):
        return _bad_sentence(f)
    if _KEEP_LINE.match(f.before):
        return _bad_keep_line(f)
    if f.got in ("_NL", "$END"):
        return _ended_early(f)
    if accepts <= {"NUMBER", "_NL"} and "NUMBER" in accepts:
        return _bad_number(f, "copies" if f.before.rstrip().endswith("copies") else "cost")
    if accepts == frozenset({"COMMA"}):
        return _after_cost_number(f)
    if {"KEEP", "DISCARD"} <= accepts:
        return _bad_kind(f)
    if "STRING" in accepts:
        return _bad_string(f)
    if {"COST", "ALIAS"} <= accepts:
        return _bad_line_start(f)
    if "CARD" in accepts:
        return _bad_layout(f)
    if "COMMA" in accepts and f.word == "copies":
        return f.diagnostic("KOT103", "expected ',' between the card type and 'copies'",
                            _COST_LINE_HINT)
    if accepts == frozenset({"COPIES"}):
        return f.diagnostic("KOT111", f"expected 'copies' after ',', got {f.got_words}"
                            + _did_you_mean(f.word, ("copies",)), _COST_LINE_HINT)
    return f.diagnostic("KOT111", f"expected {f.expected_words}, got {f.got_words}")


def _ended_early(f: _Failure) -> Diagnostic:
    where = "file" if f.got == "$END" else "line"
    hint = None
    if {"KEEP", "DISCARD"} <= f.accepts or "COMMA" in f.accepts or "NUMBER" in f.accepts:
        hint = _COST_LINE_HINT
    elif "STRING" in f.accepts:
        hint = 'write the name in double quotes, e.g. `card "NAME"`'
    elif "WORD" in f.accepts and "ALIAS" in f.before:
        hint = _ALIAS_HINT
    return f.diagnostic("KOT109", f"the {where} ends too early: expected {f.expected_words}",
                        hint)


def _after_cost_number(f: _Failure) -> Diagnostic:
    """After ``cost 4``: either junk glued to the number, or a missing comma."""
    digits = re.search(r"[0-9]+$", f.before)
    if digits and f.got not in ("_NL", "$END"):
        # "4x" or "4.5": the whole word is the bad cost, shown from its first digit.
        start = digits.start() + 1
        return f.diagnostic(
            "KOT102", f"cost must be a whole number from 0 to 99, got "
            f"{quote(digits.group(0) + f.word)}", _COST_HINT, column=start)
    if f.got in ("_NL", "$END"):
        return _ended_early(f)
    return f.diagnostic("KOT103", f"expected ',' between the cost and the card type, got "
                        f"{f.got_words}", _COST_LINE_HINT)


def _bad_number(f: _Failure, what: str) -> Diagnostic:
    if f.got in ("_NL", "$END"):
        return _ended_early(f)
    low = 1 if what == "copies" else 0
    return f.diagnostic("KOT102", f"{what} must be a whole number from {low} to 99, "
                        f"got {f.got_words}", _COPIES_HINT if what == "copies" else _COST_HINT)


def _bad_kind(f: _Failure) -> Diagnostic:
    if f.got in ("_NL", "$END"):
        return _ended_early(f)
    return f.diagnostic("KOT104", f"unknown card type {f.got_words}"
                        + (_did_you_mean(f.word, _KINDS) or "; it is 'keep' or 'discard'"),
                        _COST_LINE_HINT)


def _bad_string(f: _Failure) -> Diagnostic:
    if f.got in ("_NL", "$END"):
        return _ended_early(f)
    if f.word != '"':
        owner = "alias" if "alias" in f.before else "card"
        example = '`alias pl "..."`' if owner == "alias" else '`card "Some Name"`'
        return f.diagnostic("KOT106", f"the {owner} name must be in double quotes, got "
                            f"{f.got_words}", f"e.g. {example}")
    # A quote that opens a string the lexer could not finish: say why.
    rest = f.source.line(f.line)[f.column:]
    for index, ch in enumerate(rest):
        column = f.column + 1 + index
        if ch == '"':
            break  # pragma: no cover - a well-formed string would have lexed
        if ch == "\\":
            following = rest[index + 1:index + 2]
            if following in ('"', "\\"):
                continue
            return f.diagnostic("KOT105", f"unknown escape {quote(ch + following)} in a name",
                                'only \\" (a quote) and \\\\ (a backslash) may follow a '
                                "backslash", column=column)
        if ord(ch) < 0x20 or ch == "\x7f":
            return f.diagnostic("KOT105", f"a name may not contain the control character "
                                f"{quote(ch)}", "remove it", column=column)
    return f.diagnostic("KOT105", "this name has no closing quote",
                        'end the name with `"` on the same line')


def _bad_line_start(f: _Failure) -> Diagnostic:
    if f.got == "CARD":
        return _bad_layout(f)
    if f.word.capitalize() in _STARTS_TEXT and f.word not in _STARTS_TEXT:
        return f.diagnostic("KOT108", f"an effect sentence starts with a capital letter: "
                            f"write {quote(f.word.capitalize())}, not {quote(f.word)}",
                            _SENTENCE_HINT)
    if f.word.capitalize() in _KEEP_STARTS_TEXT and f.word not in _KEEP_STARTS_TEXT:
        word = f.word.capitalize()
        return f.diagnostic("KOT108", f"a modifier or ability line starts with a capital "
                            f"letter: write {quote(word)}, not {quote(f.word)}",
                            _MODIFIER_HINT if word in _MODIFIER_STARTS_TEXT else _ABILITY_HINT)
    close = _closest(f.word, (*_LINE_KEYWORDS, *_STARTS_TEXT, *_KEEP_STARTS_TEXT))
    hint = (_SENTENCE_HINT if close in _STARTS_TEXT else _ALIAS_HINT if close == "alias"
            else _MODIFIER_HINT if close in _MODIFIER_STARTS_TEXT
            else _ABILITY_HINT if close in _KEEP_STARTS_TEXT else _COST_LINE_HINT)
    starts = ", ".join(f"'{w}'" for w in _STARTS_TEXT)
    keep_starts = ", ".join(f"'{w}'" for w in _KEEP_STARTS_TEXT)
    return f.diagnostic(
        "KOT108", f"a line in a card starts with 'cost', 'alias', an effect sentence "
        f"({starts}) or a modifier or ability ({keep_starts}), got {f.got_words}"
        + (f"; did you mean {quote(close)}?" if close else ""), hint)


def _bad_layout(f: _Failure) -> Diagnostic:
    if f.got == "_INDENT" and f.word == "card":
        return f.diagnostic("KOT107", "a `card` line must start at the beginning of the line",
                            "remove the spaces before `card`")
    if f.got == "_INDENT" and "CARD" in f.accepts:
        return f.diagnostic("KOT107", "this line is indented, but no `card` line comes before it",
                            _CARD_HINT)
    if f.got == "_INDENT":
        return f.diagnostic("KOT107", "this line is indented more than the line above it",
                            INDENT_HINT)
    if f.got == "CARD" and "CARD" not in f.accepts:
        return f.diagnostic("KOT107", "a `card` line must start at the beginning of the line",
                            "remove the spaces before `card`")
    if "_INDENT" in f.accepts and (f.got in ("COST", "ALIAS", "COPIES", "KEEP", "DISCARD")
                                   or f.got in _SENTENCE_STARTS):
        return f.diagnostic("KOT107", f"{f.got_words} must be indented under its `card` line",
                            INDENT_HINT)
    if f.got in ("_NL", "$END"):  # pragma: no cover - the newline is always accepted here
        return _ended_early(f)
    return f.diagnostic("KOT108", f"expected a `card \"NAME\"` line, got {f.got_words}"
                        + _did_you_mean(f.word, ("card",)),
                        _CARD_HINT)


# --- Effect sentences -------------------------------------------------------------------

# Words people write for a resource, and the card language's word for it.
_RESOURCE_WORDS: dict[str, str] = {
    "point": "stars", "points": "stars", "vp": "stars", "victory": "stars", "\u2605": "stars",
    "cube": "energy", "cubes": "energy", "\u26a1": "energy",
    "dmg": "damage", "wound": "damage", "wounds": "damage", "hit": "damage", "hits": "damage",
    "heart": "damage", "hearts": "damage",
}
_HEART_WORDS = frozenset({"heart", "hearts", "\u2665", "health", "life", "hp"})
_TRAILING_AMOUNT = re.compile(r"([0-9]+)[\t ]*$")
_UNIT_AFTER = re.compile(r"[\t ]+(?:stars?|energy|damage)(?![A-Za-z])")


def _words(texts: tuple[str, ...]) -> str:
    """'a', 'b' or 'c'."""
    quoted = [f"'{text}'" for text in texts]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else "".join(quoted)


def _agreeing(units: tuple[str, ...], amount: int | None) -> tuple[str, ...]:
    """``units`` without the one of `star` / `stars` that disagrees with ``amount``."""
    if amount is None:
        return units
    return tuple(u for u in units if u not in ("star", "stars") or (u == "star") == (amount == 1))


def _sentence_so_far(f: _Failure) -> str:
    """The text of the sentence (or an ability line's clause) the error is in, up to the error."""
    return re.split(r"[.,]", f.before)[-1].strip()


def _bad_sentence(f: _Failure) -> Diagnostic:
    """An error inside an effect line (the line starts with Gain, Heal, Take, Each or Every)."""
    accepts = f.accepts
    glued = _glued_amount(f)
    if glued is not None:
        return glued
    if "PERIOD" in accepts and accepts <= {"PERIOD", "FOR", "WITH"}:
        return _missing_period(f)
    if "NUMBER" in accepts and accepts <= _AFTER_TAKE and not _close_to(f.word, accepts):
        return _bad_amount(f)  # `Take two damage.`: `Take control ...` aside, a number
    if accepts & UNITS:
        return _unknown_resource(f)
    # `Every monster` may go on `with a marker in its spotlight zone`.
    if accepts & {"OTHER", "MONSTER"} or (accepts in (frozenset({"TAKES"}),
                                                      frozenset({"TAKES", "WITH"}))
                                          and f.got == "LOSES"):
        return _bad_who(f)
    if f.got in ("_NL", "$END"):
        return f.diagnostic("KOT109", f"the line ends too early: expected {f.expected_words}",
                            _fixed_sentence_hint(f) or _SENTENCE_HINT)
    if f.got in _KEEP_STARTS and "_NL" in accepts:
        return f.diagnostic("KOT111", f"expected the end of the line or an effect sentence, got "
                            f"{f.got_words}: each modifier or ability goes on a line of its own",
                            "start a new line, indented like this one")
    if (accepts >= _SENTENCE_STARTS and f.word.capitalize() in _STARTS_TEXT
            and f.word not in _STARTS_TEXT):
        return f.diagnostic("KOT111", f"an effect sentence starts with a capital letter: "
                            f"write {quote(f.word.capitalize())}, not {quote(f.word)}",
                            _SENTENCE_HINT)
    choices = tuple(_KEYWORDS[t] for t in sorted(accepts) if t in _KEYWORDS)
    return f.diagnostic("KOT111", f"expected {f.expected_words}, got {f.got_words}"
                        + _did_you_mean(f.word, choices), _fixed_sentence_hint(f) or _SENTENCE_HINT)


# The sentences whose words after the first few are fixed, by how they start (lowercase).
_FIXED_SENTENCES = (
    ("take control", "Take control of Tokyo City unless you are in Tokyo."),
    ("take another", "Take another turn after this one."),
    ("each other monster loses", "Each other monster loses 1 energy for every 2 energy it has."),
)


def _fixed_sentence_hint(f: _Failure) -> str | None:
    """How the sentence the error is in reads, if only one sentence starts like it."""
    so_far = _sentence_so_far(f).lower()
    for start, sentence in _FIXED_SENTENCES:
        if so_far.startswith(start) and (start != "each other monster loses" or " for" in so_far):
            if _sentence_so_far(f)[:1].islower():  # an ability's clause
                return f"the effect reads `{sentence[:1].lower() + sentence[1:-1]}`"
            return f"the sentence reads `{sentence}`"
    return None


# What may follow `Take`: an amount, or the words of the sentences without one.
# Keywords that are also numbers written out (`after this one`): not a missing amount.
_NUMBER_WORDS = frozenset({"ONE"})
_AFTER_TAKE = frozenset({"NUMBER", "CONTROL", "ANOTHER"})


def _close_to(word: str, accepts: frozenset[str]) -> bool:
    """Whether ``word`` looks like a misspelt keyword of ``accepts`` (`controll`)."""
    words = [_KEYWORDS[t] for t in accepts if t in _KEYWORDS]
    return bool(difflib.get_close_matches(word.lower(), words, n=1, cutoff=0.75))


def _glued_amount(f: _Failure) -> Diagnostic | None:
    """An amount with something glued on: `Heal 2.5.`, `Gain 2.5 stars.`, `Take 3x damage.`."""
    digits = re.search(r"[0-9]+\.?$", f.before)
    if digits is None or f.got in ("_NL", "$END"):
        return None
    text = digits.group(0)
    rest = f.source.line(f.line)[f.column - 1 + len(f.word):]
    if text.endswith("."):
        glued = f.got == "NUMBER"  # `Heal 2.5.`: the sentence seemed to end after `2.`
    elif re.match(r"\.[0-9]", f.word):
        glued = True  # `Gain 2.5 stars.`
    elif f.accepts == frozenset({"PERIOD"}):
        glued = f.word[:1].isalnum()  # `Heal 2x.`
    else:
        glued = bool(f.accepts & UNITS) and bool(_UNIT_AFTER.match(rest))  # `Take 3x damage.`
    if not glued:
        return None
    return f.diagnostic("KOT115", f"an amount must be a whole number from 1 to 99, got "
                        f"{quote(text + f.word)}", _AMOUNT_HINT, column=digits.start() + 1)


def _missing_period(f: _Failure, whole_line: bool = False) -> Diagnostic:
    """A sentence, or with ``whole_line`` a modifier or ability line, without its period."""
    sentence = _sentence_so_far(f)
    written = f.before.strip() if whole_line else sentence
    if sentence.startswith(("Heal", "heal")) and f.word[:1].isalpha() and (
            f.got not in _KEYWORDS or f.word.lower() in _HEART_WORDS):
        form = "`heal N`" if whole_line else "`Heal N.`"
        return f.diagnostic("KOT114", f"{form} names no resource (it heals hearts), "
                            f"got {f.got_words}", f"write `{written}.`")
    fix = f"end it with a period: `{written}.`"
    what = "line" if whole_line else "sentence"
    if f.got in ("_NL", "$END"):
        return f.diagnostic("KOT113", f"the {what} does not end with a period", fix)
    if f.got in _SENTENCE_STARTS and not whole_line:
        return f.diagnostic("KOT113", f"expected '.' before {f.got_words}: each sentence ends "
                            "with a period", fix)
    if whole_line:
        return f.diagnostic("KOT113", f"expected '.' at the end of the line, got {f.got_words}",
                            "a modifier or ability line says one thing and ends with a period, "
                            "e.g. `When you attack, gain 1 star.`")
    return f.diagnostic("KOT113", f"expected '.' at the end of the sentence, got {f.got_words}",
                        "one sentence says one thing and ends with a period, e.g. "
                        "`Gain 2 stars. Take 3 damage.`")


def _bad_amount(f: _Failure, what: str = "sentence",
                hint: str = _AMOUNT_HINT) -> Diagnostic:
    sentence = _sentence_so_far(f)
    if f.got in ("_NL", "$END", "PERIOD") or (f.got in _KEYWORDS and f.got not in _NUMBER_WORDS):
        return f.diagnostic("KOT115", f"the {what} has no amount: expected a number after "
                            f"{quote(sentence)}", hint)
    return f.diagnostic("KOT115", f"an amount must be a whole number from 1 to 99, got "
                        f"{f.got_words}", hint)


def _unknown_resource(f: _Failure, hint: str | None = None,
                      what: str = "sentence") -> Diagnostic:
    units = tuple(_KEYWORDS[t] for t in sorted(f.accepts & UNITS))
    amount_match = _TRAILING_AMOUNT.search(f.before)
    amount = int(amount_match.group(1)) if amount_match else None
    expected = _words(units)
    example = ("`Each other monster loses 2 stars.` or `Each other monster loses 1 energy.`"
               if "energy" in units and _sentence_so_far(f)[:4].lower() == "each"
               else "`Gain 2 stars.` or `Gain 2 energy.`" if "energy" in units
               else "`Take 3 damage.`" if units == ("damage",)
               else "`Each other monster loses 2 stars.`")
    hint = hint or f"e.g. {example}"
    word = f.word.lower()
    if "energy" in units and word in _HEART_WORDS:
        heal = f"Heal {amount}." if amount is not None else "Heal 2."
        gain = "Gain"
        if _sentence_so_far(f)[:1].islower():  # an ability's clause
            heal, gain = heal[:1].lower() + heal[1:-1], "gain"
        return f.diagnostic("KOT114", f"unknown resource {quote(f.word)} for '{gain}': hearts "
                            "come back by healing", f"write `{heal}`")
    if f.got in ("_NL", "$END", "PERIOD", "NUMBER") or (
            f.got in _KEYWORDS and f.got not in UNITS and word not in _RESOURCE_WORDS):
        return f.diagnostic("KOT114", f"the {what} names no resource: expected {expected} "
                            "after the amount" + ("" if f.got in ("_NL", "$END") else
                                                  f", got {f.got_words}"), hint)
    if f.got in UNITS:  # a resource, but not one this sentence takes
        return f.diagnostic("KOT114", f"{f.got_words} cannot follow "
                            f"{quote(_sentence_so_far(f))}: expected {expected}", hint)
    suggestion = _RESOURCE_WORDS.get(word)
    if suggestion == "stars" and amount == 1:
        suggestion = "star"
    if suggestion not in units:
        suggestion = _closest(f.word, _agreeing(units, amount))
    return f.diagnostic("KOT114", f"unknown resource {f.got_words}; "
                        + (f"did you mean {quote(suggestion)}?" if suggestion
                           else f"expected {expected}"), hint)


def _bad_who(f: _Failure) -> Diagnostic:
    if f.got in ("_NL", "$END"):
        return f.diagnostic("KOT109", f"the line ends too early: expected {f.expected_words}",
                            _WHO_HINT)
    sentence = _sentence_so_far(f)
    if f.got == "LOSES":
        return f.diagnostic("KOT111", "'Every monster' can only take damage, got 'loses'",
                            "to take stars from the others write "
                            "`Each other monster loses 2 stars.`")
    choices = tuple(_KEYWORDS[t] for t in sorted(f.accepts) if t in _KEYWORDS)
    return f.diagnostic("KOT111", f"expected {f.expected_words} after {quote(sentence)}, got "
                        f"{f.got_words}" + _did_you_mean(f.word, choices), _WHO_HINT)


# --- Modifier and ability lines --------------------------------------------------------


_CONDITION_SO_FAR = re.compile(r"(?:^|, )(if\b(?: they show a [^,]*(?:,[^,]*)?|[^,]*))$")


def _keep_part(f: _Failure) -> tuple[str, str]:
    """Which part of a modifier or ability line the error is in, and that part's text so far.

    The part is "modifier", "once" (`Once per turn`), "trigger", "condition",
    "effect", or "next" (right after a comma, before the next part's first word).
    """
    text = f.before.strip()
    if _MODIFIER_LINE.match(f.before):
        return "modifier", text
    segments = [segment.strip() for segment in text.split(",")]
    segment = segments[-1]
    once = segments[0].startswith("Once")
    if len(segments) == 1:
        return ("once" if once else "trigger"), segment
    if once and len(segments) == 2:
        return "trigger", segment
    condition = _CONDITION_SO_FAR.search(text)
    if condition is not None:  # `if they show a 1, a 2 and a 3` holds commas itself
        return "condition", condition.group(1)
    if segment.split(" ", 1)[0] in _CLAUSE_STARTS_TEXT:
        return "effect", segment
    return "next", segment


_PART_HINTS = {"modifier": _MODIFIER_HINT, "once": _ONCE_HINT, "trigger": _TRIGGER_HINT,
               "condition": _CONDITION_HINT, "effect": _CLAUSE_HINT, "next": _ABILITY_HINT}


def _bad_keep_line(f: _Failure) -> Diagnostic:
    """An error in a modifier or ability line (it starts with When, At, Once, Your, ...)."""
    accepts = f.accepts
    part, segment = _keep_part(f)
    hint = _PART_HINTS[part]
    if part == "effect":
        hint = _fixed_sentence_hint(f) or hint
    glued = _glued_amount(f)
    if glued is not None:
        return glued
    if "PERIOD" in accepts and accepts <= {"PERIOD", "FOR", "WITH"}:
        return _missing_period(f, whole_line=True)
    if f.got in ("_NL", "$END"):
        return f.diagnostic("KOT109", f"the line ends too early: expected {f.expected_words}",
                            hint)
    if "_NL" in accepts:  # after the final period
        if f.got in _KEEP_STARTS or f.got in _SENTENCE_STARTS:
            return f.diagnostic("KOT111", f"expected the end of the line, got {f.got_words}: "
                                "each modifier or ability goes on a line of its own",
                                "start a new line, indented like this one")
        return f.diagnostic("KOT111", f"expected the end of the line, got {f.got_words}",
                            _MODIFIER_HINT if part == "modifier" else _ABILITY_HINT)
    if accepts == frozenset({"COMMA"}):
        return f.diagnostic("KOT103", f"expected ',' after {quote(segment, 60)}, got "
                            f"{f.got_words}",
                            _MODIFIER_HINT if part == "modifier" else _ABILITY_HINT)
    if accepts == frozenset({"NUMBER"}):
        if part == "effect":
            return _bad_amount(f, "clause", "write the amount as a whole number from 1 to 99, "
                               "e.g. `When you attack, gain 1 star.`")
        if (f.got in _KEYWORDS and f.got not in _NUMBER_WORDS) or f.got in ("COMMA", "PERIOD"):
            return f.diagnostic("KOT115", f"the line has no number: expected a number after "
                                f"{quote(segment, 60)}", hint)
        return f.diagnostic("KOT115", f"a number must be a whole number from 1 to 99, got "
                            f"{f.got_words}", hint)
    if accepts & UNITS and _TRAILING_AMOUNT.search(f.before):
        return _unknown_resource(f, hint, "line" if part == "modifier" else "clause")
    if "SET_OF_FACE" in accepts:
        return f.diagnostic("KOT116", f"expected a set such as '1s' (a digit and 's'), got "
                            f"{f.got_words}", "e.g. `When you score a set of 1s, gain 2 stars.`")
    words = {_KEYWORDS[t]: t for t in accepts if t in _KEYWORDS}
    case = next((w for w in sorted(words) if w.lower() == f.word.lower() and w != f.word), None)
    if case is not None:
        where = (" (a word starts lowercase inside a line)" if case[:1].islower()
                 and f.word[:1].isupper() else "")
        return f.diagnostic("KOT111", f"write {quote(case)}, not {quote(f.word)}{where}",
                            _CLAUSE_HINT if case in _CLAUSE_STARTS_TEXT else hint)
    choices = tuple(words)
    if part == "effect" and accepts & {"OTHER", "MONSTER", "NEIGHBOURS", "OF"}:
        hint = ("`each other monster ...` leaves you out, `each of your neighbours ...` hits "
                "the monsters beside you, `every monster ...` includes you")
    if part == "next":
        return _after_comma(f)
    if part == "effect":
        return f.diagnostic("KOT111", f"expected {f.expected_words}"
                            + (f" after {quote(segment, 60)}" if segment else "")
                            + f", got {f.got_words}" + _did_you_mean(f.word, choices), hint)
    what = {"once": "ability", "modifier": "modifier"}.get(part, part)
    if f.got in ("COMMA", "PERIOD"):
        return f.diagnostic("KOT116", f"unfinished {what} {quote(segment, 60)}: expected "
                            f"{f.expected_words}, got {f.got_words}", hint)
    return f.diagnostic("KOT116", f"unknown {what} {quote(f'{segment} {f.word}'.strip(), 60)}: "
                        f"expected {f.expected_words} after {quote(segment, 60)}"
                        + _did_you_mean(f.word, choices), hint)


def _after_comma(f: _Failure) -> Diagnostic:
    """After an ability's trigger (or condition) and its comma: a condition or the effect."""
    effects = "an effect (" + ", ".join(f"'{w}'" for w in _CLAUSE_STARTS_TEXT) + ")"
    expected = f"a condition ('if ...') or {effects}" if "IF" in f.accepts else effects
    if f.word in ("you", "they") and "IF" in f.accepts:
        hint = "a condition starts with 'if', e.g. `if you are in Tokyo`"
    elif f.got == "NUMBER":
        hint = "an effect starts with what it does, e.g. `gain 1 star` or `take 2 damage`"
    else:
        hint = _ABILITY_HINT
    return f.diagnostic("KOT111", f"expected {expected} after {quote(f.before.strip(), 60)}, "
                        f"got {f.got_words}", hint)


# --- King of New York's keywords -------------------------------------------
# Its lines part from the shared ones at these keywords (grammar/king-of-tokyo.lark), so a
# King of Tokyo or Duel card's message leaves them out, as it does Duel's own.
_KONY_WORDS: dict[str, str] = {
    "THIS_CAP": "This", "COSTS": "costs", "MANHATTAN": "Manhattan", "QUEENS": "Queens",
    "BROOKLYN": "Brooklyn", "BRONX": "Bronx", "STATEN": "Staten", "ISLAND": "Island",
    "ONLY_CAP": "Only", "ONLY": "only", "DESTROYED": "destroyed", "TANK": "tank", "JET": "jet",
    "JETS": "jets", "MOVING": "Moving", "CHOICE": "choice", "OTHER_CAP": "Other",
    "NEED": "need", "SUPERSTAR": "Superstar", "MUST": "must", "USE": "use", "CANNOT": "cannot",
    "CLAW": "claw", "DOUBLE": "double", "MONSTERS_CAP": "Monsters", "THAN": "than",
    "ALSO": "also", "BOROUGH": "borough", "DESTROY": "destroy",
    "DESTRUCTION_LC": "destruction", "UNITS_CAP": "Units", "UNITS": "units", "UNIT": "unit",
    "TREAT": "Treat", "GIVE": "give", "UP": "up", "ENERGY_CAP": "Energy",
    "DISCARDED": "discarded", "OUCH": "ouch", "GOES": "goes", "SPENDS": "spends",
    "RESOLVES": "resolves", "HOLDING": "Holding", "GETS": "gets", "PAYS": "pays",
    "BUILDING": "building", "AN": "an", "INFANTRY": "infantry", "ATTACKED": "attacked",
    "STRIKE": "strike", "COLLECTS": "collects", "BECOME": "become", "STEAL": "steal",
    "ROBBED": "robbed", "RECEIVE": "receive", "LEAVES": "leaves", "ENTER": "enter",
    "DROP": "drop", "WHILE_LC": "while", "GOT": "got", "WIN": "win", "GO": "go",
    "MAKE": "make", "BACK": "back", "OUT": "out", "PUSH": "push", "INTO": "into",
    "DIFFERENT": "different", "BOOST": "boost", "THROWS": "throws", "AWAY": "away",
    "SCORE_CAP": "Score", "SPEND_CAP": "Spend", "GAINING": "gaining", "HEALING": "healing",
    "CLAIM": "Claim", "FREE": "free", "DURING": "During", "TIME": "time", "RECOVER": "recover",
}
_KONY = frozenset(_KONY_WORDS)
_KEYWORDS.update(_KONY_WORDS)
_TERMINAL_WORDS.update({terminal: f"'{text}'" for terminal, text in _KONY_WORDS.items()})


def _kony_only(game: str) -> frozenset[str]:
    """The keywords only King of New York's cards say, left out of another game's messages."""
    return frozenset() if game == "king-of-new-york" else _KONY
