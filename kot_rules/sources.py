"""The sources the rules cite, from their one table for the three games
(``spec/glossary.yaml``: ``seeds`` and ``notes``), and how a reader sees each named.

A publisher's rulebook is named by its game, language, title, publisher and edition, with
the section cited; the project's own notes (its fact sheets) by their name, as notes and
not as a publication. Nothing a reader sees (a site page, the command line's output) names
the file of either: a reader cannot open the author's disk.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from kot_rules.paths import spec_dir
from kot_rules.rulebook import Rulebook, Source

LANGUAGES = {"pl": "Polish", "cz": "Czech", "en": "English"}
"""The languages of the sources, by the code the data files use."""


class GlossaryError(ValueError):
    """``spec/glossary.yaml`` is malformed: the message names the file and the entry."""


@dataclass(frozen=True)
class Seed:
    """A publisher's rulebook the rules cite by its id (``001 §TOKIO``): a reader sees it
    named by its game, language, title, publisher and edition, never by the project's copy."""

    id: str
    file: str
    """The project's copy (never shown to a reader)."""
    game: str
    language: str
    title: str
    """As printed ("" where the copy lost it)."""
    publisher: str
    """As the copy prints it ("" where it names none)."""
    edition: str
    copy: str
    """What the project's copy is (OCR, transcription, what it lacks)."""

    @property
    def short(self) -> str:
        """``the Polish King of Tokyo rulebook``."""
        return f"the {LANGUAGES.get(self.language, self.language)} {self.game} rulebook"

    def name(self, emphasis: str = "*") -> str:
        """``the Polish King of Tokyo rulebook, *Potwory w Tokio* (Egmont Polska, 2013,
        first edition)``; ``emphasis`` marks the title (``""`` for plain text)."""
        out = self.short
        if self.title:
            out += f", {emphasis}{self.title}{emphasis}"
        return out + (f" ({self.publisher}, {self.edition})" if self.publisher
                      else f" ({self.edition}; the copy names no publisher)")


@dataclass(frozen=True)
class Note:
    """The project's own reading notes from public sources, cited by id like a seed; not a
    publication, so a reader sees them named by ``name`` and never by their file."""

    id: str
    file: str
    name: str
    about: str


@dataclass(frozen=True)
class Term:
    term: str
    language: str
    meaning: str


@dataclass(frozen=True)
class Glossary:
    seeds: tuple[Seed, ...]
    terms: tuple[Term, ...]
    notes: tuple[Note, ...] = ()

    def seed(self, seed_id: str) -> Seed | None:
        for seed in self.seeds:
            if seed.id == seed_id:
                return seed
        return None

    def note(self, note_id: str) -> Note | None:
        for note in self.notes:
            if note.id == note_id:
                return note
        return None


def load_glossary(path: Path | None = None) -> Glossary:
    """Read the table of sources and terms (default: ``spec/glossary.yaml``); a malformed
    file is a :class:`GlossaryError`."""
    path = path or spec_dir() / "glossary.yaml"
    data = _mapping(path)
    seeds = tuple(Seed(**_record(path, item, ("id", "file", "game", "language", "title",
                                               "publisher", "edition", "copy")))
                  for item in data.get("seeds") or [])
    terms = tuple(Term(**_record(path, item, ("term", "language", "meaning")))
                  for item in data.get("terms") or [])
    notes = tuple(Note(**_record(path, item, ("id", "file", "name", "about")))
                  for item in data.get("notes") or [])
    return Glossary(seeds, terms, notes)


