"""Cards turned face up: a card's text may let a monster buy one at once, on any turn.

The monsters whose cards say so are asked in turn, clockwise from the active monster
(the active monster, which buys on its own turn anyway, is not asked) [001 §DODATEK,
appendix clarification 16; kot-cards.md R20].
"""

from __future__ import annotations

from kot_rules.engine import abilities
from kot_rules.engine.actions import PASS, Action, Choose
from kot_rules.engine.events import K_BOUGHT, Event
from kot_rules.engine.requests import ask
from kot_rules.engine.resources import set_monster
from kot_rules.engine.state import State
from kot_rules.language.ast import ModifierKind

_M_BUY_REVEALED = ModifierKind.BUY_REVEALED
_M_CARD_DISCOUNT = ModifierKind.CARD_DISCOUNT


def offer(s: State, ev: list[Event], revealed: tuple[str, ...]) -> None:
    """Offer each card just revealed to the monsters whose cards let them buy it now."""
    if not s.game.cards.with_modifier[_M_BUY_REVEALED]:
        return
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
            options: list[Action] = [Choose(f"buy {card}"), PASS]
            why = f"{m.name} may buy {card}, just revealed, for {cost} energy"
            if ask(s, seat, options, why) == PASS:
                continue
            keep = s.game.cards.is_keep(card)
            owned = (*m.cards, card) if keep else m.cards
            set_monster(s, seat, m._replace(energy=m.energy - cost, cards=owned))
            ev.append(Event(K_BOUGHT, seat, cost, None, "", card))
            if not keep:
                s.discard = (*s.discard, card)  # at once, as on the buyer's own turn
            # The shop is refilled at once (and that card offered in turn), then the card
            # acts for its buyer, as on the buyer's own turn.
            _turn.refill_slot(s, ev, s.shop.index(card))
            _turn.receive(s, ev, seat, card, price=cost)
            break


from kot_rules.engine import turn as _turn  # noqa: E402  (turn imports this module)
