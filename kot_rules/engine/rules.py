"""What the kernel asks of a game: the seam a game of the family plugs into.

A :class:`GameRules` is what :class:`~kot_rules.engine.game.Game` carries as
``game.rules``: the game's numbers, dice, board and shop, the handler of each
phase, the hooks the turn skeleton calls (start of turn, resolving the dice,
victory, elimination) and the meanings of the game's own card words (:class:`Words`).
:meth:`State.apply`, :meth:`State.legal_actions`, :meth:`Game.new_initial_state` and the
card-language interpreter reach a game only through it: the kernel imports no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kot_rules.engine.actions import Action
    from kot_rules.engine.dice import Counts, Face
    from kot_rules.engine.events import Event
    from kot_rules.engine.options import Options
    from kot_rules.engine.state import Outcome, Phase, Place, State
    from kot_rules.language.ast import Condition, Effect, Verb
    from kot_rules.rulebook import RuleNumbers

PhaseHandler = Callable[["State", "list[Event]", "Action"], None]
"""Apply a decision or chance outcome in one phase (the state is a private copy)."""
Step = Callable[["State", "list[Event]"], None]

VerbMeaning = Callable[["State", "list[Event]", int, int, int, "Effect", str, str], None]
"""(state, events, owner, target seat, amount, effect, card, why): a verb for one target."""
HeldMeaning = Callable[["State", "list[Event]", int, "Effect", str, "int | None"], None]
"""(state, events, owner, effect, card, target): a verb about what lies on a card or monster,
done once for the owner (who is in the game)."""
ActMeaning = Callable[["State", "list[Event]", int, int, str], None]
"""(state, events, seat, amount, card): an activated ability's act done on the game's board."""
ConditionMeaning = Callable[["State", int], bool]
"""(state, seat): whether an ``if ...`` clause holds for the card's owner now."""


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


@dataclass(frozen=True)
class Words:
    """What a game's own card words mean on its board (``kot_rules.games.<game>.words``).

    The interpreter (kot_rules.engine.effects, abilities, activated) means the words every
    game's cards may say; a word of this game alone is looked up here, after the kernel's
    own (a word has one meaning in a game: the tables never share a key). The tables are
    built once, with the game's module; the hooks are None where the game has no such word.
    """

    verbs: Mapping[Verb, VerbMeaning] = field(default_factory=dict)
    """Effect verbs, applied target by target."""
    held: Mapping[Verb, HeldMeaning] = field(default_factory=dict)
    """Verbs about what lies on a card or a monster (or in a place of the board)."""
    acts: Mapping[Verb, ActMeaning] = field(default_factory=dict)
    """Activated abilities' acts on the game's board."""
    conditions: Mapping[Condition, ConditionMeaning] = field(default_factory=dict)
    """``if ...`` clauses read on the game's board."""
    collected: Callable[[State, list[Event], int, int], None] | None = None
    """``(s, ev, seat, n)``: ``seat`` collected ``n`` energy, while a card in the game
    counts what another monster collects in a turn."""
    damage_dealt: Callable[[State, int, int], None] | None = None
    """``(s, seat, lost)``: the active monster's damage took ``lost`` hearts of ``seat``."""
    revealed: Callable[[State, list[Event], tuple[str, ...]], tuple[str, ...]] | None = None
    """``(s, ev, cards)``: the board takes cards just revealed before they are offered
    (claims); returns the cards left to offer."""
    price: Callable[[State, int, str, int], int | None] | None = None
    """``(s, seat, card, price)``: what ``card`` costs ``seat`` on the board, from its
    price with the held cards' discount (``price``, maybe below 0); None: it may not buy
    it now."""


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
    # Optional parts.
    title: str = "this game"
    """The game's name in messages."""
    names: tuple[str, ...] = ()
    """The monsters seats take when a game names none (at least as many as ``max_players``;
    empty: seats are named ``Monster 1``, ``Monster 2``, ...)."""
    prepare: Callable[[State, bool], None] | None = None
    """Lay out the game's own board on a blank state before its first turn starts
    (``True``: a new game, which also sets the monsters' starting values)."""
    board_from_json: Callable[[object], object] | None = None
    """Read the ``board`` of a state's JSON (the game's own board); raises StateFormatError."""
    check_options: Callable[[Options], None] | None = None
    """Refuse options the game does not play (raises ConfigError), as a Game is made."""
    victories: tuple[str, ...] = ()
    """The kinds of victory an Outcome names (``Outcome.victory``); none in King of Tokyo."""
    random_step: Callable[[State, float], None] | None = None
    """Apply, in place, the decision a random agent drawing ``u`` (``0 <= u < 1``) takes:
    the same step as ``apply(s, legal_actions(s)[int(u * len(legal_actions(s)))])``, for a
    state nobody else sees and whose events nobody reads (None: the game has none)."""
    words: Words = Words()
    """The meanings of the game's own card words (none: its cards say only the kernel's)."""
    place_names: Mapping[str, str] = field(default_factory=dict)
    """The name of each place of its board by id (an event's ``place``), for logs."""
    lost_raise_takes_hearts: bool = True
    """A monster that loses a card raising its maximum loses the hearts the card gave too
    (King of Tokyo's D-LOSE-CARD); False: only hearts above the new maximum go
    (D-KONY-LOST-RAISE)."""


def default_rules() -> GameRules:
    """The rules a :class:`~kot_rules.engine.game.Game` made without ``rules`` plays: the
    registry's default game, which ``kot_rules.api.default_rules`` names. Loaded by name
    when a Game needs it: the kernel names no game and imports nothing above it."""
    rules: GameRules = import_module("kot_rules.api").default_rules()
    return rules
