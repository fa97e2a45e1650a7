"""MkDocs hooks (``hooks:`` in ``mkdocs.yml``): add the pages generated from ``spec/``.

- ``on_config``: writes the glossary abbreviations to a temporary folder and points
  ``pymdownx.snippets`` (``auto_append``) at it, so every page gets the tooltips.
- ``on_files``: adds every generated page as an in-memory file (nothing is written
  to ``docs/``) and lists them in the navigation sections of ``mkdocs.yml``; the
  invariants page comes from the proofs (:mod:`kot_rules.site.proofs`), the card-language
  guide from the vocabulary (:mod:`kot_rules.site.guide`), a page per diagnostic code
  from the code table (:mod:`kot_rules.site.codes`), each game's section from the ``site``
  module of its folder (:mod:`kot_rules.site.family`) and the home page from the three
  games' (:mod:`kot_rules.site.home`).
- ``on_page_markdown``: hand-written pages may link to data files outside ``docs/``
  (``../../spec/schemas/state-v1.schema.json``); such links go to the page that
  shows the file.
- ``on_post_build`` / ``on_build_error``: remove the temporary folder.

MkDocs loads this file by path, as a top-level module: imports are absolute.
"""

from __future__ import annotations

import posixpath
import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from kot_rules.site import balance_table, conformance, family, home
from kot_rules.site.codes import code_pages, codes_nav
from kot_rules.site.guide import guide_nav, guide_pages
from kot_rules.site.model import SiteData, load_site_data, schema_anchor
from kot_rules.site.pages import (
    ABBREVIATIONS,
    CARDS_INDEX,
    GLOSSARY,
    RULES_INDEX,
    SCENARIOS_INDEX,
    SCHEMAS,
    Paths,
    abbreviations,
    card_uri,
    generate,
    link,
    nav_sections,
    scenario_uri,
)
from kot_rules.site.proofs import INVARIANTS_PAGE, invariants_page, verify_results
from kot_rules.surfaces.coverage import proved_by_card

log = get_plugin_logger("kot_rules.site")

SNIPPETS = "pymdownx.snippets"

PLACEHOLDERS = {
    "formats/scenario.md": (
        "# The conformance scenario format\n\n"
        "This page is being written. Until then, see the scenarios themselves: "
        "[all scenarios](../scenarios/index.md).\n"
    ),
}
"""Pages other people write, generated as a stub only while their file is missing."""

_state: dict[str, Any] = {}


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    data = load_site_data()
    _state["data"] = data
    _cleanup()
    folder = Path(tempfile.mkdtemp(prefix="kot-rules-site-"))
    _state["tmp"] = folder
    (folder / ABBREVIATIONS).write_text(abbreviations(data), encoding="utf-8")
    if SNIPPETS in config.markdown_extensions:
        options = config.mdx_configs.setdefault(SNIPPETS, {})
        base = options.get("base_path", ["."])
        base = [base] if isinstance(base, str) else list(base)
        options["base_path"] = [str(folder), *base]
        append = list(options.get("auto_append", []))
        if ABBREVIATIONS not in append:
            append.append(ABBREVIATIONS)
        options["auto_append"] = append
    else:
        log.warning("mkdocs.yml lists no %s: the glossary tooltips are missing", SNIPPETS)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    data: SiteData = _state.get("data") or load_site_data()
    root = Path(config.config_file_path).parent if config.config_file_path else Path.cwd()
    results = verify_results(root)
    data = replace(data, proved=proved_by_card((i.card for i in data.cards), results["results"]))
    pages = generate(data)
    pages[INVARIANTS_PAGE] = invariants_page(results)
    pages.update(guide_pages())
    pages.update(code_pages())
    games = family.sections(data, root)
    # The first game's pages (King of Tokyo's home and board) after the others', as they
    # were added before each game's site was its folder's: the search index lists the
    # pages in the order they are added here.
    for game in (*games[1:], *games[:1]):
        pages.update(game.pages)
    pages[home.HOME] = home.home_page(data.glossary, [g.column for g in games])
    pages[conformance.PAGE] = _conformance(root, pages, games)
    for uri, text in PLACEHOLDERS.items():
        if files.get_file_from_path(uri) is None:
            pages[uri] = text
    for uri, text in pages.items():
        existing = files.get_file_from_path(uri)
        if existing is not None:
            log.warning("docs/%s is generated from spec/: remove the hand-written file", uri)
            files.remove(existing)
        files.append(File.generated(config, uri, content=text))
    figure = balance_table.FIGURE.as_posix()
    files.append(File.generated(config, figure,
                                content=balance_table.figure(Path(config.docs_dir))))
    nav = {**nav_sections(data), **guide_nav(), **codes_nav()}
    for game in games:
        nav.update(game.nav)
    _expand_nav(config.nav, nav)
    return files


