"""What King of Tokyo: Duel's own card and power words mean on its board (:data:`VERBS`,
:data:`CONDITIONS`; the rules add the words their own steps mean: pulls, dice tokens,
skipping the roll, the shop's: kot_rules.games.king_of_tokyo_duel.rules).

The kernel's interpreter (kot_rules.engine.effects) means the words every game's cards may
say; the words here read or change the Duel board (its faces, tracks, tiles and the marks
it keeps for a turn), so they live with it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from kot_rules.engine import abilities
from kot_rules.engine.actions import PASS, Action, Choose
from kot_rules.engine.dice import Face
from kot_rules.engine.events import K_USED, NO_EVENT, Event, Quiet
from kot_rules.engine.requests import ask
from kot_rules.engine.resources import damage
from kot_rules.engine.rules import ConditionMeaning, VerbMeaning
from kot_rules.engine.state import State
from kot_rules.games.king_of_tokyo_duel.board import (
    DESTRUCTION,
    FACES,
    FAME,
    SMASH_I,
    TILES,
    DuelBoard,
    PlacedTile,
    in_zone,
    placements,
    tile_at,
)
from kot_rules.language.ast import Condition, Effect, Trigger, Verb

_T_LEFT_UNRESOLVED: Final = Trigger.LEFT_UNRESOLVED

_FACE_KEYS: Final = tuple(f.value for f in FACES)
# Built once: ask() only reads its options (a question keeps a tuple of them).
_ADDABLE_FACES: Final[list[Action]] = [Choose(k) for k in _FACE_KEYS]


def _add_faces(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """``amount`` faces of one kind the owner chooses join its roll, any of the six
    (the Duel decision on added faces); a kind resolved already this turn is not resolved
    again."""
    answer = ask(s, t, _ADDABLE_FACES, f"{s.monsters[t].name}: which face does the power add?")
    key = answer.key if isinstance(answer, Choose) else _FACE_KEYS[0]
    i = _FACE_KEYS.index(key)
    d = list(s.dice)
    d[i] += amount
    s.dice = (d[0], d[1], d[2], d[3], d[4], d[5])
    b: DuelBoard = s.board
    s.board = b.with_added(b.added + amount)  # faces, not dice (D-DUEL-ADDED-FACES)
    if type(ev) is not Quiet:
        ev.append(Event(K_USED, t, amount, None, "", f"{s.monsters[t].name} adds {amount} {key}"))


def king_tile_options(s: State, seat: int) -> list[Action]:
    """Every place or move of ``seat``'s King tiles (D-DUEL-KING): a tile still in the box
    goes on any free place; a tile on the board with no marker on it moves to another."""
    b: DuelBoard = s.board
    out: list[Action] = []
    for spec in TILES.values():
        if not spec.king:
            continue
        mine = [t for t in b.tiles if t.tile == spec.id and t.owner == seat]
        if len(mine) < spec.copies:
            out += [Choose(f"place {p.track} {p.spaces[0]:+d}")
                    for p in placements(b, spec.id, seat)]
        for tile in mine:
            x, extra = b.position(tile.track)
            if x in tile.spaces or (extra and x + 1 in tile.spaces):
                continue  # a marker stands on it: it stays (002 "jesli to mozliwe")
            rest = replace(b, tiles=tuple(t for t in b.tiles if t != tile))
            out += [Choose(f"move {tile.track} {tile.spaces[0]:+d} to {p.track} "
                           f"{p.spaces[0]:+d}")
                    for p in placements(rest, spec.id, seat)
                    if (p.track, p.spaces) != (tile.track, tile.spaces)]
    return out


def _place_king_tile(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The owner places one of its King tiles, or moves one, where it chooses
    (duel.king.tiles, D-DUEL-KING); with no place left, nothing."""
    options = king_tile_options(s, t)
    if not options:
        return
    answer = ask(s, t, options, f"{s.monsters[t].name}: where does a King tile go?")
    assert isinstance(answer, Choose)
    words = answer.key.split()
    b: DuelBoard = s.board
    spec = next(x for x in TILES.values() if x.king)
    tiles = list(b.tiles)
    if words[0] == "move":
        old = next(x for x in tiles if x.tile == spec.id and x.owner == t
                   and x.track == words[1] and x.spaces[0] == int(words[2]))
        tiles.remove(old)
    track, space = words[-2], int(words[-1])
    tiles.append(PlacedTile(spec.id, track, (space,), t))
    s.board = replace(b, tiles=tuple(tiles))
    if type(ev) is not Quiet:
        ev.append(Event(K_USED, t, 0, None, "", f"{s.monsters[t].name}: King tile {answer.key}"))


