"""What the site shows, read from ``spec/`` and the engine: rules, cards, scenarios, rulings.

Nothing here is typed for the site: every fact comes from the rules file, the card
files (through the card language), the scenario files, ``spec/glossary.yaml`` and
``spec/cards/<game>/rulings.yaml``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import yaml

from kot_rules.language.ast import CardDef, strip_positions
from kot_rules.language.cardset import CardSet, load_card_set
from kot_rules.language.parser import parse_cards
from kot_rules.paths import builtin_cards_dir, data_root, spec_dir
from kot_rules.rulebook import Rulebook, load_rulebook
from kot_rules.sources import Glossary, load_glossary
from kot_rules.surfaces.rulesdoc import scenarios_by_rule

GAME = "king-of-tokyo"

_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""LibYAML's safe loader when PyYAML has it (several times faster), else the Python one."""


def _load_yaml(text: str) -> object:
    return yaml.load(text, Loader=_Loader)


class SiteDataError(ValueError):
    """A data file the site reads is malformed or names something that does not exist."""


def _record(path: Path, item: object, keys: tuple[str, ...]) -> dict[str, str]:
    """``item`` as a mapping with exactly ``keys`` (all values as text)."""
    if not isinstance(item, dict) or set(item) != set(keys):
        raise SiteDataError(f"{path}: expected exactly the keys {', '.join(keys)}, got {item!r}"
                            " (quote a value that holds a comma)")
    return {key: str(item[key]) for key in keys}


# -- rulings --------------------------------------------------------------------------


@dataclass(frozen=True)
class Ruling:
    ruling: str
    source: str


@dataclass(frozen=True)
class Rulings:
    sources: Mapping[str, str]
    by_card: Mapping[str, tuple[Ruling, ...]]


def load_rulings(cards: CardSet, path: Path | None = None) -> Rulings:
    """``rulings.yaml`` of the built-in cards; every slug must be a card of ``cards``."""
    path = path or builtin_cards_dir(GAME) / "rulings.yaml"
    if not path.is_file():
        return Rulings({}, {})
    data = _yaml_mapping(path)
    slugs = {card.slug for card in cards.cards}
    by_card: dict[str, tuple[Ruling, ...]] = {}
    for slug, items in (data.get("rulings") or {}).items():
        if slug not in slugs:
            raise SiteDataError(f"{path}: {slug!r} is not the slug of a card")
        if not isinstance(items, list):
            raise SiteDataError(f"{path}: {slug}: expected a list of rulings")
        by_card[str(slug)] = tuple(Ruling(**_record(path, r, ("ruling", "source")))
                                   for r in items)
    sources = {str(k): str(v) for k, v in (data.get("sources") or {}).items()}
    return Rulings(sources, by_card)


# -- cards ----------------------------------------------------------------------------


@dataclass(frozen=True)
class CardInfo:
    """A card with its canonical text and what is known of its coverage."""

    card: CardDef
    text: str
    """The canonical text (``render_card``), or the definition from the card file."""
    rendered: bool
    """``text`` comes from the renderer (else from the card file)."""
    round_trips: bool | None
    """``parse(render(card)) == card``; ``None`` when there is no renderer."""
    source_file: str
    """The card file, relative to the folder holding ``spec/``."""
    source_text: str

    @property
    def slug(self) -> str:
        return self.card.slug

    def alias(self, language: str) -> tuple[str, ...]:
        return tuple(a.name for a in self.card.aliases if a.language == language)


def renderer() -> Callable[[CardDef], str] | None:
    """The canonical card renderer, if there is one."""
    try:
        from kot_rules.language.render import render_card
    except ImportError:  # the renderer is newer than this module's first callers
        return None
    return render_card


