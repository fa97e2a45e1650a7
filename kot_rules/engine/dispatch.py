"""The one way back up the layers: card text that runs card text.

A trigger runs effects, an effect deals damage, damage lets a monster use its cards
or fires more triggers. The layers below the card machinery (abilities, resources)
call the functions here; the card machinery fills them in once, when the
turn skeleton is imported (:func:`install`, called by kot_rules.engine.turn). They
are module attributes, so a call costs what a call into another module costs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

if TYPE_CHECKING:
    from kot_rules.engine.dice import Counts
    from kot_rules.engine.events import Event
    from kot_rules.engine.state import State
    from kot_rules.language.ast import Effect


class RunEffects(Protocol):
    """effects.run: apply a card's effect sentences for its owner."""

    def __call__(
        self,
        s: State,
        ev: list[Event],
        owner: int,
        effects: Iterable[Effect],
        card: str,
        target: int | None = None,
        *,
        joined: frozenset[int] | None = None,
    ) -> None: ...


class DamageWindow(Protocol):
    """activated.window: before taking damage a monster may use its cards."""

    def __call__(self, s: State, ev: list[Event], seat: int, amount: int) -> None: ...


class AdjustDice(Protocol):
    """activated.adjust_dice: a monster's cards may change dice a card rolled for it."""

    def __call__(self, s: State, ev: list[Event], seat: int, counts: Counts) -> Counts: ...


def _missing(*args: Any, **kwargs: Any) -> NoReturn:
    raise RuntimeError("the card machinery is not installed (import kot_rules.engine.turn)")


run_effects: RunEffects = _missing
damage_window: DamageWindow = _missing
adjust_dice: AdjustDice = _missing


class EndTurn(Protocol):
    """turn.end_turn: the active monster's turn ends now (a card that ends the turn)."""

    def __call__(self, s: State, ev: list[Event]) -> None: ...


end_turn: EndTurn = _missing


def install_end_turn(fn: EndTurn) -> None:
    """Fill in :data:`end_turn` (once, at import of the turn skeleton)."""
    global end_turn
    end_turn = fn


def install(*, run: RunEffects, window: DamageWindow, adjust: AdjustDice) -> None:
    """Fill in the card machinery (once, at import of the turn skeleton)."""
    global run_effects, damage_window, adjust_dice
    run_effects, damage_window, adjust_dice = run, window, adjust

