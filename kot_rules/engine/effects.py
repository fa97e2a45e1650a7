"""The card-language interpreter: runs a card's effect sentences.

It implements vocabulary (verbs and whom they affect), never a card: a card's
behaviour comes only from its text under spec/cards/.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Final, TypeVar

from kot_rules.engine import abilities, dice, dispatch, tokens
from kot_rules.engine.actions import PASS, Action, Choose
from kot_rules.engine.dice import FACES, Face
from kot_rules.engine.dispatch import BOARD_VERBS
from kot_rules.engine.errors import NotExecutableError
from kot_rules.engine.events import (
    K_ENERGY,
    K_HEALED,
    K_LEFT,
    K_ROLLED,
    K_STARS,
    K_TOKENS,
    K_USED,
    K_WON,
    NO_EVENT,
    Event,
    Quiet,
)
from kot_rules.engine.requests import ask, roll
from kot_rules.engine.resources import (
    damage,
    eliminate,
    end_copies_of,
    gain_energy,
    gain_stars,
    heal,
    heart_top,
    lose_card,
    raise_max,
    raise_of,
    set_monster,
)
from kot_rules.engine.state import Monster, Outcome, Phase, Place, State
from kot_rules.games.king_of_new_york import board as city
from kot_rules.games.king_of_tokyo import board as tokyo
from kot_rules.games.king_of_tokyo_duel import board as tracks
from kot_rules.games.king_of_tokyo_duel.board import DESTRUCTION, FAME, DuelBoard
from kot_rules.language.ast import (
    ENERGY_ON_CARD,
    PER_UNUSED_ROLL,
    Effect,
    ModifierKind,
    Trigger,
    Verb,
    Who,
)
from kot_rules.language.vocabulary import NO_AMOUNT_VERBS

# Enum members read in function bodies, as Final aliases: compiled with mypyc each is a C
# static, not a module look-up and a class attribute read.
_M_UNITS_DEAL_LESS: Final = ModifierKind.UNITS_DEAL_LESS
_PL_CITY: Final = Place.CITY
_T_ATTACK: Final = Trigger.ATTACK
_T_BOUGHT: Final = Trigger.BOUGHT
_T_LEFT_UNRESOLVED: Final = Trigger.LEFT_UNRESOLVED
_T_PUT_BOROUGH_TOKEN: Final = Trigger.PUT_BOROUGH_TOKEN
_V_MAY_EXTRA_TURN: Final = Verb.MAY_EXTRA_TURN
_V_PUSH_UNITS: Final = Verb.PUSH_UNITS
_V_TAKE_DAMAGE: Final = Verb.TAKE_DAMAGE
_W_EVERY: Final = Who.EVERY
_W_IT: Final = Who.IT
_W_NEIGHBOURS: Final = Who.NEIGHBOURS
_W_TAKER: Final = Who.TAKER
_W_THIS_CARD: Final = Who.THIS_CARD
_W_YOU: Final = Who.YOU

NO_AMOUNT: Final = NO_AMOUNT_VERBS
"""Verbs that act at amount 0 (the vocabulary table says which); run() skips the others."""

# -- what each verb does: registered per word of kot_rules.language.vocabulary ----------

_OVER: Final = Phase.OVER

VerbMeaning = Callable[[State, list[Event], int, int, int, Effect, str, str], None]
"""(state, events, owner, target seat, amount, effect, card, why): the verb for one target."""
HeldMeaning = Callable[[State, list[Event], int, Effect, str, int | None], None]
"""(state, events, owner, effect, card, target): a verb about what lies on a card or monster,
done once for the owner (who is in the game)."""

MEANINGS: Final[dict[Verb, VerbMeaning]] = {}
"""The interpreter's meaning of each verb an effect says, applied target by target."""
HELD_MEANINGS: Final[dict[Verb, HeldMeaning]] = {}
"""The interpreter's meaning of each verb about tokens or energy held."""

V = TypeVar("V", VerbMeaning, HeldMeaning)


def _means(table: dict[Verb, V], *verbs: Verb) -> Callable[[V], V]:
    """Register the decorated function as the meaning of ``verbs`` (once each)."""

    def register(meaning: V) -> V:
        for verb in verbs:
            if verb in table:  # pragma: no cover - a verb given two meanings
                raise ValueError(f"{verb} has a meaning already")
            table[verb] = meaning
        return meaning

    return register


@_means(HELD_MEANINGS, Verb.PUT_TOKENS)
def _put_tokens(
    s: State, ev: list[Event], owner: int, e: Effect, card: str, target: int | None
) -> None:
    """Tokens put on the monster the trigger names, or on this card (tokens.py)."""
    if e.who is _W_IT:
        for t in _targets(s, owner, e.who, target):
            tokens.put_on_monster(s, ev, t, e.token, e.amount, owner)
        return
    tokens.put_on_card(s, ev, owner, card, e.token, e.amount)
    tokens.check_empty(s, ev, owner, card)


