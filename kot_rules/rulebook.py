"""The rules reference: every rule's slug, number, statement and source (spec/rules/), and
each game's numbers (spec/games/), the one place a number of the rules is written."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from kot_rules.paths import spec_dir

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Source:
    seed: str
    section: str
    phrase: str
    english: str = ""
    """The phrase in English (our translation; empty where none is written yet)."""

    def cite(self) -> str:
        return f"{self.seed} §{self.section}"


@dataclass(frozen=True)
class Rule:
    slug: str
    number: str
    title: str
    statement: str
    source: Source
    also: Source | None
    decision: str | None


@dataclass(frozen=True)
class Decision:
    id: str
    question: str
    decision: str
    alternatives: tuple[dict[str, str], ...]
    option: str | None
    seeds: tuple[Source, ...] = ()
    """The seed passages the decision follows (a decision may not contradict a seed)."""


@dataclass(frozen=True)
class Rulebook:
    game: str
    rules: tuple[Rule, ...]
    decisions: tuple[Decision, ...]

    def rule(self, slug: str) -> Rule:
        for r in self.rules:
            if r.slug == slug:
                return r
        raise KeyError(slug)


def _source(d: dict[str, Any]) -> Source:
    return Source(str(d["seed"]), str(d["section"]), str(d["phrase"]), str(d.get("english", "")))


def load_rulebook(path: Path | None = None) -> Rulebook:
    """Read a rules file (default: the built-in King of Tokyo rules)."""
    path = path or spec_dir() / "rules" / "king-of-tokyo.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    rules = tuple(
        Rule(
            slug=r["slug"],
            number=str(r["number"]),
            title=r["title"],
            statement=r["statement"],
            source=_source(r["source"]),
            also=_source(r["also"]) if "also" in r else None,
            decision=r.get("decision"),
        )
        for r in data["rules"]
    )
    decisions = tuple(
        Decision(
            id=d["id"],
            question=d["question"],
            decision=d["decision"],
            alternatives=tuple(d.get("alternatives", [])),
            option=d.get("option"),
            seeds=tuple(_source(x) for x in d.get("seeds", [])),
        )
        for d in data["decisions"]
    )
    return Rulebook(data["game"], rules, decisions)


@cache
def builtin_rulebook() -> Rulebook:
    return load_rulebook()


@dataclass(frozen=True)
class RuleNumber:
    """One number of a game's rules, with the rule (slug) or the source it comes from."""

    key: str
    value: int
    rule: str | None
    source: Source | None


@dataclass(frozen=True)
class RuleNumbers:
    """A game's numbers by key (``sweep-cost``, ``win-stars``, ...): spec/games/<game>.yaml."""

    game: str
    numbers: tuple[RuleNumber, ...]

    def number(self, key: str) -> RuleNumber:
        for n in self.numbers:
            if n.key == key:
                return n
        raise KeyError(f"{self.game} has no number {key!r}")

    def __getitem__(self, key: str) -> int:
        return self.number(key).value


def load_numbers(path: Path) -> RuleNumbers:
    """Read a game's numbers file; a malformed entry is a ValueError naming the file and key."""
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
    out: list[RuleNumber] = []
    for key, entry in data["numbers"].items():
        value = entry.get("value") if isinstance(entry, dict) else None
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{path}: number {key!r} needs a whole-number value")
        if ("rule" in entry) == ("source" in entry):
            raise ValueError(f"{path}: number {key!r} names either a rule or a source")
        source = _source(entry["source"]) if "source" in entry else None
        out.append(RuleNumber(str(key), value, entry.get("rule"), source))
    return RuleNumbers(str(data["game"]), tuple(out))


@cache
def game_numbers(game: str = "king-of-tokyo") -> RuleNumbers:
    """The numbers of ``game``'s rules (read once; the engine binds them at import)."""
    return load_numbers(spec_dir() / "games" / f"{game}.yaml")


@dataclass(frozen=True)
class MonsterBoard:
    """A monster of a game's box, as spec/games/<game>.yaml lists it: its name, starting
    hearts and the rule (slug) that gives them."""

    name: str
    hearts: int
    rule: str


