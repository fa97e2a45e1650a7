"""The Markdown of every generated page, from :class:`~kot_rules.site.model.SiteData`.

Each function returns the text of one page; :func:`generate` returns them all,
keyed by their path under ``docs/`` (the page's ``src_uri``). Links between pages
are relative ``.md`` links, so that ``mkdocs build --strict`` checks every one.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from kot_rules.language.ast import CardDef, unaccented
from kot_rules.language.checker import physical_ids
from kot_rules.rulebook import Decision, Rule, Rulebook, Source
from kot_rules.sources import LANGUAGES, Glossary, for_reader, short_name, where
from kot_rules.surfaces import coverage

from .cliref import CommandHelp, command_helps
from .model import GAME, CardInfo, CardUse, Ruling, Scenario, SiteData

GENERATED_NOTE = "Generated at build time from `{what}`; edit that, not this page."
PROOFS = "../invariants.md"


@dataclass(frozen=True)
class Paths:
    """Where one game's rule, clarification and card pages live: under ``folder``
    (``""`` for King of Tokyo, whose pages are at the top)."""

    folder: str

    def page(self, path: str) -> str:
        return f"{self.folder}/{path}" if self.folder else path

    def rule_uri(self, slug: str) -> str:
        return self.page(f"rules/{slug}.md")

    def decision_uri(self, decision_id: str) -> str:
        return self.page(f"clarifications/{decision_id.lower()}.md")

    def card_uri(self, slug: str) -> str:
        return self.page(f"cards/{slug}.md")

    def index(self, kind: str) -> str:
        """The index page of the game's ``rules``, ``clarifications``, ``cards`` or
        ``scenarios``."""
        return self.page(f"{kind}/index.md")


KOT = Paths("")
"""King of Tokyo's pages."""
TITLE = "King of Tokyo"
"""King of Tokyo's title, as its pages name the game."""

RULES_INDEX = KOT.index("rules")
DECISIONS_INDEX = KOT.index("clarifications")
CARDS_INDEX = KOT.index("cards")
SCENARIOS_INDEX = KOT.index("scenarios")
GLOSSARY = "glossary.md"
SCHEMAS = "formats/schemas.md"
CLI = "cli.md"
ABBREVIATIONS = "abbreviations.md"
"""Not a page: the glossary as Markdown abbreviations, appended to every page."""


# -- paths and links ------------------------------------------------------------------


rule_uri = KOT.rule_uri
decision_uri = KOT.decision_uri
card_uri = KOT.card_uri


def scenario_uri(key: str) -> str:
    """The page of the scenario ``key`` (relative to ``spec/``, e.g. ``scenarios/a/b.yaml``)."""
    return key.removesuffix(".yaml") + ".md"


def link(src: str, dst: str, anchor: str = "") -> str:
    """The relative link from page ``src`` to page ``dst`` (both ``src_uri``)."""
    target = posixpath.relpath(dst, posixpath.dirname(src) or ".")
    return target + (f"#{anchor}" if anchor else "")


def cell(text: str) -> str:
    """``text`` safe inside a Markdown table cell and on one line."""
    return " ".join(text.split()).replace("|", "\\|").replace("<", "&lt;")


def inline(text: str) -> str:
    return " ".join(text.split()).replace("<", "&lt;")


def table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return [*out, ""]


def fenced(text: str, lang: str = "text") -> list[str]:
    fence = "```"
    while fence in text:
        fence += "`"
    return [f"{fence}{lang}", text.rstrip("\n"), fence, ""]


def indented(lines: Iterable[str], prefix: str = "    ") -> list[str]:
    """``lines`` (each may hold several) indented, e.g. as the body of an admonition."""
    return [prefix + line if line else "" for text in lines for line in text.split("\n")]


WIDE = ["---", "hide:", "  - toc", "---", ""]
"""Front matter of a page whose table needs the width of the table of contents."""


RULE_BOOST, CARD_BOOST, DECISION_BOOST, SCENARIO_BOOST = 4, 4, 2, 0.5
"""Search ranking: a rule or a card first, then a clarification; a scenario, which quotes
the rule it tests, ranks below them all for the same words."""


def boosted(boost: float) -> list[str]:
    """Front matter that weights a page in the site's search."""
    return ["---", "search:", f"  boost: {boost}", "---", ""]


