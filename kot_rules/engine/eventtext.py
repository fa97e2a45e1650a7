"""The sentence a log shows for an event (:meth:`Event.describe`): one function per kind.

An event's ``detail`` is a few words the engine writes in a handful of forms (the scenario
format lists them, docs/formats/scenario.md): a reason (``card ID``, ``energy faces``), the
card a monster used (``ID``, ``ID: what it did``), or what the monster did, starting with a
verb (:data:`PREDICATES`: ``takes Superstar from Kong``). They are read here into a sentence
that starts with a capital and names cards, places and whoever caused what happened; the
event itself is not changed (records keep the engine's words).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from kot_rules.engine.events import Event
from kot_rules.engine.events import EventKind as K
from kot_rules.engine.numbers import SWEEP_COST

PREDICATES = frozenset({
    "adds", "claims", "gives", "leaves", "moves", "pushes", "rolls", "sets", "swaps", "takes",
    "trades", "treats", "destroys",
})
"""The verbs a ``used`` event's detail may start with to say what the monster did; any other
detail names the card it used."""

_CARD_ID = re.compile(r"\bcard ([a-z0-9]+(?:-[a-z0-9]+)*)")
_AN = re.compile(r"\ba (?=[aeio][a-z])")
"""``a`` before a lowercase word with a vowel sound (``an energy``; ``a unit`` stays)."""
_REROLL = re.compile(r"^reroll (\d+) x (\S+)$")


@dataclass(frozen=True)
class _Words:
    """What a sentence is made of: the event, its monsters' names, its cards' names and its
    board's places' names."""

    e: Event
    names: tuple[str, ...]
    card_name: Callable[[str], str] | None
    places: Mapping[str, str]

    @property
    def who(self) -> str:
        return self.names[self.e.seat] if self.e.seat is not None else ""

    @property
    def src(self) -> str:
        return self.names[self.e.source] if self.e.source is not None else ""

    @property
    def place(self) -> str:
        return self.places.get(self.e.place, self.e.place)

    def card(self, card_id: str) -> str:
        """A card's name (its id when the names are not known, or it is no card's id)."""
        if self.card_name is None:
            return card_id
        try:
            return self.card_name(card_id)
        except KeyError:
            return card_id

    def whose(self, thing: str) -> str:
        """``thing`` of the event's source: ``Kong's attack``, ``its own card``."""
        if self.e.source is None:
            return f"a {thing}"
        return f"its own {thing}" if self.e.source == self.e.seat else f"{self.src}'s {thing}"

    def reason(self, detail: str) -> str:
        """Why something happened, in words: card ids named, the engine's phrases read."""
        src = self.src
        head, _, rest = detail.partition(" ")
        if detail == "pays for healing" and src:
            return f"paying {src} for healing"
        if detail == "paid for healing" and src:
            return f"paid by {src} for healing"
        if detail.startswith("sold card "):
            return f"selling {self.card(detail[10:])}" + (f" to {src}" if src else "")
        if detail.startswith("moved from card "):
            return f"taken off {self.card(detail[16:])}"
        if detail.startswith("moved onto card "):
            return f"put on {self.card(detail[16:])}"
        if head == "pays" and rest.startswith("for "):
            return f"paying for {self.card(rest[4:])}"
        if head == "discards" and rest.endswith(" for its cost"):
            return f"discarding {self.card(rest[:-13])} for its cost"
        if head == "loses" and rest.startswith("what ") and rest.endswith(" gave"):
            return f"what {self.card(rest[5:-5])} gave"
        if detail.startswith("pays to move the copy of "):
            return f"moving the copy of {self.card(detail[25:])}"
        if detail == "more energy for every gain (a card)":
            return "a card adds to every gain"
        named = _CARD_ID.sub(self._named, detail)
        if named == detail and detail.startswith("card "):
            return detail[5:]  # no card id: a power's name ("card Alienoid's power")
        return named

    def _named(self, found: re.Match[str]) -> str:
        """``card ID`` as the card's name; words that are no card's id stay as they are."""
        name = self.card(found.group(1))
        return found.group(0) if name == found.group(1) else name

    def gains(self, symbol: str) -> str:
        n = self.e.amount
        reason = self.reason(self.e.detail)
        return (f"{self.who} {'gains' if n >= 0 else 'loses'} {abs(n)} {symbol}"
                + (f" ({reason})" if reason else ""))


