"""Card sets: the checked cards of one game, looked up by physical card id or by name."""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from kot_rules import cache
from kot_rules.paths import builtin_cards_dir

from .ast import CardDef, CardKind, name_key, slugify, unaccented
from .checker import check_set, check_tokens, physical_ids
from .diagnostics import CardSpecError, Diagnostic, Source, make_diagnostic, sort_key
from .grammar import DEFAULT_GAME, SHARED_DIALECTS
from .monsters import MonsterDef, is_monster_text, parse_monster_text
from .parser import cards_started, parse_cards, read_card_file


class CardSet:
    """An immutable set of card definitions.

    Every physical card has an id: the card's slug, or ``slug-1`` .. ``slug-n``
    for a card printed ``n`` times. The per-id accessors are single dict
    look-ups, because the engine calls them in its inner loop. ``definition``
    also accepts a bare slug of a card printed several times.
    """

    __slots__ = ("_by_id", "_cards", "_cost", "_display", "_ids", "_kind", "_lookup", "_name")

    _cards: tuple[CardDef, ...]
    _ids: tuple[str, ...]
    _by_id: dict[str, CardDef]
    _cost: dict[str, int]
    _kind: dict[str, CardKind]
    _name: dict[str, str]
    _lookup: dict[str, tuple[str, ...]]
    _display: dict[str, str]

    def __init__(self, cards: Iterable[CardDef]) -> None:
        ordered = tuple(sorted(cards, key=lambda card: card.slug))
        ids: list[str] = []
        by_id: dict[str, CardDef] = {}
        for card in ordered:
            copies = physical_ids(card.slug, card.copies)
            for key in {card.slug, *copies}:
                if key in by_id:
                    raise ValueError(f"card id {key!r} of {card.name!r} is also used by "
                                     f"{by_id[key].name!r}")
                by_id[key] = card
            ids.extend(copies)
        order = {card_id: index for index, card_id in enumerate(ids)}

        found: dict[str, set[str]] = {}
        display: dict[str, str] = {}
        for card in ordered:
            copies = physical_ids(card.slug, card.copies)
            for card_id in copies:
                found.setdefault(name_key(card_id), set()).add(card_id)
            for text in (card.slug, card.name, *(alias.name for alias in card.aliases)):
                found.setdefault(name_key(text), set()).update(copies)
            for text in (card.name, *(alias.name for alias in card.aliases)):
                display.setdefault(name_key(text), text)
        # Every name typed without its accents too, where that names no other card.
        plain: dict[str, set[str]] = {}
        for card in ordered:
            for text in (card.name, *(alias.name for alias in card.aliases)):
                for key in (name_key(unaccented(text)), slugify(unaccented(text))):
                    if key not in found:
                        plain.setdefault(key, set()).update(physical_ids(card.slug, card.copies))
        found.update(plain)

        def setattr_once(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        setattr_once("_cards", ordered)
        setattr_once("_ids", tuple(ids))
        setattr_once("_by_id", by_id)
        setattr_once("_cost", {card_id: card.cost for card_id, card in by_id.items()})
        setattr_once("_kind", {card_id: card.kind for card_id, card in by_id.items()})
        setattr_once("_name", {card_id: card.name for card_id, card in by_id.items()})
        setattr_once("_lookup", {key: tuple(sorted(hits, key=order.__getitem__))
                                 for key, hits in found.items()})
        setattr_once("_display", display)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"CardSet is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"CardSet is immutable (cannot delete {name!r})")

    @property
    def cards(self) -> tuple[CardDef, ...]:
        """The card definitions (one per title), sorted by slug."""
        return self._cards

    def physical_ids(self) -> tuple[str, ...]:
        """One id per physical card: by slug, then copy number."""
        return self._ids

    def definition(self, card_id: str) -> CardDef:
        return self._by_id[card_id]

    def cost(self, card_id: str) -> int:
        return self._cost[card_id]

    def kind(self, card_id: str) -> CardKind:
        return self._kind[card_id]

    def name(self, card_id: str) -> str:
        return self._name[card_id]

    def resolve(self, text: str) -> tuple[str, ...]:
        """The physical ids ``text`` designates: an id, or any name or alias of a card.

        Case-insensitive (Unicode casefolding); a name gives every copy of the card.
        Empty if nothing matches.
        """
        # Then tolerate punctuation (a typographic apostrophe, a missing "!") and missing
        # accents ("wiekszy" for "większy").
        plain = unaccented(text)
        for key in (name_key(text), slugify(text), name_key(plain), slugify(plain)):
            hits = self._lookup.get(key)
            if hits is not None:
                return hits
        return ()

    def suggest(self, text: str) -> str | None:
        """The card name or alias closest to ``text``, for a "did you mean" hint."""
        close = difflib.get_close_matches(name_key(text), list(self._display), n=1, cutoff=0.6)
        return self._display[close[0]] if close else None

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._by_id

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and self._cards == other._cards

    def __hash__(self) -> int:
        return hash(self._cards)

    def __repr__(self) -> str:
        return f"CardSet({len(self._cards)} cards, {len(self._ids)} physical)"


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The outcome of checking card files: how many cards are valid, and the problems."""

    cards: int
    diagnostics: list[Diagnostic] = field(default_factory=list)
    ok: bool = True
    definitions: tuple[CardDef, ...] = ()
    """The valid cards themselves (for the proofs, :mod:`kot_rules.verify.cardcheck`)."""
    files: int = 0
    """The card files read (a file that cannot be read counts too)."""
    read: int = 0
    """The card titles read, valid or not: each file's ``card`` lines (at least one)."""
    monsters: tuple[MonsterDef, ...] = ()
    """The valid monsters of the monster files read."""

    def render(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)

    def to_json(self) -> dict[str, object]:
        return {"cards": self.cards, "ok": self.ok,
                "diagnostics": [d.to_json() for d in self.diagnostics]}


def check_paths(
    paths: list[Path], game: str = DEFAULT_GAME, added: Sequence[Path] = ()
) -> CheckReport:
    """Check card files and folders (``*.kot``, recursively) as cards of ``game``;
    never raises for bad input.

    The cards of ``added`` are checked as new cards for the deck of ``paths``: an alias of
    theirs that names another card (KOT211, otherwise a warning) is an error there, like
    a shared name or card id (KOT201, reported at the later card: the added one).
    """
    cards, diagnostics, files, read, monsters = _collect([*paths, *added], game)
    added_files = {str(file) for path in added for file in _card_files(path)[0]}
    diagnostics = [replace(d, severity="error")
                   if d.code == "KOT211" and d.file in added_files else d
                   for d in diagnostics]
    ok = not any(d.is_error for d in diagnostics)
    return CheckReport(cards=len(cards), diagnostics=diagnostics, ok=ok,
                       definitions=tuple(cards), files=files, read=read,
                       monsters=tuple(monsters))


def check_text(text: str, file: str = "card.kot", game: str = DEFAULT_GAME) -> list[Diagnostic]:
    """Every diagnostic ``kot-rules check`` gives for one card file holding ``text``
    (the file and set checks, without reading a disk)."""
    if is_monster_text(text):  # a monster's file
        return parse_monster_text(text, file, game)[1]
    cards, diagnostics = parse_cards(text, file, game)
    sources = {file: Source(file, text)}
    diagnostics = [*diagnostics, *check_set(cards, sources), *check_tokens(cards, sources)]
    return sorted(diagnostics, key=sort_key)


def load_card_set(path: Path | None = None, game: str = DEFAULT_GAME) -> CardSet:
    """The cards of a file or folder, as cards of ``game``; ``None`` is the game's
    built-in set.

    Raises ``CardSpecError`` (with every diagnostic) if any error is found.
    """
    if path is None:
        return builtin_card_set(game)
    return _load(path, game)


def load_extended_card_set(
    added: Path, game: str = DEFAULT_GAME, base: Path | None = None
) -> CardSet:
    """The cards of ``base`` (``None``: the built-in set of ``game``) plus those of ``added``.

    A card of ``added`` may not share a card id, a name or an alias with a card of the
    base (KOT201, KOT211: see :func:`check_paths`). Raises ``CardSpecError`` (with every
    error) if any error is found.
    """
    first = builtin_cards_dir(game) if base is None else base
    checked = check_paths([first], game, added=[added])
    if not checked.ok:
        raise CardSpecError(d for d in checked.diagnostics if d.is_error)
    return CardSet(checked.definitions)


def builtin_card_set(game: str = DEFAULT_GAME) -> CardSet:
    """The built-in card set of ``game`` (spec/cards/<game>/), loaded once."""
    return _builtin(game)


@functools.cache
def _builtin(game: str) -> CardSet:
    # Keyed by the id alone, so that every caller of the default game shares one set.
    folder = builtin_cards_dir(game)
    if not folder.exists() and game in SHARED_DIALECTS:
        # A game whose cards are not written yet (no folder) plays with none.
        return CardSet(())
    return _load(folder, game)


def _load(path: Path, game: str) -> CardSet:
    cards, diagnostics, _, _, _ = _collect([path], game)
    if any(d.is_error for d in diagnostics):
        raise CardSpecError(diagnostics)
    return CardSet(cards)


def _card_files(path: Path) -> tuple[list[Path], list[Diagnostic]]:
    name = str(path)
    try:
        if path.is_dir():
            files = sorted((p for p in path.rglob("*.kot") if p.is_file()),
                           key=lambda p: p.relative_to(path).parts)
            if not files:
                return [], [make_diagnostic(name, "KOT100", 0, 0, "the folder holds no .kot file",
                                            "card files end in .kot")]
            return files, []
        if path.is_file():
            return [path], []
    except OSError as err:  # e.g. a folder that cannot be listed
        reason = err.strerror or type(err).__name__
        return [], [make_diagnostic(name, "KOT100", 0, 0, f"cannot read the folder: {reason}")]
    return [], [make_diagnostic(name, "KOT100", 0, 0, "no such file or folder",
                                "check the path")]


_Collected = tuple[list[CardDef], list[Diagnostic], int, int, list[MonsterDef]]
"""Cards, problems, files read, card titles read, monsters."""


def _collect(paths: list[Path], game: str) -> _Collected:
    """The valid cards, every problem, the files read and the card titles read (from the
    on-disk cache when the files, the grammar and the reader are those it was made with)."""
    key = cache.inputs_key("cards", paths, [game])
    found = cache.load_pickle("cards", key)
    if isinstance(found, tuple) and len(found) == 5:
        return found  # written by _read below, under the same key
    collected = _read(paths, game)
    cache.store_pickle("cards", key, collected)
    return collected


def _read(paths: list[Path], game: str) -> _Collected:
    files_read = titles_read = 0
    cards: list[CardDef] = []
    monsters: list[MonsterDef] = []
    diagnostics: list[Diagnostic] = []
    sources: dict[str, Source] = {}
    seen: set[Path] = set()
    order: dict[str, int] = {}  # diagnostics follow the order the files were read in
    for path in paths:
        files, problems = _card_files(path)
        order.setdefault(str(path), len(order))
        diagnostics.extend(problems)
        for file in files:
            key = file.resolve()
            if key in seen:  # the same file reached twice is not a duplicate card
                continue
            seen.add(key)
            order.setdefault(str(file), len(order))
            text, problems = read_card_file(file)
            diagnostics.extend(problems)
            files_read += 1
            if text is not None and is_monster_text(text):
                # A monster's file is no card (counted apart).
                found_monsters, problems = parse_monster_text(text, str(file), game)
                monsters.extend(found_monsters)
                diagnostics.extend(problems)
                continue
            titles_read += 1 if text is None else cards_started(text)
            if text is None:
                continue
            sources[str(file)] = Source(str(file), text)
            found, problems = parse_cards(text, str(file), game)
            cards.extend(found)
            diagnostics.extend(problems)
    set_problems = check_set(cards, sources)
    diagnostics.extend(set_problems)
    diagnostics.extend(check_tokens(cards, sources))
    diagnostics.sort(key=lambda d: (order.get(d.file, len(order)), *sort_key(d)[1:]))
    # A card reported as a repeat (KOT201, at its `card` line) is left out of the set.
    repeats = {(d.file, d.line) for d in set_problems if d.code == "KOT201"}
    kept = [card for card in cards if (card.position.file, card.position.line) not in repeats]
    return kept, diagnostics, files_read, titles_read, monsters