def note(what: str) -> list[str]:
    return [f"*{GENERATED_NOTE.format(what=what)}*", ""]


# -- rules ----------------------------------------------------------------------------


def rule_title(rule: Rule) -> str:
    return f"{rule.number} {rule.title}"


def decision_title(decision: Decision) -> str:
    return f"{decision.id}: {decision.question}"


def source_lines(glossary: Glossary, label: str, source: Source,
                 confidence: str = "") -> list[str]:
    """A source a rule cites, named as a reader finds it (:func:`.sources.where`), then its
    phrase."""
    return [f"**{label}:** {where(glossary, source, confidence)}", "", *quote(source), ""]


def quote(source: Source) -> list[str]:
    """The seed's phrase as a block quote, with its English translation under it."""
    out = [f"> „{inline(source.phrase)}”"]
    if source.english:
        out += [">", f"> *English:* {inline(source.english)}", "> { .translation }"]
    return out


class Lookups(Protocol):
    """What the page parts every game's section shares read of the game's data."""

    @property
    def by_rule(self) -> Mapping[str, list[tuple[str, str]]]: ...

    @property
    def glossary(self) -> Glossary: ...

    def scenario(self, key: str) -> Scenario | None: ...


def scenario_links(data: Lookups, src: str, keys: Iterable[str]) -> list[str]:
    """A list of the scenarios ``keys`` (each once, sorted), linked from page ``src``."""
    out: list[str] = []
    for key in sorted(set(keys)):
        scenario = data.scenario(key)
        if scenario is None:
            out.append(f"- `spec/{key}`")
        else:
            out.append(f"- [{inline(scenario.name)}]({link(src, scenario_uri(key))}) "
                       f"(`{scenario.path}`)")
    return out


def rule_page(data: SiteData, rule: Rule) -> str:
    src = rule_uri(rule.slug)
    out = [*boosted(RULE_BOOST), f"# {rule_title(rule)}", "",
           f"{TITLE}, rule **{rule.number}**, slug `{rule.slug}` (stable; the number may "
           f"change). [All {TITLE} rules]({link(src, RULES_INDEX)}).", "",
           inline(rule.statement), ""]
    out += source_lines(data.glossary, "Source", rule.source)
    if rule.also is not None:
        out += source_lines(data.glossary, "Also", rule.also)
    out += rule_sections(data, src, rule, _decision(data, rule.decision) if rule.decision
                         else None, KOT, "No scenario tests this rule yet.")
    out += note("spec/rules/king-of-tokyo.yaml")
    return "\n".join(out)


def rule_sections(data: Lookups, src: str, rule: Rule, decision: Decision | None,
                  paths: Paths, none: str) -> list[str]:
    """A rule page's clarification (``decision``, the one ``rule`` names) and the scenarios
    that test it (``none`` when there is none), the same in every game's section."""
    out: list[str] = []
    if rule.decision:
        out += ["## Clarification", ""]
        if decision is None:
            out += [f"`{rule.decision}` (not in the rules file)", ""]
        else:
            out += [f"[{inline(decision_title(decision))}]"
                    f"({link(src, paths.decision_uri(decision.id))})", "",
                    f"**Decision.** {inline(for_reader(decision.decision, data.glossary))}", ""]
    keys = [key for key, _ in data.by_rule.get(rule.slug, [])]
    out += ["## Scenarios", ""]
    if keys:
        out += ["The conformance scenarios that test this rule:", ""]
        out += [*scenario_links(data, src, keys), ""]
    else:
        out += [none, ""]
    return out


def decision_cell(src: str, rule: Rule, known: bool, paths: Paths) -> str:
    """A rules index's cell for the rule's clarification: linked when ``known``."""
    return (f"[{rule.decision}]({link(src, paths.decision_uri(rule.decision))})"
            if rule.decision and known else rule.decision or "")


