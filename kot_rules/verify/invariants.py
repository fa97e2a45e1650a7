"""The invariants of the rules and their checks on a concrete state.

Each invariant has a stable id (``INV-...``), a one-line statement, the rules it comes
from, and a function over a :class:`State` that returns what is wrong (empty: it holds).
The Z3 proofs (:mod:`kot_rules.verify.properties`) state the same invariants symbolically.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from kot_rules.engine import abilities
from kot_rules.engine.events import EventKind
from kot_rules.engine.game import BAY_MIN_MONSTERS, MAX_MONSTERS, MIN_MONSTERS
from kot_rules.engine.state import Phase, State
from kot_rules.language.ast import ModifierKind


@dataclass(frozen=True, slots=True)
class Invariant:
    """An invariant: ``id``, what it says, the rules it rests on, and its concrete check."""

    id: str
    statement: str
    rules: tuple[str, ...]
    check: Callable[[State], list[str]]
    neither: str = ""
    """What neither the proofs nor the property tests establish (the docs say it)."""


@dataclass(frozen=True, slots=True)
class Violation:
    """One way a state breaks an invariant."""

    invariant: str
    message: str

    def __str__(self) -> str:
        return f"{self.invariant}: {self.message}"


class InvariantViolation(AssertionError):
    """A state breaks one or more invariants (raised by :func:`assert_all`)."""

    def __init__(self, violations: list[Violation], state: State) -> None:
        self.violations = violations
        lines = "\n".join(f"  {v}" for v in violations)
        super().__init__(f"{len(violations)} invariant violation(s):\n{lines}\n{state}")


def check_seats(s: State) -> list[str]:
    n = len(s.monsters)
    if not MIN_MONSTERS <= n <= MAX_MONSTERS or n != s.game.num_players:
        return [f"{n} monsters on a table of {s.game.num_players} (2-6)"]
    return []


def check_hearts(s: State) -> list[str]:
    out = []
    for seat, m in enumerate(s.monsters):
        if not 0 <= m.hearts <= m.max_hearts:
            out.append(f"{m.name} has {m.hearts} hearts, outside 0..{m.max_hearts}")
        # The maximum is the monster's own (at least 1) plus what its cards add.
        raised = abilities.total(s, seat, ModifierKind.MAX_HEARTS) if m.alive else 0
        if m.max_hearts - raised < 1:
            out.append(f"{m.name}: maximum {m.max_hearts} is less than 1 + its cards' {raised}")
    return out


def check_tokyo(s: State) -> list[str]:
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


def check_eliminated(s: State) -> list[str]:
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


def check_resources(s: State) -> list[str]:
    out = [f"{m.name} has {m.stars} stars and {m.energy} energy"
           for m in s.monsters if m.stars < 0 or m.energy < 0]
    return out + check_tokens(s)


def check_tokens(s: State) -> list[str]:
    """Tokens of each kind, on monsters and on cards, within the box count (the supply)."""
    used: dict[str, int] = {}
    for _, kind, n in s.tokens:
        used[kind] = used.get(kind, 0) + n
    for _, kind, n in s.held:
        if kind in s.game.cards.token_supply:  # energy on a card comes from the bank
            used[kind] = used.get(kind, 0) + n
    box = s.game.cards.token_supply
    return [f"{n} {kind} tokens in play, the box has {box.get(kind, 0)}"
            for kind, n in sorted(used.items()) if n > box.get(kind, 0)]


def check_cards(s: State) -> list[str]:
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


def check_victory(s: State) -> list[str]:
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


def check_yield(s: State) -> list[str]:
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
        # A card may let the occupant decide before the damage lands (D-JETS): the
        # damage waits in pending_damage.
        hit |= {seat for seat, _ in s.pending_damage}
        for seat in q:
            if seat not in hit:
                out.append(f"{s.monsters[seat].name} is asked to yield but was not attacked")
    return out


INVARIANTS: tuple[Invariant, ...] = (
    Invariant("INV-SEATS", "The table has 2 to 6 seats, one monster each; no seat is added "
              "or removed.", ("setup.board",), check_seats),
    Invariant("INV-HEARTS", "Every monster has 0 ≤ ♥ ≤ its current maximum (its own, 10 by "
              "default, plus its cards' \"maximum hearts\" modifiers).",
              ("dice.hearts", "cards.max-hearts"), check_hearts,
              "Z3 proves 0 ≤ ♥ ≤ maximum; that the maximum equals 10 plus the cards' raises is "
              "only tested (the symbolic state counts cards, it does not know which)."),
    Invariant("INV-TOKYO", "At most one monster in Tokyo City and one in Tokyo Bay, never the "
              "same, never an eliminated one; the Bay is occupied only with the variant on "
              "and at least 5 monsters in the game.",
              ("tokyo.one-monster", "bay.variant", "bay.closes"), check_tokyo),
    Invariant("INV-ELIMINATED", "A monster at 0 ♥ is eliminated at once: it holds no card and "
              "no place in Tokyo, never acts or decides, and never wins.",
              ("end.elimination", "tokyo.killed-by-attack", "tokyo.killed-by-card"),
              check_eliminated,
              "That an eliminated active monster's turn ends at once (so it never acts) is "
              "only tested: the symbolic kernel has no phases beyond yield and over."),
    Invariant("INV-RESOURCES", "Every monster has ⚡ ≥ 0 and ★ ≥ 0; the tokens of each kind in "
              "play, on monsters and on cards, never outnumber the box.",
              ("dice.energy", "dice.numbers", "cards.tokens"), check_resources,
              "Tokens within the box: only tested (the symbolic state has no tokens)."),
    Invariant("INV-CARDS", "Deck + shop + discard pile + every monster's cards = the card set "
              "(each physical card in exactly one place); the shop holds 3 cards while the "
              "deck has any.", ("setup.shop", "buy.card", "buy.sweep", "buy.empty-deck"),
              check_cards, "Z3 proves the counts; that the very same cards are conserved "
              "(no card swapped for another) is only tested."),
    Invariant("INV-VICTORY", "The game ends only at the end of a turn, with one outcome: a "
              "winner still in the game (the last one, or one with the stars to win), or a "
              "draw when every remaining monster was eliminated in the same turn.",
              ("end.victory-at-end-of-turn", "end.twenty-stars", "end.last-standing",
               "end.must-survive", "end.draw"), check_victory,
              "That the game always ends (termination) is only tested, on random games."),
    Invariant("INV-YIELD", "Only a monster in Tokyo that lost ♥ to the attack being resolved "
              "(or, holding a card that lets it decide first, would lose ♥: D-JETS) is asked "
              "to yield, never the attacker; each at most once.",
              ("tokyo.yield", "tokyo.yield-only-attacked", "bay.yield"), check_yield,
              "The order of the phases (the yield question comes only right after an attack) "
              "is assumed by each kernel step, not proved."),
)
"""Every invariant, in the order reports list them."""

BY_ID: dict[str, Invariant] = {inv.id: inv for inv in INVARIANTS}


def check_all(state: State) -> list[Violation]:
    """Every invariant ``state`` breaks (empty: it satisfies them all)."""
    return [Violation(inv.id, msg) for inv in INVARIANTS for msg in inv.check(state)]


def assert_all(state: State) -> None:
    """Raise :class:`InvariantViolation` if ``state`` breaks an invariant."""
    violations = check_all(state)
    if violations:
        raise InvariantViolation(violations, state)
