"""The card language's meaning, symbolically: one small function per vocabulary member.

Every table is keyed by an enum member of :mod:`kot_rules.language.ast`, the words of
:mod:`kot_rules.language.vocabulary` (tests/test_vocabulary_table.py holds them to it). A card that
uses a member with no entry gets an *unsupported* transition (reported, never a crash);
a test lists every member, so new vocabulary shows up here. Seat 0 is the card's owner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, TypeVar

import z3

from kot_rules.games.king_of_tokyo import kernel
from kot_rules.games.king_of_tokyo.kernel import Step
from kot_rules.games.king_of_tokyo.state import SEATS, SymState
from kot_rules.language.ast import (
    Ability,
    Activated,
    CardDef,
    CardKind,
    Condition,
    Effect,
    Modifier,
    ModifierKind,
    Position,
    TokenRule,
    TokenRuleKind,
    Trigger,
    Verb,
    Who,
)
from kot_rules.language.vocabulary import NO_AMOUNT_VERBS
from kot_rules.verify.common import Unsupported as Unsupported  # re-exported
from kot_rules.verify.common import (
    ability_label,
    activated_label,
    effect_label,
    find,
    modifier_label,
    token_rule_label,
)
from kot_rules.verify.symbolic import Bool, Ctx, Int, ite, zmin

# -- verbs: (ctx, state, target seat, amount) -> state ----------------------------------

VerbMeaning = Callable[[Ctx, SymState, int, Int], SymState]


def lose_card(ctx: Ctx, s: SymState, seat: int, raised: int | None = None) -> SymState:
    """resources.lose_card: one card to the discard pile; the maximum drops by what the
    card raised it (never below the rules' maximum, at least 1), and the hearts it gave
    go with it [001 §DODATEK, appendix clarification 12], capped; at 0 ♥ it is out.
    ``raised``: what the lost card raises, when known (the card itself); else any."""
    m = s.m(seat)
    lower: Int = ctx.integer("raise-lost", seat) if raised is None else z3.IntVal(raised)
    lower = z3.If(lower <= m.max_hearts - 1, lower, 0)
    top = m.max_hearts - lower
    hearts = zmin(m.hearts - z3.If(lower > 0, lower, 0), top)
    gone = z3.And(m.cards >= 1, m.alive)
    t = s.with_monster(seat, replace(m, cards=m.cards - 1, max_hearts=top,
                                     hearts=z3.If(hearts > 0, hearts, 0)))
    t = replace(t, discard=s.discard + 1)
    t = ite(hearts <= 0, kernel.eliminate(t, seat), t)
    return ite(gone, t, s)


def _sell(ctx: Ctx, s: SymState, seat: int, n: Int) -> SymState:
    """effects._sell: any number of cards back for their printed cost (one, or none)."""
    sold = ctx.boolean("sells", seat)
    t = lose_card(ctx, s, seat)
    m = t.m(seat)
    t = t.with_monster(seat, replace(m, energy=m.energy + ctx.integer("refund", seat)))
    return ite(sold, t, s)


def _reroll_others_die(ctx: Ctx, s: SymState, seat: int, n: Int) -> SymState:
    """effects._reroll_active_die: dice change (any faces are proved by the dice step);
    with ``n`` = 1 the card may then go to the discard pile."""
    return ite(z3.And(n == 1, ctx.boolean("heart-rolled", seat)), lose_card(ctx, s, seat), s)


def _same(ctx: Ctx, s: SymState, t: int, n: Int) -> SymState:
    return s


def _discard_all(ctx: Ctx, s: SymState, t: int, n: Int) -> SymState:
    """effects._run_cards1, discard all: every card to the discard pile; the maximum
    drops to what the rules give (at least 1), hearts capped."""
    m = s.m(t)
    top = ctx.integer("max-after", t, lo=1)
    top = z3.If(top <= m.max_hearts, top, m.max_hearts)
    out = s.with_monster(t, replace(m, cards=z3.IntVal(0), max_hearts=top,
                                    hearts=zmin(m.hearts, top)))
    return replace(out, discard=s.discard + m.cards)


def _store_energy(ctx: Ctx, s: SymState, t: int, n: Int) -> SymState:
    """effects: move any of the owner's energy onto the card (never more than it has)."""
    m = s.m(t)
    x = ctx.integer("stored", t)
    x = z3.If(x <= m.energy, x, 0)
    return s.with_monster(t, replace(m, energy=m.energy - x))


def _take_stored(ctx: Ctx, s: SymState, t: int, n: Int) -> SymState:
    """effects: up to ``n`` energy from the card back to its owner (none if it holds none)."""
    m = s.m(t)
    x = ctx.integer("taken", t)
    x = z3.If(x <= n, x, 0)
    return s.with_monster(t, replace(m, energy=m.energy + x))


def _copy(ctx: Ctx, s: SymState, t: int, n: Int) -> SymState:
    """effects._copy: pay (only with enough energy), end the old copy (its raise of the
    maximum goes, hearts capped), start the new one (its raise comes). What the copied
    card does when bought is a transition of that card, proved on its own."""
    m = s.m(t)
    paid = z3.If(m.energy >= n, n, 0)
    lower = ctx.integer("copy-lowered", t)
    lower = z3.If(lower <= m.max_hearts - 1, lower, 0)
    raised = ctx.integer("copy-raised", t)
    kept = m.max_hearts - lower
    return s.with_monster(t, replace(m, energy=m.energy - paid, max_hearts=kept + raised,
                                     hearts=zmin(m.hearts, kept)))


def _lose_all_stars(ctx: Ctx, s: SymState, t: int, n: Int) -> SymState:
    return s.with_monster(t, replace(s.m(t), stars=z3.IntVal(0)))


def _set_hearts(ctx: Ctx, s: SymState, t: int, n: Int) -> SymState:
    """effects._run_cards1, set hearts: N, never above the maximum."""
    m = s.m(t)
    return s.with_monster(t, replace(m, hearts=zmin(n, m.max_hearts)))

VERBS: dict[Verb, VerbMeaning] = {
    Verb.GAIN_STARS: lambda ctx, s, t, n: kernel.gain_stars(s, t, n),
    Verb.GAIN_ENERGY: kernel.gain_energy,
    Verb.HEAL: lambda ctx, s, t, n: kernel.heal(ctx, s, t, n),
    Verb.TAKE_DAMAGE: lambda ctx, s, t, n: kernel.damage(ctx, s, t, n)[0],
    Verb.LOSE_STARS: lambda ctx, s, t, n: kernel.lose_stars(s, t, n),
    Verb.LOSE_ENERGY: lambda ctx, s, t, n: kernel.lose_energy(s, t, n),
    Verb.TAKE_TOKYO_CITY: lambda ctx, s, t, n: kernel.take_city(s, t),
    # Another turn changes who plays next, nothing an invariant reads.
    Verb.EXTRA_TURN: _same,
    Verb.MAY_EXTRA_TURN: _same,
    # The dice, the rolls left and protection from damage are not in the symbolic
    # state: dice with any faces and damage of any amount (or none) are proved already.
    Verb.EXTRA_ROLL: _same,
    Verb.SET_DIE: _same,
    Verb.REROLL_FACE: _same,
    Verb.PROTECT: _same,
    Verb.SELL_CARDS: _sell,
    Verb.REROLL_OTHERS_DIE: _reroll_others_die,
    # Damage added to this turn's attack: the attack step is proved for any bonus, and
    # the bonus dealt without claws is card damage, proved for any amount.
    Verb.ADD_ATTACK_DAMAGE: _same,
    Verb.ADD_CLAW_DAMAGE: _same,
    Verb.DISCARD_ALL_CARDS: _discard_all,
    Verb.LOSE_ALL_STARS: _lose_all_stars,
    Verb.LEAVE_TOKYO: lambda ctx, s, t, n: kernel.leave_at(s, z3.IntVal(t)),
    Verb.SET_HEARTS: _set_hearts,
    # Tokens are not in the symbolic state (their supply cap is only tested).
    Verb.PUT_TOKENS: _same,
    Verb.STORE_ENERGY: _store_energy,
    Verb.TAKE_STORED: _take_stored,
    Verb.COPY_CARD: _copy,
}

NO_AMOUNT = NO_AMOUNT_VERBS
"""Verbs that act without an amount, from the vocabulary table (effects.run skips the
others at 0, and so does run_effect)."""

# -- whom: the targets in the order effects.run applies them, chosen on the pre-state ---

Targets = Callable[[SymState], list[tuple[int, Bool]]]


def _neighbours(s: SymState) -> list[tuple[int, Bool]]:
    alive = [s.m(k).alive for k in range(SEATS)]
    out = []
    for k in range(1, SEATS):
        first = z3.And(alive[k], *[z3.Not(a) for a in alive[1:k]])
        last = z3.And(alive[k], *[z3.Not(a) for a in alive[k + 1:]])
        out.append((k, z3.Or(first, last)))
    return out


WHO: dict[Who, Targets] = {
    Who.YOU: lambda s: [(0, s.m(0).alive)],
    Who.EACH_OTHER: lambda s: [(k, s.m(k).alive) for k in range(1, SEATS)],
    # The owner last: its own elimination never comes before the damage it deals.
    Who.EVERY: lambda s: [(k, s.m(k).alive) for k in (*range(1, SEATS), 0)],
    Who.NEIGHBOURS: _neighbours,
    # The monster that takes the owner's place: any one other monster (a free choice).
    Who.TAKER: lambda s: [(k, z3.Bool(f"taker-{k}")) for k in range(1, SEATS)],
    # The monster the owner dealt damage to: any one other monster.
    Who.IT: lambda s: [(k, z3.Bool(f"it-{k}")) for k in range(1, SEATS)],
    # What lies on the card: the owner's board is what an invariant reads.
    Who.THIS_CARD: lambda s: [(0, s.m(0).alive)],
}

# -- triggers and conditions: what must hold when an ability fires ---------------------

Guard = Callable[[SymState], Bool]
_ANY: Guard = lambda s: z3.BoolVal(True)  # noqa: E731

TRIGGERS: dict[Trigger, Guard] = {
    # Every trigger fires for an owner in the game (abilities.fire), which every effect
    # transition assumes; none narrows the state further that the invariants read.
    Trigger.BOUGHT: _ANY,
    Trigger.START_OF_TURN: _ANY,
    Trigger.END_OF_TURN: _ANY,
    Trigger.END_OF_EACH_TURN: _ANY,
    Trigger.ATTACK: _ANY,
    Trigger.BUY_CARD: _ANY,
    Trigger.ELIMINATION: _ANY,
    Trigger.SCORE_SET: _ANY,
    Trigger.RESOLVE: _ANY,
    Trigger.LOSE_HEARTS: _ANY,
    Trigger.OTHER_FINISHED_ROLLING: _ANY,
    Trigger.OTHER_ROLLED: _ANY,
    Trigger.YIELD_TOKYO: _ANY,
    # The replacement acts on a monster the damage brought to 0, before it is out; the
    # proof starts from a legal state, so it shows the replacement leaves one.
    Trigger.WOULD_BE_ELIMINATED: _ANY,
    Trigger.DAMAGE_DEALT: _ANY,
    Trigger.START_OF_EACH_TURN: _ANY,
}

CONDITIONS: dict[Condition, Guard] = {
    Condition.IN_TOKYO: lambda s: s.in_tokyo(0),
    Condition.NO_ENERGY: lambda s: s.m(0).energy == 0,
    Condition.FEWEST_STARS: lambda s: z3.And([
        z3.Implies(s.m(k).alive, s.m(k).stars > s.m(0).stars) for k in range(1, SEATS)]),
    # Abstracted: the turn's history and the dice are not in the symbolic state, so
    # these may hold or not (proved for both).
    Condition.DEALT_NO_DAMAGE: _ANY,
    Condition.EVERY_FACE: _ANY,
    Condition.ONE_TWO_THREE: _ANY,
}

# -- modifiers: the kernel step a modifier changes, with its amount ---------------------

ModifierMeaning = Callable[[Ctx, SymState, Modifier], Step]


def _attack_damage(ctx: Ctx, s: SymState, m: Modifier) -> Step:
    holds = z3.BoolVal(True) if m.condition is None else _condition(m.condition)(s)
    return kernel.attack(ctx, s, bonus=z3.If(holds, m.amount, 0))


def _dodge(ctx: Ctx, s: SymState, m: Modifier) -> Step:
    """resources._dodge: dice thrown against damage prevent some of it (any part)."""
    n = ctx.integer("damage", lo=1)
    kept = ctx.integer("damage-left", lo=0)
    left = z3.If(kept <= n, kept, n)
    t, _ = kernel.damage(ctx, s, 0, left, prevented=left == 0)
    return kernel.resting(s), t


def _buy_from_other(ctx: Ctx, s: SymState, m: Modifier) -> Step:
    """buying.take: a keep card moves from a seller to the buyer (seat 0), the price to
    the seller; what it raised moves with it."""
    seller = ctx.integer("seller", lo=1)
    cost = ctx.integer("cost")
    paid = ctx.integer("paid")
    raised = ctx.integer("raise")
    out = s
    for k in range(1, SEATS):
        o = out.m(k)
        moved = s.with_monster(k, replace(
            o, cards=o.cards - 1, energy=o.energy + cost,
            max_hearts=o.max_hearts - raised, hearts=zmin(o.hearts, o.max_hearts - raised)))
        out = ite(seller == k, moved, out)
    b = out.m(0)
    out = out.with_monster(0, replace(b, cards=b.cards + 1, energy=b.energy - paid,
                                      max_hearts=b.max_hearts + raised))
    sold = s.m(0)
    guard = z3.And(kernel.resting(s), seller < SEATS, paid <= sold.energy, paid <= cost,
                   z3.Or([z3.And(seller == k, s.m(k).alive, s.m(k).cards >= 1,
                                 raised <= s.m(k).max_hearts - 1) for k in range(1, SEATS)]))
    return guard, out


def _heal_other(ctx: Ctx, s: SymState, price: int) -> Step:
    """hearts.spend: a heart face heals another monster (capped at its maximum), which
    pays ``price`` energy per heart healed, or all it has."""
    target = ctx.integer("healed", lo=1)
    n = ctx.integer("hearts", lo=1)
    out = s
    for k in range(1, SEATS):
        healed_state = kernel.heal(ctx, s, k, n)
        gained = healed_state.m(k).hearts - s.m(k).hearts
        pay = zmin(price * gained, healed_state.m(k).energy)
        t = healed_state.with_monster(k, replace(healed_state.m(k),
                                                 energy=healed_state.m(k).energy - pay))
        t = t.with_monster(0, replace(t.m(0), energy=t.m(0).energy + pay))
        out = ite(z3.And(target == k, s.m(k).alive), t, out)
    return z3.And(kernel.resting(s), target < SEATS), out


def _ignore_damage(ctx: Ctx, s: SymState, m: Modifier) -> Step:
    n = ctx.integer("damage", lo=1)
    t, _ = kernel.damage(ctx, s, 0, n, prevented=n == m.amount)
    return kernel.resting(s), t


MODIFIERS: dict[ModifierKind, ModifierMeaning] = {
    ModifierKind.MAX_HEARTS: lambda ctx, s, m: kernel.buy(
        ctx, s, keep=z3.BoolVal(True), raise_by=m.amount),
    # More dice or rolls change which faces come up: any faces are proved already.
    ModifierKind.EXTRA_DICE: lambda ctx, s, m: kernel.dice(ctx, s),
    ModifierKind.EXTRA_ROLLS: lambda ctx, s, m: kernel.dice(ctx, s),
    ModifierKind.CARD_DISCOUNT: lambda ctx, s, m: kernel.buy(ctx, s, discount=m.amount),
    ModifierKind.ATTACK_DAMAGE: _attack_damage,
    ModifierKind.ATTACK_EVERYONE: lambda ctx, s, m: kernel.attack(ctx, s, everyone=True),
    ModifierKind.EXTRA_ENERGY: lambda ctx, s, m: kernel.dice(ctx, s, energy_bonus=m.amount),
    ModifierKind.EXTRA_HEALING: lambda ctx, s, m: kernel.dice(ctx, s, heal_bonus=m.amount),
    ModifierKind.IGNORE_SMALL_DAMAGE: _ignore_damage,
    ModifierKind.DODGE: _dodge,
    # A card bought the moment it is revealed: a buy by its owner, on any turn.
    ModifierKind.BUY_REVEALED: lambda ctx, s, m: kernel.buy(ctx, s),
    # Yielding with no damage: the yield step with the damage left out.
    ModifierKind.YIELD_NO_DAMAGE: lambda ctx, s, m: kernel.yield_or_stay(ctx, s),
    # The deck's top card instead of a face-up one: the same counts move.
    ModifierKind.BUY_TOP_CARD: lambda ctx, s, m: kernel.buy(ctx, s),
    ModifierKind.BUY_FROM_OTHERS: _buy_from_other,
    ModifierKind.HEAL_OTHERS: lambda ctx, s, m: _heal_other(ctx, s, m.amount),
    ModifierKind.EXTRA_HEALING_ANY: lambda ctx, s, m: kernel.dice(ctx, s, heal_bonus=m.amount),
}

TOKEN_RULES: dict[TokenRuleKind, Callable[[Ctx, SymState], Step]] = {
    # A token's damage at the end of its holder's turn is card damage of any amount.
    TokenRuleKind.END_OF_TURN_DAMAGE: kernel.card_damage,
    # Fewer dice: any faces of fewer dice are dice with any faces.
    TokenRuleKind.FEWER_DICE: kernel.dice,
    # A heart face spent on a token instead of healing: the dice step heals less or not.
    TokenRuleKind.HEART_REMOVES: kernel.dice,
}

NOT_YET: dict[Enum, str] = {}
"""Vocabulary with no symbolic meaning yet, and why (cards using it are 'unsupported')."""
# Duel-only words, whose Z3 meaning is Duel's
# (kot_rules.games.king_of_tokyo_duel.semantics).
NOT_YET.update({v: "a King of Tokyo: Duel word: its symbolic meaning is Duel's"
                for v in (Verb.PULL_FAME, Verb.PULL_DESTRUCTION, Verb.GAIN_DICE_TOKENS)})
# Duel-only words (their Z3 meaning:
# kot_rules.games.king_of_tokyo_duel.semantics).
NOT_YET.update({m: "a King of Tokyo: Duel word: its symbolic meaning is Duel's" for m in (
    Verb.SPOTLIGHT_DAMAGE, Verb.REST, Verb.REFUND, Verb.SWAP_CARD, Verb.NO_DAMAGE_THIS_TURN,
    Verb.DISCARD_THIS, Trigger.OTHER_DICE_ENERGY, Trigger.HEART_BEYOND, Condition.FAME_ON_TILE,
    ModifierKind.IMMUNE, ModifierKind.FIRST_DAMAGE, ModifierKind.EXTRA_HEALING_ONCE)})
# A Duel monster's power words (Duel's meaning: duel_semantics).
NOT_YET.update({v: "a King of Tokyo: Duel monster's power: its symbolic meaning is Duel's"
                for v in (Verb.ADD_FACES, Verb.PLACE_KING_TILE, ModifierKind.MULTIPLY_SMASH)})
# The roll's words, Duel-only too.
NOT_YET.update({w: "a King of Tokyo: Duel word: its symbolic meaning is Duel's"
                for w in (Trigger.OF_A_KIND, Trigger.RESOLVED, Trigger.SKIPPED,
                          Trigger.LEFT_UNRESOLVED, Verb.SKIP_RESOLVE, Verb.LEAVE_UNRESOLVED,
                          Verb.DISCARD_THIS, Condition.NO_SMASH,
                          ModifierKind.EXTRA_SMASH, ModifierKind.EXTRA_SMASH_SPOTLIGHT,
                          ModifierKind.REROLL_FAME)})

TABLES: tuple[tuple[type[Enum], Mapping[Any, object]], ...] = (
    (Verb, VERBS), (Who, WHO), (Trigger, TRIGGERS), (Condition, CONDITIONS),
    (ModifierKind, MODIFIERS), (TokenRuleKind, TOKEN_RULES),
)
"""Each vocabulary enum with its table (the completeness test walks these)."""


K = TypeVar("K", bound=Enum)
V = TypeVar("V")


def _lookup(table: Mapping[K, V], member: K) -> V:
    return find(table, member, NOT_YET.get(member, "no symbolic meaning yet"))


def _condition(c: Condition) -> Guard:
    return _lookup(CONDITIONS, c)


def run_effect(ctx: Ctx, s: SymState, effect: Effect) -> SymState:
    """effects.run for one effect sentence of a card owned by seat 0."""
    verb: VerbMeaning = _lookup(VERBS, effect.verb)
    targets: Targets = _lookup(WHO, effect.who)
    out = s
    for seat, chosen in targets(s):
        m = out.m(seat)
        amount: Int = (effect.amount * (m.energy / effect.per) if effect.per
                       else z3.IntVal(effect.amount))
        applies = z3.And(chosen, m.alive)
        if effect.verb not in NO_AMOUNT:
            applies = z3.And(applies, amount > 0)
        out = ite(applies, verb(ctx, out, seat, amount), out)
    return out


# -- transitions ----------------------------------------------------------------------

Build = Callable[[Ctx, SymState], Step]


@dataclass(frozen=True)
class Transition:
    """One step the proofs cover: a kernel step, or what one card sentence does."""

    name: str
    kind: str
    """``kernel``, ``effect``, ``ability`` or ``modifier``."""
    build: Build | None
    unsupported: str | None = None
    initial: bool = False
    """The game's set-up: nothing is assumed of the state before it."""
    ends_turn: bool = False
    """The end of a turn: the only step that may end the game."""
    on_buy: bool = False
    """The card's owner does this when it buys the card (a replay can buy it)."""


KERNEL: tuple[Transition, ...] = (
    Transition("set-up", "kernel", kernel.setup, initial=True),
    Transition("start of turn", "kernel", kernel.start_of_turn),
    Transition("dice: numbers, energy, hearts", "kernel", kernel.dice),
    Transition("dice: claws (attack or entry)", "kernel", kernel.attack),
    Transition("after the attack: ask to yield, or enter", "kernel", kernel.settle),
    Transition("yield or stay", "kernel", kernel.yield_or_stay),
    Transition("buy a card", "kernel", kernel.buy),
    Transition("sweep the shop", "kernel", kernel.sweep),
    Transition("card damage and elimination", "kernel", kernel.card_damage),
    Transition("end of turn: victory check", "kernel", kernel.end_of_turn, ends_turn=True),
)
"""The rule kernel's steps (with any cards held: what cards add is a free choice)."""


def effect_transition(effect: Effect, guard: Guard = _ANY, name: str | None = None,
                      kind: str = "effect", on_buy: bool = False) -> Transition:
    label = name or effect_label(effect)
    try:
        _lookup(VERBS, effect.verb)
        _lookup(WHO, effect.who)
    except Unsupported as exc:
        return Transition(label, kind, None, unsupported=str(exc), on_buy=on_buy)

    def build(ctx: Ctx, s: SymState) -> Step:
        return z3.And(kernel.resting(s), guard(s)), run_effect(ctx, s, effect)

    return Transition(label, kind, build, on_buy=on_buy)


def ability_transitions(ability: Ability) -> list[Transition]:
    out = []
    for effect in ability.effects:
        label = ability_label(ability, effect)
        try:
            trigger: Guard = _lookup(TRIGGERS, ability.trigger)
            cond = _ANY if ability.condition is None else _condition(ability.condition)
        except Unsupported as exc:
            out.append(Transition(label, "ability", None, unsupported=str(exc)))
            continue
        out.append(effect_transition(
            effect, lambda s, t=trigger, c=cond: z3.And(t(s), c(s)),  # type: ignore[misc]
            label, "ability", on_buy=ability.trigger is Trigger.BOUGHT))
    return out


def modifier_transition(modifier: Modifier) -> Transition:
    label = modifier_label(modifier)
    try:
        meaning: ModifierMeaning = _lookup(MODIFIERS, modifier.kind)
        if modifier.condition is not None:
            _condition(modifier.condition)
    except Unsupported as exc:
        return Transition(label, "modifier", None, unsupported=str(exc))
    # A change of the maximum happens when the card is bought: a buy replays it.
    return Transition(label, "modifier", lambda ctx, s: meaning(ctx, s, modifier),
                      on_buy=modifier.kind is ModifierKind.MAX_HEARTS)


def activated_transition(activated: Activated, own_raise: int | None = None) -> Transition:
    """An ability used at will: pay its energy (only with enough), do its act for the
    owner, then maybe send the card away (``own_raise``: what the card raises the
    maximum by, if known)."""
    label = activated_label(activated)
    try:
        verb: VerbMeaning = _lookup(VERBS, activated.effect.verb)
    except Unsupported as exc:
        return Transition(label, "activated", None, unsupported=str(exc))

    def build(ctx: Ctx, s: SymState) -> Step:
        m = s.m(0)
        paid = s.with_monster(0, replace(m, energy=m.energy - activated.energy))
        t = verb(ctx, paid, 0, z3.IntVal(activated.effect.amount))
        if activated.then_discard:
            t = lose_card(ctx, t, 0, own_raise)
        return z3.And(m.alive, z3.Not(s.over), m.energy >= activated.energy), t

    return Transition(label, "activated", build)


def card_transitions(card: CardDef) -> list[tuple[Transition, Position]]:
    """Every transition ``card`` brings, with the position of the sentence that says it."""
    out: list[tuple[Transition, Position]] = []
    for effect in card.effects:
        kind = "effect" if card.kind is CardKind.DISCARD else "ability"
        out.append((effect_transition(effect, kind=kind, on_buy=kind == "effect"),
                    effect.position))
    for ability in card.abilities:
        out += [(t, ability.position) for t in ability_transitions(ability)]
    for modifier in card.modifiers:
        out.append((modifier_transition(modifier), modifier.position))
    for activated in card.activated:
        own_raise = sum(x.amount for x in card.modifiers if x.kind is ModifierKind.MAX_HEARTS)
        out.append((activated_transition(activated, own_raise), activated.position))
    for rule in card.token_rules:
        out.append((token_rule_transition(rule), rule.position))
    return out




def token_rule_transition(rule: TokenRule) -> Transition:
    label = token_rule_label(rule)
    build = TOKEN_RULES.get(rule.kind)
    if build is None:
        return Transition(label, "token rule", None,
                          unsupported=f"TokenRuleKind.{rule.kind.name}: no symbolic meaning yet")
    return Transition(label, "token rule", build)

