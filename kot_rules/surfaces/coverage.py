"""Per-card coverage: parsed, round-trips, scenario-tested, proved.

Shared by ``kot-rules cards coverage`` and the site's cards index and card pages.
*Scenario-tested*: a scenario buys the card or starts with it in play (as the site's
card pages read the scenarios). *Proved*: every transition the card brings keeps every
invariant (``kot-rules verify``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from kot_rules.games import DEFAULT_GAME
from kot_rules.language.ast import CardDef
from kot_rules.language.cardset import CardSet
from kot_rules.site.model import CardInfo, Scenario, card_info, load_scenarios, renderer


@dataclass(frozen=True)
class CardCoverage:
    """One card title's coverage."""

    name: str
    slug: str
    parsed: bool
    round_trips: bool | None
    """``None``: no renderer to try."""
    scenario_tested: bool
    proved: bool

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def scenario_tested(scenarios: Iterable[Scenario], slug: str) -> bool:
    """Some scenario buys the card ``slug`` or starts with it in play."""
    return any(use.tests for s in scenarios for use in s.cards.get(slug, ()))


def proved_by_card(cards: Iterable[CardDef], results: Iterable[Mapping[str, Any]] = (),
                   game: str = DEFAULT_GAME) -> dict[str, bool]:
    """card slug -> every transition of the card is proved for every invariant of ``game``.

    ``results`` are ``kot-rules verify --json`` results (e.g. the site's cache); a
    transition they do not hold is proved here.
    """
    from kot_rules.verify.prover import PROVED, model_of, prove

    model = model_of(game)
    known: dict[tuple[str, str], bool] = {}
    for r in results:
        key = (str(r["kind"]), str(r["transition"]))
        known[key] = known.get(key, True) and r["status"] == PROVED
    out: dict[str, bool] = {}
    for card in cards:
        ok = True
        for t, _ in model.card_transitions(card):
            key = (t.kind, t.name)
            if key not in known:
                known[key] = all(r.status == PROVED for r in prove(t, model=model))
            ok = ok and known[key]
        out[card.slug] = ok
    return out


def coverage(infos: Sequence[CardInfo], scenarios: Sequence[Scenario],
             proved: Mapping[str, bool]) -> list[CardCoverage]:
    """One row per card title, in the order of ``infos``."""
    return [CardCoverage(i.card.name, i.slug, True, i.round_trips,
                         scenario_tested(scenarios, i.slug), proved.get(i.slug, False))
            for i in infos]


def card_set_coverage(cards: CardSet, scenarios_root: Path | None = None,
                      results: Iterable[Mapping[str, Any]] = ()) -> list[CardCoverage]:
    """The coverage of a card set (it parsed) against the scenarios under ``scenarios_root``
    (default: ``spec/scenarios``)."""
    render = renderer()
    infos = [card_info(card, render) for card in cards.cards]
    return coverage(infos, load_scenarios(cards, scenarios_root),
                    proved_by_card(cards.cards, results))


def summary(rows: Sequence[CardCoverage]) -> dict[str, int]:
    return {
        "cards": len(rows),
        "parsed": sum(r.parsed for r in rows),
        "round_trips": sum(r.round_trips is True for r in rows),
        "scenario_tested": sum(r.scenario_tested for r in rows),
        "proved": sum(r.proved for r in rows),
    }


def to_json(rows: Sequence[CardCoverage]) -> dict[str, Any]:
    return {"cards": [r.to_json() for r in rows], "summary": summary(rows)}


def _mark(flag: bool | None) -> str:
    return "?" if flag is None else "yes" if flag else "no"


def lines(rows: Sequence[CardCoverage]) -> list[str]:
    """A table, one line per card, then the counts."""
    width = max([len(r.name) for r in rows] + [4])
    header = ("parsed", "round-trips", "scenario-tested", "proved")
    out = [f"{'card':<{width}}  " + "  ".join(header)]
    for r in rows:
        cells = (r.parsed, r.round_trips, r.scenario_tested, r.proved)
        marks = (f"{_mark(c):<{len(h)}}" for c, h in zip(cells, header, strict=True))
        out.append(f"{r.name:<{width}}  " + "  ".join(marks).rstrip())
    s = summary(rows)
    out.append("")
    out.append(f"{s['cards']} cards: {s['parsed']} parsed, {s['round_trips']} round-trip, "
               f"{s['scenario_tested']} scenario-tested, {s['proved']} proved")
    return out