def _tokens(n: int, kind: str) -> str:
    return f"{n} {kind} token{'' if n == 1 else 's'}"


def _turn_started(w: _Words) -> str:
    return f"--- {w.who}'s turn {w.e.amount} ---"


def _rolled(w: _Words) -> str:
    return f"{w.who} rolls {w.e.text or 'no dice'}"


def _kept(w: _Words) -> str:
    text = w.e.text
    return f"{w.who} keeps {'no dice' if text in ('', '(no dice)') else text}"


def _resolved(w: _Words) -> str:
    if w.e.detail == "resolving skipped":
        return f"{w.who} skips resolving its dice"
    return f"{w.who} resolves {w.e.text or 'no dice'}"


def _healed(w: _Words) -> str:
    n = w.e.amount
    reason = w.reason(w.e.detail)
    return (f"{w.who} {'heals' if n >= 0 else 'loses'} {abs(n)} ♥"
            + (f" ({reason})" if reason else ""))


def _from(w: _Words) -> str:
    """Where damage came from: an attack, a card, or the army (New York's units)."""
    detail = w.e.detail
    if detail == "attack":
        return w.whose("attack")
    if detail == "army":
        ouch = "its own Ouch!" if w.e.source == w.e.seat else f"{w.src}'s Ouch!"
        return f"the units in {w.place} ({ouch})" if w.e.source is not None else \
            f"the units in {w.place}"
    return w.whose("card")


def _damaged(w: _Words) -> str:
    if w.e.detail == "attack":  # the attacker is named, as the log always did
        return f"{w.who} takes {w.e.amount} damage from {w.src} (attack)"
    return f"{w.who} takes {w.e.amount} damage from {_from(w)}"


def _prevented(w: _Words) -> str:
    n, detail = w.e.amount, w.e.detail
    if detail in ("attack", "card", "army"):
        return f"{w.who} prevents {n} damage from {_from(w)} with a card"
    source = w.src or "a card"
    if detail == "hearts rolled against damage":
        return f"{w.who} prevents {n} damage from {source} with the hearts it rolled"
    return f"{w.who} prevents {n} damage from {source} with a card ({w.reason(detail)})"


def _entered(w: _Words) -> str:
    detail = w.e.detail
    if detail == "set-up":
        return f"{w.who} starts in {w.place}"
    reason = w.reason(detail)
    return f"{w.who} enters {w.place}" + (f" ({reason})" if reason else "")


def _left(w: _Words) -> str:
    detail = w.e.detail
    if detail.startswith("for ") and ": " in detail:  # New York: "for BOROUGH: why"
        to, why = detail.split(": ", 1)
        return f"{w.who} leaves {w.place} {to} ({w.reason(why)})"
    reason = w.reason(detail)
    return f"{w.who} leaves {w.place}" + (f" ({reason})" if reason else "")


def _swept(w: _Words) -> str:
    detail = w.e.text
    if w.card_name is not None and detail != "the deck is empty":
        detail = ", ".join(w.card(c) for c in detail.split(", "))
    return f"{w.who} pays {SWEEP_COST} ⚡ to sweep the shop: {detail}"


def _used(w: _Words) -> str:
    who, detail = w.who, w.e.detail
    first = detail.split(" ", 1)[0]
    if first in PREDICATES:
        return f"{who} {w.reason(detail)}"
    if who and detail.startswith(f"{who}: King tile "):  # Duel: a King tile placed or moved
        words = detail[len(who) + 12:].split(" ", 1)
        if words[0] == "move":
            return f"{who} moves a King tile from {words[1]}"
        return f"{who} places a King tile on {words[-1]}"
    if who and detail.startswith(f"{who} "):  # Duel: a monster's own power
        return f"{who} {detail[len(who) + 1:]}"
    if " copies " in detail:
        card, target = detail.split(" copies ", 1)
        return f"{who} uses {w.card(card)} to copy {w.card(target)}"
    if " swapped for " in detail:
        card, other = detail.split(" swapped for ", 1)
        return (f"{who} swaps {w.card(card)} for {w.card(other)}"
                + (f" with {w.src}" if w.src else ""))
    if detail.endswith(" die left unresolved"):
        return f"{who} leaves {detail[:-len(' left unresolved')]} unresolved"
    card, _, what = detail.partition(": ")
    card, _, ability = card.partition(" (ability ")
    text = f"{who} uses {w.card(card)}" + (f" (ability {ability}" if ability else "")
    reroll = _REROLL.match(what)
    if reroll is not None:
        n = int(reroll.group(1))
        what = f"rerolls {n} {'die' if n == 1 else 'dice'} showing {reroll.group(2)}"
    return text + (f": {what}" if what else "")


