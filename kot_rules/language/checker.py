"""Meaning checks (KOT2xx): from parsed card syntax to checked card definitions.

``check_card`` looks at one card on its own; ``check_set`` looks across all the
cards of a set (names and ids must be unique, aliases should be).
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from kot_rules.rulebook import game_buzz_tiles

from .ast import (
    ENERGY_ON_CARD,
    Ability,
    Activated,
    Alias,
    CardDef,
    CardKind,
    CardSyntax,
    Condition,
    Effect,
    EffectSyntax,
    EmptyRule,
    Modifier,
    ModifierKind,
    Position,
    TokenRule,
    TokenRuleKind,
    TokenSupply,
    Trigger,
    Verb,
    Who,
    name_key,
    slugify,
)
from .diagnostics import Diagnostic, Source, make_diagnostic, quote
from .grammar import DEFAULT_GAME
from .render import (
    CONDITIONS,
    render_ability,
    render_effect,
    render_modifier,
    render_supply,
    render_token_rule,
    render_trigger,
)
from .vocabulary import (
    ACTS,
    CLAUSE_ONLY_VERBS,
    KING_OF_TOKYO_DUEL,
    MODIFIERS,
    NAMING_TRIGGERS,
    NO_AMOUNT_VERBS,
    SHOP_MODIFIERS,
    TOKEN_RULES,
    TRIGGERS,
    VERBS,
    AnyWord,
)
from .vocabulary import CONDITIONS as VOCABULARY_CONDITIONS

LANGUAGES: dict[str, str] = {"pl": "Polish", "cz": "Czech"}
MIN_COST, MAX_COST = 0, 99
MIN_COPIES, MAX_COPIES = 1, 99
MIN_AMOUNT, MAX_AMOUNT = 1, 99
MIN_SET, MAX_SET = 1, 3
STAR_WORDS = ("star", "stars")
# Unit words that agree with their amount: (the word for 1, the word for more).
AGREEING_UNITS: tuple[tuple[str, str], ...] = (("star", "stars"), ("die", "dice"),
                                               ("roll", "rolls"), ("token", "tokens"))
AGREEING_UNITS += (("space", "spaces"),)  # a pull's spaces
# The conditions that look at the dice, and the trigger at which dice are shown.
DICE_CONDITIONS = frozenset({Condition.EVERY_FACE, Condition.ONE_TWO_THREE})
# Whom a plain effect sentence (not only an ability's clause) can name.
_SENTENCE_WHO = frozenset({Who.YOU, Who.EACH_OTHER, Who.EVERY})
# Effects that only make sense at one trigger: the dice they name are shown only then.
TRIGGER_OF_EFFECT = {Verb.REROLL_OTHERS_DIE: (Trigger.OTHER_FINISHED_ROLLING, Trigger.OTHER_ROLLED)}
# An attack bonus only makes sense while the dice are resolved, before the claws.
BONUS_TRIGGERS = frozenset({Trigger.RESOLVE, Trigger.SCORE_SET})


# --- Unchecked syntax of keep-card lines ------------------------------------------------
# (Kept here, beside their only reader, while ast.py's CardSyntax has no fields for them.)


@dataclass(frozen=True, slots=True)
class PerEffectSyntax(EffectSyntax):
    """An ``EffectSyntax`` with the N of ``for every N energy it has``, 0 if it has none.

    The N counts the energy of each affected monster (``Each other monster loses
    1 energy for every 2 energy it has.``).
    """

    per: int = 0
    per_position: Position | None = None
    token: str = ""
    token_position: Position | None = None
    per_count: str = ""  # what `per` counts (ast.Effect.per_count)


@dataclass(frozen=True, slots=True)
class AbilitySyntax:
    """One ability line as written (numbers not range-checked, condition not matched).

    ``param`` is the number of the trigger (the set of ``1s``, the hearts lost),
    0 if it has none; ``per`` is the N of ``for every N energy you have``, 0 if
    the clause has none.
    """

    trigger: Trigger
    param: int
    param_position: Position | None
    once_per_turn: bool
    condition: Condition | None
    condition_position: Position | None
    effect: EffectSyntax
    per: int
    per_position: Position | None
    position: Position
    more_effects: tuple[EffectSyntax, ...] = ()
    """The clauses after the first (only a replacement line has several)."""
    replacement: bool = False
    """Written `When you would be eliminated, instead ...`."""
    price: int = 0
    """The N of `you may pay N energy to ...` before the clause."""
    price_position: Position | None = None


@dataclass(frozen=True, slots=True)
class ModifierSyntax:
    """One modifier line as written (amount not range-checked).

    ``unit`` is ``die`` / ``dice`` / ``roll`` / ``rolls`` where the line has
    one; ``amount_position`` is None for the line without a number
    (``Your attacks hit every other monster.``).
    """

    kind: ModifierKind
    amount: int
    amount_position: Position | None
    unit: str | None
    unit_position: Position | None
    condition: Condition | None
    position: Position
    trigger: Trigger | None = None
    """The trigger a modifier line names (`When you yield Tokyo, you take no damage ...`)."""


@dataclass(frozen=True, slots=True)
class ActivatedSyntax:
    """One activated ability line as written (numbers not range-checked).

    ``amount`` is the number its act says (the rolls, the face, the hearts), 0
    for none (`any face`, `take no damage this turn`); ``energy`` is 0 without
    `pay N energy to`.
    """

    verb: Verb
    amount: int
    amount_position: Position
    energy: int
    energy_position: Position | None
    once_per_turn: bool
    then_discard: bool
    position: Position
    token: str = ""  # `remove a smoke token from this card to ...` pays with a token
    token_position: Position | None = None


@dataclass(frozen=True, slots=True)
class SupplySyntax:
    """``The game has N <token> tokens.`` as written (count not range-checked)."""

    token: str
    token_position: Position
    count: int
    count_position: Position
    unit: str
    unit_position: Position
    position: Position


@dataclass(frozen=True, slots=True)
class TokenRuleSyntax:
    """One token rule line as written; ``amount_position`` is None where it says no number."""

    kind: TokenRuleKind
    token: str
    token_position: Position
    amount: int
    amount_position: Position | None
    unit: str | None
    unit_position: Position | None
    position: Position


@dataclass(frozen=True, slots=True)
class EmptyRuleSyntax:
    """``When this card has no ..., discard it.``; ``token_position`` is None for energy."""

    resource: str
    token_position: Position | None
    position: Position


@dataclass(frozen=True, slots=True)
class FullCardSyntax(CardSyntax):
    """A ``CardSyntax`` with the card's modifier, ability and activated lines, in file order."""

    modifiers: tuple[ModifierSyntax, ...] = ()
    abilities: tuple[AbilitySyntax, ...] = ()
    activated: tuple[ActivatedSyntax, ...] = ()
    supplies: tuple[SupplySyntax, ...] = ()
    token_rules: tuple[TokenRuleSyntax, ...] = ()
    empty_rules: tuple[EmptyRuleSyntax, ...] = ()
    buzz: tuple[BuzzSyntax, ...] = ()  # the card's Buzz icon lines


