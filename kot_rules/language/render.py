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

from .ast import (
    ENERGY_ON_CARD,
    Ability,
    Activated,
    CardDef,
    Condition,
    Effect,
    EmptyRule,
    Modifier,
    ModifierKind,
    TokenRule,
    TokenRuleKind,
    TokenSupply,
    Trigger,
    Verb,
    Who,
)

INDENT = "  "

# What the STRING terminal of grammar/cards.lark refuses inside the quotes.
_UNWRITABLE = re.compile(r"[\x00-\x1f\x7f]")


def quote_name(name: str) -> str:
    """``name`` as a card-language string: double quotes, ``\\"`` and ``\\\\`` escaped."""
    bad = _UNWRITABLE.search(name)
    if bad is not None:
        raise ValueError(f"a card-language name cannot hold the control character "
                         f"{bad.group(0)!r}: {name!r}")
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _stars(amount: int) -> str:
    return f"{amount} star" if amount == 1 else f"{amount} stars"


def _lowercase_first(text: str) -> str:
    return text[:1].lower() + text[1:]


# The trigger clauses without a number, capitalised (an ability line starts with one).
_TRIGGERS: dict[Trigger, str] = {
    Trigger.BOUGHT: "When you buy this card",
    Trigger.START_OF_TURN: "At the start of your turn",
    Trigger.END_OF_TURN: "At the end of your turn",
    Trigger.END_OF_EACH_TURN: "At the end of each turn",
    Trigger.ATTACK: "When you attack",
    Trigger.BUY_CARD: "When you buy another card",
    Trigger.ELIMINATION: "When another monster is eliminated",
    Trigger.RESOLVE: "When you resolve your dice",
    Trigger.OTHER_FINISHED_ROLLING: "When another monster has finished rolling",
    Trigger.OTHER_ROLLED: "When another monster has rolled",
    Trigger.YIELD_TOKYO: "When you yield Tokyo",
    Trigger.WOULD_BE_ELIMINATED: "When you would be eliminated",
    Trigger.DAMAGE_DEALT: "When you deal damage to a monster",
    Trigger.START_OF_EACH_TURN: "At the start of each turn",
}

CLAUSE_ONLY_VERBS = frozenset({Verb.ADD_ATTACK_DAMAGE, Verb.ADD_CLAW_DAMAGE, Verb.DISCARD_ALL_CARDS,
                               Verb.LOSE_ALL_STARS, Verb.LEAVE_TOKYO, Verb.SET_HEARTS})
"""Verbs only an ability's clause says (no effect sentence of their own)."""

# What the verbs without an amount say, for the card's owner.
_NO_AMOUNT_TEXTS = {
    Verb.TAKE_TOKYO_CITY: "Take control of Tokyo City unless you are in Tokyo.",
    Verb.DISCARD_ALL_CARDS: "Discard all your cards.",
    Verb.LOSE_ALL_STARS: "Lose all your stars.",
    Verb.LEAVE_TOKYO: "Leave Tokyo.",
}

