"""King of Tokyo: Duel's section of the site, generated from ``spec/`` like King of Tokyo's.

Everything comes from Duel's files: the rules and decisions
(``spec/rules/king-of-tokyo-duel.yaml``), the cards (every ``.kot`` file of
``spec/cards/king-of-tokyo-duel/``, so a new card file gets its page by itself), the
monsters (:func:`duel_monsters`, the one place that reads them), the board's numbers and
Buzz tiles (``spec/games/king-of-tokyo-duel.yaml``), the scenarios
(``spec/scenarios/king-of-tokyo-duel/``) and the invariants
(:mod:`kot_rules.games.king_of_tokyo_duel.invariants`, proved by
:mod:`kot_rules.verify.prover` on :mod:`kot_rules.games.king_of_tokyo_duel.model`).
The pages live under ``duel/``; Duel's scenario pages keep their place beside King of
Tokyo's (``scenarios/king-of-tokyo-duel/...``), where links to scenario files point.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kot_rules.language.ast import CardDef, slugify
from kot_rules.rulebook import (
    BuzzTile,
    Decision,
    Rule,
    RuleNumbers,
    game_buzz_tiles,
    game_monsters,
)
from kot_rules.site import proof_report, sections
from kot_rules.site.family import GameColumn, GameSite
from kot_rules.site.model import CardInfo, Scenario, SiteData, _load_yaml, card_info
from kot_rules.site.pages import (
    CARD_BOOST,
    RULE_BOOST,
    boosted,
    cell,
    decision_title,
    fenced,
    indented,
    inline,
    link,
    note,
    scenario_links,
    scenario_uri,
    sentence_counts,
    table,
)
from kot_rules.site.proofs import game_report
from kot_rules.site.sections import FACT_SHEET, Section, SectionData
from kot_rules.site.sources import sources_section
from kot_rules.sources import Glossary, cited

DUEL = "king-of-tokyo-duel"
"""The game id of King of Tokyo: Duel."""
TITLE = "King of Tokyo: Duel"

SECTION = Section(folder="duel", game=DUEL, title=TITLE, short="Duel", seed="002",
                  sheet_part="B", decisions="D-DUEL")
"""Duel's section: its pages live under ``duel/``."""

HOME, BOARD = SECTION.page("index.md"), SECTION.page("board.md")
INVARIANTS = SECTION.page("invariants.md")
RULES_INDEX, DECISIONS_INDEX = SECTION.index("rules"), SECTION.index("clarifications")
CARDS_INDEX, SCENARIOS_INDEX = SECTION.index("cards"), SECTION.index("scenarios")
MONSTERS_INDEX = "duel/monsters/index.md"

RULES_FILE, GAME_FILE = SECTION.spec("rules"), SECTION.spec("games")
CARDS_FOLDER, SCENARIOS_FOLDER = SECTION.spec("cards", "/"), SECTION.spec("scenarios", "/")

rule_uri, decision_uri, card_uri = SECTION.rule_uri, SECTION.decision_uri, SECTION.card_uri
source_mark, cited_decisions = SECTION.source_mark, SECTION.cited_decisions


def file_page(parts: Sequence[str]) -> tuple[str, str] | None:
    """The page that shows Duel's file ``spec/...`` (``parts``: its path, split): one in a
    folder ``king-of-tokyo-duel`` or named ``king-of-tokyo-duel.yaml``; None for another."""
    if DUEL in parts[2:3] or parts[-1] == f"{DUEL}.yaml":
        return SECTION.file_page(parts)
    return None


def monster_uri(slug: str) -> str:
    return f"duel/monsters/{slug}.md"


# -- data -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Monster:
    """A Duel monster as the site shows it."""

    name: str
    slug: str
    hearts: int
    rule: str
    """The rule (slug) that gives its hearts and power."""
    aliases: tuple[tuple[str, str], ...] = ()
    """(language, name) pairs, e.g. ``("pl", ...)``."""
    text: str = ""
    """Its power in the card language, once written; empty while the rule states it."""


def duel_monsters() -> tuple[Monster, ...]:
    """Duel's monsters, from the data the engine uses: the one place the section reads
    them (today ``game_monsters``; switch here when they move to card-language files)."""
    return tuple(Monster(m.name, slugify(m.name), m.hearts, m.rule)
                 for m in game_monsters(DUEL))