def rules_index(data: SiteData) -> str:
    src = RULES_INDEX
    rows = []
    for rule in data.book.rules:
        scenarios = len(data.by_rule.get(rule.slug, []))
        decision = decision_cell(src, rule, bool(rule.decision and
                                                 _decision(data, rule.decision)), KOT)
        rows.append([rule.number, f"[{cell(rule.title)}]({link(src, rule_uri(rule.slug))})",
                     f"`{rule.slug}`", str(scenarios), decision])
    out = [*WIDE, f"# {TITLE}: rules", "",
           f"The {len(data.book.rules)} rules of King of Tokyo as kot-rules reads them, by "
           "number. Each rule has a stable slug (its page address, never changed) and a "
           "display number (may change), a statement in our words and the original phrase "
           "of the rulebook it comes from. The open points of the rulebooks are settled on "
           f"the [clarifications]({link(src, DECISIONS_INDEX)}) pages.", ""]
    out += table(["#", "Rule", "Slug", "Scenarios", "Clarification"], rows)
    out += note("spec/rules/king-of-tokyo.yaml")
    return "\n".join(out)


def _decision(data: SiteData, decision_id: str) -> Decision | None:
    for decision in data.book.decisions:
        if decision.id == decision_id:
            return decision
    return None


# -- clarifications -------------------------------------------------------------------


def _pinning(data: SiteData, decision: Decision) -> tuple[list[str], list[str]]:
    """(scenarios tagged with the decision or tagged ``decision`` on its rules, the other
    scenarios of its rules)."""
    rules = [r.slug for r in data.book.rules if r.decision == decision.id]
    pinned = {key for key, _ in data.by_rule.get(decision.id, [])}
    others: set[str] = set()
    for slug in rules:
        for key, _ in data.by_rule.get(slug, []):
            scenario = data.scenario(key)
            if scenario is not None and "decision" in scenario.tags:
                pinned.add(key)
            else:
                others.add(key)
    return sorted(pinned), sorted(others - pinned)


def decision_page(data: SiteData, decision: Decision) -> str:
    src = decision_uri(decision.id)
    out = [*boosted(DECISION_BOOST), f"# {decision_title(decision)}", "",
           f"{TITLE}, clarification **{decision.id}**. "
           f"[All {TITLE} clarifications]({link(src, DECISIONS_INDEX)}).", "",
           f"**Question.** {inline(for_reader(decision.question, data.glossary))}", "",
           f"**Decision.** {inline(for_reader(decision.decision, data.glossary))}", ""]
    out += ["## Seed passages", ""]
    if decision.seeds:
        out += ["The rulebook sentences the decision follows; it may not contradict them:", ""]
        out += table(["Rulebook", "Section", "Phrase", "English"],
                     [[cell(short_name(data.glossary, s.seed)), cell(s.section),
                       cell(f"„{s.phrase}”"), cell(s.english) or "—"]
                      for s in decision.seeds])
    else:
        out += ["None cited.", ""]
    out += alternatives(data.glossary, decision)
    out += ["## Ruleset option", ""]
    if decision.option:
        api = link(src, "api/reference.md", "kot_rules.Options")
        out += [f"`{decision.option}`: the ruleset option that selects another reading "
                f"(see `Options` in the [API reference]({api})).", ""]
    else:
        out += ["None: the engine always follows the decision.", ""]
    rules = [r for r in data.book.rules if r.decision == decision.id]
    out += ["## Rules it settles", ""]
    if rules:
        out += [f"- [{inline(rule_title(r))}]({link(src, rule_uri(r.slug))}) (`{r.slug}`)"
                for r in rules] + [""]
    else:
        out += ["It settles a point of the engine's model rather than one rule.", ""]
    out += pinning_sections(data, src, *_pinning(data, decision), none="None yet.")
    out += note("spec/rules/king-of-tokyo.yaml")
    return "\n".join(out)


def alternatives(glossary: Glossary, decision: Decision) -> list[str]:
    """A clarification page's table of the readings the decision turned down, each with
    its source (a note's file named by the note's name)."""
    out = ["## Alternatives", ""]
    if decision.alternatives:
        out += ["The other readings we considered, and where each comes from:", ""]
        out += table(["Reading", "Source"],
                     [[cell(for_reader(a.get("reading", ""), glossary)),
                       cell(for_reader(a.get("source", ""), glossary))]
                      for a in decision.alternatives])
    else:
        out += ["None: no other reading was considered.", ""]
    return out


