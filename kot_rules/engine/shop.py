"""The face-up cards: refilling a slot, a card just revealed, and what a bought card does.

A card turned face up may be bought at once by the monsters whose cards say so: they
are asked in turn, clockwise from the active monster (the active monster, which buys
on its own turn anyway, is not asked) [001 §DODATEK, appendix clarification 16;
kot-cards.md R20]. Buying it refills its slot, which may reveal another card: the
three functions here call each other, and nothing above them.
"""

from __future__ import annotations

from typing import Final

from kot_rules.engine import abilities, effects
from kot_rules.engine.actions import PASS, Action, Choose
from kot_rules.engine.errors import NotExecutableError
from kot_rules.engine.events import K_BOUGHT, K_DECK_EMPTY, NO_EVENT, Event, Quiet
from kot_rules.engine.requests import ask
from kot_rules.engine.resources import raise_max, raise_of, set_monster
from kot_rules.engine.state import Monster, State
from kot_rules.language.ast import ModifierKind, Trigger

_new: Final = tuple.__new__  # a NamedTuple built from its fields (compiled: no Python __new__)
_M_BUY_REVEALED: Final = ModifierKind.BUY_REVEALED
_M_CARD_DISCOUNT: Final = ModifierKind.CARD_DISCOUNT
_T_BOUGHT: Final = Trigger.BOUGHT
_T_BUY_CARD: Final = Trigger.BUY_CARD

# Compiled with mypyc, a Final module name is read from a C static; any
# other module-level name costs a dict look-up at each use (a constant imported too).
_NO_EVENT: Final = NO_EVENT
_PASS: Final = PASS
_Quiet: Final = Quiet


def refill_slot(s: State, ev: list[Event], slot: int) -> None:
    """Refill a shop slot at once from the deck; an empty deck leaves it empty (D-EMPTY-DECK)."""
    if s.deck:
        s.shop = (*s.shop[:slot], s.deck[0], *s.shop[slot + 1 :])
        s.deck = s.deck[1:]
        offer(s, ev, (s.shop[slot],))
    else:
        s.shop = s.shop[:slot] + s.shop[slot + 1 :]
        ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_DECK_EMPTY))


def pay_and_take(s: State, ev: list[Event], buyer: int, card: str, cost: int) -> None:
    """``buyer`` pays ``cost`` and takes ``card``: a keep card joins its cards, and what it
    does to the maximum hearts is in force at once; a discard card goes to the box at
    once. Both before the shop is refilled: a refill may ask a question, and the state
    that waits for the answer must show every card in its place, in force."""
    if s.game.cards.unrunnable:  # a card the engine cannot run yet
        refuse_unrunnable(s, card)
    m = s.monsters[buyer]
    keep = s.game.cards.is_keep(card)
    owned = (*m.cards, card) if keep else m.cards
    # The monster's tuple built straight: a NamedTuple's _replace is Python code.
    set_monster(s, buyer, _new(Monster, (m[0], m[1], m[2], m[3], m[4] - cost, m[5], owned)))
    ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_BOUGHT, buyer, cost, None, "", card))
    if keep:
        raise_max(s, buyer, raise_of(abilities.modifiers_of(s, card)))
    else:
        s.discard = (*s.discard, card)


def receive(s: State, ev: list[Event], buyer: int, card: str, *, price: int = 0) -> bool:
    """What a card just bought (and paid for, ``price``) does for ``buyer``, once it holds
    it (:func:`hold`): a keep card fires its "when you buy this card"; a discard card goes to the
    box after its effects [001 §OPIS KART]. Then "when you buy another card" fires.

    True: the active monster bought an extra turn, played at once: its caller ends this
    turn there, and what its end would do is skipped [001 §DODATEK, card notes].
    """
    cards = s.game.cards
    if cards.is_keep(card):
        # What was paid for it, which a card discarded for its cost gives back (D-SELL-REFUND).
        s.paid = tuple(sorted((*(p for p in s.paid if p[0] != card), (card, price))))
        abilities.fire(s, ev, _T_BOUGHT, (buyer,), only=card)
    else:
        # The buyer has already put it in the box (see turn._apply_buy).
        owed = len(s.extra_turns)
        effects.run(s, ev, buyer, cards.effects(card), card)
        if len(s.extra_turns) > owed and buyer == s.active and s.monsters[buyer].alive:
            return True
    abilities.fire(s, ev, _T_BUY_CARD, (buyer,), skip=card)
    return False


def offer(s: State, ev: list[Event], revealed: tuple[str, ...]) -> None:
    """Offer each card just revealed to the monsters whose cards let them buy it now."""
    take = s.game.rules.words.revealed  # the board's claims first (GameRules.words)
    if take is not None:
        revealed = take(s, ev, revealed)
    having = s.game.cards.with_modifier[_M_BUY_REVEALED]
    if not having or not abilities.holds_any(s, having):
        return  # nobody holds such a card (one test, not one per seat and card)
    for card in revealed:
        for seat in abilities.clockwise(s, s.active)[1:]:
            if card not in s.shop:
                break
            if not abilities.has_modifier(s, seat, _M_BUY_REVEALED):
                continue
            m = s.monsters[seat]
            cost = max(0, s.game.cards.cost(card) - abilities.total(s, seat, _M_CARD_DISCOUNT))
            if cost > m.energy:
                continue
            options: list[Action] = [Choose(f"buy {card}"), _PASS]
            why = f"{m.name} may buy {card}, just revealed, for {cost} energy"
            if ask(s, seat, options, why) == _PASS:
                continue
            pay_and_take(s, ev, seat, card, cost)
            # The shop is refilled at once (and that card offered in turn), then the card
            # acts for its buyer, as on the buyer's own turn (never the active monster, so
            # never an extra turn to play at once).
            refill_slot(s, ev, s.shop.index(card))
            receive(s, ev, seat, card, price=cost)
            break


# --- cards the engine cannot run yet ---------------------------------------------------


def refuse_unrunnable(s: State, card: str) -> None:
    """NotExecutableError, before anything changes, for a card that says a word the engine
    cannot run yet (kot_rules.engine.cards.NOT_YET): never a card that silently does less."""
    word = s.game.cards.unrunnable.get(card)
    if word is not None:
        raise NotExecutableError(
            f"card {card} ({s.game.cards.name(card)}) says the {word}, which the engine "
            "cannot run yet (spec/cards/king-of-new-york/README.md lists these words)")
