"""A fixed integer id for every decision and chance outcome of a game (docs/adapters.md).

Learning libraries want actions as integers in ``[0, num_distinct_actions)``. An
:class:`ActionCodec` lays out one block of ids per kind of decision, each block sized
from the game's definition (its card set, its seat range, its dice), never from a
position, so an id means the same decision in every state of every game of that
definition and player count:

======================  ==========================================================
block                   ids
======================  ==========================================================
stop                    1
reroll                  one per kept multiset of at most ``max_dice`` dice
yield, stay, sweep,     1 each
end-turn
buy                     one per card (face-up, or the deck's top)
buy-from                one per (card, seller seat)
use                     one per (usable card, ability, variant): plain, a die
                        changed to a face (6 x 6), a face rerolled 1..max_dice times
choose                  one per answer key of the game's questions (Duel's board
                        and power answers after KoT's: :func:`board_answer_keys`)
spend-dice-tokens       Duel only: one per count, 0..2
resolve                 Duel only: one per face of its die
======================  ==========================================================

King of Tokyo's layout has no Duel block (its ids do not change with Duel's).

Chance outcomes are ids in ``[0, max_chance_outcomes)`` read against the chance node
they answer (a dice chunk, a card dealt, the first player): see :mod:`.tree`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb

from kot_rules.adapters.game_part import adapter_of
from kot_rules.engine import dice
from kot_rules.engine.actions import (
    END_TURN,
    PASS,
    STAY,
    STOP,
    SWEEP,
    YIELD,
    Action,
    Buy,
    Choose,
    Reroll,
    ResolveFaces,
    SpendDiceTokens,
    UseCard,
)
from kot_rules.engine.dice import FACES, Counts, Face
from kot_rules.engine.game import Game
from kot_rules.engine.hearts import HEAL_SELF
from kot_rules.engine.legal import KeepChoices
from kot_rules.language.ast import ModifierKind, Verb
from kot_rules.language.monsters import game_monster_defs, render_clause

STORE_ENERGY_MAX = 100
"""The largest energy amount an answer may name (a card asking how much energy to move).

