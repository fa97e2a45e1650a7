"""Playing whole games: a seeded driver with pluggable agents, and its record.

Same seed and same agents give the same game, byte for byte in JSON.
"""

from __future__ import annotations

import gc
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from kot_rules.engine import dice, requests
from kot_rules.engine.actions import Action, Roll, action_to_json
from kot_rules.engine.agents import DEFAULT_AGENT, Agent, RandomAgent, agent_factory
from kot_rules.engine.events import QUIET_EVENTS, Event
from kot_rules.engine.game import Game
from kot_rules.engine.state import Phase, State

MAX_STEPS = 200_000
"""A guard: no legal game comes near it; reaching it is an engine bug."""

# Compiled with mypyc, a Final module name is read from a C static; any
# other module-level name costs a dict look-up at each use (a constant imported too).
_QUIET_EVENTS: Final = QUIET_EVENTS


def chance_rng(seed: int) -> random.Random:
    return random.Random(f"kot-rules/chance/{seed}")


def agent_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"kot-rules/agent/{seed}/{seat}")


def random_agents(game: Game, seed: int) -> list[Agent]:
    return named_agents(game, seed, DEFAULT_AGENT)


def named_agents(game: Game, seed: int, name: str) -> list[Agent]:
    """One agent of kind ``name`` per seat, each with its own generator for ``seed``.

    Raises :class:`~kot_rules.engine.agents.UnknownAgentError`.
    """
    make = agent_factory(name)
    return [make(agent_rng(seed, i)) for i in range(game.num_players)]


@dataclass
class GameRecord:
    """A whole game: set-up, every action (chance and decision) and every event."""

    game: Game
    seed: int
    deck: tuple[str, ...]
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    final: State | None = None
    decisions: int = 0

    def to_json(self) -> dict[str, Any]:
        final = self.final
        return {
            "format": 1,
            "game": self.game.to_json(),
            "seed": self.seed,
            "deck": list(self.deck),
            "actions": [action_to_json(a, self.game.rules.dice.faces) for a in self.actions],
            "events": [e.to_json() for e in self.events],
            "outcome": None if final is None or final.outcome is None else final.outcome.to_json(),
            "turns": None if final is None else final.turn,
            "final_state": None if final is None else final.to_json(),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, ensure_ascii=False, indent=1)


def play(
    game: Game,
    seed: int,
    agents: Sequence[Agent] | None = None,
    *,
    record: bool = True,
    on_step: Callable[[State], None] | None = None,
) -> GameRecord:
    """Play one game to its end. Chance outcomes come from a generator seeded by ``seed``.

    With ``record=False``, no ``on_step`` and agents that read no events, no events are
    built at all, and the final state's ``events`` is empty.
    """
    # A game allocates many small tuples and makes no reference cycles the next game
    # needs collected: the cyclic collector's passes over them are pure cost (~5 %).
    # It is paused for the game and resumed after, collecting anything left then.
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return _play(game, seed, agents, record, on_step)
    finally:
        if paused:
            gc.enable()


def _play(
    game: Game,
    seed: int,
    agents: Sequence[Agent] | None,
    record: bool,
    on_step: Callable[[State], None] | None,
) -> GameRecord:
    rng = chance_rng(seed)
    deck = game.shuffled_deck(rng.randrange(2**32))
    players = list(agents) if agents is not None else random_agents(game, seed)
    rec = GameRecord(game, seed, deck)
    state = game.new_initial_state(deck)
    if record:
        rec.events.extend(state.events)
    if on_step is not None:
        on_step(state)
    decisions = 0
    over, roll_phase, yield_phase = Phase.OVER, Phase.ROLL, Phase.YIELD
    sample = dice.sample
    apply_in_place = game.rules.apply
    roll_in_place = game.rules.roll_in_place
    private = on_step is None
    # Copy-on-write: with no observer, and only agents that keep no reference to a
    # state they were shown, nobody else can see the state, so the driver may change
    # it in place instead of copying it at every step.
    in_place = private and all(not getattr(p, "retains_states", True) for p in players)
    # Nobody reads the events either (no record, no observer, agents that never look at
    # them): the steps build none (events.QUIET_EVENTS).
    quiet = in_place and not record and all(not getattr(p, "reads_events", True) for p in players)
    if quiet:
        state.events = _QUIET_EVENTS
    # Random agents only (the very class, which draws one number a decision and picks
    # legal_actions(s)[int(u * n)]): the game may take the drawn decision straight to its
    # step, without building the action (GameRules.random_step); the same games.
    random_step = game.rules.random_step
    if random_step is not None and quiet and all(type(p) is RandomAgent for p in players):
        rngs: list[random.Random] = [p.rng for p in players]  # type: ignore[attr-defined]
        # What the general loop below needs to play the game again from its
        # start, in the rare game where a question is asked once it is over (see _played).
        # The default agents' generators and the chance generator are made again from the
        # seed; only agents given by the caller have theirs kept (a copy costs ~20 us).
        start = state.copy()
        rngs_start = None if agents is None else [r.getstate() for r in rngs]
        final, played = _play_random(
            state, seed, rng, rngs, random_step, apply_in_place, roll_in_place
        )
        if played >= 0:
            final.events = ()  # the last step's events were not built
            rec.final = final
            rec.decisions = played
            return rec
        # The game ended in the middle of a step that then asked a question: a driver that
        # waits for answers ends the game with that question unanswered and the state the
        # step started from kept in it, which the random loop keeps for no step. The same
        # game played by the general loop below gives that final state.
        state = start
        state.events = _QUIET_EVENTS
        rng = chance_rng(seed)
        rng.randrange(2**32)  # the deck's shuffle, as at the start of this function
        for i, r in enumerate(rngs):
            r.setstate(agent_rng(seed, i).getstate() if rngs_start is None else rngs_start[i])
    for _ in range(MAX_STEPS):
        phase = state.phase
        if phase is over:
            break
        action: Action
        if state.pending is not None:
            # A card's question in the middle of a step: chance, or a monster decides.
            if state.pending.request.is_chance:
                action = state.sample_chance(rng)
            else:
                action = players[state.pending.request.seat].act(state)
                decisions += 1
            mutable = in_place
        elif phase is roll_phase:
            # Same distribution as State.sample_chance, without the dispatch.
            counts = sample(rng, state.to_roll)
            if in_place and not record:
                roll_in_place(state, counts)
                continue
            action = Roll(counts)
            # Copy-on-write: nobody but this loop has seen a chance node's state.
            mutable = private
        elif phase is Phase.FIRST_PLAYER:
            action = state.sample_chance(rng)
            mutable = False
        else:
            seat = state.yield_queue[0] if phase is yield_phase else state.active
            action = players[seat].act(state)
            decisions += 1
            mutable = in_place
        if mutable:
            apply_in_place(state, action)
        else:
            state = state.apply(action)
        if quiet:
            state.events = _QUIET_EVENTS  # again after a copy or a question's replay
        if record:
            rec.actions.append(action)
            rec.events.extend(state.events)
        if on_step is not None:
            on_step(state)
    else:
        raise RuntimeError(f"game with seed {seed} did not end within {MAX_STEPS} steps")
    if quiet:
        state.events = ()  # the last step's events were not built
    rec.final = state
    rec.decisions = decisions
    return rec


