"""What the Z3 models of the games share: weakenings, transitions, the card language's plumbing.

Each game's model (the modules ``state``, ``kernel``, ``semantics`` and ``invariants`` of its
folder ``kot_rules/games/<game>/``) keeps its own state, steps, invariants and meanings; the
machinery around them is here once, parameterised by what differs between the games. A game's
state is a :class:`~kot_rules.verify.symbolic.Seats` dataclass; ``S`` below stands for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Generic, TypeVar

import z3

from kot_rules.language import ast as lang
from kot_rules.language.vocabulary import NO_AMOUNT_VERBS
from kot_rules.verify.symbolic import Bool, Ctx, Int, Seats

S = TypeVar("S", bound=Seats[Any])
E = TypeVar("E", bound=Enum)
F = TypeVar("F")
V = TypeVar("V")
W = TypeVar("W")

# -- weakenings (test-only) ---------------------------------------------------------------


class Weakenings:
    """A kernel's deliberately wrong steps, for tests that a proof can fail: ``known``
    names each with what it gets wrong; :meth:`weakened` puts some in force for a block."""

    def __init__(self, known: Mapping[str, str]) -> None:
        self.known = known
        self._weak: frozenset[str] = frozenset()

    @contextmanager
    def weakened(self, *names: str) -> Iterator[None]:
        """Test-only: within the block, the named steps are wrong (see ``known``)."""
        unknown = set(names) - set(self.known)
        if unknown:
            raise ValueError(f"unknown weakening(s) {sorted(unknown)}: known "
                             f"{sorted(self.known)}")
        old = self._weak
        self._weak = old | frozenset(names)
        try:
            yield
        finally:
            self._weak = old

    def is_weakened(self, name: str) -> bool:
        return name in self._weak

    def weakenings(self) -> frozenset[str]:
        """The weakenings in force (test-only; empty in a real run)."""
        return self._weak


# -- transitions ----------------------------------------------------------------------------

Step = tuple[Bool, S]
"""A transition's precondition and post-state."""
Build = Callable[[Ctx, S], Step[S]]
"""A step: (ctx, pre-state) -> (precondition, post-state)."""
Guard = Callable[[S, int], Bool]
"""(state, owner) -> what must hold for a trigger to fire or a condition to hold."""
VerbMeaning = Callable[[Ctx, S, int, int, Int], S]
"""(ctx, state, owner, target seat, amount) -> state."""
ModifierMeaning = Callable[[Ctx, S, int, lang.Modifier], Step[S]]
"""(ctx, state, owner, modifier) -> the kernel step the modifier changes."""
TokenRuleMeaning = Callable[[Ctx, S, int, lang.TokenRule], Step[S]]


@dataclass(frozen=True)
class KernelTransition(Generic[S]):
    """One kernel step the proofs cover, with the rules and decisions it rests on."""

    name: str
    build: Build[S]
    rules: tuple[str, ...]
    initial: bool = False
    """The set-up: no pre-state to assume the invariants of."""
    kind: str = "kernel"
    ends_turn: bool = False
    """The end of a turn (an invariant's property may read it)."""


@dataclass(frozen=True)
class CardTransition(Generic[S]):
    """What one card sentence does, as a step the proofs cover, or why it has no
    meaning yet."""

    name: str
    kind: str
    """``effect``, ``ability``, ``modifier``, ``activated``, ``token rule`` or ``follow-up``."""
    build: Build[S] | None
    unsupported: str | None = None
    rules: tuple[str, ...] = ()
    initial: bool = False
    ends_turn: bool = False
    """The end of a turn (an invariant's property may read it)."""


# -- the card language's tables -------------------------------------------------------------


class Unsupported(Exception):
    """A vocabulary member with no symbolic meaning (in the game being proved)."""


def find(table: Mapping[E, V], member: E, why: str) -> V:
    """``table[member]``, else :class:`Unsupported` saying ``why``."""
    found = table.get(member)
    if found is None:
        raise Unsupported(f"{type(member).__name__}.{member.name} ({member.value}): {why}")
    return found


