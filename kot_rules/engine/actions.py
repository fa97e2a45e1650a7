"""Actions: the decisions a monster takes and the chance outcomes of the dice.

Every action is a small frozen value with a JSON form (``to_json``) that
:func:`action_from_json` reads back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn

from kot_rules.engine import dice
from kot_rules.engine.dice import Counts, Face
from kot_rules.engine.errors import IllegalActionError, StateFormatError


def _faces_json(counts: Counts) -> list[str]:
    return [face.value for face in dice.faces_of(counts)]


def _faces_from_json(value: object, what: str) -> Counts:
    if not isinstance(value, list):
        raise StateFormatError(f"{what}: expected a list of die faces, got {value!r}")
    return dice.counts_of(Face.parse(v) for v in value)


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the faces shown by the dice just thrown."""

    counts: Counts

    def __post_init__(self) -> None:
        # No malformed roll exists: compiled code reads the counts as six typed ints.
        if not is_counts(self.counts):
            _refuse("a roll", self.counts, "six counts of dice (one per face, none negative)")

    @classmethod
    def of(cls, *faces: Face | int | str) -> Roll:
        return cls(dice.counts_of(f if isinstance(f, Face) else Face.parse(f) for f in faces))

    def to_json(self) -> dict[str, Any]:
        return {"type": "roll", "faces": _faces_json(self.counts)}

    def __str__(self) -> str:
        return f"roll {dice.describe(self.counts)}"


def is_counts(value: object) -> bool:
    """Whether ``value`` is a multiset of dice: a tuple of six non-negative ints."""
    if type(value) is not tuple or len(value) != 6:
        return False
    a, b, c, d, e, f = value  # unrolled: built at every roll of a game that asks
    return (
        type(a) is int and type(b) is int and type(c) is int and type(d) is int
        and type(e) is int and type(f) is int and min(value) >= 0
    )


def _int(value: object) -> bool:
    """Whether ``value`` is an int (not a bool); whether it is in range is the state's to
    say (an illegal action)."""
    return type(value) is int


def _refuse(what: str, value: object, expected: str) -> NoReturn:
    """An action of the wrong shape is refused when built, on either engine: compiled code
    reads its fields as typed values and would raise TypeError instead."""
    raise IllegalActionError(f"not {what}: {value!r} is not {expected}")


def roll_counts(action: object, dice_thrown: int) -> Counts | None:
    """The counts of ``action`` if it is a :class:`Roll` of exactly ``dice_thrown`` dice
    (every Roll holds six counts: :meth:`Roll.__post_init__`), else None."""
    if not isinstance(action, Roll):
        return None
    c = action.counts
    return c if sum(c) == dice_thrown else None


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """Chance: the monster that starts the game (Czech roll-off) [004 §PRŮBĚH HRY]."""

    seat: int

    def __post_init__(self) -> None:
        if not _int(self.seat):
            _refuse("a first player", self.seat, "a seat (an int)")

    def to_json(self) -> dict[str, Any]:
        return {"type": "first-player", "seat": self.seat}

    def __str__(self) -> str:
        return f"first player: seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Keep these dice and reroll all the others (at least one die is rerolled)."""

    keep: Counts

    def __post_init__(self) -> None:
        # No malformed keep exists: compiled code reads it as six typed ints.
        if not is_counts(self.keep):
            _refuse("a keep", self.keep, "six counts of dice (one per face, none negative)")

    @classmethod
    def keeping(cls, *faces: Face | int | str) -> Reroll:
        return cls(dice.counts_of(f if isinstance(f, Face) else Face.parse(f) for f in faces))

    def to_json(self) -> dict[str, Any]:
        return {"type": "reroll", "keep": _faces_json(self.keep)}

    def __str__(self) -> str:
        return f"keep {dice.describe(self.keep)} and reroll the rest"


@dataclass(frozen=True, slots=True)
class StopRolling:
    """Stop rolling early and resolve the dice as they are."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "stop"}

    def __str__(self) -> str:
        return "stop rolling"


@dataclass(frozen=True, slots=True)
class YieldTokyo:
    """An attacked monster in Tokyo leaves its place to the attacker."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "yield"}

    def __str__(self) -> str:
        return "yield Tokyo"


