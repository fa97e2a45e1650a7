"""King of New York's section of the site, generated from ``spec/`` like Duel's.

Everything comes from New York's files: the rules and decisions
(``spec/rules/king-of-new-york.yaml``), the cards (every ``.kot`` file of
``spec/cards/king-of-new-york/``, so a new card file gets its page by itself), the board
(``spec/games/king-of-new-york-board.yaml``: boroughs, Manhattan's zones, the 45 tiles), the
numbers (``spec/games/king-of-new-york.yaml``), the scenarios
(``spec/scenarios/king-of-new-york/``), the invariants the engine's states are checked
against (:mod:`kot_rules.games.king_of_new_york.concrete`) and, once the game definition names a Z3
model, its proof report. Until then the invariants page says plainly that nothing of New
York is proved. The pages live under ``newyork/``; the scenario pages keep their place
beside the other games' (``scenarios/king-of-new-york/...``).
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kot_rules.language.ast import CardDef, strip_positions
from kot_rules.language.checker import physical_ids
from kot_rules.language.parser import parse_cards
from kot_rules.paths import spec_dir
from kot_rules.rulebook import (
    Decision,
    Rule,
)
from kot_rules.site import proof_report, sections
from kot_rules.site.family import GameColumn, GameSite
from kot_rules.site.model import CardInfo, Scenario, SiteData, _load_yaml, card_info
from kot_rules.site.pages import (
    RULE_BOOST,
    cell,
    indented,
    inline,
    link,
    note,
    sentence_counts,
    table,
)
from kot_rules.site.proofs import game_report
from kot_rules.site.sections import FACT_SHEET, Section, SectionData
from kot_rules.site.sources import sources_section
from kot_rules.sources import Glossary, cited

KONY = "king-of-new-york"
"""The game id of King of New York."""
TITLE = "King of New York"

SEED = "003"
"""The seed id of the Polish King of New York rulebook."""

SECTION = Section(folder="newyork", game=KONY, title=TITLE, short="New York", seed=SEED,
                  sheet_part="A", decisions="D-KONY")
"""New York's section: its pages live under ``newyork/``."""

HOME, BOARD = SECTION.page("index.md"), SECTION.page("board.md")
INVARIANTS = SECTION.page("invariants.md")
RULES_INDEX, DECISIONS_INDEX = SECTION.index("rules"), SECTION.index("clarifications")
CARDS_INDEX, SCENARIOS_INDEX = SECTION.index("cards"), SECTION.index("scenarios")

RULES_FILE, GAME_FILE = SECTION.spec("rules"), SECTION.spec("games")
BOARD_FILE = SECTION.spec("games", "-board.yaml")
CARDS_FOLDER, SCENARIOS_FOLDER = SECTION.spec("cards", "/"), SECTION.spec("scenarios", "/")

rule_uri, decision_uri, card_uri = SECTION.rule_uri, SECTION.decision_uri, SECTION.card_uri
source_mark, cited_decisions = SECTION.source_mark, SECTION.cited_decisions


def file_page(parts: Sequence[str]) -> tuple[str, str] | None:
    """The page that shows New York's file ``spec/...`` (``parts``: its path, split): one in
    a folder ``king-of-new-york`` or named ``king-of-new-york*``; None for another."""
    if KONY in parts[2:3] or parts[-1].startswith(KONY):
        return SECTION.file_page(parts)
    return None


pinning = sections.pinning

NOT_PROVED = ("New York's proofs are not written yet: no Z3 model of its rules exists, so "
              "nothing on these pages is proved.")
"""What every page says where a proof status would stand, while there is no Z3 model."""
NOT_RUN = ("New York's proofs did not run for this build (`kot-rules verify --game "
           f"{KONY}` runs them), so this page claims no proof.")
"""What the pages say when the Z3 model exists but its report is missing."""


# -- data -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ConcreteInvariant:
    """An invariant the engine's New York states are checked against (not a proof)."""

    id: str
    statement: str


def concrete_invariants() -> tuple[ConcreteInvariant, ...]:
    """The invariants checked on the engine's states (each one's plain check in
    :mod:`kot_rules.games.king_of_new_york.concrete`), each with its statement in
    :mod:`kot_rules.games.king_of_new_york.invariants` (the one place they are written)."""
    from kot_rules.games.king_of_new_york.invariants import INVARIANTS

    return tuple(ConcreteInvariant(inv.id, inv.statement) for inv in INVARIANTS)


