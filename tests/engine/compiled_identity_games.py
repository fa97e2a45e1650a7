"""Seeded games of every registered game and player count, as their JSON records.

    python tests/engine/compiled_identity_games.py

Run twice by ``test_compiled_identity.py``, with ``KOT_RULES_PURE=1`` and without: the
first line names the engine that played (``kot_rules.native``), then each game is a line
``=== case`` and its record, exactly as ``kot-rules play --json`` prints it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator

from kot_rules import native
from kot_rules.engine.cards import CardCatalog, CardRow, CardTable
from kot_rules.engine.driver import named_agents, play
from kot_rules.engine.game import Game
from kot_rules.games import GameDefinition, definitions

SEEDS = (1, 2, 3)
KING_OF_TOKYO_OPTIONS: tuple[dict[str, object], ...] = (
    {"tokyo_bay": False},
    {"first_player": "roll"},
    {"bonus_claws": True, "heart_cap": 12, "neighbours_attacked_only": True,
     "revived_leaves_tokyo": True, "probe_after_last_roll": True, "refund_printed_cost": True},
)
"""Ruleset options played besides the defaults, for King of Tokyo."""


def text_set_aside(cards: CardCatalog) -> CardTable:
    """The same cards bought and held, their text doing nothing: the base rules."""
    return CardTable(
        CardRow(c, cards.name(c), cards.cost(c), cards.is_keep(c)) for c in cards.physical_ids()
    )


def games(definition: GameDefinition) -> Iterator[tuple[str, Game]]:
    for n in range(definition.min_players, definition.max_players + 1):
        full = definition.new_game(n)
        yield f"{definition.id} p{n} full", full
        yield f"{definition.id} p{n} base", definition.new_game(n, cards=text_set_aside(full.cards))
        if definition.id == "king-of-tokyo":
            for i, opts in enumerate(KING_OF_TOKYO_OPTIONS):
                if opts.get("tokyo_bay") is False and n < 5:
                    continue
                yield f"{definition.id} p{n} options{i}", Game(
                    n, options=definition.options.from_json(opts), rules=definition.rules
                )


def main() -> int:
    out = sys.stdout
    out.write(json.dumps(native.status().to_json()) + "\n")
    for definition in definitions():
        for name, game in games(definition):
            for seed in SEEDS:
                for agent in ("random", "greedy") if seed == 1 else ("random",):
                    record = play(game, seed, named_agents(game, seed, agent)).dumps()
                    out.write(f"=== {name} seed{seed} {agent}\n{record}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