A monster holding more may still move at most this much through an adapter: the
action space must be finite (docs/adapters.md, "Limits")."""

TAKE_TURN = "take-turn"
"""The answer taking the extra turn a card offers (kot_rules.engine.effects)."""

MULTIPLY = "multiply"
"""The answer multiplying smash faces by power faces (a Duel monster's power)."""

SKIP = "skip"
"""The answer skipping the resolving of one's dice (a card's ``skip-resolve``)."""

LEAVE = "leave"
"""The answer leaving dice unresolved (a card's ``leave-unresolved``)."""


CACHE_LIMIT = 50_000
"""Most decisions :meth:`ActionCodec.legal_ids` remembers (a full cache is emptied: only
rebuilding costs)."""

NO_ID = -1
"""What :meth:`ActionCodec.legal_ids` remembers for a decision with no id."""


class ActionEncodingError(ValueError):
    """An action or id outside the game's action space."""


@dataclass(frozen=True)
class Block:
    """One run of ids: ``size`` ids from ``start`` for actions of one kind."""

    name: str
    start: int
    size: int


def max_dice(game: Game) -> int:
    """The most dice a monster can have on the table: the game's dice plus every card's
    extra dice, and the best of them again for each card that copies another."""
    extra = [
        m.amount
        for cid in game.cards.physical_ids()
        for m in game.cards.modifiers(cid)
        if m.kind is ModifierKind.EXTRA_DICE and m.amount > 0
    ]
    copies = len(game.cards.copiers)
    if any(n.key == "max-dice" for n in game.rules.numbers.numbers):
        return game.rules.numbers["max-dice"]  # a game that caps its dice (Duel: 8)
    return game.options.dice + sum(extra) + copies * max(extra, default=0)


def multisets_up_to(n: int) -> tuple[Counts, ...]:
    """Every multiset of at most ``n`` dice, smallest first (the engine's enumeration)."""
    return tuple(c for k in range(n + 1) for c in dice.all_outcomes(k))


class ActionCodec:
    """Decisions of ``game`` to ids and back; the same layout for every player count."""

    def __init__(self, game: Game) -> None:
        cards = game.cards
        self.cards: tuple[str, ...] = cards.physical_ids()
        self.max_players: int = game.rules.max_players
        self.max_dice: int = max_dice(game)
        usable = cards.with_activated | cards.copiers
        self.usable: tuple[str, ...] = tuple(c for c in self.cards if c in usable)
        self.abilities: int = max((len(cards.activated(c)) for c in self.cards), default=0)
        if cards.copiers:
            # A copy adds the copied card's abilities to its own.
            self.abilities *= 2
        self.keeps: tuple[Counts, ...] = multisets_up_to(self.max_dice)
        self._keep_index = {c: i for i, c in enumerate(self.keeps)}
        self._card_index = {c: i for i, c in enumerate(self.cards)}
        self._usable_index = {c: i for i, c in enumerate(self.usable)}
        # use variants: plain, (die, to) changes, (die, count) rerolls
        self.use_variants = 1 + 6 * 6 + 6 * self.max_dice
        self.answers: tuple[str, ...] = answer_keys(game, self.max_players)
        self._answer_index = {k: i for i, k in enumerate(self.answers)}
        sizes: tuple[tuple[str, int], ...] = (
            ("stop", 1),
            ("reroll", len(self.keeps)),
            ("yield", 1),
            ("stay", 1),
            ("sweep", 1),
            ("end-turn", 1),
            ("buy", len(self.cards)),
            ("buy-from", len(self.cards) * self.max_players),
            ("use", len(self.usable) * self.abilities * self.use_variants),
            ("choose", len(self.answers)),
        )
        self.faces = game.rules.dice.faces
        self.max_tokens = 0
        if game.rules.board_from_json is not None:  # Duel's own decisions
            # New York has a board of its own but no dice tokens.
            held = {n.key for n in game.rules.numbers.numbers}
            self.max_tokens = (game.rules.numbers["max-dice-tokens"]
                               if "max-dice-tokens" in held else 0)
            sizes += (("spend-dice-tokens", self.max_tokens + 1), ("resolve", len(self.faces)))
        blocks: list[Block] = []
        start = 0
        for name, size in sizes:
            blocks.append(Block(name, start, size))
            start += size
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self._block = {b.name: b for b in blocks}
        self.size: int = start
        """``num_distinct_actions``: every id is below it."""
        self._simple: dict[Action, str] = {
            STOP: "stop", YIELD: "yield", STAY: "stay", SWEEP: "sweep", END_TURN: "end-turn",
        }  # fmt: skip
        self._simple_back = {v: k for k, v in self._simple.items()}
        # The fast paths of the adapters (legal_ids, action): each decision's id and each
        # id's decision, found once; the sorted ids of the keeps of each set of dice.
        self._ids: dict[Action, int] = {}
        self._same: dict[int, tuple[Action, int]] = {}
        self._actions: list[Action | None] = [None] * self.size
        self._keeps: dict[Counts, tuple[int, ...]] = {}

    # -- decisions -------------------------------------------------------------------

    def encode(self, action: Action) -> int:
        """The id of ``action``; raises :class:`ActionEncodingError` if it has none."""
        name = self._simple.get(action)
        if name is not None:
            return self._block[name].start
        if isinstance(action, Reroll):
            return self._at("reroll", self._keep_index.get(action.keep), action)
        if isinstance(action, Buy):
            card = self._card_index.get(action.card)
            if action.seller is None:
                return self._at("buy", card, action)
            if card is None or not 0 <= action.seller < self.max_players:
                raise ActionEncodingError(f"no id for {action}: unknown card or seat")
            return self._at("buy-from", card * self.max_players + action.seller, action)
        if isinstance(action, UseCard):
            return self._at("use", self._use_offset(action), action)
        if isinstance(action, Choose):
            return self._at("choose", self._answer_index.get(action.key), action)
        if isinstance(action, SpendDiceTokens) and "spend-dice-tokens" in self._block:
            return self._at("spend-dice-tokens", action.count, action)
        if isinstance(action, ResolveFaces) and "resolve" in self._block:
            index = self.faces.index(action.face) if action.face in self.faces else None
            return self._at("resolve", index, action)
        raise ActionEncodingError(f"no id for {action!r}: not a decision")

    def decode(self, action_id: int) -> Action:
        """The decision with id ``action_id``; raises :class:`ActionEncodingError`."""
        for block in self.blocks:
            if block.start <= action_id < block.start + block.size:
                return self._decode_in(block.name, action_id - block.start)
        raise ActionEncodingError(f"action id {action_id} is outside [0, {self.size})")

    def encode_all(self, actions: Iterable[Action]) -> list[int]:
        """The sorted ids of the actions that have one (see :data:`STORE_ENERGY_MAX`)."""
        out: list[int] = []
        for a in actions:
            try:
                out.append(self.encode(a))
            except ActionEncodingError:
                if not (isinstance(a, Choose) and a.key.isdigit()):
                    raise
        return sorted(out)

    def legal_ids(self, legal: Sequence[Action]) -> tuple[int, ...]:
        """``encode_all(legal)`` as a tuple, from caches: the ids of the keeps of a set of
        dice are sorted once, every other decision is encoded once."""
        if type(legal) is KeepChoices:
            ids = self._keeps.get(legal.dice)
            if ids is None:
                if len(self._keeps) >= CACHE_LIMIT:
                    self._keeps.clear()
                ids = self._keeps[legal.dice] = self._keep_ids(legal.dice)
            if not legal.extra:
                return ids
            return tuple(sorted((*ids, *self._known(legal.extra))))
        out = self._known(legal)
        out.sort()
        return tuple(out)

    def _keep_ids(self, counts: Counts) -> tuple[int, ...]:
        """``encode_all(KeepChoices(counts))`` as a tuple: stop, then every keep but all
        the dice, each found by its multiset (without building the actions)."""
        index = self._keep_index
        start = self._block["reroll"].start
        try:
            ids = [self._block["stop"].start, *(
                start + index[dice.sub_multiset(counts, i)]
                for i in range(dice.sub_multisets(counts) - 1))]
        except KeyError:  # more dice than any keep: encode_all names the action
            return tuple(self.encode_all(KeepChoices(counts)))
        ids.sort()
        return tuple(ids)

    def _known(self, actions: Iterable[Action]) -> list[int]:
        out: list[int] = []
        known, same = self._ids, self._same
        for a in actions:
            # The engine hands out one object per frequent decision (legal.buy_action,
            # END_TURN, ...): found by identity first, without hashing a dataclass.
            hit = same.get(id(a))
            if hit is not None and hit[0] is a:
                i = hit[1]
            else:
                found = known.get(a)
                if found is None:
                    if len(known) >= CACHE_LIMIT:
                        known.clear()
                        same.clear()
                    ids = self.encode_all((a,))
                    found = known[a] = ids[0] if ids else NO_ID
                i = found
                if len(same) < CACHE_LIMIT:
                    same[id(a)] = (a, i)  # holding ``a`` keeps its id from being reused
            if i != NO_ID:
                out.append(i)
        return out

    def action(self, action_id: int) -> Action:
        """:meth:`decode`, one object per id (built once)."""
        if not 0 <= action_id < self.size:
            raise ActionEncodingError(f"action id {action_id} is outside [0, {self.size})")
        action = self._actions[action_id]
        if action is None:
            action = self._actions[action_id] = self.decode(action_id)
        return action

    def block_of(self, action_id: int) -> Block:
        for block in self.blocks:
            if block.start <= action_id < block.start + block.size:
                return block
        raise ActionEncodingError(f"action id {action_id} is outside [0, {self.size})")

    def _at(self, name: str, offset: int | None, action: Action) -> int:
        block = self._block[name]
        if offset is None or not 0 <= offset < block.size:
            raise ActionEncodingError(f"no id for {action} in block {name!r} of this game")
        return block.start + offset

    def _use_offset(self, action: UseCard) -> int | None:
        card = self._usable_index.get(action.card)
        if card is None or not 0 <= action.ability < self.abilities:
            return None
        if action.die is None and action.to is None and action.count == 0:
            variant = 0
        elif action.die is not None and action.to is not None and action.count == 0:
            variant = 1 + action.die.index * 6 + action.to.index
        elif action.die is not None and action.to is None and 1 <= action.count <= self.max_dice:
            variant = 1 + 36 + action.die.index * self.max_dice + action.count - 1
        else:
            return None
        return (card * self.abilities + action.ability) * self.use_variants + variant

    def _decode_in(self, name: str, offset: int) -> Action:
        simple = self._simple_back.get(name)
        if simple is not None:
            return simple
        if name == "reroll":
            return Reroll(self.keeps[offset])
        if name == "buy":
            return Buy(self.cards[offset])
        if name == "buy-from":
            card, seller = divmod(offset, self.max_players)
            return Buy(self.cards[card], seller)
        if name == "use":
            rest, variant = divmod(offset, self.use_variants)
            card, ability = divmod(rest, self.abilities)
            cid = self.usable[card]
            if variant == 0:
                return UseCard(cid, ability)
            if variant <= 36:
                die, to = divmod(variant - 1, 6)
                return UseCard(cid, ability, die=FACES[die], to=FACES[to])
            die, count = divmod(variant - 37, self.max_dice)
            return UseCard(cid, ability, die=FACES[die], count=count + 1)
        if name == "spend-dice-tokens":
            return SpendDiceTokens(offset)
        if name == "resolve":
            return ResolveFaces(self.faces[offset])
        return Choose(self.answers[offset])


def answer_keys(game: Game, max_players: int) -> tuple[str, ...]:
    """Every answer key a question of ``game`` can offer, each once, in a fixed order.

    The keys come from the engine's questions: decline, take the extra turn, heal
    oneself, a die face, an energy amount, a card (to copy or to sell), buying a card
    just revealed, removing a token kind, healing the monster of a seat.
    """
    keys: list[str] = [PASS.key, TAKE_TURN, HEAL_SELF]
    keys += [f.value for f in FACES]
    keys += [f.value for f in game.rules.dice.faces]  # Duel's (a smash of a rival's die)
    keys += [str(k) for k in range(STORE_ENERGY_MAX + 1)]
    keys += list(game.cards.physical_ids())
    keys += [f"buy {c}" for c in game.cards.physical_ids()]
    keys += [f"remove {k}" for k in game.cards.heart_removes]
    # One key per seat: the seats a game has name their monsters, the rest never occur.
    keys += [f"heal {game.names[i]}" if i < game.num_players else f"heal seat {i}"
             for i in range(max_players)]
    # The answers of Duel's damage cards, only in a game whose cards ask them (a game
    # without them keeps its action ids).
    table = game.cards
    said = {e.verb for c in table.physical_ids() for a in table.abilities(c) for e in a.effects}
    if Verb.REST in said:
        keys += ["discard", "rest"]
    if Verb.REFUND in said:
        keys += ["discard"]
    if any(a.price for c in table.physical_ids() for a in table.abilities(c)):
        keys += ["pay"]
    # The yes of Duel's roll cards (skip resolving, leave dice unresolved).
    keys += [key for verb, key in ((Verb.SKIP_RESOLVE, SKIP), (Verb.LEAVE_UNRESOLVED, LEAVE))
             if verb in said]
    keys += board_answer_keys(game)
    return tuple(dict.fromkeys(keys))


# -- the answers of a game with a board of tracks and monster powers (Duel) --


def board_answer_keys(game: Game) -> list[str]:
    """The answers about a board and monster powers, from the game's data (none for a game
    with neither: King of Tokyo keeps its ids), in this order: the game's board answers
    (Duel: where a Buzz tile goes, every run of consecutive track spaces as long as a tile,
    either way round, ``duel.place_key``; where a King tile is placed or moved,
    Duel's ``words.king_tile_options``), each clause a power line lets its monster choose,
    multiplying the smash faces, a smash instead of a Buzz bonus, then the answers of the
    game's own card words (New York's boroughs, tiles, ...; its folder's ``adapter``)."""
    part = adapter_of(game)
    rules = game.rules
    defs = game_monster_defs(rules.id)
    keys: list[str] = part.board_answer_keys(game)
    for m in defs:
        for power in m.powers:
            if power.alternatives:
                keys += [render_clause(e) for e in power.choices]
    if any(m.has(ModifierKind.MULTIPLY_SMASH) for m in defs):
        keys.append(MULTIPLY)
    table = game.cards
    if any(m.kind is ModifierKind.SMASH_FOR_BONUS
           for c in table.physical_ids() for m in table.modifiers(c)):
        keys.append(Face.SMASH.value)
    keys += part.word_answer_keys(game)
    return keys


def roll_outcomes(n: int) -> int:
    """How many multisets ``n`` dice can show."""
    return comb(n + 5, 5)
