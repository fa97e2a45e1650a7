"""Invariants of whole random games, checked after every step (Hypothesis).

Every game is played by driver.play with the seeded random agents, on the
explicit 20-card catalogue, for 2-6 monsters with Tokyo Bay on or off where
the rules allow it [001 §WARIANT ZAAWANSOWANY: 5-6 monsters].
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st
from kot_engine_helpers import make_game

from kot_rules.engine import (
    CHANCE,
    TERMINAL,
    EventKind,
    Game,
    Phase,
    Roll,
    State,
    abilities,
    dice,
    driver,
)
from kot_rules.engine.game import FirstPlayerRule
from kot_rules.games.king_of_tokyo.invariants import assert_all
from kot_rules.language.ast import ModifierKind

SETTINGS = settings(max_examples=60, deadline=None)
OUTCOMES = {n: frozenset(dice.all_outcomes(n)) for n in range(7)}


@dataclass(frozen=True)
class Setup:
    """What Hypothesis draws (printed as is when a test fails)."""

    players: int
    tokyo_bay: bool | None
    first_player: FirstPlayerRule
    seed: int

    def game(self) -> Game:
        return make_game(self.players, tokyo_bay=self.tokyo_bay, first_player=self.first_player)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    players = draw(st.integers(2, 6))
    bays: list[bool | None] = [None, True, False] if players >= 5 else [None, False]
    bay = draw(st.sampled_from(bays))
    first = draw(st.sampled_from(list(FirstPlayerRule)))
    seed = draw(st.integers(0, 2**32 - 1))
    return Setup(players, bay, first, seed)


@dataclass
class Checker:
    """Checks every state of one game; remembers who was eliminated and when."""

    game: Game
    queue_only: bool = False
    dead: set[int] = field(default_factory=set)
    states: int = 0
    ids: Counter[str] = field(init=False)

    def __post_init__(self) -> None:
        self.ids = Counter(self.game.cards.physical_ids())

    def __call__(self, s: State) -> None:
        self.states += 1
        if self.queue_only:
            # eliminated monsters are never in the yield queue, not even behind another
            for seat in s.yield_queue:
                assert s.monsters[seat].alive, (seat, s.yield_queue)
                assert s.in_tokyo(seat) and seat != s.active
            return
        g = self.game
        ms = s.monsters
        # hearts, Tokyo, elimination, resources, cards, victory, yield: one definition
        assert_all(s)
        for seat, m in enumerate(ms):
            if m.alive:
                # the rules' maximum plus what the monster's cards add (card text)
                raised = abilities.total(s, seat, ModifierKind.MAX_HEARTS)
                assert m.max_hearts == g.options.max_hearts + raised
        # events: nobody acts or is acted on after its elimination
        for e in s.events:
            # (the turn of a monster eliminated during it still ends: D-ELIMINATED-ACTIVE)
            if e.seat is not None and e.kind is not EventKind.TURN_ENDED:
                assert e.seat not in self.dead, (e, self.dead)
            if e.source is not None:
                assert e.source not in self.dead, (e, self.dead)
            if e.kind is EventKind.ELIMINATED:
                assert e.seat is not None
                self.dead.add(e.seat)
        if s.pending is None:
            # A step waiting for a card's question publishes its events once it is done.
            assert self.dead == {i for i, m in enumerate(ms) if not m.alive}
        # whose decision
        p = s.current_player()
        if s.phase is Phase.OVER:
            assert p == TERMINAL
        elif s.is_chance_node():
            assert p == CHANCE
        else:
            assert ms[p].alive
        if s.phase is not Phase.OVER:
            assert ms[s.active].alive
        if s.phase is Phase.YIELD and s.pending is None:  # mid-step: no one is asked yet
            # who decides is an attacked occupant, alive, not the attacker (the rest of
            # the queue: test_eliminated_never_in_the_yield_queue)
            assert s.yield_queue and s.yield_queue[0] == p
            assert s.in_tokyo(p) and p != s.active
            assert len(set(s.yield_queue)) == len(s.yield_queue) <= 2
        # the dice
        assert min(s.dice) >= 0 and s.to_roll >= 0
        if s.phase is not Phase.OVER:
            extra = abilities.total(s, s.active, ModifierKind.EXTRA_DICE)
            assert sum(s.dice) + s.to_roll <= g.options.dice + extra
        # the end
        if s.phase is Phase.OVER:
            assert s.outcome is not None
            if s.outcome.winner is not None:
                assert ms[s.outcome.winner].alive
        else:
            assert s.outcome is None


class TestWholeGames:
    @SETTINGS
    @given(setups())
    def test_invariants_after_every_step(self, su: Setup) -> None:
        game, seed = su.game(), su.seed
        check = Checker(game)
        rec = driver.play(game, seed, on_step=check)
        final = rec.final
        assert final is not None and final.is_terminal()
        assert check.states == len(rec.actions) + 1
        out = final.outcome
        assert out is not None
        alive = [i for i, m in enumerate(final.monsters) if m.alive]
        if out.winner is None:
            assert alive == []
        else:
            assert out.winner in alive
            winner = final.monsters[out.winner]
            assert len(alive) == 1 or winner.stars >= game.options.win_stars
        kinds = [e.kind for e in rec.events]
        assert kinds.count(EventKind.WON) + kinds.count(EventKind.DRAW) == 1

    @SETTINGS
    @given(setups())
    def test_eliminated_never_in_the_yield_queue(self, su: Setup) -> None:
        # [001 §TOKIO]: only an attacked occupant that survived may yield.
        driver.play(su.game(), su.seed, on_step=Checker(su.game(), queue_only=True))

    @SETTINGS
    @given(setups())
    def test_record_replays_with_legal_actions(self, su: Setup) -> None:
        game, seed = su.game(), su.seed
        rec = driver.play(game, seed)
        s = game.new_initial_state(rec.deck)
        events = list(s.events)
        for a in rec.actions:
            if isinstance(a, Roll):
                assert s.phase is Phase.ROLL and a.counts in OUTCOMES[s.to_roll]
            elif s.is_chance_node():
                assert a in {o for o, _ in s.chance_outcomes()}
            else:
                assert a in s.legal_actions()
            s = s.apply(a)
            events.extend(s.events)
        assert rec.final is not None
        assert s.canonical() == rec.final.canonical()
        assert events == rec.events


class TestWholeGamesWithTheBuiltInCards:
    """The same invariants with the 66 real cards, whose discard effects deal card damage,
    eliminate the active monster and can end the game in a draw."""

    @settings(max_examples=40, deadline=None)
    @given(st.integers(2, 6), st.integers(0, 2**32 - 1))
    def test_invariants_after_every_step(self, players: int, seed: int) -> None:
        game = Game(players)
        check = Checker(game)
        rec = driver.play(game, seed, on_step=check)
        assert rec.final is not None and rec.final.is_terminal()
        assert check.states == len(rec.actions) + 1