def physical_ids(slug: str, copies: int) -> tuple[str, ...]:
    """The ids of a card's physical copies: the slug, or slug-1 .. slug-n."""
    if copies == 1:
        return (slug,)
    return tuple(f"{slug}-{n}" for n in range(1, copies + 1))


class _Report(Protocol):
    def __call__(self, code: str, at: Position, message: str, hint: str | None = None) -> None:
        ...


def check_card(card: CardSyntax, source: Source, game: str = DEFAULT_GAME
               ) -> tuple[CardDef | None, list[Diagnostic]]:
    """The checked definition of one card (None if it has errors), and the problems.

    ``game``: the game the card is for; vocabulary that game does not allow is an error.
    """
    found: list[Diagnostic] = []

    def report(code: str, at: Position, message: str, hint: str | None = None) -> None:
        found.append(source.diagnostic(code, at.line, at.column, message, hint))

    slug = slugify(card.name)
    if not card.name.strip():
        report("KOT206", card.name_position, "the card name is empty",
               'write the English name, e.g. `card "NAME"`')
    elif not (card.name.isascii() and card.name.isprintable()):
        report("KOT208", card.name_position,
               f"the card name must be plain ASCII English, got {quote(card.name)}",
               'put translated names in alias lines, e.g. `alias pl "..."`')
    elif not slug:
        report("KOT207", card.name_position,
               f"the card name {quote(card.name)} has no letter or digit, so it has no card id",
               "card ids are made from the letters and digits of the name")

    if not card.costs:
        report("KOT209", card.name_position,
               f"card {quote(card.name)} has no cost line",
               "add an indented line such as `cost 4, keep` under the card line")
    for extra in card.costs[1:]:
        first = card.costs[0].position
        report("KOT210", extra.position,
               f"card {quote(card.name)} has a second cost line "
               f"(the first is at line {first.line})",
               "keep one `cost N, keep|discard` line")
    cost_line = card.costs[0] if card.costs else None
    copies = 1
    if cost_line is not None:
        if not MIN_COST <= cost_line.cost <= MAX_COST:
            report("KOT202", cost_line.cost_position,
                   f"cost must be from {MIN_COST} to {MAX_COST}, got {cost_line.cost}",
                   "write the cost in energy, e.g. `cost 4, keep`")
        if cost_line.copies is not None:
            copies = cost_line.copies
            if not MIN_COPIES <= copies <= MAX_COPIES and cost_line.copies_position is not None:
                report("KOT203", cost_line.copies_position,
                       f"copies must be from {MIN_COPIES} to {MAX_COPIES}, got {copies}",
                       "leave out `copies` for a card that is in the deck once")

    aliases: list[Alias] = []
    seen: dict[tuple[str, str], Position] = {}
    for alias in card.aliases:
        if alias.language not in LANGUAGES:
            known = " or ".join(LANGUAGES)
            report("KOT204", alias.language_position,
                   f"unknown alias language {quote(alias.language)}; use {known}",
                   f'e.g. `alias pl "..."`; the languages are {_language_list()}')
            continue
        if not alias.name.strip():
            report("KOT206", alias.name_position, "the alias name is empty",
                   "write the name as printed on the translated card, or drop the line")
            continue
        key = (alias.language, name_key(alias.name))
        if key in seen:
            report("KOT205", alias.name_position,
                   f"alias {alias.language} {quote(alias.name)} is already given at line "
                   f"{seen[key].line}",
                   "remove the repeated alias line")
            continue
        seen[key] = alias.position
        aliases.append(Alias(alias.language, alias.name, alias.position))

    effects = [effect for effect in (_check_effect(e, report) for e in card.effects)
               if effect is not None]
    modifier_lines = card.modifiers if isinstance(card, FullCardSyntax) else ()
    ability_lines = card.abilities if isinstance(card, FullCardSyntax) else ()
    modifiers = [m for m in (_check_modifier(m, report) for m in modifier_lines)
                 if m is not None]
    abilities = [a for a in (_check_ability(a, report) for a in ability_lines)
                 if a is not None]
    activated_lines = card.activated if isinstance(card, FullCardSyntax) else ()
    activated = [a for a in (_check_activated(a, report) for a in activated_lines)
                 if a is not None]
    supply_lines = card.supplies if isinstance(card, FullCardSyntax) else ()
    token_rule_lines = card.token_rules if isinstance(card, FullCardSyntax) else ()
    empty_lines = card.empty_rules if isinstance(card, FullCardSyntax) else ()
    supplies = [x for x in (_check_supply(x, report) for x in supply_lines) if x is not None]
    token_rules = [x for x in (_check_token_rule(x, report) for x in token_rule_lines)
                   if x is not None]
    empty_rules = [EmptyRule(x.resource, x.position) for x in empty_lines]
    mentions = _token_mentions(card)
    if cost_line is not None and cost_line.kind is CardKind.KEEP:
        lines: set[int] = set()
        for effect_syntax in card.effects:
            if effect_syntax.position.line not in lines:  # once per effect line
                lines.add(effect_syntax.position.line)
                report("KOT215", effect_syntax.position,
                       "a keep card's effect needs a trigger: a keep card acts through "
                       "ability and modifier lines",
                       _keep_effect_hint(effect_syntax))
    elif cost_line is not None:
        keep_lines: list[AbilitySyntax | ModifierSyntax | ActivatedSyntax
                         | TokenRuleSyntax | EmptyRuleSyntax] = [
            *_lasting(modifier_lines), *ability_lines, *activated_lines, *token_rule_lines,
            *empty_lines]
        for line in keep_lines:
            what = "a modifier" if isinstance(line, ModifierSyntax) else "an ability"
            report("KOT217", line.position,
                   f"discard card {quote(card.name)} cannot have {what}: a discard card has "
                   "no lasting ability",
                   _discard_line_hint(line))
        if not card.effects and not modifier_lines and not ability_lines and not activated_lines:
            report("KOT216", card.name_position,
                   f"discard card {quote(card.name)} has no effect",
                   "add an effect line under the cost line, e.g. `Gain 2 stars.`")

    _check_games(card, game, report)
    buzz = _check_buzz(card.buzz if isinstance(card, FullCardSyntax) else (), game, report)
    _check_roll_counts(card, game, report)
    if any(d.is_error for d in found) or cost_line is None:
        return None, found
    definition = CardDef(
        name=card.name,
        slug=slug,
        cost=cost_line.cost,
        kind=cost_line.kind,
        copies=copies,
        aliases=tuple(aliases),
        position=card.position,
        effects=tuple(effects),
        abilities=tuple(abilities),
        modifiers=tuple(modifiers),
        activated=tuple(activated),
        supplies=tuple(supplies),
        token_rules=tuple(token_rules),
        empty_rules=tuple(empty_rules),
        token_mentions=mentions,
        buzz=buzz,
    )
    return definition, found