@dataclass(frozen=True, kw_only=True)
class DuelData(SectionData):
    monsters: tuple[Monster, ...]
    monster_scenarios: Mapping[str, tuple[str, ...]]
    """monster name -> the keys of the scenarios that seat it."""
    tiles: tuple[BuzzTile, ...]


def _seated(text: str) -> tuple[str, ...]:
    """The monster names a scenario's set-up seats."""
    try:
        data = _load_yaml(text)
    except Exception:
        return ()
    setup = data.get("setup") if isinstance(data, dict) else None
    seated = setup.get("monsters") if isinstance(setup, dict) else None
    return tuple(str(m["name"]) for m in seated or () if isinstance(m, dict) and "name" in m)


def load_duel_data(glossary: Glossary, proofs: Mapping[str, Any] | None = None,
                   king_of_tokyo: Iterable[CardDef] | None = None) -> DuelData:
    """Everything Duel's section shows, read afresh (``mkdocs serve`` shows edits);
    ``king_of_tokyo``: King of Tokyo's cards (default: its built-in set), whose titles
    Duel's cards may share."""
    _, common = sections.read_section(SECTION, glossary, proofs, king_of_tokyo, card_info)
    scenarios = common["scenarios"]
    monsters = duel_monsters()
    by_monster: dict[str, list[str]] = defaultdict(list)
    for scenario in scenarios:
        seated = set(_seated(scenario.text))
        for monster in monsters:
            if monster.name in seated or monster.rule in scenario.rules:
                by_monster[monster.name].append(scenario.key)
    return DuelData(
        **common,
        monsters=monsters,
        monster_scenarios={name: tuple(keys) for name, keys in by_monster.items()},
        tiles=game_buzz_tiles(DUEL),
    )


# -- proofs ---------------------------------------------------------------------------

CACHE = Path("build") / "duel-verify-cache.json"


def duel_proofs(root: Path) -> dict[str, Any]:
    """Duel's ``verify`` report for its built-in cards as JSON (cached in
    ``build/duel-verify-cache.json`` under a hash of what it depends on)."""
    return game_report(DUEL, root / CACHE, SECTION.proof_key(root))


# -- shared pieces --------------------------------------------------------------------

_FACT_SHEET_SAYS = re.compile(r"fact sheet, confidence:?\s+([CLU])\b")


def fact_sheet_mark(rule: Rule) -> str | None:
    """The confidence letter where the rule's statement says only the fact sheet speaks."""
    found = _FACT_SHEET_SAYS.search(rule.statement)
    return found.group(1) if found else None


def _rule_ref(data: DuelData, src: str, slug: str) -> str:
    return sections.rule_ref(SECTION, data, src, slug)


# -- home -----------------------------------------------------------------------------


def about(data: DuelData) -> str:
    """What the game is, in a few sentences (its home page's and the site's home page's)."""
    return (f"{TITLE} (Polish: *Potwory w Tokio: Duel*) is the family's game for "
            f"{sections.players(data.numbers)}: two monsters pull the Fame and Destruction "
            "markers along two shared tracks, and win by a marker on their Victory space, "
            "both markers in their spotlight zones, or the rival's last heart.")