@dataclass(frozen=True, slots=True)
class StayInTokyo:
    """An attacked monster in Tokyo stays where it is."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "stay"}

    def __str__(self) -> str:
        return "stay in Tokyo"


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a card by its physical id: a face-up card, or one a card lets its owner buy
    (the top of the deck; with ``seller``, a keep card that monster owns)."""

    card: str
    seller: int | None = None

    def __post_init__(self) -> None:
        if type(self.card) is not str:
            _refuse("a buy", self.card, "a card id (text)")
        if self.seller is not None and not _int(self.seller):
            _refuse("a buy", self.seller, "a seller's seat (an int)")

    def to_json(self) -> dict[str, Any]:
        if self.seller is None:
            return {"type": "buy", "card": self.card}
        return {"type": "buy", "card": self.card, "from": self.seller}

    def __str__(self) -> str:
        if self.seller is None:
            return f"buy {self.card}"
        return f"buy {self.card} from seat {self.seller}"


@dataclass(frozen=True, slots=True)
class Sweep:
    """Pay 2 energy to discard the three face-up cards and reveal three new ones."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "sweep"}

    def __str__(self) -> str:
        return "sweep the shop"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Buy nothing more and end the turn."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "end-turn"}

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True, slots=True)
class UseCard:
    """Use an ability of one of your cards (the ``ability``-th that you may use at will).

    ``die`` is the face of the die the ability changes or rerolls, ``to`` the face it
    is changed to, ``count`` how many dice showing ``die`` are rerolled.
    """

    card: str
    ability: int = 0
    die: Face | None = None
    to: Face | None = None
    count: int = 0

    def __post_init__(self) -> None:
        if type(self.card) is not str:
            _refuse("a card's use", self.card, "a card id (text)")
        if not _int(self.ability):
            _refuse("a card's use", self.ability, "an ability's index (an int)")
        for face in (self.die, self.to):
            if face is not None and type(face) is not Face:
                _refuse("a card's use", face, "a die face")
        if not _int(self.count):
            _refuse("a card's use", self.count, "a number of dice (an int)")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "use", "card": self.card, "ability": self.ability}
        if self.die is not None:
            data["die"] = self.die.value
        if self.to is not None:
            data["to"] = self.to.value
        if self.count:
            data["count"] = self.count
        return data

    def __str__(self) -> str:
        text = f"use {self.card}"
        if self.ability:
            text += f" (ability {self.ability})"
        if self.die is not None and self.to is not None:
            text += f": a {self.die.value} becomes a {self.to.value}"
        elif self.die is not None:
            text += f": reroll {self.count} x {self.die.value}"
        return text


@dataclass(frozen=True, slots=True)
class Choose:
    """An answer to a question a card asks: the option named ``key``."""

    key: str

    def __post_init__(self) -> None:
        if type(self.key) is not str:
            _refuse("an answer", self.key, "an option's name (text)")

    def to_json(self) -> dict[str, Any]:
        return {"type": "choose", "option": self.key}

    def __str__(self) -> str:
        return f"choose {self.key}"


@dataclass(frozen=True, slots=True)
class SpendDiceTokens:
    """Duel: discard this many dice tokens before the first roll, one extra die each
    (duel.roll.dice-tokens); 0 spends none."""

    count: int

    def __post_init__(self) -> None:
        if not _int(self.count):
            _refuse("a spending of dice tokens", self.count, "a number (an int)")

    def to_json(self) -> dict[str, Any]:
        return {"type": "spend-dice-tokens", "count": self.count}

    def __str__(self) -> str:
        return f"spend {self.count} dice token{'' if self.count == 1 else 's'}"


@dataclass(frozen=True, slots=True)
class ResolveFaces:
    """Duel: resolve every die showing this face now (D-DUEL-RESOLVE-ORDER)."""

    face: Face

    def __post_init__(self) -> None:
        if type(self.face) is not Face:
            _refuse("a resolution", self.face, "a die face")

    def to_json(self) -> dict[str, Any]:
        return {"type": "resolve", "face": self.face.value}

    def __str__(self) -> str:
        return f"resolve {self.face.value}"


ChanceOutcome = Roll | FirstPlayer
Decision = (
    Reroll | StopRolling | YieldTokyo | StayInTokyo | Buy | Sweep | EndTurn | UseCard | Choose
    | SpendDiceTokens | ResolveFaces
)
Action = ChanceOutcome | Decision

STOP = StopRolling()
YIELD = YieldTokyo()
STAY = StayInTokyo()
SWEEP = Sweep()
END_TURN = EndTurn()


def action_to_json(action: Action, faces: tuple[Face, ...] = dice.FACES) -> dict[str, Any]:
    """The JSON form of ``action`` in a game whose die shows ``faces`` (its DiceSpec.faces):
    rolls and keeps name that game's faces."""
    if faces is not dice.FACES:
        if isinstance(action, Roll):
            return {"type": "roll", "faces": [f.value for f in dice.faces_of(action.counts, faces)]}
        if isinstance(action, Reroll):
            return {"type": "reroll", "keep": [f.value for f in dice.faces_of(action.keep, faces)]}
    return action.to_json()


