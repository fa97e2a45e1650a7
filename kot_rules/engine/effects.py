"""The card-language interpreter: runs a card's effect sentences.

It implements vocabulary (verbs and whom they affect), never a card: a card's
behaviour comes only from its text under spec/cards/.
"""

from __future__ import annotations

from collections.abc import Iterable

from kot_rules.engine import abilities, dice, tokens, tokyo
from kot_rules.engine.actions import PASS, Action, Choose
from kot_rules.engine.dice import FACES, Face
from kot_rules.engine.events import (
    K_ENERGY,
    K_HEALED,
    K_LEFT,
    K_ROLLED,
    K_STARS,
    K_USED,
    Event,
)
from kot_rules.engine.requests import ask, roll
from kot_rules.engine.resources import (
    damage,
    end_copies_of,
    gain_energy,
    gain_stars,
    heal,
    heart_top,
    lose_card,
    raise_of,
    set_monster,
)
from kot_rules.engine.state import Monster, Place, State
from kot_rules.language.ast import ENERGY_ON_CARD, Effect, Trigger, Verb, Who

_NO_AMOUNT = frozenset({Verb.TAKE_TOKYO_CITY, Verb.EXTRA_TURN, Verb.MAY_EXTRA_TURN,
                        Verb.DISCARD_ALL_CARDS,
                        Verb.LOSE_ALL_STARS, Verb.LEAVE_TOKYO, Verb.SELL_CARDS,
                        Verb.REROLL_OTHERS_DIE, Verb.COPY_CARD})
_HELD = frozenset({Verb.PUT_TOKENS, Verb.STORE_ENERGY, Verb.TAKE_STORED})