CONDITIONS: dict[Condition, str] = {
    Condition.IN_TOKYO: "if you are in Tokyo",
    Condition.NO_ENERGY: "if you have no energy",
    Condition.DEALT_NO_DAMAGE: "if you dealt no damage this turn",
    Condition.FEWEST_STARS: "if you have the fewest stars",
    Condition.EVERY_FACE: "if they show every face",
    Condition.ONE_TWO_THREE: "if they show a 1, a 2 and a 3",
}
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
    if verb in _HELD_VERBS:
        return _render_held(effect)
    if effect.per:
        if verb is Verb.GAIN_STARS and who is Who.YOU:
            return f"Gain {_stars(amount)} for every {effect.per} energy you have."
        if verb is Verb.LOSE_ENERGY and who is Who.EACH_OTHER:
            return (f"Each other monster loses {amount} energy for every {effect.per} "
                    "energy it has.")
        raise ValueError(f"the card language has no sentence for {verb.value} applied to "
                         f"{who.value} for every {effect.per} energy")
    if verb is Verb.COPY_CARD and who is Who.YOU:
        if amount:
            return (f"You may pay {amount} energy to choose another keep card for this card "
                    "to copy.")
        return "Choose a keep card for this card to copy."
    if verb is Verb.SELL_CARDS and who is Who.YOU and amount == 0:
        return "You may discard any of your cards for their cost in energy."
    if verb is Verb.REROLL_OTHERS_DIE and who is Who.YOU and amount in (0, 1):
        tail = ", and if it shows a heart, discard this card" if amount else ""
        return f"You may reroll one of its dice{tail}."
    if verb is Verb.EXTRA_TURN and who is Who.YOU:
        if amount:  # that turn is played with fewer dice
            return f"Take another turn after this one with {amount} {_dice(amount)} fewer."
        return "Take another turn after this one."
    if verb is Verb.MAY_EXTRA_TURN and who is Who.YOU:
        fewer = f" with {amount} {_dice(amount)} fewer" if amount else ""
        return f"You may take another turn after this one{fewer}."
    if verb in _NO_AMOUNT_TEXTS and who is Who.YOU:
        if amount:
            raise ValueError(f"{verb.value} takes no amount, got {amount}")
        return _NO_AMOUNT_TEXTS[verb]
    if verb is Verb.ADD_ATTACK_DAMAGE and who is Who.YOU:
        return f"Add {amount} damage to your attack even without claws."
    if verb is Verb.ADD_CLAW_DAMAGE and who is Who.YOU:
        return f"Add {amount} damage to your attack."
    if verb is Verb.SET_HEARTS and who is Who.YOU:
        return f"Set your hearts to {amount}."
    if verb is Verb.TAKE_DAMAGE and who is Who.TAKER:
        return f"The monster that takes your place takes {amount} damage."
    if who is Who.YOU:
        if verb is Verb.GAIN_STARS:
            return f"Gain {_stars(amount)}."
        if verb is Verb.GAIN_ENERGY:
            return f"Gain {amount} energy."
        if verb is Verb.HEAL:
            return f"Heal {amount}."
        if verb is Verb.TAKE_DAMAGE:
            return f"Take {amount} damage."
    elif who is Who.EACH_OTHER:
        if verb is Verb.TAKE_DAMAGE:
            return f"Each other monster takes {amount} damage."
        if verb is Verb.LOSE_STARS:
            return f"Each other monster loses {_stars(amount)}."
        if verb is Verb.LOSE_ENERGY:
            return f"Each other monster loses {amount} energy."
    elif who is Who.EVERY and verb is Verb.TAKE_DAMAGE:
        return f"Every monster takes {amount} damage."
    elif who is Who.NEIGHBOURS and verb is Verb.TAKE_DAMAGE:
        return f"Each of your neighbours takes {amount} damage."
    raise ValueError(f"the card language has no sentence for {verb.value} applied to "
                     f"{who.value}")


_HELD_VERBS = frozenset({Verb.PUT_TOKENS, Verb.STORE_ENERGY, Verb.TAKE_STORED})


def _tokens(amount: int, token: str) -> str:
    return f"a {token} token" if amount == 1 else f"{amount} {token} tokens"


def _render_held(effect: Effect) -> str:
    """The clauses about tokens and energy held, capitalised like a sentence."""
    verb, who, amount = effect.verb, effect.who, effect.amount
    if verb is Verb.PUT_TOKENS and who in (Who.IT, Who.THIS_CARD) and effect.token:
        place = "it" if who is Who.IT else "this card"
        return f"Put {_tokens(amount, effect.token)} on {place}."
    if verb is Verb.STORE_ENERGY and who is Who.THIS_CARD and amount in (0, 1):
        bank = ", then the bank adds as much" if amount else ""
        return f"Move any amount of your energy onto this card{bank}."
    if verb is Verb.TAKE_STORED and who is Who.YOU:
        return f"Take {amount} energy from this card."
    raise ValueError(f"the card language has no clause for {verb.value} {amount} "
                     f"applied to {who.value}")


def _only_in_abilities(effect: Effect) -> bool:
    """Whether only an ability's effect clause can say ``effect`` (no sentence of its own)."""
    return ((effect.per > 0 and effect.who is Who.YOU) or effect.who is Who.NEIGHBOURS
            or effect.who is Who.TAKER or effect.verb in CLAUSE_ONLY_VERBS
            or effect.verb in (Verb.SELL_CARDS, Verb.REROLL_OTHERS_DIE, Verb.COPY_CARD)
            or effect.verb in _HELD_VERBS)


def render_trigger(trigger: Trigger, param: int = 0) -> str:
    """The trigger clause, capitalised and without its comma, e.g. ``When you attack``.

    Raises ``ValueError`` for a number the trigger cannot take.
    """
    if trigger is Trigger.SCORE_SET:
        return f"When you score a set of {param}s"
    if trigger is Trigger.LOSE_HEARTS:
        return f"When you lose {param} or more hearts at once"
    text = _TRIGGERS.get(trigger)
    if text is None:  # pragma: no cover - a trigger added to ast.py without a clause here
        raise ValueError(f"the card language has no trigger clause for {trigger.value}")
    if param:
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
    parts.append(_lowercase_first(render_effect(ability.effects[0])))
    return ", ".join(parts)


