"""A game's home page section on its sources, named from the one table of sources
(:mod:`kot_rules.sources`, which names a source wherever a reader sees it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from kot_rules.sources import Glossary


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
