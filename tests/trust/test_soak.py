"""The soak (`make soak`): it covers every game, player count and ruleset option that means
something in the game, shares the games evenly among the games, checks each game's own
invariants, and reports crashes and invariant violations with what replays them."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import fields, replace
from enum import Enum
from typing import Any

import pytest

from kot_rules.engine.driver import play
from kot_rules.engine.game import Options
from kot_rules.engine.state import Phase
from kot_rules.games import definitions, get
from kot_rules.games.king_of_tokyo.invariants import Violation
from kot_rules.language.ast import Trigger, Verb, Who
from kot_rules.language.cardset import builtin_card_set
from kot_rules.language.checker import ModifierKind
from kot_rules.verify import soak

KONY = "king-of-new-york"


def test_every_option_is_varied_or_a_numeric_parameter() -> None:
    """A new ruleset option that is not a bool or an Enum must be added to VARIANTS."""
    assert soak.held_options() == soak.PARAMETERS
    assert set(soak.option_values()) == {f.name for f in fields(Options)}


def test_configurations_cover_every_game_and_player_count() -> None:
    seen = {(c.game_id, c.players) for c in soak.configs()}
    assert seen == {(d.id, n) for d in definitions()
                    for n in range(d.min_players, d.max_players + 1)}
    for name, values in soak.VARIANTS.items():
        assert {getattr(c.options, name) for c in soak.configs()} == set(values), name
    # The Bay forced on is refused below 5 monsters, so it is played with 5 and 6 only.
    assert {c.players for c in soak.configs() if c.options.tokyo_bay} == {5, 6}


def test_a_few_games_checked_at_every_step() -> None:
    n = 6
    tally = soak.play_range((0, n, 1))
    assert (tally.games, tally.crash_count, tally.violation_count) == (n, 0, 0)
    assert tally.sampled == n and tally.checked_states > 50 * n
    assert tally.wins + tally.draws == n


def test_a_crash_is_reported_with_its_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: Any, seed: int, **kwargs: Any) -> Any:
        raise KeyError("boom")

    monkeypatch.setattr(soak, "play", broken)
    tally = soak.play_range((7, 9, 0))
    assert (tally.games, tally.crash_count) == (0, 2)
    crash = tally.crashes[0]
    assert crash["index"] == crash["seed"] == 7 and "KeyError: 'boom'" in crash["error"]
    config = soak.config_of(7)
    assert (crash["game"], crash["players"], crash["options"]) == (
        config.game_id, config.players, config.options.to_json())
    text = soak.report(tally, 1.0, 2, 1, 1)
    assert "crashes: 2" in text and "--replay 7" in text


def test_a_violation_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(soak, "check_state",
                        lambda state, game: [Violation("INV-TEST", "planted")])
    tally = soak.play_range((0, 2, 2, "king-of-tokyo"))  # game 0 is sampled, game 1 is not
    assert tally.games == 2 and tally.sampled == 1
    assert tally.violations[0]["index"] == 0
    assert "INV-TEST: planted" in tally.violations[0]["found"][0]
    assert "invariant violations: 5" in soak.report(tally, 1.0, 2, 1, 2)


def test_duel_game_3602_keeps_every_invariant() -> None:
    """The soak's game 3602 (Duel) once broke INV-DUEL-DICE at turn 24: 1 die rolled and
    1 smash Adrenaline Augment added, Titanic Batteries left both unresolved, and the view
    read -1 ordinary dice. Only dice rolled may be left, and they stay dice rolled
    (D-DUEL-UNRESOLVED)."""
    assert soak.config_of(3602).game_id == "king-of-tokyo-duel"
    tally = soak.play_range((3602, 3603, 1))
    assert (tally.games, tally.sampled, tally.crash_count) == (1, 1, 0)
    assert tally.violations == [] and tally.violation_count == 0
    assert tally.checked_states > 300


@pytest.mark.parametrize(("index", "players"), [(242400, 5), (757800, 6)])
def test_new_york_five_six_games_keep_every_invariant(index: int, players: int) -> None:
    """The soak's games 242400 and 757800 (New York, 5-6 path) once broke
    INV-KONY-MANHATTAN at turn 19: the 2-4 monster fled to a borough where a card of the
    attacked asked a question before the 5-6 monster took the free 2-4 space, so the
    question showed the 5-6 path taken and the 2-4 one empty. Leaving Manhattan moves the
    5-6 monster up first (kony.five-six.flee-order)."""
    config = soak.config_of(index)
    assert (config.game_id, config.players, config.options.tokyo_bay) == (KONY, players, None)
    tally = soak.play_range((index, index + 1, 1))
    assert (tally.games, tally.sampled, tally.crash_count) == (1, 1, 0)
    assert tally.violations == [] and tally.violation_count == 0
    assert tally.checked_states > 300


def test_the_parallel_run_adds_up() -> None:
    total, seconds = soak.soak(8, jobs=2, sample=4, chunk=3, progress=False)
    assert (total.games, total.crash_count, total.violation_count) == (8, 0, 0)
    # Games 0-7 are the three games' first 3, 3 and 2: the first of each is checked.
    assert {g: c.games for g, c in total.by_game.items()} == {
        KONY: 3, "king-of-tokyo": 3, "king-of-tokyo-duel": 2}
    assert total.sampled == 3 and seconds > 0


def test_the_games_are_shared_evenly_and_each_is_sampled_alike() -> None:
    ids = soak.game_ids()
    assert set(ids) == {d.id for d in definitions()}
    assert [soak.config_of(i).game_id for i in range(6)] == [*ids, *ids]
    # 1 in 3 checked: with three games, index-based sampling would check only one of them.
    tally = soak.play_range((0, 9, 3))
    assert {g: (c.games, c.sampled) for g, c in tally.by_game.items()} == {
        g: (3, 1) for g in ids}
    assert all(c.checked_states > 20 for c in tally.by_game.values())


# -- King of New York ---------------------------------------------------------------------


def test_new_york_varies_only_the_options_that_mean_something_there() -> None:
    """D-KONY-56-VARIANT (the 5-6 path, with five or six monsters only) and
    D-KONY-FIRST-PLAYER; each configuration a different game."""
    own = soak.configs_of(KONY)
    assert soak.varied_options(KONY) == ["first_player", "tokyo_bay"]
    assert {c.players for c in own} == set(range(2, 7))
    default = Options()
    for c in own:
        for name in soak.held_options(KONY):
            assert getattr(c.options, name) == getattr(default, name), name
    games = [(c.players, soak._game(c).options) for c in own]
    assert len(set(games)) == len(games) == 14
    paths = {(n, o.tokyo_bay) for n, o in games}
    assert paths == {(n, False) for n in range(2, 5)} | {(n, b) for n in (5, 6)
                                                        for b in (False, True)}


def _said(card_set: Any) -> set[Enum]:
    """Every word (enum member) New York's card texts say."""
    seen: set[Enum] = set()

    def walk(x: object) -> None:
        if isinstance(x, Enum):
            seen.add(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            for f in fields(x):
                walk(getattr(x, f.name))
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)

    for card in card_set.cards:
        walk(card)
    return seen