def home_page(data: DuelData) -> str:
    src = HOME
    fact_rules = [r for r in data.book.rules if fact_sheet_mark(r)]
    sheet_cards = [c for c in data.cards if data.marks[c.slug].fact_sheet_only]
    out = [f"# {TITLE}", "",
           f"{about(data)} kot-rules plays it as the game `{DUEL}` "
           f"(`kot-rules play --game {DUEL}`).", "",
           "Every page of this section is generated from `spec/` at build time, as King of "
           "Tokyo's and King of New York's are:", ""]
    out += table(["Page", "What it shows", "From"], [
        *sections.home_rows(SECTION, data, src, "silent or damaged"),
        [f"[Cards]({link(src, CARDS_INDEX)})",
         f"{len(data.cards)} Power cards as the engine reads them", f"`{CARDS_FOLDER}*.kot`"],
        [f"[Monsters]({link(src, MONSTERS_INDEX)})", f"{len(data.monsters)} monsters",
         f"`{GAME_FILE}`"],
        [f"[The board]({link(src, BOARD)})",
         "the tracks, spotlight zones, Victory spaces, Buzz tiles and every number",
         f"`{GAME_FILE}`"],
        [f"[Scenarios]({link(src, SCENARIOS_INDEX)})",
         f"{len(data.scenarios)} conformance scenarios", f"`{SCENARIOS_FOLDER}`"],
        [f"[Invariants and proofs]({link(src, INVARIANTS)})",
         "what every reachable state keeps, proved with Z3",
         "`kot_rules/games/king_of_tokyo_duel/`"],
    ])
    out += sources_section(data.glossary, cited(data.book), {
        SECTION.seed: "the authority. The project's copy is an OCR copy, fragmentary: its "
        "pictures and symbols are lost (see [D-DUEL-OCR-GLYPHS]"
        f"({link(src, decision_uri('D-DUEL-OCR-GLYPHS'))})). Every rule quotes its Polish "
        "phrase, damaged letters included, with our English translation beside it.",
        FACT_SHEET: "Part B, from public sources, mostly Game Park's licensed online "
        "adaptation, each point with a confidence mark: C = confirmed, L = likely, "
        f"U = unconfirmed. Where seed {SECTION.seed} and the fact sheet disagree, seed "
        f"{SECTION.seed} wins."})
    out += ["!!! note \"Where only the fact sheet speaks\"", "",
            *indented([
                "The rulebook prints no card texts and lost its track picture and most "
                "numbers, so some rules and every card rest on the fact sheet alone. Their "
                "pages say so in a box like this one, with the fact sheet's confidence mark: "
                f"{len(fact_rules)} of {len(data.book.rules)} rules and {len(sheet_cards)} of "
                f"{len(data.cards)} cards."]), ""]
    out += note(f"{RULES_FILE}, {GAME_FILE}, {CARDS_FOLDER}")
    return "\n".join(out)


# -- rules and clarifications ---------------------------------------------------------


def _fact_sheet_box(letter: str, what: str) -> list[str]:
    return [f"!!! warning \"Source: fact sheet, confidence {letter}\"", "",
            *indented([f"Only the fact sheet speaks for {what}, where the statement says "
                       "\"fact sheet\": the Polish rulebook (seed 002) lost it or does not "
                       f"say it. The fact sheet's confidence: {sections.confidence(letter)}."]), ""]


def rule_page(data: DuelData, rule: Rule) -> str:
    letter = fact_sheet_mark(rule)
    return sections.rule_page(SECTION, data, rule,
                              _fact_sheet_box(letter, "part of this rule") if letter else [],
                              "No scenario tests this rule.")


def _fact_sheet_cell(rule: Rule) -> str:
    letter = fact_sheet_mark(rule)
    return f"fact sheet, {letter}" if letter else ""


def rules_index(data: DuelData) -> str:
    return sections.rules_index(
        SECTION, data,
        aside="*Fact sheet*: the rule rests on the fact sheet alone, with its confidence mark "
              "(C confirmed, L likely, U unconfirmed). ",
        column=("Fact sheet", _fact_sheet_cell))


def decision_page(data: DuelData, decision: Decision) -> str:
    return sections.decision_page(
        SECTION, data, decision,
        ["The rulebook sentences the decision follows; it may not contradict them:", ""],
        "The passages of the rules it settles:",
        "No scenario is tagged with this decision (its text says whether one must pin it).")


def decisions_index(data: DuelData) -> str:
    return sections.decisions_index(
        SECTION, data,
        "Where the Polish rulebook (seed 002) is silent, or its OCR damaged the text, "
        "kot-rules decides, says why and names the alternatives. A decision may not "
        "contradict a sentence of the seed; each page quotes the passages it rests on.")


# -- cards ----------------------------------------------------------------------------


def _aliases(info: CardInfo, language: str) -> str:
    return ", ".join(info.alias(language))