def _said_words(card: CardSyntax) -> Iterator[tuple[str, AnyWord, Position]]:
    """Every word of the vocabulary ``card`` says: its kind, its row, and where."""
    for effect in card.effects:
        yield "verb", VERBS[effect.verb], effect.position
    if not isinstance(card, FullCardSyntax):
        return
    for modifier in card.modifiers:
        yield "modifier", MODIFIERS[modifier.kind], modifier.position
        if modifier.trigger is not None:
            yield "trigger", TRIGGERS[modifier.trigger], modifier.position
        if modifier.condition is not None:
            yield "condition", VOCABULARY_CONDITIONS[modifier.condition], modifier.position
    for ability in card.abilities:
        yield "trigger", TRIGGERS[ability.trigger], ability.position
        if ability.condition is not None:
            yield ("condition", VOCABULARY_CONDITIONS[ability.condition],
                   ability.condition_position or ability.position)
        for effect in (ability.effect, *ability.more_effects):
            yield "verb", VERBS[effect.verb], effect.position
    for activated in card.activated:
        yield "activated act", ACTS[activated.verb], activated.amount_position
    for rule in card.token_rules:
        yield "token rule", TOKEN_RULES[rule.kind], rule.position


def _check_roll_counts(card: CardSyntax, game: str, report: _Report) -> None:
    """KOT223 for an amount counted on Duel's roll (``for each smash face in your roll``,
    ``for each roll you left unused``) in another game's card."""
    if game == KING_OF_TOKYO_DUEL:
        return
    said = list(card.effects)
    if isinstance(card, FullCardSyntax):
        said += [e for a in card.abilities for e in (a.effect, *a.more_effects)]
    for e in said:
        if isinstance(e, PerEffectSyntax) and e.per_count:
            report("KOT223", e.per_position or e.position,
                   f"a {game} card cannot count its roll this way ({e.per_count})",
                   f"only {KING_OF_TOKYO_DUEL} cards may say it: check the card's game, or "
                   "say it otherwise")


