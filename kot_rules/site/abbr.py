"""The glossary's tooltips (Markdown abbreviations, ``*[003]: Seed 003: ...``), never inside
a number.

Python-Markdown's ``abbr`` extension marks an abbreviation wherever it stands as a whole
word, and the digits between a number's separators are whole words too: the seed id 000
got a "Seed 000" tooltip twice in "1,000,000". This extension is ``abbr`` with one change:
an abbreviation joined to a digit by a thousands or decimal separator (``1,000``, ``0.001``,
``1 000`` with a no-break or thin space) is part of a number and stays text. A seed id cited
as a word keeps its tooltip: ``seed 003``, ``003 §MANHATTAN``, ``(002 l. 113)``,
``000/001``.

``mkdocs.yml`` lists it (``kot_rules.site.abbr``) in place of ``abbr``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any
from xml.etree.ElementTree import Element

from markdown import Markdown
from markdown.extensions.abbr import AbbrExtension, AbbrTreeprocessor

_SEPARATOR = "[,.\u00a0\u2009\u202f]"
"""What joins the digit groups of a number: a comma or a point, a no-break, thin or narrow
no-break space (a plain space ends a number: "seed 001 and 004 say")."""


def pattern(abbreviations: Iterable[str]) -> re.Pattern[str]:
    """A match of any of ``abbreviations`` as a whole word that is no part of a number; the
    longest first, as ``abbr`` does."""
    keys = sorted(abbreviations, key=len, reverse=True)
    words = "|".join(re.escape(key) for key in keys)
    return re.compile(rf"(?<!\d{_SEPARATOR})\b(?:{words})\b(?!{_SEPARATOR}\d)")


class _Treeprocessor(AbbrTreeprocessor):
    """``abbr``'s tree processor with :func:`pattern` in place of its whole-word match."""

    def run(self, root: Element) -> Element | None:
        if not self.abbrs:
            return None
        self.RE = pattern(self.abbrs)
        self.iter_element(root)
        return None


class GlossaryAbbrExtension(AbbrExtension):
    """``abbr`` (the same ``*[key]: title`` definitions and ``<abbr>`` elements), its matches
    kept out of numbers."""

    def extendMarkdown(self, md: Markdown) -> None:
        super().extendMarkdown(md)
        plain = md.treeprocessors["abbr"]
        if not isinstance(plain, AbbrTreeprocessor):  # a Python-Markdown older than 3.7
            raise TypeError("kot_rules.site.abbr needs Python-Markdown 3.7 or later")
        # the same definitions: the block processor fills the dict both share
        md.treeprocessors.register(_Treeprocessor(md, plain.abbrs), "abbr", 7)


def makeExtension(**kwargs: Any) -> GlossaryAbbrExtension:
    return GlossaryAbbrExtension(**kwargs)
