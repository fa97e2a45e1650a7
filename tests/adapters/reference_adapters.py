"""The adapters' numbers written the plain way, before their caches: what the fast paths
must give back (the legal ids, the chance probabilities, the observation vector)."""

from __future__ import annotations

from fractions import Fraction

from kot_rules.adapters.encoding import ActionCodec
from kot_rules.adapters.observation import MONSTER_FIELDS, layout, phases_of
from kot_rules.adapters.tree import DEAL, FIRST, ROLL, Node
from kot_rules.engine import dice
from kot_rules.engine.actions import FirstPlayer
from kot_rules.engine.state import State
from kot_rules.games.king_of_new_york.adapter import write_board as write_new_york_board


def legal_ids(codec: ActionCodec, s: State) -> list[int]:
    """The documented ids of the decisions open in ``s``, one action at a time."""
    return codec.encode_all(s.legal_actions())


def chance_outcomes(node: Node) -> list[tuple[int, Fraction]]:
    """The documented chance outcomes of ``node`` with their exact probabilities."""
    kind = node.chance_kind()
    s = node.now
    if kind == DEAL:
        dealt = set(node.dealt)
        left = [i for i in range(len(node.shape.codec.cards)) if i not in dealt]
        return [(i, Fraction(1, len(left))) for i in left]
    assert s is not None
    if kind == FIRST:
        return [(o.seat, p) for o, p in s.chance_outcomes() if isinstance(o, FirstPlayer)]
    if kind == ROLL:
        left = node.dice_to_roll() if node.left is None else node.left
        size = min(left, node.shape.chunk)
        return [(i, dice.probability(c)) for i, c in enumerate(dice.all_outcomes(size))]
    return []


def observe(node: Node, player: int) -> list[float]:
    """The observation vector of ``node`` for ``player``, number by number."""
    game = node.shape.game
    lay = layout(game)
    v = [0.0] * lay.size
    card_index = {c: i for i, c in enumerate(game.cards.physical_ids())}
    kinds = sorted(game.cards.token_supply)
    n_cards = len(card_index)
    per_monster = len(MONSTER_FIELDS) + n_cards + len(kinds)
    flags = lay.slice("flags").start
    s = node.now
    v[flags + 2] = float(node.is_chance())
    if s is None:
        v[flags] = 1.0
        return v
    v[flags + 1] = float(s.pending is not None)
    n = game.num_players
    deciding = s.current_player()
    for slot in range(n):
        seat = (player + slot) % n
        m = s.monsters[seat]
        base = lay.slice("monsters").start + slot * per_monster
        values = (
            1, m.alive, m.hearts, m.max_hearts, m.stars, m.energy,
            s.city == seat, s.bay == seat, s.active == seat, deciding == seat,
        )  # fmt: skip
        for k, x in enumerate(values):
            v[base + k] = float(x)
        for c in m.cards:
            v[base + len(MONSTER_FIELDS) + card_index[c]] = 1.0
        for t_seat, kind, count in s.tokens:
            if t_seat == seat:
                v[base + len(MONSTER_FIELDS) + n_cards + kinds.index(kind)] = float(count)
    v[lay.slice("phase").start + phases_of(game).index(s.phase)] = 1.0
    if s.board is not None and game.rules.id == "king-of-new-york":
        write_new_york_board(v, lay.slice("board").start, s, player)
    elif s.board is not None:
        b = s.board
        side = -1.0 if player == 0 else 1.0
        at = lay.slice("board").start
        end = game.rules.numbers["track-end"]
        v[at], v[at + 1] = end + side * b.fame, end + side * b.destruction
        v[at + 2], v[at + 3] = float("fame" in b.extra), float("destruction" in b.extra)
        v[at + 4], v[at + 5] = float(b.dice_tokens[player]), float(b.dice_tokens[1 - player])
    shown = dice.add(s.dice, node.rolled)
    for k in range(6):
        v[lay.slice("dice").start + k] = float(shown[k])
    roll = lay.slice("roll").start
    v[roll], v[roll + 1] = float(s.to_roll), float(s.rolls_done)
    v[roll + 2] = float(s.rolls_allowed)
    for name, cards in (("shop", s.shop), ("discard", s.discard)):
        start = lay.slice(name).start
        for c in cards:
            v[start + card_index[c]] = 1.0
    on_cards = lay.slice("on_cards").start
    for c, _kind, count in s.held:
        v[on_cards + card_index[c]] += float(count)
    counts = lay.slice("counts").start
    v[counts], v[counts + 1] = float(len(s.deck)), float(s.turn)
    return v