def _conformance(root: Path, pages: dict[str, str], games: Sequence[family.GameSite]) -> str:
    """The conformance page, linking the rule, clarification and scenario pages it names."""
    from kot_rules.games import definitions

    sections: dict[str, Paths] = {g.column.game: g.column.paths for g in games}

    def rule_page(game: str, rule: str) -> str | None:
        paths = sections.get(game)
        if paths is None:
            return None
        uri = paths.decision_uri(rule) if rule.startswith("D-") else paths.rule_uri(rule)
        return uri if uri in pages else None

    def file_page(path: str) -> str | None:
        page = repo_file_page(path)
        return page[0] if page is not None and page[0] in pages else None

    titles = {d.id: d.title for d in definitions()}
    return conformance.conformance_page(conformance.load_reports(root), rule_page, titles,
                                        file_page)


def _expand_nav(nav: Any, sections: dict[str, list[Any]]) -> None:
    """In each nav section whose first entry is a generated index, list its pages."""
    if not isinstance(nav, list):
        return
    for entry in nav:
        if not isinstance(entry, dict):
            continue
        for key, value in entry.items():
            if isinstance(value, list) and value and isinstance(value[0], str) \
                    and value[0] in sections:
                entry[key] = [value[0], *sections[value[0]]]
            else:
                _expand_nav(value, sections)


# -- links to data files outside docs/ ------------------------------------------------

_LINK = re.compile(r"(\]\()([^)\s]+)((?:\s+\"[^\"]*\")?\))")


def repo_file_page(path: str) -> tuple[str, str] | None:
    """The page (``src_uri``, anchor) that shows the repository file ``path``, if any."""
    parts = path.strip("/").split("/")
    if parts[:1] != ["spec"] or len(parts) < 2:
        return None
    folder, name = parts[1], parts[-1]
    own = family.file_page(parts)  # a file of one game's own
    if own is not None:
        return own
    if folder == "schemas":
        return SCHEMAS, schema_anchor("/".join(parts[2:])) if len(parts) > 2 else ""
    if folder == "scenarios":
        if name.endswith(".yaml"):
            return scenario_uri(posixpath.join(*parts[1:])), ""
        return SCENARIOS_INDEX, ""
    if folder == "rules":
        return RULES_INDEX, ""
    if folder == "cards":
        if name.endswith(".kot"):
            return card_uri(name.removesuffix(".kot")), ""
        return CARDS_INDEX, ""
    if path == "spec/glossary.yaml":
        return GLOSSARY, ""
    return None


def rewrite_repo_links(markdown: str, src_uri: str, docs_dir: Path, root: Path) -> str:
    """Point links from page ``src_uri`` to files outside ``docs_dir`` at their pages."""
    page_dir = (docs_dir / src_uri).parent

    def replace(match: re.Match[str]) -> str:
        target = match.group(2)
        if "://" in target or target.startswith(("#", "/", "mailto:")):
            return match.group(0)
        path, _, fragment = target.partition("#")
        resolved = (page_dir / path).resolve()
        try:
            resolved.relative_to(docs_dir.resolve())
            return match.group(0)  # inside docs/: MkDocs checks it
        except ValueError:
            pass
        try:
            repo_path = resolved.relative_to(root.resolve()).as_posix()
        except ValueError:
            return match.group(0)
        page = repo_file_page(repo_path)
        if page is None:
            return match.group(0)
        uri, anchor = page
        return match.group(1) + link(src_uri, uri, fragment or anchor) + match.group(3)

    return _LINK.sub(replace, markdown)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if page.file.generated_by is not None or page.file.abs_src_path is None:
        return markdown
    root = Path(config.config_file_path).parent if config.config_file_path else Path.cwd()
    if page.file.src_uri == balance_table.PAGE:
        markdown = balance_table.fill(markdown, Path(config.docs_dir))
    return rewrite_repo_links(markdown, page.file.src_uri, Path(config.docs_dir), root)


# -- clean-up -------------------------------------------------------------------------


def _cleanup() -> None:
    folder = _state.pop("tmp", None)
    if isinstance(folder, Path):
        shutil.rmtree(folder, ignore_errors=True)


def on_post_build(config: MkDocsConfig) -> None:
    _cleanup()


def on_build_error(error: Exception) -> None:
    _cleanup()