@_means(HELD_MEANINGS, Verb.STORE_ENERGY)
def _store_energy(
    s: State, ev: list[Event], owner: int, e: Effect, card: str, target: int | None
) -> None:
    """The owner moves any of its energy onto this card; amount 1: the bank adds as much."""
    m = s.monsters[owner]
    options: list[Action] = [Choose(str(k)) for k in range(m.energy + 1)]
    answer = ask(s, owner, options, f"{m.name}: how much energy goes onto card {card}?")
    moved = int(answer.key) if isinstance(answer, Choose) else 0
    if moved:
        set_monster(s, owner, m._replace(energy=m.energy - moved))
        ev.append(
            NO_EVENT
            if type(ev) is Quiet
            else Event(K_ENERGY, owner, -moved, None, "", f"moved onto card {card}")
        )
    # The bank adds as much as was moved (amount 1), taken from no one.
    tokens.put_on_card(s, ev, owner, card, ENERGY_ON_CARD, moved * (1 + e.amount))
    tokens.check_empty(s, ev, owner, card)


@_means(HELD_MEANINGS, Verb.TAKE_STORED)
def _take_stored(
    s: State, ev: list[Event], owner: int, e: Effect, card: str, target: int | None
) -> None:
    """Energy moves from this card to its owner (not a gain)."""
    tokens.move_energy_to_owner(s, ev, owner, card, e.amount)
    tokens.check_empty(s, ev, owner, card)


def _targets(
    s: State,
    owner: int,
    who: Who,
    target: int | None = None,
    joined: frozenset[int] | None = None,
) -> list[int]:
    """Affected monsters still in the game, clockwise from the one after the owner.

    ``this card`` affects its owner's card: the owner stands for it. ``joined``: when the
    effect is the owner's "when you attack" ability, the neighbours whose damage was
    added to that attack already.
    """
    n = len(s.monsters)
    if who is _W_YOU or who is _W_THIS_CARD:
        return [owner] if s.monsters[owner].alive else []
    if who is _W_TAKER:
        # The only monster that ever takes a yielded place is the attacker, the active one.
        a = s.active
        return [a] if a != owner and s.monsters[a].alive else []
    if who is _W_IT:
        return [target] if target is not None and s.monsters[target].alive else []
    if who is _W_NEIGHBOURS:
        near = neighbours(s, owner)
        if joined is not None:
            if s.game.options.neighbours_attacked_only:
                # The Czech reading (D-NEIGHBOUR-DAMAGE): only a neighbour the attack hits,
                # and that one had the damage added to the attack.
                return []
            # A neighbour the attack hits had it added to the attack [004 §Přehled
            # zvláštních karet "Zranění je přidáno k útoku"]; the others take it as card
            # damage [001 §DODATEK, appendix clarification 8].
            return [i for i in near if i not in joined]
        return near
    seats = [(owner + k) % n for k in range(1, n)]
    if who is _W_EVERY:
        # All at once; the owner is listed last so that its own elimination never comes
        # before the damage it deals to the others.
        seats.append(owner)
    return [i for i in seats if s.monsters[i].alive]


def neighbours(s: State, owner: int) -> list[int]:
    """The nearest monsters in the game on each side; with two left, the one other."""
    n = len(s.monsters)
    alive = [(owner + k) % n for k in range(1, n) if s.monsters[(owner + k) % n].alive]
    if not alive:
        return []
    return [alive[0]] if alive[0] == alive[-1] else [alive[0], alive[-1]]


def joined_neighbour_damage(s: State, owner: int) -> int:
    """The damage ``owner``'s "when you attack" abilities deal to each neighbour: added to
    the attack for a neighbour the attack hits (D-NEIGHBOUR-DAMAGE)."""
    total = 0
    for c in s.monsters[owner].cards:
        for ability in abilities.abilities_of(s, c):
            if ability.trigger is not _T_ATTACK or (
                ability.condition is not None and not abilities.holds(s, owner, ability.condition)
            ):
                continue
            total += sum(
                e.amount
                for e in ability.effects
                if e.verb is _V_TAKE_DAMAGE and e.who is _W_NEIGHBOURS and not e.per
            )
    return total