def pinning_sections(data: Lookups, src: str, pinned: Sequence[str], others: Sequence[str],
                     none: str) -> list[str]:
    """A clarification page's scenarios: those that pin it (``none`` when there is none),
    then the other scenarios of the rules it settles."""
    out = ["## Scenarios that pin it", ""]
    out += [*scenario_links(data, src, pinned), ""] if pinned else [none, ""]
    if others:
        out += ["## Other scenarios of those rules", ""]
        out += [*scenario_links(data, src, others), ""]
    return out


def decisions_index(data: SiteData) -> str:
    src = DECISIONS_INDEX
    rows = []
    for d in data.book.decisions:
        rules = ", ".join(f"[{r.number}]({link(src, rule_uri(r.slug))})"
                          for r in data.book.rules if r.decision == d.id)
        pinned, _ = _pinning(data, d)
        rows.append([f"[{d.id}]({link(src, decision_uri(d.id))})", cell(d.question),
                     f"`{d.option}`" if d.option else "", rules, str(len(pinned))])
    out = [*WIDE, f"# {TITLE}: clarifications", "",
           "Where the rulebooks are silent, ambiguous or disagree, kot-rules decides, says "
           "why and names the alternatives. A ruleset option selects another reading where "
           "one is offered.", "",
           "The rule for every decision: **a decision may not contradict a sentence of the "
           "seed rulebooks.** Where a seed speaks, the engine follows it and the decision "
           "quotes it (file, section, phrase); a later or another reading is at most a "
           "ruleset option. Every decision cites at least one seed passage, and a test "
           "lists them.", ""]
    out += table(["Decision", "Question", "Option", "Rules", "Pinning scenarios"], rows)
    out += note("spec/rules/king-of-tokyo.yaml")
    return "\n".join(out)


# -- cards ----------------------------------------------------------------------------


def _names(info: CardInfo, language: str) -> str:
    return ", ".join(info.alias(language))


def card_scenarios(scenarios: Iterable[Scenario],
                   slug: str) -> list[tuple[Scenario, frozenset[CardUse]]]:
    """The scenarios that name the card ``slug``, each with how it names it."""
    return [(s, s.cards[slug]) for s in scenarios if slug in s.cards]


def scenario_tested(data: SiteData, slug: str) -> bool:
    return coverage.scenario_tested(data.scenarios, slug)


def proved(data: SiteData, slug: str) -> bool | None:
    """Every sentence of the card is proved; ``None`` when the proofs did not run."""
    return None if data.proved is None else data.proved.get(slug, False)


def _yes_no(flag: bool | None, yes: str = "yes", no: str = "no",
            unknown: str = "unknown") -> str:
    return unknown if flag is None else yes if flag else no


def sentence_counts(card: CardDef) -> dict[str, int]:
    """How many sentences of each kind the card has (kinds it lacks left out)."""
    kinds = {
        "effect": len(card.effects),
        "triggered ability": len(card.abilities),
        "lasting modifier": len(card.modifiers),
        "ability used at will": len(card.activated),
        "token supply": len(card.supplies),
        "token rule": len(card.token_rules) + len(card.empty_rules),
    }
    return {kind: n for kind, n in kinds.items() if n}


def describe_sentences(card: CardDef) -> str:
    """``3 (1 effect, 2 triggered abilities)``: every sentence the engine runs, by kind."""
    counts = sentence_counts(card)
    parts = [f"{n} {kind}" if n == 1 else f"{n} {_plural(kind)}" for kind, n in counts.items()]
    return f"{sum(counts.values())} ({', '.join(parts)})" if parts else "0"


def _plural(kind: str) -> str:
    return kind.replace("ability", "abilities") if "ability" in kind else kind + "s"