def action_from_json(data: object, faces: tuple[Face, ...] = dice.FACES) -> Action:
    """Read an action from its JSON form (die faces as ``faces`` names them, a game's
    DiceSpec.faces); raises :class:`StateFormatError`."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise StateFormatError(f"an action is an object with a 'type', got {data!r}")
    kind = data["type"]
    if faces is not dice.FACES and kind in ("roll", "reroll"):
        field_name = "faces" if kind == "roll" else "keep"
        value = data.get(field_name)
        if not isinstance(value, list):
            raise StateFormatError(f"{kind}.{field_name}: expected a list of die faces, "
                                   f"got {value!r}")
        counts = dice.counts_in(value, faces)
        return Roll(counts) if kind == "roll" else Reroll(counts)
    if kind == "spend-dice-tokens":
        count = data.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise StateFormatError(f"spend-dice-tokens.count: expected a whole number >= 0, "
                                   f"got {count!r}")
        return SpendDiceTokens(count)
    if kind == "resolve":
        face = data.get("face")
        if faces is dice.FACES or not isinstance(face, str):
            raise StateFormatError(f"resolve: a Duel action, with a face; got {data!r}")
        return ResolveFaces(faces[dice.counts_in([face], faces).index(1)])
    if kind == "roll":
        return Roll(_faces_from_json(data.get("faces"), "roll.faces"))
    if kind == "reroll":
        return Reroll(_faces_from_json(data.get("keep"), "reroll.keep"))
    if kind == "first-player":
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise StateFormatError(f"first-player.seat: expected a seat number, got {seat!r}")
        return FirstPlayer(seat)
    if kind == "buy":
        card = data.get("card")
        if not isinstance(card, str):
            raise StateFormatError(f"buy.card: expected a card id, got {card!r}")
        seller = data.get("from")
        if seller is not None and (not isinstance(seller, int) or isinstance(seller, bool)):
            raise StateFormatError(f"buy.from: expected a seat number, got {seller!r}")
        return Buy(card, seller)
    if kind == "choose":
        key = data.get("option")
        if not isinstance(key, str):
            raise StateFormatError(f"choose.option: expected a string, got {key!r}")
        return Choose(key)
    if kind == "use":
        return _use_from_json(data)
    simple: dict[str, Action] = {
        "stop": STOP,
        "yield": YIELD,
        "stay": STAY,
        "sweep": SWEEP,
        "end-turn": END_TURN,
    }
    if kind in simple:
        return simple[kind]
    known = ("roll, first-player, reroll, stop, yield, stay, buy, sweep, end-turn, use, choose, "
             "spend-dice-tokens, resolve")
    raise StateFormatError(f"unknown action type {kind!r}: expected one of {known}")


PASS = Choose("pass")
"""The answer that declines what a card offers."""


def _use_from_json(data: dict[str, Any]) -> UseCard:
    card = data.get("card")
    ability = data.get("ability", 0)
    count = data.get("count", 0)
    if not isinstance(card, str):
        raise StateFormatError(f"use.card: expected a card id, got {card!r}")
    for name, value in (("ability", ability), ("count", count)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise StateFormatError(f"use.{name}: expected a whole number >= 0, got {value!r}")
    faces: list[Face | None] = []
    for name in ("die", "to"):
        value = data.get(name)
        faces.append(None if value is None else Face.parse(value))
    return UseCard(card, ability, faces[0], faces[1], count)