@dataclass(frozen=True, kw_only=True)
class NewYorkData(SectionData):
    special: frozenset[str]
    """The slugs of the special cards (never in the deck)."""
    unrunnable: Mapping[str, str]
    """card slug -> the first word it says that the engine cannot run yet."""
    board: Mapping[str, Any]
    """``spec/games/king-of-new-york-board.yaml`` as read."""
    invariants: tuple[ConcreteInvariant, ...] = ()
    model: str = ""
    """The module of New York's Z3 model, as its game definition names it ("" for none)."""


def _unrunnable(card_set: Any) -> dict[str, str]:
    """card slug -> the first word it says that the engine cannot run yet."""
    from kot_rules.engine.cards import CardTable

    table_ = CardTable.from_card_set(card_set)
    out: dict[str, str] = {}
    for card in card_set.cards:
        for card_id in physical_ids(card.slug, card.copies):
            if card_id in table_.unrunnable:
                out[card.slug] = table_.unrunnable[card_id]
                break
    return out


def newyork_card_info(card: CardDef, render: Any) -> CardInfo:
    """:func:`~kot_rules.site.model.card_info` with the round trip parsed as a New York card
    (the shared one parses King of Tokyo's dialect, which refuses New York's own words)."""
    info = card_info(card, render)
    if not info.rendered:
        return info
    parsed, problems = parse_cards(info.text, "<rendered>", KONY)
    same = (len(parsed) == 1 and not any(p.is_error for p in problems)
            and strip_positions(parsed[0]) == strip_positions(card))
    return replace(info, round_trips=same)


