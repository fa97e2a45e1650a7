"""Tokens on monsters and tokens or energy held on cards, read from card text.

A card set declares each token kind and how many the box holds (``The game has
12 poison tokens.``). Every token placed, on a monster or on a card, comes from
that supply; one that is not in the supply is not placed (but a copy gets all the
tokens of the copied card), and a token removed goes back to it (decision
D-TOKEN-SUPPLY). Energy held on a card comes from the
monster or the bank, which has no limit. The rules of a token kind act on any
monster that has such tokens, even once the card that says them is gone
[001 §DODATEK, appendix clarification 14].
"""

from __future__ import annotations

from kot_rules.engine import resources as _resources
from kot_rules.engine.events import K_ENERGY, K_HELD, K_TOKENS, Event
from kot_rules.engine.resources import clear_card as clear_card  # the card's leaving
from kot_rules.engine.resources import clear_monster as clear_monster
from kot_rules.engine.state import State
from kot_rules.language.ast import ENERGY_ON_CARD, TokenRuleKind

_FEWER_DICE = TokenRuleKind.FEWER_DICE
_END_OF_TURN_DAMAGE = TokenRuleKind.END_OF_TURN_DAMAGE


def on_monster(s: State, seat: int, kind: str) -> int:
    """How many ``kind`` tokens ``seat`` has."""
    for who, k, n in s.tokens:
        if who == seat and k == kind:
            return n
    return 0


def on_card(s: State, card: str, kind: str) -> int:
    """How many ``kind`` tokens (or energy, ``kind == "energy"``) lie on ``card``."""
    for c, k, n in s.held:
        if c == card and k == kind:
            return n
    return 0


def supply_left(s: State, kind: str) -> int:
    """``kind`` tokens still in the supply: the box's count minus those in play."""
    used = sum(n for _, k, n in s.tokens if k == kind) + sum(n for _, k, n in s.held if k == kind)
    return max(0, s.game.cards.token_supply.get(kind, 0) - used)


def _set_monster_tokens(s: State, seat: int, kind: str, n: int) -> None:
    rest = [t for t in s.tokens if not (t[0] == seat and t[1] == kind)]
    if n > 0:
        rest.append((seat, kind, n))
    s.tokens = tuple(sorted(rest))


def _set_held(s: State, card: str, kind: str, n: int) -> None:
    rest = [t for t in s.held if not (t[0] == card and t[1] == kind)]
    if n > 0:
        rest.append((card, kind, n))
    s.held = tuple(sorted(rest))


def put_on_monster(s: State, ev: list[Event], seat: int, kind: str, n: int, source: int) -> int:
    """Put up to ``n`` ``kind`` tokens on ``seat``, as many as the supply has; how many."""
    placed = min(n, supply_left(s, kind))
    if placed:
        _set_monster_tokens(s, seat, kind, on_monster(s, seat, kind) + placed)
        ev.append(Event(K_TOKENS, seat, placed, source, "", kind))
    return placed


def remove_from_monster(s: State, ev: list[Event], seat: int, kind: str, n: int) -> int:
    """Take up to ``n`` ``kind`` tokens off ``seat``, back to the supply; how many."""
    have = on_monster(s, seat, kind)
    removed = min(n, have)
    if removed:
        _set_monster_tokens(s, seat, kind, have - removed)
        ev.append(Event(K_TOKENS, seat, -removed, None, "", kind))
    return removed


def put_on_card(
    s: State, ev: list[Event], seat: int, card: str, kind: str, n: int, *, copy: bool = False
) -> int:
    """Put ``n`` tokens (as many as the supply has) or ``n`` energy on ``seat``'s ``card``.

    ``copy``: the tokens a copy gets for what lies on the copied card, all ``n`` of them
    whatever the box holds [001 §DODATEK, appendix clarification 3 "weź z ogólnych
    zasobów ich odpowiednią liczbę"] (D-TOKEN-SUPPLY)."""
    placed = n if kind == ENERGY_ON_CARD or copy else min(n, supply_left(s, kind))
    if placed:
        _set_held(s, card, kind, on_card(s, card, kind) + placed)
        ev.append(Event(K_HELD, seat, placed, None, "", f"{kind} on {card}"))
    return placed


def take_from_card(s: State, ev: list[Event], seat: int, card: str, kind: str, n: int) -> int:
    """Take up to ``n`` tokens or energy off ``card`` (tokens go back to the supply)."""
    have = on_card(s, card, kind)
    taken = min(n, have)
    if taken:
        _set_held(s, card, kind, have - taken)
        ev.append(Event(K_HELD, seat, -taken, None, "", f"{kind} on {card}"))
    return taken


def move_energy_to_owner(s: State, ev: list[Event], seat: int, card: str, n: int) -> None:
    """Move up to ``n`` energy from ``card`` to ``seat``: moved, not gained, so no card adds
    to it [001 §DODATEK, appendix clarification 13] (decision D-ENERGY-MOVED)."""
    taken = take_from_card(s, ev, seat, card, ENERGY_ON_CARD, n)
    if taken:
        m = s.monsters[seat]
        _resources.set_monster(s, seat, m._replace(energy=m.energy + taken))
        ev.append(Event(K_ENERGY, seat, taken, None, "", f"moved from card {card}"))


def check_empty(s: State, ev: list[Event], seat: int, card: str) -> None:
    """``When this card has no ..., discard it.``: discard ``card`` if it holds none."""
    rules = s.game.cards.empty_rules(card)
    if not rules or card not in s.monsters[seat].cards:
        return
    if any(on_card(s, card, rule.resource) == 0 for rule in rules):
        _resources.lose_card(s, ev, seat, card)


def fewer_dice(s: State, seat: int) -> int:
    """Dice ``seat`` rolls fewer because of its tokens."""
    out = 0
    for rule in s.game.cards.token_rules:
        if rule.kind is _FEWER_DICE:
            out += rule.amount * on_monster(s, seat, rule.token)
    return out


def end_of_turn(s: State, ev: list[Event], seat: int) -> None:
    """The token rules of the end of ``seat``'s turn: each kind deals its damage at once,
    as one source (decision D-POISON-ONE-SOURCE), never as an attack."""
    for rule in s.game.cards.token_rules:
        if rule.kind is _END_OF_TURN_DAMAGE and s.monsters[seat].alive:
            n = rule.amount * on_monster(s, seat, rule.token)
            if n:
                _resources.damage(s, ev, seat, n, seat, attack=False)

