"""Whether a state read from JSON is a position the rules allow, beyond its field types.

The reader (:mod:`kot_rules.engine.serial`) checks each field's type; these checks reject
the combinations no game reaches (negative hearts, two monsters in the City, a card in two
places, ...) and the sizes that would make the engine loop for long (a card asking how
much energy to spend lists every amount up to the monster's energy). They restate the
invariants of :mod:`kot_rules.games.king_of_tokyo.invariants` that hold at every step, without
importing them (the engine does not depend on the prover's package).
"""

from __future__ import annotations

from collections import Counter

from kot_rules.engine.errors import StateFormatError
from kot_rules.engine.state import Phase, State

MAX_COUNT = 100_000
"""Hearts, stars, energy, tokens and damage: far above any game (the energy of a long
random game stays in the hundreds), low enough that listing 0..energy is quick."""
MAX_DICE = 64
"""Dice on the table plus dice to throw (6, plus what cards add)."""
MAX_ROLLS = 99
MAX_EXTRA_TURNS = 99
"""Extra turns owed at once (a random game owes one or two)."""
MAX_TURN = 1_000_000


def check_position(s: State) -> None:
    """Raise :class:`StateFormatError` naming the first impossible part of ``s``."""
    for check in (_monsters, _tokyo, _cards, _dice, _counts, _turn_order, _tokens):
        problem = check(s)
        if problem:
            raise StateFormatError(problem)


def _monsters(s: State) -> str:
    for i, m in enumerate(s.monsters):
        where = f"monsters[{i}] ({m.name})"
        if not 1 <= m.max_hearts <= MAX_COUNT:
            return f"{where}.max_hearts: expected 1..{MAX_COUNT}, got {m.max_hearts}"
        if m.alive and not 1 <= m.hearts <= m.max_hearts:
            return (f"{where}.hearts: a monster in the game has 1..max_hearts "
                    f"({m.max_hearts}) hearts, got {m.hearts}")
        if not m.alive and (m.hearts != 0 or m.cards):
            return (f"{where}: an eliminated monster has 0 hearts and no cards, got "
                    f"{m.hearts} hearts and cards {list(m.cards)}")
        for key in ("stars", "energy"):
            value = getattr(m, key)
            if not 0 <= value <= MAX_COUNT:
                return f"{where}.{key}: expected 0..{MAX_COUNT}, got {value}"
    return ""


def _tokyo(s: State) -> str:
    alive = sum(m.alive for m in s.monsters)
    for key, seat in (("city", s.city), ("bay", s.bay)):
        if seat is not None and not s.monsters[seat].alive:
            return f"{key}: {s.monsters[seat].name} (seat {seat}) is eliminated"
    if s.city is not None and s.city == s.bay:
        return f"city, bay: seat {s.city} cannot be in Tokyo City and Tokyo Bay at once"
    if s.bay is not None and not (s.game.tokyo_bay and alive >= 5):
        return ("bay: Tokyo Bay is occupied only with the Bay variant on and at least 5 "
                f"monsters in the game (variant {'on' if s.game.tokyo_bay else 'off'}, "
                f"{alive} in the game)")
    return ""


def _cards(s: State) -> str:
    placed: Counter[str] = Counter(s.deck) + Counter(s.shop) + Counter(s.discard)
    for m in s.monsters:
        placed += Counter(m.cards)
        for c in m.cards:
            if not s.game.cards.is_keep(c):
                return f"{m.name} holds {c!r}, a discard card: nobody keeps it"
    twice = sorted(c for c, n in placed.items() if n > 1)
    if twice:
        return f"card {twice[0]!r} is in two places (deck, shop, discard, monsters' cards)"
    missing = sorted(set(s.game.cards.physical_ids()) - set(placed))
    if missing:
        return f"card {missing[0]!r} is nowhere (deck, shop, discard, monsters' cards)"
    if len(s.shop) > 3:
        return f"shop: at most 3 face-up cards, got {len(s.shop)}"
    held = {c for c, _, _ in s.held}
    loose = sorted(held - {c for m in s.monsters for c in m.cards})
    if loose:
        return f"held: tokens lie on {loose[0]!r}, a card no monster owns"
    return ""


def _dice(s: State) -> str:
    if s.to_roll < 0 or sum(s.dice) + s.to_roll > MAX_DICE:
        return f"dice, to_roll: expected 0..{MAX_DICE} dice in all, got {sum(s.dice)} + {s.to_roll}"
    for key in ("rolls_done", "rolls_allowed"):
        if not 0 <= getattr(s, key) <= MAX_ROLLS:
            return f"{key}: expected 0..{MAX_ROLLS}, got {getattr(s, key)}"
    if len(s.extra_turns) > MAX_EXTRA_TURNS:
        return f"extra_turns: at most {MAX_EXTRA_TURNS} owed turns, got {len(s.extra_turns)}"
    if any(not 0 <= k <= MAX_DICE for k in s.extra_turns):
        return f"extra_turns: dice fewer must be 0..{MAX_DICE}, got {list(s.extra_turns)}"
    if any(not 0 <= k <= MAX_DICE for _, k in s.inserted):
        return f"inserted: dice fewer must be 0..{MAX_DICE}, got {list(s.inserted)}"
    return ""


def _counts(s: State) -> str:
    if not 1 <= s.turn <= MAX_TURN:
        return f"turn: expected 1..{MAX_TURN}, got {s.turn}"
    if s.attack_bonus > MAX_COUNT or any(d > MAX_COUNT for _, d in s.pending_damage):
        return f"attack_bonus, pending_damage: expected 0..{MAX_COUNT} damage"
    if any(n > MAX_COUNT for _, _, n in s.tokens) or any(n > MAX_COUNT for _, _, n in s.held):
        return f"tokens, held: expected 1..{MAX_COUNT} of each kind"
    return ""


def _turn_order(s: State) -> str:
    over = s.phase is Phase.OVER
    if over != (s.outcome is not None):
        return f"phase {s.phase.value} with outcome {s.outcome}: only a game over has one"
    o = s.outcome
    if o is not None and o.winner is not None and not s.monsters[o.winner].alive:
        return f"outcome: the winner {s.monsters[o.winner].name} is eliminated"
    q = s.yield_queue
    if len(set(q)) != len(q) or len(q) > 2 or s.active in q:
        return f"yield_queue: {list(q)} (at most 2 distinct seats, not the active {s.active})"
    return ""


def tokens_from_the_box(s: State) -> Counter[str]:
    """Tokens in play that the box's count bounds, by kind: on monsters and on cards.

    Energy on a card comes from the bank, not the box; a copy gets its tokens whatever the
    box holds (D-TOKEN-SUPPLY), so they are not counted against it.
    """
    used: Counter[str] = Counter()
    for _, kind, n in s.tokens:
        used[kind] += n
    supply = s.game.cards.token_supply
    copies = {copier for copier, _ in s.copying}
    for card, kind, n in s.held:
        if kind in supply and card not in copies:
            used[kind] += n
    return used


def _tokens(s: State) -> str:
    supply = s.game.cards.token_supply
    for kind, n in sorted(tokens_from_the_box(s).items()):
        if n > supply.get(kind, 0):
            return f"tokens: {n} {kind} tokens in play, the box has {supply.get(kind, 0)}"
    return ""
