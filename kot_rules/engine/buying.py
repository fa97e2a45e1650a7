"""Buying beyond the face-up cards: what a keep card's text lets its owner buy.

"You may buy the top card of the deck." makes the deck's top card buyable; "You may
buy keep cards from other monsters, paying them the cost." makes the keep cards of the
other monsters buyable, the price going to their owner. Only the active monster buys,
in its own buy step (the appendix of 001 on buying from others).
"""

from __future__ import annotations

from kot_rules.engine import abilities
from kot_rules.engine.actions import Action, Buy
from kot_rules.engine.events import K_ENERGY, NO_EVENT, Event, Quiet
from kot_rules.engine.resources import lose_card, set_monster
from kot_rules.engine.state import State
from kot_rules.language.ast import ModifierKind

_M_BUY_TOP_CARD = ModifierKind.BUY_TOP_CARD
_M_BUY_FROM_OTHERS = ModifierKind.BUY_FROM_OTHERS


def more_buys(s: State, energy: int, discount: int) -> list[Action]:
    """The buys the active monster's cards add to the face-up ones (affordable only)."""
    a = s.active
    cost = s.game.cards.cost
    found: list[Action] = []
    # Only the top card: after buying it the next one is the top (never two at once,
    # the appendix of 001 on copies).
    if (
        s.deck
        and abilities.has_modifier(s, a, _M_BUY_TOP_CARD)
        and cost(s.deck[0]) - discount <= energy
    ):
        found.append(Buy(s.deck[0]))
    if abilities.has_modifier(s, a, _M_BUY_FROM_OTHERS):
        for seat, m in enumerate(s.monsters):
            if seat != a and m.alive:
                found += [Buy(c, seat) for c in m.cards if cost(c) - discount <= energy]
    return found


def refusal(s: State, action: Buy) -> str | None:
    """Why ``action`` (not a face-up card) cannot be bought, as what was expected; None: ok."""
    a = s.active
    shop = ", ".join(s.shop) or "the shop is empty"
    if action.seller is None:
        if s.deck and action.card == s.deck[0] and abilities.has_modifier(s, a, _M_BUY_TOP_CARD):
            return None
        if action.card in s.discard and abilities.has_modifier(s, a, _M_BUY_FROM_DISCARD):
            return discard_refusal(s, action.card)
        return f"a face-up card ({shop})"
    seller = action.seller
    if not abilities.has_modifier(s, a, _M_BUY_FROM_OTHERS):
        return f"a face-up card ({shop}): no card of {s.names[a]} lets it buy another's card"
    if not (0 <= seller < len(s.monsters)) or seller == a or not s.monsters[seller].alive:
        return "another monster still in the game to buy from"
    if action.card not in s.monsters[seller].cards:
        return f"a keep card {s.names[seller]} owns ({', '.join(s.monsters[seller].cards)})"
    return None


def take(s: State, ev: list[Event], action: Buy, cost: int) -> None:
    """After paying: the card leaves the deck's top, or its seller, who gets the price."""
    if action.seller is None:
        if not (s.deck and s.deck[0] == action.card):  # a discarded keep card
            s.discard = tuple(c for c in s.discard if c != action.card)
            return
        s.deck = s.deck[1:]
        return
    seller = action.seller
    lose_card(s, ev, seller, action.card, to_discard=False)
    if cost:
        # A price received, not energy gained: no card adds to it (D-BUY-FROM-OTHERS).
        m = s.monsters[seller]
        set_monster(s, seller, m._replace(energy=m.energy + cost))
        ev.append(
            NO_EVENT
            if type(ev) is Quiet
            else Event(K_ENERGY, seller, cost, s.active, "", f"sold card {action.card}")
        )


# --- a card's own price and condition -----------------------------------------------------


def own_cost(s: State, seat: int, card: str, discount: int) -> int | None:
    """What ``card`` costs ``seat`` with its own modifiers (``discount``: its held cards'),
    or None if it may not buy it now: the game's board may change the price
    (``GameRules.words.price``: King of New York's boroughs and units)."""
    price = s.game.cards.cost(card) - discount
    on_board = s.game.rules.words.price
    if on_board is None:
        return max(0, price)
    return on_board(s, seat, card, price)


# --- discarded keep cards ------------------------------------------------------

_M_BUY_FROM_DISCARD = ModifierKind.BUY_FROM_DISCARD


def discard_price(s: State, seat: int, card: str, discount: int) -> int | None:
    """What the discarded keep ``card`` costs ``seat``: its price (its own, if it has one),
    less what ``seat``'s cards take off a discarded card; None if it may not buy it."""
    table = s.game.cards
    if not table.is_keep(card) or card in table.unrunnable:
        return None
    price: int | None = table.cost(card) - discount
    if table.own_price and card in table.own_price:
        price = own_cost(s, seat, card, discount)
    if price is None:
        return None
    return max(0, price - abilities.total(s, seat, _M_BUY_FROM_DISCARD))


def discard_buys(s: State, energy: int, discount: int) -> list[Action]:
    """The discarded keep cards the active monster may buy now (affordable only)."""
    out: list[Action] = []
    for c in s.discard:
        price = discard_price(s, s.active, c, discount)
        if price is not None and price <= energy:
            out.append(Buy(c))
    return out


def discard_refusal(s: State, card: str) -> str | None:
    if discard_price(s, s.active, card, 0) is None:
        return f"a discarded keep card it may buy ({card} is none)"
    return None
