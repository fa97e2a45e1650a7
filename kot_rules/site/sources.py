"""How a page names a source the rules cite, from the one table of sources
(``spec/glossary.yaml``: ``seeds`` and ``notes``) for the three games.

A publisher's rulebook is named by its game, language, title, publisher and edition, with
the section cited; the project's own notes (its fact sheets) by their name, as notes and
not as a publication. No page names the file of either: a reader of the published site
cannot open the author's disk.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from kot_rules.rulebook import Rulebook, Source

from .model import Glossary

_SEED_FILE = re.compile(r"(?:(?:\.\./)?shared/seeds/)?(\d{3})_[0-9a-f]{16}\.txt")
_SEEDS_FOLDER = re.compile(r"(?:\.\./)?shared/seeds/(?:README\.md)?")
_NOTES_FOLDER = re.compile(r"(?:\.\./)?shared/reference/([\w.-]*)")


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
        return (f"{note.name}, §{section} (notes from public sources, in English; not a "
                "rulebook" + (f"; confidence {confidence}" if confidence
                                             else "") + ")")
    seed = glossary.seed(source.seed)
    out = f"seed {source.seed} §{section}"
    if seed is None:
        return out
    return f"{out}: {seed.name()}; the project's copy is {_inline(seed.copy)}"


def named(glossary: Glossary, source_id: str) -> str:
    """A source id (``003``, ``kony-duel-facts``) as a reader knows it: the rulebook's or the
    note's name (the id itself when the table does not hold it)."""
    note = glossary.note(source_id)
    if note is not None:
        return note.name
    seed = glossary.seed(source_id)
    return seed.name() if seed is not None else source_id


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


def sources_section(glossary: Glossary, ids: Iterable[str],
                    says: Mapping[str, str]) -> list[str]:
    """A game's home page section on its sources: each source (``ids``) named as a reader
    finds it, then what it is to the game (``says``)."""
    out = ["## Sources", ""]
    for source_id in ids:
        seed, note = glossary.seed(source_id), glossary.note(source_id)
        what = says.get(source_id, "")
        if seed is not None:
            head = f"**Seed {source_id}**, {seed.name()}"
        elif note is not None:
            head = f"**{note.name[:1].upper()}{note.name[1:]}** (cited as `{source_id}`)"
        else:
            head = f"**{source_id}**"
        out.append(f"- {head}" + (f": {what}" if what else "."))
    return [*out, ""]
