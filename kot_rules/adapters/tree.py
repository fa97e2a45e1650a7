"""A game as a tree of integer actions with explicit chance nodes (for OpenSpiel).

The engine takes the deck's order as an input and rolls dice as one chance node;
a :class:`Node` adds what a game tree needs around it:

- the deal: before the first state, one chance node per card, each drawing one of
  the cards left with equal probability, so the deck is a uniform shuffle, exact;
- dice chunks: a roll of ``n`` dice is drawn in chunks of at most ``chunk`` dice,
  each a chance node over the multisets of its dice with their multinomial
  probabilities; the engine gets the sum once the last chunk is drawn. A turn's
  roll is a single chunk; only a card rolling more dice than a turn has (one die per
  point of damage) is split, which keeps ``max_chance_outcomes`` finite;
- ids for decisions (:class:`~kot_rules.adapters.encoding.ActionCodec`) and for
  chance outcomes (a chunk: the rank of its multiset among
  ``dice.all_outcomes(size)``; a card dealt: its index in the game's physical
  order; the first player: the seat).

A node plays at the engine's speed: it changes its engine state in place while no one
else can see that state (copy-on-write: :meth:`Node.copy` and reading
:attr:`Node.state` share it, and the next move copies it first), remembers the legal ids
of its state until the next move, and reads chance probabilities as floats from tables
built once per game (the same numbers as the exact fractions of
:meth:`Node.chance_outcomes`). Its states build no events (``events.QUIET_EVENTS``):
nobody reads them through an adapter.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from fractions import Fraction
from itertools import repeat
from typing import NoReturn

from kot_rules.adapters.encoding import ActionCodec, roll_outcomes
from kot_rules.engine import dice
from kot_rules.engine.actions import Action, FirstPlayer, Roll
from kot_rules.engine.dice import NO_DICE, Counts
from kot_rules.engine.errors import IllegalActionError
from kot_rules.engine.events import QUIET_EVENTS
from kot_rules.engine.game import Game
from kot_rules.engine.state import CHANCE, TERMINAL, Phase, State

DEAL = "deal"
ROLL = "roll"
FIRST = "first-player"

_ROLL_PHASE = Phase.ROLL
_FIRST_PHASE = Phase.FIRST_PLAYER
_OVER = Phase.OVER


class Shape:
    """What a game's tree needs to know once: its codec and the chance id ranges."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.codec = ActionCodec(game)
        self.chunk: int = self.codec.max_dice
        self.chunks: dict[int, tuple[Counts, ...]] = {
            k: tuple(dice.all_outcomes(k)) for k in range(self.chunk + 1)
        }
        self.chunk_rank = {k: {c: i for i, c in enumerate(v)} for k, v in self.chunks.items()}
        self.chunk_odds: dict[int, tuple[tuple[int, Fraction], ...]] = {
            k: tuple((i, dice.probability(c)) for i, c in enumerate(v))
            for k, v in self.chunks.items()
        }
        """Per chunk size: every outcome id with its probability (computed once)."""
        self.chunk_floats: dict[int, tuple[tuple[int, float], ...]] = {
            k: tuple((i, float(p)) for i, p in v) for k, v in self.chunk_odds.items()
        }
        """:attr:`chunk_odds` with each probability the float nearest to it."""
        self.chunk_ids: dict[int, tuple[int, ...]] = {
            k: tuple(range(len(v))) for k, v in self.chunks.items()
        }
        self.chunk_text = {k: tuple(f"roll {dice.describe(c)}" for c in v)
                           for k, v in self.chunks.items()}
        cards = len(self.codec.cards)
        self.card_ids: tuple[int, ...] = tuple(range(cards))
        self.deal_floats: tuple[float, ...] = (0.0, *(1 / k for k in range(1, cards + 1)))
        """Index ``k``: the chance of each card when ``k`` are left, 1/k (the float of
        ``Fraction(1, k)``: int division rounds correctly)."""
        self.max_chance_outcomes: int = max(
            roll_outcomes(self.chunk), cards, game.rules.max_players
        )