def run(
    s: State,
    ev: list[Event],
    owner: int,
    effects: Iterable[Effect],
    card: str,
    target: int | None = None,
    *,
    joined: frozenset[int] | None = None,
) -> None:
    """Apply ``effects`` of ``card`` for ``owner``, in order. Card damage is never an attack.

    ``target`` is the monster the trigger names (``it``), if any; ``joined``: the effects
    are the owner's "when you attack" ability, and these neighbours had their damage
    added to the attack.
    """
    won = s.game.after_step  # Duel checks victory after each sentence
    for i, e in enumerate(effects):
        if won is not None and (s.phase is _OVER or (i and won(s) is not None)):
            # A win ends the game at once: no further sentence (D-DUEL-WIN-CHECK). Not
            # before the first sentence: a replacement's first sentence acts on the last
            # heart that would lose the game, before victory is checked (D-DUEL-LAST-HEART).
            return
        why = f"card {card}"
        held = HELD_MEANINGS.get(e.verb)
        if held is not None:
            if s.monsters[owner].alive:
                held(s, ev, owner, e, card, target)
            continue
        meaning = MEANINGS.get(e.verb)
        for t in _targets(s, owner, e.who, target, joined):
            if not s.monsters[t].alive:
                continue
            if e.per_count:  # counted on the owner's roll
                amount = e.amount * (per_count(s, e.per_count) // e.per)
            else:
                amount = e.amount * (s.monsters[t].energy // e.per) if e.per else e.amount
            if amount <= 0 and e.verb not in NO_AMOUNT:
                continue
            if meaning is None:  # pragma: no cover - the checker admits no other verb
                raise AssertionError(f"unknown verb {e.verb}")
            meaning(s, ev, owner, t, amount, e, card, why)


def per_count(s: State, counted: str) -> int:
    """What ``for each ...`` counts on the active monster's roll: the dice
    showing a face (the game's faces, added ones counted), or the rolls it left unused."""
    if counted == PER_UNUSED_ROLL:
        return max(0, s.rolls_allowed - s.rolls_done)
    return s.dice[s.game.rules.dice.faces.index(Face(counted))]


@_means(MEANINGS, Verb.GAIN_STARS)
def _gain_stars(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    gain_stars(s, ev, t, amount, why)


@_means(MEANINGS, Verb.GAIN_ENERGY)
def _gain_energy(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    gain_energy(s, ev, t, amount, why)


@_means(MEANINGS, Verb.HEAL)
def _heal(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    # Cards may heal a monster in Tokyo [004 "může se ale léčit pomocí karet"].
    heal(s, ev, t, amount, why)


@_means(MEANINGS, Verb.TAKE_DAMAGE)
def _take_damage(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    damage(s, ev, t, amount, owner, attack=False)


@_means(MEANINGS, Verb.LOSE_ENERGY)
def _lose_energy(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    m = s.monsters[t]
    lost = min(amount, m.energy)
    if lost:
        set_monster(s, t, m._replace(energy=m.energy - lost))
        ev.append(NO_EVENT if type(ev) is Quiet else Event(K_ENERGY, t, -lost, owner, "", why))


@_means(MEANINGS, Verb.TAKE_TOKYO_CITY)
def _take_tokyo_city(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    # Already in Tokyo (City or Bay): nothing; the Bay is Tokyo [004, card notes].
    if s.city != t and s.bay != t:
        if s.city is not None:
            tokyo.leave(s, ev, s.city, K_LEFT)
        tokyo.enter(s, ev, t, _PL_CITY)


@_means(MEANINGS, Verb.EXTRA_TURN, Verb.MAY_EXTRA_TURN)
def _extra_turn(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    if e.verb is _V_MAY_EXTRA_TURN and not _wants_turn(s, t, card):
        return
    if t == s.active:
        s.extra_turns = (*s.extra_turns, amount)  # amount: the dice it rolls fewer
    else:  # bought out of turn: played right after this turn (D-OUT-OF-TURN)
        s.inserted = (*s.inserted, (t, amount))


@_means(MEANINGS, Verb.ADD_ATTACK_DAMAGE)
def _add_attack_damage(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    if t == s.active:  # only the owner's own attack (kot-cards.md R2)
        s.attack_bonus += amount


@_means(MEANINGS, Verb.ADD_CLAW_DAMAGE)
def _add_claw_damage(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    # Only to an attack: it never turns 0 claws into damage [004 §Útok/útočící příšera];
    # the 2016 reading (bonus_claws) adds claws, rolled or not.
    if t == s.active and (s.dice[dice.CLAW] or s.game.options.bonus_claws):
        s.attack_bonus += amount


@_means(MEANINGS, Verb.COPY_CARD)
def _copy_card(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    _copy(s, ev, t, card, pay=amount)


@_means(MEANINGS, Verb.SELL_CARDS)
def _sell_cards(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    _sell(s, ev, t)


@_means(MEANINGS, Verb.REROLL_OTHERS_DIE)
def _reroll_others_die(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    _reroll_active_die(s, ev, t, card, discard_on_heart=e.amount == 1)


@_means(MEANINGS, Verb.LOSE_STARS)
def _lose_stars(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    m = s.monsters[t]
    lost = min(amount, m.stars)
    if lost:
        set_monster(
            s,
            t,
            Monster(
                m.name,
                m.hearts,
                m.max_hearts,
                m.stars - lost,
                m.energy,
                m.alive,
                m.cards,
            ),
        )
        ev.append(NO_EVENT if type(ev) is Quiet else Event(K_STARS, t, -lost, owner, "", why))


def _wants_turn(s: State, seat: int, card: str) -> bool:
    """Whether ``seat`` takes the extra turn its card offers (``you may``)."""
    why = f"{s.names[seat]} may take another turn after this one ({card})"
    answer = ask(s, seat, [Choose("take-turn"), PASS], why)
    return answer != PASS and isinstance(answer, Choose)


def _sell(s: State, ev: list[Event], seat: int) -> None:
    """The monster may discard cards one by one, each for what was paid for it (the
    first-edition text "the energy they were purchased for"; a card it did not buy: its
    printed cost); option refund_printed_cost: the printed cost (kot-cards.md R16).

    The energy is given back, not gained: cards that add to every gain add nothing
    (kot-cards.md R18; 001 §DODATEK, appendix clarification 13) (D-SELL-REFUND).
    """
    table = s.game.cards
    while s.monsters[seat].cards:
        options: list[Action] = [Choose(c) for c in s.monsters[seat].cards]
        why = f"{s.names[seat]} may discard a card for its cost in energy"
        choice = ask(s, seat, [*options, PASS], why)
        if choice == PASS or not isinstance(choice, Choose):
            return
        cost = table.cost(choice.key)
        if not s.game.options.refund_printed_cost:
            cost = next((n for c, n in s.paid if c == choice.key), cost)
        lose_card(s, ev, seat, choice.key)
        m = s.monsters[seat]
        if not m.alive:
            return  # losing it took the hearts it gave, and the last ones (D-LOSE-CARD)
        set_monster(s, seat, m._replace(energy=m.energy + cost))
        ev.append(
            NO_EVENT
            if type(ev) is Quiet
            else Event(K_ENERGY, seat, cost, None, "", f"discards {choice.key} for its cost")
        )


def _reroll_active_die(
    s: State, ev: list[Event], seat: int, card: str, *, discard_on_heart: bool
) -> None:
    """``seat`` may reroll one of the active monster's dice; it picks the die (R14)."""
    a = s.active
    options: list[Action] = [Choose(f.value) for f, n in zip(FACES, s.dice, strict=True) if n]
    why = f"{s.names[seat]} may reroll one of {s.names[a]}'s dice ({dice.describe(s.dice)})"
    choice = ask(s, seat, [*options, PASS], why)
    if choice == PASS or not isinstance(choice, Choose):
        return
    face = Face.parse(choice.key)
    new = roll(s, 1, f"{s.names[seat]} rerolls one of {s.names[a]}'s dice")
    c = list(s.dice)
    c[face.index] -= 1
    s.dice = (c[0], c[1], c[2], c[3], c[4], c[5])
    s.dice = dice.add(s.dice, new)
    ev.append(NO_EVENT if type(ev) is Quiet else Event(K_ROLLED, seat, 0, a, "", "", new))
    if discard_on_heart and new[dice.HEART]:
        lose_card(s, ev, seat, card)


# The verbs a replacement says (discard all, lose all stars, leave Tokyo, set hearts).


@_means(MEANINGS, Verb.DISCARD_ALL_CARDS)
def _discard_all_cards(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    for held_card in s.monsters[t].cards:  # every card, the one saying this too, to the discard
        lose_card(s, ev, t, held_card)


@_means(MEANINGS, Verb.LOSE_ALL_STARS)
def _lose_all_stars(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    m = s.monsters[t]
    if m.stars:
        set_monster(s, t, m._replace(stars=0))
        ev.append(NO_EVENT if type(ev) is Quiet else Event(K_STARS, t, -m.stars, t, "", why))


@_means(MEANINGS, Verb.LEAVE_TOKYO)
def _leave_tokyo(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    leave_tokyo(s, ev, t)


@_means(MEANINGS, Verb.SET_HEARTS)
def _set_hearts(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    # Never above the maximum (that the cards lost may have lowered).
    m = s.monsters[t]
    hearts = min(amount, heart_top(s, m))
    if hearts != m.hearts:
        set_monster(s, t, m._replace(hearts=hearts))
        ev.append(
            NO_EVENT
            if type(ev) is Quiet
            else Event(K_HEALED, t, hearts - m.hearts, None, "", why)
        )


def leave_tokyo(s: State, ev: list[Event], seat: int) -> None:
    """``seat`` leaves City or Bay, if it is in Tokyo; nobody takes the place."""
    if s.city == seat or s.bay == seat:
        tokyo.leave(s, ev, seat, K_LEFT)


def _copy(s: State, ev: list[Event], seat: int, card: str, *, pay: int) -> None:
    """``card`` becomes a copy of a keep card in play that ``seat`` picks, as if it had
    just been bought [001 §DODATEK, appendix clarification 3]: its other "when you buy
    this card" abilities act for ``card``, what lies on the copied card is put on ``card``,
    and what it raises is raised. With ``pay`` > 0 the choice costs that much energy and
    may be declined."""
    table = s.game.cards
    current = next((target for copier, target in s.copying if copier == card), None)
    options: list[Action] = [
        Choose(c)
        for i in abilities.clockwise(s, seat)
        for c in s.monsters[i].cards
        if table.is_keep(c) and c != card and c != current and c not in table.copiers
    ]
    if not options or (pay and s.monsters[seat].energy < pay):
        return
    why = f"{s.names[seat]} chooses a card for {card} to copy"
    choice = ask(s, seat, [*options, PASS] if pay else options, why)
    if choice == PASS or not isinstance(choice, Choose):
        return
    if pay:
        m = s.monsters[seat]
        set_monster(s, seat, m._replace(energy=m.energy - pay))
        ev.append(
            NO_EVENT
            if type(ev) is Quiet
            else Event(K_ENERGY, seat, -pay, None, "", f"pays to move the copy of {card}")
        )
    if current is not None:
        end_copies_of(s, ev, (current,), only=card)
    if s.held:
        tokens.clear_card(s, card)
    target = choice.key
    s.copying = tuple(sorted((*s.copying, (card, target))))
    ev.append(
        NO_EVENT
        if type(ev) is Quiet
        else Event(K_USED, seat, 0, None, "", f"{card} copies {target}")
    )
    raise_max(s, seat, raise_of(table.modifiers(target)))
    # What lies on the copied card lies on the copy too, from the supply (energy from the
    # bank) [001 §DODATEK, appendix clarification 3]; so what the copied card puts on itself
    # when bought is not done again, while its other "when you buy" effects are (twice the
    # raise and twice the healing for two copies of one card).
    for held_card, kind, count in s.held:
        if held_card == target:
            tokens.put_on_card(s, ev, seat, card, kind, count, copy=True)
    for ability in table.abilities(target):
        if ability.trigger is _T_BOUGHT and s.monsters[seat].alive:
            rest = [e for e in ability.effects if e.who is not _W_THIS_CARD]
            run(s, ev, seat, rest, card)


# -- the words of a Duel monster's power (kot_rules.language.monsters) ------


_FACE_KEYS: Final = tuple(f.value for f in tracks.FACES)
# Built once: ask() only reads its options (a question keeps a tuple of them).
_ADDABLE_FACES: Final[list[Action]] = [Choose(k) for k in _FACE_KEYS]


@_means(MEANINGS, Verb.ADD_FACES)
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
    b = s.board
    if isinstance(b, DuelBoard):  # faces, not dice (D-DUEL-ADDED-FACES)
        s.board = b.with_added(b.added + amount)
    if type(ev) is not Quiet:
        ev.append(Event(K_USED, t, amount, None, "", f"{s.monsters[t].name} adds {amount} {key}"))


def king_tile_options(s: State, seat: int) -> list[Action]:
    """Every place or move of ``seat``'s King tiles (D-DUEL-KING): a tile still in the box
    goes on any free place; a tile on the board with no marker on it moves to another."""
    b: tracks.DuelBoard = s.board
    out: list[Action] = []
    for spec in tracks.TILES.values():
        if not spec.king:
            continue
        mine = [t for t in b.tiles if t.tile == spec.id and t.owner == seat]
        if len(mine) < spec.copies:
            out += [Choose(f"place {p.track} {p.spaces[0]:+d}")
                    for p in tracks.placements(b, spec.id, seat)]
        for tile in mine:
            x, extra = b.position(tile.track)
            if x in tile.spaces or (extra and x + 1 in tile.spaces):
                continue  # a marker stands on it: it stays (002 "jesli to mozliwe")
            rest = replace(b, tiles=tuple(t for t in b.tiles if t != tile))
            out += [Choose(f"move {tile.track} {tile.spaces[0]:+d} to {p.track} "
                           f"{p.spaces[0]:+d}")
                    for p in tracks.placements(rest, spec.id, seat)
                    if (p.track, p.spaces) != (tile.track, tile.spaces)]
    return out


@_means(MEANINGS, Verb.PLACE_KING_TILE)
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
    b: tracks.DuelBoard = s.board
    spec = next(x for x in tracks.TILES.values() if x.king)
    tiles = list(b.tiles)
    if words[0] == "move":
        old = next(x for x in tiles if x.tile == spec.id and x.owner == t
                   and x.track == words[1] and x.spaces[0] == int(words[2]))
        tiles.remove(old)
    track, space = words[-2], int(words[-1])
    tiles.append(tracks.PlacedTile(spec.id, track, (space,), t))
    s.board = replace(b, tiles=tuple(tiles))
    if type(ev) is not Quiet:
        ev.append(Event(K_USED, t, 0, None, "", f"{s.monsters[t].name}: King tile {answer.key}"))

# King of Tokyo: Duel's pulls and dice tokens, done by the game module's own
# board (Hooks.pull, Hooks.gain_dice_tokens): the same step-by-step pull the dice make.

_PULLED = {Verb.PULL_FAME: FAME, Verb.PULL_DESTRUCTION: DESTRUCTION}


@_means(MEANINGS, Verb.PULL_FAME, Verb.PULL_DESTRUCTION)
def _pull(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    pull = s.game.rules.hooks.pull
    if pull is None:  # pragma: no cover - the checker lets only Duel's cards say it
        raise AssertionError(f"{s.game.rules.title} has no marker to pull")
    pull(s, ev, t, _PULLED[e.verb], amount)


@_means(MEANINGS, Verb.GAIN_DICE_TOKENS)
def _gain_dice_tokens(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    gain = s.game.rules.hooks.gain_dice_tokens
    if gain is None:  # pragma: no cover - the checker lets only Duel's cards say it
        raise AssertionError(f"{s.game.rules.title} has no dice tokens")
    gain(s, ev, t, amount)


# -- King of Tokyo: Duel's damage cards --------------------------------


@_means(MEANINGS, Verb.SPOTLIGHT_DAMAGE)
def _spotlight_damage(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    # Once per monster, however many markers stand in its zone (D-DUEL-SPOTLIGHT-DAMAGE).
    b = s.board
    if any(tracks.in_zone(t, b.position(track)) for track in (tracks.FAME, tracks.DESTRUCTION)):
        damage(s, ev, t, amount, owner, attack=False)


@_means(MEANINGS, Verb.REST)
def _rest(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The owner discards this card, or keeps it, heals and ends its turn (D-DUEL-REST-TURN)."""
    if card not in s.monsters[t].cards:
        return
    options: list[Action] = [Choose("discard"), Choose("rest")]
    ask_why = f"{s.names[t]}: discard {card}, or keep it, heal {amount} and end the turn?"
    answer = ask(s, t, options, ask_why)
    if answer == Choose("discard"):
        lose_card(s, ev, t, card)
        return
    heal(s, ev, t, amount, why)
    if t == s.active and s.phase is not _OVER:
        dispatch.end_turn(s, ev)


@_means(MEANINGS, Verb.REFUND)
def _refund(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The owner may discard this card to gain the trigger's number of energy."""
    if amount <= 0 or card not in s.monsters[t].cards:
        return
    ask_why = f"{s.names[t]} may discard {card} to gain {amount} energy"
    if ask(s, t, [Choose("discard"), PASS], ask_why) != Choose("discard"):
        return
    lose_card(s, ev, t, card)
    gain_energy(s, ev, t, amount, why)


@_means(MEANINGS, Verb.SWAP_CARD)
def _swap_card(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The owner may give this card to another monster for one of that monster's keep cards."""
    if card not in s.monsters[t].cards:
        return
    table = s.game.cards
    options: list[Action] = [
        Choose(c)
        for i in abilities.clockwise(s, t)
        if i != t
        for c in s.monsters[i].cards
        if table.is_keep(c)
    ]
    if not options:
        return
    choice = ask(s, t, [*options, PASS], f"{s.names[t]} may swap {card} for a keep card")
    if choice == PASS or not isinstance(choice, Choose):
        return
    other = next(i for i, m in enumerate(s.monsters) if choice.key in m.cards)
    lose_card(s, ev, t, card, to_discard=False)
    lose_card(s, ev, other, choice.key, to_discard=False)
    mine, theirs = s.monsters[t], s.monsters[other]
    set_monster(s, t, mine._replace(cards=(*mine.cards, choice.key)))
    set_monster(s, other, theirs._replace(cards=(*theirs.cards, card)))
    ev.append(
        NO_EVENT
        if type(ev) is Quiet
        else Event(K_USED, t, 0, other, "", f"{card} swapped for {choice.key}")
    )


@_means(MEANINGS, Verb.NO_DAMAGE_THIS_TURN)
def _no_damage_this_turn(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    s.protected = s.protected | {t}


# Choices on the roll (Hooks.skip_resolve), and a card that discards itself.


@_means(MEANINGS, Verb.SKIP_RESOLVE)
def _skip_resolve(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    skip = s.game.rules.hooks.skip_resolve
    if skip is None:  # pragma: no cover - the checker lets only Duel's cards say it
        raise AssertionError(f"{s.game.rules.title} has no resolving to skip")
    if t != s.active or not sum(s.dice):
        return
    question = f"{s.names[t]} may skip resolving its dice ({card})"
    if ask(s, t, [Choose("skip"), PASS], question) == PASS:
        return
    skip(s, ev, t)


# Built once (actions are frozen values; ask() only reads its options).
_LEAVE: Final = Choose("leave")
_LEAVE_OR_PASS: Final[list[Action]] = [_LEAVE, PASS]
_FACE_CHOICES: Final[dict[Face, Action]] = {f: Choose(f.value) for f in Face}
_FACE_BY_KEY: Final[dict[str, Face]] = {f.value: f for f in Face}


@_means(MEANINGS, Verb.LEAVE_UNRESOLVED)
def _leave_unresolved(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The owner may take ``amount`` dice of its choice out of its roll, one by one: dice
    it rolled, never a face a card added; with fewer such dice it cannot (D-DUEL-UNRESOLVED).
    Then its "dice left unresolved" fire."""
    b = s.board
    if t != s.active or not isinstance(b, DuelBoard):
        return
    # The faces cards added by now are smash: they join the roll just before this moment,
    # and a power adds its faces only when power is resolved (D-DUEL-ROLL-MOMENT).
    rolled = list(s.dice)
    rolled[tracks.SMASH_I] = max(0, rolled[tracks.SMASH_I] - b.added)
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


@_means(MEANINGS, Verb.DISCARD_THIS)
def _discard_this(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    if card in s.monsters[t].cards:
        lose_card(s, ev, t, card)


# -- the rival's keep cards and dice, the shop at other moments (Duel) ----


@_means(MEANINGS, Verb.DISCARD_CHOSEN_KEEP)
def _discard_chosen_keep(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """``t`` discards one of its keep cards, the one the owner picks (none: nothing)."""
    _discard_a_keep(s, ev, owner, t, f"{s.names[owner]} chooses a keep card of "
                    f"{s.names[t]} to discard ({card})")


def _discard_a_keep(s: State, ev: list[Event], chooser: int, t: int, question: str) -> None:
    """``t`` discards the keep card ``chooser`` picks among its own, by name (none: nothing)."""
    table = s.game.cards
    kept = sorted({c for c in s.monsters[t].cards if table.is_keep(c)})
    if not kept:
        return
    options: list[Action] = [Choose(c) for c in kept]
    answer = ask(s, chooser, options, question)
    if isinstance(answer, Choose) and answer.key in s.monsters[t].cards:
        lose_card(s, ev, t, answer.key)


@_means(MEANINGS, Verb.FEWER_DICE_PER_KEEP)
def _fewer_dice_per_keep(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """Marked on the board for ``t``'s next turn (the game module plays it as that turn
    starts); two such cards add up."""
    b = s.board
    if isinstance(b, DuelBoard):
        s.board = replace(b, dominated=_plus_at(b.dominated, t, amount))


@_means(MEANINGS, Verb.FEWER_DICE_NEXT_TURN)
def _fewer_dice_next_turn(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """Marked on the board for ``t``'s next turn (played as that turn starts); two add up."""
    b = s.board
    if isinstance(b, DuelBoard):
        s.board = replace(b, fewer=_plus_at(b.fewer, t, amount))


def _plus_at(pair: tuple[int, int], seat: int, amount: int) -> tuple[int, int]:
    """A per-seat pair with ``amount`` added to ``seat``'s count."""
    return (pair[0] + amount, pair[1]) if seat == 0 else (pair[0], pair[1] + amount)


@_means(MEANINGS, Verb.BUY_FOR_LESS)
def _buy_for_less(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The game's shop decides the price and fills the space (dispatch.BOARD_VERBS)."""
    meaning = BOARD_VERBS.get(e.verb.value)
    if meaning is not None:
        meaning(s, ev, t, amount, card)


# --- King of New York's verbs (its faces, boroughs, units and stars) --------
# Written against the kernel's board (kot_rules.games.king_of_new_york.board.CityBoard); a verb the
# kernel
# cannot carry yet raises NotExecutableError (cards.NOT_YET; shop.refuse_unrunnable refuses
# a card that says one before it is bought).

_ADDED_FACE = {Verb.ADD_CLAW_FACES: city.SMASH_I, Verb.ADD_DESTRUCTION_FACES: city.DESTRUCTION_I}


@_means(MEANINGS, Verb.ADD_CLAW_FACES, Verb.ADD_DESTRUCTION_FACES)
def _add_kony_faces(
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
        face = city.FACES[_ADDED_FACE[e.verb]].value
        ev.append(Event(K_USED, t, amount, None, "", f"adds {amount} {face} "
                        f"face{'' if amount == 1 else 's'} ({s.game.cards.name(card)})"))


def _move_energy(s: State, ev: list[Event], giver: int, taker: int, n: int, why: str) -> None:
    """Up to ``n`` energy moves from ``giver`` to ``taker`` (what it has at most; not a gain)."""
    g = s.monsters[giver]
    moved = min(n, g.energy)
    if not moved:
        return
    set_monster(s, giver, g._replace(energy=g.energy - moved))
    r = s.monsters[taker]
    set_monster(s, taker, r._replace(energy=r.energy + moved))
    if type(ev) is not Quiet:
        ev.append(Event(K_ENERGY, giver, -moved, taker, "", why))
        ev.append(Event(K_ENERGY, taker, moved, giver, "", why))


def _lose_own_stars(s: State, ev: list[Event], t: int, n: int, why: str) -> None:
    m = s.monsters[t]
    lost = min(n, m.stars)
    if lost:
        set_monster(s, t, m._replace(stars=m.stars - lost))
        ev.append(NO_EVENT if type(ev) is Quiet else Event(K_STARS, t, -lost, None, "", why))


@_means(MEANINGS, Verb.TAKE_ENERGY_FROM)
def _take_energy_from(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """``t`` is the monster the trigger names; its energy goes to the owner."""
    if t != owner:
        _move_energy(s, ev, t, owner, amount, why)


@_means(MEANINGS, Verb.IT_LOSES_STARS, Verb.LOSE_OWN_STARS)
def _loses_stars(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    _lose_own_stars(s, ev, t, amount, why)


@_means(MEANINGS, Verb.IT_TAKES_DAMAGE)
def _it_takes_damage(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    damage(s, ev, t, amount, owner, attack=False)  # a card's damage is no attack (seed 003)


@_means(MEANINGS, Verb.LOSE_ALL_HEARTS)
def _lose_all_hearts(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """Hearts to 0: no damage (nothing prevents it), the monster is out."""
    eliminate(s, ev, t)


@_means(MEANINGS, Verb.EVERY_GAINS_ENERGY)
def _every_gains_energy(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    gain_energy(s, ev, t, amount, why)


@_means(MEANINGS, Verb.EVERY_DISCARDS_KEEP)
def _every_discards_keep(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """``t`` discards one of its keep cards, the one it picks (none: nothing)."""
    _discard_a_keep(s, ev, t, t, f"{s.names[t]} chooses a keep card of its own to discard "
                    f"({card})")


@_means(MEANINGS, Verb.UNITS_ATTACK)
def _units_attack(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The units of ``t``'s borough attack it, 1 damage each (kony.dice.ouch; no attack of a
    monster, D-KONY-OUCH-NOT-ATTACK)."""
    b = s.board
    if not isinstance(b, city.CityBoard):
        raise NotExecutableError(f"card {card}: units attack only on King of New York's board")
    hits = len(city.units_in(b, b.where[t])) * city.NY["damage-per-unit"]
    if hits and s.monsters[t].cards:
        hits = max(0, hits - abilities.total(s, t, _M_UNITS_DEAL_LESS))
    if hits:
        damage(s, ev, t, hits, owner, attack=False, army=b.where[t])


@_means(MEANINGS, Verb.TRADE_STARS)
def _trade_stars(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """For each star, ``amount`` energy or as many hearts (the monster says how many stars
    go to energy); then its stars drop to 0."""
    n = s.monsters[t].stars
    if n:
        options: list[Action] = [Choose(str(k)) for k in range(n + 1)]
        answer = ask(s, t, options, f"{s.names[t]}: how many of its {n} stars become energy "
                     f"(the rest hearts; {card})")
        to_energy = int(answer.key) if isinstance(answer, Choose) else n
        if to_energy:
            gain_energy(s, ev, t, to_energy * amount, why)
        if n - to_energy:
            heal(s, ev, t, (n - to_energy) * amount, why)
    _lose_own_stars(s, ev, t, s.monsters[t].stars, why)


@_means(MEANINGS, Verb.WIN_GAME)
def _win_game(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The owner wins at once: the game is over (as the turn skeleton declares a winner)."""
    if s.phase is _OVER:
        return
    s.outcome = Outcome(t, f"{why}: it wins at once")
    s.phase = _OVER
    s.yield_queue = ()
    ev.append(NO_EVENT if type(ev) is Quiet else Event(K_WON, t, 0, None, "", s.outcome.reason))


@_means(MEANINGS, Verb.MAY_MOVE, Verb.ADD_DESTRUCTION_UNITS_ONLY,  # board verbs
        _V_PUSH_UNITS)
def _may_move(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """A verb of the game's board (its module registers it:
    kot_rules.games.king_of_new_york.rules)."""
    move = BOARD_VERBS.get(e.verb.value)
    if move is None:
        raise NotExecutableError(f"card {card} says the verb {e.verb.value!r}, which this "
                                 "game's board cannot run")
    move(s, ev, t, amount, card)


@_means(MEANINGS, Verb.FREE_MOVES)
def _free_moves(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """``t``'s next turn (the one the card gives) lets it move at any time (the
    board's ``free_moves``; kot_rules.games.king_of_new_york.rules.free_moves)."""
    b = s.board
    if not isinstance(b, city.CityBoard):
        raise NotExecutableError(f"card {card}: moves at any time only on King of New York's "
                                 "board")
    if t not in b.free_moves:
        s.board = replace(b, free_moves=(*b.free_moves, t))


@_means(HELD_MEANINGS, Verb.PUT_BOROUGH_TOKEN)
def _put_borough_token(
    s: State, ev: list[Event], owner: int, e: Effect, card: str, target: int | None
) -> None:
    """A token of the supply goes in the owner's borough, unless one of its kind
    lies there (the board's ``borough_tokens``); then "when you drop a token in a borough"
    (D-KONY-BOROUGH-TOKENS)."""
    b = s.board
    if not isinstance(b, city.CityBoard):
        raise NotExecutableError(f"card {card}: tokens lie in boroughs only on King of New "
                                 "York's board")
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


# --- the last King of New York verbs ----------------------------------------


@_means(MEANINGS, Verb.STARS_FOR_DAMAGE)
def _stars_for_damage(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The owner picks one monster it hurt this turn (the board's ``dealt``, counted while it
    is the active monster) and scores ``amount`` stars per damage dealt to it."""
    b = s.board
    if not isinstance(b, city.CityBoard):
        raise NotExecutableError(f"card {card}: damage dealt is counted only on King of New "
                                 "York's board")
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


@_means(MEANINGS, Verb.NEXT_KEEP_FREE)
def _next_keep_free(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """``t`` claims the next keep card the deck reveals, after any earlier claim (the
    board's ``claims``; kot_rules.engine.shop.claim hands it over)."""
    b = s.board
    if not isinstance(b, city.CityBoard):
        raise NotExecutableError(f"card {card}: a claim is kept only on King of New York's "
                                 "board")
    s.board = replace(b, claims=(*b.claims, t))
    ev.append(NO_EVENT if type(ev) is Quiet
              else Event(K_USED, t, 0, None, "",
                         f"claims the next keep card revealed ({s.game.cards.name(card)})"))
