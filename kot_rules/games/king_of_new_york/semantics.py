"""King of New York's card language, symbolically: the Z3 meaning of each word in New York.

The New York counterpart of :mod:`kot_rules.games.king_of_tokyo_duel.semantics`, over
:class:`SymKony`
and the steps of :mod:`kot_rules.games.king_of_new_york.kernel`. Its tables are keyed by the enums
of
:mod:`kot_rules.language.ast`; a word whose ``games`` (:mod:`kot_rules.language.vocabulary`)
include ``king-of-new-york`` must have an entry here (tests/verify/test_kony_semantics.py).
A card that says a word with no entry gets an *unsupported* transition (reported, never a
crash).

The card's **owner** is any seat (seat 0 is the active monster): a free choice of every
proof, run once per seat. A card sentence happens while the game goes on and its owner is
in it. The symbolic state holds no dice, no cards and no tokens: a word that acts only on
them leaves the state as it is, and what it brings later (faces resolved, a card bought)
is a kernel step, proved on its own. Where a word's amount depends on what the state does
not hold (the damage dealt this turn, the tokens on a card), the amount is a free choice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from enum import Enum
from typing import TypeVar

import z3

from kot_rules.games.king_of_new_york import kernel as k
from kot_rules.games.king_of_new_york.board import BOROUGHS
from kot_rules.games.king_of_new_york.state import (
    OUTER_COUNT,
    SEATS,
    SymKony,
    ite,
)
from kot_rules.language.ast import (
    Condition,
    Effect,
    Modifier,
    ModifierKind,
    TokenRule,
    TokenRuleKind,
    Trigger,
    Verb,
    Who,
)
from kot_rules.verify import common
from kot_rules.verify.common import Unsupported as Unsupported  # re-exported
from kot_rules.verify.symbolic import Bool, Ctx, Int, zmax, zmin

Step = k.Step
Targets = Callable[[Ctx, SymKony, int], list[tuple[int, Bool]]]
"""(ctx, state, owner) -> the seats acted on, in order, each with when it is acted on."""
WORDS = common.Vocabulary[SymKony, Targets]("New York")
"""The New York meaning of each word: its tables, and a decorator registering into each
(``verb`` registers verbs: an act shares its verb's meaning)."""
VERBS, WHO, TRIGGERS, CONDITIONS, MODIFIERS, TOKEN_RULES = WORDS.parts()
verb, who, trigger, condition, modifier, token_rule = WORDS.registries()
TABLES = WORDS.tables()
"""Each vocabulary enum with its New York table (the vocabulary test walks these)."""


_TRUE = z3.BoolVal(True)


def _free(ctx: Ctx, kind: str) -> Int:
    """A number the state does not hold (a count of this turn, tokens on a card)."""
    return ctx.integer(kind)


# -- verbs ------------------------------------------------------------------------------


@verb(Verb.GAIN_STARS)
def _gain_stars(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    return k.gain_stars(s, seat, n)


@verb(Verb.GAIN_ENERGY, Verb.EVERY_GAINS_ENERGY)
def _gain_energy(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """kony.dice.energy: energy has no cap."""
    return k.gain_energy(s, seat, n)


@verb(Verb.HEAL)
def _heal(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """kony.dice.heal: never above the maximum."""
    return k.heal(s, seat, n)


@verb(Verb.TAKE_DAMAGE, Verb.IT_TAKES_DAMAGE)
def _damage(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """Hearts lost, never below 0; at 0 the monster is eliminated at once."""
    return k.damage(ctx, s, seat, n)


@verb(Verb.IT_LOSES_STARS, Verb.LOSE_OWN_STARS)
def _lose_stars(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """Stars lost, never below 0."""
    return k.lose_stars(s, seat, n)


@verb(Verb.TAKE_ENERGY_FROM)
def _take_energy(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """The monster the trigger names gives the owner up to ``n`` energy, what it has."""
    if seat == owner:
        return s
    moved = zmin(n, s.m(seat).energy)
    return k.gain_energy(k.lose_energy(s, seat, moved), owner, moved)


@verb(Verb.LOSE_ALL_HEARTS)
def _drop_out(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """kony.end.elimination: the hearts drop to 0, the monster is out."""
    return k.eliminate(ctx, k._set(s, seat, hearts=z3.IntVal(0)), seat)


@verb(Verb.WIN_GAME)
def _win(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """The owner wins at once: the game is over."""
    return k.card_win(s, seat)


@verb(Verb.MAY_MOVE)
def _may_move(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """kony.move.outside, kony.borough.capacity, kony.move.enter-empty: the owner, outside
    Manhattan, may move to another outer borough holding fewer than two monsters, or into
    Manhattan while it has room (a monster in Manhattan never leaves it by choice)."""
    to = ctx.integer("borough")
    m = s.m(seat)
    moves = z3.And(ctx.boolean("moves", seat), z3.Not(s.inside(seat)), m.alive)
    outer = z3.And(to != m.borough, to < OUTER_COUNT, s.room_in(to))
    entering = z3.And(ctx.boolean("to-manhattan", seat), s.has_room())
    return ite(z3.And(moves, entering), k.enter(s, seat),
               ite(z3.And(moves, outer), k._set(s, seat, borough=to), s))


@verb(Verb.PUSH_UNITS)
def _push_units(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """Up to ``n`` units of the owner's borough, not revealed this turn, pushed each into a
    different borough (the tiles are conserved)."""
    here = s.m(seat).borough
    out = s
    for b in range(len(BOROUGHS)):
        units, fresh = list(s.units), s.fresh[b]
        pushes = [ctx.boolean("push", x) if x != b else z3.BoolVal(False)
                  for x in range(len(BOROUGHS))]
        count = z3.Sum([z3.If(p, 1, 0) for p in pushes])
        ok = z3.And(count <= n, count <= units[b] - fresh)
        moved = [u + z3.If(p, 1, 0) for u, p in zip(units, pushes, strict=True)]
        moved[b] = units[b] - count
        out = ite(z3.And(here == b, ok), replace(s, units=tuple(moved)), out)
    return out


@verb(Verb.UNITS_ATTACK)
def _units_attack(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """kony.dice.ouch, D-KONY-OUCH-NOT-ATTACK: the units of the monster's borough deal it 1
    damage each (a card of its may make it less)."""
    there = s.m(seat).borough
    from kot_rules.games.king_of_new_york.state import pick

    hits = zmax(0, pick(there, s.units) - ctx.integer("less", seat))
    return k.damage(ctx, s, seat, hits)


@verb(Verb.STARS_FOR_DAMAGE)
def _stars_for_damage(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """``n`` stars per damage dealt this turn (not in the state: any count)."""
    return k.gain_stars(s, seat, n * _free(ctx, "damage-dealt"))


@verb(Verb.TRADE_STARS)
def _trade_stars(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """Every star spent: ``n`` energy or ``n`` hearts each (the monster's split); its stars
    drop to 0."""
    m = s.m(seat)
    to_energy = zmin(_free(ctx, "to-energy"), m.stars)
    t = k.heal(k.gain_energy(s, seat, to_energy * n), seat, (m.stars - to_energy) * n)
    return k._set(t, seat, stars=z3.IntVal(0))


@verb(Verb.HEAL_PER_TOKEN)
def _heal_per_token(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """``n`` hearts per token on the card (not in the state: any count), capped."""
    return k.heal(s, seat, n * _free(ctx, "tokens"))


@verb(Verb.EXTRA_TURN, Verb.PUT_TOKENS, Verb.ADD_CLAW_FACES, Verb.ADD_DESTRUCTION_FACES,
      Verb.ADD_DESTRUCTION_UNITS_ONLY, Verb.PUT_BOROUGH_TOKEN, Verb.EVERY_DISCARDS_KEEP,
      Verb.NEXT_KEEP_FREE, Verb.FREE_MOVES)
def _unheld(ctx: Ctx, s: SymKony, owner: int, seat: int, n: Int) -> SymKony:
    """Dice, cards, tokens and turns to come are not in the state: nothing it holds changes
    (the faces added are resolved by the kernel's face steps; another turn is the same
    state seen from the next seat)."""
    return s


# -- whom -------------------------------------------------------------------------------


@who(Who.YOU, Who.THIS_CARD)
def _you(ctx: Ctx, s: SymKony, owner: int) -> list[tuple[int, Bool]]:
    """The owner (what goes on this card: the owner's card)."""
    return [(owner, _TRUE)]


@who(Who.IT)
def _it(ctx: Ctx, s: SymKony, owner: int) -> list[tuple[int, Bool]]:
    """The monster the trigger names (the attacker, the one robbed...): another monster in
    the game, a free choice."""
    it = ctx.integer("it")
    return [(seat, z3.And(it == seat, s.m(seat).alive)) for seat in range(SEATS)
            if seat != owner]


@who(Who.EVERY)
def _every(ctx: Ctx, s: SymKony, owner: int) -> list[tuple[int, Bool]]:
    """Every monster in the game, clockwise from the active one."""
    return [(seat, s.m(seat).alive) for seat in range(SEATS)]


# -- triggers and conditions --------------------------------------------------------------


@trigger(Trigger.BOUGHT, Trigger.START_OF_TURN, Trigger.END_OF_TURN, Trigger.RESOLVE,
         Trigger.DAMAGE_DEALT, Trigger.DESTROY_BUILDING, Trigger.DESTROY_UNIT,
         Trigger.DESTROY_INFANTRY, Trigger.DESTROY_JET, Trigger.DESTROY_TANK,
         Trigger.ATTACK_MONSTER, Trigger.TAKE_SUPERSTAR, Trigger.TAKE_SUPERSTAR_FROM,
         Trigger.ROLL_DESTRUCTION, Trigger.RESOLVE_AMONG_UNITS, Trigger.OUCH_FACE)
def _own_turn(s: SymKony, owner: int) -> Bool:
    """A card bought, a roll resolved, a tile destroyed, an attack made, Superstar taken, a
    turn's start or end: the owner's own turn."""
    return z3.BoolVal(owner == 0)


@trigger(Trigger.ATTACKED, Trigger.LOSE_SUPERSTAR, Trigger.OTHER_GAINS_ENERGY)
def _other_turn(s: SymKony, owner: int) -> Bool:
    """Attacked, robbed of Superstar, another monster collecting energy: another monster's
    turn."""
    return z3.BoolVal(owner != 0)


@trigger(Trigger.LOSE_HEARTS, Trigger.TAKE_THIS, Trigger.LOSE_THIS, Trigger.ENTER_BOROUGH,
         Trigger.ENTER_MANHATTAN, Trigger.PUT_BOROUGH_TOKEN)
def _any_moment(s: SymKony, owner: int) -> Bool:
    """Hearts lost, this card received or lost, a borough entered (fleeing too), a token
    dropped: at any moment of the game."""
    return _TRUE


@condition(Condition.IN_QUEENS)
def _in_queens(s: SymKony, owner: int) -> Bool:
    return s.m(owner).borough == BOROUGHS.index("queens")


@condition(Condition.HAVE_SUPERSTAR)
def _have_superstar(s: SymKony, owner: int) -> Bool:
    return s.superstar == owner


@condition(Condition.ROLL_HAS_STAR)
def _any_roll(s: SymKony, owner: int) -> Bool:
    """The roll's faces are not in the state: any roll."""
    return _TRUE


@condition(Condition.MANHATTAN_EVERY_FACE)
def _manhattan_every_face(s: SymKony, owner: int) -> Bool:
    """In Manhattan (the roll's faces are not in the state: any roll)."""
    return s.inside(owner)


# -- modifiers: the kernel step each changes, on the owner's turn --------------------------


def _own(step: Step, owner: int) -> Step:
    ok, t = step
    return z3.And(ok, z3.BoolVal(owner == 0)), t


def _roll_only(ctx: Ctx, s: SymKony) -> Step:
    """A roll: the dice are not in the state; what their faces do is the kernel's face steps."""
    return k.resting(s), k.after(s)


@modifier(ModifierKind.EXTRA_DICE, ModifierKind.ALL_ROLLS, ModifierKind.NO_CLAW_REROLL,
          ModifierKind.STAR_FOR_FACE)
def _dice_only(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """More dice, rolls that must be used, faces changed: the roll, not in the state."""
    return _roll_only(ctx, s)


@modifier(ModifierKind.HEARTS_AS_CLAWS, ModifierKind.DOUBLE_ATTACK,
          ModifierKind.RICHER_TARGET_DAMAGE, ModifierKind.ANTIMATTER)
def _other_attack(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.dice.smash: the owner's attack, its damage any amount for each target (doubled,
    one more, heart faces as claws)."""
    return _own(k.smash_faces(ctx, s, each=True), owner)


@modifier(ModifierKind.ATTACK_BOROUGH)
def _attack_borough(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.dice.smash: the owner's attack hits the other monsters of its borough too."""
    return _own(k.smash_faces(ctx, s, borough=True), owner)


@modifier(ModifierKind.HEARTS_AS_ENERGY)
def _hearts_as_energy(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.dice.energy: heart faces count as energy faces."""
    return _own(k.energy_faces(ctx, s), owner)


@modifier(ModifierKind.ENERGY_FACES_LESS)
def _energy_less(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.dice.energy: the owner's energy faces give ``amount`` less, never below 0."""
    n = k.faces(ctx)
    t = k.gain_energy(s, 0, zmax(0, n - m.amount))
    return z3.And(k.resting(s), z3.BoolVal(owner == 0)), k.after(t)


@modifier(ModifierKind.LIFE_AS_ENERGY)
def _life_as_energy(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """Hearts paid as energy (damage to itself: at 0 it is out) or energy spent as hearts
    (what it has, capped)."""
    paid = ctx.integer("hearts-paid")
    spent = zmin(ctx.integer("energy-spent"), s.m(owner).energy)
    t = k.heal(k.lose_energy(s, owner, spent), owner, spent)
    t = k.damage(ctx, t, owner, paid)
    return z3.And(k.resting(s), s.m(owner).alive), k.after(t)


@modifier(ModifierKind.UNITS_DEAL_LESS)
def _units_less(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.dice.ouch: Ouch! faces, the units dealing less damage."""
    return k.ouch_faces(ctx, s, less=True)


@modifier(ModifierKind.JETS_ANYWHERE)
def _jets_anywhere(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.dice.destruction: the owner destroys a tile of any borough."""
    return _own(k.destroy_tile(ctx, s, anywhere=True), owner)


@modifier(ModifierKind.DESTROY_ELSEWHERE)
def _destroy_elsewhere(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.dice.destruction: for ``amount`` energy, in another borough."""
    return _own(k.destroy_tile(ctx, s, anywhere=True, toll=m.amount), owner)


@modifier(ModifierKind.EASIER_TANK, ModifierKind.EASIER_JET)
def _easier(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.dice.destruction: a unit needs ``amount`` points fewer."""
    return _own(k.destroy_tile(ctx, s, easier=m.amount), owner)


@modifier(ModifierKind.SUPERSTAR_THRESHOLD)
def _threshold(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.dice.celebrity: taking Superstar from another monster needs more faces."""
    return k.celebrity_faces(ctx, s, more=m.amount)


@modifier(ModifierKind.STAR_FACES_SCORE)
def _star_faces_score(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.dice.celebrity: each celebrity face gives the owner a star besides."""
    return _own(k.celebrity_faces(ctx, s, bonus=True), owner)


@modifier(ModifierKind.MAX_HEARTS)
def _max_hearts(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.dice.heal: the card raises its holder's maximum hearts; losing it lowers the
    maximum again (to no less than the card's raise over 1) and the hearts with it."""
    gains = ctx.boolean("receives")
    mm = s.m(owner)
    up = k._set(s, owner, max_hearts=mm.max_hearts + m.amount)
    top = mm.max_hearts - m.amount
    down = k._set(s, owner, max_hearts=top, hearts=zmin(mm.hearts, top))
    ok = z3.And(k.resting(s), mm.alive, z3.Or(gains, top >= 1))
    return ok, k.after(ite(gains, up, down))


@modifier(ModifierKind.CHEAPER_IN_MANHATTAN, ModifierKind.CHEAPER_IN_QUEENS,
          ModifierKind.CHEAPER_IN_BROOKLYN, ModifierKind.CHEAPER_IN_THE_BRONX,
          ModifierKind.CHEAPER_IN_STATEN_ISLAND, ModifierKind.BUY_AFTER_TANK,
          ModifierKind.BUY_AFTER_JET, ModifierKind.BUY_FROM_DISCARD,
          ModifierKind.CLAIMED_WITH_STARS, ModifierKind.CLAIMED_WITH_OUCH)
def _buying(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.turn.buy: a card bought (cheaper, only after a destruction, from the discard
    pile, or claimed for nothing): the kernel's purchase, never more than the energy held."""
    return k.buy(ctx, s)


@modifier(ModifierKind.MARATHON_TOLL)
def _marathon_toll(ctx: Ctx, s: SymKony, owner: int, m: Modifier) -> Step:
    """kony.move.outside: a move by choice costs ``amount`` energy, only with enough."""
    ok, t = k.move_borough(ctx, s)
    return z3.And(ok, s.m(0).energy >= m.amount), k.lose_energy(t, 0, m.amount)


# -- token rules ------------------------------------------------------------------------


@token_rule(TokenRuleKind.HEART_REMOVES, TokenRuleKind.FEWER_ROLLS,
            TokenRuleKind.CLAW_REMOVES)
def _token_dice(ctx: Ctx, s: SymKony, owner: int, rule: TokenRule) -> Step:
    """Tokens and the roll are not in the state: a face spent on a token, fewer rolls."""
    return _roll_only(ctx, s)


@token_rule(TokenRuleKind.OUCH_TOLL)
def _ouch_toll(ctx: Ctx, s: SymKony, owner: int, rule: TokenRule) -> Step:
    """Energy paid per token to reroll: never more than the monster has."""
    paid = ctx.integer("toll")
    return z3.And(k.resting(s), paid <= s.m(0).energy), k.after(k.lose_energy(s, 0, paid))


# -- running a sentence ------------------------------------------------------------------


K = TypeVar("K", bound=Enum)
V = TypeVar("V")


def lookup(table: Mapping[K, V], member: K) -> V:
    return common.find(table, member, "no New York symbolic meaning yet")


def run_effect(ctx: Ctx, s: SymKony, owner: int, effect: Effect) -> SymKony:
    """effects.run for one effect sentence of a card owned by ``owner``."""
    meaning = lookup(VERBS, effect.verb)
    targets = lookup(WHO, effect.who)(ctx, s, owner)
    # Every monster in turn: each one's damage and elimination build on a pinned state.
    each = (lambda t: k.pin(ctx, t)) if effect.who is Who.EVERY else None
    return common.run_sentence(ctx, s, owner, effect, meaning, targets, ite, each)


OWNERS = (0, 1)
"""The owner's seats a proof runs: the active monster (0), or another one (1). Seats 1..5
are alike for every invariant of a game going on (only the winner's order tells them
apart, and a card sentence happens only in a game going on), so seat 1 stands for them
all: the proof is the same for each."""


def owned(ctx: Ctx, step: Callable[[int], Step]) -> Step:
    """``step`` for an owner that is the active monster or another one (a free choice,
    shown in counterexamples)."""
    return common.owned(ctx, OWNERS, step, ite)


# -- transitions ------------------------------------------------------------------------

CardTransition = common.CardTransition[SymKony]
"""What one New York card sentence does, as a step the proofs cover, or why it has no
meaning yet."""


def _live(s: SymKony, owner: int) -> Bool:
    """A card sentence happens while the game goes on and its owner is in it."""
    return z3.And(z3.Not(s.over), s.m(owner).alive)


SENTENCES = common.Sentences[SymKony](
    WORDS, lookup, run_effect, owned,
    live=_live, after=lambda s: k.after(s), pay=k.lose_energy, live_modifiers=True)
"""New York's card sentences as transitions (the owner is the active monster or not)."""
card_transitions = SENTENCES.card_transitions
