"""The decisions open to the monster that decides next (King of Tokyo's phases).

:meth:`State.legal_actions` reaches :func:`legal_actions` through ``game.rules``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, overload

from kot_rules.engine import abilities, activated, buying, dice
from kot_rules.engine.actions import END_TURN, STAY, STOP, SWEEP, YIELD, Action, Buy, Reroll
from kot_rules.engine.dice import Counts
from kot_rules.engine.state import Phase, State
from kot_rules.language.ast import ModifierKind

# Module-level aliases: an Enum attribute costs ~0.1 µs to read, a global ~0.01 µs.
_M_CARD_DISCOUNT: Final = ModifierKind.CARD_DISCOUNT
_M_BUY_TOP_CARD: Final = ModifierKind.BUY_TOP_CARD
_M_BUY_FROM_OTHERS: Final = ModifierKind.BUY_FROM_OTHERS
_KEEP: Final = Phase.KEEP
_BUY: Final = Phase.BUY
_YIELD: Final = Phase.YIELD

# Actions are frozen values: one object per distinct decision serves every state, so
# the agents' choices cost a dict look-up, not a dataclass build. Bounded for card sets
# with unusual ids and dice counts (a cleared cache only costs rebuilding).
_CACHE_LIMIT: Final = 50_000
_REROLLS: Final[dict[tuple[Counts, int], Action]] = {}
_BUYS: Final[dict[str, Action]] = {}

# Compiled with mypyc, a Final module name is read from a C static; any
# other module-level name costs a dict look-up at each use (a constant imported too).
_END_TURN: Final = END_TURN
_STAY: Final = STAY
_STOP: Final = STOP
_SWEEP: Final = SWEEP
_YIELD_TOKYO: Final = YIELD


def _buy(card: str) -> Action:
    action = _BUYS.get(card)
    if action is None:
        if len(_BUYS) >= _CACHE_LIMIT:
            _BUYS.clear()
        action = _BUYS[card] = Buy(card)
    return action


def _reroll(counts: Counts, index: int) -> Action:
    """The keep at ``index`` (1 or more) of :class:`KeepChoices` for ``counts``."""
    key = (counts, index)
    action = _REROLLS.get(key)
    if action is None:
        if len(_REROLLS) >= _CACHE_LIMIT:
            _REROLLS.clear()
        action = _REROLLS[key] = Reroll(dice.sub_multiset(counts, index - 1))
    return action


class KeepChoices(Sequence[Action]):
    """The legal roll decisions, built on demand: stop, or keep any proper sub-multiset,
    then the card abilities the monster may use now.

    Index 0 is :class:`StopRolling`; index ``i`` in ``1 .. rerolls`` keeps the
    ``(i-1)``-th sub-multiset of the dice (the full multiset, which would reroll
    nothing, is left out); the card uses follow.
    """

    __slots__ = ("_len", "_rerolls", "dice", "extra")

    dice: Counts
    """The dice on the table: the keeps are their sub-multisets."""
    extra: tuple[Action, ...]
    """The card uses after the keeps."""

    def __init__(self, counts: Counts, extra: tuple[Action, ...] = ()) -> None:
        self.dice = counts
        self.extra = extra
        # stop + every keep but "all": as many as the sub-multisets
        self._rerolls = (
            (counts[0] + 1)
            * (counts[1] + 1)
            * (counts[2] + 1)
            * (counts[3] + 1)
            * (counts[4] + 1)
            * (counts[5] + 1)
        )
        self._len = self._rerolls + len(extra)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if index == 0:
            return _STOP
        if not 0 < index < self._len:
            raise IndexError(index)
        if index >= self._rerolls:
            return self.extra[index - self._rerolls]
        return _reroll(self.dice, index)

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._len):
            yield self[i]

    def __contains__(self, action: object) -> bool:
        if action == _STOP:
            return True
        if not isinstance(action, Reroll):
            return action in self.extra
        keep = action.keep
        return dice.contains(self.dice, keep) and keep != self.dice


def legal_actions(s: State) -> Sequence[Action]:
    """The decisions open to :meth:`current_player` (empty at chance and terminal nodes)."""
    phase = s.phase
    if s.pending is not None:
        return s.pending.request.options
    if phase is _KEEP:
        if not (s.game.cards.with_activated and s.monsters[s.active].cards):
            return KeepChoices(s.dice)
        uses = activated.offers(s, s.active, dice_window=True)
        if s.rolls_done >= s.rolls_allowed:
            # No roll left: only the cards' own dice abilities, or resolve.
            return [_STOP, *uses]
        if uses:
            return KeepChoices(s.dice, tuple(uses))
        return KeepChoices(s.dice)
    if phase is _BUY:
        cards, rest = buy_choices(s)
        actions: list[Action] = [_buy(c) for c in cards]
        actions += rest
        return actions
    if phase is _YIELD:
        seat = s.yield_queue[0]
        if s.game.cards.with_activated and s.monsters[seat].cards:
            return [_YIELD_TOKYO, _STAY, *activated.offers(s, seat, dice_window=False)]
        return (_YIELD_TOKYO, _STAY)
    return ()


def buy_choices(s: State) -> tuple[list[str], list[Action]]:
    """The buy phase's decisions in :func:`legal_actions`'s order: the face-up cards the
    active monster can pay for (by id: each one's decision is its Buy), then the others
    (buying elsewhere, sweeping, ending the turn, using a card)."""
    table = s.game.cards
    held = s.monsters[s.active].cards
    energy = s.monsters[s.active].energy
    cost = table.cost
    discount = abilities.total(s, s.active, _M_CARD_DISCOUNT) if held else 0
    cards = [c for c in s.shop if cost(c) - discount <= energy]
    if table.own_price or table.unrunnable:  # a card's own price, or not runnable yet
        cards = [c for c in s.shop if _affordable(s, c, discount, energy)]
    rest: list[Action] = []
    if held and table.buys_more:
        held = abilities.text_ids(s, held)  # copies of cards count too
        having = table.with_modifier
        if (abilities.any_in(having[_M_BUY_TOP_CARD], held)
                or abilities.any_in(having[_M_BUY_FROM_OTHERS], held)):
            rest += buying.more_buys(s, energy, discount)
        if abilities.any_in(having[_M_BUY_FROM_DISCARD], held):  # New York's words
            rest += buying.discard_buys(s, energy, discount)
    if energy >= s.game.sweep_cost and s.shop:
        rest.append(_SWEEP)
    rest.append(_END_TURN)
    if held and table.with_activated:
        rest.extend(activated.offers(s, s.active, dice_window=False))
    return cards, rest


def buy_action(card: str) -> Action:
    """The decision to buy face-up ``card`` (one object per card)."""
    return _buy(card)


def choose(s: State, u: float) -> Action:
    """``legal_actions(s)[int(u * len(legal_actions(s)))]`` for ``0 <= u < 1``: what an
    agent that picks an index draws, without building the actions it does not pick.

    The same action, so an agent using it plays the same games as with the list."""
    if (
        s.pending is None
        and s.phase is _KEEP
        and not (s.game.cards.with_activated and s.monsters[s.active].cards)
    ):
        # The KeepChoices order: stop, then the keeps by sub-multiset index.
        c = s.dice
        n = (c[0] + 1) * (c[1] + 1) * (c[2] + 1) * (c[3] + 1) * (c[4] + 1) * (c[5] + 1)
        index = int(u * n)
        return _STOP if index == 0 else _reroll(c, index)
    actions = legal_actions(s)
    return actions[int(u * len(actions))]


# --- cards with a price or a condition of their own (New York) ------------------------


def _affordable(s: State, card: str, discount: int, energy: int) -> bool:
    """The active monster may buy ``card`` of the shop (its own price and condition too;
    never a card the engine cannot run yet, which buying refuses)."""
    if card in s.game.cards.unrunnable:
        return False
    if card not in s.game.cards.own_price:
        return s.game.cards.cost(card) - discount <= energy
    price = buying.own_cost(s, s.active, card, discount)
    return price is not None and price <= energy


_M_BUY_FROM_DISCARD = ModifierKind.BUY_FROM_DISCARD  # New York's words