class Registry(Generic[E, F]):
    """A decorator registering one game's meaning of vocabulary members in ``table``;
    a member registered twice (two meanings for one word) raises."""

    def __init__(self, table: dict[E, F], game: str) -> None:
        self.table = table
        self.game = game

    def __call__(self, *members: E) -> Callable[[F], F]:
        def add(meaning: F) -> F:
            for member in members:
                if member in self.table:
                    first = self.table[member]
                    where = (f"{getattr(first, '__module__', '?')}."
                             f"{getattr(first, '__qualname__', '?')}")
                    raise ValueError(f"{member} has a {self.game} meaning already ({where}); "
                                     "keep one")
                self.table[member] = meaning
            return meaning
        return add


class Vocabulary(Generic[S, W]):
    """One game's meaning of the card language's words: a table per vocabulary enum
    (``W``: how the game's ``who`` words give their targets), each with its registering
    decorator (``@verb(Verb.HEAL)`` ...)."""

    def __init__(self, game: str) -> None:
        self.verbs: dict[lang.Verb, VerbMeaning[S]] = {}
        self.who: dict[lang.Who, W] = {}
        self.triggers: dict[lang.Trigger, Guard[S]] = {}
        self.conditions: dict[lang.Condition, Guard[S]] = {}
        self.modifiers: dict[lang.ModifierKind, ModifierMeaning[S]] = {}
        self.token_rules: dict[lang.TokenRuleKind, TokenRuleMeaning[S]] = {}
        self.verb = Registry(self.verbs, game)
        self.targets = Registry(self.who, game)
        self.trigger = Registry(self.triggers, game)
        self.condition = Registry(self.conditions, game)
        self.modifier = Registry(self.modifiers, game)
        self.token_rule = Registry(self.token_rules, game)

    def parts(self) -> tuple[dict[lang.Verb, VerbMeaning[S]], dict[lang.Who, W],
                             dict[lang.Trigger, Guard[S]], dict[lang.Condition, Guard[S]],
                             dict[lang.ModifierKind, ModifierMeaning[S]],
                             dict[lang.TokenRuleKind, TokenRuleMeaning[S]]]:
        """The tables: verbs, who, triggers, conditions, modifiers, token rules."""
        return (self.verbs, self.who, self.triggers, self.conditions, self.modifiers,
                self.token_rules)

    def registries(self) -> tuple[Registry[lang.Verb, VerbMeaning[S]], Registry[lang.Who, W],
                                  Registry[lang.Trigger, Guard[S]],
                                  Registry[lang.Condition, Guard[S]],
                                  Registry[lang.ModifierKind, ModifierMeaning[S]],
                                  Registry[lang.TokenRuleKind, TokenRuleMeaning[S]]]:
        """The decorators, in the order of :meth:`parts`."""
        return (self.verb, self.targets, self.trigger, self.condition, self.modifier,
                self.token_rule)

    def tables(self) -> tuple[tuple[type[Enum], Mapping[Any, object]], ...]:
        """Each vocabulary enum with its table (the vocabulary tests walk these)."""
        return ((lang.Verb, self.verbs), (lang.Who, self.who), (lang.Trigger, self.triggers),
                (lang.Condition, self.conditions), (lang.ModifierKind, self.modifiers),
                (lang.TokenRuleKind, self.token_rules))


# -- a sentence's name in reports: its text in the card language ----------------------------


def text(render: Callable[[], str], fallback: str) -> str:
    """A sentence's text in the card language, or ``fallback`` if it cannot be rendered."""
    try:
        return render()
    except (ValueError, KeyError):
        return fallback


def effect_label(effect: lang.Effect) -> str:
    from kot_rules.language.render import render_effect

    return text(lambda: render_effect(effect),
                f"{effect.verb.value} {effect.amount} ({effect.who.value})")


def ability_label(ability: lang.Ability, effect: lang.Effect) -> str:
    """The text of ``ability`` saying only ``effect`` (one row per effect)."""
    from kot_rules.language.render import render_ability

    one = replace(ability, effects=(effect,))
    return text(lambda: render_ability(one),
                f"{ability.trigger.value}: {effect.verb.value} {effect.amount}")


def modifier_label(m: lang.Modifier) -> str:
    from kot_rules.language.render import render_modifier

    return text(lambda: render_modifier(m), f"{m.kind.value} {m.amount}")


def activated_label(a: lang.Activated) -> str:
    from kot_rules.language.render import render_activated

    return text(lambda: render_activated(a), a.effect.verb.value)


