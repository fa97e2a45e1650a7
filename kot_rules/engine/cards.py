"""What the engine needs to know about cards, for now: cost, type, name.

The card language (:mod:`kot_rules.language`) defines the cards; the engine
reads them through a :class:`CardTable`, a flat lookup built once per game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from kot_rules.language.ast import Effect


class CardCatalog(Protocol):
    """A set of physical cards, each with a stable id."""

    def physical_ids(self) -> tuple[str, ...]: ...

    def cost(self, card_id: str) -> int: ...

    def is_keep(self, card_id: str) -> bool: ...

    def name(self, card_id: str) -> str: ...

    def effects(self, card_id: str) -> tuple[Effect, ...]: ...


@dataclass(frozen=True)
class CardRow:
    card_id: str
    name: str
    cost: int
    keep: bool
    effects: tuple[Effect, ...] = ()


class CardTable:
    """O(1) card facts by physical id, in a fixed physical order."""

    __slots__ = ("_costs", "_effects", "_ids", "_keep", "_names", "source")

    def __init__(self, rows: Iterable[CardRow], source: Any = None) -> None:
        rows = list(rows)
        self._ids = tuple(r.card_id for r in rows)
        self._costs = {r.card_id: r.cost for r in rows}
        self._keep = {r.card_id: r.keep for r in rows}
        self._names = {r.card_id: r.name for r in rows}
        self._effects = {r.card_id: r.effects for r in rows}
        self.source = source
        """The card set these rows came from (for name lookups), if any."""

    @classmethod
    def from_card_set(cls, card_set: Any) -> CardTable:
        """Build from a :class:`kot_rules.language.cardset.CardSet`."""
        rows = []
        for cid in card_set.physical_ids():
            d = card_set.definition(cid)
            rows.append(CardRow(cid, d.name, d.cost, d.kind.value == "keep", tuple(d.effects)))
        return cls(rows, source=card_set)

    def physical_ids(self) -> tuple[str, ...]:
        return self._ids

    def cost(self, card_id: str) -> int:
        return self._costs[card_id]

    def is_keep(self, card_id: str) -> bool:
        return self._keep[card_id]

    def name(self, card_id: str) -> str:
        return self._names[card_id]

    def effects(self, card_id: str) -> tuple[Effect, ...]:
        return self._effects[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._costs

    def resolve(self, text: str) -> tuple[str, ...]:
        """Physical ids a user string names: an id, or a card name or alias (any case)."""
        if text in self._costs:
            return (text,)
        if self.source is not None:
            found: tuple[str, ...] = self.source.resolve(text)
            return found
        folded = text.casefold()
        return tuple(i for i in self._ids if self._names[i].casefold() == folded)
