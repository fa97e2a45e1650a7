"""The three games' sections of the site, each from the ``site`` module of its game's folder.

Every game's ``site`` module (``kot_rules.games.get(id).part("site")``) provides the same
two functions, so the site reads the three games alike and imports none of them:

- ``section(data, root)``: a :class:`GameSite`, the game's own pages, its navigation and its
  column of the home page (``data``: the site's data, King of Tokyo's, whose cards the other
  games' cards may share; ``root``: the repository, where the proofs are cached);
- ``file_page(parts)``: the page that shows a file of the game's under ``spec/`` (``parts``:
  its path, split), or None when the file is not the game's own.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from kot_rules import games
from kot_rules.rulebook import Rulebook, RuleNumbers

from . import pages
from .model import SiteData

GAMES = ("king-of-tokyo", "king-of-tokyo-duel", "king-of-new-york")
"""The games in the order of the site's navigation (``mkdocs.yml``) and of the home page."""


@dataclass(frozen=True)
class GameColumn:
    """One game as the home page shows it: its pages and what they hold."""

    title: str
    game: str
    home: str
    about: str
    numbers: RuleNumbers
    book: Rulebook
    paths: pages.Paths
    cards: str
    """How many cards, in words (``64 card titles``)."""
    scenarios: int
    board: str
    invariants: str


@dataclass(frozen=True)
class GameSite:
    """What one game's ``site`` module adds to the site."""

    pages: dict[str, str]
    """The game's own pages: ``src_uri`` -> Markdown."""
    nav: dict[str, list[Any]]
    """The navigation of its sections: a generated index's ``src_uri`` -> its pages."""
    column: GameColumn


def site_parts() -> Iterator[ModuleType]:
    """Each game's ``site`` module, in the order of :data:`GAMES`."""
    for game_id in GAMES:
        yield games.get(game_id).part("site")


def sections(data: SiteData, root: Path) -> tuple[GameSite, ...]:
    """Each game's section, in the order of :data:`GAMES`."""
    return tuple(part.section(data, root) for part in site_parts())


def file_page(parts: Sequence[str]) -> tuple[str, str] | None:
    """The page of the game whose own file ``spec/...`` is (``parts``: its path, split)."""
    for part in site_parts():
        page: tuple[str, str] | None = part.file_page(parts)
        if page is not None:
            return page
    return None
