"""King of Tokyo's ruleset options: the numbers a game may change and the readings it picks."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from kot_rules.engine.errors import ConfigError
from kot_rules.engine.numbers import DICE, MAX_HEARTS, ROLLS, START_HEARTS, WIN_STARS


class FirstPlayerRule(Enum):
    """Who starts (decision D-FIRST-PLAYER)."""

    SEAT_ORDER = "seat-order"
    """Seat 0 starts: the table chose it (loudest roar / youngest) [000/001 §PRZEBIEG GRY]."""
    ROLL = "roll"
    """Most claws on six dice starts, ties reroll [004]: a chance node, 1/N each."""


@dataclass(frozen=True)
class Options:
    """Ruleset options. ``tokyo_bay=None`` means: on for 5-6 monsters, off otherwise."""

    tokyo_bay: bool | None = None
    first_player: FirstPlayerRule = FirstPlayerRule.SEAT_ORDER
    dice: int = DICE
    rolls: int = ROLLS
    win_stars: int = WIN_STARS
    start_hearts: int = START_HEARTS
    max_hearts: int = MAX_HEARTS
    bonus_claws: bool = False
    """The 2016 reading of damage cards add to a turn's attack: the added damage counts as
    claws, so with no claw rolled it is still an attack (entering Tokyo, yielding), and a
    bonus that needs an attack ("add 2 damage to your attack") adds its
    claws even with none rolled. Off: the first edition's reading (D-ATTACK-BONUS,
    D-ADDED-DAMAGE-NEEDS-A-CLAW)."""
    heart_cap: int | None = None
    """The later IELLO clarification "no monster can ever have more than 12 hearts"
    (kot-cards R6): with a cap, healing never takes a monster above it, even when its
    maximum is higher (a card raising the maximum twice: 14, yet hearts at most 12).
    None: the seed's reading, hearts up to the maximum (D-HEART-CAP)."""
    neighbours_attacked_only: bool = False
    """The Czech rulebook's reading of damage to "each of your neighbours" when its owner
    attacks: only a neighbour that lost hearts to that attack takes it. Off: the seed's
    reading, both neighbours take it, attacked or not (D-NEIGHBOUR-DAMAGE)."""
    revived_leaves_tokyo: bool = False
    """The 2016 edition's reading of a card that replaces its owner's elimination: the monster goes
    on outside Tokyo. Off: the first edition's text, which has no Tokyo clause, so it
    stays where it is (D-REVIVED-IN-TOKYO)."""
    probe_after_last_roll: bool = False
    """The second edition's reading of a card that rerolls another monster's die: it acts
    only after that monster's last roll. Off: the first edition's "once on each other
    monster's turn", after any of its rolls (D-OTHERS-DICE)."""
    refund_printed_cost: bool = False
    """The 2016 rulebook's reading (kot-cards R16): a card discarded for its cost
    gives back its full printed cost. Off: the first edition's "the energy they were
    purchased for", what its owner paid (D-SELL-REFUND)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "tokyo_bay": self.tokyo_bay,
            "first_player": self.first_player.value,
            "dice": self.dice,
            "rolls": self.rolls,
            "win_stars": self.win_stars,
            "start_hearts": self.start_hearts,
            "max_hearts": self.max_hearts,
            "bonus_claws": self.bonus_claws,
            "heart_cap": self.heart_cap,
            "neighbours_attacked_only": self.neighbours_attacked_only,
            "revived_leaves_tokyo": self.revived_leaves_tokyo,
            "probe_after_last_roll": self.probe_after_last_roll,
            "refund_printed_cost": self.refund_printed_cost,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Options:
        known = set(cls().to_json())
        unknown = set(data) - known
        if unknown:
            raise ConfigError(f"unknown option(s) {sorted(unknown)}: known are {sorted(known)}")
        kw = dict(data)
        for key, value in kw.items():
            if key in ("bonus_claws", "neighbours_attacked_only", "revived_leaves_tokyo",
                       "probe_after_last_roll", "refund_printed_cost"):
                if not isinstance(value, bool):
                    raise ConfigError(f"option {key}: expected true or false, got {value!r}")
            elif key == "heart_cap":
                if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                    raise ConfigError(
                        f"option heart_cap: expected a whole number or null, got {value!r}"
                    )
            elif key == "tokyo_bay":
                if value is not None and not isinstance(value, bool):
                    raise ConfigError(
                        f"option tokyo_bay: expected true, false or null, got {value!r}"
                    )
            elif key != "first_player" and (not isinstance(value, int) or isinstance(value, bool)):
                raise ConfigError(f"option {key}: expected a whole number, got {value!r}")
        if "first_player" in kw:
            try:
                kw["first_player"] = FirstPlayerRule(kw["first_player"])
            except ValueError:
                choices = [r.value for r in FirstPlayerRule]
                raise ConfigError(
                    f"first_player: expected one of {choices}, got {kw['first_player']!r}"
                ) from None
        return cls(**kw)