def _check_games(card: CardSyntax, game: str, report: _Report) -> None:
    """KOT223 for each word the card says that its game's cards may not say."""
    for kind, word, at in _said_words(card):
        if game in word.games:
            continue
        games = sorted(word.games)
        if not games:
            hint = "no game's cards may say it yet"
        elif len(games) == 1:
            hint = f"only {games[0]} cards may say it: check the card's game, or say it otherwise"
        else:
            hint = (f"only the cards of {', '.join(games[:-1])} and {games[-1]} may say it: "
                    "check the card's game, or say it otherwise")
        report("KOT223", at, f"a {game} card cannot say the {kind} {quote(word.member.value)} "
               f"({word.meaning})", hint)


def _keep_effect_hint(syntax: EffectSyntax) -> str:
    example = Ability(Trigger.BOUGHT, (_effect_of(syntax),), syntax.position)
    try:
        text = render_ability(example)
    except ValueError:  # pragma: no cover - every effect sentence has a clause
        text = "When you buy this card, gain 1 star."
    return f"write it as an ability with a trigger, e.g. `{text}`"


def _discard_line_hint(line: AbilitySyntax | ModifierSyntax | ActivatedSyntax
                       | TokenRuleSyntax | EmptyRuleSyntax) -> str:
    if (isinstance(line, AbilitySyntax) and not line.per and line.effect.who in _SENTENCE_WHO
            and not line.more_effects and line.effect.verb not in CLAUSE_ONLY_VERBS):
        plain = render_effect(_effect_of(line.effect))
        return f"write its effect as a plain sentence, e.g. `{plain}`, or make it a keep card"
    return "write its effect as a plain sentence, or make it a keep card (`cost N, keep`)"


def _effect_of(syntax: EffectSyntax, per: int = 0) -> Effect:
    """The effect ``syntax`` says; ``per`` from its ability's `for every N energy you have`."""
    per = per or (syntax.per if isinstance(syntax, PerEffectSyntax) else 0)
    token = syntax.token if isinstance(syntax, PerEffectSyntax) else ""
    counted = syntax.per_count if isinstance(syntax, PerEffectSyntax) else ""
    return Effect(syntax.verb, syntax.amount, syntax.who, syntax.position, per, token, counted)


