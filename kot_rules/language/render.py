"""Rendering checked cards back to canonical card-language text.

The canonical text of a card is its ``card "NAME"`` line, then, indented by two
spaces, the cost line, the alias lines in file order, one effect sentence per
line, one modifier per line and one ability per line (each in file order).
Comments are not part of a definition, so they are not rendered. Parsing the
rendering gives the same definition again, apart from positions
(``parse(render(card)) == card`` after ``strip_positions``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from . import vocabulary
from .ast import (
    ENERGY_ON_CARD,
    PER_UNUSED_ROLL,
    Ability,
    Activated,
    CardDef,
    Condition,
    Effect,
    EmptyRule,
    Modifier,
    ModifierKind,
    TokenRule,
    TokenSupply,
    Trigger,
    Who,
)

INDENT = "  "

# What the STRING terminal of grammar/core.lark refuses inside the quotes.
_UNWRITABLE = re.compile(r"[\x00-\x1f\x7f]")


def quote_name(name: str) -> str:
    """``name`` as a card-language string: double quotes, ``\\"`` and ``\\\\`` escaped."""
    bad = _UNWRITABLE.search(name)
    if bad is not None:
        raise ValueError(f"a card-language name cannot hold the control character "
                         f"{bad.group(0)!r}: {name!r}")
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _lowercase_first(text: str) -> str:
    return text[:1].lower() + text[1:]


CONDITIONS: dict[Condition, str] = {c: w.render(0) or "" for c, w in vocabulary.CONDITIONS.items()}
"""The ``if ...`` clause of each condition, as an ability says it."""


def render_effect(effect: Effect) -> str:
    """The sentence that says ``effect``, e.g. ``Each other monster takes 2 damage.``.

    Two forms are said only inside an ability line, where they start lowercase:
    ``Gain 1 star for every 6 energy you have.`` and ``Each of your neighbours
    takes 1 damage.``. Raises ``ValueError`` for a verb and target that the card
    language does not say (e.g. healing every monster), or an amount on an
    effect that has none (taking Tokyo City, another turn).
    """
    verb, who, amount = effect.verb, effect.who, effect.amount
    word = vocabulary.VERBS[verb]
    if word.form == vocabulary.HELD:
        text = word.render(effect)
        if text is None:
            raise ValueError(f"the card language has no clause for {verb.value} {amount} "
                             f"applied to {who.value}")
        return text
    if effect.per_count:  # the plain sentence, then what it counts
        plain = render_effect(replace(effect, per=0, per_count=""))
        return f"{plain[:-1]} {per_count_text(effect.per, effect.per_count)}."
    if effect.per:
        text = word.render(effect) if word.per else None
        if text is None:
            raise ValueError(f"the card language has no sentence for {verb.value} applied to "
                             f"{who.value} for every {effect.per} energy")
        return text
    text = word.render(effect)
    if text is None:
        raise ValueError(f"the card language has no sentence for {verb.value} applied to "
                         f"{who.value}")
    return text


def _only_in_abilities(effect: Effect) -> bool:
    """Whether only an ability's effect clause can say ``effect`` (no sentence of its own)."""
    return ((effect.per > 0 and effect.who is Who.YOU and not effect.per_count)
            or effect.who is Who.NEIGHBOURS
            or effect.who is Who.TAKER
            or vocabulary.VERBS[effect.verb].form != vocabulary.SENTENCE)


def per_count_text(per: int, counted: str) -> str:
    """An amount counted, in words: ``for each smash face in your roll``, ``for every 3
    power faces in your roll``, ``for each roll you left unused``."""
    if counted == PER_UNUSED_ROLL:
        if per != 1:
            raise ValueError(f"unused rolls are counted one by one, got every {per}")
        return "for each roll you left unused"
    if per == 1:
        return f"for each {counted} face in your roll"
    return f"for every {per} {counted} faces in your roll"


def render_trigger(trigger: Trigger, param: int = 0) -> str:
    """The trigger clause, capitalised and without its comma, e.g. ``When you attack``.

    Raises ``ValueError`` for a number the trigger cannot take.
    """
    word = vocabulary.TRIGGERS.get(trigger)
    text = word.render(param) if word is not None else None
    if word is None or text is None:  # pragma: no cover - a trigger without a clause
        raise ValueError(f"the card language has no trigger clause for {trigger.value}")
    if param and not word.amount:
        raise ValueError(f"the trigger {trigger.value} takes no number, got {param}")
    return text


def render_ability(ability: Ability) -> str:
    """The line that says ``ability``, e.g. ``When you attack, gain 1 star.``.

    Raises ``ValueError`` for an ability no line says (a number its trigger
    cannot take, or not exactly one effect).
    """
    trigger = render_trigger(ability.trigger, ability.param)
    if ability.trigger is Trigger.WOULD_BE_ELIMINATED:
        # A replacement line: one or more clauses, `a, b and c`.
        if not ability.effects or ability.condition is not None or ability.once_per_turn:
            raise ValueError("a replacement line says one or more effects and nothing else")
        clauses = [_lowercase_first(render_effect(e))[:-1] for e in ability.effects]
        listed = (", ".join(clauses[:-1]) + " and " + clauses[-1] if len(clauses) > 1
                  else clauses[0])
        return f"{trigger}, instead {listed}."
    if len(ability.effects) != 1:
        raise ValueError(f"an ability line says exactly one effect, got "
                         f"{len(ability.effects)}")
    parts = [f"Once per turn, {_lowercase_first(trigger)}" if ability.once_per_turn
             else trigger]
    if ability.condition is not None:
        parts.append(CONDITIONS[ability.condition])
    paid = f"you may pay {ability.price} energy to " if ability.price else ""
    parts.append(paid + _lowercase_first(render_effect(ability.effects[0])))
    return ", ".join(parts)