def _held(s: State, ev: list[Event], owner: int, e: Effect, card: str, target: int | None) -> None:
    """Tokens put on a monster or a card; energy moved onto or off a card (tokens.py)."""
    if not s.monsters[owner].alive:
        return
    if e.verb is Verb.PUT_TOKENS:
        if e.who is Who.IT:
            for t in _targets(s, owner, e.who, target):
                tokens.put_on_monster(s, ev, t, e.token, e.amount, owner)
            return
        tokens.put_on_card(s, ev, owner, card, e.token, e.amount)
    elif e.verb is Verb.STORE_ENERGY:
        m = s.monsters[owner]
        options: list[Action] = [Choose(str(k)) for k in range(m.energy + 1)]
        answer = ask(s, owner, options, f"{m.name}: how much energy goes onto card {card}?")
        moved = int(answer.key) if isinstance(answer, Choose) else 0
        if moved:
            set_monster(s, owner, m._replace(energy=m.energy - moved))
            ev.append(Event(K_ENERGY, owner, -moved, None, "", f"moved onto card {card}"))
        # The bank adds as much as was moved (amount 1), taken from no one.
        tokens.put_on_card(s, ev, owner, card, ENERGY_ON_CARD, moved * (1 + e.amount))
    else:
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
    if who is Who.YOU or who is Who.THIS_CARD:
        return [owner] if s.monsters[owner].alive else []
    if who is Who.TAKER:
        # The only monster that ever takes a yielded place is the attacker, the active one.
        a = s.active
        return [a] if a != owner and s.monsters[a].alive else []
    if who is Who.IT:
        return [target] if target is not None and s.monsters[target].alive else []
    if who is Who.NEIGHBOURS:
        near = neighbours(s, owner)
        if joined is not None:
            if s.game.options.neighbours_attacked_only:
                # The Czech reading (D-FIRE-BREATHING): only a neighbour the attack hits,
                # and that one had the damage added to the attack.
                return []
            # A neighbour the attack hits had it added to the attack [004 §Přehled
            # zvláštních karet "Zranění je přidáno k útoku"]; the others take it as card
            # damage [001 §DODATEK, appendix clarification 8].
            return [i for i in near if i not in joined]
        return near
    seats = [(owner + k) % n for k in range(1, n)]
    if who is Who.EVERY:
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
    the attack for a neighbour the attack hits (D-FIRE-BREATHING)."""
    total = 0
    for c in s.monsters[owner].cards:
        for ability in abilities.abilities_of(s, c):
            if ability.trigger is not Trigger.ATTACK or (
                ability.condition is not None and not abilities.holds(s, owner, ability.condition)
            ):
                continue
            total += sum(e.amount for e in ability.effects
                         if e.verb is Verb.TAKE_DAMAGE and e.who is Who.NEIGHBOURS and not e.per)
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
    for e in effects:
        why = f"card {card}"
        if e.verb in _HELD:
            _held(s, ev, owner, e, card, target)
            continue
        for t in _targets(s, owner, e.who, target, joined):
            if not s.monsters[t].alive:
                continue
            verb = e.verb
            amount = e.amount * (s.monsters[t].energy // e.per) if e.per else e.amount
            if amount <= 0 and verb not in _NO_AMOUNT:
                continue
            if verb is Verb.GAIN_STARS:
                gain_stars(s, ev, t, amount, why)
            elif verb is Verb.GAIN_ENERGY:
                gain_energy(s, ev, t, amount, why)
            elif verb is Verb.HEAL:
                # Cards may heal a monster in Tokyo [004 "může se ale léčit pomocí karet"].
                heal(s, ev, t, amount, why)
            elif verb is Verb.TAKE_DAMAGE:
                damage(s, ev, t, amount, owner, attack=False)
            elif verb is Verb.LOSE_ENERGY:
                m = s.monsters[t]
                lost = min(amount, m.energy)
                if lost:
                    set_monster(s, t, m._replace(energy=m.energy - lost))
                    ev.append(Event(K_ENERGY, t, -lost, owner, "", why))
            elif verb is Verb.TAKE_TOKYO_CITY:
                # Already in Tokyo (City or Bay): nothing; the Bay is Tokyo [004, card notes].
                if s.city != t and s.bay != t:
                    if s.city is not None:
                        tokyo.leave(s, ev, s.city, K_LEFT)
                    tokyo.enter(s, ev, t, Place.CITY)
            elif verb is Verb.EXTRA_TURN or verb is Verb.MAY_EXTRA_TURN:
                if verb is Verb.MAY_EXTRA_TURN and not _wants_turn(s, t, card):
                    continue
                if t == s.active:
                    s.extra_turns = (*s.extra_turns, amount)  # amount: the dice it rolls fewer
                else:  # bought out of turn: played right after this turn (D-OUT-OF-TURN)
                    s.inserted = (*s.inserted, (t, amount))
            elif verb is Verb.ADD_ATTACK_DAMAGE:
                if t == s.active:  # only the owner's own attack (kot-cards.md R2)
                    s.attack_bonus += amount
            elif verb is Verb.ADD_CLAW_DAMAGE:
                # Only to an attack: it never turns 0 claws into damage [004 §Útok/útočící
                # příšera]; the 2016 reading (bonus_claws) adds claws, rolled or not.
                if t == s.active and (s.dice[dice.CLAW] or s.game.options.bonus_claws):
                    s.attack_bonus += amount
            elif verb in _CARDS1_VERBS:
                _run_cards1(s, ev, t, verb, amount, why)
            elif verb is Verb.COPY_CARD:
                _copy(s, ev, t, card, pay=amount)
            elif verb is Verb.SELL_CARDS:
                _sell(s, ev, t)
            elif verb is Verb.REROLL_OTHERS_DIE:
                _reroll_active_die(s, ev, t, card, discard_on_heart=e.amount == 1)
            elif verb is Verb.LOSE_STARS:
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
                    ev.append(Event(K_STARS, t, -lost, owner, "", why))
            else:  # pragma: no cover - the checker admits no other verb
                raise AssertionError(f"unknown verb {verb}")


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
    (kot-cards.md R18; 001 §DODATEK, appendix clarification 13) (D-METAMORPH).
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
        ev.append(Event(K_ENERGY, seat, cost, None, "", f"discards {choice.key} for its cost"))


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
    ev.append(Event(K_ROLLED, seat, 0, a, "", "", new))
    if discard_on_heart and new[dice.HEART]:
        lose_card(s, ev, seat, card)


_CARDS1_VERBS = frozenset({Verb.DISCARD_ALL_CARDS, Verb.LOSE_ALL_STARS, Verb.LEAVE_TOKYO,
                           Verb.SET_HEARTS})


def _run_cards1(s: State, ev: list[Event], t: int, verb: Verb, amount: int, why: str) -> None:
    """The verbs a replacement says (discard all, lose all stars, leave Tokyo, set hearts)."""
    m = s.monsters[t]
    if verb is Verb.DISCARD_ALL_CARDS:
        for card in m.cards:  # every card, the one saying this too, to the discard pile
            lose_card(s, ev, t, card)
    elif verb is Verb.LOSE_ALL_STARS:
        if m.stars:
            set_monster(s, t, m._replace(stars=0))
            ev.append(Event(K_STARS, t, -m.stars, t, "", why))
    elif verb is Verb.LEAVE_TOKYO:
        leave_tokyo(s, ev, t)
    else:  # SET_HEARTS: never above the maximum (that the cards lost may have lowered)
        hearts = min(amount, heart_top(s, m))
        if hearts != m.hearts:
            set_monster(s, t, m._replace(hearts=hearts))
            ev.append(Event(K_HEALED, t, hearts - m.hearts, None, "", why))


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
        ev.append(Event(K_ENERGY, seat, -pay, None, "", f"pays to move the copy of {card}"))
    if current is not None:
        end_copies_of(s, ev, (current,), only=card)
    if s.held:
        tokens.clear_card(s, card)
    target = choice.key
    s.copying = tuple(sorted((*s.copying, (card, target))))
    ev.append(Event(K_USED, seat, 0, None, "", f"{card} copies {target}"))
    raised = raise_of(table.modifiers(target))
    if raised:
        m = s.monsters[seat]
        top = m.max_hearts + raised
        set_monster(s, seat, m._replace(max_hearts=top, hearts=min(m.hearts, top)))
    # What lies on the copied card lies on the copy too, from the supply (energy from the
    # bank) [001 §DODATEK, appendix clarification 3]; so what the copied card puts on itself
    # when bought is not done again, while its other "when you buy" effects are (twice the
    # raise and twice the healing for two copies of one card).
    for held_card, kind, count in s.held:
        if held_card == target:
            tokens.put_on_card(s, ev, seat, card, kind, count, copy=True)
    for ability in table.abilities(target):
        if ability.trigger is Trigger.BOUGHT and s.monsters[seat].alive:
            rest = [e for e in ability.effects if e.who is not Who.THIS_CARD]
            run(s, ev, seat, rest, card)
