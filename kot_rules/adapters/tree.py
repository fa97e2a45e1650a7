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
"""

from __future__ import annotations

from fractions import Fraction

from kot_rules.adapters.encoding import ActionCodec, roll_outcomes
from kot_rules.engine import dice
from kot_rules.engine.actions import Action, FirstPlayer, Roll
from kot_rules.engine.dice import NO_DICE, Counts
from kot_rules.engine.game import Game
from kot_rules.engine.state import CHANCE, TERMINAL, Phase, State

DEAL = "deal"
ROLL = "roll"
FIRST = "first-player"


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
        self.chunk_floats = {k: [(i, float(p)) for i, p in v] for k, v in self.chunk_odds.items()}
        self.chunk_text = {k: tuple(f"roll {dice.describe(c)}" for c in v)
                           for k, v in self.chunks.items()}
        self.max_chance_outcomes: int = max(
            roll_outcomes(self.chunk), len(self.codec.cards), game.rules.max_players
        )


class Node:
    """A position of the tree: the deal so far, or an engine state (with a roll under way)."""

    __slots__ = ("dealt", "left", "rolled", "shape", "state")

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.dealt: tuple[int, ...] = ()
        self.state: State | None = None
        self.rolled: Counts = NO_DICE
        """The dice of the chunks drawn so far of the roll under way."""
        self.left: int | None = None
        """Dice still to draw in the roll under way (None: no roll under way)."""
        if not shape.codec.cards:  # kony-kernel: a game with no card yet has nothing to deal
            self.state = shape.game.new_initial_state(())

    def copy(self) -> Node:
        new = Node(self.shape)
        new.dealt, new.state, new.rolled, new.left = self.dealt, self.state, self.rolled, self.left
        return new

    def __deepcopy__(self, memo: dict[int, object]) -> Node:
        # Engine states are values (State.apply never changes one): share them.
        return self.copy()

    # -- what the node is ------------------------------------------------------------

    def chance_kind(self) -> str | None:
        """``deal``, ``roll`` or ``first-player`` at a chance node; None otherwise."""
        s = self.state
        if s is None:
            return DEAL
        if not s.is_chance_node():
            return None
        if s.pending is None and s.phase is Phase.FIRST_PLAYER:
            return FIRST
        return ROLL

    def current_player(self) -> int:
        if self.state is None:
            return CHANCE
        return self.state.current_player()

    def is_terminal(self) -> bool:
        return self.state is not None and self.state.is_terminal()

    def is_chance(self) -> bool:
        return self.chance_kind() is not None

    def dice_to_roll(self) -> int:
        """The dice of the roll this chance node belongs to (all chunks)."""
        s = self.state
        assert s is not None
        return s.pending.request.dice if s.pending is not None else s.to_roll

    def chunk_size(self) -> int:
        left = self.dice_to_roll() if self.left is None else self.left
        return min(left, self.shape.chunk)

    # -- the moves -------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """Every outcome id of this chance node with its exact probability (sum 1)."""
        kind = self.chance_kind()
        if kind == DEAL:
            dealt = set(self.dealt)
            rest = [i for i in range(len(self.shape.codec.cards)) if i not in dealt]
            return [(i, Fraction(1, len(rest))) for i in rest]
        s = self.state
        assert s is not None
        if kind == FIRST:
            return [(o.seat, p) for o, p in s.chance_outcomes() if isinstance(o, FirstPlayer)]
        if kind == ROLL:
            # The engine's enumeration and probabilities (dice.all_outcomes, probability),
            # computed once per chunk size.
            return list(self.shape.chunk_odds[self.chunk_size()])
        return []

    def legal_actions(self) -> list[int]:
        """The sorted ids open now: chance outcomes at a chance node, decisions otherwise."""
        if self.is_chance():
            return sorted(i for i, _ in self.chance_outcomes())
        if self.state is None or self.state.is_terminal():
            return []
        return self.shape.codec.encode_all(self.state.legal_actions())

    def action(self, action_id: int) -> Action:
        """The engine action a decision id stands for (chance ids: see :meth:`describe`)."""
        return self.shape.codec.decode(action_id)

    def apply(self, action_id: int) -> None:
        """Play ``action_id`` (a chance outcome id or a decision id); raises ValueError
        (IllegalActionError, ActionEncodingError) if it is not open now."""
        kind = self.chance_kind()
        if kind is not None and not self._possible(kind, action_id):
            raise ValueError(f"chance outcome {action_id} is not possible here ({kind})")
        if kind == DEAL:
            self.dealt = (*self.dealt, action_id)
            cards = self.shape.codec.cards
            if len(self.dealt) == len(cards):
                deck = tuple(cards[i] for i in self.dealt)
                self.state = self.shape.game.new_initial_state(deck)
            return
        s = self.state
        assert s is not None
        if kind == FIRST:
            self.state = s.apply(FirstPlayer(action_id))
        elif kind == ROLL:
            k = self.chunk_size()
            left = (self.dice_to_roll() if self.left is None else self.left) - k
            self.rolled = dice.add(self.rolled, self.shape.chunks[k][action_id])
            if left:
                self.left = left
                return
            rolled, self.rolled, self.left = self.rolled, NO_DICE, None
            self.state = s.apply(Roll(rolled))
        else:
            # The engine checks the decision and leaves the state as it was if illegal.
            self.state = s.apply(self.action(action_id))

    def _possible(self, kind: str, action_id: int) -> bool:
        if kind == DEAL:
            return 0 <= action_id < len(self.shape.codec.cards) and action_id not in self.dealt
        if kind == ROLL:
            return 0 <= action_id < len(self.shape.chunks[self.chunk_size()])
        return action_id in {i for i, _ in self.chance_outcomes()}

    def describe(self, player: int, action_id: int) -> str:
        """``action_id`` as text, read as ``player``'s (CHANCE: against this node)."""
        if player != CHANCE:
            return str(self.shape.codec.decode(action_id))
        kind = self.chance_kind()
        if kind == DEAL:
            return f"deal {self.shape.codec.cards[action_id]}"
        if kind == FIRST:
            return f"first player: seat {action_id}"
        if kind == ROLL:
            return self.shape.chunk_text[self.chunk_size()][action_id]
        return f"chance outcome {action_id}"

    # -- the end ---------------------------------------------------------------------

    def returns(self) -> list[float]:
        """+1 to the winner and -1/(n-1) to each other monster (zero-sum); 0 to all in a
        draw or before the end."""
        n = self.shape.game.num_players
        s = self.state
        if s is None or s.outcome is None or s.outcome.winner is None:
            return [0.0] * n
        loss = -1.0 / (n - 1)
        return [1.0 if i == s.outcome.winner else loss for i in range(n)]


__all__ = ["CHANCE", "DEAL", "FIRST", "ROLL", "TERMINAL", "Node", "Shape"]
