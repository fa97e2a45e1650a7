"""A game: its monsters, options and cards; the way to its first state."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from kot_rules.engine.cards import CardCatalog, CardTable
from kot_rules.engine.dice import NO_DICE
from kot_rules.engine.errors import ConfigError
from kot_rules.engine.state import Monster, Phase, Place, State
from kot_rules.language.ast import ENERGY_ON_CARD, ModifierKind

MIN_MONSTERS = 2
MAX_MONSTERS = 6
BAY_MIN_MONSTERS = 5
"""Tokyo Bay is played with 5 or 6 monsters [000/001 §WARIANT ZAAWANSOWANY]."""

DEFAULT_NAMES = ("The King", "Gigazaur", "Cyber Bunny", "Kraken", "Meka Dragon", "Alienoid")
"""The six monsters of the 2011 box, used when a game names none."""


class FirstPlayerRule(Enum):
    """Who starts (decision D-FIRST-PLAYER)."""

    SEAT_ORDER = "seat-order"
    """Seat 0 starts: the table chose it (loudest roar / youngest) [000/001 §PRZEBIEG GRY]."""
    ROLL = "roll"
    """Most claws on six dice starts, ties reroll [004]: a chance node, 1/N each."""


@dataclass(frozen=True)
class Options:
    """Ruleset options. ``tokyo_bay=None`` means: on for 5-6 monsters, off otherwise."""

    tokyo_bay: bool | None = None
    first_player: FirstPlayerRule = FirstPlayerRule.SEAT_ORDER
    dice: int = 6
    rolls: int = 3
    win_stars: int = 20
    start_hearts: int = 10
    max_hearts: int = 10
    bonus_claws: bool = False
    """The 2016 reading of damage cards add to a turn's attack: the added damage counts as
    claws, so with no claw rolled it is still an attack (entering Tokyo, yielding), and a
    bonus that needs an attack ("add 2 damage to your attack") adds its
    claws even with none rolled. Off: the first edition's reading (D-ATTACK-BONUS,
    D-POISON-QUILLS)."""
    heart_cap: int | None = None
    """The later IELLO clarification "no monster can ever have more than 12 hearts"
    (kot-cards.md R6): with a cap, healing never takes a monster above it, even when its
    maximum is higher (a card raising the maximum twice: 14, yet hearts at most 12).
    None: the seed's reading, hearts up to the maximum (D-HEART-CAP)."""
    neighbours_attacked_only: bool = False
    """The Czech rulebook's reading of damage to "each of your neighbours" when its owner
    attacks: only a neighbour that lost hearts to that attack takes it. Off: the seed's
    reading, both neighbours take it, attacked or not (D-FIRE-BREATHING)."""
    revived_leaves_tokyo: bool = False
    """The 2016 edition's reading of a card that replaces its owner's elimination: the monster goes
    on outside Tokyo. Off: the first edition's text, which has no Tokyo clause, so it
    stays where it is (D-IT-HAS-A-CHILD)."""
    probe_after_last_roll: bool = False
    """The second edition's reading of a card that rerolls another monster's die: it acts
    only after that monster's last roll. Off: the first edition's "once on each other
    monster's turn", after any of its rolls (D-OTHERS-DICE)."""
    refund_printed_cost: bool = False
    """The 2016 rulebook's reading (kot-cards.md R16): a card discarded for its cost
    gives back its full printed cost. Off: the first edition's "the energy they were
    purchased for", what its owner paid (D-METAMORPH)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "tokyo_bay": self.tokyo_bay,
            "first_player": self.first_player.value,
            "dice": self.dice,
            "rolls": self.rolls,
            "win_stars": self.win_stars,
            "start_hearts": self.start_hearts,
            "max_hearts": self.max_hearts,
            "bonus_claws": self.bonus_claws,
            "heart_cap": self.heart_cap,
            "neighbours_attacked_only": self.neighbours_attacked_only,
            "revived_leaves_tokyo": self.revived_leaves_tokyo,
            "probe_after_last_roll": self.probe_after_last_roll,
            "refund_printed_cost": self.refund_printed_cost,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Options:
        known = set(cls().to_json())
        unknown = set(data) - known
        if unknown:
            raise ConfigError(f"unknown option(s) {sorted(unknown)}: known are {sorted(known)}")
        kw = dict(data)
        for key, value in kw.items():
            if key in ("bonus_claws", "neighbours_attacked_only", "revived_leaves_tokyo",
                       "probe_after_last_roll", "refund_printed_cost"):
                if not isinstance(value, bool):
                    raise ConfigError(f"option {key}: expected true or false, got {value!r}")
            elif key == "heart_cap":
                if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                    raise ConfigError(
                        f"option heart_cap: expected a whole number or null, got {value!r}"
                    )
            elif key == "tokyo_bay":
                if value is not None and not isinstance(value, bool):
                    raise ConfigError(
                        f"option tokyo_bay: expected true, false or null, got {value!r}"
                    )
            elif key != "first_player" and (not isinstance(value, int) or isinstance(value, bool)):
                raise ConfigError(f"option {key}: expected a whole number, got {value!r}")
        if "first_player" in kw:
            try:
                kw["first_player"] = FirstPlayerRule(kw["first_player"])
            except ValueError:
                choices = [r.value for r in FirstPlayerRule]
                raise ConfigError(
                    f"first_player: expected one of {choices}, got {kw['first_player']!r}"
                ) from None
        return cls(**kw)


@dataclass(frozen=True)
class MonsterSetup:
    """A monster as a set-up or scenario describes it."""

    name: str
    hearts: int = 10
    max_hearts: int = 10
    stars: int = 0
    energy: int = 0
    eliminated: bool = False
    cards: tuple[str, ...] = field(default_factory=tuple)
    tokens: tuple[tuple[str, int], ...] = field(default_factory=tuple)
    """Tokens on the monster: (kind, count)."""


class Game:
    """The fixed part of a game: monsters (seat order = turn order), options, cards."""

    game_id = "king-of-tokyo"
    """The registered id of the game played (:mod:`kot_rules.games`), written in its JSON."""

    def __init__(
        self,
        players: int | Sequence[str] = 4,
        *,
        options: Options | None = None,
        cards: CardCatalog | None = None,
    ) -> None:
        if isinstance(players, int):
            if not MIN_MONSTERS <= players <= MAX_MONSTERS:
                raise ConfigError(
                    f"King of Tokyo is played by {MIN_MONSTERS} to {MAX_MONSTERS} monsters, "
                    f"got {players}"
                )
            names: tuple[str, ...] = DEFAULT_NAMES[:players]
        else:
            names = tuple(players)
            if not MIN_MONSTERS <= len(names) <= MAX_MONSTERS:
                raise ConfigError(
                    f"King of Tokyo is played by {MIN_MONSTERS} to {MAX_MONSTERS} monsters, "
                    f"got {len(names)}: {list(names)}"
                )
            if len(set(names)) != len(names) or not all(n.strip() for n in names):
                raise ConfigError(f"monster names must be distinct and non-empty: {list(names)}")
        options = options or Options()
        bay = options.tokyo_bay
        if bay is None:
            bay = len(names) >= BAY_MIN_MONSTERS
        elif bay and len(names) < BAY_MIN_MONSTERS:
            raise ConfigError(
                f"Tokyo Bay is a variant for {BAY_MIN_MONSTERS}-{MAX_MONSTERS} monsters, "
                f"this game has {len(names)}"
            )
        for key in ("dice", "rolls", "win_stars", "start_hearts", "max_hearts"):
            if getattr(options, key) < 1:
                raise ConfigError(f"option {key} must be at least 1, got {getattr(options, key)}")
        if options.start_hearts > options.max_hearts:
            raise ConfigError("start_hearts cannot exceed max_hearts")
        if options.heart_cap is not None:
            if options.heart_cap < 1:
                raise ConfigError(f"option heart_cap must be at least 1, got {options.heart_cap}")
            if options.start_hearts > options.heart_cap:
                raise ConfigError("start_hearts cannot exceed heart_cap")
        self.names = names
        self.options = replace(options, tokyo_bay=bay)
        self.tokyo_bay: bool = bay
        if cards is None:
            from kot_rules.language.cardset import builtin_card_set

            cards = CardTable.from_card_set(builtin_card_set())
        self.cards: CardCatalog = cards

    @property
    def num_players(self) -> int:
        return len(self.names)

    def seat_of(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise ConfigError(
                f"no monster named {name!r}: the monsters are {list(self.names)}"
            ) from None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.game_id,
            "monsters": list(self.names),
            "options": self.options.to_json(),
        }

    # -- first states -------------------------------------------------------------

    def shuffled_deck(self, seed: int | None) -> tuple[str, ...]:
        """The physical cards in spec order, shuffled by ``random.Random(seed)`` if seeded."""
        ids = list(self.cards.physical_ids())
        if seed is not None:
            random.Random(seed).shuffle(ids)
        return tuple(ids)

    def new_initial_state(self, deck: Sequence[str] | None = None) -> State:
        """The state at the start of the game [000/001 §PRZYGOTOWANIE GRY].

        ``deck`` is the shuffled order of every physical card (top first); the
        first three are dealt face up. The shuffle is an input, not a chance
        node: a caller draws it (see :meth:`shuffled_deck`) or supplies it.
        """
        order = tuple(deck) if deck is not None else self.cards.physical_ids()
        self._check_permutation(order)
        o = self.options
        s = self._blank(
            tuple(Monster(n, o.start_hearts, o.max_hearts, 0, 0, True, ()) for n in self.names)
        )
        s.shop = order[:3]
        s.deck = order[3:]
        if o.first_player is FirstPlayerRule.ROLL:
            s.phase = Phase.FIRST_PLAYER
            return s
        from kot_rules.engine import turn

        ev: list[Any] = []
        turn.start_turn(s, ev)
        s.events = tuple(ev)
        return s

    def setup_state(
        self,
        monsters: Sequence[MonsterSetup],
        *,
        active: int = 0,
        city: int | None = None,
        bay: int | None = None,
        shop: Sequence[str] | None = None,
        deck: Sequence[str] | None = None,
        discard: Sequence[str] = (),
        turn_number: int = 1,
        held: Mapping[str, Mapping[str, int]] | None = None,
    ) -> State:
        """A state at the start of ``active``'s turn, for scenarios and tests.

        Cards named nowhere go to the bottom of the deck in spec order; if no
        shop is given it is dealt from the top of the deck. Start-of-turn
        effects (+2 ★ in Tokyo) are applied.
        """
        if len(monsters) != self.num_players:
            raise ConfigError(f"expected {self.num_players} monsters, got {len(monsters)}")
        board: list[Monster] = []
        for seat, ms in enumerate(monsters):
            if ms.name != self.names[seat]:
                raise ConfigError(f"seat {seat}: expected {self.names[seat]!r}, got {ms.name!r}")
            if ms.max_hearts < 1:
                raise ConfigError(f"{ms.name}: max_hearts must be at least 1, got {ms.max_hearts}")
            for c in ms.cards:
                if c not in self.cards.physical_ids():
                    raise ConfigError(f"{ms.name}: unknown card id {c!r}")
                if not self.cards.is_keep(c):
                    raise ConfigError(f"{ms.name}: {c!r} is a discard card: nobody keeps it")
            # A set-up's max_hearts is the monster's own; its cards may raise it.
            max_hearts = ms.max_hearts + sum(
                m.amount
                for c in ms.cards
                for m in self.cards.modifiers(c)
                if m.kind is ModifierKind.MAX_HEARTS
            )
            if ms.eliminated:
                if ms.hearts != 0:
                    raise ConfigError(f"{ms.name}: an eliminated monster has 0 hearts")
            elif not 1 <= ms.hearts <= max_hearts:
                raise ConfigError(
                    f"{ms.name}: hearts must be 1..max_hearts ({max_hearts}) for a monster "
                    f"in the game, got {ms.hearts}"
                )
            elif self.options.heart_cap is not None and ms.hearts > self.options.heart_cap:
                raise ConfigError(
                    f"{ms.name}: hearts cannot exceed the option heart_cap "
                    f"({self.options.heart_cap}), got {ms.hearts}"
                )
            if ms.stars < 0 or ms.energy < 0:
                raise ConfigError(f"{ms.name}: stars and energy cannot be negative")
            board.append(
                Monster(
                    ms.name,
                    0 if ms.eliminated else ms.hearts,
                    max_hearts,
                    ms.stars,
                    ms.energy,
                    not ms.eliminated,
                    tuple(ms.cards),
                )
            )
        s = self._blank(tuple(board))
        alive = sum(m.alive for m in board)
        for place, occupant in ((Place.CITY, city), (Place.BAY, bay)):
            if occupant is None:
                continue
            if not 0 <= occupant < len(board) or not board[occupant].alive:
                raise ConfigError(
                    f"Tokyo {place.value}: seat {occupant} is not a monster in the game"
                )
        if city is not None and city == bay:
            raise ConfigError("one monster cannot be in Tokyo City and Tokyo Bay at once")
        if bay is not None and not (self.tokyo_bay and alive >= BAY_MIN_MONSTERS):
            raise ConfigError(
                "Tokyo Bay is open only with the Bay variant on and at least 5 monsters in the game"
            )
        if not 0 <= active < len(board) or not board[active].alive:
            raise ConfigError(f"the active monster (seat {active}) must be in the game")
        if alive < 2:
            raise ConfigError("a game in progress needs at least two monsters in the game")
        s.city = city
        s.bay = bay
        s.active = active
        s.turn = turn_number
        placed = (
            [c for m in board for c in m.cards]
            + list(shop or ())
            + list(deck or ())
            + list(discard)
        )
        known = set(self.cards.physical_ids())
        seen: set[str] = set()
        for c in placed:
            if c not in known:
                raise ConfigError(f"unknown card id {c!r}")
            if c in seen:
                raise ConfigError(f"card {c!r} is placed twice: each physical card exists once")
            seen.add(c)
        rest = tuple(c for c in self.cards.physical_ids() if c not in seen)
        full_deck = tuple(deck or ()) + rest
        if shop is None:
            s.shop, s.deck = full_deck[:3], full_deck[3:]
        else:
            if len(shop) > 3:
                raise ConfigError(f"the shop holds at most 3 cards, got {len(shop)}")
            s.shop, s.deck = tuple(shop), full_deck
        s.discard = tuple(discard)
        self._place_tokens(s, monsters, held or {})
        from kot_rules.engine import turn

        ev: list[Any] = []
        turn.start_turn(s, ev)
        s.events = tuple(ev)
        return s

    def _place_tokens(
        self, s: State, monsters: Sequence[MonsterSetup], held: Mapping[str, Mapping[str, int]]
    ) -> None:
        """The set-up's tokens on monsters and tokens or energy on cards, within the supply."""
        supply = self.cards.token_supply
        placed: dict[str, int] = {}
        owned = {c for m in s.monsters if m.alive for c in m.cards}
        for seat, ms in enumerate(monsters):
            for kind, n in ms.tokens:
                if n < 0 or kind not in supply:
                    raise ConfigError(f"{ms.name}: no card of the set has {kind!r} tokens")
                placed[kind] = placed.get(kind, 0) + n
                if n:
                    s.tokens = (*s.tokens, (seat, kind, n))
        for card, kinds in held.items():
            if card not in owned:
                raise ConfigError(f"card {card!r} holds tokens but no monster in the game has it")
            for kind, n in kinds.items():
                if n < 0 or (kind != ENERGY_ON_CARD and kind not in supply):
                    raise ConfigError(f"{card}: no card of the set has {kind!r} tokens")
                if kind != ENERGY_ON_CARD:
                    placed[kind] = placed.get(kind, 0) + n
                if n:
                    s.held = (*s.held, (card, kind, n))
        for kind, n in placed.items():
            if n > supply[kind]:
                raise ConfigError(
                    f"the game has {supply[kind]} {kind} tokens, the set-up places {n}"
                )
        s.tokens = tuple(sorted(s.tokens))
        s.held = tuple(sorted(s.held))

    def _blank(self, monsters: tuple[Monster, ...]) -> State:
        s = State.__new__(State)
        s.game = self
        s.monsters = monsters
        s.city = None
        s.bay = None
        s.active = 0
        s.turn = 1
        s.phase = Phase.ROLL
        s.dice = NO_DICE
        s.to_roll = self.options.dice
        s.rolls_done = 0
        s.rolls_allowed = self.options.rolls
        s.yield_queue = ()
        s.entering = False
        s.deck = ()
        s.shop = ()
        s.discard = ()
        s.outcome = None
        s.events = ()
        s.dealt_damage = False
        s.used_abilities = frozenset()
        s.paid = ()
        s.extra_turns = ()
        s.attack_bonus = 0
        s.pending_damage = ()
        s.yielded = (None, None)
        s.protected = frozenset()
        s.inserted = ()
        s.resume = None
        s.copying = ()
        s.pending = None
        s.feed = ()
        s.fed = 0
        s.tokens = ()
        s.held = ()
        return s

    def _check_permutation(self, order: tuple[str, ...]) -> None:
        ids = self.cards.physical_ids()
        if sorted(order) != sorted(ids):
            missing = sorted(set(ids) - set(order))
            extra = sorted(set(order) - set(ids))
            raise ConfigError(
                f"the deck must hold every physical card once: missing {missing[:5]}, "
                f"unknown or repeated {extra[:5] or 'duplicates'}"
            )
