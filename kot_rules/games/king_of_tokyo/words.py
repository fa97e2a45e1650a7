"""What King of Tokyo's own card words mean on its board (:data:`VERBS`): taking Tokyo City
and leaving Tokyo.

The kernel's interpreter (kot_rules.engine.effects) means the words every game's cards may
say; entering Tokyo scores the game's entry stars (kot_rules.games.king_of_tokyo.board), so
these words live with it.
"""

from __future__ import annotations

from typing import Final

from kot_rules.engine.events import K_LEFT, Event
from kot_rules.engine.resources import leave_place
from kot_rules.engine.rules import VerbMeaning
from kot_rules.engine.state import Place, State
from kot_rules.games.king_of_tokyo import board as tokyo
from kot_rules.language.ast import Effect, Verb

_PL_CITY: Final = Place.CITY


def _take_tokyo_city(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    # Already in Tokyo (City or Bay): nothing; the Bay is Tokyo [004, card notes].
    if s.city != t and s.bay != t:
        if s.city is not None:
            leave_place(s, ev, s.city, K_LEFT)
        tokyo.enter(s, ev, t, _PL_CITY)


def _leave_tokyo(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """``t`` leaves City or Bay, if it is in Tokyo; nobody takes the place."""
    if s.city == t or s.bay == t:
        leave_place(s, ev, t, K_LEFT)


VERBS: Final[dict[Verb, VerbMeaning]] = {
    Verb.TAKE_TOKYO_CITY: _take_tokyo_city,
    Verb.LEAVE_TOKYO: _leave_tokyo,
}