def _card_lost(w: _Words) -> str:
    detail = w.e.detail
    if " copies " in detail:
        card, target = detail.split(" copies ", 1)
        return f"{w.who} loses the copy of {w.card(target)} that {w.card(card)} made"
    return f"{w.who} loses {w.card(detail)}"


def _tokens_event(w: _Words) -> str:
    n, kind = w.e.amount, w.e.detail
    if w.e.place:  # New York: a token left in a borough
        return f"{w.who} puts {_tokens(n, kind)} in {w.place}"
    if n < 0:
        return f"{w.who} loses {_tokens(-n, kind)}"
    given = w.e.source is not None and w.e.source != w.e.seat
    return f"{w.who} gets {_tokens(n, kind)}" + (f" from {w.src}" if given else "")


def _held(w: _Words) -> str:
    n = w.e.amount
    kind, _, card = w.e.detail.partition(" on ")
    thing = f"{abs(n)} energy" if kind == "energy" else _tokens(abs(n), kind)
    if n < 0:
        return f"{w.who} takes {thing} off {w.card(card)}"
    return f"{w.who} puts {thing} on {w.card(card)}"


def _pulled(w: _Words) -> str:
    track, _, extra = w.e.detail.partition(" (")
    return (f"{w.who} pulls the {track} marker to {w.e.amount:+d}"
            + (f" (the {extra[:-1].removesuffix(' above')} above it)" if extra else ""))


def _tile_placed(w: _Words) -> str:
    detail = w.e.detail
    if detail.endswith(" (moved)"):
        return f"{w.who} moves the Buzz tile {detail[:-8].replace(' on ', ' to ', 1)}"
    if detail.endswith(" stays: a marker stands on it"):
        return (f"{w.who} leaves the Buzz tile {detail[:-29]} where it is: a marker stands "
                "on it")
    return f"{w.who} places the Buzz tile {detail}"


TEXTS: dict[K, Callable[[_Words], str]] = {
    K.FIRST_PLAYER: lambda w: f"{w.who} starts the game",
    K.TURN_STARTED: _turn_started,
    K.ROLLED: _rolled,
    K.KEPT: _kept,
    K.RESOLVED: _resolved,
    K.STARS: lambda w: w.gains("★"),
    K.ENERGY: lambda w: w.gains("⚡"),
    K.HEALED: _healed,
    K.DAMAGED: _damaged,
    K.PREVENTED: _prevented,
    K.ENTERED: _entered,
    K.YIELDED: lambda w: f"{w.who} yields {w.place}",
    K.STAYED: lambda w: f"{w.who} stays in {w.place}",
    K.LEFT: _left,
    K.ELIMINATED: lambda w: f"{w.who} is eliminated",
    K.BOUGHT: lambda w: f"{w.who} buys {w.card(w.e.detail)} for {w.e.amount} ⚡",
    K.SWEPT: _swept,
    K.DECK_EMPTY: lambda w: "The deck is empty: the shop is not refilled",
    K.TURN_ENDED: lambda w: f"{w.who} ends the turn",
    K.WON: lambda w: f"{w.who} wins ({w.reason(w.e.detail)})",
    K.DRAW: lambda w: f"The game is a draw ({w.reason(w.e.detail)})",
    K.USED: _used,
    K.CARD_LOST: _card_lost,
    K.TOKENS: _tokens_event,
    K.HELD: _held,
    K.PULLED: _pulled,
    K.TILE_PLACED: _tile_placed,
}
"""The sentence of each event kind (a kind without one has no sentence: a test checks)."""


def sentence(e: Event, names: tuple[str, ...] | list[str],
             card_name: Callable[[str], str] | None = None,
             places: Mapping[str, str] | None = None) -> str:
    """The sentence for ``e``; ``names`` are the monsters' names by seat, ``card_name``
    turns a card id into its name and ``places`` a place id into its name (the game's
    ``GameRules.place_names``; without them, ids are shown)."""
    words = _Words(e, tuple(names), card_name, {} if places is None else places)
    return _AN.sub("an ", TEXTS[e.kind](words))
