"""What King of New York's own card words mean on its board (:data:`WORDS`, with the verbs
its rules add: kot_rules.games.king_of_new_york.rules).

The kernel's interpreter (kot_rules.engine.effects) means the words every game's cards may
say; the words here read or change the city board (its faces, boroughs, units, tokens and
counts of the turn), so they live with it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from kot_rules.engine import abilities, tokens
from kot_rules.engine.actions import Action, Choose
from kot_rules.engine.events import K_TOKENS, K_USED, NO_EVENT, Event, Quiet
from kot_rules.engine.requests import ask
from kot_rules.engine.resources import damage, gain_stars
from kot_rules.engine.rules import ConditionMeaning, HeldMeaning, VerbMeaning
from kot_rules.engine.shop import pay_and_take, receive, refill_slot
from kot_rules.engine.state import State
from kot_rules.games.king_of_new_york.board import (
    CELEBRITY_I,
    DESTRUCTION_I,
    FACES,
    NY,
    SMASH_I,
    TILES,
    CityBoard,
    units_in,
)
from kot_rules.language.ast import Condition, Effect, ModifierKind, Trigger, Verb

_M_UNITS_DEAL_LESS: Final = ModifierKind.UNITS_DEAL_LESS
_T_OTHER_GAINS_ENERGY: Final = Trigger.OTHER_GAINS_ENERGY
_T_PUT_BOROUGH_TOKEN: Final = Trigger.PUT_BOROUGH_TOKEN
_QUEENS = "queens"  # the borough's id in spec/games/king-of-new-york-board.yaml
_DAMAGE_PER_UNIT: Final = NY["damage-per-unit"]


# -- verbs ------------------------------------------------------------------------------

_ADDED_FACE: Final = {Verb.ADD_CLAW_FACES: SMASH_I, Verb.ADD_DESTRUCTION_FACES: DESTRUCTION_I}


def _add_faces(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """Faces join the roll of the monster resolving it, to be resolved like rolled ones
    (seed 003, "Karty dodające symbole")."""
    if t != s.active:
        return
    c = list(s.dice)
    c[_ADDED_FACE[e.verb]] += amount
    s.dice = (c[0], c[1], c[2], c[3], c[4], c[5])
    if type(ev) is not Quiet:
        face = FACES[_ADDED_FACE[e.verb]].value
        ev.append(Event(K_USED, t, amount, None, "", f"adds {amount} {face} "
                        f"face{'' if amount == 1 else 's'} ({s.game.cards.name(card)})"))


def _units_attack(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The units of ``t``'s borough attack it, 1 damage each (kony.dice.ouch; no attack of a
    monster, D-KONY-OUCH-NOT-ATTACK)."""
    b: CityBoard = s.board
    hits = len(units_in(b, b.where[t])) * _DAMAGE_PER_UNIT
    if hits and s.monsters[t].cards:
        hits = max(0, hits - abilities.total(s, t, _M_UNITS_DEAL_LESS))
    if hits:
        damage(s, ev, t, hits, owner, attack=False, army=b.where[t])