@cache
def game_monsters(game: str) -> tuple[MonsterBoard, ...]:
    """The monster boards of ``game`` (spec/games/<game>.yaml ``monsters``; none if absent,
    or if the game has no such file). Each monster's starting hearts come from its monster
    file (spec/cards/<game>/monsters/, kot_rules.language.monsters: the one home of that
    number). A malformed entry, or one with no monster file, is a ValueError naming the file
    and the entry.
    """
    path = spec_dir() / "games" / f"{game}.yaml"
    if not path.is_file():
        return ()
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
    entries = data.get("monsters") or ()
    if not entries:
        return ()
    from kot_rules.language.monsters import game_monster_defs

    hearts_of = {m.name: m.hearts for m in game_monster_defs(game)}
    out: list[MonsterBoard] = []
    for i, entry in enumerate(entries):
        name = entry.get("name") if isinstance(entry, dict) else None
        rule = entry.get("rule") if isinstance(entry, dict) else None
        if not isinstance(name, str) or not isinstance(rule, str):
            raise ValueError(f"{path}: monsters[{i}] needs a name and a rule")
        hearts = hearts_of.get(name)
        if hearts is None:
            raise ValueError(f"{path}: monsters[{i}] {name!r} has no monster file under "
                             f"spec/cards/{game}/monsters/")
        out.append(MonsterBoard(name, hearts, rule))
    return tuple(out)


@dataclass(frozen=True)
class BuzzTile:
    """A Buzz tile of a game's box (spec/games/<game>.yaml ``buzz-tiles``)."""

    id: str
    spaces: tuple[tuple[str, int], ...]
    """Each space's bonus in the tile's own order: (kind, amount); kind "none" for none."""
    lengthen: tuple[str, int] | None
    """The bonus of the extra space a lengthening tile adds between its two spaces."""
    shorten: bool
    king: bool
    copies: int
    rule: str


BONUS_KINDS = ("none", "smash", "heal", "energy", "dice-token")


def _bonus(text: object, where: str) -> tuple[str, int]:
    parts = str(text).split()
    amount = -1
    if len(parts) == 1:
        amount = 1
    elif len(parts) == 2 and parts[1].isdigit():
        amount = int(parts[1])
    if not parts or parts[0] not in BONUS_KINDS or amount < 1:
        raise ValueError(f"{where}: a bonus is one of {', '.join(BONUS_KINDS)} (and an "
                         f"amount), got {text!r}")
    return (parts[0], 0 if parts[0] == "none" else amount)


@cache
def game_buzz_tiles(game: str) -> tuple[BuzzTile, ...]:
    """The Buzz tiles of ``game`` (none if its file lists none); a malformed entry is a
    ValueError naming the file and the entry."""
    path = spec_dir() / "games" / f"{game}.yaml"
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
    out: list[BuzzTile] = []
    for i, e in enumerate(data.get("buzz-tiles") or ()):
        where = f"{path}: buzz-tiles[{i}]"
        if not isinstance(e, dict) or not isinstance(e.get("id"), str) or not isinstance(
            e.get("spaces"), list
        ) or not 1 <= len(e["spaces"]) <= 3 or not isinstance(e.get("rule"), str):
            raise ValueError(f"{where}: needs an id, 1 to 3 spaces and a rule")
        spaces = tuple(_bonus(b, where) for b in e["spaces"])
        lengthen = _bonus(e["lengthen"], where) if "lengthen" in e else None
        shorten = bool(e.get("shorten", False))
        if (lengthen is not None and len(spaces) != 2) or (shorten and len(spaces) != 3):
            raise ValueError(f"{where}: a lengthening tile has 2 spaces, a shortening one 3")
        copies = e.get("copies", 1)
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            raise ValueError(f"{where}: copies must be a whole number >= 1")
        out.append(BuzzTile(e["id"], spaces, lengthen, shorten, bool(e.get("king", False)),
                            copies, e["rule"]))
    return tuple(out)