def load_board(path: Path | None = None) -> dict[str, Any]:
    """The board file as a mapping."""
    path = path or spec_dir() / "games" / f"{KONY}-board.yaml"
    data = _load_yaml(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping at the top")
    return data


def load_newyork_data(glossary: Glossary, proofs: Mapping[str, Any] | None = None,
                      king_of_tokyo: Iterable[CardDef] | None = None) -> NewYorkData:
    """Everything New York's section shows, read afresh; ``king_of_tokyo``: King of Tokyo's
    cards (default: its built-in set), whose titles New York's cards may share."""
    from kot_rules.engine.cards import is_special

    card_set, common = sections.read_section(SECTION, glossary, proofs, king_of_tokyo,
                                             newyork_card_info)
    return NewYorkData(
        **common,
        special=frozenset(c.slug for c in card_set.cards if is_special(c)),
        unrunnable=_unrunnable(card_set),
        board=load_board(),
        invariants=concrete_invariants(),
        model=symbolic_model(),
    )


# -- proofs ---------------------------------------------------------------------------

CACHE = Path("build") / "newyork-verify-cache.json"


def symbolic_model() -> str:
    """The module of New York's Z3 model, as its game definition names it ("" for none)."""
    from kot_rules import games

    return games.get(KONY).symbolic_model


def newyork_proofs(root: Path) -> dict[str, Any] | None:
    """New York's ``verify`` report as JSON (cached in ``build/newyork-verify-cache.json``
    under a hash of what it depends on); ``None`` while the game has no Z3 model."""
    name = symbolic_model()
    if not name:
        return None
    return game_report(KONY, root / CACHE, SECTION.proof_key(root, root / BOARD_FILE))


def card_proofs(data: NewYorkData, card: CardDef) -> bool | None:
    """Whether the report proves every step the card's sentences bring (the ``cards`` of its
    results): ``None`` when there is no report or it holds no step of the card."""
    if data.proofs is None:
        return None
    steps = [r for r in data.proofs.get("results", ()) if card.slug in r.get("cards", ())]
    return all(r.get("status") == "proved" for r in steps) if steps else None


def unproved(data: NewYorkData) -> str | None:
    """Why the pages claim no proof (no Z3 model, or its report missing); ``None`` when the
    report is there."""
    if data.proofs is not None:
        return None
    return NOT_PROVED if not data.model else NOT_RUN


# -- shared pieces --------------------------------------------------------------------


def _rule_ref(data: NewYorkData, src: str, slug: str) -> str:
    return sections.rule_ref(SECTION, data, src, slug)


def _decision_ref(data: NewYorkData, src: str, decision_id: str) -> str:
    return sections.decision_ref(SECTION, data, src, decision_id)


def _board_source(ref: object) -> str:
    """One source reference of the board file (or a list of them) as a short citation."""
    if isinstance(ref, list):
        return "; ".join(_board_source(r) for r in ref)
    if not isinstance(ref, dict):
        return ""
    if "sheet" in ref:
        letter = str(ref.get("confidence", ""))
        return f"fact sheet {ref.get('part', '')}" + (f" [{letter}]" if letter else "")
    return f"seed {ref.get('seed', '')} §{ref.get('section', '')}"


def not_proved_box(why: str) -> list[str]:
    """The warning a page shows where a proof status would stand, with no proof report."""
    return ["!!! warning \"Not proved\"", "", *indented([why]), ""]


# -- home -----------------------------------------------------------------------------


def tile_count(data: NewYorkData) -> int:
    """How many building/unit tiles the board file's rows hold."""
    return sum(int(row["count"]) for row in data.board.get("tiles", []))


def about(data: NewYorkData) -> str:
    """What the game is, in a few sentences (its home page's and the site's home page's)."""
    board = data.board
    zones = board.get("manhattan", {}).get("zones", [])
    return (f"{TITLE} is the city game of the family, for {sections.players(data.numbers)} "
            f"(the Polish rulebook, seed {SEED}, sends the monsters to *Nowy Jork*): they "
            f"roam {len(board.get('boroughs', []))} boroughs, climb Manhattan's {len(zones)} "
            "zones, knock down buildings that turn into military units, and are shot at by "
            "those units when the dice show ouch faces. The first to "
            f"{data.numbers['win-stars']} stars, or the last one standing, wins.")


def runs_line(data: NewYorkData) -> str:
    """The home page's line on what the engine runs, counted from the cards and what the
    interpreter cannot run of them."""
    power = [c.slug for c in data.cards if c.slug not in data.special]
    stuck = [slug for slug in power if slug in data.unrunnable]
    if not stuck:
        return (f"- The engine plays the whole rule kernel and all {len(power)} Power cards, "
                "each from its text in the card language.")
    others = ("The other one says a word" if len(stuck) == 1
              else f"The other {len(stuck)} say a word")
    return (f"- The engine plays the whole rule kernel; of the {len(power)} Power cards it "
            f"runs {len(power) - len(stuck)}. {others} the interpreter cannot run yet: "
            "never offered for sale, and the card page names the word.")


def home_page(data: NewYorkData) -> str:
    src = HOME
    polish = sum(1 for c in data.cards if c.alias("pl"))
    power = sum(1 for c in data.cards if c.slug not in data.special)
    out = [f"# {TITLE}", "",
           f"{about(data)} kot-rules plays it as the game `{KONY}` "
           f"(`kot-rules play --game {KONY}`).", "",
           "Every page of this section is generated from `spec/` at build time, as King of "
           "Tokyo's and Duel's are:", ""]
    out += table(["Page", "What it shows", "From"], [
        *sections.home_rows(SECTION, data, src, "silent, damaged or at odds with itself"),
        [f"[Cards]({link(src, CARDS_INDEX)})",
         f"{len(data.cards)} cards ({power} Power cards and {len(data.special)} special "
         "cards) as the engine reads them", f"`{CARDS_FOLDER}*.kot`"],
        [f"[The board]({link(src, BOARD)})",
         f"the boroughs, Manhattan's zones, the {tile_count(data)} building/unit tiles, the "
         "monsters and every number", f"`{BOARD_FILE}`, `{GAME_FILE}`"],
        [f"[Scenarios]({link(src, SCENARIOS_INDEX)})",
         f"{len(data.scenarios)} conformance scenarios", f"`{SCENARIOS_FOLDER}`"],
        [f"[Invariants and proofs]({link(src, INVARIANTS)})",
         "what every state of a game keeps, and what of it is proved",
         "`kot_rules/games/king_of_new_york/concrete.py`"],
    ])
    out += ["## What is done and what is not", "",
            runs_line(data),
            f"- {polish} of the {len(data.cards)} cards have a Polish name: the ones the "
            f"Polish rulebook (seed {SEED}) names. The others have none on this site.",
            proofs_line(data, src), ""]
    out += sources_section(data.glossary, cited(data.book), {
        SEED: "the authority. The project's copy is an OCR copy: its icons became stray "
        "letters (a smash face may read \"B\", a star \"%\") and the tile pictures are lost. "
        "Every rule quotes its Polish phrase as the OCR gives it, with our English "
        "translation beside it.",
        FACT_SHEET: "Part A, from public sources, each point with a confidence mark: "
        "C = confirmed, L = likely, U = unconfirmed. It supplies what the OCR lost (the card "
        f"texts, the tile values); where seed {SEED} and the fact sheet disagree, seed "
        f"{SEED} wins and a clarification says so."})
    out += note(f"{RULES_FILE}, {BOARD_FILE}, {CARDS_FOLDER}")
    return "\n".join(out)


def proofs_line(data: NewYorkData, src: str) -> str:
    """The home page's line on the proofs, saying no more than the report holds."""
    page = f"[Invariants and proofs]({link(src, INVARIANTS)})"
    why = unproved(data)
    if why is not None:
        return f"- **{why}** ({page})."
    report = data.proofs or {}
    results = list(report.get("results", ()))
    failed = sum(1 for r in results if r.get("status") != "proved")
    cards = sum(1 for c in data.cards if card_proofs(data, c.card))
    if failed:
        return (f"- **Not everything is proved**: {failed} of {len(results)} Z3 queries are "
                f"not proved ({page}).")
    return (f"- Every invariant is proved with Z3 for every kernel step and every card "
            f"sentence: {len(results)} queries, all proved; {cards} of the "
            f"{len(data.cards)} cards proved sentence by sentence ({page}).")


# -- rules and clarifications ---------------------------------------------------------


def _fact_sheet_rule(rule: Rule) -> bool:
    """The statement says part of the rule rests on the fact sheet."""
    return "fact sheet" in rule.statement


def rule_page(data: NewYorkData, rule: Rule) -> str:
    box = (["!!! warning \"Partly from the fact sheet\"", "",
            *indented(["Where the statement says \"fact sheet\", seed 003 lost the point in its "
                       "OCR or does not say it: the fact sheet fills the gap."]), ""]
           if _fact_sheet_rule(rule) else [])
    return sections.rule_page(SECTION, data, rule, box, "No scenario tests this rule yet.")


def rules_index(data: NewYorkData) -> str:
    untested = sum(1 for r in data.book.rules if not data.by_rule.get(r.slug))
    return sections.rules_index(SECTION, data,
                                after=f" {untested} of the rules have no scenario yet.")


def decision_page(data: NewYorkData, decision: Decision) -> str:
    return sections.decision_page(
        SECTION, data, decision,
        ["The rulebook sentences the decision follows; it may not contradict them:", ""],
        "The passages of the rules it settles; the decision may not contradict them:",
        "No scenario is tagged with this decision.")


def decisions_index(data: NewYorkData) -> str:
    return sections.decisions_index(
        SECTION, data,
        "Where the Polish rulebook (seed 003) is silent, where its OCR lost the text or "
        "where two of its passages disagree, kot-rules decides, says why and names the "
        "alternatives. A decision may not contradict a sentence of the seed; each page "
        "quotes the passages it rests on. *Pinning*: scenarios tagged with the decision; "
        "*other*: further scenarios of the rules it settles.", others=True)


# -- cards ----------------------------------------------------------------------------


def card_type(data: NewYorkData, card: CardDef) -> str:
    """``special`` for the two special cards, else the Power card's ``keep``/``discard``."""
    return "special" if card.slug in data.special else card.kind.value


def runs(data: NewYorkData, card: CardDef) -> str:
    """What the engine does with the card, in a phrase."""
    if card.slug in data.special:
        return "yes: the rule kernel hands it over and scores it"
    word = data.unrunnable.get(card.slug)
    if word is not None:
        return (f"**not yet**: it says the {word}, which the interpreter cannot run; the "
                "card is never offered for sale")
    return "yes"


def proof_status(data: NewYorkData, card: CardDef) -> str:
    """The card's proof status, never claiming more than the report holds."""
    why = unproved(data)
    if why is not None:
        return "**not proved**: " + why
    proved = card_proofs(data, card)
    page = link(card_uri(card.slug), INVARIANTS)
    if proved is None:
        return ("**not proved**: New York's proofs cover no sentence of this card "
                f"([Invariants and proofs]({page}))")
    return (f"proved: Z3 proves that every sentence of the card keeps every invariant "
            f"([Invariants and proofs]({page}))" if proved else
            f"**not proved**: a sentence of the card is not proved ([Invariants and proofs]"
            f"({page}#not-proved))")


def card_page(data: NewYorkData, info: CardInfo) -> str:
    card = info.card
    src = card_uri(card.slug)
    mark = data.marks[card.slug]
    polish = ", ".join(info.alias("pl"))
    kind = card_type(data, card)
    what = ("special card: it is never in the deck, a rule of the game hands it to a monster"
            if kind == "special" else f"Power card ({kind})")
    out = sections.card_head(SECTION, card, what)
    out += [f"Polish: **{inline(polish)}** (as seed 003 names it)" if polish else
            "Polish: no Polish name is known (seed 003 names only some of the cards).", ""]
    out += sections.card_names(SECTION, data, src, card, polish)
    out += sections.card_source(SECTION, data, mark, "note",
                                "The card's text comes from the fact sheet: the "
                                "Polish rulebook prints no card texts"
                                + ("; the rules that hand the card over are seed 003's. "
                                   if kind == "special" else ". "))
    out += sections.card_text(info)
    out += sections.card_facts(card, f"{card.cost} energy" if kind != "special"
                               else "— (not bought)", kind, polish, mark)
    out += ["## Status", ""]
    out += table(["Check", "Status"], [
        ["parsed", "yes"],
        ["round-trips", "unknown (no renderer)" if info.round_trips is None else
         "yes (render, then parse, gives the same card)" if info.round_trips else "**no**"],
        ["the engine runs it", runs(data, card)],
        ["scenario-tested", "yes" if sections.tested(data, card.slug) else "no"],
        ["proved", proof_status(data, card)],
    ])
    cited = cited_decisions(info.source_text)
    if cited:
        out += ["## Clarifications", "", "The decisions the card file's comments cite:", ""]
        out += [f"- {_decision_ref(data, src, d)}" for d in cited] + [""]
    out += sections.card_end(data, src, info, "**No scenario plays or names this card yet.**")
    return "\n".join(out)


def cards_index(data: NewYorkData) -> str:
    src = CARDS_INDEX
    rows = []
    for info in data.cards:
        card = info.card
        rows.append([f"[{cell(card.name)}]({link(src, card_uri(card.slug))})",
                     cell(", ".join(info.alias("pl"))) or "—",
                     "—" if card.slug in data.special else str(card.cost),
                     card_type(data, card), str(sum(sentence_counts(card).values())),
                     "not yet" if card.slug in data.unrunnable else "yes",
                     "yes" if sections.tested(data, card.slug) else "no",
                     "no" if card_proofs(data, card) is not True else "yes"])
    power = [c for c in data.cards if c.slug not in data.special]
    kinds = Counter(c.card.kind.value for c in power)
    why = unproved(data)
    return sections.index_page(
        SECTION, "cards",
        f"The {len(data.cards)} cards of the box, one per card file of `{CARDS_FOLDER}`: "
        f"{len(power)} Power cards ({kinds['keep']} keep, {kinds['discard']} discard) and "
        f"{len(data.special)} special cards that never enter the deck. Each page shows the "
        "card's text in the card language exactly as the engine parses it, its source, "
        "its Polish name where seed 003 gives one, the scenarios that test it and its "
        "proof status. *Runs*: the engine can play the card (a card it cannot is never "
        "offered for sale). *Tested*: a scenario buys the card or starts with it in "
        "play. *Proved*: the Z3 proofs cover every sentence of the card.",
        ["Card", "Polish", "Cost", "Type", "Sentences", "Runs", "Tested", "Proved"], rows,
        f"{CARDS_FOLDER}*.kot", boxes=not_proved_box(why) if why is not None else ())


# -- the board ------------------------------------------------------------------------


_SINGULAR = {"stars": "star", "hearts": "heart"}


def _reward(reward: object) -> str:
    """``{stars: 1, energy: 2}`` as ``1 star, 2 energy``."""
    if not isinstance(reward, dict):
        return str(reward)
    return ", ".join(f"{amount} {_SINGULAR.get(str(kind), kind) if amount == 1 else kind}"
                     for kind, amount in reward.items())


def tile_ids(row: Mapping[str, Any]) -> tuple[str, ...]:
    """The engine's ids of the tiles of one row of the board file (``high-rise-1-1``...)."""
    return tuple(f"{row['building']}-{row['durability']}-{k}"
                 for k in range(1, int(row["count"]) + 1))


def _id_span(ids: Sequence[str]) -> str:
    return f"`{ids[0]}`" if len(ids) == 1 else f"`{ids[0]}` … `{ids[-1]}`"


def example_layout(seed: int = 1) -> list[tuple[str, tuple[tuple[str, ...], ...]]]:
    """The stacks of each borough as the engine lays them out with the shuffle ``seed``."""
    from kot_rules.games.king_of_new_york.board import BOROUGHS, laid_out

    board = laid_out(4, seed)
    return [(b, board.stacks_of(b)) for b in BOROUGHS]


def board_page(data: NewYorkData) -> str:
    src = BOARD
    board = data.board

    def ref(slug: str) -> str:
        return _rule_ref(data, src, slug)

    names = {str(b["id"]): str(b["name"]) for b in board.get("boroughs", [])}
    out = ["---", "hide:", "  - toc", "search:", f"  boost: {RULE_BOOST}", "---", "",
           f"# {TITLE}: the board", "",
           f"The board is New York in {len(board.get('boroughs', []))} boroughs, Manhattan "
           f"split into {len(board.get('manhattan', {}).get('zones', []))} zones "
           f"({ref('kony.setup.boroughs')}). Everything below is read from `{BOARD_FILE}`, "
           "each fact with its source: seed 003 where its text survives, the fact sheet "
           "(with its confidence mark) where the OCR lost the pictures.", ""]
    out += ["## Boroughs", ""]
    rows = []
    for b in board.get("boroughs", []):
        capacity = b.get("capacity")
        cap = (", ".join(f"{v} with {k} monsters" for k, v in capacity.items())
               if isinstance(capacity, dict) else f"{capacity} monsters")
        rows.append([cell(str(b["name"])), cell(str(b.get("polish") or "—")), cap,
                     ", ".join(str(z) for z in b.get("zones", [])) or "—"])
    out += table(["Borough", "Polish", "Holds at most", "Zones"], rows)
    out += [f"Capacity: {ref('kony.borough.capacity')}.", ""]
    manhattan = board.get("manhattan", {})
    out += ["## Manhattan's zones", "",
            "A monster enters Manhattan in Lower Manhattan and climbs one zone a turn; at "
            "the start of its turn it takes the reward of the zone it stands in "
            f"({ref('kony.manhattan.zone-rewards')}).", ""]
    out += table(["Zone", "Polish", "Reward at the start of the turn", "Next"],
                 [[cell(str(z["name"])), cell(str(z.get("polish") or "—")),
                   _reward(z.get("reward")), cell(str(z.get("next") or "— (top)"))]
                  for z in manhattan.get("zones", [])])
    out += ["## Buildings", "",
            "A tile shows a building on its front; destroying it gives its reward, in the "
            "building's resource, and flips it to the unit on its back "
            f"({ref('kony.setup.tiles-described')}, {ref('kony.setup.tile-backs')}).", ""]
    out += table(["Building", "Polish", "Reward in", "Source"],
                 [[cell(str(b["name"])),
                   cell(str(b["polish"])) if b.get("polish") else "— (seed 003 never names it)",
                   str(b["reward_kind"]), cell(_board_source(b.get("sources")))]
                  for b in board.get("buildings", [])])
    out += ["## Units", "",
            "A destroyed building turns into a military unit, tougher than the building "
            "was; a unit shoots the monsters when the dice show ouch faces.", ""]
    rows = []
    for u in board.get("units", []):
        sources = u.get("sources", {})
        rows.append([cell(str(u["name"])), cell(str(u.get("polish") or "—")),
                     str(u["from_building_durability"]), str(u["durability"]),
                     _reward(u.get("reward")),
                     cell(_board_source(sources.get("durability"))),
                     cell(_board_source(sources.get("reward")))])
    out += table(["Unit", "Polish", "Behind a building of durability", "Durability",
                  "Reward", "Durability from", "Reward from"], rows)
    out += [f"## The {tile_count(data)} tiles", "",
            "Every kind of tile, with how many the box holds and the ids the engine gives "
            "them (in state JSON and game records). Durability is the number of destruction "
            "faces needed to destroy it.", ""]
    units = {str(u["id"]): u for u in board.get("units", [])}
    rows = []
    for row in board.get("tiles", []):
        unit = units.get(str(row["unit"]), {})
        rows.append([cell(str(row["building"])), str(row["durability"]),
                     _reward(row.get("reward")), cell(str(unit.get("name", row["unit"]))),
                     str(unit.get("durability", "?")), _reward(unit.get("reward")),
                     str(row["count"]), _id_span(tile_ids(row))])
    out += table(["Building", "Durability", "Reward", "Unit behind", "Unit durability",
                  "Unit reward", "Tiles", "Engine ids"], rows)
    totals = board.get("totals", {})
    sources = board.get("tiles_sources", {})
    out += [f"Total: {totals.get('tiles', '?')} tiles; behind them "
            + ", ".join(f"{n} {k}" for k, n in (totals.get("units") or {}).items())
            + f". The counts come from the {_board_source(sources.get('counts'))}; seed 003 "
            "gives the total only. How the tile data was settled: "
            f"{_decision_ref(data, src, 'D-KONY-TILE-DATA')}.", ""]
    layout = board.get("layout", {})
    per_stack = int(layout.get("tiles_per_stack", 3))
    stacks = int(layout.get("stacks_per_borough", 3))
    boroughs = [str(b) for b in layout.get("boroughs", [])]
    per_borough = per_stack * stacks
    total = sum(int(r["count"]) for r in board.get("tiles", [])) or 1
    out += ["## The mix per borough", "",
            f"At set-up the {total} tiles are shuffled together and stacked "
            f"{per_stack} to a stack, building side up; each of the {len(boroughs)} "
            f"boroughs, Manhattan included, gets {stacks} stacks, so {per_borough} tiles "
            f"({ref('kony.setup.tiles')}, {ref('kony.setup.tile-shuffle')}). Only the top "
            "tile of a stack is visible. Which kinds a borough gets is left to the "
            "shuffle: no borough has a fixed mix. On average a borough gets:", ""]
    out += table(["Building", "Durability", "Tiles in the box",
                  f"Expected in a borough of {per_borough}"],
                 [[cell(str(r["building"])), str(r["durability"]), str(r["count"]),
                   f"{int(r['count']) * per_borough / total:.1f}"]
                  for r in board.get("tiles", [])])
    stacks_decision = _decision_ref(data, src, "D-KONY-MANHATTAN-STACKS")
    out += [f"In Manhattan the {stacks} stacks lie one in each zone, but a monster anywhere in "
            f"Manhattan may destroy any of them ({stacks_decision}).",
            "", "An example: the board the engine lays out with shuffle seed 1 (top tile "
            "first in each stack):", ""]
    out += table(["Borough", *(f"Stack {i}" for i in range(1, stacks + 1))],
                 [[cell(names.get(b, b)), *(" · ".join(f"`{t}`" for t in st) for st in sts)]
                  for b, sts in example_layout()])
    out += ["## The monsters", "",
            f"The {len(board.get('monsters', []))} monsters of the box, in the order seats "
            "take them when a game names none. They have no powers of their own; they "
            "differ only by name "
            f"({_board_source(board.get('monsters_source'))}).", ""]
    out += [", ".join(f"**{inline(str(m))}**" for m in board.get("monsters", [])), ""]
    out += sections.every_number(SECTION, data, src, f" (`{GAME_FILE}`):")
    out += note(f"{BOARD_FILE}, {GAME_FILE}")
    return "\n".join(out)


# -- scenarios ------------------------------------------------------------------------


def scenario_page(data: NewYorkData, scenario: Scenario) -> str:
    return sections.scenario_page(SECTION, data, scenario, unknown_decisions=True)


# -- invariants -----------------------------------------------------------------------


def kernel_steps(model: str) -> list[tuple[str, tuple[str, ...]]]:
    """(name, rules) of each kernel step the Z3 model proves, if it lists them."""
    if not model:
        return []
    module = importlib.import_module(model)
    return [(str(t.name), tuple(str(r) for r in getattr(t, "rules", ())))
            for t in getattr(module, "TRANSITIONS", ())]


def invariants_page(data: NewYorkData) -> str:
    src = INVARIANTS
    results = data.proofs
    out = [f"# {TITLE}: invariants and proofs", "",
           "*Generated at build time from the report of New York's Z3 prover (`kot-rules "
           f"verify --game {KONY} --json`: `kot_rules/games/king_of_new_york/`) and the engine's "
           "state checks (`kot_rules/games/king_of_new_york/concrete.py`); edit those, not "
           "this page.*",
           ""]
    why = unproved(data)
    if why is not None or results is None:
        out += ["## Proofs", "", "!!! warning \"Nothing of New York is proved here\"", "",
                *indented([(why or NOT_RUN) + " No invariant and no card of New York is "
                           "shown as proved on these pages."]), ""]
    else:
        rows_ = list(results.get("results", ()))
        kernel = {r.get("transition") for r in rows_ if r.get("kind") == "kernel"}
        sentences = {(r.get("kind"), r.get("transition")) for r in rows_
                     if r.get("kind") != "kernel"}
        out += ["## Proofs", "",
                "Each invariant is stated once over Z3 terms and **proved** for New York's "
                f"rule kernel ({len(kernel)} steps, the set-up included) and for every "
                f"distinct sentence of its {len(data.cards)} cards ({len(sentences)} "
                "sentences): one Z3 query per step and invariant assumes every invariant "
                "before the step and asks for a state after it that breaks the invariant; "
                "*unsat* means proved.",
                "", f"Result: **{proof_report.verdict(results)}** ({len(rows_)} queries, "
                f"{float(results.get('seconds', 0.0)):.1f} s).", ""]
        statements = {str(i.get("id")): i for i in results.get("invariants", ())}
        counts: Mapping[str, Mapping[str, int]] = results.get("counts", {})

        def ref(slug: str) -> str:
            return _rule_ref(data, src, slug)

        out += proof_report.invariants_table(
            ((inv_id, str(statements.get(inv_id, {}).get("statement", "")),
              [str(r) for r in statements.get(inv_id, {}).get("rules", ())])
             for inv_id in counts), counts, ref)
        steps = kernel_steps(data.model)
        if steps:
            out += proof_report.kernel_steps(steps, ref, all_proved=bool(results.get("ok")))
        canaries = results.get("canaries", ())
        if canaries:
            out += proof_report.canaries(canaries)
        out += proof_report.not_proved(rows_, with_cards=True)
    proved_ids = set(results.get("counts", {})) if results is not None else set()
    out += ["## Checked on the engine's states", "",
            "The soak (`kot_rules/verify/soak.py`) plays seeded New York games with random "
            "decisions and dice and runs these checks of "
            "`kot_rules/games/king_of_new_york/concrete.py` "
            "on the state after every step. A check finds a broken state when a game "
            "reaches one; it cannot show that no game ever does: that is what the proofs "
            "above are for.", ""]
    out += table(["Check", "What every state keeps", "Also a Z3 invariant"],
                 [[f"`{inv.id}`", cell(inv.statement),
                   "yes (same id)" if inv.id in proved_ids else "no"]
                  for inv in data.invariants])
    return "\n".join(out)


# -- all pages and the navigation -----------------------------------------------------


def generate(data: NewYorkData) -> dict[str, str]:
    """Every page of New York's section: ``src_uri`` -> Markdown."""
    return sections.generate(
        SECTION, data, home=home_page, rules=rules_index, clarifications=decisions_index,
        cards=cards_index, board=board_page, invariants=invariants_page, rule=rule_page,
        decision=decision_page, card=card_page, scenario=scenario_page)


def nav_sections(data: NewYorkData) -> dict[str, list[Any]]:
    """Section index page -> the generated pages listed under it in the navigation."""
    return sections.nav(SECTION, data)


def column(data: NewYorkData) -> GameColumn:
    """New York on the site's home page."""
    special = len(data.special)
    return GameColumn(TITLE, KONY, HOME, about(data), data.numbers, data.book, SECTION,
                      f"{len(data.cards) - special} Power cards and {special} special cards",
                      len(data.scenarios), BOARD, INVARIANTS)


def section(data: SiteData, root: Path) -> GameSite:
    """New York's section of the site, its proofs read from ``root``'s cache or run
    (``data``: the site's, whose cards New York's may share)."""
    own = load_newyork_data(data.glossary, newyork_proofs(root),
                            (info.card for info in data.cards))
    return GameSite(generate(own), nav_sections(own), column(own))
