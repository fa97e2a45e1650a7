"""The card-language interpreter: runs a card's effect sentences.

It implements vocabulary (verbs and whom they affect), never a card: a card's
behaviour comes only from its text under spec/cards/. The verbs here are those any game's
cards may say; a verb that reads or changes one game's own board is that game's
(``kot_rules.games.<game>.words``), reached through ``GameRules.words``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, TypeVar

from kot_rules.engine import abilities, dice, dispatch, tokens
from kot_rules.engine.actions import PASS, Action, Choose
from kot_rules.engine.dice import FACES, Face
from kot_rules.engine.errors import NotExecutableError
from kot_rules.engine.events import (
    K_ENERGY,
    K_HEALED,
    K_ROLLED,
    K_STARS,
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
from kot_rules.engine.rules import HeldMeaning, VerbMeaning
from kot_rules.engine.state import Monster, Outcome, Phase, State
from kot_rules.language.ast import (
    ENERGY_ON_CARD,
    PER_UNUSED_ROLL,
    Effect,
    Trigger,
    Verb,
    Who,
)
from kot_rules.language.vocabulary import NO_AMOUNT_VERBS

# Enum members read in function bodies, as Final aliases: compiled with mypyc each is a C
# static, not a module look-up and a class attribute read.
_T_ATTACK: Final = Trigger.ATTACK
_T_BOUGHT: Final = Trigger.BOUGHT
_V_MAY_EXTRA_TURN: Final = Verb.MAY_EXTRA_TURN
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

MEANINGS: Final[dict[Verb, VerbMeaning]] = {}
"""The interpreter's meaning of each verb an effect says, applied target by target: the
words any game's cards may say (a game's own words: ``GameRules.words.verbs``)."""
HELD_MEANINGS: Final[dict[Verb, HeldMeaning]] = {}
"""The interpreter's meaning of each verb about tokens or energy held (a game's own:
``GameRules.words.held``)."""

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
        verb = e.verb
        meaning = MEANINGS.get(verb)
        if meaning is None:
            # Held, or a word of the game's own board (GameRules.words: looked up only then).
            held = HELD_MEANINGS.get(verb)
            if held is None:
                held = s.game.rules.words.held.get(verb)
            if held is not None:
                if s.monsters[owner].alive:
                    held(s, ev, owner, e, card, target)
                continue
            meaning = s.game.rules.words.verbs.get(verb)
            if meaning is None:
                raise NotExecutableError(f"card {card} says the verb {verb.value!r}, which "
                                         f"{s.game.rules.title} cannot run")
        for t in _targets(s, owner, e.who, target, joined):
            if not s.monsters[t].alive:
                continue
            if e.per_count:  # counted on the owner's roll
                amount = e.amount * (per_count(s, e.per_count) // e.per)
            else:
                amount = e.amount * (s.monsters[t].energy // e.per) if e.per else e.amount
            if amount <= 0 and verb not in NO_AMOUNT:
                continue
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


# The verbs a replacement says (discard all, lose all stars, set hearts; a game's own
# board may add one: King of Tokyo's "leave Tokyo").


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


# -- a card that rests, refunds, swaps or shields its owner ------------------------------


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


@_means(MEANINGS, Verb.DISCARD_THIS)
def _discard_this(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    if card in s.monsters[t].cards:
        lose_card(s, ev, t, card)


# -- the rival's keep cards ---------------------------------------------------------------


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


# -- energy and stars taken, a monster's end, a win at once ------------------------------


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