def _mapping(path: Path) -> dict[str, Any]:
    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    except (OSError, yaml.YAMLError) as exc:
        raise GlossaryError(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise GlossaryError(f"{path}: expected a mapping at the top")
    return data


def _record(path: Path, item: object, keys: tuple[str, ...]) -> dict[str, str]:
    """``item`` as a mapping with exactly ``keys`` (all values as text)."""
    if not isinstance(item, dict) or set(item) != set(keys):
        raise GlossaryError(f"{path}: expected exactly the keys {', '.join(keys)}, got {item!r}"
                            " (quote a value that holds a comma)")
    return {key: str(item[key]) for key in keys}


# -- naming ---------------------------------------------------------------------------

_SEED_FILE = re.compile(r"(?:(?:\.\./)?shared/seeds/)?(\d{3})_[0-9a-f]{16}\.txt")
_SEEDS_FOLDER = re.compile(r"(?:\.\./)?shared/seeds/(?:README\.md)?")
_NOTES_FOLDER = re.compile(r"(?:\.\./)?shared/reference/([\w.-]*)")

NOTES_ARE = "notes from public sources, in English; not a rulebook"
"""What the project's notes are, said wherever they are named in full."""


def _inline(text: str) -> str:
    return " ".join(text.split()).replace("<", "&lt;")


def where(glossary: Glossary, source: Source, confidence: str = "") -> str:
    """The Markdown that names ``source`` after a label (``**Source:**``): ``seed 001 §TOKIO:
    the Polish King of Tokyo rulebook, *Potwory w Tokio* (...)`` for a rulebook, the note's
    name and section for the project's notes (with the note's ``confidence`` mark, if
    given). An id the table does not hold is shown as it is."""
    section = _inline(source.section)
    note = glossary.note(source.seed)
    if note is not None:
        return (f"{note.name}, §{section} ({NOTES_ARE}"
                + (f"; confidence {confidence}" if confidence else "") + ")")
    seed = glossary.seed(source.seed)
    out = f"seed {source.seed} §{section}"
    if seed is None:
        return out
    return f"{out}: {seed.name()}; the project's copy is {_inline(seed.copy)}"


def citation(glossary: Glossary, source: Source) -> str:
    """``source`` cited in a line among many: ``seed 001 §TOKIO (the Polish King of Tokyo
    rulebook)``, or the note's name and section for the project's notes. An id the table
    does not hold is shown as it is."""
    note = glossary.note(source.seed)
    if note is not None:
        return f"{note.name}, §{source.section}"
    seed = glossary.seed(source.seed)
    out = f"seed {source.seed} §{source.section}"
    return out if seed is None else f"{out} ({seed.short})"


def named(glossary: Glossary, source_id: str, emphasis: str = "*") -> str:
    """A source id (``003``, ``kony-duel-facts``) as a reader knows it: the rulebook's or the
    note's name (the id itself when the table does not hold it); ``emphasis`` marks a
    rulebook's title (``""`` for plain text)."""
    note = glossary.note(source_id)
    if note is not None:
        return note.name
    seed = glossary.seed(source_id)
    return seed.name(emphasis) if seed is not None else source_id


def short_name(glossary: Glossary, source_id: str) -> str:
    """``001, the Polish King of Tokyo rulebook``: a source's id and what it is, for a table
    cell (the note's name for the project's notes)."""
    note = glossary.note(source_id)
    if note is not None:
        return f"{source_id}, {note.name}"
    seed = glossary.seed(source_id)
    if seed is None:
        return source_id
    return f"{source_id}, {seed.short}"


def for_reader(text: str, glossary: Glossary) -> str:
    """``text`` (a data file's comments, a ruling's source) with every path or file name of a
    source replaced by the source's name: a seed file by its rulebook's, a note's file by
    the note's."""

    def seed_file(match: re.Match[str]) -> str:
        seed = glossary.seed(match.group(1))
        return (f"seed {match.group(1)}, {seed.name('')}" if seed is not None
                else f"seed {match.group(1)}")

    out = _SEED_FILE.sub(seed_file, text)
    out = _SEEDS_FOLDER.sub("the seed rulebooks", out)
    for note in glossary.notes:
        out = re.sub(rf"(?:(?:\.\./)?shared/reference/)?{re.escape(note.file)}", note.name, out)
    return _NOTES_FOLDER.sub(lambda m: f"the project's notes {m.group(1)}".rstrip(), out)


def cited(book: Rulebook, *more: str) -> tuple[str, ...]:
    """The ids of the sources a rules file cites (its rules', their second sources' and its
    decisions'), then ``more``: the publishers' rulebooks first, by id, then the notes, each
    once."""
    ids = {r.source.seed for r in book.rules} | {r.also.seed for r in book.rules if r.also}
    ids |= {s.seed for d in book.decisions for s in d.seeds} | set(more)
    return tuple(sorted(ids, key=lambda i: (not i.isdigit(), i)))


def in_full(glossary: Glossary, ids: Sequence[str]) -> list[str]:
    """Each of ``ids`` named in full, for a list of the sources: ``seed 001, the Polish King
    of Tokyo rulebook, *Potwory w Tokio* (...)``; a note by its name, said to be notes."""
    out = []
    for source_id in ids:
        if glossary.note(source_id) is not None:
            out.append(f"{named(glossary, source_id)} ({NOTES_ARE})")
        elif glossary.seed(source_id) is not None:
            out.append(f"seed {source_id}, {named(glossary, source_id)}")
        else:
            out.append(source_id)
    return out