def _check_effect(syntax: EffectSyntax, report: _Report,
                  ability: AbilitySyntax | None = None) -> Effect | None:
    """The checked effect of one sentence, or of ``ability``'s clause.

    None if its amount is out of range.
    """
    effect = _effect_of(syntax, ability.per if ability is not None else 0)
    if syntax.who is Who.IT and (ability is None or ability.trigger not in NAMING_TRIGGERS):
        report("KOT232", syntax.position,
               "'it' names the monster you dealt damage to, but this trigger names none",
               f"write `{render_trigger(Trigger.DAMAGE_DEALT)}, ...`, or put the tokens "
               "`on this card`")
        return None
    fewer = (syntax.verb is Verb.EXTRA_TURN or syntax.verb is Verb.MAY_EXTRA_TURN) \
        and syntax.unit is not None  # `with N dice fewer`
    if ((syntax.verb not in NO_AMOUNT_VERBS or fewer)
            and not MIN_AMOUNT <= syntax.amount <= MAX_AMOUNT):
        report("KOT213", syntax.amount_position,
               f"an effect amount must be from {MIN_AMOUNT} to {MAX_AMOUNT}, got {syntax.amount}",
               "leave out an effect that does nothing" if syntax.amount == 0 else None)
        return None
    if (isinstance(syntax, PerEffectSyntax) and syntax.per_position is not None
            and not MIN_AMOUNT <= syntax.per <= MAX_AMOUNT):
        report("KOT213", syntax.per_position,
               f"'for every N energy' must be from {MIN_AMOUNT} to {MAX_AMOUNT}, got "
               f"{syntax.per}", "e.g. `Each other monster loses 1 energy for every 2 energy "
               "it has.`")
        return None
    if syntax.unit is not None and syntax.unit_position is not None:
        if ability is None:
            canonical = render_effect(effect)
        else:  # the whole line, as it should read
            canonical = render_ability(Ability(ability.trigger, (effect,), ability.position,
                                               ability.param, ability.condition,
                                               ability.once_per_turn))
        _check_agreement(syntax.amount, syntax.unit, syntax.unit_position, report, canonical)
    return effect


def _check_agreement(amount: int, unit: str, at: Position, report: _Report,
                     canonical: str) -> None:
    """KOT214 if ``unit`` is the form of star / die / roll that disagrees with ``amount``."""
    for one, more in AGREEING_UNITS:
        if unit in (one, more):
            agrees = one if amount == 1 else more
            if unit != agrees:
                report("KOT214", at, f"'{amount} {unit}' should be '{amount} {agrees}'",
                       f"write `{canonical}`")


def _check_ability(syntax: AbilitySyntax, report: _Report) -> Ability | None:
    """The checked ability of one line (None if a number or the condition is wrong)."""
    ok = True
    if syntax.trigger is Trigger.SCORE_SET and not MIN_SET <= syntax.param <= MAX_SET:
        assert syntax.param_position is not None
        report("KOT219", syntax.param_position,
               f"a set is of 1s, 2s or 3s, got {syntax.param}s",
               "the dice score sets of 1s, 2s and 3s, e.g. `When you score a set of 1s, ...`")
        ok = False
    if (syntax.trigger is Trigger.LOSE_HEARTS or syntax.trigger is Trigger.HEART_BEYOND) \
            and not MIN_AMOUNT <= syntax.param <= MAX_AMOUNT:
        assert syntax.param_position is not None
        report("KOT219", syntax.param_position,
               f"the hearts lost at once must be from {MIN_AMOUNT} to {MAX_AMOUNT}, got "
               f"{syntax.param}",
               "e.g. `When you lose 2 or more hearts at once, gain 1 energy.`")
        ok = False
    if syntax.per_position is not None and not MIN_AMOUNT <= syntax.per <= MAX_AMOUNT:
        report("KOT213", syntax.per_position,
               f"'for every N energy' must be from {MIN_AMOUNT} to {MAX_AMOUNT}, got "
               f"{syntax.per}", "e.g. `gain 1 star for every 6 energy you have`")
        ok = False
    if (syntax.condition in DICE_CONDITIONS and syntax.trigger is not Trigger.RESOLVE
            and syntax.condition is not None and syntax.condition_position is not None):
        clause = CONDITIONS[syntax.condition]
        report("KOT220", syntax.condition_position,
               f"{quote(clause)} does not fit the trigger "
               f"{quote(_trigger_text(syntax.trigger, syntax.param), 60)}: "
               "only resolved dice show their faces",
               f"write `{render_trigger(Trigger.RESOLVE)}, {clause}, ...`")
        ok = False
    fitting = TRIGGER_OF_EFFECT.get(syntax.effect.verb)
    if fitting is not None and syntax.trigger not in fitting:
        needed = fitting[0]
        report("KOT222", syntax.effect.position,
               f"this effect names another monster's dice, which only "
               f"{quote(render_trigger(needed), 60)} shows",
               f"write `{render_trigger(needed)}, ...`")
        ok = False
    effects = [_check_effect(e, report, syntax) for e in (syntax.effect, *syntax.more_effects)]
    for e in (syntax.effect, *syntax.more_effects):
        ok = _check_clause_fits(syntax, e, report) and ok
    if syntax.price_position is not None and not MIN_AMOUNT <= syntax.price <= MAX_AMOUNT:
        report("KOT213", syntax.price_position,
               f"the energy to pay must be from {MIN_AMOUNT} to {MAX_AMOUNT}, got "
               f"{syntax.price}", "leave out `you may pay N energy to` for a clause that is free")
        ok = False
    if not ok or any(e is None for e in effects):
        return None
    return Ability(syntax.trigger, tuple(e for e in effects if e is not None), syntax.position,
                   syntax.param, syntax.condition, syntax.once_per_turn, syntax.price)