class Node:
    """A position of the tree: the deal so far, or an engine state (with a roll under way).

    A state read from :attr:`state` never changes afterwards: the node copies it before
    its next move. :attr:`now` is the same state without that promise (for a reader done
    before the next move; never assign it). What the node is (:attr:`kind`,
    :attr:`player`, :attr:`size`) is found once after each move.
    """

    __slots__ = (
        "_ids", "_owned", "_to_draw", "dealt", "kind", "left", "now", "player", "rolled",
        "shape", "size", "undealt",
    )  # fmt: skip

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.dealt: tuple[int, ...] = ()
        self.undealt: tuple[int, ...] = shape.card_ids
        """The indices of the cards not dealt yet, in order."""
        self.now: State | None = None
        """The engine state now (None while dealing): read it, keep it only through
        :attr:`state`."""
        self._owned = False
        """Only this node holds ``now``: a move may change it in place."""
        self._ids: tuple[int, ...] | None = None
        """The legal decision ids of ``now``, once asked for."""
        self.rolled: Counts = NO_DICE
        """The dice of the chunks drawn so far of the roll under way."""
        self.left: int | None = None
        """Dice still to draw in the roll under way (None: no roll under way)."""
        self.kind: str | None = DEAL
        """``deal``, ``roll`` or ``first-player`` at a chance node; None otherwise."""
        self.player: int = CHANCE
        """Who moves: a seat, CHANCE, or TERMINAL once the game is over."""
        self.size: int = 0
        """The dice of this chance node's chunk (a roll; 0 otherwise)."""
        self._to_draw = 0
        """The dice of the roll under way not drawn yet, this chunk's included."""
        if not shape.codec.cards:  # a game with no card yet has nothing to deal
            self.start(shape.game.new_initial_state(()))

    @property
    def state(self) -> State | None:
        """The engine state (None while dealing); it never changes once read here."""
        self._owned = False
        return self.now

    @state.setter
    def state(self, state: State | None) -> None:
        self.now = state
        self._owned = False
        self._ids = None
        self._settle()

    def start(self, state: State) -> None:
        """Play from ``state``, a state nobody else holds (a game's initial state)."""
        state.events = QUIET_EVENTS
        self.now = state
        self._owned = True
        self._ids = None
        self.dealt = ()
        self.undealt = ()
        self.rolled, self.left = NO_DICE, None
        self._settle()

    def copy(self) -> Node:
        new = Node.__new__(Node)
        new.shape = self.shape
        new.dealt, new.undealt = self.dealt, self.undealt
        new.rolled, new.left = self.rolled, self.left
        new.kind, new.player, new.size = self.kind, self.player, self.size
        new._to_draw = self._to_draw
        new.now, new._ids = self.now, self._ids
        new._owned = self._owned = False  # both hold the state now
        return new

    def __deepcopy__(self, memo: dict[int, object]) -> Node:
        # Engine states are values to every holder (copy-on-write): share them.
        return self.copy()

    def _own(self) -> State:
        """The state, made this node's own first (copied if anyone else may hold it)."""
        s = self.now
        assert s is not None
        if not self._owned:
            s = s.copy()
            s.events = QUIET_EVENTS
            self.now = s
            self._owned = True
        return s

    def _settle(self) -> None:
        """Find what the node is after a move: :attr:`kind`, :attr:`player`, :attr:`size`."""
        s = self.now
        kind: str | None
        if s is None:
            kind, player = DEAL, CHANCE
        elif s.phase is _OVER:  # over, even with a question left unanswered
            kind, player = None, TERMINAL
        elif s.pending is not None:
            request = s.pending.request
            kind, player = (ROLL, CHANCE) if request.is_chance else (None, request.seat)
        elif s.phase is _ROLL_PHASE:
            kind, player = ROLL, CHANCE
        elif s.phase is _FIRST_PHASE:
            kind, player = FIRST, CHANCE
        else:
            kind, player = None, s.current_player()
        self.kind, self.player = kind, player
        if kind is ROLL:
            assert s is not None
            left = self.left
            if left is None:
                left = s.pending.request.dice if s.pending is not None else s.to_roll
            self._to_draw = left
            self.size = min(left, self.shape.chunk)
        else:
            self.size = 0

    # -- what the node is ------------------------------------------------------------

    def chance_kind(self) -> str | None:
        """``deal``, ``roll`` or ``first-player`` at a chance node; None otherwise."""
        return self.kind

    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    def is_chance(self) -> bool:
        return self.kind is not None

    def dice_to_roll(self) -> int:
        """The dice of the roll this chance node belongs to (all chunks)."""
        s = self.now
        assert s is not None
        return s.pending.request.dice if s.pending is not None else s.to_roll

    def chunk_size(self) -> int:
        return self.size

    # -- the moves -------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """Every outcome id of this chance node with its exact probability (sum 1)."""
        kind = self.kind
        if kind is ROLL:
            # The engine's enumeration and probabilities (dice.all_outcomes, probability),
            # computed once per chunk size.
            return list(self.shape.chunk_odds[self.size])
        if kind is DEAL:
            return [(i, Fraction(1, len(self.undealt))) for i in self.undealt]
        if kind is FIRST:
            s = self.now
            assert s is not None
            return [(o.seat, p) for o, p in s.chance_outcomes() if isinstance(o, FirstPlayer)]
        return []

    def chance_floats(self) -> list[tuple[int, float]]:
        """:meth:`chance_outcomes` with each probability as the float nearest to it, read
        from tables built once (what OpenSpiel takes)."""
        kind = self.kind
        if kind is ROLL:
            return list(self.shape.chunk_floats[self.size])
        if kind is DEAL:
            undealt = self.undealt
            return list(zip(undealt, repeat(self.shape.deal_floats[len(undealt)])))
        return [(i, float(p)) for i, p in self.chance_outcomes()]

    def legal_actions(self) -> list[int]:
        """The sorted ids open now: chance outcomes at a chance node, decisions otherwise."""
        kind = self.kind
        if kind is ROLL:
            return list(self.shape.chunk_ids[self.size])
        if kind is DEAL:
            return list(self.undealt)
        if kind is FIRST:
            return sorted(i for i, _ in self.chance_outcomes())
        return list(self.decision_ids())

    def decision_ids(self) -> tuple[int, ...]:
        """The sorted ids of the decisions open now (none at a chance or terminal node)."""
        ids = self._ids
        if ids is None:
            s = self.now
            if s is None or self.kind is not None or self.player == TERMINAL:
                return ()
            ids = self._ids = self.shape.codec.legal_ids(s.game.legal_actions(s))
        return ids

    def action(self, action_id: int) -> Action:
        """The engine action a decision id stands for (chance ids: see :meth:`describe`)."""
        return self.shape.codec.action(action_id)

    def apply(self, action_id: int) -> None:
        """Play ``action_id`` (a chance outcome id or a decision id); raises ValueError
        (IllegalActionError, ActionEncodingError) if it is not open now, the node as it
        was."""
        kind = self.kind
        if kind is ROLL:
            chunks = self.shape.chunks[self.size]
            if not 0 <= action_id < len(chunks):
                raise ValueError(f"chance outcome {action_id} is not possible here ({kind})")
            rolled = chunks[action_id]
            if self.rolled is not NO_DICE:
                rolled = dice.add(self.rolled, rolled)
            left = self._to_draw - self.size
            if left:
                self.rolled, self.left, self._to_draw = rolled, left, left
                self.size = min(left, self.shape.chunk)
                return
            self.rolled, self.left = NO_DICE, None
            self._roll(rolled)
        elif kind is None:
            self._decide(action_id)
        elif kind is DEAL:
            undealt = self.undealt
            if action_id not in undealt:
                raise ValueError(f"chance outcome {action_id} is not possible here ({kind})")
            i = undealt.index(action_id)
            self.undealt = undealt[:i] + undealt[i + 1:]
            self.dealt = (*self.dealt, action_id)
            if not self.undealt:
                cards = self.shape.codec.cards
                dealt = self.dealt
                self.start(self.shape.game.new_initial_state(tuple(cards[i] for i in dealt)))
                self.dealt = dealt
        else:
            if action_id not in {i for i, _ in self.chance_outcomes()}:
                raise ValueError(f"chance outcome {action_id} is not possible here ({kind})")
            self._step(FirstPlayer(action_id))

    def _decide(self, action_id: int) -> None:
        ids = self._ids
        if ids is None:
            ids = self.decision_ids()
        i = bisect_left(ids, action_id)
        if i == len(ids) or ids[i] != action_id:
            self._refuse(action_id, ids)
        # Legal: the engine's step, in place, cannot stop half-way on it.
        action = self.shape.codec.action(action_id)
        s = self.now if self._owned else self._own()
        assert s is not None
        s.game.rules.apply(s, action)
        s.events = QUIET_EVENTS  # again after a question's replay (turn._run)
        self._ids = None
        self._settle()

    def _refuse(self, action_id: int, ids: tuple[int, ...]) -> NoReturn:
        """Raise the error of an id that is not a legal decision now."""
        action = self.shape.codec.action(action_id)  # ActionEncodingError out of range
        s = self.now
        assert s is not None
        who = "the game is over" if s.phase is _OVER else f"phase {s.phase.value!r}"
        raise IllegalActionError(
            f"illegal action {action} (id {action_id}) in {who}: "
            f"not one of the {len(ids)} legal ids"
        )

    def _step(self, action: Action) -> None:
        s = self.now if self._owned else self._own()
        assert s is not None
        s.game.rules.apply(s, action)
        s.events = QUIET_EVENTS  # again after a question's replay (turn._run)
        self._ids = None
        self._settle()

    def _roll(self, counts: Counts) -> None:
        """The engine gets a whole roll of ``counts`` (legal: the dice it waits for)."""
        s = self.now if self._owned else self._own()
        assert s is not None
        if s.pending is None:
            s.game.rules.roll_in_place(s, counts)
            s.events = QUIET_EVENTS
            self._ids = None
            self._settle()
        else:
            self._step(Roll(counts))

    def draw(self, rng: random.Random) -> None:
        """Play this chance node's outcome drawn from ``rng`` as ``State.sample_chance``
        draws it, the whole roll at once (the deal is not drawn here)."""
        s = self.now
        assert s is not None and self.left is None
        if s.pending is None and s.phase is _ROLL_PHASE:  # the most frequent: _roll inline
            if not self._owned:
                s = self._own()
            s.game.rules.roll_in_place(s, dice.sample(rng, s.to_roll))
            s.events = QUIET_EVENTS
            self._ids = None
            self._settle()
        else:
            self._step(s.sample_chance(rng))

    def describe(self, player: int, action_id: int) -> str:
        """``action_id`` as text, read as ``player``'s (CHANCE: against this node)."""
        if player != CHANCE:
            return str(self.shape.codec.action(action_id))
        kind = self.kind
        if kind is DEAL:
            return f"deal {self.shape.codec.cards[action_id]}"
        if kind is FIRST:
            return f"first player: seat {action_id}"
        if kind is ROLL:
            return self.shape.chunk_text[self.size][action_id]
        return f"chance outcome {action_id}"

    # -- the end ---------------------------------------------------------------------

    def returns(self) -> list[float]:
        """+1 to the winner and -1/(n-1) to each other monster (zero-sum); 0 to all in a
        draw or before the end."""
        n = self.shape.game.num_players
        s = self.now
        if s is None or s.outcome is None or s.outcome.winner is None:
            return [0.0] * n
        loss = -1.0 / (n - 1)
        return [1.0 if i == s.outcome.winner else loss for i in range(n)]


__all__ = ["CHANCE", "DEAL", "FIRST", "ROLL", "TERMINAL", "Node", "Shape"]
