"""Decisions and dice that a card needs in the middle of a step.

A card can need an answer while a step is under way: a monster hit by an attack
may pay to protect itself, a card may roll dice to cancel damage, a monster may
choose which card to copy. The engine asks with :func:`ask` or :func:`roll`.
When the answer is not known yet, the step stops (:class:`NeedAnswer`) and the
state waits for it: ``current_player()`` is the monster asked (or chance) and
``legal_actions()`` are the options. Once answered, the step runs again from its
start, with every answer given so far fed back in the same order, so a step is
a pure function of the state before it, its action and the answers: the replay
reaches the same question and takes the answer instead of stopping.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kot_rules.engine import dice
from kot_rules.engine.actions import Action, Roll

# A runtime import, not only a typing one: compiled with mypyc, Pending's annotation needs
# State's class object when this module starts, and a module that imports this one before
# the state module (abilities does, in sorted order) would otherwise find none (a crash).
from kot_rules.engine.state import State

CHANCE_SEAT = -1


@dataclass(frozen=True, slots=True)
class Request:
    """A question a card asks in the middle of a step.

    ``seat`` decides among ``options``; with ``seat == CHANCE_SEAT`` it is a chance
    node throwing ``dice`` dice instead.
    """

    seat: int
    options: tuple[Action, ...]
    dice: int
    why: str

    @property
    def is_chance(self) -> bool:
        return self.seat == CHANCE_SEAT

    def accepts(self, action: Action) -> bool:
        if self.is_chance:
            return (
                isinstance(action, Roll)
                and len(action.counts) == 6
                and min(action.counts) >= 0
                and sum(action.counts) == self.dice
            )
        return action in self.options

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": None if self.is_chance else self.seat,
            "options": [o.to_json() for o in self.options],
            "dice": self.dice,
            "why": self.why,
        }


@dataclass(frozen=True, slots=True)
class Pending:
    """A step waiting for an answer: where it started, its action, the answers so far."""

    base: State
    action: Action
    answers: tuple[Action, ...]
    request: Request

    def to_json(self) -> dict[str, Any]:
        base = self.base.to_json()
        del base["events"]
        return {
            "base": base,
            "action": self.action.to_json(),
            "answers": [a.to_json() for a in self.answers],
            "request": self.request.to_json(),
        }


class NeedAnswer(Exception):
    """Raised by :func:`ask` / :func:`roll` when the step must wait for an answer."""

    def __init__(self, request: Request) -> None:
        super().__init__(request.why)
        self.request = request


def ask(s: State, seat: int, options: list[Action], why: str) -> Action:
    """The option ``seat`` picks; with a single option, that one, without asking."""
    if len(options) == 1:
        return options[0]
    if s.fed < len(s.feed):
        answer = s.feed[s.fed]
        s.fed += 1
        return answer  # checked against the request when it was given
    raise NeedAnswer(Request(seat, tuple(options), 0, why))


def roll(s: State, n: int, why: str) -> dice.Counts:
    """The faces of ``n`` dice a card throws (a chance node)."""
    if n <= 0:
        return dice.NO_DICE
    if s.fed < len(s.feed):
        answer = s.feed[s.fed]
        s.fed += 1
        assert isinstance(answer, Roll)
        return answer.counts
    raise NeedAnswer(Request(CHANCE_SEAT, (), n, why))
