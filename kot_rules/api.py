"""Two entry points for engine authors: a game by id, and its first state."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kot_rules.engine.cards import CardCatalog
from kot_rules.engine.game import Game, Options
from kot_rules.engine.rules import GameRules
from kot_rules.engine.state import State
from kot_rules.games import DEFAULT_GAME, get


def default_rules() -> GameRules:
    """The rules of the default game (``DEFAULT_GAME``): what ``Game(players)`` plays when
    given no rules (kot_rules.engine.rules.default_rules asks here)."""
    return get(DEFAULT_GAME).rules


def load_game(
    game: str = DEFAULT_GAME,
    players: int | Sequence[str] = 4,
    *,
    options: Options | None = None,
    cards: CardCatalog | None = None,
) -> Game:
    """The game ``game`` (a registered id) for ``players`` monsters (a count or their names).

    Raises :class:`~kot_rules.games.UnknownGameError` for an unregistered id and
    :class:`~kot_rules.engine.errors.ConfigError` for a set-up the rules do not allow.
    """
    return get(game).new_game(players, options=options, cards=cards)


def new_game(
    game: str = DEFAULT_GAME,
    players: int | Sequence[str] = 4,
    *,
    seed: int | None = None,
    options: Options | None = None,
    cards: CardCatalog | None = None,
) -> State:
    """The first state of a new game: the deck shuffled by ``seed`` (``None``: a random
    shuffle), three cards in the shop, the first turn about to be rolled."""
    loaded = load_game(game, players, options=options, cards=cards)
    shuffle = random.randrange(2**32) if seed is None else seed
    return loaded.new_initial_state(loaded.shuffled_deck(shuffle))
