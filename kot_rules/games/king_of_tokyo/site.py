"""King of Tokyo's home and board pages, beside its rule, clarification, card and scenario
pages (:mod:`.pages`, which keep their places at the top of the site).

The home page presents the game as Duel's and New York's present theirs: what it is, its
pages with their counts, its sources; the board page gives its numbers
(``spec/games/king-of-tokyo.yaml``), each with its rule. Every figure is counted from the
data.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from kot_rules.rulebook import RuleNumbers, game_numbers
from kot_rules.site.family import GameColumn, GameSite
from kot_rules.site.model import GAME, SiteData
from kot_rules.site.pages import (
    CARDS_INDEX,
    DECISIONS_INDEX,
    KOT,
    RULES_INDEX,
    SCENARIOS_INDEX,
    TITLE,
    inline,
    link,
    note,
    rule_title,
    rule_uri,
    table,
)
from kot_rules.site.proofs import INVARIANTS_PAGE
from kot_rules.site.sections import numbers_table, players
from kot_rules.site.sources import sources_section
from kot_rules.sources import cited

HOME = "tokyo/index.md"
BOARD = "tokyo/board.md"
CARD_NOTES = "kot-cards"
"""The source id of the project's fact sheet of King of Tokyo's cards, which the card files
cite (the rules cite only the rulebooks)."""
RULES_FILE = f"spec/rules/{GAME}.yaml"
GAME_FILE = f"spec/games/{GAME}.yaml"


def numbers() -> RuleNumbers:
    return game_numbers(GAME)


def about(data: SiteData) -> str:
    """What the game is, in a few sentences (its home page's and the site's home page's)."""
    n = numbers()
    return (f"{TITLE} (Richard Garfield, 2011; Polish: *Potwory w Tokio*) is the family's "
            f"first game, for {players(n)}: each monster rolls {n['dice']} dice up to "
            f"{n['rolls']} times a turn to attack, heal, gain energy and score, fights for "
            "Tokyo and buys Power cards with its energy. The first to "
            f"{n['win-stars']} stars, or the last one standing, wins.")


def rule_ref(data: SiteData, src: str, slug: str) -> str:
    """A link from page ``src`` to the rule ``slug`` (its slug as code if there is none)."""
    for rule in data.book.rules:
        if rule.slug == slug:
            return f"[{inline(rule_title(rule))}]({link(src, rule_uri(slug))})"
    return f"`{slug}`"


def home_page(data: SiteData) -> str:
    src = HOME
    physical = sum(info.card.copies for info in data.cards)
    out = [f"# {TITLE}", "",
           f"{about(data)} kot-rules plays it as the game `{GAME}` "
           f"(`kot-rules play --game {GAME}`).", "",
           "Every page of this section is generated from `spec/` at build time, as Duel's "
           "and King of New York's are:", ""]
    out += table(["Page", "What it shows", "From"], [
        [f"[Rules]({link(src, RULES_INDEX)})",
         f"{len(data.book.rules)} rules, each with the Polish or Czech phrase of the "
         "rulebook it comes from and its English translation", f"`{RULES_FILE}`"],
        [f"[Clarifications]({link(src, DECISIONS_INDEX)})",
         f"{len(data.book.decisions)} decisions where the rulebooks are silent, ambiguous "
         "or disagree", f"`{RULES_FILE}`"],
        [f"[Cards]({link(src, CARDS_INDEX)})",
         f"{len(data.cards)} card titles ({physical} cards) as the engine reads them, with "
         "their Polish and Czech names, rulings and coverage", f"`spec/cards/{GAME}/*.kot`"],
        [f"[The board]({link(src, BOARD)})", "Tokyo's places and every number",
         f"`{GAME_FILE}`"],
        [f"[Scenarios]({link(src, SCENARIOS_INDEX)})",
         f"{len(data.scenarios)} conformance scenarios", f"`spec/scenarios/{GAME}/`"],
        [f"[Invariants and proofs]({link(src, INVARIANTS_PAGE)})",
         "what every reachable state keeps, proved with Z3 and tested with Hypothesis",
         "`kot_rules/games/king_of_tokyo/`"],
    ])
    out += sources_section(data.glossary, cited(data.book, CARD_NOTES), {
        "000": "the same rulebook as seed 001, as an OCR copy: the only copy of its "
        "end-of-game section, which the rules on winning quote.",
        "001": "the authority for most rules. Every rule quotes its phrase, with our English "
        "translation beside it.",
        "004": "the Czech rulebook, with clarifications the Polish one lacks (what an "
        "attack is, damage that is not an attack, surviving the turn to win, taking Tokyo "
        "after a kill).",
        CARD_NOTES: "the card files cite it for each card: its text (written in our words), "
        "its Polish and Czech names and its published rulings.",
    })
    out += note(f"{RULES_FILE}, {GAME_FILE}, spec/cards/{GAME}/")
    return "\n".join(out)


def board_page(data: SiteData) -> str:
    src = BOARD
    n = numbers()

    def ref(slug: str) -> str:
        return rule_ref(data, src, slug)

    out = [f"# {TITLE}: the board", "",
           f"The board is Tokyo. In the base game it has one place, Tokyo City, for one "
           f"monster at a time ({ref('tokyo.one-monster')}); with {n['bay-min-players']} or "
           f"more monsters a second place, Tokyo Bay, opens ({ref('bay.variant')}), and it "
           f"closes for good when fewer than {n['bay-min-players']} remain "
           f"({ref('bay.closes')}). Each monster keeps its hearts and stars on its own "
           f"monster board ({ref('setup.board')}).", ""]
    out += numbers_table(TITLE, n, ref, f" (`{GAME_FILE}`):")
    out += note(GAME_FILE)
    return "\n".join(out)


def generate(data: SiteData) -> dict[str, str]:
    """King of Tokyo's home and board pages: ``src_uri`` -> Markdown."""
    return {HOME: home_page(data), BOARD: board_page(data)}


def column(data: SiteData) -> GameColumn:
    """King of Tokyo on the site's home page."""
    return GameColumn(TITLE, GAME, HOME, about(data), numbers(), data.book, KOT,
                      f"{len(data.cards)} card titles", len(data.scenarios), BOARD,
                      INVARIANTS_PAGE)


def section(data: SiteData, root: Path) -> GameSite:
    """King of Tokyo's home and board pages; its rule, clarification, card and scenario pages
    and their navigation are the site's top ones (:mod:`kot_rules.site.pages`), from the same
    ``data``."""
    return GameSite(generate(data), {}, column(data))


def file_page(parts: Sequence[str]) -> tuple[str, str] | None:
    """None: King of Tokyo's files under ``spec/`` are shown by the site's top pages
    (:func:`kot_rules.site.hooks.repo_file_page`)."""
    return None
