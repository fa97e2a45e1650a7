"""The game state: monsters, Tokyo, dice, cards, and whose decision is next.

A :class:`State` is a value. :meth:`State.apply` returns a new state and never
changes the one it is called on, so a caller may keep any state it has seen.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from kot_rules.engine import dice
from kot_rules.engine.actions import Action, ChanceOutcome, FirstPlayer, Roll
from kot_rules.engine.dice import Counts
from kot_rules.engine.errors import IllegalActionError
from kot_rules.engine.events import Event
from kot_rules.engine.jsontext import load_state_json

if TYPE_CHECKING:
    from kot_rules.engine.game import Game
    from kot_rules.engine.requests import Pending

CHANCE = -1
"""``current_player()`` at a chance node (as in OpenSpiel)."""
TERMINAL = -4
"""``current_player()`` once the game is over (as in OpenSpiel)."""


class Place(Enum):
    """Where a monster is [000/001 §TOKIO, §WARIANT ZAAWANSOWANY]."""

    # Members are singletons: hash by identity, in C, because the engine looks these
    # up on every turn (Enum's own __hash__ is Python code). Dict order stays insertion order.
    __hash__ = object.__hash__

    OUTSIDE = "outside"
    CITY = "city"
    BAY = "bay"


class Phase(Enum):
    """What the state waits for."""

    # Members are singletons: hash them by identity, so the phase table of a game
    # (GameRules.phases) is a dict lookup at C speed, not Enum's hash of the name.
    __hash__ = object.__hash__

    FIRST_PLAYER = "first-player"  # chance: who starts
    ROLL = "roll"  # chance: the faces of the dice being thrown
    KEEP = "keep"  # active monster: reroll some dice or stop
    YIELD = "yield"  # an attacked monster in Tokyo: yield or stay
    BUY = "buy"  # active monster: buy, sweep or end the turn
    OVER = "over"  # terminal
    # King of Tokyo: Duel's own decisions (kot_rules.games.king_of_tokyo_duel.rules); both the
    # active monster's.
    DICE_TOKENS = "dice-tokens"  # how many dice tokens to spend before the first roll
    RESOLVE = "resolve"  # which kind of face to resolve next
    # King of New York's own decisions (kot_rules.games.king_of_new_york.rules); the
    # active
    # monster's (at set-up, the monster placing its figure).
    PLACE = "place"  # set-up: the borough a monster's figure starts in
    DESTROY = "destroy"  # which tile to spend destruction on next
    MOVE = "move"  # the Move phase: move to another outer borough or stay


class Monster(NamedTuple):
    """One monster's board: life, stars, energy and the keep cards it owns."""

    name: str
    hearts: int
    max_hearts: int
    stars: int
    energy: int
    alive: bool
    cards: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "hearts": self.hearts,
            "max_hearts": self.max_hearts,
            "stars": self.stars,
            "energy": self.energy,
            "alive": self.alive,
            "cards": list(self.cards),
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a winner, or a draw (``winner is None``)."""

    winner: int | None
    reason: str
    victory: str | None = None
    """The kind of victory, in games that have several (Duel: hearts, fame, destruction,
    spotlight); None in King of Tokyo, and then absent from the JSON."""

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        if self.victory is None:
            return {"winner": self.winner, "reason": self.reason}
        return {"winner": self.winner, "reason": self.reason, "victory": self.victory}


# Module-level aliases of the phases: cheaper to read than Enum attributes.
_P_ROLL, _P_KEEP, _P_BUY, _P_YIELD, _P_OVER, _P_FIRST_PLAYER = (
    Phase.ROLL,
    Phase.KEEP,
    Phase.BUY,
    Phase.YIELD,
    Phase.OVER,
    Phase.FIRST_PLAYER,
)


# The attributes of a State, named once: `assign` copies them all (a module constant, as
# mypyc-compiled classes do not keep `__slots__` readable through the class).
_STATE_FIELDS: Final = (
    "active",
    "attack_bonus",
    "bay",
    "board",
    "city",
    "copying",
    "dealt_damage",
    "deck",
    "dice",
    "discard",
    "entering",
    "events",
    "extra_turns",
    "fed",
    "feed",
    "game",
    "held",
    "inserted",
    "monsters",
    "outcome",
    "paid",
    "pending",
    "pending_damage",
    "phase",
    "protected",
    "resume",
    "rolls_allowed",
    "rolls_done",
    "shop",
    "to_roll",
    "tokens",
    "turn",
    "used_abilities",
    "yield_queue",
    "yielded",
)


class State:
    """A King of Tokyo game position (OpenSpiel-style game/state protocol)."""

    __slots__ = _STATE_FIELDS

    game: Game
    monsters: tuple[Monster, ...]
    city: int | None
    bay: int | None
    active: int
    turn: int
    phase: Phase
    dice: Counts
    to_roll: int
    rolls_done: int
    rolls_allowed: int
    """Rolls this turn: the rules' three plus what the active monster's cards add."""
    yield_queue: tuple[int, ...]
    entering: bool
    deck: tuple[str, ...]
    shop: tuple[str, ...]
    discard: tuple[str, ...]
    outcome: Outcome | None
    events: tuple[Event, ...]
    dealt_damage: bool
    """The active monster has made another monster lose hearts this turn."""
    used_abilities: frozenset[str]
    """Once-per-turn abilities used this turn, as ``seat:card:index``."""
    copying: tuple[tuple[str, str], ...]
    """Cards working as copies of other cards, as sorted (copier, copied) pairs."""
    protected: frozenset[int]
    """Monsters a card protects from all damage for the rest of this turn."""
    inserted: tuple[tuple[int, int], ...]
    """Turns owed to monsters other than the active one (a card bought out of turn), played
    right after this turn, in order: (seat, dice fewer)."""
    resume: int | None
    """While owed turns are played: the seat after which the usual order goes on."""
    pending: Pending | None
    """The step waiting for an answer a card asked for (kot_rules.engine.requests)."""
    paid: tuple[tuple[str, int], ...]
    """The energy paid for each keep card a monster bought and still has, as sorted
    (card, energy) pairs: what a card discarded for its cost gives back (D-SELL-REFUND)."""
    feed: tuple[Action, ...]
    """While a step is replayed: the answers given so far (never part of the position)."""
    fed: int
    extra_turns: tuple[int, ...]
    """Turns the active monster is owed right after this one (a card gave them), in order:
    for each, how many dice fewer it rolls."""
    attack_bonus: int
    """Damage cards added to this turn's attack while the dice are resolved (0 otherwise)."""
    pending_damage: tuple[tuple[int, int], ...]
    """(seat, damage) of an attack not dealt yet: the occupant decides to yield first."""
    yielded: tuple[int | None, int | None]
    """Who yielded Tokyo City and Tokyo Bay to the current attack (None: nobody)."""
    tokens: tuple[tuple[int, str, int], ...]
    """Tokens on monsters: (seat, kind, count), sorted, counts > 0 (kot_rules.engine.tokens)."""
    held: tuple[tuple[str, str, int], ...]
    """Tokens and energy on cards: (card id, kind or "energy", count), sorted, counts > 0."""
    board: Any
    """A game's own board, an immutable value (Duel:
    kot_rules.games.king_of_tokyo_duel.board.DuelBoard);
    None in King of Tokyo, and then absent from the JSON."""

    # -- the decision protocol ---------------------------------------------------

    def current_player(self) -> int:
        """The seat that decides next, or :data:`CHANCE`, or :data:`TERMINAL`."""
        if self.pending is not None:
            return self.pending.request.seat  # CHANCE_SEAT == CHANCE
        phase = self.phase
        if phase is _P_KEEP or phase is _P_BUY:
            return self.active
        if phase is _P_YIELD:
            return self.yield_queue[0]
        if phase is _P_OVER:
            return TERMINAL
        if phase is _P_ROLL or phase is _P_FIRST_PLAYER:
            return CHANCE
        return self.active  # a game's own decision phase (Duel's)

    def is_chance_node(self) -> bool:
        if self.pending is not None:
            return self.pending.request.is_chance
        return self.phase is _P_ROLL or self.phase is _P_FIRST_PLAYER

    def is_terminal(self) -> bool:
        return self.phase is _P_OVER

    def legal_actions(self) -> Sequence[Action]:
        """The decisions open to :meth:`current_player` (empty at chance and terminal nodes)."""
        # A function held by the game: read it, then call it (a method-style call of an
        # attribute that is no method is not specialised by CPython, ~90 ns slower).
        legal = self.game.legal_actions
        return legal(self)

    def chance_outcomes(self) -> list[tuple[ChanceOutcome, Fraction]]:
        """Every outcome of this chance node with its exact probability."""
        if self.pending is not None:
            n = self.pending.request.dice
            if not self.pending.request.is_chance:
                return []
            return [(Roll(c), dice.probability(c)) for c in dice.all_outcomes(n)]
        if self.phase is _P_ROLL:
            return [(Roll(c), dice.probability(c)) for c in dice.all_outcomes(self.to_roll)]
        if self.phase is _P_FIRST_PLAYER:
            n = len(self.monsters)
            # Every monster rolls; ties reroll. By symmetry each seat starts with chance 1/n.
            return [(FirstPlayer(i), Fraction(1, n)) for i in range(n)]
        return []

    def sample_chance(self, rng: random.Random) -> ChanceOutcome:
        """Draw an outcome of this chance node with the probabilities of :meth:`chance_outcomes`."""
        if self.pending is not None and self.pending.request.is_chance:
            return Roll(dice.sample(rng, self.pending.request.dice))
        if self.pending is None and self.phase is _P_ROLL:
            return Roll(dice.sample(rng, self.to_roll))
        if self.phase is _P_FIRST_PLAYER:
            return FirstPlayer(rng.randrange(len(self.monsters)))
        raise IllegalActionError(f"not a chance node: the state waits for {self.phase.value}")

    def apply(self, action: Action) -> State:
        """The state after ``action`` (``self`` never changes); raises IllegalActionError."""
        new = self.copy()
        step = self.game.rules.apply
        step(new, action)
        return new

    # -- reading the state -------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.names

    def place_of(self, seat: int) -> Place:
        if self.city == seat:
            return Place.CITY
        if self.bay == seat:
            return Place.BAY
        return Place.OUTSIDE

    def in_tokyo(self, seat: int) -> bool:
        return self.city == seat or self.bay == seat

    def alive_seats(self) -> tuple[int, ...]:
        return tuple(i for i, m in enumerate(self.monsters) if m.alive)

    @property
    def bay_open(self) -> bool:
        """The second place (Tokyo Bay) is in use: the variant is on and at least as many
        monsters remain as the game's board opens it for (``Board.second_place_from``)."""
        game = self.game
        return game.tokyo_bay and sum(m.alive for m in self.monsters) >= game.second_place_from

    def copy(self) -> State:
        new = State.__new__(State)
        new.game = self.game
        new.monsters = self.monsters
        new.city = self.city
        new.bay = self.bay
        new.active = self.active
        new.turn = self.turn
        new.phase = self.phase
        new.dice = self.dice
        new.to_roll = self.to_roll
        new.rolls_done = self.rolls_done
        new.rolls_allowed = self.rolls_allowed
        new.yield_queue = self.yield_queue
        new.entering = self.entering
        new.deck = self.deck
        new.shop = self.shop
        new.discard = self.discard
        new.outcome = self.outcome
        new.dealt_damage = self.dealt_damage
        new.used_abilities = self.used_abilities
        new.paid = self.paid
        new.extra_turns = self.extra_turns
        new.pending = self.pending
        new.protected = self.protected
        new.inserted = self.inserted
        new.resume = self.resume
        new.copying = self.copying
        new.tokens = self.tokens
        new.held = self.held
        new.feed = ()
        new.fed = 0
        new.attack_bonus = self.attack_bonus
        new.pending_damage = self.pending_damage
        new.yielded = self.yielded
        new.board = self.board
        new.events = ()
        return new

    def assign(self, other: State) -> None:
        """Make this state the position ``other`` is (a step restarts from it)."""
        for name in _STATE_FIELDS:
            setattr(self, name, getattr(other, name))
        self.pending = None
        self.feed = ()
        self.fed = 0
        self.events = ()

    # -- serialisation -------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The JSON form (schema: docs/formats/state.md). ``events`` are those of the last step."""
        out: dict[str, Any] = {
            "format": 1,
            "game": self.game.game_id,
            "monsters": [m.to_json() for m in self.monsters],
            "city": self.city,
            "bay": self.bay,
            "active": self.active,
            "turn": self.turn,
            "phase": self.phase.value,
            "dice": [f.value for f in dice.faces_of(self.dice, self.game.rules.dice.faces)],
            "to_roll": self.to_roll,
            "rolls_done": self.rolls_done,
            "rolls_allowed": self.rolls_allowed,
            "yield_queue": list(self.yield_queue),
            "entering": self.entering,
            "deck": list(self.deck),
            "shop": list(self.shop),
            "discard": list(self.discard),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "dealt_damage": self.dealt_damage,
            "used_abilities": sorted(self.used_abilities),
            "paid": [{"card": c, "energy": n} for c, n in self.paid],
            "extra_turns": list(self.extra_turns),
            "attack_bonus": self.attack_bonus,
            "pending_damage": [{"seat": t, "damage": n} for t, n in self.pending_damage],
            "yielded": {"city": self.yielded[0], "bay": self.yielded[1]},
            "protected": sorted(self.protected),
            "inserted": [list(pair) for pair in self.inserted],
            "resume": self.resume,
            "copying": [list(pair) for pair in self.copying],
            "pending": None if self.pending is None else self.pending.to_json(),
            "tokens": [{"monster": m, "kind": k, "count": n} for m, k, n in self.tokens],
            "held": [{"card": c, "kind": k, "count": n} for c, k, n in self.held],
            "events": [e.to_json() for e in self.events],
        }
        if self.board is not None:
            out["board"] = self.board.to_json()
        return out

    @classmethod
    def from_json(cls, game: Game, data: object) -> State:
        """Read a state written by :meth:`to_json` for the same game."""
        return game.state_from_json(data)

    def canonical(self) -> str:
        """A string that differs between any two different positions (events excluded)."""
        data = self.to_json()
        del data["events"]
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.canonical() == other.canonical()

    def __hash__(self) -> int:
        return hash(self.canonical())

    def __str__(self) -> str:
        lines = [f"turn {self.turn}, {self.names[self.active]} active, phase {self.phase.value}"]
        for i, m in enumerate(self.monsters):
            status = "" if m.alive else " (eliminated)"
            lines.append(
                f"  {m.name}: {m.hearts}/{m.max_hearts} ♥ {m.stars} ★ {m.energy} ⚡ "
                f"{self.place_of(i).value}{status} cards={list(m.cards)}"
            )
        if self.board is not None:
            lines.append(f"  {self.board.describe(self.names)}")
        faces = self.game.rules.dice.faces
        lines.append(f"  dice: {dice.describe(self.dice, faces)} (+{self.to_roll} to roll)")
        lines.append(
            f"  shop: {list(self.shop)}, deck {len(self.deck)}, discard {len(self.discard)}"
        )
        if self.outcome is not None:
            lines.append(f"  outcome: {self.outcome.to_json()}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"State({self.canonical()})"


def load_json(text: str) -> object:
    """Parse state JSON text, bounded (size, depth, digits); raises StateFormatError."""
    return load_state_json(text)