def _check_clause_fits(syntax: AbilitySyntax, effect: EffectSyntax, report: _Report) -> bool:
    """KOT220 for a clause that only one moment gives a meaning (an attack bonus, a taker)."""
    trigger = _trigger_text(syntax.trigger, syntax.param)
    if (effect.verb is Verb.ADD_ATTACK_DAMAGE or effect.verb is Verb.ADD_CLAW_DAMAGE) \
            and syntax.trigger not in BONUS_TRIGGERS:
        report("KOT220", effect.position,
               f"an attack bonus does not fit the trigger {quote(trigger, 60)}: it is added "
               "while the dice are resolved, before the claws",
               f"write `{render_trigger(Trigger.RESOLVE)}, add 1 damage to your attack even "
               "without claws.`")
        return False
    if (effect.verb is Verb.SKIP_RESOLVE or effect.verb is Verb.LEAVE_UNRESOLVED) \
            and syntax.trigger is not Trigger.RESOLVE:
        report("KOT220", effect.position,
               f"this choice does not fit the trigger {quote(trigger, 60)}: only a roll about "
               "to be resolved can be skipped or have dice left unresolved",
               f"write `{render_trigger(Trigger.RESOLVE)}, you may skip resolving them.`")
        return False
    if effect.who is Who.TAKER and syntax.trigger is not Trigger.YIELD_TOKYO:
        report("KOT220", effect.position,
               f"'the monster that takes your place' does not fit the trigger "
               f"{quote(trigger, 60)}: only a yield leaves a place to take",
               f"write `{render_trigger(Trigger.YIELD_TOKYO)}, the monster that takes your place "
               "takes 1 damage.`")
        return False
    return True


def _trigger_text(trigger: Trigger, param: int) -> str:
    try:
        return render_trigger(trigger, param)
    except ValueError:  # pragma: no cover - every parsed trigger has a clause
        return trigger.value


def _check_modifier(syntax: ModifierSyntax, report: _Report) -> Modifier | None:
    """The checked modifier of one line (None if its amount is out of range)."""
    modifier = Modifier(syntax.kind, syntax.amount, syntax.position, syntax.condition)
    if syntax.kind is ModifierKind.YIELD_NO_DAMAGE and syntax.trigger is not Trigger.YIELD_TOKYO:
        shown = _trigger_text(syntax.trigger, 0) if syntax.trigger is not None else "?"
        report("KOT220", syntax.position,
               f"'that attack does not hurt you' does not fit the trigger "
               f"{quote(shown, 60)}: only yielding Tokyo ends an attack on you",
               f"write `{render_modifier(modifier)}`")
        return None
    said = abs(syntax.amount)  # `2 lower` is said as 2, kept as -2
    if syntax.amount_position is not None and not MIN_AMOUNT <= said <= MAX_AMOUNT:
        report("KOT218", syntax.amount_position,
               f"a modifier amount must be from {MIN_AMOUNT} to {MAX_AMOUNT}, got "
               f"{said}",
               "leave out a modifier that changes nothing" if said == 0 else None)
        return None
    if syntax.unit is not None and syntax.unit_position is not None:
        _check_agreement(syntax.amount, syntax.unit, syntax.unit_position, report,
                         render_modifier(modifier))
    return modifier


