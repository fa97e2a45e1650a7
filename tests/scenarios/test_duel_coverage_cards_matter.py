"""The scenarios can fail: for every card file of every game, a card set whose copy of that
card has no text at all (no effect, ability, modifier, activated ability, token line), or
lacks any one sentence of it, makes at least one scenario naming the card fail. A sentence
no scenario depends on would let any meaning of its words pass.

The scenarios run in-process, each only with the card sets of the cards it names."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from kot_rules import games
from kot_rules.engine.cards import CardTable
from kot_rules.language.ast import CardDef
from kot_rules.language.cardset import CardSet, builtin_card_set
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.loader import read_scenario
from kot_rules.scenarios.model import Scenario
from kot_rules.scenarios.runner import run_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "spec" / "scenarios"
FILES = sorted(p for p in SCENARIOS.rglob("*") if p.suffix in (".yaml", ".yml"))


def _named_cards(sc: Scenario) -> set[str]:
    """The card texts a scenario names: on monsters, in the shop, deck, discard, held, and in
    its buy and use steps."""
    su = sc.setup
    names = {c for m in su.monsters for c in m.cards}
    names.update(su.shop or ())
    names.update(su.deck, su.discard, su.held)
    steps = list(sc.script)
    for step in sc.script:  # a refused step names its card too
        if step.kind == "refuse":
            steps.append(step.value)
    for step in steps:
        if step.kind == "buy":
            names.add(str(step.value))
        elif step.kind == "use":
            names.add(str(step.value["card"]))
    return names


SENTENCES = ("effects", "abilities", "modifiers", "activated", "supplies", "token_rules",
             "empty_rules")
"""The fields of a card definition that hold the sentences of its text."""


# King of New York's card files that no scenario names (the test below says when one does).
PENDING_FILES: dict[str, frozenset[str]] = {"king-of-new-york": frozenset({
    # The special cards: the kernel plays them; scenarios name them by their holder.
    "statue-of-liberty.kot", "superstar.kot",
})}


# Sentences no passing scenario pins (a purchase condition only forbids a buy, a roll rule
# only refuses a stop or a reroll; format 3's refuse steps pin them now). The test below
# fails when one of these no longer survives, so this list only shrinks.
UNPINNED: dict[str, frozenset[str]] = {}


def _blank(card: CardDef) -> CardDef:
    return replace(card, effects=(), abilities=(), modifiers=(), activated=(), supplies=(),
                   token_rules=(), empty_rules=(), token_mentions=())


def _users(game: str, card_set: CardSet) -> dict[str, list[Scenario]]:
    """Each card title's scenarios (those naming one of its names or aliases)."""
    out: dict[str, list[Scenario]] = {c.name: [] for c in card_set.cards}
    for sc in (read_scenario(p) for p in FILES):
        if sc.game != game:
            continue
        titles = {card_set.name(i) for n in _named_cards(sc) for i in card_set.resolve(n)}
        for t in titles:
            out[t].append(sc)
    return out


def _fails(sc: Scenario, table: CardTable) -> bool:
    """The scenario fails with ``table``: a wrong outcome, or a set-up the cards no longer
    allow (a token kind only the removed text supplied)."""
    try:
        return not run_scenario(sc, table).ok
    except ScenarioFormatError:
        return True


def _file(card: CardDef) -> str:
    return Path(card.position.file).name


@pytest.mark.parametrize("game", games.ids())
def test_every_card_file_is_one_card_a_scenario_names(game: str) -> None:
    card_set = builtin_card_set(game)
    files = [_file(c) for c in card_set.cards]
    assert len(files) == len(set(files)), f"{game}: a card file holds more than one card"
    users = _users(game, card_set)
    unnamed = sorted(_file(c) for c in card_set.cards if not users[c.name])
    pending = PENDING_FILES.get(game, frozenset())
    assert not set(unnamed) - pending, f"{game}: card files no scenario names: {unnamed}"
    assert not pending - set(unnamed), (
        f"{game}: named by a scenario now, delete from PENDING_FILES: "
        f"{sorted(pending - set(unnamed))}")


def _without_one_sentence(card: CardDef) -> list[tuple[str, CardDef]]:
    """The card once per sentence of its text, with that one sentence removed."""
    out = []
    for f in SENTENCES:
        items = getattr(card, f)
        for k in range(len(items)):
            out.append((f"{f}[{k}]", replace(card, **{f: items[:k] + items[k + 1:]})))
    return out


@pytest.mark.parametrize("game", games.ids())
def test_removing_a_cards_text_or_one_sentence_fails_a_scenario(game: str) -> None:
    card_set = builtin_card_set(game)
    users = _users(game, card_set)
    whole = CardTable.from_card_set(card_set)
    started = time.perf_counter()
    survivors = []
    for card in card_set.cards:
        if _file(card) in PENDING_FILES.get(game, frozenset()):  # no scenario names it
            continue
        scenarios = users[card.name]
        # Each scenario passes with the real text (else a failure below would prove nothing).
        for sc in scenarios:
            result = run_scenario(sc, whole)
            assert result.ok, f"{sc.path} fails with the real cards:\n{result.details()}"
        for what, changed in [("the whole text", _blank(card)), *_without_one_sentence(card)]:
            table = CardTable.from_card_set(
                CardSet(changed if c is card else c for c in card_set.cards)
            )
            if not any(_fails(sc, table) for sc in scenarios):
                survivors.append(f"{_file(card)} without {what}")
    unpinned = UNPINNED.get(game, frozenset())
    assert not set(survivors) - unpinned, (
        f"{game}: every scenario naming the card still passes: {sorted(set(survivors) - unpinned)}"
    )
    assert not unpinned - set(survivors), (
        f"{game}: a scenario pins it now, delete from UNPINNED: {sorted(unpinned - set(survivors))}"
    )
    # The suite runs this every time: it must stay cheap (in-process, named scenarios only).
    assert time.perf_counter() - started < 60, "too slow for the suite"


def test_a_blank_card_has_no_text() -> None:
    card = builtin_card_set("king-of-tokyo-duel").cards[0]
    blank = _blank(card)
    assert (blank.name, blank.cost, blank.kind) == (card.name, card.cost, card.kind)
    assert not (blank.effects or blank.abilities or blank.modifiers or blank.activated)
    assert card.effects or card.abilities or card.modifiers or card.activated


def test_one_sentence_less_is_one_sentence_less() -> None:
    card = next(c for c in builtin_card_set("king-of-tokyo").cards if len(c.token_rules) > 1)
    variants = _without_one_sentence(card)
    total = sum(len(getattr(card, f)) for f in SENTENCES)
    assert len(variants) == total
    for _, v in variants:
        assert sum(len(getattr(v, f)) for f in SENTENCES) == total - 1