def render_modifier(modifier: Modifier) -> str:
    """The line that says ``modifier``, e.g. ``You roll 1 extra die.``.

    Raises ``ValueError`` for a modifier no line says: a condition other than
    being in Tokyo on attack damage, or an amount on ``attack-everyone``.
    """
    kind, amount, condition = modifier.kind, modifier.amount, modifier.condition
    word = vocabulary.MODIFIERS.get(kind)
    text = word.render(amount) if word is not None else None
    if condition is not None and text is not None:
        fits = kind is ModifierKind.ATTACK_DAMAGE and condition is Condition.IN_TOKYO
        text = f"While you are in Tokyo, {_lowercase_first(text)}" if fits else (
            # A marker on a tile conditions the first damage prevented.
            f"While the Fame marker is on a Buzz tile, {_lowercase_first(text)}"
            if kind is ModifierKind.FIRST_DAMAGE and condition is Condition.FAME_ON_TILE
            else None)
    if text is None:
        shown = f"{kind.value} {amount}" + (f" if {condition.value}" if condition else "")
        raise ValueError(f"the card language has no modifier line for {shown}")
    return text


def render_act(effect: Effect) -> str:
    """What an activated ability does, lowercase, e.g. ``roll once more``."""
    verb, amount = effect.verb, effect.amount
    if effect.who is not Who.YOU or effect.per:
        raise ValueError(f"an activated ability acts for its owner only, got {effect.who.value}")
    word = vocabulary.ACTS.get(verb)
    text = word.render(amount) if word is not None else None
    if text is None:
        raise ValueError(f"the card language has no activated ability for {verb.value} {amount}")
    return text


def render_activated(activated: Activated) -> str:
    """The line that says ``activated``, e.g. ``You may pay 1 energy to roll once more.``."""
    text = "Once per turn, you may " if activated.once_per_turn else "You may "
    if activated.energy:
        text += f"pay {activated.energy} energy to "
    elif activated.token:
        text += f"remove a {activated.token} token from this card to "
    text += render_act(activated.effect)
    if activated.then_discard:
        text += ", then discard this card"
    return text + "."


def render_supply(supply: TokenSupply) -> str:
    """``The game has 12 poison tokens.``"""
    unit = "token" if supply.count == 1 else "tokens"
    return f"The game has {supply.count} {supply.token} {unit}."


def render_token_rule(rule: TokenRule) -> str:
    """The line that says a rule of a token kind."""
    word = vocabulary.TOKEN_RULES.get(rule.kind)
    text = word.render(rule) if word is not None else None
    if text is None:
        raise ValueError(f"the card language has no token rule {rule.kind.value} {rule.amount}")
    return text


def render_empty_rule(rule: EmptyRule) -> str:
    """``When this card has no smoke tokens, discard it.`` (or ``no energy``)."""
    held = "energy" if rule.resource == ENERGY_ON_CARD else f"{rule.resource} tokens"
    return f"When this card has no {held}, discard it."


def render_card(card: CardDef) -> str:
    """The canonical text of one card, ending with a newline.

    Raises ``ValueError`` for a part that no line of the card language says.
    """
    cost = f"cost {card.cost}, {card.kind.value}"
    if card.copies != 1:
        cost += f", copies {card.copies}"
    lines = [f"card {quote_name(card.name)}", INDENT + cost]
    lines += [f"{INDENT}alias {alias.language} {quote_name(alias.name)}"
              for alias in card.aliases]
    if card.buzz:  # the Buzz icon, after the names
        lines.append(f"{INDENT}buzz {quote_name(card.buzz)}")
    for effect in card.effects:
        if _only_in_abilities(effect):
            raise ValueError(f"only an ability can say {render_effect(effect)!r}; an effect "
                             f"sentence cannot")
        lines.append(INDENT + render_effect(effect))
    lines += [INDENT + render_modifier(modifier) for modifier in card.modifiers]
    lines += [INDENT + render_ability(ability) for ability in card.abilities]
    lines += [INDENT + render_activated(activated) for activated in card.activated]
    lines += [INDENT + render_empty_rule(rule) for rule in card.empty_rules]
    lines += [INDENT + render_supply(supply) for supply in card.supplies]
    lines += [INDENT + render_token_rule(rule) for rule in card.token_rules]
    return "\n".join(lines) + "\n"


def render_cards(cards: Iterable[CardDef]) -> str:
    """The canonical text of several cards, in the given order, one blank line apart."""
    return "\n".join(render_card(card) for card in cards)
