"""A game: its monsters, options and cards; the way to its first state."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kot_rules.engine import dice
from kot_rules.engine.cards import CardCatalog, CardTable
from kot_rules.engine.dice import NO_DICE
from kot_rules.engine.errors import ConfigError
from kot_rules.engine.numbers import BAY_MIN_MONSTERS as BAY_MIN_MONSTERS
from kot_rules.engine.numbers import MAX_HEARTS, START_HEARTS
from kot_rules.engine.numbers import MAX_MONSTERS as MAX_MONSTERS
from kot_rules.engine.numbers import MIN_MONSTERS as MIN_MONSTERS
from kot_rules.engine.options import FirstPlayerRule as FirstPlayerRule
from kot_rules.engine.options import Options as Options
from kot_rules.engine.requests import NeedAnswer
from kot_rules.engine.rules import GameRules, default_rules
from kot_rules.engine.serial import state_from_json
from kot_rules.engine.state import Monster, Phase, Place, State
from kot_rules.language.ast import ENERGY_ON_CARD, ModifierKind


def seat_names(rules: GameRules, players: int) -> tuple[str, ...]:
    """The names of ``players`` seats when a game names none: the game's own
    (``GameRules.names``), else ``Monster 1``, ``Monster 2``, ..."""
    if rules.names:
        return rules.names[:players]
    return tuple(f"Monster {i + 1}" for i in range(players))


@dataclass(frozen=True)
class MonsterSetup:
    """A monster as a set-up or scenario describes it."""

    name: str
    hearts: int = START_HEARTS
    max_hearts: int = MAX_HEARTS
    stars: int = 0
    energy: int = 0
    eliminated: bool = False
    cards: tuple[str, ...] = field(default_factory=tuple)
    tokens: tuple[tuple[str, int], ...] = field(default_factory=tuple)
    """Tokens on the monster: (kind, count)."""


class Game:
    """The fixed part of a game: monsters (seat order = turn order), options, cards, and
    the game's rules (``rules``: the registry's default game unless told otherwise,
    ``kot_rules.engine.rules.default_rules``)."""

    def __init__(
        self,
        players: int | Sequence[str] = 4,
        *,
        options: Options | None = None,
        cards: CardCatalog | None = None,
        rules: GameRules | None = None,
    ) -> None:
        if rules is None:
            rules = default_rules()
        self.rules = rules
        self.game_id: str = rules.id
        """The registered id of the game played (:mod:`kot_rules.games`), written in its JSON."""
        # What the kernel calls at every step, bound once: one attribute read, not three.
        self.phases = rules.phases
        self.legal_actions = rules.legal_actions
        self.after_step = rules.hooks.after_step
        least, most = rules.min_players, rules.max_players
        if isinstance(players, int):
            if not least <= players <= most:
                raise ConfigError(
                    f"{rules.title} is played by {least} to {most} monsters, got {players}"
                )
            names = seat_names(rules, players)
        else:
            names = tuple(players)
            if not least <= len(names) <= most:
                raise ConfigError(
                    f"{rules.title} is played by {least} to {most} monsters, "
                    f"got {len(names)}: {list(names)}"
                )
            if len(set(names)) != len(names) or not all(n.strip() for n in names):
                raise ConfigError(f"monster names must be distinct and non-empty: {list(names)}")
        options = options or Options()
        if rules.check_options is not None:
            rules.check_options(options)
        bay = options.tokyo_bay
        bay_from = rules.board.second_place_from
        self.second_place_from: int = bay_from
        self.shop_size: int = rules.shop.size
        """Face-up cards (GameRules.shop, bound once: the turn skeleton reads it)."""
        self.sweep_cost: int = rules.shop.sweep_cost
        """Energy to replace the face-up cards (GameRules.shop)."""
        """The fewest monsters in the game for the second place to be open (State.bay_open)."""
        if bay is None:
            bay = len(names) >= bay_from
        elif bay and len(names) < bay_from:
            raise ConfigError(
                f"Tokyo Bay is a variant for {bay_from}-{most} monsters, "
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
            from kot_rules.language.cardset import CardSet, builtin_card_set
            from kot_rules.paths import builtin_cards_dir

            # A game whose card folder is not written yet plays with no cards.
            written = builtin_cards_dir(self.game_id).exists()
            cards = CardTable.from_card_set(
                builtin_card_set(self.game_id) if written else CardSet(())
            )
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

    def state_from_json(self, data: object) -> State:
        """Read a state of this game written by :meth:`State.to_json`."""
        return state_from_json(self, data)

    # -- first states -------------------------------------------------------------

    def shuffled_deck(self, seed: int | None) -> tuple[str, ...]:
        """The physical cards in spec order, shuffled by ``random.Random(seed)`` if seeded."""
        ids = list(self.cards.physical_ids())
        if seed is not None:
            dice.shuffle(ids, random.Random(seed))
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
        s.shop = order[:self.shop_size]
        s.deck = order[self.shop_size:]
        if self.rules.prepare is not None:
            self.rules.prepare(s, True)  # the game's own board and starting values
        if o.first_player is FirstPlayerRule.ROLL:
            s.phase = Phase.FIRST_PLAYER
            return s
        ev: list[Any] = []
        start = self.rules.start_turn
        start(s, ev)
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
        game_board: object | None = None,
    ) -> State:
        """A state at the start of ``active``'s turn, for scenarios and tests.

        Cards named nowhere go to the bottom of the deck in spec order; if no
        shop is given it is dealt from the top of the deck. Start-of-turn
        effects (+2 ★ in Tokyo) are applied. ``game_board``: the game's own board
        (Duel: a DuelBoard), instead of the one it starts with.
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
        bay_from = self.rules.board.second_place_from
        if bay is not None and not (self.tokyo_bay and alive >= bay_from):
            raise ConfigError(
                f"Tokyo Bay is open only with the Bay variant on and at least {bay_from} "
                "monsters in the game"
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
            s.shop, s.deck = full_deck[:self.shop_size], full_deck[self.shop_size:]
        else:
            if len(shop) > self.shop_size:
                raise ConfigError(
                    f"the shop holds at most {self.shop_size} cards, got {len(shop)}")
            s.shop, s.deck = tuple(shop), full_deck
        s.discard = tuple(discard)
        self._place_tokens(s, monsters, held or {})
        if self.rules.prepare is not None:
            self.rules.prepare(s, False)
        if game_board is not None:
            s.board = game_board
        ev: list[Any] = []
        start = self.rules.start_turn
        try:
            start(s, ev)
        except NeedAnswer as need:
            # A set-up position has no step before it to replay once answered.
            raise ConfigError(
                f"the set-up's turn starts with a question ({need.request.why}): a position "
                "cannot begin waiting for an answer; set it up one turn earlier and let that "
                "turn end"
            ) from None
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
        s.board = None
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