def _play_random(
    state: State,
    seed: int,
    rng: random.Random,
    rngs: list[random.Random],
    random_step: Callable[[State, float], None],
    apply_in_place: Callable[[State, Action], None],
    roll_in_place: Callable[[State, dice.Counts], None],
) -> tuple[State, int]:
    """:func:`_play`'s loop for random agents in a game nobody watches: each
    decision is the seat's generator's next number, taken straight to the game's
    ``random_step``; the same steps in the same order. Returns the final state and the
    decisions taken (-1: the game asked a question once over; play it again otherwise)."""
    # The questions cards ask in the middle of a step are answered as they are asked,
    # as the same agents and the same chance would answer them once the step stopped.
    answers = requests.InlineAnswers(state, rng, rngs)
    requests.answer_inline(answers)
    try:
        state, decisions = _random_loop(
            state, seed, rng, rngs, random_step, apply_in_place, roll_in_place, answers
        )
    finally:
        requests.stop_answering(answers)
    return state, decisions + answers.decisions if decisions >= 0 else -1


def _random_loop(
    state: State,
    seed: int,
    rng: random.Random,
    rngs: list[random.Random],
    random_step: Callable[[State, float], None],
    apply_in_place: Callable[[State, Action], None],
    roll_in_place: Callable[[State, dice.Counts], None],
    answers: requests.InlineAnswers,
) -> tuple[State, int]:
    over, roll_phase, yield_phase = Phase.OVER, Phase.ROLL, Phase.YIELD
    first_player = Phase.FIRST_PLAYER
    # The generators' draws bound once: compiled, a call of rng.random() looks the method
    # up each time.
    chance: Callable[[], float] = rng.random
    draws: list[Callable[[], float]] = [r.random for r in rngs]
    decisions = 0
    steps = 0
    while True:
        if steps >= MAX_STEPS:
            raise RuntimeError(f"game with seed {seed} did not end within {MAX_STEPS} steps")
        steps += 1
        phase = state.phase
        if phase is over:
            return state, decisions
        pending = state.pending
        try:
            if pending is None:
                if phase is roll_phase:
                    n = state.to_roll
                    if n <= 6:
                        # dice.sample, inline: one draw among the 6**n ordered throws.
                        roll_in_place(state, dice.throw(n, int(chance() * dice.THROWS[n])))
                    else:
                        roll_in_place(state, dice.sample(rng, n))
                    continue
                if phase is first_player:
                    state = state.apply(state.sample_chance(rng))
                    answers.state = state
                else:
                    seat = state.yield_queue[0] if phase is yield_phase else state.active
                    decisions += 1
                    random_step(state, draws[seat]())
            elif pending.request.is_chance:
                apply_in_place(state, state.sample_chance(rng))
            else:
                decisions += 1
                random_step(state, draws[pending.request.seat]())
        except requests.NeedAnswer:
            # A question asked after the game ended in the middle of a step
            # (requests.ask answers none then): _play plays this game again without
            # answering inline (-1).
            if state.phase is not over:
                raise
            return state, -1
        state.events = _QUIET_EVENTS  # again after a copy or a question's replay
