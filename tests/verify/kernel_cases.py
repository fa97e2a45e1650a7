"""Random concrete cases for the kernel differential tests: positions at the start of a
turn (every card placed, cards held that only change numbers), dice, yield answers,
cards to buy, card damage; and the free choices of the Z3 kernel as the engine makes them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hypothesis import strategies as st
from kernel_model import Valuation, Value, none

from kot_rules.engine.dice import CLAW, ENERGY, FACES, HEART, ONE, THREE, TWO, Counts, counts_of
from kot_rules.engine.game import Game, MonsterSetup, Options
from kot_rules.engine.state import State
from kot_rules.games.king_of_tokyo.state import NOBODY, SEATS
from kot_rules.language.ast import ModifierKind, Verb

K = ModifierKind
CARDS = Game(2).cards
COUNTED = frozenset({K.EXTRA_ENERGY, K.EXTRA_HEALING, K.EXTRA_HEALING_ANY,
                     K.IGNORE_SMALL_DAMAGE, K.MAX_HEARTS, K.ATTACK_DAMAGE, K.ATTACK_EVERYONE,
                     K.CARD_DISCOUNT, K.EXTRA_DICE, K.EXTRA_ROLLS})
"""What a held card may do here: change numbers the kernel leaves as free choices."""
HELD = sorted(
    c for c in CARDS.physical_ids()
    if CARDS.is_keep(c) and not CARDS.abilities(c) and not CARDS.activated(c)
    and not CARDS.empty_rules(c)
    and all(m.kind in COUNTED and m.condition is None for m in CARDS.modifiers(c)))
"""Keep cards that only change numbers (no ability of their own to fire)."""
BUYABLE = sorted(
    c for c in CARDS.physical_ids()
    if (CARDS.is_keep(c) and not CARDS.abilities(c))
    or (not CARDS.is_keep(c) and all(e.verb is not Verb.EXTRA_TURN for e in CARDS.effects(c))))
"""Cards whose purchase is the kernel's buy step plus, for a discard card, its effects
(an extra turn would start another turn: it is a card transition of its own)."""
DICE_KINDS = {"dice-1": ONE, "dice-2": TWO, "dice-3": THREE, "dice-energy": ENERGY,
              "dice-heart": HEART, "dice-claw": CLAW}


def mods(cards: tuple[str, ...], kind: ModifierKind) -> list[int]:
    """The amounts of the ``kind`` modifiers of these cards (their texts say them)."""
    return [m.amount for c in cards for m in CARDS.modifiers(c) if m.kind is kind]


# -- concrete states -----------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A position at the start of the active monster's turn, every card placed."""

    game: Game
    monsters: tuple[MonsterSetup, ...]
    active: int
    city: int | None
    bay: int | None
    shop: tuple[str, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]

    def state(self) -> State:
        return self.game.setup_state(self.monsters, active=self.active, city=self.city,
                                     bay=self.bay, shop=self.shop, deck=self.deck,
                                     discard=self.discard)

    def image(self) -> dict[str, Value]:
        """The set-up as the symbolic state, before its start of turn."""
        n = len(self.monsters)
        out: dict[str, Value] = {}
        for k in range(SEATS):
            m = self.monsters[(self.active + k) % n] if k < n else None
            top = (self.game.options.max_hearts if m is None
                   else m.max_hearts + sum(mods(m.cards, K.MAX_HEARTS)))
            alive = m is not None and not m.eliminated
            values: dict[str, Value] = {
                "hearts": m.hearts if m is not None and alive else 0, "max_hearts": top,
                "stars": 0 if m is None else m.stars, "energy": 0 if m is None else m.energy,
                "alive": alive, "cards": 0 if m is None else len(m.cards), "hit": False}
            out.update({f"monsters[{k}].{f}": v for f, v in values.items()})

        def rel(seat: int | None) -> int:
            return NOBODY if seat is None else (seat - self.active) % n

        out.update({
            "players": n, "city": rel(self.city), "bay": rel(self.bay),
            "bay_variant": self.game.tokyo_bay, "win_stars": self.game.options.win_stars,
            "deck": len(self.deck), "shop": len(self.shop), "discard": len(self.discard),
            "total_cards": len(CARDS.physical_ids()), "queue[0]": NOBODY,
            "queue[1]": NOBODY, "asking": False, "entering": False, "over": False,
            "winner": NOBODY})
        return out