def _relative(file: str) -> str:
    path = Path(file)
    try:
        return path.resolve().relative_to(data_root().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _definition_lines(source: str, line: int) -> str:
    """The lines of the card starting at ``line`` (1-based), without comment lines."""
    lines = source.splitlines()
    out: list[str] = []
    for index in range(max(line - 1, 0), len(lines)):
        text = lines[index]
        if out and text.startswith("card "):
            break
        if text.lstrip().startswith("#") or not text.strip():
            continue
        out.append(text.rstrip())
    return "\n".join(out) + "\n"


def card_info(card: CardDef, render: Callable[[CardDef], str] | None) -> CardInfo:
    file = card.position.file
    try:
        source_text = Path(file).read_text(encoding="utf-8")
    except OSError:
        source_text = ""
    text: str | None = None
    round_trips: bool | None = None
    if render is not None:
        try:
            text = render(card)
        except ValueError:
            round_trips = False
        else:
            parsed, problems = parse_cards(text, "<rendered>")
            round_trips = (len(parsed) == 1 and not any(p.is_error for p in problems)
                           and strip_positions(parsed[0]) == strip_positions(card))
    rendered = text is not None
    if text is None:
        text = _definition_lines(source_text, card.position.line)
    return CardInfo(card, text, rendered, round_trips, _relative(file), source_text)


# -- scenarios ------------------------------------------------------------------------


class CardUse(Enum):
    """How a scenario names a card, strongest first."""

    BOUGHT = "bought in the script"
    OWNED = "owned at set-up"
    CHECKED = "checked in an expectation"
    DEALT = "in the shop, deck or discard at set-up"
    NAMED = "named in the script"
    MENTIONED = "mentioned in the text"

    @property
    def tests(self) -> bool:
        """The card is in play in the scenario (bought or owned), not just lying around."""
        return self in (CardUse.BOUGHT, CardUse.OWNED)


@dataclass(frozen=True)
class Scenario:
    path: str
    """Relative to the folder holding ``spec/``, e.g. ``spec/scenarios/king-of-tokyo/x.yaml``."""
    key: str
    """Relative to ``spec/`` (as ``scenarios_by_rule`` names it)."""
    name: str
    rules: tuple[str, ...]
    tags: tuple[str, ...]
    source: str
    description: str
    text: str
    cards: Mapping[str, frozenset[CardUse]]

    @property
    def decisions(self) -> tuple[str, ...]:
        return tuple(t for t in self.tags if t.startswith("D-"))


def _strings(node: object) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


def _mention_patterns(cards: CardSet) -> dict[str, re.Pattern[str]]:
    out: dict[str, re.Pattern[str]] = {}
    for card in cards.cards:
        names = sorted({card.name, *(a.name for a in card.aliases)}, key=len, reverse=True)
        alternatives = "|".join(re.escape(n) for n in names)
        out[card.slug] = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")
    return out


def card_uses(data: Mapping[str, Any], cards: CardSet,
              patterns: Mapping[str, re.Pattern[str]]) -> dict[str, frozenset[CardUse]]:
    """card slug -> how the scenario ``data`` names it (by name, alias or physical id)."""
    found: dict[str, set[CardUse]] = defaultdict(set)

    def visit(node: object, use: CardUse) -> None:
        for text in _strings(node):
            for card_id in cards.resolve(text):
                found[cards.definition(card_id).slug].add(use)

    setup = data.get("setup")
    if isinstance(setup, dict):
        for monster in setup.get("monsters") or []:
            if isinstance(monster, dict):
                visit(monster.get("cards"), CardUse.OWNED)
        for key in ("shop", "deck", "discard"):
            visit(setup.get(key), CardUse.DEALT)
    script = data.get("script")
    for step in script if isinstance(script, list) else []:
        if isinstance(step, dict):
            for key, value in step.items():
                use = {"buy": CardUse.BOUGHT, "expect": CardUse.CHECKED}.get(str(key),
                                                                              CardUse.NAMED)
                visit(value, use)
    visit(data.get("expect"), CardUse.CHECKED)
    prose = "\n".join(str(data.get(key) or "") for key in ("name", "description", "source"))
    for slug, pattern in patterns.items():
        if pattern.search(prose):
            found[slug].add(CardUse.MENTIONED)
    return {slug: frozenset(uses) for slug, uses in found.items()}


def _as_tuple(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    return (str(value),)


def load_scenarios(cards: CardSet, root: Path | None = None,
                   game: str | None = None) -> tuple[Scenario, ...]:
    """Every scenario file under ``root`` (default: ``spec/scenarios``) that is YAML mapping;
    with ``game``, only those in its folder (``root/<game>/``), so that a card name is read
    as a card of that game.

    Files that are not (being written, or broken) are left out, as
    ``scenarios_by_rule`` leaves them out.
    """
    root = root or spec_dir() / "scenarios"
    patterns = _mention_patterns(cards)
    out: list[Scenario] = []
    for path in sorted(root.rglob("*.yaml")):
        if game is not None and path.relative_to(root).parts[0] != game:
            continue
        try:
            text = path.read_text(encoding="utf-8")
            data = _load_yaml(text)
        except (OSError, yaml.YAMLError):
            continue
        if not isinstance(data, dict):
            continue
        out.append(Scenario(
            path=_relative(str(path)),
            key=path.relative_to(root.parent).as_posix(),
            name=str(data.get("name", path.stem)),
            rules=_as_tuple(data.get("rule")),
            tags=_as_tuple(data.get("tags")),
            source=" ".join(str(data.get("source") or "").split()),
            description=" ".join(str(data.get("description") or "").split()),
            text=text,
            cards=card_uses(data, cards, patterns),
        ))
    return tuple(out)


# -- schemas --------------------------------------------------------------------------


@dataclass(frozen=True)
class Schema:
    file: str
    """The file name in spec/schemas/, e.g. ``state-v1.schema.json``,
    ``conform/hello.schema.json``."""
    path: str
    """Relative to the folder holding ``spec/``."""
    title: str
    description: str
    text: str

    @property
    def anchor(self) -> str:
        return schema_anchor(self.file)


def schema_anchor(file: str) -> str:
    """The anchor of a schema on the schemas page: its path in spec/schemas/ less
    ``.schema.json``, ``/`` as ``-`` (``conform/hello.schema.json``: ``conform-hello``)."""
    return file.removesuffix(".json").removesuffix(".schema").replace("/", "-")


def load_schemas(root: Path | None = None) -> tuple[Schema, ...]:
    import json

    root = root or spec_dir() / "schemas"
    out: list[Schema] = []
    # The top folder's schemas first, then each subfolder's (conform/: the protocol's).
    for path in sorted(root.rglob("*.json"), key=lambda p: (len(p.relative_to(root).parts),
                                                             p.relative_to(root).as_posix())):
        text = path.read_text(encoding="utf-8")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SiteDataError(f"{path}: not JSON: {exc}") from None
        data = data if isinstance(data, dict) else {}
        out.append(Schema(path.relative_to(root).as_posix(), _relative(str(path)),
                          str(data.get("title", path.name)),
                          " ".join(str(data.get("description", "")).split()), text))
    return tuple(out)


# -- everything -----------------------------------------------------------------------


@dataclass(frozen=True)
class SiteData:
    book: Rulebook
    cards: tuple[CardInfo, ...]
    scenarios: tuple[Scenario, ...]
    by_rule: Mapping[str, list[tuple[str, str]]]
    """rule slug or decision id -> [(scenario key, name)], from ``scenarios_by_rule``."""
    rulings: Rulings
    glossary: Glossary
    schemas: tuple[Schema, ...]
    proved: Mapping[str, bool] | None = None
    """card slug -> every sentence of the card is proved (``None``: the proofs did not run;
    the site build adds them from ``kot-rules verify``)."""

    def scenario(self, key: str) -> Scenario | None:
        for scenario in self.scenarios:
            if scenario.key == key:
                return scenario
        return None

    def card(self, slug: str) -> CardInfo:
        for info in self.cards:
            if info.slug == slug:
                return info
        raise KeyError(slug)


def load_site_data() -> SiteData:
    """Everything the site shows, from the built-in rules, cards and scenarios.

    Read afresh on every call (no cache), so that ``mkdocs serve`` shows edits.
    """
    card_set = load_card_set(builtin_cards_dir(GAME))
    render = renderer()
    cards = tuple(card_info(card, render) for card in card_set.cards)
    return SiteData(
        book=load_rulebook(),
        cards=cards,
        scenarios=load_scenarios(card_set, game=GAME),
        by_rule=dict(scenarios_by_rule()),
        rulings=load_rulings(card_set),
        glossary=load_glossary(),
        schemas=load_schemas(),
    )


def _yaml_mapping(path: Path) -> dict[str, Any]:
    try:
        data = _load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise SiteDataError(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise SiteDataError(f"{path}: expected a mapping at the top")
    return data