def card_page(data: SiteData, info: CardInfo) -> str:
    card = info.card
    src = card_uri(card.slug)
    polish, czech = _names(info, "pl"), _names(info, "cz")
    out = [*boosted(CARD_BOOST), f"# {card.name}", "",
           f"{TITLE} Power card ({card.kind.value}). "
           f"[All {TITLE} cards]({link(src, CARDS_INDEX)}).", ""]
    names = [f"Polish: **{inline(polish)}**" if polish else "",
             f"Czech: **{inline(czech)}**" if czech else ""]
    out += [" · ".join(n for n in names if n) or "No Polish or Czech name is known yet.", ""]
    plain = sorted({unaccented(n) for n in (polish, czech) if n} - {polish, czech})
    if plain:
        out += [f"Typed without accents: {inline(' · '.join(plain))}", ""]
    out += ["The card's text, exactly as the engine reads it"
            + ("" if info.rendered else " (from its card file; the canonical renderer is "
               "not available)") + ":", ""]
    out += fenced(info.text)
    ids = ", ".join(f"`{i}`" for i in physical_ids(card.slug, card.copies))
    out += table(["Cost", "Type", "Copies", "Polish name", "Czech name", "Sentences"],
                 [[f"{card.cost} energy", card.kind.value, f"{card.copies} ({ids})",
                   cell(polish) or "—", cell(czech) or "—", describe_sentences(card)]])
    out += ["## Coverage", ""]
    out += table(["Check", "Status"], [
        ["parsed", "yes"],
        ["round-trips", _yes_no(info.round_trips, "yes (render, then parse, gives the same "
                                "card)", "**no**", "unknown (no renderer)")],
        ["scenario-tested", "yes" if scenario_tested(data, card.slug) else "no"],
        ["proved", _yes_no(proved(data, card.slug),
                           "yes (`kot-rules verify` proves that every sentence keeps every "
                           f"invariant: see [Invariants and proofs]({PROOFS}))",
                           "**no** (`kot-rules verify` does not prove every sentence: see "
                           f"[Invariants and proofs]({PROOFS}#not-proved))",
                           "unknown (`kot-rules verify` did not run: see [Invariants and "
                           f"proofs]({PROOFS}))")],
    ])
    out += ["## Rulings", ""]
    rulings = data.rulings.by_card.get(card.slug, ())
    if rulings:
        out += rulings_list(data.glossary, rulings)
    else:
        out += ["None recorded.", ""]
    out += card_scenarios_section(data.glossary, src, info,
                                  card_scenarios(data.scenarios, card.slug),
                                  lead=(), none="No scenario plays or names this card yet.")
    return "\n".join(out)


def rulings_list(glossary: Glossary, rulings: Iterable[Ruling]) -> list[str]:
    """A card page's rulings, each with its source (a note's file named as the note)."""
    return [f"- {inline(r.ruling)} *({inline(for_reader(r.source, glossary))})*"
            for r in rulings] + [""]


def card_scenarios_section(
    glossary: Glossary, src: str, info: CardInfo,
    uses: Sequence[tuple[Scenario, frozenset[CardUse]]], lead: Sequence[str], none: str,
) -> list[str]:
    """A card page's end, the same in every game's section: the scenarios that play or
    name the card (after ``lead``; ``none`` when there is none), those that only deal it,
    then its card file (the paths of its sources given as their names)."""
    shown = [(s, u) for s, u in uses if u - {CardUse.DEALT}]
    dealt = [s for s, u in uses if not u - {CardUse.DEALT}]
    out = ["## Scenarios", ""]
    if shown:
        out += [*lead]
        out += table(["Scenario", "How it names the card"],
                     [[f"[{cell(s.name)}]({link(src, scenario_uri(s.key))})",
                       ", ".join(use.value for use in CardUse if use in u)]
                      for s, u in shown])
    else:
        out += [none, ""]
    if dealt:
        out += [f"??? note \"Only in the shop or deck of {len(dealt)} more scenario(s)\"", ""]
        out += [f"    - [{inline(s.name)}]({link(src, scenario_uri(s.key))})" for s in dealt]
        out += [""]
    file_text = for_reader(info.source_text, glossary)
    out += [f"??? note \"Card file `{info.source_file}`"
            + (" (its sources named, not their files)" if file_text != info.source_text
               else "") + "\"", ""]
    out += indented(fenced(file_text))
    out += note(info.source_file)
    return out


