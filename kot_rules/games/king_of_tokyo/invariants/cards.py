"""INV-CARDS: every physical card in exactly one place; the shop full while the deck lasts."""

from __future__ import annotations

from collections import Counter

import z3

from kot_rules.engine.state import State
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool, SymState


def check(s: State) -> list[str]:
    out = []
    placed = Counter(s.deck) + Counter(s.shop) + Counter(s.discard)
    for m in s.monsters:
        placed += Counter(m.cards)
    ids = Counter(s.game.cards.physical_ids())
    if placed != ids:
        out.append(f"cards not conserved: extra {sorted((placed - ids).elements())}, "
                   f"missing {sorted((ids - placed).elements())}")
    if len(s.shop) > 3 or (len(s.shop) < 3 and s.deck):
        out.append(f"the shop holds {len(s.shop)} cards with {len(s.deck)} in the deck")
    if any(not s.game.cards.is_keep(c) for m in s.monsters for c in m.cards):
        out.append("a monster holds a discard card")
    return out


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    held = z3.Sum([m.cards for m in s.monsters])
    return z3.And(s.deck >= 0, s.shop >= 0, s.shop <= 3, s.discard >= 0,
                  z3.And([m.cards >= 0 for m in s.monsters]),
                  z3.Implies(s.deck > 0, s.shop == 3),
                  s.total_cards == pre.total_cards,
                  s.deck + s.shop + s.discard + held == s.total_cards)


INVARIANT = Invariant(
    "INV-CARDS", "Deck + shop + discard pile + every monster's cards = the card set (each "
    "physical card in exactly one place); the shop holds 3 cards while the deck has any.",
    ("setup.shop", "buy.card", "buy.sweep", "buy.empty-deck"), check, symbolic, "KOT305",
    neither="Z3 proves the counts; that the very same cards are conserved (no card swapped "
    "for another) is only tested.")
