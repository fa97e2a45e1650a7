"""A scenario's ``expect:`` judged against a state view (the state JSON any engine reports).

The scenario runner judges the reference engine's states and ``kot-rules conform`` judges
another engine's answers with this one comparator: :func:`state_view` is the state JSON of
docs/formats/state.md plus three keys read off the position (``monsters[].place``,
``monsters[].eliminated``, ``waiting_for``); :func:`compare` reads only the keys an
expectation names (:func:`needed_fields` lists them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kot_rules.engine import dice
from kot_rules.engine.cards import CardCatalog, CardTable
from kot_rules.engine.dice import Face
from kot_rules.engine.events import Event
from kot_rules.engine.eventtext import sentence
from kot_rules.engine.state import CHANCE, TERMINAL, State

MANHATTAN_PATHS = ("2-4", "5-6")
"""The keys of King of New York's ``board.zones`` in the state JSON (docs/formats/state.md):
the zone of ``city``'s path, then of ``bay``'s."""

MONSTER_FIELDS: dict[str, tuple[str, ...]] = {
    "hearts": ("monsters.hearts",),
    "max_hearts": ("monsters.max_hearts",),
    "stars": ("monsters.stars",),
    "energy": ("monsters.energy",),
    "place": ("monsters.place",),
    "eliminated": ("monsters.eliminated",),
    "cards": ("monsters.cards",),
    "tokens": ("tokens",),
    "dice_tokens": ("board.dice_tokens",),
    "borough": ("board.where",),
    "zone": ("board.zones", "city", "bay"),
}
"""The view fields an expectation on a monster reads, by its key."""

TOP_FIELDS: dict[str, tuple[str, ...]] = {
    "city": ("city",),
    "bay": ("bay",),
    "active": ("active",),
    "turn": ("turn",),
    "phase": ("phase",),
    "waiting_for": ("waiting_for",),
    "outcome": ("outcome",),
    "shop": ("shop",),
    "discard": ("discard",),
    "deck_size": ("deck",),
    "shop_size": ("shop",),
    "discard_size": ("discard",),
    "held": ("held",),
    "dice": ("dice",),
    "fame": ("board.fame",),
    "destruction": ("board.destruction",),
    "tiles": ("board.tiles",),
    "stack_heights": ("board.stacks",),
    "unit_counts": ("board.units",),
    "events": ("events",),
    "absent_events": ("events",),
}
"""The view fields a top-level expectation reads, by its key (``board.KEY``: ``board.KEY``)."""

def state_view(state: State) -> dict[str, Any]:
    """``state.to_json()`` without its events, plus ``monsters[].place`` (``outside``,
    ``city`` or ``bay``), ``monsters[].eliminated`` and ``waiting_for`` (the seat that
    decides next, ``"chance"``, or null once the game is over)."""
    data = state.to_json()
    data.pop("events", None)
    for seat, m in enumerate(data["monsters"]):
        m["place"] = state.place_of(seat).value
        m["eliminated"] = not state.monsters[seat].alive
    p = state.current_player()
    data["waiting_for"] = "chance" if p == CHANCE else None if p == TERMINAL else p
    return data


def needed_fields(exp: dict[str, Any]) -> list[tuple[str, str]]:
    """Each ``(key, field)`` the expectation ``exp`` reads: the expectation's key as the
    scenario writes it (``monsters.Kraken.place``) and the view field it needs."""
    out: list[tuple[str, str]] = []
    for key, value in exp.items():
        if key == "monsters":
            for name, fields in value.items():
                out += [(f"monsters.{name}.{k}", f) for k in fields for f in MONSTER_FIELDS[k]]
        elif key == "board":
            out += [(f"board.{k}", f"board.{k}") for k in value]
        elif key in TOP_FIELDS:
            out += [(key, f) for f in TOP_FIELDS[key]]
    return out


@dataclass(frozen=True)
class Table:
    """What a comparison needs besides the view: the monsters' names in seat order, the
    card catalogue (names of card ids) and the faces of the game's die."""

    names: tuple[str, ...]
    cards: CardCatalog
    faces: tuple[Face, ...]

    @classmethod
    def of(cls, state: State) -> Table:
        return cls(state.names, state.game.cards, state.game.rules.dice.faces)

    def ids(self, text: str) -> tuple[str, ...]:
        """The card ids a scenario's card name stands for."""
        if isinstance(self.cards, CardTable):
            return self.cards.resolve(text)
        return (text,) if text in self.cards.physical_ids() else ()

    def named(self, items: Iterable[str]) -> list[str]:
        """Card names (not ids), so a scenario can name a card without its copy number."""
        table = self.cards
        out = []
        for c in items:
            if c in table.physical_ids():
                out.append(table.name(c))
            elif isinstance(table, CardTable) and table.resolve(c):
                out.append(table.name(table.resolve(c)[0]))
            else:
                out.append(c)
        return out

    def counts(self, faces: Sequence[Any]) -> dice.Counts:
        """The dice ``faces`` names, on the game's die."""
        if self.faces is dice.FACES:
            return dice.counts_of(Face.parse(x) for x in faces)
        return dice.counts_in(list(faces), self.faces)