def cards_index(data: SiteData) -> str:
    src = CARDS_INDEX
    rows = []
    for info in data.cards:
        card = info.card
        rows.append([f"[{cell(card.name)}]({link(src, card_uri(card.slug))})",
                     cell(_names(info, "pl")), cell(_names(info, "cz")), str(card.cost),
                     card.kind.value, str(card.copies), str(sum(sentence_counts(card).values())),
                     _yes_no(info.round_trips), _yes_no(scenario_tested(data, card.slug)),
                     _yes_no(proved(data, card.slug))])
    physical = sum(info.card.copies for info in data.cards)
    counts = coverage.summary(coverage.coverage(data.cards, data.scenarios, data.proved or {}))
    out = [*WIDE, f"# {TITLE}: cards", "",
           f"The {len(data.cards)} card titles ({physical} physical cards) of the first "
           "edition (2011), with their Polish and Czech names. Each page shows the card's "
           "text in the card language exactly as the engine parses it, its rulings and the "
           "scenarios that use it. *Round-trips*: rendering the card and parsing the text "
           "gives the same card. *Tested*: a scenario buys the card or starts with it in play. "
           "*Proved*: `kot-rules verify` proves that every sentence of the card keeps every "
           f"invariant ([Invariants and proofs]({link(src, 'invariants.md')})). The same "
           "table in a terminal: `kot-rules cards coverage`.", "",
           f"Of {counts['cards']} cards: {counts['round_trips']} round-trip, "
           f"{counts['scenario_tested']} scenario-tested, "
           + (f"{counts['proved']} proved." if data.proved is not None
              else "proofs not run."), ""]
    out += table(["Card", "Polish", "Czech", "Cost", "Type", "Copies", "Sentences",
                  "Round-trips", "Tested", "Proved"], rows)
    out += note("spec/cards/king-of-tokyo/*.kot")
    return "\n".join(out)


# -- scenarios ------------------------------------------------------------------------


def scenario_page(data: SiteData, scenario: Scenario) -> str:
    src = scenario_uri(scenario.key)
    rules = {r.slug: r for r in data.book.rules}
    items: list[str] = []
    for slug in scenario.rules:
        rule = rules.get(slug)
        items.append(f"[{inline(rule_title(rule))}]({link(src, rule_uri(slug))})" if rule
                     else f"`{slug}` (**not a rule slug**)")
    decisions = [f"[{d}]({link(src, decision_uri(d))})"
                 for d in scenario.decisions if _decision(data, d)]
    return scenario_markdown(data.glossary, scenario, f"{TITLE} conformance scenario",
                             SCENARIOS_INDEX,
                             f"All {TITLE} scenarios",
                             items, decisions, lambda slug: data.card(slug).card.name, KOT)


def scenario_markdown(glossary: Glossary, scenario: Scenario, what: str, index: str,
                      all_: str, rules: Sequence[str], decisions: Sequence[str],
                      card_name: Callable[[str], str], paths: Paths,
                      more: Sequence[str] = ()) -> str:
    """A scenario's page in any game's section: ``what`` it is, a link (``all_``) to the
    ``index`` of its game's scenarios, the ``rules`` and ``decisions`` it names (as links),
    the cards it plays, ``more`` lines, its source, description and file (the files of
    the sources it cites given as the sources' names)."""
    src = scenario_uri(scenario.key)
    out = [*boosted(SCENARIO_BOOST), f"# {inline(scenario.name)}", "",
           f"{what} `{scenario.path}`. [{all_}]({link(src, index)}).", ""]
    out += [f"**Rules:** {', '.join(rules) or 'none named'}", ""]
    if decisions:
        out += ["**Clarifications:** " + ", ".join(decisions), ""]
    if scenario.tags:
        out += ["**Tags:** " + ", ".join(f"`{t}`" for t in scenario.tags), ""]
    played = [slug for slug, uses in scenario.cards.items() if uses - {CardUse.DEALT}]
    if played:
        out += ["**Cards:** " + ", ".join(
            f"[{inline(card_name(slug))}]({link(src, paths.card_uri(slug))})"
            for slug in sorted(played)), ""]
    out += more
    if scenario.source:
        out += [f"**Source:** {inline(for_reader(scenario.source, glossary))}", ""]
    if scenario.description:
        out += [inline(for_reader(scenario.description, glossary)), ""]
    shown = for_reader(scenario.text, glossary)
    out += ["## The scenario file", ""]
    if shown != scenario.text:
        out += ["Its sources named, not their files:", ""]
    out += fenced(shown, "yaml")
    out += note(scenario.path)
    return "\n".join(out)


def _folder(scenario: Scenario) -> str:
    return posixpath.dirname(scenario.key).removeprefix("scenarios/")