def card_page(data: DuelData, info: CardInfo) -> str:
    card = info.card
    src = card_uri(card.slug)
    mark = data.marks[card.slug]
    polish = _aliases(info, "pl")
    out = sections.card_head(SECTION, card, "Power card")
    out += [f"Polish: **{inline(polish)}**" if polish else
            "Polish: no Polish name is known for Duel (the Polish rulebook, seed 002, prints "
            "no card names).", ""]
    out += sections.card_names(SECTION, data, src, card, polish)
    out += sections.card_source(SECTION, data, mark, "warning",
                                "Only the fact sheet speaks for this card: the Polish "
                                "rulebook prints no card texts. ")
    out += sections.card_text(info)
    out += sections.card_facts(card, f"{card.cost} energy", card.kind.value, polish, mark)
    cited = cited_decisions(info.source_text)
    if cited:
        out += ["## Clarifications", "", "The decisions the card file's comments cite:", ""]
        for decision_id in cited:
            decision = data.decision(decision_id)
            out.append(f"- [{inline(decision_title(decision))}]"
                       f"({link(src, decision_uri(decision_id))})" if decision is not None
                       else f"- `{decision_id}` (**not a Duel decision**)")
        out += [""]
    out += sections.card_end(data, src, info, "**No scenario plays or names this card.**")
    return "\n".join(out)


def cards_index(data: DuelData) -> str:
    src = CARDS_INDEX
    rows = []
    for info in data.cards:
        card = info.card
        rows.append([f"[{cell(card.name)}]({link(src, card_uri(card.slug))})",
                     cell(_aliases(info, "pl")) or "—", str(card.cost), card.kind.value,
                     str(sum(sentence_counts(card).values())),
                     cell(data.marks[card.slug].label),
                     "yes" if sections.tested(data, card.slug) else "no"])
    sheet = sum(1 for info in data.cards if data.marks[info.slug].fact_sheet_only)
    return sections.index_page(
        SECTION, "cards",
        f"The {len(data.cards)} Power cards of {TITLE}, one per card file of "
        f"`{CARDS_FOLDER}`. Each page shows the card's text in the card "
        "language exactly as the engine parses it, its source and the scenarios that "
        f"test it. {sheet} of them rest on the fact sheet alone (the Polish rulebook "
        "prints no card texts): the *Source* column gives its confidence mark "
        "(C confirmed, L likely, U unconfirmed). *Tested*: a scenario buys the card or "
        "starts with it in play.",
        ["Card", "Polish", "Cost", "Type", "Sentences", "Source", "Tested"], rows,
        f"{CARDS_FOLDER}*.kot")


# -- monsters -------------------------------------------------------------------------


def monster_page(data: DuelData, monster: Monster) -> str:
    src = monster_uri(monster.slug)
    out = [*boosted(CARD_BOOST), f"# {monster.name}", "",
           f"{TITLE} monster. [All Duel monsters]({link(src, MONSTERS_INDEX)}).", ""]
    polish = ", ".join(name for language, name in monster.aliases if language == "pl")
    out += [f"Polish: **{inline(polish)}**" if polish else
            f"Polish: **{inline(monster.name)}** (the Polish rulebook keeps the English "
            "name).", ""]
    out += table(["Starting hearts", "Rule"],
                 [[str(monster.hearts), _rule_ref(data, src, monster.rule)]])
    rule = data.rule(monster.rule)
    out += ["## Its power", ""]
    if monster.text:
        out += ["As the engine reads it:", "", *fenced(monster.text)]
    else:
        out += ["Its power is stated by its rule; the engine plays the hearts from "
                f"`{GAME_FILE}`.", ""]
    if rule is not None:
        out += [inline(rule.statement), ""]
        letter = fact_sheet_mark(rule)
        if letter:
            out += _fact_sheet_box(letter, "its starting hearts")
        out += sections.rule_sources(data, rule)
        if rule.decision and data.decision(rule.decision):
            out += [f"**Clarification:** [{rule.decision}]"
                    f"({link(src, decision_uri(rule.decision))})", ""]
    keys = data.monster_scenarios.get(monster.name, ())
    out += ["## Scenarios", ""]
    if keys:
        out += ["The conformance scenarios that seat this monster or test its rule:", ""]
        out += [*scenario_links(data, src, keys), ""]
    else:
        out += ["**No scenario seats this monster.**", ""]
    out += note(GAME_FILE)
    return "\n".join(out)


def monsters_index(data: DuelData) -> str:
    src = MONSTERS_INDEX
    rows = [[f"[{cell(m.name)}]({link(src, monster_uri(m.slug))})", str(m.hearts),
             _rule_ref(data, src, m.rule), str(len(data.monster_scenarios.get(m.name, ())))]
            for m in data.monsters]
    out = [f"# {TITLE}: monsters", "",
           f"The {len(data.monsters)} monsters of the box, as the engine seats them (in this "
           "order when a game names none), with their starting hearts and powers.", ""]
    out += table(["Monster", "Hearts", "Rule", "Scenarios"], rows)
    out += note(GAME_FILE)
    return "\n".join(out)


