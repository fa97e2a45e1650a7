"""Meaning checks (KOT2xx): from parsed card syntax to checked card definitions.

``check_card`` looks at one card on its own; ``check_set`` looks across all the
cards of a set (names and ids must be unique, aliases should be).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from .ast import (
    Alias,
    CardDef,
    CardKind,
    CardSyntax,
    Effect,
    EffectSyntax,
    Position,
    name_key,
    slugify,
)
from .diagnostics import Diagnostic, Source, make_diagnostic, quote
from .render import render_effect

LANGUAGES: dict[str, str] = {"pl": "Polish", "cz": "Czech"}
MIN_COST, MAX_COST = 0, 99
MIN_COPIES, MAX_COPIES = 1, 99
MIN_AMOUNT, MAX_AMOUNT = 1, 99
STAR_WORDS = ("star", "stars")
_KEEP_EFFECT_HINT = ("a keep card's effects need a trigger (when it is bought, at the start of "
                     "a turn, ...), which the 'card language' issue adds; until then leave "
                     "keep cards without effect lines")


def physical_ids(slug: str, copies: int) -> tuple[str, ...]:
    """The ids of a card's physical copies: the slug, or slug-1 .. slug-n."""
    if copies == 1:
        return (slug,)
    return tuple(f"{slug}-{n}" for n in range(1, copies + 1))


class _Report(Protocol):
    def __call__(self, code: str, at: Position, message: str, hint: str | None = None) -> None:
        ...


def check_card(card: CardSyntax, source: Source) -> tuple[CardDef | None, list[Diagnostic]]:
    """The checked definition of one card (None if it has errors), and the problems."""
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
    if cost_line is not None and cost_line.kind is CardKind.KEEP:
        lines: set[int] = set()
        for effect_syntax in card.effects:
            if effect_syntax.position.line not in lines:  # once per effect line
                lines.add(effect_syntax.position.line)
                report("KOT215", effect_syntax.position,
                       "keep-card effects need triggers: not yet supported by the card language",
                       _KEEP_EFFECT_HINT)
    elif cost_line is not None and not card.effects:
        report("KOT216", card.name_position,
               f"discard card {quote(card.name)} has no effect",
               "add an effect line under the cost line, e.g. `Gain 2 stars.`")

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
    )
    return definition, found


def _check_effect(syntax: EffectSyntax, report: _Report) -> Effect | None:
    """The checked effect of one sentence (None if its amount is out of range)."""
    effect = Effect(syntax.verb, syntax.amount, syntax.who, syntax.position)
    if not MIN_AMOUNT <= syntax.amount <= MAX_AMOUNT:
        report("KOT213", syntax.amount_position,
               f"an effect amount must be from {MIN_AMOUNT} to {MAX_AMOUNT}, got {syntax.amount}",
               "leave out an effect that does nothing" if syntax.amount == 0 else None)
        return None
    if syntax.unit in STAR_WORDS and syntax.unit_position is not None:
        agrees = "star" if syntax.amount == 1 else "stars"
        if syntax.unit != agrees:
            report("KOT214", syntax.unit_position,
                   f"'{syntax.amount} {syntax.unit}' should be '{syntax.amount} {agrees}'",
                   f"write `{render_effect(effect)}`")
    return effect


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