def scenarios_index(data: SiteData) -> str:
    src = SCENARIOS_INDEX
    rules = {r.slug: r for r in data.book.rules}
    head = [f"# {TITLE}: scenarios", "",
            f"The {len(data.scenarios)} conformance scenarios of {TITLE}: each sets up a "
            "position, plays a script and states what must happen, to pin one rule (see the "
            f"[scenario format]({link(src, 'formats/scenario.md')})). "
            f"Run them with `kot-rules scenario run spec/scenarios/{GAME}`.", ""]
    return scenarios_markdown(data.scenarios, head, "Rule slugs that name no rule", rules.get,
                              KOT, _folder, f"spec/scenarios/{GAME}/")


def scenarios_markdown(scenarios: Sequence[Scenario], head: Sequence[str], unknown_title: str,
                       rule: Callable[[str], Rule | None], paths: Paths,
                       folder: Callable[[Scenario], str], source: str) -> str:
    """A game's scenarios index: ``head``, a warning (``unknown_title``) on the rule slugs
    that ``rule`` does not know, then a table per ``folder``; ``source``: their folder."""
    src = paths.index("scenarios")
    out = [*head]
    unknown = sorted({slug for s in scenarios for slug in s.rules if rule(slug) is None})
    if unknown:
        out += [f"!!! warning \"{unknown_title}\"", "",
                "    " + ", ".join(f"`{slug}`" for slug in unknown), ""]
    by_folder: dict[str, list[Scenario]] = defaultdict(list)
    for scenario in scenarios:
        by_folder[folder(scenario)].append(scenario)
    for name, listed in sorted(by_folder.items()):
        out += [f"## {name}", ""]
        rows = []
        for s in listed:
            named = ", ".join(
                f"[{found.number}]({link(src, paths.rule_uri(slug))})"
                if (found := rule(slug)) else f"`{slug}`" for slug in s.rules)
            rows.append([f"[{cell(s.name)}]({link(src, scenario_uri(s.key))})", named,
                         ", ".join(s.tags)])
        out += table(["Scenario", "Rules", "Tags"], rows)
    out += note(source)
    return "\n".join(out)


# -- glossary, schemas, CLI -----------------------------------------------------------

def glossary_page(data: SiteData) -> str:
    g = data.glossary
    out = ["# Glossary", "",
           "The words of the source rulebooks of the three games that the rules and scenarios "
           "quote. Every page shows their meaning as a tooltip: hover over a dotted word.", ""]
    out += ["## Source rulebooks", "",
            "The publishers' rulebooks the rules of the three games rest on. Rules cite them "
            "by id and section, e.g. *001 §TOKIO*; the project works from a text copy of "
            "each.", ""]
    out += table(["Id", "Game", "Language", "Title", "Publisher", "Edition",
                  "The project's copy"],
                 [[s.id, cell(s.game), LANGUAGES.get(s.language, s.language),
                   f"*{cell(s.title)}*" if s.title else "— (lost in the copy)",
                   cell(s.publisher) or "— (not named in the copy)", cell(s.edition),
                   cell(s.copy)] for s in g.seeds])
    if g.notes:
        out += ["## The project's notes", "",
                "Where a rulebook is silent or its copy lost the text, some rules cite the "
                "project's own notes, gathered from public sources in English. They are "
                "reading notes, not a publication.", ""]
        out += table(["Id", "Name", "What they hold"],
                     [[f"`{n.id}`", cell(n.name), cell(n.about)] for n in g.notes])
    for code, language in LANGUAGES.items():
        terms = [t for t in g.terms if t.language == code]
        if terms:
            out += [f"## {language}", ""]
            out += table(["Term", "Meaning"],
                         [[f"**{cell(t.term)}**", cell(t.meaning)] for t in terms])
    out += note("spec/glossary.yaml")
    return "\n".join(out)


def abbreviations(data: SiteData) -> str:
    """The glossary as Markdown abbreviations (``*[term]: meaning``)."""
    out = [f"*[{s.id}]: Seed {s.id}: {inline(s.name(''))}" for s in data.glossary.seeds]
    out += [f"*[{n.id}]: {inline(n.name)} (notes, not a rulebook)" for n in data.glossary.notes]
    out += [f"*[{t.term}]: {inline(t.meaning)} ({LANGUAGES.get(t.language, t.language)})"
            for t in data.glossary.terms]
    return "\n".join(out) + "\n"


