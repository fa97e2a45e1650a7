"""What the kernel asks of a game: the seam a game of the family plugs into.

A :class:`GameRules` is what :class:`~kot_rules.engine.game.Game` carries as
``game.rules``: the game's numbers, dice, board and shop, the handler of each
phase, and the hooks the turn skeleton calls (start of turn, resolving the dice,
victory, elimination). :meth:`State.apply`, :meth:`State.legal_actions` and
:meth:`Game.new_initial_state` reach the game only through it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kot_rules.engine.actions import Action
    from kot_rules.engine.dice import Counts, Face
    from kot_rules.engine.events import Event
    from kot_rules.engine.options import Options
    from kot_rules.engine.state import Outcome, Phase, Place, State
    from kot_rules.rulebook import RuleNumbers

PhaseHandler = Callable[["State", "list[Event]", "Action"], None]
"""Apply a decision or chance outcome in one phase (the state is a private copy)."""
Step = Callable[["State", "list[Event]"], None]


@dataclass(frozen=True)
class DiceSpec:
    faces: tuple[Face, ...]
    """The faces of a die, in the order of the counts (``Counts``)."""
    count: int
    """Dice rolled at the start of a turn (the option ``dice`` may change it)."""
    rolls: int
    """Rolls in a turn, the first included (the option ``rolls`` may change it)."""


@dataclass(frozen=True)
class Board:
    places: tuple[Place, ...]
    """The places of the board (King of Tokyo: Tokyo City, Tokyo Bay)."""
    second_place_from: int
    """The fewest monsters in the game for the second place to be open (the Bay: 5)."""


@dataclass(frozen=True)
class ShopRules:
    size: int
    """Face-up cards."""
    sweep_cost: int
    """Energy to replace all of them."""


@dataclass(frozen=True)
class Hooks:
    """The game's moments the turn skeleton (kot_rules.engine.turn) calls."""

    start_turn: Step
    """What the board gives the active monster as its turn starts (before its cards)."""
    resolve: Step
    """Resolve the final dice; ends in the next phase."""
    end_of_turn: Callable[[State], Outcome | None]
    """Victory as a turn ends: the outcome, or None if the game goes on."""
    after_step: Callable[[State], Outcome | None] | None
    """Victory checked after every step (None: the game has none)."""
    on_elimination: Callable[[State, list[Event], int], None]
    """The board once a monster is eliminated and the triggers it fired are done."""
    # duel-words: what card words do on a game's own board (None: the game has no such board).
    pull: Callable[[State, list[Event], int, str, int], None] | None = None
    """``(s, ev, seat, track, steps)``: ``seat`` pulls the marker of ``track`` ``steps``
    spaces, exactly as its dice would (King of Tokyo: Duel)."""
    gain_dice_tokens: Callable[[State, list[Event], int, int], None] | None = None
    """``(s, ev, seat, n)``: ``seat`` gains ``n`` dice tokens, up to the most it may hold."""
    # duel-cards-roll
    skip_resolve: Callable[[State, list[Event], int], None] | None = None
    """``(s, ev, seat)``: ``seat`` resolves none of its roll's faces (King of Tokyo: Duel)."""


@dataclass(frozen=True)
class GameRules:
    """One game's rules as the kernel runs them (frozen; shared by every Game of it)."""

    id: str
    numbers: RuleNumbers
    """Every number of the rules, with its rule (spec/games/<id>.yaml)."""
    min_players: int
    max_players: int
    dice: DiceSpec
    board: Board
    shop: ShopRules
    options: type[Options]
    phases: Mapping[Phase, PhaseHandler]
    """The handler of each phase a decision or chance outcome is applied in."""
    hooks: Hooks
    apply: Callable[[State, Action], None]
    """The step: apply an action to a private copy (the turn skeleton's apply)."""
    roll_in_place: Callable[[State, Counts], None]
    """The step of a roll sampled by a driver (a fast path of ``apply``)."""
    legal_actions: Callable[[State], Sequence[Action]]
    start_turn: Step
    """Start the active monster's turn (the first one too)."""
    # Optional parts, for games other than King of Tokyo (the defaults are King of Tokyo's).
    title: str = "King of Tokyo"
    """The game's name in messages."""
    names: tuple[str, ...] = ()
    """The monsters seats take when a game names none, read from spec/ (empty: King of
    Tokyo's box)."""
    prepare: Callable[[State, bool], None] | None = None
    """Lay out the game's own board on a blank state before its first turn starts
    (``True``: a new game, which also sets the monsters' starting values)."""
    board_from_json: Callable[[object], object] | None = None
    """Read the ``board`` of a state's JSON (the game's own board); raises StateFormatError."""
    check_options: Callable[[Options], None] | None = None
    """Refuse options the game does not play (raises ConfigError), as a Game is made."""
    victories: tuple[str, ...] = ()
    """The kinds of victory an Outcome names (``Outcome.victory``); none in King of Tokyo."""
    # kot-speed: a driver's shortcut for its random agents.
    random_step: Callable[[State, float], None] | None = None
    """Apply, in place, the decision a random agent drawing ``u`` (``0 <= u < 1``) takes:
    the same step as ``apply(s, legal_actions(s)[int(u * len(legal_actions(s)))])``, for a
    state nobody else sees and whose events nobody reads (None: the game has none)."""
    lost_raise_takes_hearts: bool = True
    """A monster that loses a card raising its maximum loses the hearts the card gave too
    (King of Tokyo's D-LOSE-CARD); False: only hearts above the new maximum go
    (D-KONY-LOST-RAISE)."""