def render_modifier(modifier: Modifier) -> str:
    """The line that says ``modifier``, e.g. ``You roll 1 extra die.``.

    Raises ``ValueError`` for a modifier no line says: a condition other than
    being in Tokyo on attack damage, or an amount on ``attack-everyone``.
    """
    kind, amount, condition = modifier.kind, modifier.amount, modifier.condition
    text: str | None
    if kind is ModifierKind.MAX_HEARTS:
        text = (f"Your maximum hearts is {amount} higher." if amount >= 0
                else f"Your maximum hearts is {-amount} lower.")
    elif kind is ModifierKind.EXTRA_DICE:
        text = f"You roll {amount} extra {'die' if amount == 1 else 'dice'}."
    elif kind is ModifierKind.EXTRA_ROLLS:
        text = f"You have {amount} extra {'roll' if amount == 1 else 'rolls'} each turn."
    elif kind is ModifierKind.CARD_DISCOUNT:
        text = f"Cards cost you {amount} energy less."
    elif kind is ModifierKind.ATTACK_DAMAGE:
        text = f"Your attacks deal {amount} extra damage."
    elif kind is ModifierKind.ATTACK_EVERYONE:
        text = "Your attacks hit every other monster." if amount == 0 else None
    elif kind is ModifierKind.EXTRA_ENERGY:
        text = f"Whenever you gain energy, gain {amount} more energy."
    elif kind is ModifierKind.EXTRA_HEALING:
        text = f"Whenever you heal yourself, heal {amount} more."
    elif kind is ModifierKind.IGNORE_SMALL_DAMAGE:
        text = f"Damage of exactly {amount} does not hurt you."
    elif kind is ModifierKind.DODGE:
        text = ("Whenever you would take damage, roll as many dice and prevent "
                f"{amount} damage for each heart rolled.")
    elif kind is ModifierKind.BUY_REVEALED:
        text = ("Whenever a card is revealed in the shop, you may buy it at once."
                if amount == 0 else None)
    elif kind in _NO_AMOUNT_MODIFIERS:
        text = _NO_AMOUNT_MODIFIERS[kind] if amount == 0 else None
    elif kind is ModifierKind.HEAL_OTHERS:
        text = (f"You may spend heart faces to heal other monsters, who pay you {amount} energy "
                "per heart healed.")
    elif kind is ModifierKind.EXTRA_HEALING_ANY:
        text = f"Whenever you heal a monster, heal it {amount} more."
    else:  # pragma: no cover - a kind added to ast.py without a line here
        text = None
    if condition is not None and text is not None:
        fits = kind is ModifierKind.ATTACK_DAMAGE and condition is Condition.IN_TOKYO
        text = f"While you are in Tokyo, {_lowercase_first(text)}" if fits else None
    if text is None:
        shown = f"{kind.value} {amount}" + (f" if {condition.value}" if condition else "")
        raise ValueError(f"the card language has no modifier line for {shown}")
    return text


def render_act(effect: Effect) -> str:
    """What an activated ability does, lowercase, e.g. ``roll once more``."""
    verb, amount = effect.verb, effect.amount
    if effect.who is not Who.YOU or effect.per:
        raise ValueError(f"an activated ability acts for its owner only, got {effect.who.value}")
    if verb is Verb.EXTRA_ROLL and amount == 1:
        return "roll once more"
    if verb is Verb.SET_DIE:
        return "change one of your dice to " + (f"a {amount}" if amount else "any face")
    if verb is Verb.REROLL_FACE:
        return f"reroll any of your dice showing {amount}"
    if verb is Verb.PROTECT and amount == 0:
        return "take no damage this turn"
    if verb is Verb.HEAL:
        return f"heal {amount}"
    raise ValueError(f"the card language has no activated ability for {verb.value} {amount}")


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


_NO_AMOUNT_MODIFIERS = {
    ModifierKind.YIELD_NO_DAMAGE: "When you yield Tokyo, that attack does not hurt you.",
    ModifierKind.BUY_TOP_CARD: "You may buy the top card of the deck.",
    ModifierKind.BUY_FROM_OTHERS: ("You may buy keep cards from other monsters, "
                                   "paying them the cost."),
}


def _dice(amount: int) -> str:
    return "die" if amount == 1 else "dice"


def render_supply(supply: TokenSupply) -> str:
    """``The game has 12 poison tokens.``"""
    unit = "token" if supply.count == 1 else "tokens"
    return f"The game has {supply.count} {supply.token} {unit}."


def render_token_rule(rule: TokenRule) -> str:
    """The line that says a rule of a token kind."""
    each = f"for each {rule.token} token it has"
    if rule.kind is TokenRuleKind.END_OF_TURN_DAMAGE:
        return f"At the end of its turn, a monster takes {rule.amount} damage {each}."
    if rule.kind is TokenRuleKind.FEWER_DICE:
        unit = "die" if rule.amount == 1 else "dice"
        return f"A monster rolls {rule.amount} {unit} fewer {each}."
    if rule.kind is TokenRuleKind.HEART_REMOVES and rule.amount == 1:
        return f"A monster may spend a heart face to remove one of its {rule.token} tokens."
    raise ValueError(f"the card language has no token rule {rule.kind.value} {rule.amount}")


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