def token_rule_label(rule: lang.TokenRule) -> str:
    from kot_rules.language.render import render_token_rule

    return text(lambda: render_token_rule(rule), f"{rule.kind.value} ({rule.token})")


# -- running a sentence ---------------------------------------------------------------------


def owned(ctx: Ctx, owners: Sequence[int], step: Callable[[int], tuple[Bool, S]],
          ite: Callable[[Bool, Any, Any], Any],
          case: Callable[[Bool], AbstractContextManager[None]] | None = None,
          ) -> tuple[Bool, S]:
    """``step`` for an owner that is any of ``owners`` (a free choice ``owner``, shown in
    counterexamples); ``case`` is in force while the step of each owner is built."""
    owner = ctx.integer("owner")
    built = []
    for seat in owners:
        if case is None:
            built.append(step(seat))
        else:
            with case(owner == seat):
                built.append(step(seat))
    ok, post = built[-1]
    # The guard is made before the post-state: Duel's pins simplify terms, whose argument
    # order follows the order Z3 made them in (the queries stay the same, letter for letter).
    for i in reversed(range(len(owners) - 1)):
        ok = z3.If(owner == owners[i], built[i][0], ok)
    guard = z3.And(owner < len(owners), ok)
    for i in reversed(range(len(owners) - 1)):
        post = ite(owner == owners[i], built[i][1], post)
    return guard, post


def run_sentence(ctx: Ctx, s: S, owner: int, effect: lang.Effect,
                 meaning: Callable[[Ctx, S, int, int, Int], S],
                 targets: Sequence[tuple[int, Bool]], ite: Callable[[Bool, S, S], S],
                 each: Callable[[S], S] | None = None, then: Callable[[S], S] | None = None,
                 ) -> S:
    """effects.run for one effect sentence of a card owned by ``owner``: ``meaning`` for
    each target in turn (where it applies), ``each`` after each one, ``then`` after all."""
    out = s
    for seat, chosen in targets:
        m = out.m(seat)
        amount: Int = (effect.amount * (m.energy / effect.per) if effect.per
                       else z3.IntVal(effect.amount))
        if effect.per_count:  # a count the state does not hold: the roll, rolls unused...
            amount = effect.amount * (ctx.integer(f"count-{effect.per_count}") / effect.per)
        applies = chosen
        if effect.verb not in NO_AMOUNT_VERBS:
            applies = z3.And(applies, amount > 0)
        out = ite(applies, meaning(ctx, out, owner, seat, amount), out)
        if each is not None:
            out = each(out)
    # ``then`` runs here, not in the caller: the terms Z3 makes keep their order of making.
    return out if then is None else then(out)


_TRUE = z3.BoolVal(True)


def _any(s: Any, owner: int) -> Bool:
    return _TRUE


