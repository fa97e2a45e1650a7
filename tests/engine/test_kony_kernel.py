"""King of New York's kernel (kot_rules.games.king_of_new_york.rules): set-up, the turn's phases,
legal
actions, illegal actions, victory, whole random games and the state JSON."""

from __future__ import annotations

import json
import random

import pytest

from kot_rules.engine.actions import (
    END_TURN,
    PASS,
    STAY,
    STOP,
    Choose,
    FirstPlayer,
    ResolveFaces,
    Roll,
)
from kot_rules.engine.dice import Face, counts_in
from kot_rules.engine.driver import play
from kot_rules.engine.errors import IllegalActionError
from kot_rules.engine.game import Game, MonsterSetup
from kot_rules.engine.options import FirstPlayerRule, Options
from kot_rules.engine.state import CHANCE, Phase, State
from kot_rules.games import get
from kot_rules.games.king_of_new_york import rules as newyork
from kot_rules.games.king_of_new_york.board import (
    FACES,
    MANHATTAN,
    OUTER,
    CityBoard,
    board_from_json,
)
from kot_rules.games.king_of_new_york.definition import KING_OF_NEW_YORK

NAMES = ("Captain Fish", "Drakonis", "Kong", "Mantis", "Rob", "Sheriff")


def roll(*faces: str) -> Roll:
    return Roll(counts_in(list(faces), FACES))


def game(n: int = 4, **options: object) -> Game:
    return KING_OF_NEW_YORK.new_game(n, options=Options(**options))  # type: ignore[arg-type]


def at(g: Game, where: list[str | None], *, active: int = 0,
       hearts: dict[int, int] | None = None, city: int | None = None, bay: int | None = None,
       **board: object) -> State:
    """A state at the start of ``active``'s turn: each monster where ``where`` says."""
    hearts = hearts or {}
    monsters = [MonsterSetup(n, hearts=hearts.get(i, 10)) for i, n in enumerate(g.names)]
    data = {"where": where, **board}
    return g.setup_state(monsters, active=active, city=city, bay=bay,
                         game_board=board_from_json(data))


def test_the_game_is_registered() -> None:
    d = get("king-of-new-york")
    assert d is KING_OF_NEW_YORK
    assert (d.min_players, d.max_players) == (2, 6)
    assert d.dice.faces == FACES and (d.dice.count, d.dice.rolls) == (6, 3)
    assert Face.OUCH in d.dice.faces and Face.CELEBRITY in d.dice.faces
    assert d.rules.names == NAMES
    assert {Phase.PLACE, Phase.RESOLVE, Phase.DESTROY, Phase.YIELD, Phase.MOVE} <= set(d.phases)


def test_set_up_places_figures_clockwise_from_the_first_player() -> None:
    g = game(3, first_player=FirstPlayerRule.ROLL)
    s = g.new_initial_state(g.shuffled_deck(5))
    assert s.is_chance_node() and s.current_player() == CHANCE
    assert [o for o, _ in s.chance_outcomes()] == [FirstPlayer(i) for i in range(3)]
    s = s.apply(FirstPlayer(2))
    assert s.phase is Phase.PLACE and s.current_player() == 2
    assert list(s.legal_actions()) == [Choose(b) for b in OUTER]
    assert all(m.hearts == 10 and m.stars == 0 and m.energy == 0 for m in s.monsters)
    s = s.apply(Choose("bronx")).apply(Choose("bronx"))
    assert s.current_player() == 1
    assert Choose("bronx") not in s.legal_actions()  # kony.borough.capacity
    with pytest.raises(IllegalActionError, match="fewer than two monsters"):
        s.apply(Choose("bronx"))
    with pytest.raises(IllegalActionError):
        s.apply(Choose(MANHATTAN))
    s = s.apply(Choose("queens"))
    assert s.phase is Phase.ROLL and s.active == 2 and s.turn == 1
    assert s.board.where == ("bronx", "queens", "bronx")
    assert s.city is None and s.bay is None


def test_resolution_offers_each_kind_on_the_dice_once() -> None:
    g = game(2)
    s = at(g, ["bronx", MANHATTAN], city=1)
    s = s.apply(roll("energy", "energy", "heal", "smash", "ouch", "ouch")).apply(STOP)
    assert s.phase is Phase.RESOLVE
    kinds = {a.face for a in s.legal_actions() if isinstance(a, ResolveFaces)}
    assert kinds == {Face.ENERGY, Face.HEAL, Face.SMASH, Face.OUCH}
    s = s.apply(ResolveFaces(Face.ENERGY))
    assert ResolveFaces(Face.ENERGY) not in s.legal_actions()
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="resolve one of"):
        s.apply(ResolveFaces(Face.ENERGY))
    with pytest.raises(IllegalActionError):
        s.apply(ResolveFaces(Face.CELEBRITY))
    assert s.to_json() == before  # an illegal action leaves the state unchanged


