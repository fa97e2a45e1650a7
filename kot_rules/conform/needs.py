"""What a scenario asks of an engine, read before it runs: its set-up, the cards it names,
its options, the action types of its steps and the state fields its expectations read.

A scenario that asks for something the engine's hello does not offer is ``unsupported``
(never a pass, never a failure) and is not run; :func:`unsupported` says why.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kot_rules.conform.protocol import Support
from kot_rules.scenarios.expect import Table, needed_fields
from kot_rules.scenarios.model import JUDGED, Scenario, Step

ACTION_OF_STEP = {
    "roll": "roll", "keep": "reroll", "stop": "stop", "yield": "yield", "stay": "stay",
    "buy": "buy", "sweep": "sweep", "end-turn": "end-turn", "use": "use", "choose": "choose",
    "spend-dice-tokens": "spend-dice-tokens", "resolve": "resolve",
}  # fmt: skip
"""The action type (docs/formats/state.md) each script step is sent as."""


def setup_kind(sc: Scenario) -> str:
    """``new-game`` for a scenario that starts a new game, else ``position``."""
    return "new-game" if sc.setup.new_game is not None else "position"


def expectations(sc: Scenario) -> Iterator[dict[str, Any]]:
    """Every ``expect`` of the scenario: the script's, then the final one."""
    for step in sc.script:
        if step.kind == "expect" and step.value:
            yield step.value
    if sc.expect:
        yield sc.expect


def steps(sc: Scenario) -> Iterator[Step]:
    """Every step sent to the engine: the script's (the step inside a ``refuse:``), and
    those of ``legal``/``illegal`` expectations."""
    for step in sc.script:
        if step.kind == "refuse":
            yield step.value
        elif step.kind != "expect":
            yield step
    for exp in expectations(sc):
        for key in JUDGED:
            yield from exp.get(key, ())


def card_names(sc: Scenario) -> Iterator[str]:
    """The cards the scenario asks the engine to know: those its monsters own (or that
    hold tokens), buy or use, and those it expects a monster to own or to hold tokens. The
    cards lying in the shop, the deck or the discard pile are only ids to carry."""
    su = sc.setup
    for m in su.monsters:
        yield from m.cards
    yield from su.held
    for step in steps(sc):
        if step.kind == "buy":
            yield str(step.value)
        elif step.kind == "use":
            yield str(step.value["card"])
    for exp in expectations(sc):
        for fields in exp.get("monsters", {}).values():
            yield from fields.get("cards", ())
        yield from exp.get("held", {})


def unsupported(
    sc: Scenario, support: Support | None, table: Table, options: dict[str, Any],
    defaults: dict[str, Any],
) -> str | None:
    """Why the engine cannot run ``sc`` (its hello's ``support`` of the game), or None.

    ``options``: the game's options as sent; ``defaults``: the same table's defaults.
    """
    if support is None:
        return f"the engine does not play {sc.game}"
    kind = setup_kind(sc)
    if kind not in support.setups:
        return f"set-up {kind}: the engine takes {', '.join(sorted(support.setups)) or 'none'}"
    for name, value in options.items():
        if not support.allows_option(name, value, defaults.get(name)):
            return f"option {name}={_json(value)}"
    if support.cards is not None:
        for text in card_names(sc):
            ids = table.ids(text)
            missing = [i for i in ids if i not in support.cards]
            if missing:
                return f"card {missing[0]}"
    for step in steps(sc):
        action = ACTION_OF_STEP.get(step.kind, step.kind)
        if action not in support.actions:
            return f"action {action} (step {step.kind}, line {step.line})"
    for exp in expectations(sc):
        for key, field in needed_fields(exp):
            if field not in support.fields:
                return f"expectation {key} needs the field {field}"
    return None


def _json(value: Any) -> str:
    import json

    return json.dumps(value)