@dataclass(frozen=True)
class Sentences(Generic[S]):
    """How a game whose card owner is a free seat (Duel, New York) turns card sentences
    into transitions: its tables and the few things the games do differently."""

    words: Vocabulary[S, Any]
    lookup: Callable[[Mapping[Any, Any], Any], Any]
    """The game's table lookup (raises :class:`Unsupported`)."""
    run_effect: Callable[[Ctx, S, int, lang.Effect], S]
    owned: Callable[[Ctx, Callable[[int], tuple[Bool, S]]], tuple[Bool, S]]
    live: Guard[S]
    """When a sentence may happen at all (an effect, an activated ability)."""
    after: Callable[[S], S]
    """What follows a sentence (``run_effect`` may see to it itself)."""
    pay: Callable[[S, int, int], S]
    """(state, owner, energy) -> the state once an activated ability is paid for."""
    live_modifiers: bool
    """A modifier's step needs :attr:`live` too (else only its own precondition)."""
    follow_ups: Callable[[list[lang.Effect]], list[CardTransition[S]]] = lambda effects: []
    """The later steps a sentence's words bring, each proved as its own row."""

    def effect_transition(self, effect: lang.Effect, guard: Guard[S] = _any,
                          name: str | None = None, kind: str = "effect") -> CardTransition[S]:
        label = name or effect_label(effect)
        try:
            self.lookup(self.words.verbs, effect.verb)
            self.lookup(self.words.who, effect.who)
        except Unsupported as exc:
            return CardTransition(label, kind, None, unsupported=str(exc))

        def build(ctx: Ctx, s: S) -> tuple[Bool, S]:
            return self.owned(ctx, lambda owner: (
                z3.And(self.live(s, owner), guard(s, owner)),
                self.after(self.run_effect(ctx, s, owner, effect))))

        return CardTransition(label, kind, build)

    def ability_transitions(self, ability: lang.Ability) -> list[CardTransition[S]]:
        out: list[CardTransition[S]] = []
        for effect in ability.effects:
            label = ability_label(ability, effect)
            try:
                fires = self.lookup(self.words.triggers, ability.trigger)
                holds = (_any if ability.condition is None
                         else self.lookup(self.words.conditions, ability.condition))
            except Unsupported as exc:
                out.append(CardTransition(label, "ability", None, unsupported=str(exc)))
                continue
            out.append(self.effect_transition(
                effect, lambda s, o, t=fires, c=holds: z3.And(t(s, o), c(s, o)),  # type: ignore[misc]
                label, "ability"))
        return out

    def modifier_transition(self, m: lang.Modifier) -> CardTransition[S]:
        label = modifier_label(m)
        try:
            meaning = self.lookup(self.words.modifiers, m.kind)
            holds = _any if m.condition is None else self.lookup(self.words.conditions, m.condition)
        except Unsupported as exc:
            return CardTransition(label, "modifier", None, unsupported=str(exc))

        def build(ctx: Ctx, s: S) -> tuple[Bool, S]:
            def one(owner: int) -> tuple[Bool, S]:
                ok, t = meaning(ctx, s, owner, m)
                if self.live_modifiers:
                    return z3.And(ok, self.live(s, owner), holds(s, owner)), t
                return z3.And(ok, holds(s, owner)), t
            return self.owned(ctx, one)

        return CardTransition(label, "modifier", build)

    def activated_transition(self, a: lang.Activated) -> CardTransition[S]:
        """An ability used at will: pay its energy (only with enough), then its act."""
        label = activated_label(a)
        try:
            self.lookup(self.words.verbs, a.effect.verb)
            self.lookup(self.words.who, a.effect.who)
        except Unsupported as exc:
            return CardTransition(label, "activated", None, unsupported=str(exc))

        def build(ctx: Ctx, s: S) -> tuple[Bool, S]:
            def one(owner: int) -> tuple[Bool, S]:
                m = s.m(owner)
                paid = self.pay(s, owner, a.energy)
                return (z3.And(self.live(s, owner), m.energy >= a.energy),
                        self.after(self.run_effect(ctx, paid, owner, a.effect)))
            return self.owned(ctx, one)

        return CardTransition(label, "activated", build)

    def token_rule_transition(self, rule: lang.TokenRule) -> CardTransition[S]:
        label = token_rule_label(rule)
        try:
            meaning = self.lookup(self.words.token_rules, rule.kind)
        except Unsupported as exc:
            return CardTransition(label, "token rule", None, unsupported=str(exc))
        return CardTransition(label, "token rule",
                              lambda ctx, s: self.owned(ctx, lambda o: meaning(ctx, s, o, rule)))

    def card_transitions(self, card: lang.CardDef) -> list[tuple[CardTransition[S], lang.Position]]:
        """Every transition ``card`` brings, with the position of the sentence that says it."""
        out: list[tuple[CardTransition[S], lang.Position]] = []
        kind = "effect" if card.kind is lang.CardKind.DISCARD else "ability"
        for effect in card.effects:
            out.append((self.effect_transition(effect, kind=kind), effect.position))
            out += [(t, effect.position) for t in self.follow_ups([effect])]
        for ability in card.abilities:
            out += [(t, ability.position) for t in self.ability_transitions(ability)]
            out += [(t, ability.position) for t in self.follow_ups(list(ability.effects))]
        for m in card.modifiers:
            out.append((self.modifier_transition(m), m.position))
        for a in card.activated:
            out.append((self.activated_transition(a), a.position))
            out += [(t, a.position) for t in self.follow_ups([a.effect])]
        for rule in card.token_rules:
            out.append((self.token_rule_transition(rule), rule.position))
        return out