def schemas_page(data: SiteData) -> str:
    out = ["# JSON Schemas", "",
           "The JSON Schemas (draft 2020-12) of what the engine reads and writes. The "
           "[state format](state.md) page explains the fields; a test validates real "
           "engine output against every schema.", ""]
    for schema in data.schemas:
        out += [f"## {inline(schema.title)} {{#{schema.anchor}}}", "",
                f"`{schema.path}`", ""]
        if schema.description:
            out += [inline(schema.description), ""]
        out += fenced(schema.text, "json")
    out += note("spec/schemas/*.json")
    return "\n".join(out)


def cli_page(helps: Sequence[CommandHelp]) -> str:
    out = ["# Command-line reference", "",
           "The `kot-rules` command and every subcommand, with the text `--help` prints.", ""]
    for h in helps:
        out += [f"## `{h.prog}` {{#{h.anchor}}}", ""]
        if h.summary:
            out += [inline(h.summary[:1].upper() + h.summary[1:]) + ".", ""]
        out += fenced(h.text)
    out += note("the argument parser, kot_rules.surfaces.cli.build_parser()")
    return "\n".join(out)


# -- all pages and the navigation -----------------------------------------------------


def generate(data: SiteData, helps: Sequence[CommandHelp] | None = None) -> dict[str, str]:
    """Every generated page: ``src_uri`` -> Markdown (plus the abbreviations file)."""
    pages: dict[str, str] = {
        RULES_INDEX: rules_index(data),
        DECISIONS_INDEX: decisions_index(data),
        CARDS_INDEX: cards_index(data),
        SCENARIOS_INDEX: scenarios_index(data),
        GLOSSARY: glossary_page(data),
        SCHEMAS: schemas_page(data),
        CLI: cli_page(command_helps() if helps is None else helps),
    }
    pages.update(item_pages(data, KOT, rule_page, decision_page, card_page))
    pages.update({scenario_uri(s.key): scenario_page(data, s) for s in data.scenarios})
    return pages


class GameData(Protocol):
    """What :func:`item_pages` and :func:`item_nav` read of a game's data."""

    @property
    def book(self) -> Rulebook: ...

    @property
    def cards(self) -> tuple[CardInfo, ...]: ...

    @property
    def scenarios(self) -> tuple[Scenario, ...]: ...


D = TypeVar("D", bound=GameData)


def item_pages(data: D, paths: Paths, rule_page: Callable[[D, Rule], str],
               decision_page: Callable[[D, Decision], str],
               card_page: Callable[[D, CardInfo], str]) -> dict[str, str]:
    """A game's rule, clarification and card pages: ``src_uri`` -> Markdown."""
    pages = {paths.rule_uri(r.slug): rule_page(data, r) for r in data.book.rules}
    pages.update({paths.decision_uri(d.id): decision_page(data, d) for d in data.book.decisions})
    pages.update({paths.card_uri(c.slug): card_page(data, c) for c in data.cards})
    return pages


def nav_sections(data: SiteData) -> dict[str, list[Any]]:
    """Section index page -> the generated pages listed under it in the navigation."""
    return item_nav(data, KOT, _folder)


def item_nav(data: GameData, paths: Paths, folder: Callable[[Scenario], str],
             more: Mapping[str, list[Any]] | None = None) -> dict[str, list[Any]]:
    """A game's index pages -> the pages listed under each in the navigation (``more``
    between its cards and its scenarios), its scenarios grouped by ``folder``."""
    scenarios: dict[str, list[str]] = defaultdict(list)
    for s in data.scenarios:
        scenarios[folder(s)].append(scenario_uri(s.key))
    return {
        paths.index("rules"): [paths.rule_uri(r.slug) for r in data.book.rules],
        paths.index("clarifications"): [{d.id: paths.decision_uri(d.id)}
                                        for d in data.book.decisions],
        paths.index("cards"): [paths.card_uri(c.slug) for c in data.cards],
        **(more or {}),
        paths.index("scenarios"): [{name: uris} for name, uris in sorted(scenarios.items())],
    }
