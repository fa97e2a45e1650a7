"""The greedy agent: one-step heuristics a careful beginner would follow.

It never searches ahead. Each decision kind has one small rule, read from the public
position only (monsters, Tokyo, the dice on the table, the face-up cards and what
their text says), never from the deck's order or dice not yet thrown; its own seeded
generator breaks ties and answers the questions it has no rule for. The same seed
therefore gives the same game, byte for byte. No card is known by name: a card is
valued by what its parsed text says, or by its cost when the text says nothing the
rules below can price.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

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
)
from kot_rules.engine.dice import CLAW, ENERGY, HEART, Counts
from kot_rules.engine.hearts import HEAL_SELF
from kot_rules.engine.numbers import SET_SIZE, SWEEP_COST
from kot_rules.engine.state import Monster, Phase, State
from kot_rules.language.ast import Effect, Trigger, Verb, Who

LOW_HEARTS = 5
"""At or below this many hearts a monster plays safe: it yields, and does not pick fights."""

CLOSE_TO_WIN = 5
"""Within this many stars of winning, any pair of numbers is worth chasing."""

STAR = 1.0
"""The unit every value below is measured in."""
ENERGY_WORTH = 0.4
"""What one energy is worth in stars: about what a card costing N gives back for N energy."""
HEART_WORTH = 0.5
"""A heart healed while healthy; twice that at or below :data:`LOW_HEARTS`."""
DAMAGE_WORTH = 0.5
"""One damage dealt to one other monster."""
STAR_LOSS_WORTH = 0.3
"""One star another monster loses (it helps against that one monster only)."""
EXTRA_TURN_WORTH = 3.0
"""A whole extra turn: a roll's worth of stars, damage and energy."""
KEEP_CARD_WORTH = 0.5
"""A keep card's lasting effects, per energy of its cost: the designers priced them."""
WIN = 100.0
"""Anything that wins the game now (or averts losing it, negated)."""
RICH = SWEEP_COST + 6
"""With this much energy and nothing worth buying, sweeping the shop is worth its cost."""

# Module-level aliases: a global is cheaper to read than an Enum attribute.
_KEEP, _YIELD, _BUY = Phase.KEEP, Phase.YIELD, Phase.BUY