def _check_activated(syntax: ActivatedSyntax, report: _Report) -> Activated | None:
    """The checked activated ability of one line (None if a number is out of range)."""
    ok = True
    if syntax.energy_position is not None and not MIN_AMOUNT <= syntax.energy <= MAX_AMOUNT:
        report("KOT213", syntax.energy_position,
               f"the energy to pay must be from {MIN_AMOUNT} to {MAX_AMOUNT}, got "
               f"{syntax.energy}", "leave out `pay N energy to` for an ability that is free")
        ok = False
    if syntax.verb in (Verb.SET_DIE, Verb.REROLL_FACE):
        if not (syntax.amount == 0 and syntax.verb is Verb.SET_DIE) and not (
                MIN_SET <= syntax.amount <= MAX_SET):
            report("KOT221", syntax.amount_position,
                   f"a die's number is 1, 2 or 3, got {syntax.amount}",
                   "name a number face (1, 2 or 3), or write `any face`")
            ok = False
    elif syntax.verb is Verb.HEAL and not MIN_AMOUNT <= syntax.amount <= MAX_AMOUNT:
        report("KOT213", syntax.amount_position,
               f"an effect amount must be from {MIN_AMOUNT} to {MAX_AMOUNT}, got {syntax.amount}",
               None)
        ok = False
    if not ok:
        return None
    effect = Effect(syntax.verb, syntax.amount, Who.YOU, syntax.amount_position)
    return Activated(effect, syntax.position, syntax.energy, syntax.once_per_turn,
                     syntax.then_discard, syntax.token)


def _check_supply(syntax: SupplySyntax, report: _Report) -> TokenSupply | None:
    """The checked supply line (None if its count is out of range)."""
    supply = TokenSupply(syntax.token, syntax.count, syntax.position)
    if not MIN_AMOUNT <= syntax.count <= MAX_AMOUNT:
        report("KOT231", syntax.count_position,
               f"the game holds from {MIN_AMOUNT} to {MAX_AMOUNT} {syntax.token} tokens, got "
               f"{syntax.count}", "e.g. `The game has 12 poison tokens.`")
        return None
    _check_agreement(syntax.count, syntax.unit, syntax.unit_position, report,
                     render_supply(supply))
    return supply


def _check_token_rule(syntax: TokenRuleSyntax, report: _Report) -> TokenRule | None:
    """The checked token rule (None if its amount is out of range)."""
    rule = TokenRule(syntax.kind, syntax.token, syntax.amount, syntax.position)
    if syntax.amount_position is not None and not MIN_AMOUNT <= syntax.amount <= MAX_AMOUNT:
        report("KOT213", syntax.amount_position,
               f"an effect amount must be from {MIN_AMOUNT} to {MAX_AMOUNT}, got {syntax.amount}",
               "leave out a token rule that does nothing" if syntax.amount == 0 else None)
        return None
    if syntax.unit is not None and syntax.unit_position is not None:
        _check_agreement(syntax.amount, syntax.unit, syntax.unit_position, report,
                         render_token_rule(rule))
    return rule


def _token_mentions(card: CardSyntax) -> tuple[tuple[str, Position], ...]:
    """Every token kind ``card`` names outside its supply lines, where it names it."""
    if not isinstance(card, FullCardSyntax):
        return ()
    found: list[tuple[str, Position]] = []
    for ability in card.abilities:
        effect = ability.effect
        if isinstance(effect, PerEffectSyntax) and effect.token and effect.token_position:
            found.append((effect.token, effect.token_position))
    found += [(a.token, a.token_position) for a in card.activated
              if a.token and a.token_position is not None]
    found += [(r.token, r.token_position) for r in card.token_rules]
    found += [(e.resource, e.token_position) for e in card.empty_rules
              if e.token_position is not None and e.resource != ENERGY_ON_CARD]
    return tuple(found)


def check_tokens(cards: Sequence[CardDef], sources: Mapping[str, Source]) -> list[Diagnostic]:
    """Problems with the tokens of a whole card set (the cards of every file at once).

    Each token kind a card names must be declared by a supply line of some card
    of the set (KOT230); two supply lines of one kind must agree, and a card
    cannot put more tokens on itself than the game has (KOT231).
    """
    found: list[Diagnostic] = []

    def report(code: str, at: Position, message: str, hint: str | None) -> None:
        source = sources.get(at.file)
        line = source.line(at.line) if source is not None else ""
        found.append(make_diagnostic(at.file, code, at.line, at.column, message, hint, line))

    supply: dict[str, TokenSupply] = {}
    for card in cards:
        for declared in card.supplies:
            first = supply.setdefault(declared.token, declared)
            if first.count != declared.count:
                report("KOT231", declared.position,
                       f"the game has {first.count} {declared.token} tokens at {first.position}, "
                       f"not {declared.count}", "give every supply line of a token one count")
    for card in cards:
        for token, at in card.token_mentions:
            if token not in supply:
                close = difflib.get_close_matches(token, sorted(supply), n=1, cutoff=0.6)
                known = ", ".join(sorted(supply)) or "none"
                report("KOT230", at, f"no card of the set says how many {token} tokens the "
                       "game has" + (f"; did you mean {quote(close[0])}?" if close else ""),
                       f"add a line such as `The game has 12 {token} tokens.` to the card "
                       f"that brings them (the set declares: {known})")
        for ability in card.abilities:
            for effect in ability.effects:
                have = supply.get(effect.token)
                if (effect.verb is Verb.PUT_TOKENS and effect.who is Who.THIS_CARD
                        and have is not None and effect.amount > have.count):
                    report("KOT231", effect.position,
                           f"the game has only {have.count} {effect.token} tokens, but this "
                           f"puts {effect.amount} on the card", f"put at most {have.count}")
    return found