# -- the board ------------------------------------------------------------------------


_BONUS = {"none": "no bonus", "smash": "smash (the rival takes {n})",
          "heal": "heal {n}", "energy": "{n} energy", "dice-token": "{n} dice token"}


def bonus_text(kind: str, amount: int) -> str:
    return _BONUS.get(kind, kind).format(n=amount)


def space_roles(numbers: RuleNumbers) -> list[tuple[int, str]]:
    """Each space of a track (-end..+end) and what it is."""
    end, near, far = numbers["track-end"], numbers["spotlight-near"], numbers["spotlight-far"]
    out = []
    for x in range(-end, end + 1):
        seat = "seat 0 (first player)" if x < 0 else "seat 1 (second player)"
        if x == 0:
            role = "start: both markers begin here"
        elif abs(x) == end:
            role = f"Victory space of {seat}"
        elif near <= abs(x) <= far:
            role = f"spotlight zone of {seat}"
        else:
            role = "ordinary space"
        out.append((x, role))
    return out


def board_page(data: DuelData) -> str:
    src = BOARD
    n = data.numbers
    end, near, far = n["track-end"], n["spotlight-near"], n["spotlight-far"]

    def ref(slug: str | None) -> str:
        return _rule_ref(data, src, slug) if slug else ""

    # Wide (the track table has a column per space) and weighted like a rule.
    out = ["---", "hide:", "  - toc", "search:", f"  boost: {RULE_BOOST}", "---", "",
           f"# {TITLE}: the board", "",
           "The board has two tracks shared by both monsters, **Fame** (Polish: *Sława*) and "
           "**Destruction** (*Zniszczenie*), each with one marker, and three spaces for "
           f"face-up Power cards ({ref('duel.components.board')}). The numbers below are "
           f"read from `{GAME_FILE}`, the one place each is written.", ""]
    out += ["## The tracks", "",
            f"Each track has {2 * end + 1} spaces, numbered -{end} to +{end} from the first "
            f"player's end (seat 0) to the second player's (seat 1) "
            f"({ref('duel.setup.tracks')}; [D-DUEL-COORDINATES]"
            f"({link(src, decision_uri('D-DUEL-COORDINATES'))})). A pull moves a marker one "
            f"space toward the puller's end, a step at a time. The spotlight zones are -{far}.."
            f"-{near} (seat 0) and +{near}..+{far} (seat 1); the Victory spaces are -{end} and "
            f"+{end}. A player wins when a marker reaches their Victory space or both markers "
            "stand in their spotlight zones.", ""]
    roles = space_roles(n)
    short = {"start": "start", "Victory": "**Victory**", "spotlight": "zone", "ordinary": "·"}
    out += table(["Space", *(f"{x:+d}" if x else "0" for x, _ in roles)], [
        ["Side", *("seat 0" if x < 0 else "seat 1" if x > 0 else "—" for x, _ in roles)],
        ["What", *(next(v for k, v in short.items() if role.startswith(k))
                   for _, role in roles)],
    ])
    out += ["*Victory*: a Victory space; *zone*: a spotlight zone; *·*: an ordinary space.", ""]
    out += ["## Buzz tiles", "",
            "Buzz tiles (Polish: *kafelki Wrzawy*) are placed on the tracks when a card with "
            "a Buzz icon is bought; a marker pulled onto a space of a tile gives its puller "
            f"the bonus of that space ({ref('duel.components.buzz-tiles')}).", ""]
    rows = []
    for tile in data.tiles:
        change = ("shortens the track: its middle space is jumped" if tile.shorten else
                  f"lengthens the track: an extra space ({bonus_text(*tile.lengthen)}) "
                  "between its two" if tile.lengthen else
                  "The King's own: stops the rival's pull" if tile.king else "—")
        rows.append([f"`{tile.id}`", str(len(tile.spaces)),
                     " · ".join(bonus_text(k, a) for k, a in tile.spaces), change,
                     str(tile.copies), ref(tile.rule)])
    out += table(["Tile", "Spaces", "Bonuses (in the tile's order)", "Track change", "Copies",
                  "Rule"], rows)
    out += sections.every_number(SECTION, data, src, ":")
    out += note(GAME_FILE)
    return "\n".join(out)