def compare(
    exp: dict[str, Any], view: dict[str, Any], events: Sequence[Event], table: Table, where: str
) -> list[str]:
    """What differs between ``exp`` and the position ``view`` (with the ``events`` since
    the set-up), one line each; an empty list when everything expected holds."""
    names = table.names
    problems: list[str] = []

    def differ(what: str, want: object, got: object) -> None:
        problems.append(f"{where}: {what}: expected {want!r}, got {got!r}")

    for mname, fields in exp.get("monsters", {}).items():
        seat = names.index(mname)
        m = view["monsters"][seat] if "monsters" in view else {}
        for k, want in fields.items():
            if k == "cards":
                got: object = sorted(table.named(m["cards"]))
                want = sorted(table.named(want))
            elif k == "tokens":
                got = {t["kind"]: t["count"] for t in view["tokens"] if t["monster"] == seat}
                want = {kind: n for kind, n in want.items() if n}
            elif k == "dice_tokens":
                got = view["board"]["dice_tokens"][seat]
            elif k in ("borough", "zone"):
                continue  # King of New York's board: _compare_new_york
            else:
                got = m[k]
            if got != want:
                differ(f"{mname}.{k}", want, got)
    for k in ("city", "bay"):
        if k in exp:
            got = None if view[k] is None else names[view[k]]
            if got != exp[k]:
                differ(f"Tokyo {k}", exp[k], got)
    if "active" in exp and names[view["active"]] != exp["active"]:
        differ("active monster", exp["active"], names[view["active"]])
    if "turn" in exp and view["turn"] != exp["turn"]:
        differ("turn", exp["turn"], view["turn"])
    if "phase" in exp and view["phase"] != exp["phase"]:
        differ("phase", exp["phase"], view["phase"])
    if "waiting_for" in exp:
        p = view["waiting_for"]
        got = "chance" if p == "chance" else None if p is None else names[p]
        if got != exp["waiting_for"]:
            differ("waiting for", exp["waiting_for"], got)
    for key in ("fame", "destruction"):
        if key in exp and view["board"][key] != exp[key]:
            differ(f"the {key} marker", exp[key], view["board"][key])
    if "tiles" in exp:  # King of Tokyo: Duel's Buzz tiles on the tracks, in any order
        want_tiles = sorted(_placed(t) for t in exp["tiles"])
        got_tiles = sorted(_placed(t) for t in view["board"]["tiles"])
        if got_tiles != want_tiles:
            differ("Buzz tiles", want_tiles, got_tiles)
    if "board" in exp or "stack_heights" in exp or "unit_counts" in exp or any(
        "borough" in f or "zone" in f for f in exp.get("monsters", {}).values()
    ):
        _compare_new_york(exp, view, names, differ)
    if "outcome" in exp:
        o = view["outcome"]
        got = None if o is None else "draw" if o["winner"] is None else {
            "winner": names[o["winner"]]}
        if isinstance(got, dict) and o is not None and isinstance(exp["outcome"], dict) and (
            "victory" in exp["outcome"]
        ):
            got["victory"] = o.get("victory")
        if got != exp["outcome"]:
            differ("outcome", exp["outcome"], got)
    for key in ("shop", "discard"):
        if key in exp and sorted(table.named(view[key])) != sorted(table.named(exp[key])):
            differ(key, exp[key], table.named(view[key]))
    for key, pile in (("deck_size", "deck"), ("shop_size", "shop"), ("discard_size", "discard")):
        if key in exp and len(view[pile]) != exp[key]:
            differ(f"{pile} size", exp[key], len(view[pile]))
    for name, kinds in exp.get("held", {}).items():
        ids = table.ids(name) if isinstance(table.cards, CardTable) else (name,)
        got_held = {t["kind"]: t["count"] for t in view["held"] if t["card"] in ids}
        want_held = {k: n for k, n in kinds.items() if n}
        if got_held != want_held:
            differ(f"held on {name}", want_held, got_held)
    if "dice" in exp:
        want_dice, got_dice = table.counts(exp["dice"]), table.counts(view["dice"])
        if want_dice != got_dice:
            differ("dice", dice.describe(want_dice, table.faces),
                   dice.describe(got_dice, table.faces))
    _compare_events(exp, list(events), names, where, problems)
    return problems


