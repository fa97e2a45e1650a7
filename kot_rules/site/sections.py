"""What Duel's and New York's sections of the site (the ``site`` module of each game's folder)
write alike.

A section is a :class:`Section` (its game id, titles, folder and sources) and its data, a
:class:`SectionData` that each game's module extends with its own. The functions here take
both; what one game says and the other does not (a box, a sentence) is passed in by its
module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from kot_rules.language.ast import CardDef, unaccented
from kot_rules.language.cardset import CardSet, builtin_card_set, load_card_set
from kot_rules.language.checker import physical_ids
from kot_rules.paths import builtin_cards_dir, spec_dir
from kot_rules.rulebook import (
    Decision,
    Rule,
    Rulebook,
    RuleNumbers,
    Source,
    game_numbers,
    load_rulebook,
)
from kot_rules.sources import Glossary, for_reader, named
from kot_rules.surfaces.rulesdoc import scenarios_by_rule

from .model import CardInfo, Rulings, Scenario, load_rulings, load_scenarios, renderer
from .pages import (
    CARD_BOOST,
    DECISION_BOOST,
    RULE_BOOST,
    WIDE,
    Paths,
    alternatives,
    boosted,
    card_scenarios,
    card_scenarios_section,
    cell,
    decision_cell,
    decision_title,
    describe_sentences,
    fenced,
    indented,
    inline,
    item_nav,
    item_pages,
    link,
    note,
    pinning_sections,
    rule_sections,
    rule_title,
    rulings_list,
    scenario_markdown,
    scenario_uri,
    scenarios_markdown,
    source_lines,
    table,
)
from .proofs import digest_files

FACT_SHEET = "kony-duel-facts"
"""The source id the Duel and New York rules cite the fact sheet by (its name is the one
table's, ``spec/glossary.yaml``)."""
CONFIDENCE = {"C": "confirmed", "L": "likely", "U": "unconfirmed"}
"""The fact sheet's confidence marks."""


@dataclass(frozen=True)
class SourceMark:
    """Where a card's text comes from, as the source comment of its card file says."""

    source: str
    """``fact sheet``, ``seed 002`` or ``not stated``."""
    cite: str
    """The place cited in the fact sheet, e.g. ``B.10 #14`` ("" for a seed)."""
    confidence: str | None
    """The fact sheet's mark (C, L or U), if the comment gives one."""

    @property
    def label(self) -> str:
        """``source: fact sheet, confidence C``."""
        out = f"source: {self.source}"
        return out + (f", confidence {self.confidence}" if self.confidence else "")

    @property
    def fact_sheet_only(self) -> bool:
        return self.source == "fact sheet"


_CONFIDENCE = re.compile(r"confidence:?\s+([CLU])\b")
_MARK = re.compile(r"\[([CLU])\]")


@dataclass(frozen=True)
class Section(Paths):
    """One game's section of the site: its pages live under ``folder``."""

    game: str
    title: str
    short: str
    """The game's name in running text: ``All Duel rules``, ``not a Duel rule slug``."""
    seed: str
    """The id of the game's Polish rulebook."""
    sheet_part: str
    """The letter of the fact sheet's part on the game (``A.3``, ``B.10``)."""
    decisions: str
    """The prefix of the game's decision ids (``D-DUEL``)."""

    def spec(self, kind: str, end: str = ".yaml") -> str:
        """The game's file (or folder, ``end="/"``) under ``spec/{kind}/``."""
        return f"spec/{kind}/{self.game}{end}"

    def file_page(self, parts: Sequence[str]) -> tuple[str, str] | None:
        """The page (``src_uri``, anchor) that shows the game's file ``spec/...``
        (``parts``: its path, split)."""
        folder, name = parts[1], parts[-1]
        if folder == "scenarios":
            if name.endswith(".yaml"):
                return scenario_uri("/".join(parts[1:])), ""
            return self.index("scenarios"), ""
        if folder == "rules":
            return self.index("rules"), ""
        if folder == "games":
            return self.page("board.md"), ""
        if folder == "cards":
            if name.endswith(".kot"):
                return self.card_uri(name.removesuffix(".kot")), ""
            return self.index("cards"), ""
        return None

    def source_mark(self, source_text: str) -> SourceMark:
        """Where a card's text comes from, read from its card file's comment lines."""
        comments = " ".join(line.strip().lstrip("#").strip()
                            for line in source_text.splitlines()
                            if line.lstrip().startswith("#"))
        confidence = _CONFIDENCE.search(comments)
        letter = confidence.group(1) if confidence else None
        sheet = re.search(rf"{FACT_SHEET}(?:\.md)?\s+({self.sheet_part}\.\d+)(?:\s*\(#(\d+))?",
                          comments)
        if sheet is not None:
            cite = sheet.group(1) + (f" #{sheet.group(2)}" if sheet.group(2) else "")
            return SourceMark("fact sheet", cite, letter)
        if re.search(rf"\b{self.seed}\b", comments):
            return SourceMark(f"seed {self.seed}", "", letter)
        return SourceMark("not stated", "", letter)

    def cited_decisions(self, source_text: str) -> tuple[str, ...]:
        """The game's decision ids a card file's comments name, in order, each once."""
        comments = "\n".join(line for line in source_text.splitlines() if "#" in line)
        found = re.findall(rf"\b{self.decisions}-[A-Z0-9]+(?:-[A-Z0-9]+)*\b", comments)
        return tuple(dict.fromkeys(found))

    def scenarios_by_rule(self) -> dict[str, list[tuple[str, str]]]:
        """rule slug or decision id -> [(scenario key, name)], for the game's rules."""
        return {key: value for key, value in scenarios_by_rule().items()
                if any(k.startswith(f"scenarios/{self.game}/") for k, _ in value)}

    def proof_key(self, root: Path, *more: Path) -> str:
        """The hash of what the game's proofs depend on (``more``: beyond the verifier,
        engine, language, the games' folders, the game's cards and its numbers)."""
        package = Path(__file__).resolve().parents[1]
        return digest_files(sorted([
            *(package / "verify").rglob("*.py"), *(package / "engine").glob("*.py"),
            *(package / "games").rglob("*.py"),
            *(package / "language").glob("*.py"),
            *(root / "spec" / "cards" / self.game).rglob("*.kot"),
            root / "spec" / "games" / f"{self.game}.yaml", *more]))


@dataclass(frozen=True, kw_only=True)
class SectionData:
    """What every game's section shows, read from the game's files; each game's module
    extends it with its own (monsters, board, ...)."""

    book: Rulebook
    cards: tuple[CardInfo, ...]
    marks: Mapping[str, SourceMark]
    """card slug -> where its text comes from."""
    scenarios: tuple[Scenario, ...]
    by_rule: Mapping[str, list[tuple[str, str]]]
    """rule slug or decision id -> [(scenario key, name)], the game's scenarios only."""
    numbers: RuleNumbers
    glossary: Glossary
    rulings: Rulings
    proofs: Mapping[str, Any] | None = None
    """The report of the game's prover as JSON (``verify(...).to_json()``); ``None`` when
    it did not run (or, for a game with no Z3 model, cannot)."""
    namesakes: Mapping[str, CardDef] = field(default_factory=dict)
    """card slug -> the King of Tokyo card of the same title, if there is one."""

    def scenario(self, key: str) -> Scenario | None:
        for scenario in self.scenarios:
            if scenario.key == key:
                return scenario
        return None

    def rule(self, slug: str) -> Rule | None:
        for rule in self.book.rules:
            if rule.slug == slug:
                return rule
        return None

    def decision(self, decision_id: str) -> Decision | None:
        for decision in self.book.decisions:
            if decision.id == decision_id:
                return decision
        return None


D = TypeVar("D", bound=SectionData)


def read_section(section: Section, glossary: Glossary, proofs: Mapping[str, Any] | None,
                 king_of_tokyo: Iterable[CardDef] | None,
                 info: Callable[[CardDef, Callable[[CardDef], str] | None], CardInfo],
                 ) -> tuple[CardSet, dict[str, Any]]:
    """The game's card set and the fields of its :class:`SectionData`, read afresh
    (``mkdocs serve`` shows edits); ``info`` reads one card; ``king_of_tokyo``: King of
    Tokyo's cards (default: its built-in set), whose titles the game's cards may share."""
    folder = builtin_cards_dir(section.game)
    card_set = load_card_set(folder, section.game)
    render = renderer()
    cards = tuple(info(card, render) for card in card_set.cards)
    return card_set, {
        "book": load_rulebook(spec_dir() / "rules" / f"{section.game}.yaml"),
        "cards": cards,
        "marks": {card.slug: section.source_mark(card.source_text) for card in cards},
        "scenarios": load_scenarios(card_set, game=section.game),
        "by_rule": section.scenarios_by_rule(),
        "numbers": game_numbers(section.game),
        "glossary": glossary,
        "rulings": load_rulings(card_set, folder / "rulings.yaml"),
        "proofs": proofs,
        "namesakes": namesakes(card_set.cards, builtin_card_set().cards
                               if king_of_tokyo is None else king_of_tokyo),
    }


def namesakes(cards: Iterable[CardDef], king_of_tokyo: Iterable[CardDef]) -> dict[str, CardDef]:
    """Card slug -> the King of Tokyo card with the same title (the same slug)."""
    by_slug = {card.slug: card for card in king_of_tokyo}
    return {card.slug: by_slug[card.slug] for card in cards if card.slug in by_slug}


def players(numbers: RuleNumbers) -> str:
    """``2 players`` or ``2 to 6 players``: the game's player count, from its numbers."""
    low, high = numbers["min-players"], numbers["max-players"]
    return f"{low} players" if low == high else f"{low} to {high} players"


def confidence(letter: str) -> str:
    return f"{letter} ({CONFIDENCE.get(letter, 'unknown mark')})"


# -- references -----------------------------------------------------------------------


def cited_source(data: SectionData, label: str, source: Source) -> list[str]:
    """A source (seed or fact sheet) a rule cites, named as a reader finds it, with the fact
    sheet's confidence mark where its section gives one, then its phrase."""
    mark = _MARK.search(source.section) if source.seed == FACT_SHEET else None
    return source_lines(data.glossary, label, source,
                        confidence(mark.group(1)) if mark else "")


def rule_sources(data: SectionData, rule: Rule) -> list[str]:
    """The rule's source, and its second source if it has one."""
    out = cited_source(data, "Source", rule.source)
    if rule.also is not None:
        out += cited_source(data, "Also", rule.also)
    return out


def rule_ref(section: Section, data: SectionData, src: str, slug: str) -> str:
    """A link from page ``src`` to the rule (or decision) ``slug``."""
    rule = data.rule(slug)
    if rule is not None:
        return f"[{inline(rule_title(rule))}]({link(src, section.rule_uri(slug))})"
    if data.decision(slug) is not None:
        return f"[{slug}]({link(src, section.decision_uri(slug))})"
    return f"`{slug}` (**not a {section.short} rule slug**)"


def decision_ref(section: Section, data: SectionData, src: str, decision_id: str) -> str:
    """A link from page ``src`` to the decision, or the id marked as unknown."""
    if data.decision(decision_id) is not None:
        return f"[{decision_id}]({link(src, section.decision_uri(decision_id))})"
    return f"`{decision_id}` (**not a {section.short} decision**)"


# -- rules and clarifications ---------------------------------------------------------


def rule_row(section: Section, data: SectionData, src: str, rule: Rule, *more: str) -> list[str]:
    """A rules index's row: number, title, slug, source, ``more`` columns, the number of
    scenarios that test the rule and its clarification."""
    return [rule.number, f"[{cell(rule.title)}]({link(src, section.rule_uri(rule.slug))})",
            f"`{rule.slug}`", cell(rule.source.cite()), *more,
            str(len(data.by_rule.get(rule.slug, []))),
            decision_cell(src, rule, bool(rule.decision and data.decision(rule.decision)),
                          section)]


def index_page(section: Section, what: str, intro: str, head: Sequence[str],
               rows: Sequence[Sequence[str]], source: str, boxes: Sequence[str] = ()) -> str:
    """An index page of the section, wide: its title (``what`` it lists), ``intro``,
    ``boxes``, the table (``head``, ``rows``) and the note naming its ``source``."""
    out = [*WIDE, f"# {section.title}: {what}", "", intro, "", *boxes]
    out += table(head, rows)
    out += note(source)
    return "\n".join(out)


def rules_index(section: Section, data: SectionData, aside: str = "", after: str = "",
                column: tuple[str, Callable[[Rule], str]] | None = None) -> str:
    """The rules index: ``aside`` before the sentence on the clarifications, ``after`` it;
    ``column``: the title of one more column and its cell for a rule."""
    src = section.index("rules")
    intro = (f"The {len(data.book.rules)} rules of {section.title} as kot-rules reads them, "
             "by number: a stable slug, a statement in our words, and the Polish phrase of "
             f"the rulebook (seed {section.seed}) it comes from with its English translation. "
             f"{aside}The open points are settled on the [clarifications]"
             f"({link(src, section.index('clarifications'))}) pages.{after}")
    more = [column[0]] if column else []
    rows = [rule_row(section, data, src, rule, *([column[1](rule)] if column else []))
            for rule in data.book.rules]
    return index_page(section, "rules", intro,
                      ["#", "Rule", "Slug", "Source", *more, "Scenarios", "Clarification"],
                      rows, section.spec("rules"))


def rule_page(section: Section, data: SectionData, rule: Rule, box: Sequence[str],
              none: str) -> str:
    """A rule's page: ``box`` under its statement, ``none`` when no scenario tests it."""
    src = section.rule_uri(rule.slug)
    out = [*boosted(RULE_BOOST), f"# {rule_title(rule)}", "",
           f"{section.title}, rule **{rule.number}**, slug `{rule.slug}` (stable; the number "
           f"may change). [All {section.short} rules]({link(src, section.index('rules'))}).", "",
           inline(rule.statement), ""]
    out += box
    out += rule_sources(data, rule)
    out += rule_sections(data, src, rule, data.decision(rule.decision) if rule.decision
                         else None, section, none)
    out += note(section.spec("rules"))
    return "\n".join(out)


def decisions_index(section: Section, data: SectionData, intro: str,
                    others: bool = False) -> str:
    """The clarifications index: ``intro``, then a row per decision (``others``: with the
    count of the further scenarios of the rules it settles)."""
    src = section.index("clarifications")
    rows = [decision_row(section, data, src, d, others) for d in data.book.decisions]
    return index_page(section, "clarifications", intro,
                      ["Decision", "Question", "Rules",
                       *(["Pinning", "Other"] if others else ["Pinning scenarios"])],
                      rows, section.spec("rules"))


def decision_row(section: Section, data: SectionData, src: str, decision: Decision,
                 others: bool = False) -> list[str]:
    """A clarifications index's row: id, question, the rules it settles, how many scenarios
    pin it and (``others``) how many more test those rules."""
    pinned, more = pinning(data, decision)
    return [f"[{decision.id}]({link(src, section.decision_uri(decision.id))})",
            cell(decision.question), rule_numbers(section, data, src, decision),
            str(len(pinned)), *([str(len(more))] if others else [])]


def settled(data: SectionData, decision: Decision) -> list[Rule]:
    """The rules that name the decision."""
    return [r for r in data.book.rules if r.decision == decision.id]


def pinning(data: SectionData, decision: Decision) -> tuple[list[str], list[str]]:
    """(scenarios tagged with the decision, the other scenarios of the rules it settles)."""
    pinned = {key for key, _ in data.by_rule.get(decision.id, [])}
    others = {key for r in settled(data, decision)
              for key, _ in data.by_rule.get(r.slug, [])}
    return sorted(pinned), sorted(others - pinned)


def decision_page(section: Section, data: SectionData, decision: Decision,
                  seeds_lead: Sequence[str], rules_lead: str, unpinned: str) -> str:
    """A clarification's page: ``seeds_lead`` before its seed passages, ``rules_lead``
    before the passages of the rules it settles, ``unpinned`` when no scenario pins it."""
    src = section.decision_uri(decision.id)
    index = link(src, section.index("clarifications"))
    out = [*boosted(DECISION_BOOST), f"# {decision_title(decision)}", "",
           f"{section.title}, clarification **{decision.id}**. "
           f"[All {section.short} clarifications]({index}).", "",
           f"**Question.** {inline(for_reader(decision.question, data.glossary))}", "",
           f"**Decision.** {inline(for_reader(decision.decision, data.glossary))}", ""]
    rules = settled(data, decision)
    out += ["## Seed passages", ""]
    if decision.seeds:
        out += seeds_lead
        for source in decision.seeds:
            out += cited_source(data, "Passage", source)
    if rules:
        out += [rules_lead, ""]
        for rule in rules:
            out += [f"### {inline(rule_title(rule))}", "",
                    f"[Rule page]({link(src, section.rule_uri(rule.slug))}) (`{rule.slug}`)", ""]
            out += rule_sources(data, rule)
    if not decision.seeds and not rules:
        out += ["It settles a point of the engine's model rather than one rule; its "
                "alternatives below name their sources.", ""]
    out += alternatives(data.glossary, decision)
    if decision.option:
        out += ["## Ruleset option", "", f"`{decision.option}` selects another reading.", ""]
    out += pinning_sections(data, src, *pinning(data, decision), none=unpinned)
    out += note(section.spec("rules"))
    return "\n".join(out)


def rule_numbers(section: Section, data: SectionData, src: str, decision: Decision) -> str:
    """The numbers of the rules the decision settles, linked from page ``src``."""
    return ", ".join(f"[{r.number}]({link(src, section.rule_uri(r.slug))})"
                     for r in settled(data, decision))


# -- home and board ------------------------------------------------------------------


def home_rows(section: Section, data: SectionData, src: str, unclear: str) -> list[list[str]]:
    """The home page's rows for the rules and the clarifications (the decisions settle
    where the rulebook is ``unclear``)."""
    rules = f"`{section.spec('rules')}`"
    return [[f"[Rules]({link(src, section.index('rules'))})",
             f"{len(data.book.rules)} rules, each with the Polish phrase of the rulebook and "
             "its English translation", rules],
            [f"[Clarifications]({link(src, section.index('clarifications'))})",
             f"{len(data.book.decisions)} decisions where the rulebook is {unclear}", rules]]


def every_number(section: Section, data: SectionData, src: str, lead: str) -> list[str]:
    """The board page's table of the game's numbers, each with its rule (``lead`` ends the
    sentence before it)."""
    return numbers_table(section.title, data.numbers,
                         lambda slug: rule_ref(section, data, src, slug), lead)


def numbers_table(title: str, numbers: RuleNumbers, ref: Callable[[str], str],
                  lead: str) -> list[str]:
    """A board page's table of the numbers of the game ``title``, each with its rule (named
    by ``ref``) or source (any game's, King of Tokyo's too)."""
    out = ["## Every number", "",
           f"The numbers of {title}'s rules that the engine uses, each with the rule "
           f"it comes from{lead}", ""]
    out += table(["Key", "Value", "Rule or source"],
                 [[f"`{x.key}`", str(x.value), ref(x.rule) if x.rule
                   else (x.source.cite() if x.source else "")]
                  for x in numbers.numbers])
    return out


# -- cards ----------------------------------------------------------------------------


def card_head(section: Section, card: CardDef, what: str) -> list[str]:
    """A card page's title and the line that says ``what`` the card is."""
    src = section.card_uri(card.slug)
    return [*boosted(CARD_BOOST), f"# {card.name}", "",
            f"{section.title} {what}. [All {section.short} cards]"
            f"({link(src, section.index('cards'))}).", ""]


def card_facts(card: CardDef, cost: str, kind: str, polish: str, mark: SourceMark) -> list[str]:
    """A card page's table: ``cost``, ``kind``, copies (with their ids), Polish name,
    source and sentences."""
    ids = ", ".join(f"`{i}`" for i in physical_ids(card.slug, card.copies))
    return table(["Cost", "Type", "Copies", "Polish name", "Source", "Sentences"],
                 [[cost, kind, f"{card.copies} ({ids})", cell(polish) or "—", cell(mark.label),
                   describe_sentences(card)]])


def namesake_line(section: Section, src: str, namesake: CardDef) -> str:
    """The King of Tokyo card of the same title, with its Polish name marked as the base
    game's (a reader may know the card by it; the game's own rulebook does not name it)."""
    out = (f"King of Tokyo has a card of the same title: [{inline(namesake.name)}]"
           f"({link(src, f'cards/{namesake.slug}.md')}) (cost {namesake.cost}, "
           f"{namesake.kind.value})")
    polish = ", ".join(a.name for a in namesake.aliases if a.language == "pl")
    if polish:
        plain = unaccented(polish)
        out += f", Polish **{inline(polish)}**" + (f" ({inline(plain)})" if plain != polish
                                                   else "")
        out += f": the base game's Polish name, not confirmed for {section.short}"
    return out + "."


def card_names(section: Section, data: SectionData, src: str, card: CardDef,
               polish: str) -> list[str]:
    """A card page's Polish name typed without accents, and its King of Tokyo namesake."""
    out: list[str] = []
    plain = sorted({unaccented(polish)} - {polish}) if polish else []
    if plain:
        out += [f"Typed without accents: {inline(' · '.join(plain))}", ""]
    namesake = data.namesakes.get(card.slug)
    if namesake is not None:
        out += [namesake_line(section, src, namesake), ""]
    return out


def mark_place(section: Section, data: SectionData, mark: SourceMark) -> str:
    """Where a card's source mark points, named as a reader finds it: the fact sheet's name
    and place, or the game's rulebook ("" when the card file names neither)."""
    if mark.fact_sheet_only:
        return f"{named(data.glossary, FACT_SHEET)}, {mark.cite}"
    return named(data.glossary, section.seed) if mark.source.startswith("seed") else ""


def card_source(section: Section, data: SectionData, mark: SourceMark, admonition: str,
                says: str) -> list[str]:
    """Where a card's text comes from: a box (``admonition``, ``says`` after the mark) when
    only the fact sheet speaks for it, else one line."""
    place = mark_place(section, data, mark)
    if not mark.fact_sheet_only:
        return [f"**{mark.label}**" + (f" ({place})" if place else ""), ""]
    letter = mark.confidence or "not given"
    return [f"!!! {admonition} \"Source: fact sheet, confidence {letter}\"", "",
            *indented([f"**{mark.label}** ({place}). " + says
                       + (f"Confidence {confidence(mark.confidence)}."
                          if mark.confidence else "")]), ""]


def card_text(info: CardInfo) -> list[str]:
    """The card's text as the engine reads it."""
    return ["The card's text, exactly as the engine reads it"
            + ("" if info.rendered else " (from its card file)") + ":", "", *fenced(info.text)]


def tested(data: SectionData, slug: str) -> bool:
    """A scenario buys the card or starts with it in play."""
    return any(u.tests for _, uses in card_scenarios(data.scenarios, slug) for u in uses)


def card_end(data: SectionData, src: str, info: CardInfo, none: str) -> list[str]:
    """A card page's rulings (if any), then its scenarios (``none`` when none) and file."""
    out: list[str] = []
    rulings = data.rulings.by_card.get(info.slug, ())
    if rulings:
        out += ["## Rulings", ""]
        out += rulings_list(data.glossary, rulings)
    out += card_scenarios_section(
        data.glossary, src, info, card_scenarios(data.scenarios, info.slug),
        lead=("The conformance scenarios that test the card:", ""), none=none)
    return out


# -- scenarios ------------------------------------------------------------------------


def generate(section: Section, data: D, *, home: Callable[[D], str],
             rules: Callable[[D], str], clarifications: Callable[[D], str],
             cards: Callable[[D], str], board: Callable[[D], str],
             invariants: Callable[[D], str], rule: Callable[[D, Rule], str],
             decision: Callable[[D, Decision], str], card: Callable[[D, CardInfo], str],
             scenario: Callable[[D, Scenario], str],
             more_indexes: Mapping[str, Callable[[D], str]] | None = None,
             more: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every page of a section (``src_uri`` -> Markdown), each written by the function
    named after it: the home page, the indexes (``more_indexes`` after the cards'), the
    board and invariants pages, then every rule, clarification and card page, ``more``
    pages and every scenario page."""
    pages = {section.page("index.md"): home(data), section.index("rules"): rules(data),
             section.index("clarifications"): clarifications(data),
             section.index("cards"): cards(data),
             **{uri: write(data) for uri, write in (more_indexes or {}).items()},
             section.index("scenarios"): scenarios_index(section, data),
             section.page("board.md"): board(data),
             section.page("invariants.md"): invariants(data)}
    pages.update(item_pages(data, section, rule, decision, card))
    pages.update(more or {})
    pages.update({scenario_uri(s.key): scenario(data, s) for s in data.scenarios})
    return pages


def nav(section: Section, data: SectionData,
        more: Mapping[str, list[Any]] | None = None) -> dict[str, list[Any]]:
    """Section index page -> the generated pages listed under it in the navigation."""
    return item_nav(data, section, folder, more)


def folder(scenario: Scenario) -> str:
    """The folder of the game's scenarios that holds the scenario."""
    return scenario.key.split("/")[-2]


def scenario_page(section: Section, data: SectionData, scenario: Scenario,
                  unknown_decisions: bool, more: Sequence[str] = ()) -> str:
    """A scenario's page; ``unknown_decisions``: also list the decision ids it names that
    the game does not have (marked as such)."""
    src = scenario_uri(scenario.key)
    names = {info.slug: info.card.name for info in data.cards}
    return scenario_markdown(
        data.glossary, scenario, f"{section.title} conformance scenario",
        section.index("scenarios"), f"All {section.short} scenarios",
        [rule_ref(section, data, src, slug) for slug in scenario.rules],
        [decision_ref(section, data, src, d) for d in scenario.decisions
         if unknown_decisions or data.decision(d)],
        names.__getitem__, section, more)


def scenarios_index(section: Section, data: SectionData) -> str:
    head = [f"# {section.title}: scenarios", "",
            f"The {len(data.scenarios)} conformance scenarios of {section.title}: each sets up "
            "a position, plays a script and states what must happen, to pin one rule. Run "
            f"them with `kot-rules scenario run {section.spec('scenarios', '')}`.", ""]
    return scenarios_markdown(data.scenarios, head,
                              f"Rule slugs that name no {section.short} rule", data.rule,
                              section, folder, section.spec("scenarios", "/"))