# -- scenarios ------------------------------------------------------------------------


def scenario_page(data: DuelData, scenario: Scenario) -> str:
    src = scenario_uri(scenario.key)
    seated = [m for m in data.monsters if scenario.key in data.monster_scenarios.get(m.name, ())]
    more = ["**Monsters:** " + ", ".join(
        f"[{inline(m.name)}]({link(src, monster_uri(m.slug))})" for m in seated), ""]
    return sections.scenario_page(SECTION, data, scenario, unknown_decisions=False,
                                  more=more if seated else ())


# -- invariants -----------------------------------------------------------------------


def invariants_page(data: DuelData) -> str:
    from kot_rules.games.king_of_tokyo_duel.invariants import INVARIANTS as DUEL_INVARIANTS
    from kot_rules.games.king_of_tokyo_duel.kernel import TRANSITIONS

    src = INVARIANTS
    results = data.proofs
    out = [f"# {TITLE}: invariants and proofs", "",
           "*Generated at build time from `kot_rules/games/king_of_tokyo_duel/invariants.py` "
           "and the "
           "results of Duel's proofs (`kot_rules/games/king_of_tokyo_duel/model.py`, "
           f"`kot-rules verify --game {DUEL}`); edit those, not this page.*", "",
           "Each invariant is stated once over Z3 terms. It is **proved** for the rule "
           f"kernel: one Z3 query per kernel step ({len(TRANSITIONS)} steps, the set-up "
           "included) assumes every invariant before the step and asks for a state after it "
           "that breaks the invariant; *unsat* means proved. The same definition decides "
           "concrete states: a Hypothesis test runs random states through a plain Python "
           "reference of the kernel and its Z3 model and checks they agree "
           "(`tests/verify/test_duel_reference.py`).", ""]
    if results is None:
        out += ["The proofs did not run for this build.", ""]
    else:
        out += [f"Result: **{proof_report.verdict(results)}** ({results['seconds']:.1f} s).", ""]

    def ref(slug: str) -> str:
        return _rule_ref(data, src, slug)

    out += proof_report.invariants_table(
        ((inv.id, inv.statement, inv.rules) for inv in DUEL_INVARIANTS),
        results["counts"] if results is not None else None, ref)
    out += proof_report.kernel_steps(((t.name, t.rules) for t in TRANSITIONS), ref,
                                     all_proved=results is not None and bool(results.get("ok")))
    if results is not None:
        out += proof_report.canaries(results["canaries"])
        out += proof_report.not_proved(results["results"])
    return "\n".join(out)


# -- all pages and the navigation -----------------------------------------------------


def generate(data: DuelData) -> dict[str, str]:
    """Every page of Duel's section: ``src_uri`` -> Markdown."""
    return sections.generate(
        SECTION, data, home=home_page, rules=rules_index, clarifications=decisions_index,
        cards=cards_index, board=board_page, invariants=invariants_page, rule=rule_page,
        decision=decision_page, card=card_page, scenario=scenario_page,
        more_indexes={MONSTERS_INDEX: monsters_index},
        more={monster_uri(m.slug): monster_page(data, m) for m in data.monsters})


def nav_sections(data: DuelData) -> dict[str, list[Any]]:
    """Section index page -> the generated pages listed under it in the navigation."""
    return sections.nav(SECTION, data,
                        {MONSTERS_INDEX: [monster_uri(m.slug) for m in data.monsters]})


def column(data: DuelData) -> GameColumn:
    """Duel on the site's home page."""
    return GameColumn(TITLE, DUEL, HOME, about(data), data.numbers, data.book, SECTION,
                      f"{len(data.cards)} Power cards", len(data.scenarios), BOARD, INVARIANTS)


def section(data: SiteData, root: Path) -> GameSite:
    """Duel's section of the site, its proofs read from ``root``'s cache or run
    (``data``: the site's, whose cards Duel's may share)."""
    own = load_duel_data(data.glossary, duel_proofs(root), (info.card for info in data.cards))
    return GameSite(generate(own), nav_sections(own), column(own))
