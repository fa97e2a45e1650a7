"""The site's home page: the three games of the family as equals, each with what it is, for
how many players, and where its rules, clarifications, cards, scenarios, board and proofs
are, counted from each game's data; then the pages of the whole family.
"""

from __future__ import annotations

from collections.abc import Sequence

from kot_rules.rulebook import Rulebook
from kot_rules.sources import LANGUAGES, Glossary, cited

from . import pages
from .family import GameColumn
from .sections import players

HOME = "index.md"


def rulebooks(glossary: Glossary, book: Rulebook) -> str:
    """The publishers' rulebooks a game's rules cite, by language: ``Polish (seeds 000,
    001), Czech (seed 004)``."""
    by_language: dict[str, list[str]] = {}
    for source_id in cited(book):
        seed = glossary.seed(source_id)
        if seed is not None:
            by_language.setdefault(LANGUAGES.get(seed.language, seed.language),
                                   []).append(source_id)
    return ", ".join(f"{language} (seed{'s' if len(ids) > 1 else ''} {', '.join(ids)})"
                     for language, ids in by_language.items())


def _row(name: str, cells: Sequence[str]) -> list[str]:
    return [f"**{name}**", *cells]


def home_page(glossary: Glossary, games: Sequence[GameColumn]) -> str:
    """The home page: ``games`` in the order of the navigation (:mod:`.family`), their
    rulebooks named from ``glossary``."""
    src = HOME

    def to(uri: str, text: str) -> str:
        return f"[{text}]({pages.link(src, uri)})"

    out = ["# kot-rules: the King of Tokyo family, clarified", "",
           "kot-rules is an executable reference specification of three board games by "
           "Richard Garfield: " + ", ".join(f"*{g.title}*" for g in games[:-1])
           + f" and *{games[-1].title}*. This site is their rulebook for people: everything "
           "on it is generated from the same data the engine runs on, so it cannot drift "
           "from the code.", "",
           "## The three games", ""]
    out += pages.table(["", *(to(g.home, g.title) for g in games)], [
        _row("Players", [players(g.numbers) for g in games]),
        _row("Rules", [to(g.paths.index("rules"), f"{len(g.book.rules)} rules")
                       for g in games]),
        _row("Clarifications", [to(g.paths.index("clarifications"),
                                   f"{len(g.book.decisions)} decisions") for g in games]),
        _row("Cards", [to(g.paths.index("cards"), g.cards) for g in games]),
        _row("Scenarios", [to(g.paths.index("scenarios"), f"{g.scenarios} scenarios")
                           for g in games]),
        _row("Board", [to(g.board, "the board and its numbers") for g in games]),
        _row("Invariants and proofs", [to(g.invariants, "invariants and proofs")
                                       for g in games]),
        _row("Rulebooks", [rulebooks(glossary, g.book) for g in games]),
        _row("In the engine", [f"`--game {g.game}`" for g in games]),
    ])
    for g in games:
        out += [f"### {g.title}", "", g.about, "",
                f"Its pages: {to(g.home, 'home')}, {to(g.paths.index('rules'), 'rules')}, "
                f"{to(g.paths.index('clarifications'), 'clarifications')}, "
                f"{to(g.paths.index('cards'), 'cards')}, "
                f"{to(g.paths.index('scenarios'), 'scenarios')}, {to(g.board, 'board')}, "
                f"{to(g.invariants, 'invariants and proofs')}.", ""]
    out += ["## For the whole family", "",
            f"- **{to('language/index.md', 'Card language')}**: the controlled English every "
            "card of the three games is written in, word by word, and its "
            f"{to('codes/index.md', 'diagnostic codes')}.",
            f"- **{to(pages.GLOSSARY, 'Glossary')}**: the source rulebooks of the three games "
            "(title, publisher, edition) and the Polish and Czech words they use. Dotted "
            "words on every page show their meaning when you hover over them.",
            f"- Reference: the {to('formats/scenario.md', 'scenario format')}, the "
            f"{to('formats/state.md', 'state and game-record format')} and its "
            f"{to(pages.SCHEMAS, 'JSON Schemas')}, the {to(pages.CLI, 'command line')} and "
            f"the {to('api/index.md', 'Python API')}.",
            f"- Playing many games: {to('agents.md', 'agents')}, "
            f"{to('balance.md', 'card balance')}, {to('cluster.md', 'many machines (Ray)')} "
            f"and {to('adapters.md', 'adapters (OpenSpiel, PettingZoo)')}.",
            f"- Proofs: {to('counterexamples.md', 'reading a counterexample')} of a failed "
            "proof (each game's proofs are on its own invariants page).", "",
            "Search finds rules by number (`4.6`), by slug (`tokyo.yield`) and cards by their "
            "English, Polish or Czech name (`Jeszcze większy`).", ""]
    return "\n".join(out)