@st.composite
def tables(draw: st.DrawFn, *, outside: bool = False, buy: str | None = None) -> Table:
    """``outside``: someone is in Tokyo and the active monster is not (it attacks Tokyo);
    a third of these have the Bay taken, a third the Bay open and empty.
    ``buy``: this card is in the shop and the active monster can pay it."""
    bay_mode = draw(st.sampled_from(["any", "taken", "open"])) if outside else "any"
    n = draw(st.integers(2, 6) | st.integers(5, 6) if bay_mode == "any"  # the Bay needs 5-6
             else st.integers(5, 6))
    bay_on = bay_mode != "any" or (n >= 5 and draw(st.booleans()))
    game = Game(n, options=Options(tokyo_bay=bay_on, rolls=1,
                                   win_stars=draw(st.sampled_from([20, 20, 20, 12]))),
                cards=CARDS)
    free = [c for c in HELD if c != buy]
    monsters = []
    for k in range(n):
        # Two monsters at least in the game; five when the Bay is to be open.
        dead = k >= 2 and bay_mode == "any" and draw(st.integers(0, 3)) == 0
        held: list[str] = [] if dead or not free else draw(
            st.lists(st.sampled_from(free), max_size=2, unique=True))
        free = [c for c in free if c not in held]
        # Full boards as often as low ones: an attack then often leaves its target alive.
        top = draw(st.integers(1, 12) | st.just(10))
        most = top + sum(mods(tuple(held), K.MAX_HEARTS))
        monsters.append(MonsterSetup(
            game.names[k], hearts=0 if dead else draw(st.integers(1, most) | st.just(most)),
            max_hearts=top, stars=draw(st.integers(0, 21)), energy=draw(st.integers(0, 15)),
            eliminated=dead, cards=tuple(held)))
    alive = [k for k, m in enumerate(monsters) if not m.eliminated]
    city = draw(st.sampled_from(alive if outside else [None, *alive]))
    bays = [None, *[k for k in alive if k != city]] if bay_on and len(alive) >= 5 else [None]
    bay = (None if bay_mode == "open" else draw(st.sampled_from(bays[1:])) if bay_mode == "taken"
           else draw(st.sampled_from(bays) | st.none()))  # empty as often as taken
    active = draw(st.sampled_from([k for k in alive if not outside or k not in (city, bay)]))
    if buy is not None:
        cost = max(0, CARDS.cost(buy) - sum(mods(monsters[active].cards, K.CARD_DISCOUNT)))
        monsters[active] = replace(monsters[active], energy=draw(st.integers(cost, cost + 6)))
    placed = {c for m in monsters for c in m.cards}
    rest = [c for c in CARDS.physical_ids() if c not in placed and c != buy]
    if buy is not None:
        rest.insert(draw(st.integers(0, 2)), buy)
    deck_size = draw(st.sampled_from([None, 0, 1, 2, 4]))
    shop_size = 3 if deck_size != 0 else draw(st.integers(1 if buy is None else 3, 3))
    end = len(rest) if deck_size is None else shop_size + deck_size
    return Table(game, tuple(monsters), active, city, bay, tuple(rest[:shop_size]),
                 tuple(rest[shop_size:end]), tuple(rest[end:]))


def faces(dice: int, *, claws: bool | None = None) -> st.SearchStrategy[Counts]:
    """The counts per face of ``dice`` dice (``claws``: at least one claw, or none)."""
    pool = range(5) if claws is False else range(6)
    first = st.just(CLAW) if claws else st.sampled_from(pool)

    def counts(shown: list[int]) -> Counts:
        return counts_of(FACES[f] for f in shown)

    return st.builds(lambda a, rest: counts([a, *rest]), first,
                     st.lists(st.sampled_from(pool), min_size=dice - 1, max_size=dice - 1))


# -- the choices the model leaves free, as the engine makes them ------------------------


def chosen(s: State, origin: int, *, damage: int = 0,
           inputs: dict[str, Value] | None = None) -> Valuation:
    """The free choices of a step of ``origin``'s in ``s``: what the cards held add (a
    seat beyond the table adds nothing), ``damage`` being the amount a card may ignore,
    and ``inputs`` the step's own inputs (dice, the card bought, ...)."""
    n = len(s.monsters)

    def value(kind: str, seat: int | None) -> Value:
        if inputs is not None and kind in inputs:
            return inputs[kind]
        assert seat is not None, kind
        cards = s.monsters[(origin + seat) % n].cards if seat < n else ()
        if kind == "extra-energy":
            return sum(mods(cards, K.EXTRA_ENERGY))
        if kind == "extra-healing":
            return sum(mods(cards, K.EXTRA_HEALING)) + sum(mods(cards, K.EXTRA_HEALING_ANY))
        if kind == "attack-damage":
            return sum(mods(cards, K.ATTACK_DAMAGE))
        if kind == "attack-everyone":
            return bool(mods(cards, K.ATTACK_EVERYONE))
        if kind == "ignore-small-damage":
            return damage in mods(cards, K.IGNORE_SMALL_DAMAGE)
        return none(kind, seat)

    return value


def rolled(counts: Counts) -> dict[str, Value]:
    return {kind: counts[face] for kind, face in DICE_KINDS.items()}


@dataclass(frozen=True)
class SetUpCase:
    players: int
    bay: bool
    start: int
    top: int
    win: int
    cards: int | None


set_up_cases = st.builds(
    lambda n, bay, top, start, win, cards: SetUpCase(n, n >= 5 and bay, min(start, top), top,
                                                     win, cards),
    st.integers(2, 6), st.booleans(), st.integers(1, 14), st.integers(1, 14),
    st.integers(1, 25), st.sampled_from([None, 0, 1, 2, 3, 4]))


@dataclass(frozen=True)
class Rolled:
    table: Table
    counts: Counts
    answers: tuple[bool, ...] = ()
    """Yield (True) or stay, for each monster asked after the roll."""
    card: str | None = None
    """The card to buy (in the shop, and the active monster can pay it)."""


@st.composite
def rolls(draw: st.DrawFn, *, outside: bool = False, claws: bool | None = None,
          buy: str | None = None) -> Rolled:
    t = draw(tables(outside=outside, buy=buy))
    dice = 6 + sum(mods(t.monsters[t.active].cards, K.EXTRA_DICE))
    return Rolled(t, draw(faces(dice, claws=claws)),
                  tuple(draw(st.lists(st.booleans(), min_size=2, max_size=2))), buy)


@dataclass(frozen=True)
class Damage:
    table: Table
    target: int
    amount: int


damages = tables().flatmap(lambda t: st.builds(
    Damage, st.just(t),
    st.sampled_from([k for k, m in enumerate(t.monsters) if not m.eliminated]),
    st.integers(1, 12)))