def _language_list() -> str:
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def check_set(cards: Sequence[CardDef], sources: Mapping[str, Source]) -> list[Diagnostic]:
    """Problems across cards: repeated names or ids (KOT201), shared aliases (KOT211).

    Cards are taken in the given order (files sorted, then file order), so the
    error is always reported at the later definition.
    """
    found: list[Diagnostic] = []

    def report(code: str, at: Position, message: str, hint: str | None) -> None:
        source = sources.get(at.file)
        line = source.line(at.line) if source is not None else ""
        found.append(make_diagnostic(at.file, code, at.line, at.column, message, hint, line))

    owner_of_id: dict[str, CardDef] = {}
    owner_of_name: dict[str, CardDef] = {}
    for card in cards:
        ids = {card.slug, *physical_ids(card.slug, card.copies)}
        clash = next((owner_of_id[i] for i in sorted(ids) if i in owner_of_id), None)
        if clash is not None:
            if name_key(clash.name) == name_key(card.name):
                message = f"card {quote(card.name)} is already defined at {clash.position}"
                hint = "each card title is defined once; use `copies N` for duplicates"
            else:
                shared = sorted(ids & {clash.slug, *physical_ids(clash.slug, clash.copies)})
                message = (f"card {quote(card.name)} has the card id {quote(shared[0])}, "
                           f"already used by {quote(clash.name)} at {clash.position}")
                hint = "rename one of the cards"
            report("KOT201", card.position, message, hint)
            continue
        for i in ids:
            owner_of_id[i] = card

        names = [(name_key(card.name), card.name, card.position, False)]
        names += [(name_key(a.name), a.name, a.position, True) for a in card.aliases]
        for key, shown, position, is_alias in names:
            other = owner_of_name.get(key)
            if other is not None and other.slug != card.slug:
                what = "alias" if is_alias else "card name"
                report("KOT211", position,
                       f"{what} {quote(shown)} also names card {quote(other.name)} "
                       f"({other.position})",
                       "a name that fits several cards makes look-ups return all of them")
            else:
                owner_of_name.setdefault(key, card)
    return found


# --- a card's Buzz icon (King of Tokyo: Duel) --------------------------------


@dataclass(frozen=True, slots=True)
class BuzzSyntax:
    """``buzz "TILE"`` as written (the tile not checked)."""

    tile: str
    tile_position: Position
    position: Position


@functools.cache
def buzz_tiles(game: str) -> tuple[str, ...]:
    """The Buzz tiles a card of ``game`` may name: the box's tiles that are no monster's own
    (The King's tiles are his power's, duel.king.tiles); none for a game without tiles."""
    return tuple(t.id for t in game_buzz_tiles(game) if not t.king)


def _check_buzz(lines: Sequence[BuzzSyntax], game: str, report: _Report) -> str:
    """The tile the card's Buzz icon names ("" for none); KOT233 for a second icon line, a
    game without Buzz tiles, or a tile its cards may not name."""
    tiles = buzz_tiles(game)
    for extra in lines[1:]:
        report("KOT233", extra.position,
               f"a card shows one Buzz icon; the first is at line {lines[0].position.line}",
               "keep one `buzz \"TILE\"` line")
    if not lines:
        return ""
    line = lines[0]
    if not tiles:
        report("KOT233", line.position, f"a {game} card has no Buzz icon: the game has no "
               "Buzz tiles", "remove the line")
        return ""
    if line.tile not in tiles:
        report("KOT233", line.tile_position,
               f"unknown Buzz tile {quote(line.tile)}; a {game} card may name "
               + ", ".join(tiles),
               f"write the tile's id from spec/games/{game}.yaml, e.g. `buzz \"{tiles[0]}\"`")
        return ""
    return line.tile


# --- King of New York ------------------------------------------------------


def _lasting(lines: Sequence[ModifierSyntax]) -> list[ModifierSyntax]:
    """The modifier lines a discard card may not say: all but those about buying it or its
    place in the shop (King of New York's: a price that depends on the borough, a purchase
    that needs a unit destroyed, a toll while the card lies in the shop)."""
    return [line for line in lines if line.kind not in SHOP_MODIFIERS]
