"""ToyTokyo: a toy King of Tokyo engine with the base dice only (no cards, no Tokyo Bay).

Not part of kot-rules and unaware of it: it stands for "your engine" in the adapter
walk-through of docs/conform/index.md (toy_adapter.py puts it under test).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

FACES = ("1", "2", "3", "energy", "heart", "claw")


class Illegal(Exception):
    """Not allowed now; the game is left as it was."""


@dataclass
class Monster:
    name: str
    hearts: int = 10
    max_hearts: int = 10
    stars: int = 0
    energy: int = 0


@dataclass
class Game:
    monsters: list[Monster]
    active: int = 0
    turn: int = 1
    tokyo: int | None = None
    phase: str = "roll"  # roll, keep, yield, buy, over
    dice: list[str] = field(default_factory=list)
    to_roll: int = 6
    rolls: int = 0
    winner: int | None = None  # once the phase is "over": None is a draw

    def alive(self, seat: int) -> bool:
        return self.monsters[seat].hearts > 0

    def roll(self, faces: list[str]) -> None:
        if self.phase != "roll" or len(faces) != self.to_roll or not set(faces) <= set(FACES):
            raise Illegal(f"a roll of {self.to_roll} dice is not what the game waits for")
        self.dice += faces
        self.rolls += 1
        if self.rolls == 3:
            self._resolve()
        else:
            self.phase = "keep"

    def reroll(self, keep: list[str]) -> None:
        if self.phase != "keep" or Counter(keep) - Counter(self.dice) or \
                len(keep) >= len(self.dice):
            raise Illegal("keep only dice on the table, and reroll at least one")
        self.to_roll = len(self.dice) - len(keep)
        self.dice = list(keep)
        self.phase = "roll"

    def stop(self) -> None:
        if self.phase != "keep":
            raise Illegal("nothing to stop")
        self._resolve()

    def _resolve(self) -> None:
        me, count = self.monsters[self.active], Counter(self.dice)
        for n in (1, 2, 3):
            if count[str(n)] >= 3:
                me.stars += n + count[str(n)] - 3
        me.energy += count["energy"]
        if self.tokyo != self.active:
            me.hearts = min(me.max_hearts, me.hearts + count["heart"])
        self.phase = "buy"
        claws = count["claw"]
        if not claws:
            return
        if self.tokyo == self.active:
            for seat, m in enumerate(self.monsters):
                if seat != self.active and m.hearts > 0:
                    m.hearts = max(0, m.hearts - claws)
        elif self.tokyo is None:
            self._enter()
        else:
            self.monsters[self.tokyo].hearts = max(0, self.monsters[self.tokyo].hearts - claws)
            if self.alive(self.tokyo):
                self.phase = "yield"  # the monster in Tokyo decides: yield or stay
            else:
                self.tokyo = None
                self._enter()

    def _enter(self) -> None:
        self.tokyo = self.active
        self.monsters[self.active].stars += 1

    def answer_yield(self, leave: bool) -> None:
        if self.phase != "yield":
            raise Illegal("nobody is asked to yield")
        self.phase = "buy"
        if leave:
            self.tokyo = None
            self._enter()

    def end_turn(self) -> None:
        if self.phase != "buy":
            raise Illegal("the turn cannot end now")
        standing = [s for s in range(len(self.monsters)) if self.alive(s)]
        if len(standing) <= 1 or self.monsters[self.active].stars >= 20:
            self.phase = "over"
            self.winner = standing[0] if len(standing) == 1 else (
                self.active if standing else None)
            return
        seat = self.active
        while True:
            seat = (seat + 1) % len(self.monsters)
            if self.alive(seat):
                break
        self.active, self.turn = seat, self.turn + 1
        self.phase, self.dice, self.to_roll, self.rolls = "roll", [], 6, 0
        if self.tokyo == seat:
            self.monsters[seat].stars += 2
