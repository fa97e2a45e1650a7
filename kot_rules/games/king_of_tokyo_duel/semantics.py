"""King of Tokyo: Duel's card language, symbolically: the Z3 meaning of each word in Duel.

The Duel counterpart of :mod:`kot_rules.games.king_of_tokyo.semantics`, over :class:`SymDuel` (two
monsters, two tracks) and the steps of :mod:`kot_rules.games.king_of_tokyo_duel.kernel`. Its tables
are keyed by the enums of :mod:`kot_rules.language.ast`; a word whose ``games``
(:mod:`kot_rules.language.vocabulary`) include ``king-of-tokyo-duel`` must have an entry
here (tests/test_vocabulary_table.py). A card that says a word with no entry gets an
*unsupported* transition (reported, never a crash).

The card's **owner** is either seat (Duel's seats are not alike: seat 0 owns the negative
end of the tracks), a free choice of every proof: meanings get it as a concrete ``owner``
and are run once per seat. A card sentence happens while the game goes on and no pull is
under way (:func:`duel_kernel.idle`); after the whole sentence victory is checked once
(D-DUEL-WIN-CHECK; every monster hit by one sentence at once: D-DUEL-DOUBLE-KO). A word
made of several kernel events (a pull: one event per step) checks victory itself after
each, with :func:`duel_kernel.event`.

Adding the meaning of a new Duel word takes a few lines, one decorator per table::

    from kot_rules.language.ast import Condition, ModifierKind, Verb
    from kot_rules.games.king_of_tokyo_duel import kernel as k
    from kot_rules.games.king_of_tokyo_duel.semantics import condition, modifier, verb

    @verb(Verb.GAIN_DICE_TOKENS)  # (ctx, state, owner, target seat, amount) -> state
    def _gain_tokens(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
        # Dice tokens beyond 2 are lost (D-DUEL-TOKEN-OVERFLOW).
        return k.gain_tokens(s, seat, n)

    @modifier(ModifierKind.CARD_DISCOUNT)  # (ctx, state, owner, modifier) -> Step
    def _discount(ctx: Ctx, s: SymDuel, owner: int, m: Modifier) -> Step:
        return k.pay(ctx, s)  # the kernel step the modifier changes

    @condition(Condition.IN_TOKYO)  # (state, owner) -> Bool; likewise @trigger
    def _in_zone(s: SymDuel, owner: int) -> Bool: ...

``@who(Who.X)`` gives the monsters an effect acts on: ``(state, owner) -> [(seat, applies)]``.
A pull is :func:`pull`, the kernel's steps one by one (each with its bonus and victory
check)::

    @verb(Verb.PULL_FAME)
    def _pull_fame(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
        return pull(ctx, s, seat, 0, n)  # track 0 is Fame, 1 Destruction
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from enum import Enum
from typing import Any, TypeVar

import z3

from kot_rules.games.king_of_tokyo_duel import kernel as k
from kot_rules.games.king_of_tokyo_duel.invariants import INVARIANTS
from kot_rules.games.king_of_tokyo_duel.state import (
    SEATS,
    Bonus,
    SymDuel,
    fresh,
    ite,
    leaves,
)
from kot_rules.games.king_of_tokyo_duel.state import in_zone as _in_zone
from kot_rules.language.ast import (
    Condition,
    Effect,
    Modifier,
    ModifierKind,
    Position,
    Trigger,
    Verb,
    Who,
)
from kot_rules.language.monsters import MonsterDef
from kot_rules.verify import common
from kot_rules.verify.common import Unsupported as Unsupported  # re-exported
from kot_rules.verify.common import text
from kot_rules.verify.symbolic import (
    Bool,
    Ctx,
    Int,
    zmax,
)

Step = k.Step
Targets = Callable[[SymDuel, int], list[tuple[int, Bool]]]
"""(state, owner) -> the seats acted on, in order, each with when it is acted on."""
WORDS = common.Vocabulary[SymDuel, Targets]("Duel")
"""The Duel meaning of each word: its tables, and a decorator registering into each
(``verb`` registers verbs: an act shares its verb's meaning)."""
VERBS, WHO, TRIGGERS, CONDITIONS, MODIFIERS, TOKEN_RULES = WORDS.parts()
verb, who, trigger, condition, modifier, token_rule = WORDS.registries()
TABLES = WORDS.tables()
"""Each vocabulary enum with its Duel table (the vocabulary test walks these)."""


# -- helpers for meanings ---------------------------------------------------------------


def rival(owner: int) -> int:
    return 1 - owner


def pull(ctx: Ctx, s: SymDuel, owner: int, track: int | Int, steps: int | Int) -> SymDuel:
    """``owner`` pulls the marker of ``track`` (0 Fame, 1 Destruction) ``steps`` spaces
    toward it, step by step, each step's bonus given and victory checked after it; a win
    or a King tile loses the steps left (D-DUEL-PULL-STEPS: the kernel's
    :func:`duel_kernel.pull_on`, ``steps`` times; ``steps`` a number the card says).
    Ends with no pull under way. A game already over (an earlier part of the sentence won
    it) is left as it is."""
    known = steps if isinstance(steps, int) else z3.simplify(steps)
    if not isinstance(known, int) and not z3.is_int_value(known):
        # A number counted on the roll or the energy held, which the card
        # does not say: the pull begins, and the kernel's own steps carry it on one by one
        # (duel_kernel.pull_begin, then pull_on), exactly as a pull of the dice.
        begun = replace(s, pull_left=z3.If(known > 0, known, 0), puller=z3.IntVal(owner),
                        pull_track=track if isinstance(track, z3.ArithRef)
                        else z3.IntVal(track))
        return ite(k.idle(s), begun, s)
    n = known if isinstance(known, int) else known.as_long()
    starts = k.idle(s)
    t = replace(s, pull_left=z3.IntVal(n), puller=z3.IntVal(owner),
                pull_track=track if isinstance(track, z3.ArithRef) else z3.IntVal(track))
    for i in range(n):
        _, after = k.pull_on(ctx, t)
        t = ite(z3.And(z3.Not(t.over), t.pull_left > 0), after, t)
        if i < n - 1:
            # Between two steps of a pull begun in a game going on the invariants hold:
            # its start and each step are the kernel's pull_begin and pull_on, whose own
            # rows prove they keep them (induction over the steps). Said here, the solver
            # need not find it again. (No step lays a tile: INV-DUEL-BUZZ stays as it was.)
            t = pin(ctx, t)
            assume(ctx, z3.Implies(starts, z3.And([inv.symbolic(t, t, True) for inv in INVARIANTS
                                                   if inv.id != "INV-DUEL-BUZZ"])))
    done = replace(pin(ctx, t) if n else t, pull_left=z3.IntVal(0))
    return ite(starts, done, s)


_pins = itertools.count()


def pin(ctx: Ctx, s: SymDuel) -> SymDuel:
    """A state equal to ``s`` whose monsters, markers and game fields are fresh names (the
    equalities go to ``ctx.facts``): a chain of steps then builds on small terms, not on
    each step's whole term (the tiles, which no step changes, stay as they are)."""
    name = f"{ctx.prefix}pin{next(_pins)}"
    pinned = fresh(ctx, name)
    tracks = tuple(replace(t, marker=p.marker) for t, p in zip(s.tracks, pinned.tracks,
                                                               strict=True))
    out = replace(s, monsters=pinned.monsters, tracks=tracks,
                  **{f: getattr(pinned, f) for f in _PINNED})
    for (_, a), (_, b) in zip(_scalars(out), _scalars(s), strict=True):
        assume(ctx, a == z3.simplify(b))
    return out


_cases: list[Bool] = []
"""The case being built (:func:`owned`: which seat owns the card)."""


def assume(ctx: Ctx, fact: Bool) -> None:
    """Add ``fact`` to ``ctx.facts`` for the case being built only: the other owner's
    chain of steps then costs the solver nothing."""
    ctx.facts.append(z3.Implies(z3.And(*_cases), fact) if _cases else fact)


_PINNED = ("pull_left", "over", "winner", "seen")
"""Besides the monsters and the markers, what a step of a pull changes (the puller, the
track, the turn and the tiles stay the terms they were: numerals for a card's pull)."""


def _scalars(s: SymDuel) -> list[tuple[str, Any]]:
    return [(name, term) for name, term in leaves(s) if name.startswith("monsters[")
            or name.endswith(".marker") or name in _PINNED]


# -- verbs ------------------------------------------------------------------------------


@verb(Verb.GAIN_ENERGY)
def _gain_energy(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """duel.face.energy-unlimited: energy has no cap."""
    return k.gain_energy(s, seat, n)


@verb(Verb.HEAL)
def _heal(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """D-DUEL-HEART-CAP: capped at the starting hearts, like every heal."""
    return k.heal(s, seat, n)


@verb(Verb.TAKE_DAMAGE)
def _damage(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """duel.face.smash: hearts off the wheel, never below 0 (victory checked after the
    whole sentence: both at 0 is a draw, D-DUEL-DOUBLE-KO)."""
    return k.lose_hearts(s, seat, n)


@verb(Verb.EXTRA_TURN)
def _extra_turn(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """Another turn is played after this one: nothing the state holds changes now (the
    turn's end with the same monster playing again is :data:`FOLLOW_UPS`' step)."""
    return s


# -- whom -------------------------------------------------------------------------------

_ALWAYS = z3.BoolVal(True)


@who(Who.YOU)
def _you(s: SymDuel, owner: int) -> list[tuple[int, Bool]]:
    return [(owner, _ALWAYS)]


@who(Who.EACH_OTHER)
def _each_other(s: SymDuel, owner: int) -> list[tuple[int, Bool]]:
    """With two monsters the other monster is the rival."""
    return [(rival(owner), _ALWAYS)]


@who(Who.EVERY)
def _every(s: SymDuel, owner: int) -> list[tuple[int, Bool]]:
    """Both monsters, at the same moment (victory is checked after both)."""
    return [(rival(owner), _ALWAYS), (owner, _ALWAYS)]


# -- modifiers --------------------------------------------------------------------------


@modifier(ModifierKind.EXTRA_DICE)
def _extra_dice(ctx: Ctx, s: SymDuel, owner: int, m: Modifier) -> Step:
    """D-DUEL-DICE-CAP: the owner's roll, its cards giving at least this many extra dice
    (its other cards may give more; beyond 2 they are not rolled)."""
    ok, t = k.roll(ctx, s)
    from_cards = ctx.last("dice-from-cards")
    return z3.And(ok, s.active == owner, from_cards >= m.amount), t


@modifier(ModifierKind.EXTRA_ROLLS)
def _extra_rolls(ctx: Ctx, s: SymDuel, owner: int, m: Modifier) -> Step:
    """More rolls change which faces come up, which the state does not hold: the
    owner's roll phase, with any faces, as the kernel's roll step."""
    ok, t = k.roll(ctx, s)
    return z3.And(ok, s.active == owner), t


# -- follow-ups: a step a word makes possible later, proved as its own row ----------------

FollowUp = Callable[[Ctx, SymDuel, int], Step]
"""(ctx, state, owner) -> a later step the word brings (beside its immediate meaning)."""
FOLLOW_UPS: dict[Verb, tuple[str, FollowUp]] = {}


def follow_up(member: Verb, name: str) -> Callable[[FollowUp], FollowUp]:
    """Register the later step ``member`` brings, named ``name`` in reports."""
    def add(step: FollowUp) -> FollowUp:
        FOLLOW_UPS[member] = (name, step)
        return step
    return add


@follow_up(Verb.EXTRA_TURN, "end of turn: the card's owner plays another turn")
def _another_turn(ctx: Ctx, s: SymDuel, owner: int) -> Step:
    """duel.end-turn.pass, duel.roll.first-turn: the dice are put down and the owner plays
    next (the same monster again, or, got out of its turn, right after this one), in a turn
    that is no longer the first player's first one."""
    t = replace(s, active=z3.IntVal(owner), first_turn=z3.BoolVal(False), red=z3.IntVal(0),
                white=z3.IntVal(0))
    return k.idle(s), k.event(t)


# -- running a sentence ------------------------------------------------------------------


K = TypeVar("K", bound=Enum)
V = TypeVar("V")


def lookup(table: Mapping[K, V], member: K) -> V:
    return common.find(table, member, "no Duel symbolic meaning yet")


def run_effect(ctx: Ctx, s: SymDuel, owner: int, effect: Effect) -> SymDuel:
    """effects.run for one effect sentence of a card owned by ``owner``, then the victory
    check after it (D-DUEL-WIN-CHECK)."""
    meaning = lookup(VERBS, effect.verb)
    targets = lookup(WHO, effect.who)(s, owner)
    return common.run_sentence(ctx, s, owner, effect, meaning, targets, ite, then=k.event)


@contextmanager
def _case(owns: Bool) -> Iterator[None]:
    _cases.append(owns)
    try:
        yield
    finally:
        _cases.pop()


def owned(ctx: Ctx, step: Callable[[int], Step]) -> Step:
    """``step`` for an owner that is either seat (a free choice, shown in counterexamples)."""
    return common.owned(ctx, range(SEATS), step, ite, _case)


# -- transitions ------------------------------------------------------------------------

CardTransition = common.CardTransition[SymDuel]
"""What one Duel card sentence does, as a step the proofs cover (like
:data:`duel_kernel.DuelTransition`), or why it has no meaning yet."""


def _follow_ups(effects: list[Effect]) -> list[CardTransition]:
    out = []
    for verb_ in dict.fromkeys(e.verb for e in effects):
        if verb_ in FOLLOW_UPS:
            name, step = FOLLOW_UPS[verb_]
            out.append(CardTransition(
                name, "follow-up",
                lambda ctx, s, f=step: owned(ctx, lambda o: f(ctx, s, o))))  # type: ignore[misc]
    return out


def _pay(s: SymDuel, owner: int, energy: int) -> SymDuel:
    m = s.m(owner)
    return s.with_monster(owner, replace(m, energy=m.energy - energy))


SENTENCES = common.Sentences[SymDuel](
    WORDS, lookup, run_effect, owned,
    # A sentence happens while no pull is under way; run_effect checks victory itself.
    live=lambda s, owner: k.idle(s), after=lambda s: s, pay=_pay, live_modifiers=False,
    follow_ups=_follow_ups)
"""Duel's card sentences as transitions (the owner is either seat)."""
effect_transition = SENTENCES.effect_transition
modifier_transition = SENTENCES.modifier_transition
card_transitions = SENTENCES.card_transitions


# -- the roll's words ---------------------------------------------------
# The symbolic state holds no dice and no cards: what the roll's words change there (faces
# added or taken out, a resolution skipped, a card discarded) is none of its fields, and
# what depends on the dice (N of one face, every face, no smash, per face) may be anything.

@trigger(Trigger.BOUGHT, Trigger.RESOLVE, Trigger.END_OF_TURN, Trigger.OF_A_KIND,
         Trigger.RESOLVED, Trigger.SKIPPED, Trigger.LEFT_UNRESOLVED)
def _own_turn(s: SymDuel, owner: int) -> Bool:
    """A card bought, a roll resolved or skipped, a turn ending: the owner's own turn."""
    return s.active == owner


@condition(Condition.EVERY_FACE, Condition.NO_SMASH)
def _any_roll(s: SymDuel, owner: int) -> Bool:
    """The roll's faces are not in the state: any roll."""
    return z3.BoolVal(True)


@verb(Verb.SKIP_RESOLVE, Verb.LEAVE_UNRESOLVED)
def _unheld(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """The dice and the cards are not in the state: nothing it holds changes (what a
    skipped resolution or dice left unresolved bring are their triggers' own sentences)."""
    return s


@modifier(ModifierKind.EXTRA_SMASH, ModifierKind.EXTRA_SMASH_SPOTLIGHT)
def _extra_smash(ctx: Ctx, s: SymDuel, owner: int, m: Modifier) -> Step:
    """D-DUEL-ADDED-FACES: the owner's smash faces, more of them, cost the rival hearts:
    the kernel's damage step on the owner's turn."""
    ok, t = k.damage_one(ctx, s)
    return z3.And(ok, s.active == owner), t


@modifier(ModifierKind.REROLL_FAME)
def _reroll_fame(ctx: Ctx, s: SymDuel, owner: int, m: Modifier) -> Step:
    """D-DUEL-FAME-REROLL: rerolls change which faces come up, which the state does not
    hold: the owner's roll phase, with any faces, as the kernel's roll step."""
    ok, t = k.roll(ctx, s)
    return z3.And(ok, s.active == owner), t


# Duel's own verbs, registered here (as this module's docstring shows), so that the cards
# saying them are proved; each has ONE registration (a second raises at import).


@verb(Verb.PULL_FAME)
def _pull_fame(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """D-DUEL-PULL-STEPS: the card's pull is the dice's, step by step (track 0: Fame)."""
    return pull(ctx, s, seat, 0, n)


@verb(Verb.PULL_DESTRUCTION)
def _pull_destruction(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """D-DUEL-PULL-STEPS: as the Fame pull, on track 1 (Destruction)."""
    return pull(ctx, s, seat, 1, n)


@verb(Verb.GAIN_DICE_TOKENS)
def _gain_dice_tokens(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """duel.roll.dice-token-cap, D-DUEL-TOKEN-OVERFLOW: the gain beyond 2 held is lost."""
    return k.gain_tokens(s, seat, n)
# -- the damage cards' words -------------------------------------------
# Cards are not in the symbolic state: discarding or swapping a card, and protection for the
# rest of a turn, change nothing it holds; what they prevent only makes damage smaller,
# which the kernel's damage step covers.


@verb(Verb.SPOTLIGHT_DAMAGE)
def _spotlight_damage(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """D-DUEL-SPOTLIGHT-DAMAGE: once per monster with a marker (either track) in its own zone."""
    hit = z3.Or(*(_in_zone(seat, t.marker) for t in s.tracks))
    return ite(hit, k.lose_hearts(s, seat, n), s)


@verb(Verb.REST)
def _rest(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """D-DUEL-REST-TURN: the owner keeps the card and heals (its turn then ends), or
    discards it (nothing the state holds)."""
    return ite(ctx.boolean("rest", seat), k.heal(s, seat, n), s)


@verb(Verb.REFUND)
def _refund(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """D-DUEL-DICE-ENERGY: as much energy as the rival's faces gave (a free amount here),
    if the owner discards the card."""
    return ite(ctx.boolean("refund", seat), k.gain_energy(s, seat, ctx.integer("refunded")), s)


@verb(Verb.SWAP_CARD, Verb.NO_DAMAGE_THIS_TURN, Verb.DISCARD_THIS)
def _cards_only(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    return s


@verb(Verb.SET_HEARTS)
def _set_hearts(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """D-DUEL-LAST-HEART: the hearts become the amount, never above the starting hearts."""
    m = s.m(seat)
    return s.with_monster(seat, replace(m, hearts=z3.If(n < m.start, n, m.start)))


# -- the rival's keep cards and dice, the shop, Buzz bonuses changed ----
# Cards, the shop and a later turn's dice are not in the symbolic state: a word that acts
# only on them leaves the state as it is, and its later effect is a kernel step already
# covered (the rival's roll with dice removed: duel_kernel.roll's ``dice-removed``).


@verb(Verb.DISCARD_CHOSEN_KEEP, Verb.FEWER_DICE_PER_KEEP, Verb.DISCARD_FROM_SHOP)
def _rival_cards_only(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """A keep card discarded, a mark for the rival's next roll (D-DUEL-FEWER-DICE), a
    face-up card replaced (D-DUEL-SHOP-DISCARD): nothing the state holds changes."""
    return s


@verb(Verb.BUY_FOR_LESS)
def _buy_for_less(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """D-DUEL-BUY-FOR-LESS: the owner may pay for a card a price of at least 1 (a free
    choice: the card's price less the card's amount), and only what it has."""
    price = zmax(1, ctx.integer("price") - n)
    m = s.m(seat)
    paid = z3.If(z3.And(ctx.boolean("buys"), price <= m.energy), price, 0)
    return s.with_monster(seat, replace(m, energy=m.energy - paid))


@trigger(Trigger.START_OF_TURN)
def _start_of_turn(s: SymDuel, owner: int) -> Bool:
    """The owner's turn starts: its turn, before its roll."""
    return z3.And(s.active == owner, s.red == 0, s.white == 0)


@trigger(Trigger.BUY_CARD)
def _buy_card(s: SymDuel, owner: int) -> Bool:
    """The owner buys another card: on its own turn."""
    return s.active == owner


def _bonus_changed(ctx: Ctx, s: SymDuel, owner: int, swap: bool) -> Step:
    """The next step of the owner's pull, with the bonus its card changes (duel.buzz.bonus-
    changed, D-DUEL-BUZZ-SMASH): ``swap``: any bonus but a smash may become a smash (the
    owner's free choice); else an empty space of a shared tile (not a King tile, not an extra
    space) is a smash. A smash is 1 damage to the rival. Then victory, as every step."""
    targets = [k._moved(t, s.puller) for t in s.tracks]
    chosen = [s.pull_track == i for i in range(len(s.tracks))]
    moved = replace(s, tracks=tuple(replace(t, marker=z3.If(c, q, t.marker))
                                    for t, q, c in zip(s.tracks, targets, chosen, strict=True)))

    def at(name: str) -> Any:
        (t0, t1), (q0, q1) = s.tracks, targets
        return z3.If(chosen[0], k.lookup(t0, name, q0), k.lookup(t1, name, q1))

    q = z3.If(chosen[0], targets[0], targets[1])
    bonus, amount, king = at("bonus"), at("amount"), at("king")
    if swap:
        smash = z3.And(bonus != int(Bonus.NONE), bonus != int(Bonus.SMASH),
                       ctx.integer("take-smash") == 1)
    else:
        smash = z3.And(at("covered"), q % 2 == 0, bonus == int(Bonus.NONE), z3.Not(king))
    after = ite(smash, k.at_seat(moved, 1 - owner, lambda u, j: k.lose_hearts(u, j, 1)),
                k.bonus_to(moved, s.puller, bonus, amount))
    stop = z3.And(king, s.king_seat != s.puller)
    after = k.event(after, s.puller)
    left = z3.If(z3.Or(after.over, stop), 0, s.pull_left - 1)
    ok = z3.And(z3.Not(s.over), s.pull_left > 0, s.puller == owner)
    return ok, replace(after, pull_left=left)


@modifier(ModifierKind.SMASH_FOR_BONUS)
def _smash_for_bonus(ctx: Ctx, s: SymDuel, owner: int, m: Modifier) -> Step:
    return _bonus_changed(ctx, s, owner, swap=True)


@modifier(ModifierKind.EMPTY_SPACE_SMASH)
def _empty_space_smash(ctx: Ctx, s: SymDuel, owner: int, m: Modifier) -> Step:
    return _bonus_changed(ctx, s, owner, swap=False)


@verb(Verb.FEWER_DICE_NEXT_TURN)
def _fewer_next_turn(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """A mark for the rival's next roll (D-DUEL-FEWER-DICE): the state holds no marks; the
    roll it cuts is duel_kernel.roll with ``dice-removed``."""
    return s


@trigger(Trigger.PULL_DESTRUCTION_SPACE, Trigger.DICE_PULL_DESTRUCTION, Trigger.PULL_OFF_TILE)
def _own_pull(s: SymDuel, owner: int) -> Bool:
    """The owner pulls a marker: only on its own turn (its dice, its cards, its power), so
    its turn is the guard, a superset of the moments the trigger names
    (D-DUEL-PULL-TRIGGERS)."""
    return s.active == owner


@trigger(Trigger.OTHER_DICE_ENERGY)
def _other_dice_energy(s: SymDuel, owner: int) -> Bool:
    return s.active == rival(owner)


@trigger(Trigger.LOSE_HEARTS)
def _lose_hearts(s: SymDuel, owner: int) -> Bool:
    """After damage the owner survived (any moment: the damage is not in the state)."""
    return s.m(owner).hearts > 0


@trigger(Trigger.WOULD_BE_ELIMINATED)
def _would_lose(s: SymDuel, owner: int) -> Bool:
    """D-DUEL-LAST-HEART: the card acts as the last heart would go, before victory is
    checked; here, at any moment the game goes on (an over-approximation)."""
    return z3.BoolVal(True)


@condition(Condition.FAME_ON_TILE)
def _fame_on_tile(s: SymDuel, owner: int) -> Bool:
    t = s.tracks[0]
    covered: Bool = k.lookup(t, "covered", t.marker)
    return covered


@modifier(ModifierKind.IMMUNE, ModifierKind.FIRST_DAMAGE, ModifierKind.DODGE)
def _less_damage(ctx: Ctx, s: SymDuel, owner: int, m: Modifier) -> Step:
    """Damage prevented: the owner loses fewer hearts, or none (the kernel's damage step)."""
    return k.damage_one(ctx, s)


@modifier(ModifierKind.EXTRA_HEALING_ONCE)
def _heal_once_more(ctx: Ctx, s: SymDuel, owner: int, m: Modifier) -> Step:
    """D-DUEL-HEAL-ONCE, D-DUEL-HEART-CAP: a bigger heal, still capped (the heal step)."""
    return k.heal_step(ctx, s)


@trigger(Trigger.HEART_BEYOND)
def _heart_beyond(s: SymDuel, owner: int) -> Bool:
    """D-DUEL-HEARTS-BEYOND: after the rival lost a heart and goes on (the hearts lost in the
    turn are not in the state; the price paid is left out: energy is never capped)."""
    return s.m(rival(owner)).hearts > 0
# -- the words of a monster's power, and a monster's transitions ----------


@verb(Verb.ADD_FACES)
def _add_faces(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """duel.face.power, the Duel decision on added faces: faces join the roll. The model
    holds no faces (like more rolls, :func:`_extra_rolls`): what they do is the kernel's
    steps of resolving them (damage, healing, energy, a pull), proved on their own; the
    state is unchanged."""
    return s


@verb(Verb.PLACE_KING_TILE)
def _king_tile(ctx: Ctx, s: SymDuel, owner: int, seat: int, n: Int) -> SymDuel:
    """duel.king.tiles, D-DUEL-KING: the owner (the seat whose board has King tiles) lays
    one of its King tiles on a free space of either track (the kernel's tile step with a
    King tile). A move lifts a tile first; lifting only uncovers spaces, so the laying is what the
    invariants need. Where it cannot be laid, nothing changes."""
    ok, t = k.place_tile(ctx, s)
    king = ctx.last("king-tile")
    return ite(z3.And(ok, king, s.king_seat == seat), t, s)


@modifier(ModifierKind.MULTIPLY_SMASH)
def _multiply_smash(ctx: Ctx, s: SymDuel, owner: int, m: Modifier) -> Step:
    """duel.face.smash, D-DUEL-MEKA-ONE-POWER: the owner's smash faces, resolved
    in its turn, hit the rival for their number times its power faces (at most 8 dice:
    at most 4 x 4 = 16 damage); victory is checked at once (the kernel's damage step)."""
    ok, t = k.damage_one(ctx, s)
    target, dealt = ctx.last("target"), ctx.last("damage")
    return z3.And(ok, s.active == owner, target == rival(owner), dealt <= 16), t


# The monsters' powers say Duel's own verbs too (a pull, dice tokens): their meanings are
# the cards' ones above (a second registration would raise at import).

def monster_transitions(monster: MonsterDef) -> list[tuple[CardTransition, Position]]:
    """Every transition a monster's board brings, with the position of its line: each power
    line, used in the owner's turn, and each modifier (duel.face.power, duel.power.uses)."""
    from kot_rules.language.monsters import render_clause, render_power

    out: list[tuple[CardTransition, Position]] = []
    for p in monster.powers:
        for e in p.choices:  # `... or ...`: each clause the owner may choose is a step
            name = text(lambda p=p: render_power(p), e.verb.value)  # type: ignore[misc]
            if p.alternatives:
                name += f" ({render_clause(e)})"
            t = effect_transition(e, lambda s, owner: s.active == owner, name, "power")
            out.append((t, p.position))
    for m in monster.modifiers:
        out.append((modifier_transition(m), m.position))
    return out
