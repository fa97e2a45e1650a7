"""INV-CARDS: every physical card in exactly one place; the shop full while the deck lasts."""

from __future__ import annotations

import z3

from kot_rules.games.king_of_tokyo import concrete
from kot_rules.games.king_of_tokyo.state import SymState
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    held = z3.Sum([m.cards for m in s.monsters])
    return z3.And(s.deck >= 0, s.shop >= 0, s.shop <= 3, s.discard >= 0,
                  z3.And([m.cards >= 0 for m in s.monsters]),
                  z3.Implies(s.deck > 0, s.shop == 3),
                  s.total_cards == pre.total_cards,
                  s.deck + s.shop + s.discard + held == s.total_cards)


INVARIANT: Invariant[SymState] = Invariant(
    "INV-CARDS", "Deck + shop + discard pile + every monster's cards = the card set (each "
    "physical card in exactly one place); the shop holds 3 cards while the deck has any.",
    ("setup.shop", "buy.card", "buy.sweep", "buy.empty-deck"), concrete.cards, symbolic, "KOT305",
    neither="Z3 proves the counts; that the very same cards are conserved (no card swapped "
    "for another) is only tested.")
