"""The OpenSpiel-style decision protocol: apply, legal_actions, chance, JSON, determinism."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from itertools import product
from math import prod
from typing import Any, ClassVar

import pytest
from kot_engine_helpers import CARDS, NOTHING, make_game, random_walk, roll_stop, setup

from kot_rules.engine import (
    CHANCE,
    TERMINAL,
    Buy,
    EndTurn,
    FirstPlayer,
    Game,
    IllegalActionError,
    Phase,
    Reroll,
    Roll,
    State,
    StateFormatError,
    StayInTokyo,
    StopRolling,
    Sweep,
    YieldTokyo,
    driver,
)
from kot_rules.engine import dice as dice_mod
from kot_rules.engine.actions import END_TURN, STAY, STOP, SWEEP, YIELD, Action, action_from_json
from kot_rules.engine.game import FirstPlayerRule
from kot_rules.engine.state import load_json

GAMES = [
    (2, {}),
    (4, {}),
    (5, {}),  # Tokyo Bay on by default
    (6, {"tokyo_bay": False}),
    (3, {"first_player": FirstPlayerRule.ROLL}),
]


def assert_illegal(s: State, action: Action) -> None:
    before = s.canonical()
    before_json = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(action)
    assert s.canonical() == before
    assert s.to_json() == before_json


class TestApplyNeverMutates:
    @pytest.mark.parametrize(("players", "opts"), GAMES)
    def test_every_step_of_random_games(self, players: int, opts: dict[str, Any]) -> None:
        game = make_game(players, **opts)
        for seed in range(3):
            for s, a in random_walk(game, seed):
                before = s.to_json()
                events = s.events
                s.apply(a)
                assert s.to_json() == before
                assert s.events == events

    def test_two_successors_of_one_state_are_independent(self, game4: Game) -> None:
        s = game4.new_initial_state()
        a = s.apply(Roll.of(1, 1, 1, "claw", "claw", "heart"))
        b = s.apply(Roll.of(2, 2, 2, "energy", "energy", "energy"))
        assert a.canonical() != b.canonical()
        a2 = a.apply(STOP)
        assert a.phase is Phase.KEEP and a2.phase is Phase.BUY
        assert b.dice == (0, 3, 0, 3, 0, 0)


class TestIllegalActions:
    """An illegal action raises IllegalActionError and leaves the state as it was."""

    def roll_state(self, game: Game) -> State:
        s = setup(game, {0: {"energy": 1}}, city=1)
        assert s.phase is Phase.ROLL
        return s

    def keep_state(self, game: Game) -> State:
        s = self.roll_state(game).apply(Roll.of(1, 1, 2, "energy", "heart", "claw"))
        assert s.phase is Phase.KEEP
        return s

    @pytest.mark.parametrize(
        "action",
        [
            Buy("c00"),
            StopRolling(),
            Reroll.keeping(1),
            EndTurn(),
            Sweep(),
            YieldTokyo(),
            StayInTokyo(),
            FirstPlayer(0),
        ],
    )
    def test_wrong_phase_at_a_roll(self, game4: Game, action: Action) -> None:
        assert_illegal(self.roll_state(game4), action)

    @pytest.mark.parametrize(
        "action",
        [Roll.of(1, 1, 1, 1, 1, 1), Buy("c00"), EndTurn(), Sweep(), YieldTokyo(), StayInTokyo()],
    )
    def test_wrong_phase_at_keep(self, game4: Game, action: Action) -> None:
        assert_illegal(self.keep_state(game4), action)

    @pytest.mark.parametrize(
        "action", [Roll.of(1, 1, 1, 1, 1, 1), STOP, Reroll.keeping(), FirstPlayer(1), YIELD, STAY]
    )
    def test_wrong_phase_at_buy(self, game4: Game, action: Action) -> None:
        s = roll_stop(self.roll_state(game4), *NOTHING)
        assert s.phase is Phase.BUY
        assert_illegal(s, action)

    def test_wrong_phase_at_yield(self, game4: Game) -> None:
        s = roll_stop(self.roll_state(game4), 1, 1, 2, 2, 3, "claw")
        assert s.phase is Phase.YIELD
        for a in (END_TURN, STOP, Buy("c00"), SWEEP, Roll.of(1), Reroll.keeping()):
            assert_illegal(s, a)

    def test_nothing_is_legal_once_over(self, game_factory: Any) -> None:
        g = game_factory(2)
        s = setup(g, {1: {"hearts": 1}}, city=1)
        s = roll_stop(s, 1, 1, 2, 2, 3, "claw").apply(END_TURN)
        assert s.is_terminal()
        for a in (END_TURN, STOP, Roll.of(1, 1, 1, 1, 1, 1), YIELD, FirstPlayer(0)):
            assert_illegal(s, a)

    @pytest.mark.parametrize("faces", [(1, 1, 1, 1, 1), (1,) * 7, ()])
    def test_wrong_roll_size(self, game4: Game, faces: tuple[int, ...]) -> None:
        assert_illegal(self.roll_state(game4), Roll.of(*faces))

    def test_wrong_roll_size_after_a_reroll(self, game4: Game) -> None:
        s = self.keep_state(game4).apply(Reroll.keeping(1, 1, 2, "energy"))
        assert s.to_roll == 2
        assert_illegal(s, Roll.of(1, 1, 1))
        assert_illegal(s, Roll.of("claw"))
        assert_illegal(s, Roll.of(1, 1, 1, 1, 1, 1))

    def test_roll_with_a_negative_count_is_illegal(self, game4: Game) -> None:
        # Not a throw of 6 dice: "-1 ones and 7 claws" adds up to 6 but is no outcome.
        s = self.roll_state(game4)
        before = s.canonical()
        with pytest.raises(IllegalActionError, match="none negative"):
            s.apply(Roll((-1, 0, 0, 0, 0, 7)))  # refused when built
        assert s.canonical() == before

    @pytest.mark.parametrize("keep", [(3,), (1, 1, 1), ("claw", "claw"), ("heart", "heart")])
    def test_keep_not_on_the_table(self, game4: Game, keep: tuple[object, ...]) -> None:
        s = self.keep_state(game4)
        action = Reroll.keeping(*keep)  # type: ignore[arg-type]
        assert action not in s.legal_actions()
        assert_illegal(s, action)

    def test_keep_with_a_negative_count_is_illegal(self, game4: Game) -> None:
        # Keeping "-1 ones" would reroll 7 dice out of 6.
        s = self.keep_state(game4)
        before = s.canonical()
        with pytest.raises(IllegalActionError, match="none negative"):
            s.apply(Reroll((-1, 0, 0, 0, 0, 0)))
        assert s.canonical() == before

    def test_keep_all_dice(self, game4: Game) -> None:
        s = self.keep_state(game4)
        action = Reroll(s.dice)
        assert action not in s.legal_actions()
        assert_illegal(s, action)

    def test_buy_a_card_not_in_the_shop(self, game4: Game) -> None:
        s = roll_stop(setup(game4, {0: {"energy": 30}}), *NOTHING)
        assert s.phase is Phase.BUY
        in_deck = s.deck[0]
        assert_illegal(s, Buy(in_deck))
        assert_illegal(s, Buy("no-such-card"))
        assert Buy(in_deck) not in s.legal_actions()

    def test_buy_too_expensive(self, game4: Game) -> None:
        shop = ["c02", "c00", "c01"]  # costs 7, 1, 4
        assert [CARDS.cost(x) for x in shop] == [7, 1, 4]
        s = roll_stop(setup(game4, {0: {"energy": 6}}, shop=shop), *NOTHING)
        assert_illegal(s, Buy("c02"))
        assert Buy("c02") not in s.legal_actions()
        assert Buy("c00") in s.legal_actions() and Buy("c01") in s.legal_actions()

    @pytest.mark.parametrize("energy", [0, 1])
    def test_sweep_with_fewer_than_two_energy(self, game4: Game, energy: int) -> None:
        s = roll_stop(setup(game4, {0: {"energy": energy}}), *NOTHING)
        assert SWEEP not in s.legal_actions()
        assert_illegal(s, SWEEP)

    def test_yield_from_a_monster_not_asked(self, game4: Game) -> None:
        # Gigazaur (seat 1) is in Tokyo but takes no damage: nobody is asked to yield.
        s = roll_stop(setup(game4, city=1), 1, 1, 2, "energy", "heart", "heart")
        assert s.phase is Phase.BUY and s.current_player() == 0
        assert_illegal(s, YIELD)
        assert_illegal(s, STAY)
        # The attacker itself is never asked either, even while it keeps dice.
        k = setup(game4, city=1).apply(Roll.of("claw", 1, 1, 2, 2, 3))
        assert_illegal(k, YIELD)

    def test_first_player_seat_out_of_range(self, game_factory: Any) -> None:
        s = game_factory(3, first_player=FirstPlayerRule.ROLL).new_initial_state()
        assert s.phase is Phase.FIRST_PLAYER
        assert_illegal(s, FirstPlayer(3))
        assert_illegal(s, FirstPlayer(-1))
        assert_illegal(s, Roll.of(1, 1, 1, 1, 1, 1))


class TestLegalActionsAtKeep:
    ROLLS: ClassVar[list[tuple[object, ...]]] = [
        (1, 1, 1, 1, 1, 1),
        (1, 2, 3, "energy", "heart", "claw"),
        (1, 1, 2, 2, "claw", "claw"),
        ("heart", "heart", "heart", 3, 3, "energy"),
    ]

    def keep(self, game: Game, faces: tuple[object, ...]) -> State:
        return setup(game).apply(Roll.of(*faces))  # type: ignore[arg-type]

    @pytest.mark.parametrize("faces", ROLLS)
    def test_length_is_the_product(self, game4: Game, faces: tuple[object, ...]) -> None:
        s = self.keep(game4, faces)
        acts = s.legal_actions()
        assert len(acts) == prod(k + 1 for k in s.dice)
        assert len(list(acts)) == len(acts)

    def test_length_over_every_roll_of_six(self, game4: Game) -> None:
        s0 = setup(game4)
        for o in dice_mod.all_outcomes(6):
            s = s0.apply(Roll(o))
            assert len(s.legal_actions()) == prod(k + 1 for k in o)

    @pytest.mark.parametrize("faces", ROLLS)
    def test_stop_and_every_proper_sub_multiset(
        self, game4: Game, faces: tuple[object, ...]
    ) -> None:
        s = self.keep(game4, faces)
        acts = list(s.legal_actions())
        assert acts.count(STOP) == 1
        rerolls = [a for a in acts if isinstance(a, Reroll)]
        assert len(rerolls) == len(acts) - 1
        keeps = [r.keep for r in rerolls]
        assert len(set(keeps)) == len(keeps)
        proper = {t for t in product(*(range(k + 1) for k in s.dice)) if t != s.dice}
        assert set(keeps) == proper
        for k in keeps:
            assert dice_mod.contains(s.dice, k) and k != s.dice and min(k) >= 0

    @pytest.mark.parametrize("faces", ROLLS)
    def test_in_agrees_with_iteration(self, game4: Game, faces: tuple[object, ...]) -> None:
        s = self.keep(game4, faces)
        acts = s.legal_actions()
        listed = set(acts)
        for k in product(range(4), repeat=6):
            r = Reroll(k)  # type: ignore[arg-type]
            assert (r in acts) == (r in listed), k
        for other in (END_TURN, SWEEP, YIELD, STAY, Buy("c00"), Roll(s.dice)):
            assert other not in acts
        assert STOP in acts

    def test_in_rejects_negative_counts(self, game4: Game) -> None:
        # A keep with a negative count cannot be built, so it is in no list of decisions.
        s = self.keep(game4, (1, 2, 3, "energy", "heart", "claw"))
        assert all(min(a.keep) >= 0 for a in s.legal_actions() if isinstance(a, Reroll))
        for k in [(-1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, -2), (-1, 1, 0, 0, 0, 0)]:
            with pytest.raises(IllegalActionError, match="none negative"):
                Reroll(k)

    @pytest.mark.parametrize("faces", ROLLS)
    def test_indexing_agrees_with_iteration(self, game4: Game, faces: tuple[object, ...]) -> None:
        s = self.keep(game4, faces)
        acts = s.legal_actions()
        listed = list(acts)
        n = len(acts)
        assert [acts[i] for i in range(n)] == listed
        assert list(acts[1:5]) == listed[1:5]
        assert list(acts[::-1]) == listed[::-1]
        assert [acts[i] for i in range(-n + 1, 0)] == listed[1:]
        with pytest.raises(IndexError):
            acts[n]
        with pytest.raises(IndexError):
            acts[-n - 1]

    def test_minus_len_index_is_the_first(self, game4: Game) -> None:
        # Sequence protocol (legal_actions returns a Sequence): acts[-len(acts)] is acts[0].
        acts = self.keep(game4, (1, 1, 2, 2, "claw", "claw")).legal_actions()
        assert acts[-len(acts)] == acts[0] == STOP

    def test_every_listed_action_applies(self, game4: Game) -> None:
        s = self.keep(game4, (1, 1, 2, "energy", "claw", "claw"))
        for a in s.legal_actions():
            t = s.apply(a)
            if isinstance(a, Reroll):
                assert t.phase is Phase.ROLL
                assert t.to_roll == 6 - sum(a.keep) >= 1
                assert t.dice == a.keep


class TestChanceOutcomes:
    def states(self) -> list[State]:
        g = make_game(4)
        s = setup(g)
        after_keep = s.apply(Roll.of(1, 1, 2, 2, 3, "claw")).apply(Reroll.keeping(1, 1, 2, 2))
        first = make_game(5, first_player=FirstPlayerRule.ROLL).new_initial_state()
        return [s, after_keep, first]

    def test_probabilities_sum_to_one_and_each_outcome_applies(self) -> None:
        for s in self.states():
            assert s.is_chance_node() and s.current_player() == CHANCE
            assert s.legal_actions() == () or list(s.legal_actions()) == []
            outcomes = s.chance_outcomes()
            assert outcomes
            assert sum((p for _, p in outcomes), Fraction(0)) == 1
            assert all(p > 0 for _, p in outcomes)
            assert len({o for o, _ in outcomes}) == len(outcomes)
            for o, _ in outcomes:
                t = s.apply(o)
                assert not t.is_chance_node() or t.phase is not s.phase

    def test_roll_outcomes_are_every_multiset(self) -> None:
        s = self.states()[1]
        assert s.to_roll == 2
        outs = s.chance_outcomes()
        assert len(outs) == 21
        assert {o.counts for o, _ in outs if isinstance(o, Roll)} == set(dice_mod.all_outcomes(2))

    def test_first_player_is_uniform(self) -> None:
        s = self.states()[2]
        assert s.chance_outcomes() == [(FirstPlayer(i), Fraction(1, 5)) for i in range(5)]
        t = s.apply(FirstPlayer(3))
        assert t.active == 3 and t.phase is Phase.ROLL

    def test_no_outcomes_at_decision_nodes(self, game4: Game) -> None:
        s = setup(game4).apply(Roll.of(*NOTHING))
        assert s.chance_outcomes() == []
        with pytest.raises(IllegalActionError):
            import random

            s.sample_chance(random.Random(0))

    def test_sample_chance_is_an_outcome(self) -> None:
        import random

        rng = random.Random(1)
        for s in self.states():
            outs = {o for o, _ in s.chance_outcomes()}
            for _ in range(50):
                assert s.sample_chance(rng) in outs


class TestCurrentPlayer:
    def test_each_phase(self, game5: Game) -> None:
        s = setup(game5, active=2, city=0, bay=1)
        assert s.phase is Phase.ROLL and s.current_player() == CHANCE
        s = s.apply(Roll.of(1, 1, 2, 2, 3, "claw"))
        assert s.phase is Phase.KEEP and s.current_player() == 2
        s = s.apply(STOP)
        assert s.phase is Phase.YIELD and s.current_player() == 0  # City is asked first
        s = s.apply(STAY)
        assert s.phase is Phase.YIELD and s.current_player() == 1
        s = s.apply(STAY)
        assert s.phase is Phase.BUY and s.current_player() == 2
        assert not s.is_chance_node() and not s.is_terminal()

    def test_terminal(self, game_factory: Any) -> None:
        s = setup(game_factory(2), {1: {"hearts": 2}}, city=1)
        s = roll_stop(s, 1, 1, 2, 2, "claw", "claw").apply(END_TURN)
        assert s.is_terminal() and s.current_player() == TERMINAL
        assert list(s.legal_actions()) == [] and s.chance_outcomes() == []

    def test_first_player_chance(self, game_factory: Any) -> None:
        s = game_factory(3, first_player=FirstPlayerRule.ROLL).new_initial_state()
        assert s.current_player() == CHANCE and s.is_chance_node()

    def test_random_games_current_player_in_range(self) -> None:
        game = make_game(5)
        for s, _ in random_walk(game, 11):
            p = s.current_player()
            if s.is_chance_node():
                assert p == CHANCE
            else:
                assert 0 <= p < 5 and s.monsters[p].alive


class TestDeterminism:
    def test_same_seed_same_bytes(self) -> None:
        for players in (2, 4, 6):
            a = driver.play(make_game(players), 42).dumps()
            b = driver.play(make_game(players), 42).dumps()
            assert a == b

    def test_different_seeds_differ(self) -> None:
        game = make_game(4)
        texts = {driver.play(game, seed).dumps() for seed in range(5)}
        assert len(texts) == 5

    def test_observing_the_game_does_not_change_it(self) -> None:
        # The driver mutates chance states in place only when nobody watches.
        for players in (3, 5):
            game = make_game(players)
            seen: list[State] = []
            a = driver.play(game, 9, on_step=seen.append)
            b = driver.play(game, 9)
            assert a.dumps() == b.dumps()
            assert b.final is not None and seen[-1].canonical() == b.final.canonical()
            assert len(seen) == len(b.actions) + 1

    def test_record_replays_to_the_final_state(self) -> None:
        game = make_game(4)
        rec = driver.play(game, 3)
        s = game.new_initial_state(rec.deck)
        for a in rec.actions:
            assert action_from_json(json.loads(json.dumps(a.to_json()))) == a
            s = s.apply(a)
        assert rec.final is not None and s.canonical() == rec.final.canonical()
        assert s.is_terminal()


class TestJson:
    @pytest.mark.parametrize(("players", "opts"), GAMES)
    def test_round_trip_every_state(self, players: int, opts: dict[str, Any]) -> None:
        game = make_game(players, **opts)
        states: list[State] = []
        driver.play(game, 5, on_step=states.append)
        assert states[-1].is_terminal()
        for s in states:
            data = s.to_json()
            back = State.from_json(game, data)
            assert back.canonical() == s.canonical()
            assert back == s
            text = json.dumps(data, ensure_ascii=False)
            again = State.from_json(game, load_json(text))
            assert again.canonical() == s.canonical()
            assert again.to_json() == data  # events too
            assert [a for a in again.legal_actions()] == [a for a in s.legal_actions()]

    def test_game_record_is_json_serialisable(self) -> None:
        rec = driver.play(make_game(5), 1)
        data = rec.to_json()
        text = json.dumps(data)
        assert json.loads(text) == json.loads(rec.dumps())
        assert data["outcome"] is not None
        assert data["final_state"]["phase"] == "over"
        assert len(data["actions"]) == len(rec.actions)


def valid_json() -> tuple[Game, dict[str, Any]]:
    game = make_game(5)
    s = roll_stop(setup(game, city=1, bay=2), 1, 1, 2, 2, 3, "claw")
    assert s.phase is Phase.YIELD
    return game, s.to_json()


MALFORMED: list[tuple[str, Any]] = [
    ("format", 2),
    ("format", "1"),
    ("format", None),
    ("format", True),  # a bool is not the format number 1
    ("phase", "dance"),
    ("phase", None),
    ("phase", ["keep"]),
    ("city", 5),
    ("city", -1),
    ("city", "1"),
    ("bay", 17),
    ("active", None),
    ("active", 5),
    ("active", True),
    ("yield_queue", [9]),
    ("yield_queue", "1"),
    ("yield_queue", [True]),  # a bool is no seat (as city, bay and active already check)
    ("deck", ["c00", "nope"]),
    ("shop", ["zzz"]),
    ("discard", [3]),
    ("dice", ["claws"]),
    ("dice", "claw"),
    ("turn", "1"),
    ("entering", "yes"),
    ("monsters", []),
    ("outcome", {"winner": 7, "reason": "x"}),
    ("outcome", "won"),
]


class TestStateFormatError:
    @pytest.mark.parametrize(("key", "value"), MALFORMED, ids=[f"{k}={v!r}" for k, v in MALFORMED])
    def test_malformed_field(self, key: str, value: Any) -> None:
        game, data = valid_json()
        State.from_json(game, data)  # the untouched form reads
        bad = copy.deepcopy(data)
        bad[key] = value
        with pytest.raises(StateFormatError):
            State.from_json(game, bad)

    def test_missing_format(self) -> None:
        game, data = valid_json()
        del data["format"]
        with pytest.raises(StateFormatError):
            State.from_json(game, data)

    @pytest.mark.parametrize(
        ("key", "value"),
        [
            ("cards", ["nope"]),
            ("name", "Godzilla"),
            ("hearts", "10"),
            ("alive", 1),
            ("stars", None),
        ],
    )
    def test_malformed_monster(self, key: str, value: Any) -> None:
        game, data = valid_json()
        data["monsters"][3][key] = value
        with pytest.raises(StateFormatError):
            State.from_json(game, data)

    @pytest.mark.parametrize("data", [None, [], "state", 1])
    def test_not_an_object(self, data: Any) -> None:
        with pytest.raises(StateFormatError):
            State.from_json(make_game(5), data)

    def test_yield_phase_needs_a_queue(self) -> None:
        game, data = valid_json()
        data["yield_queue"] = []
        with pytest.raises(StateFormatError):
            State.from_json(game, data)

    def test_state_of_another_game(self) -> None:
        _, data = valid_json()
        with pytest.raises(StateFormatError):
            State.from_json(make_game(4), data)

    def test_not_json_text(self) -> None:
        with pytest.raises(StateFormatError):
            load_json("{not json")

    @pytest.mark.parametrize(
        "data",
        [None, {}, {"type": "teleport"}, {"type": "roll", "faces": ["claws"]},
         {"type": "buy", "card": 3}, {"type": "first-player", "seat": True}],
    )
    def test_malformed_action(self, data: Any) -> None:
        with pytest.raises(StateFormatError):
            action_from_json(data)
