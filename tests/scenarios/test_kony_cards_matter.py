"""King of New York's card scenarios can fail: every one of its 66 card titles is
named by a scenario of spec/scenarios/king-of-new-york, and for every deck card a card set
whose copy of it has no text makes at least one of those scenarios fail.

The two special cards (Statue of Liberty, Superstar) are never in the deck: the kernel's
rules hand them over and score them (kot_rules.games.king_of_new_york.rules), so a scenario names
one by
its holder on the board (``board: {superstar: NAME}`` or ``statue``), and removing their
text changes nothing yet; the last test says so, and fails once their text is what runs.

A deck card the engine cannot run yet (it says a word of kot_rules.engine.cards.NOT_YET) is
never bought, so no passing scenario can show it: such cards wait here, read from the
engine, and a scenario that names one fails this test (it would be a scenario of a card the
engine refuses); once the engine runs a card, the tests below ask for its scenario."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from kot_rules.engine.cards import CardTable, is_special
from kot_rules.language.ast import CardDef
from kot_rules.language.cardset import CardSet, builtin_card_set
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.loader import read_scenario
from kot_rules.scenarios.model import Scenario
from kot_rules.scenarios.runner import run_scenario

GAME = "king-of-new-york"
ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "spec" / "scenarios" / GAME).rglob("*.yaml"))
NO_STEP: set[str] = set()
"""Deck cards whose only effect no scenario step can reach (none since the runner's `buy`
step buys from the discard pile too). The first test below fails when a scenario names one."""
SPECIAL_KEYS = {"Statue of Liberty": "statue", "Superstar": "superstar"}
"""The board key that names each special card's holder."""


def _boards(sc: Scenario) -> list[dict[str, Any]]:
    """The board of the set-up and of every expectation (step or final)."""
    out = [sc.setup.board or {}]
    for step in sc.script:
        if step.kind == "expect" and isinstance(step.value, dict):
            out.append(step.value.get("board") or {})
    out.append((sc.expect or {}).get("board") or {})
    return out


def _named(sc: Scenario, card_set: CardSet) -> set[str]:
    """The titles a scenario names: deck cards on monsters, in the shop, deck, discard,
    held, bought or used; a special card by its holder on a board it sets up or expects."""
    su = sc.setup
    names = {c for m in su.monsters for c in m.cards}
    names.update(su.shop or ())
    names.update(su.deck, su.discard, su.held)
    steps = [*sc.script, *(st.value for st in sc.script if st.kind == "refuse")]
    for step in steps:  # a refused step names its card too (Jinx Aura's refused stop)
        if step.kind in ("buy", "use"):
            v = step.value
            names.add(str(v["card"]) if isinstance(v, dict) else str(v))
    titles = {card_set.name(i) for n in names for i in card_set.resolve(n)}
    for title, key in SPECIAL_KEYS.items():
        if any(b.get(key) is not None for b in _boards(sc)):
            titles.add(title)
    return titles


def _card_set() -> CardSet:
    return builtin_card_set(GAME)


def _users(card_set: CardSet) -> dict[str, list[Scenario]]:
    out: dict[str, list[Scenario]] = {c.name: [] for c in card_set.cards}
    for sc in (read_scenario(p) for p in FILES):
        for title in _named(sc, card_set):
            out[title].append(sc)
    return out


def _blank(card: CardDef) -> CardDef:
    return replace(card, effects=(), abilities=(), modifiers=(), activated=(), supplies=(),
                   token_rules=(), empty_rules=(), token_mentions=())


def _fails(sc: Scenario, table: CardTable) -> bool:
    try:
        return not run_scenario(sc, table).ok
    except ScenarioFormatError:
        return True


def _without(card_set: CardSet, card: CardDef) -> CardTable:
    return CardTable.from_card_set(
        CardSet(_blank(card) if c is card else c for c in card_set.cards))


def _not_runnable(card_set: CardSet) -> set[str]:
    """The titles of deck cards that say a word the engine cannot run yet."""
    table = CardTable.from_card_set(card_set)
    return {table.name(cid) for cid in table.unrunnable}


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= 120, len(FILES)


def test_every_title_is_named_by_a_scenario() -> None:
    card_set = _card_set()
    assert len(card_set.cards) == 66
    users = _users(card_set)
    waiting = _not_runnable(card_set)
    unnamed = sorted(t for t, scs in users.items()
                     if not scs and t not in waiting and t not in NO_STEP)
    assert not unnamed, f"card titles no scenario names: {unnamed}"
    named_no_step = sorted(t for t in NO_STEP if users[t])
    assert not named_no_step, f"named by a scenario now, delete from NO_STEP: {named_no_step}"
    named_waiting = sorted(t for t in waiting if users[t])
    assert not named_waiting, f"scenarios name cards the engine cannot run yet: {named_waiting}"


def test_each_deck_cards_text_removed_fails_one_of_its_scenarios() -> None:
    card_set = _card_set()
    users = _users(card_set)
    whole = CardTable.from_card_set(card_set)
    survivors = []
    waiting = _not_runnable(card_set)
    for card in card_set.cards:
        if is_special(card) or card.name in waiting or card.name in NO_STEP:
            continue
        scenarios = users[card.name]
        for sc in scenarios:  # each passes with the real text, else a failure proves nothing
            result = run_scenario(sc, whole)
            assert result.ok, f"{sc.path} fails with the real cards:\n{result.details()}"
        if not any(_fails(sc, _without(card_set, card)) for sc in scenarios):
            survivors.append(card.name)
    assert not survivors, f"every scenario naming the card passes without its text: {survivors}"


def test_the_special_cards_are_played_by_the_kernel_not_their_text() -> None:
    """Their scenarios pass with or without the text: when the engine comes to run the text
    (its moments `When you receive this card` ...), this fails and they join the test above."""
    card_set = _card_set()
    users = _users(card_set)
    for card in card_set.cards:
        if not is_special(card):
            continue
        assert card.name in SPECIAL_KEYS
        table = _without(card_set, card)
        assert users[card.name]
        assert not any(_fails(sc, table) for sc in users[card.name]), card.name
