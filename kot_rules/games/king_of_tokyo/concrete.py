"""King of Tokyo's invariants (INV-*, :mod:`kot_rules.games.king_of_tokyo.invariants`) in
plain Python on an engine state: each function names what is wrong with the state (empty:
the invariant holds). Each invariant's object carries its function here as its ``check``,
beside its Z3 property.
"""

from __future__ import annotations

from collections import Counter

from kot_rules.engine import abilities
from kot_rules.engine.events import EventKind
from kot_rules.engine.numbers import BAY_MIN_MONSTERS, MAX_MONSTERS, MIN_MONSTERS
from kot_rules.engine.state import Phase, State
from kot_rules.engine.statecheck import tokens_from_the_box
from kot_rules.language.ast import ModifierKind


def seats(s: State) -> list[str]:
    n = len(s.monsters)
    if not MIN_MONSTERS <= n <= MAX_MONSTERS or n != s.game.num_players:
        return [f"{n} monsters on a table of {s.game.num_players} (2-6)"]
    return []


def hearts(s: State) -> list[str]:
    out = []
    for seat, m in enumerate(s.monsters):
        if not 0 <= m.hearts <= m.max_hearts:
            out.append(f"{m.name} has {m.hearts} hearts, outside 0..{m.max_hearts}")
        # The maximum is the monster's own (at least 1) plus what its cards add.
        raised = abilities.total(s, seat, ModifierKind.MAX_HEARTS) if m.alive else 0
        if m.max_hearts - raised < 1:
            out.append(f"{m.name}: maximum {m.max_hearts} is less than 1 + its cards' {raised}")
    return out


def tokyo(s: State) -> list[str]:
    out = []
    n = len(s.monsters)
    for where, seat in (("City", s.city), ("Bay", s.bay)):
        if seat is None:
            continue
        if not 0 <= seat < n:
            out.append(f"Tokyo {where} holds seat {seat}, not a seat of the table")
        elif not s.monsters[seat].alive:
            out.append(f"Tokyo {where} holds {s.monsters[seat].name}, eliminated")
    if s.city is not None and s.city == s.bay:
        out.append(f"seat {s.city} is in Tokyo City and Tokyo Bay at once")
    if s.bay is not None:
        alive = sum(m.alive for m in s.monsters)
        if not s.game.tokyo_bay or alive < BAY_MIN_MONSTERS:
            variant = "on" if s.game.tokyo_bay else "off"
            out.append(f"Tokyo Bay is occupied with the variant {variant} and {alive} "
                       "monsters in the game")
    return out


def eliminated(s: State) -> list[str]:
    out = []
    for m in s.monsters:
        if m.alive and m.hearts < 1:
            out.append(f"{m.name} is in the game at {m.hearts} hearts")
        if not m.alive and (m.hearts != 0 or m.cards):
            out.append(f"{m.name} is eliminated but has {m.hearts} hearts, cards {list(m.cards)}")
    if s.phase is not Phase.OVER and not s.monsters[s.active].alive:
        out.append(f"{s.monsters[s.active].name} is eliminated but is the active monster")
    p = s.current_player()
    if p >= 0 and not s.monsters[p].alive:
        out.append(f"{s.monsters[p].name} is eliminated but decides next")
    return out


def resources(s: State) -> list[str]:
    out = [f"{m.name} has {m.stars} stars and {m.energy} energy"
           for m in s.monsters if m.stars < 0 or m.energy < 0]
    return out + check_tokens(s)


def check_tokens(s: State) -> list[str]:
    """Tokens of each kind, on monsters and on cards, within the box count (the supply);
    a copy's own tokens aside, as :func:`~kot_rules.engine.statecheck.tokens_from_the_box`
    counts them (D-TOKEN-SUPPLY)."""
    box = s.game.cards.token_supply
    return [f"{n} {kind} tokens in play, the box has {box.get(kind, 0)}"
            for kind, n in sorted(tokens_from_the_box(s).items()) if n > box.get(kind, 0)]


def cards(s: State) -> list[str]:
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


def victory(s: State) -> list[str]:
    out = []
    over = s.phase is Phase.OVER
    if over != (s.outcome is not None):
        out.append(f"phase {s.phase.value} with outcome {s.outcome}")
    alive = [i for i, m in enumerate(s.monsters) if m.alive]
    o = s.outcome
    if o is not None:
        if o.winner is None and alive:
            out.append(f"a draw with {len(alive)} monsters in the game")
        if o.winner is not None:
            w = s.monsters[o.winner]
            if not w.alive:
                out.append(f"{w.name} won but is eliminated")
            elif len(alive) > 1 and w.stars < s.game.options.win_stars:
                out.append(f"{w.name} won with {w.stars} stars and {len(alive) - 1} rivals left")
    kinds = [e.kind for e in s.events]
    ends = [k for k in kinds if k in (EventKind.WON, EventKind.DRAW)]
    if len(ends) > 1:
        out.append(f"{len(ends)} outcomes in one step")
    if ends and EventKind.TURN_ENDED not in kinds[: kinds.index(ends[0])]:
        out.append("the game ended before the end of a turn")
    return out


def yielding(s: State) -> list[str]:
    if s.pending is not None:
        # In the middle of a step, waiting for a card's question: the yield queue may be
        # half-formed, and nobody is asked to yield until the step is done.
        return []
    out = []
    q = s.yield_queue
    if (s.phase is Phase.YIELD) != bool(q):
        out.append(f"phase {s.phase.value} with yield queue {list(q)}")
    if len(set(q)) != len(q) or len(q) > 2 or s.active in q:
        out.append(f"yield queue {list(q)} (active seat {s.active})")
    if q and not (s.monsters[q[0]].alive and s.in_tokyo(q[0])):
        out.append(f"{s.monsters[q[0]].name} is asked to yield but is not in Tokyo")
    if any(e.kind is EventKind.RESOLVED for e in s.events):
        # The queue was formed in this step: each one asked lost hearts to the attack.
        hit = {e.seat for e in s.events if e.kind is EventKind.DAMAGED and e.detail == "attack"}
        # A card may let the occupant decide before the damage lands (D-YIELD-BEFORE-DAMAGE): the
        # damage waits in pending_damage.
        hit |= {seat for seat, _ in s.pending_damage}
        for seat in q:
            if seat not in hit:
                out.append(f"{s.monsters[seat].name} is asked to yield but was not attacked")
    return out