def _free_moves(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """``t``'s next turn (the one the card gives) lets it move at any time (the
    board's ``free_moves``; kot_rules.games.king_of_new_york.rules.free_moves)."""
    b: CityBoard = s.board
    if t not in b.free_moves:
        s.board = replace(b, free_moves=(*b.free_moves, t))


def _stars_for_damage(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The owner picks one monster it hurt this turn (the board's ``dealt``, counted while it
    is the active monster) and scores ``amount`` stars per damage dealt to it."""
    b: CityBoard = s.board
    if t != s.active or not b.dealt:
        return
    hurt = [i for i, n in enumerate(b.dealt) if n and i != t]
    if not hurt:
        return
    pick = hurt[0]
    if len(hurt) > 1:
        options: list[Action] = [Choose(s.names[i]) for i in hurt]
        answer = ask(s, t, options, f"{s.names[t]} picks a monster it dealt damage to this "
                     f"turn ({card})")
        if isinstance(answer, Choose) and answer.key in s.names:
            pick = s.names.index(answer.key)
    gain_stars(s, ev, t, b.dealt[pick] * amount, why)


def _next_keep_free(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """``t`` claims the next keep card the deck reveals, after any earlier claim (the
    board's ``claims``; :func:`claim` hands it over)."""
    b: CityBoard = s.board
    s.board = replace(b, claims=(*b.claims, t))
    ev.append(NO_EVENT if type(ev) is Quiet
              else Event(K_USED, t, 0, None, "",
                         f"claims the next keep card revealed ({s.game.cards.name(card)})"))


VERBS: Final[dict[Verb, VerbMeaning]] = {
    Verb.ADD_CLAW_FACES: _add_faces,
    Verb.ADD_DESTRUCTION_FACES: _add_faces,
    Verb.UNITS_ATTACK: _units_attack,
    Verb.FREE_MOVES: _free_moves,
    Verb.STARS_FOR_DAMAGE: _stars_for_damage,
    Verb.NEXT_KEEP_FREE: _next_keep_free,
}
"""The verbs that need the city board (the rules add those their own steps mean)."""


def _put_borough_token(
    s: State, ev: list[Event], owner: int, e: Effect, card: str, target: int | None
) -> None:
    """A token of the supply goes in the owner's borough, unless one of its kind
    lies there (the board's ``borough_tokens``); then "when you drop a token in a borough"
    (D-KONY-BOROUGH-TOKENS)."""
    b: CityBoard = s.board
    here = b.where[owner]
    if not here or (here, e.token) in b.borough_tokens:
        return
    dropped = sum(1 for _, k in b.borough_tokens if k == e.token)
    if tokens.supply_left(s, e.token) - dropped <= 0:
        return
    s.board = replace(b, borough_tokens=tuple(sorted((*b.borough_tokens, (here, e.token)))))
    ev.append(NO_EVENT if type(ev) is Quiet
              else Event(K_TOKENS, owner, 1, None, here, e.token))
    abilities.fire(s, ev, _T_PUT_BOROUGH_TOKEN, (owner,))


HELD: Final[dict[Verb, HeldMeaning]] = {Verb.PUT_BOROUGH_TOKEN: _put_borough_token}


# -- conditions ---------------------------------------------------------------------------


def _in_queens(s: State, seat: int) -> bool:
    b: CityBoard = s.board
    return b.where[seat] == _QUEENS


def _have_superstar(s: State, seat: int) -> bool:
    b: CityBoard = s.board
    return b.superstar == seat


def _roll_has_star(s: State, seat: int) -> bool:
    """The active monster's roll, added faces counted."""
    return seat == s.active and s.dice[CELEBRITY_I] > 0


def _manhattan_every_face(s: State, seat: int) -> bool:
    return (s.city == seat or s.bay == seat) and min(s.dice) >= 1


CONDITIONS: Final[dict[Condition, ConditionMeaning]] = {
    Condition.IN_QUEENS: _in_queens,
    Condition.HAVE_SUPERSTAR: _have_superstar,
    Condition.ROLL_HAS_STAR: _roll_has_star,
    Condition.MANHATTAN_EVERY_FACE: _manhattan_every_face,
}


# -- counts of the turn, claims and prices ---------------------------------------------


def collected(s: State, ev: list[Event], seat: int, n: int) -> None:
    """``seat`` collected ``n`` energy: its count of the turn grows (the board's
    ``collected``), and "when another monster collects N or more energy in a turn" fires
    for the others, clockwise, once as the count reaches N (D-KONY-COLLECTS-IN-A-TURN)."""
    if n <= 0:
        return
    b: CityBoard = s.board
    counts = list(b.collected) or [0] * len(s.monsters)
    before = counts[seat]
    counts[seat] = before + n
    s.board = replace(b, collected=tuple(counts))
    others = [i for i in abilities.clockwise(s, seat) if i != seat]
    for k in range(before + 1, before + n + 1):
        abilities.fire(s, ev, _T_OTHER_GAINS_ENERGY, others, param=k, target=seat)


def dealt(s: State, seat: int, lost: int) -> None:
    """The active monster's damage hurt ``seat`` by ``lost`` hearts: counted on the board
    (``dealt``) for the turn (D-KONY-DAMAGE-DEALT)."""
    b: CityBoard = s.board
    counts = list(b.dealt) or [0] * len(s.monsters)
    counts[seat] += lost
    s.board = replace(b, dealt=tuple(counts))


def claim(s: State, ev: list[Event], revealed: tuple[str, ...]) -> tuple[str, ...]:
    """The first monster of the board's ``claims`` takes the first keep card of ``revealed``
    for free (its slot refilled at once, then the card acts for it); the cards left to
    offer (D-KONY-CLAIM-NEXT-KEEP)."""
    b: CityBoard = s.board
    if not b.claims:
        return revealed
    left = []
    for card in revealed:
        b = s.board
        claims = tuple(c for c in b.claims if s.monsters[c].alive)
        if not claims or card not in s.shop or not s.game.cards.is_keep(card):
            left.append(card)
            continue
        seat = claims[0]
        s.board = replace(b, claims=claims[1:])
        pay_and_take(s, ev, seat, card, 0)
        refill_slot(s, ev, s.shop.index(card))
        receive(s, ev, seat, card, price=0)
    return tuple(left)


_CHEAPER_IN: Final = {ModifierKind.CHEAPER_IN_MANHATTAN: "manhattan",
                      ModifierKind.CHEAPER_IN_QUEENS: "queens",
                      ModifierKind.CHEAPER_IN_BROOKLYN: "brooklyn",
                      ModifierKind.CHEAPER_IN_THE_BRONX: "bronx",
                      ModifierKind.CHEAPER_IN_STATEN_ISLAND: "staten-island"}
"""Each borough discount and its borough's id (spec/games/king-of-new-york-board.yaml)."""
_AFTER_UNIT: Final = {ModifierKind.BUY_AFTER_TANK: "tank", ModifierKind.BUY_AFTER_JET: "jet"}
"""Each purchase condition and the unit kind that must have been destroyed this turn."""


def price(s: State, seat: int, card: str, cost: int) -> int | None:
    """What ``card`` costs ``seat`` in its borough (``cost``: its price less the held cards'
    discount), or None if it may not buy it now (no unit of the kind destroyed this turn)."""
    b: CityBoard = s.board
    for m in s.game.cards.modifiers(card):
        borough = _CHEAPER_IN.get(m.kind)
        if borough is not None and b.where[seat] == borough:
            cost -= m.amount
        unit = _AFTER_UNIT.get(m.kind)
        if unit is not None and not any(TILES[t].unit == unit for t in b.destroyed_units):
            return None
    return max(0, cost)
