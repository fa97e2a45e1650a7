"""The card-language guide: one page per kind of word, generated from the vocabulary table.

Every word of :mod:`kot_rules.language.vocabulary` gets a section with its meaning, the
grammar rules that say it, the games whose cards may say it and its example as a whole
card file (:func:`~kot_rules.language.word_examples.example_card`, which a test checks).
The introduction, ``docs/language/index.md``, is prose.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kot_rules.games import registry
from kot_rules.language import vocabulary as v
from kot_rules.language.word_examples import example_card

from .pages import cell, fenced, inline, link, note, table

LANGUAGE_INDEX = "language/index.md"

KINDS: dict[str, tuple[str, str, str]] = {
    "verb": ("effects", "Effects", (
        "What a card does. A discard card says an effect as a sentence of its own, "
        "capitalised (`Gain 2 stars.`); a keep card says it lowercase, as the clause of an "
        "ability after its trigger (`When you attack, gain 1 star.`). Some effects exist "
        "only as a clause, and in some the owner chooses (`you may ...`).")),
    "act": ("acts", "Activated abilities", (
        "What the owner of a keep card may do at will, perhaps for a price (`pay 1 energy "
        "to`), perhaps once per turn, perhaps discarding the card afterwards "
        "(`then discard this card`). A line reads `You may [pay N energy to] <act>.`")),
    "trigger": ("triggers", "Triggers", (
        "When an ability happens. An ability line starts with its trigger, then a comma: "
        "`<trigger>, [<condition>, ]<effect>.` `Once per turn, ` may come first, and the "
        "trigger then starts lowercase.")),
    "condition": ("conditions", "Conditions", (
        "An optional test between an ability's trigger and its effect: the effect happens "
        "only if the condition holds when the trigger fires.")),
    "modifier": ("modifiers", "Modifiers", (
        "A lasting change to the rules for the owner of a keep card, for as long as it has "
        "the card. One modifier per line, ending with a period.")),
    "token rule": ("token-rules", "Token rules", (
        "What tokens do to the monster that has them, even once the card that brought them "
        "is gone. A card set declares each kind of token with a supply line "
        "(`The game has 12 poison tokens.`), and every other mention must name a declared "
        "kind.")),
}
"""Kind of word (as in ``vocabulary.TABLES``) -> (page name, title, introduction)."""

FORMS = {
    v.SENTENCE: "an effect sentence, or the same words as an ability's clause",
    v.CLAUSE: "only as an ability's clause",
    v.ASKING: "an ability's clause in which the owner chooses",
    v.HELD: "an ability's clause about tokens or energy on a card",
    v.ACT: "only as an activated ability's act",
}


def kind_uri(kind: str) -> str:
    return f"language/{KINDS[kind][0]}.md"


def word_anchor(word: v.AnyWord) -> str:
    return str(word.member.value).replace("_", "-")


def _word_name(word: v.AnyWord) -> str:
    return str(word.member.value).replace("-", " ").replace("_", " ")


def _games(word: v.AnyWord) -> str:
    titles = []
    for game in sorted(word.games):
        try:
            titles.append(f"{registry.get(game).title} (`{game}`)")
        except registry.UnknownGameError:
            titles.append(f"`{game}`")
    return ", ".join(titles)


def _amount(kind: str, word: v.AnyWord) -> str | None:
    if kind == "condition":
        return None
    if kind == "trigger":
        return "it takes a number" if word.amount else "none"
    if word.amount:
        return "yes: at 0 it does nothing"
    return "no (its number, if any, is a choice or a flag)"


def kind_page(kind: str, table_: Mapping[Any, v.AnyWord]) -> str:
    """The page of one kind of word: a summary table, then a section per word."""
    _, title, intro = KINDS[kind]
    src = kind_uri(kind)
    out = [f"# {title}", "",
           f"{intro} See [the card language]({link(src, LANGUAGE_INDEX)}) for the shape of a "
           "card file.", "",
           f"The {len(table_)} {kind}s of the card language. Every example below is a whole "
           "card file that `kot-rules check` accepts without a single warning (a test checks "
           "each one).", ""]
    out += table(["Word", "Meaning", "Games"],
                 [[f"[{_word_name(w)}](#{word_anchor(w)})", cell(w.meaning), cell(_games(w))]
                  for w in table_.values()])
    for word in table_.values():
        out += [f"## {_word_name(word)} {{#{word_anchor(word)}}}", "",
                inline(word.meaning[:1].upper() + word.meaning[1:]) + ".", ""]
        amount = _amount(kind, word)
        facts = [["Grammar", ", ".join(f"`{g}`" for g in word.grammar)],
                 *([["Amount", amount]] if amount else []),
                 ["Games", cell(_games(word))]]
        if kind == "verb":
            facts.insert(0, ["Said as", FORMS.get(word.form, word.form)])
            if word.per:
                facts.append(["For every N energy", "may say `for every N energy ...`"])
        out += [f"- **{name}:** {value}" for name, value in facts] + [""]
        out += ["Example:", ""]
        out += fenced(example_card(word))
    out += note("kot_rules/language/vocabulary.py")
    return "\n".join(out)


def guide_pages() -> dict[str, str]:
    """Every generated page of the guide (``src_uri`` -> Markdown)."""
    return {kind_uri(kind): kind_page(kind, words) for kind, _, words in v.TABLES}


def guide_nav() -> dict[str, list[Any]]:
    """The guide's pages listed under its introduction in the navigation."""
    return {LANGUAGE_INDEX: [{KINDS[kind][1]: kind_uri(kind)} for kind, _, _ in v.TABLES]}