def test_fleeing_offers_boroughs_with_room_and_staying() -> None:
    g = game(4)
    s = at(g, ["bronx", "bronx", "queens", MANHATTAN], city=3)
    s = s.apply(roll("smash", "energy", "energy", "energy", "energy", "energy")).apply(STOP)
    s = s.apply(ResolveFaces(Face.SMASH))
    assert s.phase is Phase.YIELD and s.current_player() == 3
    assert list(s.legal_actions()) == [Choose("staten-island"), Choose("queens"),
                                       Choose("brooklyn"), STAY]
    s2 = s.apply(Choose("queens"))
    assert s2.city == 0 and s2.board.where[3] == "queens"
    assert s2.monsters[0].stars == 1 and s2.monsters[3].hearts == 9
    s3 = s.apply(STAY)
    assert s3.city == 3 and s3.board.where[0] == "bronx"


def test_destruction_must_be_spent_tile_by_tile() -> None:
    g = game(2)
    s = at(g, ["queens", MANHATTAN], city=1,
           stacks={"queens": [["high-rise-1-1", "high-rise-2-1"], ["hospital-3-1"]]})
    s = s.apply(roll("destruction", "destruction", "destruction", "heal", "heal", "heal"))
    s = s.apply(STOP).apply(ResolveFaces(Face.DESTRUCTION))
    assert s.phase is Phase.DESTROY
    assert list(s.legal_actions()) == [Choose("high-rise-1-1"), Choose("hospital-3-1")]
    assert PASS not in s.legal_actions()  # D-KONY-MUST-DESTROY
    s = s.apply(Choose("hospital-3-1"))
    assert s.phase is Phase.RESOLVE and s.board.points == 0
    assert s.monsters[0].hearts == 10  # healed 3, capped at 10
    assert s.board.units_of("queens") == ("hospital-3-1",)


def test_the_move_phase() -> None:
    g = game(3)
    s = at(g, ["bronx", "bronx", MANHATTAN], city=2)
    s = s.apply(roll(*["energy"] * 6)).apply(STOP).apply(ResolveFaces(Face.ENERGY))
    assert s.phase is Phase.MOVE
    assert list(s.legal_actions()) == [Choose("staten-island"), Choose("queens"),
                                       Choose("brooklyn"), PASS]
    with pytest.raises(IllegalActionError, match="move to one of"):
        s.apply(Choose(MANHATTAN))
    assert s.apply(Choose("queens")).board.where[0] == "queens"
    assert s.apply(PASS).board.where[0] == "bronx"
    assert s.apply(PASS).phase is Phase.BUY
    assert END_TURN in s.apply(PASS).legal_actions()


def test_the_monster_in_manhattan_moves_up_and_is_rewarded() -> None:
    g = game(2)
    s = at(g, ["bronx", MANHATTAN], active=1, city=1, zones={"2-4": "midtown"})
    assert (s.monsters[1].stars, s.monsters[1].energy) == (2, 1)  # Midtown's reward
    s = s.apply(roll(*["heal"] * 6)).apply(STOP).apply(ResolveFaces(Face.HEAL))
    assert s.board.zones[0] == 2 and s.phase is Phase.BUY


def with_stars(s: State, stars: dict[int, int], out: tuple[int, ...] = ()) -> State:
    """``s`` with the monsters' stars set and the seats ``out`` eliminated."""
    s.monsters = tuple(m._replace(stars=stars.get(i, m.stars), alive=m.alive and i not in out,
                                  hearts=0 if i in out else m.hearts)
                       for i, m in enumerate(s.monsters))
    return s


def quiet_turn(s: State) -> State:
    """The active monster's turn, rolling six energy faces and moving nowhere, up to its
    end (not ended)."""
    s = s.apply(roll(*["energy"] * 6)).apply(STOP).apply(ResolveFaces(Face.ENERGY))
    return s.apply(PASS) if s.phase is Phase.MOVE else s


def test_only_the_active_monster_wins_by_stars_at_the_end_of_its_own_turn() -> None:
    # kony.end.twenty-stars, D-KONY-VICTORY-MOMENT: Mantis (seat 1) has 20 stars during
    # Kong's turn; it declares nothing at its end, and wins at the end of its own turn.
    s = with_stars(at(game(3), ["bronx", "queens", MANHATTAN], city=2), {1: 20})
    s = quiet_turn(s).apply(END_TURN)
    assert s.outcome is None and s.active == 1 and s.phase is Phase.ROLL
    s = quiet_turn(s)
    assert s.outcome is None  # never during the turn
    s = s.apply(END_TURN)
    assert s.outcome is not None and s.outcome.winner == 1


