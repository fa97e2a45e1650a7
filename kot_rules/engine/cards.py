"""What the engine knows about cards: cost, type, name and what their text says.

The card language (:mod:`kot_rules.language`) defines the cards; the engine
reads them through a :class:`CardTable`, a flat lookup built once per game. The
table holds the parsed text (effects, abilities, modifiers) and nothing else:
no card's behaviour is written in Python.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kot_rules.language.ast import (
    Ability,
    Activated,
    Effect,
    EmptyRule,
    Modifier,
    ModifierKind,
    TokenRule,
    TokenRuleKind,
    TokenSupply,
    Trigger,
    Verb,
)


@dataclass(frozen=True)
class CardRow:
    card_id: str
    name: str
    cost: int
    keep: bool
    effects: tuple[Effect, ...] = ()
    abilities: tuple[Ability, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    activated: tuple[Activated, ...] = ()
    supplies: tuple[TokenSupply, ...] = ()
    token_rules: tuple[TokenRule, ...] = ()
    empty_rules: tuple[EmptyRule, ...] = ()
    buzz: str = ""  # the Buzz tile the card's icon names (Duel), "" for none


class CardTable:
    """O(1) card facts by physical id, in a fixed physical order."""

    __slots__ = (
        "_abilities",
        "_activated",
        "_buzz",
        "_costs",
        "_effects",
        "_empty_rules",
        "_ids",
        "_keep",
        "_modifiers",
        "_names",
        "asking",
        "at_will",
        "buys_more",
        "by_trigger",
        "copiers",
        "heart_removes",
        "later_asks",
        "may_ask",
        "own_price",
        "source",
        "token_rules",
        "token_supply",
        "unrunnable",
        "with_activated",
        "with_modifier",
    )

    def __init__(self, rows: Iterable[CardRow], source: Any = None) -> None:
        rows = list(rows)
        self._ids = tuple(r.card_id for r in rows)
        self._costs = {r.card_id: r.cost for r in rows}
        self._keep = {r.card_id: r.keep for r in rows}
        self._names = {r.card_id: r.name for r in rows}
        self._effects = {r.card_id: r.effects for r in rows}
        self._abilities = {r.card_id: r.abilities for r in rows}
        self._modifiers = {r.card_id: r.modifiers for r in rows}
        self._activated = {r.card_id: r.activated for r in rows}
        self.with_activated = frozenset(r.card_id for r in rows if r.activated)
        """The ids of the cards with an activated ability."""
        self.at_will = frozenset(
            r.card_id for r in rows if any(not a.uses_dice for a in r.activated)
        )
        """The ids of the cards with an ability usable whenever the owner decides."""
        self._empty_rules = {r.card_id: r.empty_rules for r in rows}
        self.token_supply: dict[str, int] = {}
        """How many tokens of each kind the game has (the cards' supply lines)."""
        rules: dict[tuple[TokenRuleKind, str], TokenRule] = {}
        for r in rows:
            for supply in r.supplies:
                self.token_supply.setdefault(supply.token, supply.count)
            for rule in r.token_rules:
                rules.setdefault((rule.kind, rule.token), rule)
        self.token_rules = tuple(rules.values())
        """The rules of every token kind of the set: they act whoever's card says them."""
        self.heart_removes = tuple(
            rule.token for rule in self.token_rules if rule.kind is TokenRuleKind.HEART_REMOVES
        )
        """The token kinds a heart face may remove."""
        store = any(
            e.verb is Verb.STORE_ENERGY for r in rows for a in r.abilities for e in a.effects
        )
        heal_others = any(m.kind is ModifierKind.HEAL_OTHERS for r in rows for m in r.modifiers)
        asking_verbs = {Verb.SELL_CARDS, Verb.REROLL_OTHERS_DIE, Verb.STORE_ENERGY,
                        Verb.COPY_CARD, Verb.MAY_EXTRA_TURN,
                        Verb.REST, Verb.REFUND, Verb.SWAP_CARD}
        asking_verbs |= {Verb.SKIP_RESOLVE, Verb.LEAVE_UNRESOLVED}
        asking_kinds = {ModifierKind.DODGE, ModifierKind.BUY_REVEALED, ModifierKind.HEAL_OTHERS}
        self.asking = self.at_will | frozenset(
            r.card_id
            for r in rows
            if any(m.kind in asking_kinds for m in r.modifiers)
            or any(e.verb in asking_verbs for a in r.abilities for e in a.effects)
            or any(a.price for a in r.abilities)  # `you may pay N ...`
        )
        """The ids of the cards that may ask their owner a question in the middle of a step
        (and tokens a heart face may remove ask whoever holds them: ``heart_removes``)."""
        self.copiers = frozenset(
            r.card_id
            for r in rows
            if any(e.verb is Verb.COPY_CARD for a in r.abilities for e in a.effects)
        )
        """The ids of the cards that copy other cards (never copied themselves: no chains)."""
        self._buzz = {r.card_id: r.buzz for r in rows if r.buzz}
        # A Buzz tile is placed where its buyer chooses: buying may ask.
        self.may_ask = (bool(self.asking) or bool(self.heart_removes) or store or heal_others
                        or bool(self._buzz))
        # Duel's cards that ask in the middle of a step. A held card that
        # asks joins ``asking``; a card whose effect asks on a later turn (the rival's discards
        # as its turn starts) makes every step that may start a turn replayable: ``later_asks``.
        rival_verbs = {Verb.DISCARD_CHOSEN_KEEP, Verb.FEWER_DICE_PER_KEEP, Verb.BUY_FOR_LESS}
        rival_kinds = {ModifierKind.SMASH_FOR_BONUS}
        self.asking = self.asking | frozenset(
            r.card_id
            for r in rows
            if any(m.kind in rival_kinds for m in r.modifiers)
            or any(e.verb in rival_verbs for a in r.abilities for e in a.effects)
        )
        self.later_asks = any(
            e.verb is Verb.FEWER_DICE_PER_KEEP
            for r in rows
            for e in (*r.effects, *(e for a in r.abilities for e in a.effects))
        )
        """Whether a card's effect asks a question at the start of a later turn."""
        self.may_ask = self.may_ask or bool(self.asking) or self.later_asks or any(
            e.verb in rival_verbs for r in rows for e in r.effects
        )
        """Whether a card may ask a question in the middle of a step (kot_rules.engine.requests)."""
        self.by_trigger: dict[Trigger, frozenset[str]] = {
            t: frozenset(r.card_id for r in rows if any(a.trigger is t for a in r.abilities))
            for t in Trigger
        }
        """The ids of the cards with an ability on each trigger (a fast 'anyone?' test)."""
        self.with_modifier: dict[ModifierKind, frozenset[str]] = {
            k: frozenset(r.card_id for r in rows if any(m.kind is k for m in r.modifiers))
            for k in ModifierKind
        }
        self.buys_more = bool(
            self.with_modifier[ModifierKind.BUY_TOP_CARD]
            or self.with_modifier[ModifierKind.BUY_FROM_OTHERS]
            or self.with_modifier[ModifierKind.BUY_FROM_DISCARD]
        )
        """Whether a card lets its owner buy more than the face-up cards."""
        self.source = source
        """The card set these rows came from (for name lookups), if any."""
        self.unrunnable: dict[str, str] = unrunnable_words(rows)
        self.own_price = frozenset(r.card_id for r in rows
                                   if any(m.kind in OWN_PRICE_KINDS for m in r.modifiers))
        """The cards with a price or a purchase condition of their own (buying.own_cost)."""
        """The cards that say a word the engine cannot run yet, each with the first such word
        (:data:`NOT_YET`); buying one raises NotExecutableError (shop.receive)."""
        self.asking = self.asking | frozenset(  # King of New York's asking verbs
            r.card_id for r in rows
            if any(e.verb in KONY_ASKING for a in r.abilities for e in a.effects))
        self.may_ask = self.may_ask or any(  # King of New York's asking verbs
            e.verb in KONY_ASKING for r in rows
            for e in (*r.effects, *(e for a in r.abilities for e in a.effects)))

    @classmethod
    def from_card_set(cls, card_set: Any) -> CardTable:
        """Build from a :class:`kot_rules.language.cardset.CardSet`."""
        rows = []
        for cid in card_set.physical_ids():
            d = card_set.definition(cid)
            if is_special(d):  # never in the deck (King of New York)
                continue
            rows.append(
                CardRow(
                    cid,
                    d.name,
                    d.cost,
                    d.kind.value == "keep",
                    tuple(d.effects),
                    tuple(getattr(d, "abilities", ())),
                    tuple(getattr(d, "modifiers", ())),
                    tuple(getattr(d, "activated", ())),
                    tuple(getattr(d, "supplies", ())),
                    tuple(getattr(d, "token_rules", ())),
                    tuple(getattr(d, "empty_rules", ())),
                    buzz=getattr(d, "buzz", ""),
                )
            )
        return cls(rows, source=card_set)

    def physical_ids(self) -> tuple[str, ...]:
        return self._ids

    def cost(self, card_id: str) -> int:
        return self._costs[card_id]

    def is_keep(self, card_id: str) -> bool:
        return self._keep[card_id]

    def name(self, card_id: str) -> str:
        return self._names[card_id]

    def effects(self, card_id: str) -> tuple[Effect, ...]:
        return self._effects[card_id]

    def abilities(self, card_id: str) -> tuple[Ability, ...]:
        return self._abilities[card_id]

    def modifiers(self, card_id: str) -> tuple[Modifier, ...]:
        return self._modifiers[card_id]

    def activated(self, card_id: str) -> tuple[Activated, ...]:
        return self._activated[card_id]

    def empty_rules(self, card_id: str) -> tuple[EmptyRule, ...]:
        return self._empty_rules[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._costs

    def buzz(self, card_id: str) -> str:
        """The Buzz tile ``card_id``'s icon names (King of Tokyo: Duel), "" for none."""
        return self._buzz.get(card_id, "")

    def resolve(self, text: str) -> tuple[str, ...]:
        """Physical ids a user string names: an id, or a card name or alias (any case)."""
        if text in self._costs:
            return (text,)
        if self.source is not None:
            found: tuple[str, ...] = self.source.resolve(text)
            return found
        folded = text.casefold()
        return tuple(i for i in self._ids if self._names[i].casefold() == folded)


CardCatalog = CardTable
"""The name the engine's signatures use for a card table."""


# --- King of New York ------------------------------------------------------

SPECIAL_KINDS = frozenset({ModifierKind.CLAIMED_WITH_STARS, ModifierKind.CLAIMED_WITH_OUCH})
"""A card that says how a monster takes it is a special card: no card of the deck, and the
game's rules hand it over (King of New York's Superstar and Statue of Liberty)."""


def is_special(card: Any) -> bool:
    """Whether the card definition says how a monster takes it (:data:`SPECIAL_KINDS`)."""
    return any(m.kind in SPECIAL_KINDS for m in getattr(card, "modifiers", ()))


OWN_PRICE_KINDS = frozenset({
    ModifierKind.CHEAPER_IN_MANHATTAN, ModifierKind.CHEAPER_IN_QUEENS,
    ModifierKind.CHEAPER_IN_BROOKLYN, ModifierKind.CHEAPER_IN_THE_BRONX,
    ModifierKind.CHEAPER_IN_STATEN_ISLAND, ModifierKind.BUY_AFTER_TANK,
    ModifierKind.BUY_AFTER_JET})
"""A card's own price (a borough discount) or purchase condition (a unit destroyed)."""

KONY_ASKING = frozenset({Verb.EVERY_DISCARDS_KEEP, Verb.TRADE_STARS, Verb.MAY_MOVE,
                         Verb.PUSH_UNITS, Verb.ADD_DESTRUCTION_UNITS_ONLY,
                         Verb.STARS_FOR_DAMAGE})  # Verb.STARS_FOR_DAMAGE
"""King of New York's verbs whose meaning may ask a monster a question mid-step."""

NOT_YET: frozenset[Any] = frozenset({
    # The special cards' moments, which the kernel's rules play (every word
    # of the deck's cards runs; these are said only by cards never in the deck).
    Trigger.TAKE_THIS, Trigger.LOSE_THIS,
})
"""The words of the card language the engine cannot run yet (all King of New York's):
spec/cards/king-of-new-york/README.md lists them."""


_KIND_WORDS = {"Verb": "verb", "Trigger": "trigger", "ModifierKind": "modifier",
               "TokenRuleKind": "token rule"}


def unrunnable_words(rows: Iterable[CardRow]) -> dict[str, str]:
    """Each card of ``rows`` that says a word of :data:`NOT_YET`, with the first one."""
    out: dict[str, str] = {}
    for r in rows:
        said: list[Any] = [e.verb for e in r.effects]
        for a in r.abilities:
            said += [a.trigger, *(e.verb for e in a.effects)]
        said += [m.kind for m in r.modifiers] + [t.kind for t in r.token_rules]
        said += [a.effect.verb for a in r.activated]
        first = next((w for w in said if w in NOT_YET), None)
        if first is not None:
            out[r.card_id] = f"{_KIND_WORDS[type(first).__name__]} {first.value!r}"
    return out
