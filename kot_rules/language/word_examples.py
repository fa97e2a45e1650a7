"""Each word's ``example`` line as a whole card file, as the docs show it and a test checks it.

A sentence an effect line says goes on a discard card; every other line (an ability, a
modifier, an activated ability, a token rule) goes on a keep card, with a supply line
for each kind of token the example names.
"""

from __future__ import annotations

import re

from .cardset import check_text
from .grammar import DEFAULT_GAME
from .vocabulary import MONSTER_GRAMMAR, AnyWord

_TOKEN = re.compile(r"\b([a-z]+) tokens?\b")
_SUPPLY = "  The game has 12 {} tokens.\n"


def example_card(word: AnyWord, game: str | None = None) -> str:
    """The card file that shows ``word.example``: a discard card if that is a card without
    errors, else a keep card (with the supply of any token it names). ``game``: whose
    card it is (None: King of Tokyo's, or the first game that says the word)."""
    if game is None:
        game = word_game(word)
    if set(word.grammar) & MONSTER_GRAMMAR:  # said in a monster file
        return f'monster "Example"\n  hearts 9\n  {word.example}\n'
    discard = f'card "Example"\n  cost 3, discard\n  {word.example}\n'
    if not any(d.is_error for d in check_text(discard, game=game)):
        return discard
    tokens = sorted(set(_TOKEN.findall(word.example)) - {"its", "a", "one"})
    supplies = "".join(_SUPPLY.format(t) for t in tokens
                       if f"has 12 {t} tokens" not in word.example)
    return f'card "Example"\n  cost 3, keep\n{supplies}  {word.example}\n'


def word_game(word: AnyWord) -> str:
    """The game whose cards show ``word``: King of Tokyo if its cards say it, else the
    first of the games that do (a Duel-only word: Duel)."""
    return DEFAULT_GAME if DEFAULT_GAME in word.games else min(word.games)
