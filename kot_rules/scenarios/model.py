"""A conformance scenario, read and checked (formats 1 to 3: spec/schemas/scenario-v*)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kot_rules.engine.game import MonsterSetup, Options

STEP_KINDS = (
    "roll",
    "keep",
    "stop",
    "yield",
    "stay",
    "buy",
    "sweep",
    "end-turn",
    "use",
    "choose",
    "expect",
    "spend-dice-tokens",
    "resolve",
)
STEP_KINDS_V3 = (*STEP_KINDS, "refuse")
"""Format 3 adds ``refuse: STEP``: a step the game must reject, the state unchanged."""
JUDGED = ("legal", "illegal")
"""Format 3's expectations of steps: open now (``legal``) or not (``illegal``)."""
BOARD_STEP_KINDS = ("spend-dice-tokens", "resolve")
"""Steps of King of Tokyo: Duel only (a game with a board of its own)."""
PLACES = ("outside", "city", "bay")


@dataclass(frozen=True)
class Step:
    """One script line: a chance outcome, a decision, or an intermediate check.

    ``refuse`` (format 3) holds the refused step as its ``value``; an ``expect`` step's
    value is its mapping, where ``legal`` and ``illegal`` hold tuples of steps.
    """

    kind: str
    value: Any
    line: int
    column: int
    monster: str | None = None


@dataclass(frozen=True)
class NewGame:
    """A new game as the rules set it up (format 3 ``setup: {new_game: ...}``)."""

    players: int
    monsters: tuple[str, ...] | None
    """The monsters in seat order from the first player; None: the game's default names."""
    line: int
    column: int

    def names(self, game: str) -> tuple[str, ...]:
        """The monsters' names: those given, else the ones the game gives a new game."""
        if self.monsters is not None:
            return self.monsters
        from kot_rules import games
        from kot_rules.engine.game import seat_names

        return seat_names(games.get(game).rules, self.players)


@dataclass(frozen=True)
class Setup:
    """The position a scenario starts from; with ``new_game``, a new game instead (then
    ``monsters`` holds only the names, ``active`` the first player, and the other fields
    their defaults)."""

    monsters: tuple[MonsterSetup, ...]
    places: dict[str, str]
    active: str
    turn: int
    shop: tuple[str, ...] | None
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    held: dict[str, dict[str, int]] = field(default_factory=dict)
    """Tokens or energy on cards, by card name: {kind: count}."""
    fame: int = 0
    destruction: int = 0
    """King of Tokyo: Duel: the markers' spaces."""
    dice_tokens: dict[str, int] = field(default_factory=dict)
    """King of Tokyo: Duel: dice tokens in front of each monster, by name."""
    tiles: tuple[dict[str, Any], ...] = ()
    """King of Tokyo: Duel: Buzz tiles on the tracks ({tile, track, spaces, owner})."""
    unnamed: str = "deck"
    """Where the cards named nowhere else go: the bottom of the ``deck`` or the ``discard``."""
    boroughs: dict[str, str] = field(default_factory=dict)
    """King of New York: the borough each named monster stands in ("" for none yet)."""
    board: dict[str, Any] | None = None
    """King of New York: the board as its state JSON (kot_rules.games.king_of_new_york.board), with
    monster
    names for the holders of the special cards; None: the board a set-up lays out."""
    new_game: NewGame | None = None
    """Format 3: the scenario starts from a new game, not from a position."""


@dataclass(frozen=True)
class Scenario:
    path: Path
    name: str
    rules: tuple[str, ...]
    source: str
    description: str
    options: Options
    setup: Setup
    script: tuple[Step, ...]
    expect: dict[str, Any] | None
    expect_line: int = 0
    setup_line: int = 0
    setup_column: int = 0
    tags: tuple[str, ...] = field(default_factory=tuple)
    game: str = "king-of-tokyo"
    """The id of the game played (``game:`` in format 2; format 1 is King of Tokyo)."""
    game_line: int = 0
    game_column: int = 0
    """Where the game is named (format 1: where the format is), for errors about it."""