def _spotlight_damage(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    # Once per monster, however many markers stand in its zone (D-DUEL-SPOTLIGHT-DAMAGE).
    b: DuelBoard = s.board
    if any(in_zone(t, b.position(track)) for track in (FAME, DESTRUCTION)):
        damage(s, ev, t, amount, owner, attack=False)


# Built once (actions are frozen values; ask() only reads its options).
_LEAVE: Final = Choose("leave")
_LEAVE_OR_PASS: Final[list[Action]] = [_LEAVE, PASS]
_FACE_CHOICES: Final[dict[Face, Action]] = {f: Choose(f.value) for f in Face}
_FACE_BY_KEY: Final[dict[str, Face]] = {f.value: f for f in Face}


def _leave_unresolved(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The owner may take ``amount`` dice of its choice out of its roll, one by one: dice
    it rolled, never a face a card added; with fewer such dice it cannot (D-DUEL-UNRESOLVED).
    Then its "dice left unresolved" fire."""
    if t != s.active:
        return
    b: DuelBoard = s.board
    # The faces cards added by now are smash: they join the roll just before this moment,
    # and a power adds its faces only when power is resolved (D-DUEL-ROLL-MOMENT).
    rolled = list(s.dice)
    rolled[SMASH_I] = max(0, rolled[SMASH_I] - b.added)
    if sum(rolled) < amount:
        return
    question = f"{s.names[t]} may leave {amount} of its dice unresolved ({card})"
    answer = ask(s, t, _LEAVE_OR_PASS, question)
    if answer is not _LEAVE and answer == PASS:  # `is` first: a dataclass's == is Python
        return
    faces = s.game.rules.dice.faces
    for _ in range(amount):
        options = [_FACE_CHOICES[f] for f, n in zip(faces, rolled, strict=True) if n]
        choice = ask(s, t, options, f"{s.names[t]}: which die is left unresolved?")
        i = faces.index(_FACE_BY_KEY[choice.key]) if isinstance(choice, Choose) else -1
        rolled[i] -= 1
        d = list(s.dice)
        d[i] -= 1
        s.dice = (d[0], d[1], d[2], d[3], d[4], d[5])
        # Still a die of the roll for the dice caps (INV-DUEL-DICE reads it).
        s.board = b = b.with_left(b.left + 1)
        ev.append(NO_EVENT if type(ev) is Quiet
                  else Event(K_USED, t, 1, None, "", f"a {faces[i].value} die left unresolved"))
    abilities.fire(s, ev, _T_LEFT_UNRESOLVED, (t,))


def _fewer_dice_per_keep(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """Marked on the board for ``t``'s next turn (the rules play it as that turn starts);
    two such cards add up."""
    b: DuelBoard = s.board
    s.board = replace(b, dominated=_plus_at(b.dominated, t, amount))


def _fewer_dice_next_turn(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """Marked on the board for ``t``'s next turn (played as that turn starts); two add up."""
    b: DuelBoard = s.board
    s.board = replace(b, fewer=_plus_at(b.fewer, t, amount))


def _plus_at(pair: tuple[int, int], seat: int, amount: int) -> tuple[int, int]:
    """A per-seat pair with ``amount`` added to ``seat``'s count."""
    return (pair[0] + amount, pair[1]) if seat == 0 else (pair[0], pair[1] + amount)


VERBS: Final[dict[Verb, VerbMeaning]] = {
    Verb.ADD_FACES: _add_faces,
    Verb.PLACE_KING_TILE: _place_king_tile,
    Verb.SPOTLIGHT_DAMAGE: _spotlight_damage,
    Verb.LEAVE_UNRESOLVED: _leave_unresolved,
    Verb.FEWER_DICE_PER_KEEP: _fewer_dice_per_keep,
    Verb.FEWER_DICE_NEXT_TURN: _fewer_dice_next_turn,
}
"""The verbs that need the Duel board (the rules add those their own steps mean)."""


def _fame_on_tile(s: State, seat: int) -> bool:
    b: DuelBoard = s.board
    return tile_at(b.tiles, FAME, b.fame) is not None


CONDITIONS: Final[dict[Condition, ConditionMeaning]] = {Condition.FAME_ON_TILE: _fame_on_tile}