HELD_FOR_NEW_YORK: dict[str, tuple[Any, set[Enum]]] = {
    "bonus_claws": (True, {Verb.ADD_CLAW_DAMAGE}),
    "neighbours_attacked_only": (True, {Who.NEIGHBOURS}),
    "revived_leaves_tokyo": (True, {Trigger.WOULD_BE_ELIMINATED}),
    "probe_after_last_roll": (True, {Trigger.OTHER_ROLLED}),
    "refund_printed_cost": (True, {Verb.SELL_CARDS}),
    "heart_cap": (12, set()),
}
"""Each option New York's soak holds, a value other than its default, and the card words
whose reading it picks (heart_cap: a maximum above 12, checked below)."""


def test_the_options_held_for_new_york_mean_nothing_there() -> None:
    assert set(HELD_FOR_NEW_YORK) == soak.held_options(KONY) - soak.PARAMETERS
    cards = builtin_card_set(KONY)
    said = _said(cards)
    for name, (_, words) in HELD_FOR_NEW_YORK.items():
        assert not words & said, (name, words & said)
    raised = sum(m.amount for c in cards.cards for m in c.modifiers
                 if m.kind is ModifierKind.MAX_HEARTS)
    assert Options().max_hearts + raised <= 12  # no monster can pass the cap
    # And the games say so: each held option at another value plays the same games.
    definition = get(KONY)
    for players in (2, 5):
        base = definition.new_game(players)
        for seed in range(2):
            want = json.loads(play(base, seed).dumps())
            for name, (value, _) in HELD_FOR_NEW_YORK.items():
                game = definition.new_game(players, options=replace(Options(),
                                                                    **{name: value}))
                got = json.loads(play(game, seed).dumps())
                got["game"]["options"] = want["game"]["options"]
                assert got == want, (players, seed, name)


def test_new_york_states_are_judged_by_its_own_invariants(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def not_here(state: Any) -> list[Violation]:
        raise AssertionError("King of Tokyo's invariants judged a New York state")

    monkeypatch.setitem(soak.STATE_CHECKS, "king-of-tokyo", not_here)
    game = get(KONY).new_game(3)
    states: list[Any] = []
    play(game, 1, record=False, on_step=lambda s: states.append(s.copy()))
    s = next(x for x in states if x.phase is Phase.ROLL and x.pending is None)
    assert soak.check_state(s, KONY) == []
    s.monsters = (s.monsters[0]._replace(energy=-1), *s.monsters[1:])
    assert [v.invariant for v in soak.check_state(s, KONY)] == ["INV-KONY-RESOURCES"]


def test_a_short_new_york_soak_reports_its_games_and_states() -> None:
    total, seconds = soak.soak(6, jobs=1, sample=2, game=KONY, progress=False)
    counts = total.by_game[KONY]
    assert (counts.games, counts.sampled, counts.crashes, counts.violations) == (6, 3, 0, 0)
    assert counts.checked_states > 100 and set(total.by_game) == {KONY}
    text = soak.report(total, seconds, 6, 1, 2, KONY)
    assert (f"{KONY}: 6 games (14 configurations), {counts.checked_states} states checked "
            "in 3 games; 0 crashes, 0 violations") in text
    assert "options varied: first_player, tokyo_bay" in text