class GreedyAgent:
    """Keeps dice, yields and buys by the one-step rules of :mod:`kot_rules.engine.greedy`."""

    __slots__ = ("rng",)

    retains_states = False
    """It looks at the state only while choosing."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, state: State) -> Action:
        legal = state.game.legal_actions
        actions = legal(state)
        pending = state.pending
        if pending is not None:
            return answer_question(state, pending.request.seat, actions, self.rng)
        phase = state.phase
        if phase is _KEEP:
            choice = keep_dice(state, actions)
            if choice in actions:
                return choice
            # A card binds the roll (New York: every roll must be used): the rules, not
            # the one-step preference, decide; any legal roll decision then.
            return actions[int(self.rng.random() * len(actions))]
        if phase is _YIELD:
            if not should_yield(state, state.yield_queue[0]):
                return STAY
            if YIELD in actions:
                return YIELD
            # A game whose monster leaving names where it goes (New York's boroughs).
            away = [a for a in actions if a != STAY]
            return away[int(self.rng.random() * len(away))] if away else STAY
        if phase is _BUY:
            return shop(state, actions, self.rng)
        return actions[int(self.rng.random() * len(actions))]


# -- the dice -----------------------------------------------------------------------


def keep_dice(s: State, actions: Sequence[Action]) -> Action:
    """Reroll every die the rules below do not want; stop when all are wanted or no
    roll is left (the monster's card abilities are never used at will)."""
    keep = wanted_dice(s, s.active)
    if keep == s.dice:
        return STOP
    reroll = Reroll(keep)
    return reroll if reroll in actions else STOP


def wanted_dice(s: State, seat: int) -> Counts:
    """The dice worth keeping: claws that can hit, hearts that heal, energy, and numbers
    on their way to a set."""
    d = s.dice
    m = s.monsters[seat]
    return (
        numbers_to_keep(s, m, d, 1),
        numbers_to_keep(s, m, d, 2),
        numbers_to_keep(s, m, d, 3),
        d[ENERGY],  # energy is never wasted: it buys cards
        hearts_to_keep(s, seat, m, d),
        d[CLAW] if claws_can_hit(s, seat, m, d) else 0,
    )


def numbers_to_keep(s: State, m: Monster, d: Counts, value: int) -> int:
    """A set scores; a pair of 2s or 3s is one die from scoring; a pair of 1s only near
    the end, where every star counts."""
    n = d[value - 1]
    if n >= SET_SIZE:
        return n
    if n == SET_SIZE - 1 and (value >= 2 or s.game.options.win_stars - m.stars <= CLOSE_TO_WIN):
        return n
    return 0


def hearts_to_keep(s: State, seat: int, m: Monster, d: Counts) -> int:
    """Hearts heal only outside Tokyo, and only up to the maximum: keep as many as are missing."""
    if s.city == seat or s.bay == seat:
        return 0
    return min(d[HEART], max(0, m.max_hearts - m.hearts))


def claws_can_hit(s: State, seat: int, m: Monster, d: Counts) -> bool:
    """From Tokyo claws hit every monster outside; from outside they hit Tokyo's occupants,
    worth it when healthy enough to take Tokyo from them or when they would knock one out."""
    city, bay = s.city, s.bay
    if city == seat or bay == seat:
        return True
    targets = [t for t in (city, bay) if t is not None]
    if not targets:
        return False  # an empty Tokyo is entered with or without claws
    if m.hearts > LOW_HEARTS:
        return True
    return any(s.monsters[t].hearts <= d[CLAW] for t in targets)


# -- Tokyo --------------------------------------------------------------------------


def should_yield(s: State, seat: int) -> bool:
    """Leave Tokyo once the hearts left after this attack are low: outside, hearts heal."""
    m = s.monsters[seat]
    pending = next((n for t, n in s.pending_damage if t == seat), 0)
    return m.hearts - pending <= LOW_HEARTS


# -- the shop -----------------------------------------------------------------------


def shop(s: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """Buy the card with the best value for its price, if any is worth it; sweep a shop
    with nothing worth buying when rich; otherwise end the turn."""
    seat = s.active
    best: list[Action] = []
    best_net = 0.0
    for action in actions:
        if isinstance(action, Buy):
            net = card_net_value(s, seat, action.card)
            if net > best_net:
                best, best_net = [action], net
            elif net == best_net and best:
                best.append(action)
    if best:
        return best[int(rng.random() * len(best))]
    if SWEEP in actions and s.monsters[seat].energy >= RICH:
        return SWEEP
    return END_TURN


def card_net_value(s: State, seat: int, card: str) -> float:
    """What ``card`` gives ``seat`` minus the energy it costs, in stars."""
    return card_value(s, seat, card) - ENERGY_WORTH * s.game.cards.cost(card)


def card_value(s: State, seat: int, card: str) -> float:
    """What ``card`` gives ``seat`` now, in stars: its immediate effects (a discard card's
    text, a keep card's "when you buy this card"), plus a keep card's lasting effects
    priced by its cost."""
    table = s.game.cards
    value = sum(effect_value(s, seat, e) for e in table.effects(card))
    for ability in table.abilities(card):
        if ability.trigger is Trigger.BOUGHT:
            value += sum(effect_value(s, seat, e) for e in ability.effects)
    if table.is_keep(card):
        value += KEEP_CARD_WORTH * table.cost(card)
    return value


def effect_value(s: State, seat: int, e: Effect) -> float:
    """One effect sentence, in stars, for ``seat``: gains count for it, losses for the
    others count for it too, its own losses against it; what it cannot price is 0."""
    me = s.monsters[seat]
    others = sum(1 for i, m in enumerate(s.monsters) if m.alive and i != seat)
    mine = e.who in (Who.YOU, Who.EVERY)
    theirs = {Who.EACH_OTHER: others, Who.EVERY: others, Who.NEIGHBOURS: min(2, others)}
    hit = theirs.get(e.who, 0)
    amount = e.amount * (me.energy // e.per) if e.per else e.amount
    verb = e.verb
    if verb is Verb.GAIN_STARS:
        if not mine:
            return 0.0
        return WIN if me.stars + amount >= s.game.options.win_stars else STAR * amount
    if verb is Verb.GAIN_ENERGY:
        return ENERGY_WORTH * amount if mine else 0.0
    if verb is Verb.HEAL:
        return heart_worth(me) * min(amount, max(0, me.max_hearts - me.hearts)) if mine else 0.0
    if verb is Verb.TAKE_DAMAGE:
        if mine and amount >= me.hearts:
            return -WIN
        own = heart_worth(me) * amount if mine else 0.0
        return DAMAGE_WORTH * amount * hit - own
    if verb is Verb.LOSE_STARS:
        return STAR_LOSS_WORTH * amount * hit - (STAR * amount if mine else 0.0)
    if verb is Verb.LOSE_ENERGY:
        return ENERGY_WORTH * (STAR_LOSS_WORTH * amount * hit - (amount if mine else 0))
    if verb in (Verb.EXTRA_TURN, Verb.MAY_EXTRA_TURN):
        return EXTRA_TURN_WORTH if mine else 0.0
    return 0.0


def heart_worth(m: Monster) -> float:
    """A heart matters twice as much to a monster that is low on them."""
    return HEART_WORTH * (2 if m.hearts <= LOW_HEARTS else 1)


# -- questions a card asks ----------------------------------------------------------


def answer_question(
    s: State, seat: int, options: Sequence[Action], rng: random.Random
) -> Action:
    """Take what is free (an extra turn, a token off, a heal when hurt, a card worth its
    price); decline what costs (selling cards, paying to use a card); else pick at random."""
    keys = [o.key for o in options if isinstance(o, Choose)]
    if "take-turn" in keys:
        return Choose("take-turn")
    for key in keys:
        if key.startswith("remove "):  # a token that harms its holder every turn
            return Choose(key)
    m = s.monsters[seat]
    if HEAL_SELF in keys and m.hearts < m.max_hearts:
        return Choose(HEAL_SELF)
    for key in keys:
        if key.startswith("buy ") and key[4:] in s.game.cards:
            return Choose(key) if card_net_value(s, seat, key[4:]) > 0 else PASS
    if dice.Face.CLAW.value in keys and PASS in options and s.active != seat:
        return Choose(dice.Face.CLAW.value)  # one claw fewer aimed at the others
    if PASS in options:
        return PASS
    return options[int(rng.random() * len(options))]
