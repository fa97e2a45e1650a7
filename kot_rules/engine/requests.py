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

import random
from dataclasses import dataclass
from typing import Any, Final

from kot_rules.engine import dice
from kot_rules.engine.actions import Action, Roll, roll_counts

# A runtime import, not only a typing one: compiled with mypyc, Pending's annotation needs
# State's class object when this module starts, and a module that imports this one before
# the state module (abilities does, in sorted order) would otherwise find none (a crash).
from kot_rules.engine.state import Phase, State

# A question asked once the game is over mid-step is not answered inline:
# the step stops there, as it stops for a driver that waits for answers (which then
# finds the game over and asks nobody).
_OVER: Final = Phase.OVER

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
            return roll_counts(action, self.dice) is not None
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
    index = pick(s, seat, len(options))
    if index >= 0:
        return options[index]
    if s.fed < len(s.feed):
        answer = s.feed[s.fed]
        s.fed += 1
        return answer  # checked against the request when it was given
    raise NeedAnswer(Request(seat, tuple(options), 0, why))


def pick(s: State, seat: int, n: int) -> int:
    """The index of the option :func:`ask` would return among ``n`` (1 or more) options,
    found without them where it can be: 0 for a single option; the answer of the driver
    that answers ``s`` inline (the same draw). -1 where the options are needed (an answer
    fed back, or a question that stops the step): the caller then builds them and asks."""
    if n == 1:
        return 0
    if s.fed < len(s.feed):
        return -1
    if _INLINE and _INLINE[-1].state is s and s.phase is not _OVER:
        inline = _INLINE[-1]
        inline.decisions += 1
        return int(inline.rngs[seat].random() * n)
    return -1


def roll(s: State, n: int, why: str) -> dice.Counts:
    """The faces of ``n`` dice a card throws (a chance node)."""
    if n <= 0:
        return dice.NO_DICE
    if s.fed < len(s.feed):
        answer = s.feed[s.fed]
        s.fed += 1
        assert isinstance(answer, Roll)
        return answer.counts
    if _INLINE and _INLINE[-1].state is s and s.phase is not _OVER:
        return dice.sample(_INLINE[-1].rng, n)
    raise NeedAnswer(Request(CHANCE_SEAT, (), n, why))


# -- answers given in the middle of a step ---------------------------------


class InlineAnswers:
    """A driver answering the questions asked of one state it plays in place, as they are
    asked: a monster's decision as its random agent would pick it from the options
    (``options[int(u * len(options))]``, ``u`` the seat's generator's next number, as
    ``legal.choose`` picks from a waiting state's options), a card's dice drawn from the
    chance generator (as ``State.sample_chance``). The same answers, drawn in the same
    order, as when the step stops and is replayed with them; but no step stops, and none is
    replayed. Active between :func:`answer_inline` and :func:`stop_answering`."""

    __slots__ = ("decisions", "rng", "rngs", "state")

    def __init__(self, state: State, rng: random.Random, rngs: list[random.Random]) -> None:
        self.state = state
        """The state whose questions are answered (no other: a copy still stops)."""
        self.rng = rng
        """The chance generator."""
        self.rngs = rngs
        """Each seat's random agent's generator."""
        self.decisions = 0
        """The monsters' decisions answered so far."""


_INLINE: Final[list[InlineAnswers]] = []


def answer_inline(answers: InlineAnswers) -> None:
    """From now on, questions asked of ``answers.state`` are answered by ``answers``."""
    _INLINE.append(answers)


def stop_answering(answers: InlineAnswers) -> None:
    """Undo :func:`answer_inline` (the innermost one)."""
    assert _INLINE and _INLINE[-1] is answers
    _INLINE.pop()


def answered_inline(s: State) -> bool:
    """Whether every question asked of ``s`` is answered as it is asked: a step of ``s``
    then never stops for an answer, and needs no state kept for a replay."""
    return bool(_INLINE) and _INLINE[-1].state is s