def test_a_monster_with_twenty_stars_eliminated_before_its_turn_never_wins() -> None:
    s = with_stars(at(game(3), ["bronx", "queens", MANHATTAN], city=2), {2: 20})
    s = quiet_turn(s).apply(END_TURN)
    assert s.outcome is None and s.active == 1
    s = with_stars(s, {}, out=(2,))  # out of the game before its own turn comes
    s.board = s.board.moved(2, "")
    s.city = None
    s = quiet_turn(s).apply(END_TURN)
    assert s.outcome is None and s.active == 0


@pytest.mark.parametrize(("stars", "out", "winner", "reason"), [
    ({0: 20, 1: 25}, (), 0, "20 stars at the end of a turn"),  # D-KONY-SEVERAL-AT-20
    ({1: 20, 2: 30}, (), None, None),  # the others wait for their own turns
    ({0: 20}, (1, 2), 0, "20 stars at the end of a turn"),  # the stars first, the seed's order
    ({1: 20}, (0, 2), 1, "last monster standing"),  # at the end of any turn
    ({0: 20, 1: 20}, (0,), None, None),  # eliminated in its own turn: it does not win
    ({0: 20}, (0, 1, 2), None, "every remaining monster was eliminated in the same turn"),
])
def test_the_outcome_at_the_end_of_a_turn(stars: dict[int, int], out: tuple[int, ...],
                                          winner: int | None, reason: str | None) -> None:
    s = with_stars(at(game(3), ["bronx", "queens", "brooklyn"]), stars, out)
    got = newyork.victory(s)
    if reason is None:
        assert got is None
    else:
        assert got is not None and (got.winner, got.reason) == (winner, reason)


def test_army_damage_is_no_attack() -> None:
    g = game(2)
    s = at(g, ["bronx", MANHATTAN], city=1, units={"manhattan": ["high-rise-1-1"]})
    s = s.apply(roll("ouch", "ouch", "ouch", "energy", "energy", "energy")).apply(STOP)
    s = s.apply(ResolveFaces(Face.OUCH))
    assert s.monsters[1].hearts == 9 and s.phase is Phase.RESOLVE  # nobody asked to flee
    assert s.board.statue == 0 and s.monsters[0].stars == 3


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end(players: int) -> None:
    g = KING_OF_NEW_YORK.new_game(players)
    for seed in range(40):
        record = play(g, seed=seed)
        assert record.final is not None and record.final.outcome is not None


@pytest.mark.parametrize("players", [2, 5, 6])
def test_the_state_json_round_trips_along_a_game(players: int) -> None:
    g = KING_OF_NEW_YORK.new_game(players, options=Options(first_player=FirstPlayerRule.ROLL))
    rng = random.Random(players)
    s = g.new_initial_state(g.shuffled_deck(players))
    steps = 0
    while not s.is_terminal() and steps < 2000:
        text = json.dumps(s.to_json())
        back = g.state_from_json(json.loads(text))
        assert back.canonical() == s.canonical()
        assert isinstance(back.board, CityBoard)
        action = s.sample_chance(rng) if s.is_chance_node() else rng.choice(list(s.legal_actions()))
        s = s.apply(action)
        steps += 1
    assert s.is_terminal()
    assert "board" in s.to_json() and str(s).count("Manhattan") >= 1


def test_the_same_seed_plays_the_same_game() -> None:
    g = KING_OF_NEW_YORK.new_game(4)
    a, b = play(g, seed=11), play(g, seed=11)
    assert a.final is not None and b.final is not None
    assert a.final.canonical() == b.final.canonical()


def test_the_tiles_are_shuffled_with_the_deck() -> None:
    """D-KONY-TILE-SHUFFLE: the deck's order seeds the tiles (King of Tokyo's cards stand in
    for a deck here; with no card at all every game would lay the same tiles)."""
    from kot_rules.engine.cards import CardTable
    from kot_rules.language.cardset import builtin_card_set

    g = KING_OF_NEW_YORK.new_game(
        4, cards=CardTable.from_card_set(builtin_card_set("king-of-tokyo")))
    first = g.new_initial_state(g.shuffled_deck(1)).board.stacks
    assert g.new_initial_state(g.shuffled_deck(1)).board.stacks == first
    assert g.new_initial_state(g.shuffled_deck(2)).board.stacks != first