def _placed(t: dict[str, Any]) -> tuple[str, str, tuple[int, ...]]:
    return (t["tile"], t["track"], tuple(t["spaces"]))


def _compare_events(
    exp: dict[str, Any], events: list[Event], names: tuple[str, ...], where: str,
    problems: list[str],
) -> None:
    """Expected events: an ordered subsequence of what happened; absent events: none."""
    i = 0
    for pattern in exp.get("events", []):
        while i < len(events) and not event_matches(events[i], pattern, names):
            i += 1
        if i == len(events):
            problems.append(
                f"{where}: expected event {pattern} (in this order) did not happen; "
                f"last events: {describe_events(events, names)}"
            )
            break
        i += 1
    for pattern in exp.get("absent_events", []):
        hit = next((e for e in events if event_matches(e, pattern, names)), None)
        if hit is not None:
            said = sentence(hit, tuple(names))
            problems.append(f"{where}: event {pattern} must not happen, but: {said}")


def event_matches(e: Event, pattern: dict[str, Any], names: tuple[str, ...]) -> bool:
    """Whether event ``e`` has every field of a scenario's event ``pattern``."""
    for k, v in pattern.items():
        if k == "kind":
            ok = e.kind.value == v
        elif k == "monster":
            ok = e.seat is not None and names[e.seat] == v
        elif k == "source":
            ok = e.source is not None and names[e.source] == v
        elif k == "amount":
            ok = e.amount == v
        elif k == "place":
            ok = e.place == v
        elif k == "detail":
            ok = e.detail == v
        elif k == "dice":
            ok = tuple(e.dice) == dice.counts_of(Face.parse(x) for x in v)
        else:
            ok = False
        if not ok:
            return False
    return True


def describe_events(events: list[Event], names: tuple[str, ...]) -> str:
    """The last twelve events, for a report."""
    return "; ".join(sentence(e, tuple(names)) for e in events[-12:])


def _compare_new_york(exp: dict[str, Any], view: dict[str, Any], names: tuple[str, ...],
                      differ: Any) -> None:
    """King of New York's board against a scenario's expectation: each named monster's
    borough and zone, each key of ``board`` as the board's JSON has it (units in any order;
    the special cards' holders by name), and the counts of tiles in stacks and of units."""
    data: dict[str, Any] = view.get("board", {})
    for b, want_h in exp.get("stack_heights", {}).items():
        got_h = [len(st) for st in data["stacks"][b]]
        if got_h != list(want_h):
            differ(f"tiles in the stacks of {b}", list(want_h), got_h)
    for b, want_n in exp.get("unit_counts", {}).items():
        if len(data["units"][b]) != want_n:
            differ(f"units in {b}", want_n, len(data["units"][b]))
    for mname, fields in exp.get("monsters", {}).items():
        seat = names.index(mname)
        if "borough" in fields and (data["where"][seat] or None) != fields["borough"]:
            differ(f"{mname}.borough", fields["borough"], data["where"][seat] or None)
        if "zone" in fields:
            path = (0 if seat == view["city"] else 1 if seat == view["bay"] else None)
            zone = None if path is None else data["zones"][MANHATTAN_PATHS[path]]
            if zone != fields["zone"]:
                differ(f"{mname}.zone", fields["zone"], zone)
    for key, want in exp.get("board", {}).items():
        got: Any = data[key]
        want_v: Any = want
        if key in ("superstar", "statue"):
            got = None if got is None else names[got]
        elif key in ("stacks", "units"):
            got = {b: got[b] for b in want}
            if key == "units":
                got = {b: sorted(v) for b, v in got.items()}
                want_v = {b: sorted(v) for b, v in want.items()}
        elif key in ("fresh", "destroyed", "destroyed_units"):
            got, want_v = sorted(got), sorted(want)
        if got != want_v:
            differ(f"board.{key}", want_v, got)
