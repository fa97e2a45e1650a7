"""The meanings of King of New York's words on the kernel's board, and the clear error for
a word the engine cannot run yet."""

from __future__ import annotations

from dataclasses import replace

import pytest
from kony_engine_helpers import GAME
from kony_engine_helpers import city_board as _board
from kony_engine_helpers import kony_state as _state

from kot_rules.engine import abilities, effects, shop
from kot_rules.engine.actions import Choose
from kot_rules.engine.errors import NotExecutableError
from kot_rules.engine.game import MonsterSetup
from kot_rules.games.king_of_new_york import rules as newyork
from kot_rules.games.king_of_new_york.board import CELEBRITY_I, DESTRUCTION_I, MANHATTAN, SMASH_I
from kot_rules.language.ast import Condition


def _abilities(card: str) -> tuple[effects.Effect, ...]:
    (ability,) = GAME.cards.abilities(card)[:1]
    return ability.effects


def test_the_special_cards_are_no_cards_of_the_deck() -> None:
    s = _state()
    assert len(GAME.cards.physical_ids()) == 64
    assert not {"superstar", "statue-of-liberty"} & {*s.shop, *s.deck}


def test_buying_a_card_the_engine_cannot_run_is_refused_before_anything_changes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Every deck card runs now; the refusal is checked on a card marked by hand.
    monkeypatch.setitem(GAME.cards.unrunnable, "scavenger", "modifier 'buy-from-discard'")
    s = _state(energy0=20)
    before = s.to_json()
    with pytest.raises(NotExecutableError, match="modifier 'buy-from-discard'"):
        shop.pay_and_take(s, [], 0, "scavenger", 3)
    assert s.to_json() == before
    shop.pay_and_take(s, [], 0, "regeneration", 5)  # a card it runs: bought
    assert "regeneration" in s.monsters[0].cards


def test_every_card_of_the_deck_runs() -> None:
    # No deck card says a word the engine cannot run (the special cards' moments
    # are the kernel's rules; they are never in the deck).
    assert GAME.cards.unrunnable == {}


def test_steal_energy_from_it_moves_what_it_has() -> None:
    s = _state(("power-tap",), energy1=1)
    effects.run(s, [], 0, _abilities("power-tap"), "power-tap", target=1)
    assert (s.monsters[0].energy, s.monsters[1].energy) == (1, 0)


def test_make_it_lose_stars_and_take_damage() -> None:
    s = _state(("trash-thrower", "violent-star"), stars1=3)
    effects.run(s, [], 0, _abilities("trash-thrower"), "trash-thrower", target=1)
    assert s.monsters[1].stars == 2
    hearts = s.monsters[1].hearts
    effects.run(s, [], 0, _abilities("violent-star"), "violent-star", target=1)
    assert s.monsters[1].hearts == hearts - 2


def test_every_monster_collects_energy_and_every_unit_attacks() -> None:
    s = _state()
    effects.run(s, [], 0, GAME.cards.effects("holland-tunnel")[1:], "holland-tunnel")
    assert (s.monsters[0].energy, s.monsters[1].energy) == (3, 3)
    b = _board(s)
    here = b.where[1]
    units = list(b.units)
    units[b.borough_index(here)] = ("high-rise-1-1", "high-rise-1-5")
    s.board = replace(b, units=tuple(units))
    hearts = [m.hearts for m in s.monsters]
    effects.run(s, [], 0, GAME.cards.effects("air-force-one")[1:], "air-force-one")
    assert [m.hearts for m in s.monsters] == [h - 2 for h in hearts]  # both in that borough


def test_spend_all_your_stars() -> None:
    s = _state(energy0=0, stars0=3)
    s.monsters = (s.monsters[0]._replace(hearts=5), s.monsters[1])
    (effect,) = GAME.cards.effects("next-stage")
    s.feed, s.fed = (Choose("2"),), 0  # 2 of its 3 stars become energy, 1 a heart
    effects.run(s, [], 0, (effect,), "next-stage")
    m = s.monsters[0]
    assert (m.stars, m.energy, m.hearts) == (0, 2, 6)


def test_the_conditions_read_the_board() -> None:
    s = _state()
    b = _board(s)
    assert not abilities.holds(s, 0, Condition.IN_QUEENS)
    s.board = b.moved(0, "queens")
    assert abilities.holds(s, 0, Condition.IN_QUEENS)
    assert not abilities.holds(s, 0, Condition.HAVE_SUPERSTAR)
    s.board = replace(_board(s), superstar=0)
    assert abilities.holds(s, 0, Condition.HAVE_SUPERSTAR)
    assert not abilities.holds(s, 0, Condition.ROLL_HAS_STAR)
    s.dice = tuple(1 if i == CELEBRITY_I else 0 for i in range(6))  # type: ignore[assignment]
    assert abilities.holds(s, 0, Condition.ROLL_HAS_STAR)
    s.dice = (1, 1, 1, 1, 1, 1)
    assert not abilities.holds(s, 0, Condition.MANHATTAN_EVERY_FACE)
    s.city = 0
    s.board = _board(s).moved(0, MANHATTAN)
    assert abilities.holds(s, 0, Condition.MANHATTAN_EVERY_FACE)


def test_resolving_adds_faces_and_counts_destruction() -> None:
    s = _state(("towering-titan", "stomp"))
    s.dice = (0, 1, 0, 0, 0, 0)  # one destruction face
    newyork.fire_resolve(s, [])
    assert s.dice[SMASH_I] == 2 and s.dice[DESTRUCTION_I] == 2


def test_destroying_a_unit_fires_its_moments() -> None:
    s = _state(("trophy-hunter",))
    b = _board(s)
    here = b.where[0]
    units = list(b.units)
    units[b.borough_index(here)] = ("high-rise-1-1",)  # an infantry unit lies there
    s.board = replace(b, stacks=tuple(tuple(tuple(t for t in st if t != "high-rise-1-1")
                                            for st in stacks) for stacks in b.stacks),
                      units=tuple(units))
    stars = s.monsters[0].stars
    newyork.destroy_tile(s, [], 0, "high-rise-1-1")
    assert s.monsters[0].stars == stars + 1  # the infantry's reward is a heal; +1 the card's


def test_becoming_the_superstar_fires_its_moments() -> None:
    s = _state(("ego-trip",), ("violent-star",))
    s.board = replace(_board(s), superstar=1)
    hearts = s.monsters[0].hearts
    s.monsters = (s.monsters[0]._replace(hearts=hearts - 3), s.monsters[1])
    newyork.take_special(s, [], 0, "superstar")
    assert s.monsters[0].energy == 1  # Ego Trip
    assert s.monsters[0].hearts == hearts - 3 - 1  # Violent Star's holder made it take 1


def test_a_landmark_costs_less_in_its_borough_and_a_purchase_may_need_a_unit() -> None:
    from kot_rules.engine import buying

    s = _state()
    s.board = _board(s).moved(0, "brooklyn")
    assert buying.own_cost(s, 0, "coney-island", 0) == 3  # 4, 1 less in Brooklyn
    assert buying.own_cost(s, 0, "the-unisphere", 0) == 5  # Queens only
    assert buying.own_cost(s, 0, "general-ellis", 0) is None  # no tank destroyed
    s.board = replace(_board(s), destroyed_units=("high-rise-3-1",))  # a tank
    assert buying.own_cost(s, 0, "general-ellis", 0) == 5
    assert buying.own_cost(s, 0, "air-force-one", 0) is None  # a tank is no jet


def test_the_attackers_cards_change_its_attack() -> None:
    s = _state(("shadow-double", "tesla-antennae"), ("drain",), energy0=5)
    s.monsters = (s.monsters[0]._replace(hearts=5), s.monsters[1])
    s.city = 1
    s.board = _board(s).moved(1, MANHATTAN)
    newyork.smash(s, [], 0, 1)  # 1 smash, +1 (more hearts), doubled
    assert s.monsters[1].hearts == 10 - 4
    assert (s.monsters[0].energy, s.monsters[1].energy) == (3, 2)  # Drain: the attacker pays


def test_fireball_hits_its_borough_too() -> None:
    s = _state(("fireball",))
    assert _board(s).where[0] == _board(s).where[1]
    newyork.smash(s, [], 0, 2)  # nobody in Manhattan: only its neighbour in the borough
    assert s.monsters[1].hearts == 8


def test_bulletproof_units_and_diva() -> None:
    s = _state(("bulletproof",))
    b = _board(s)
    units = list(b.units)
    units[b.borough_index(b.where[0])] = ("high-rise-1-1", "high-rise-1-5")
    s.board = replace(b, units=tuple(units))
    newyork.ouch(s, [], 0, 2)  # both in the borough: 2 units each
    assert (s.monsters[0].hearts, s.monsters[1].hearts) == (9, 8)
    s = _state(("diva",))
    s.board = replace(_board(s), superstar=0)
    s.active = 1
    newyork.celebrity(s, [], 1, 3)
    assert _board(s).superstar == 0  # 3 are not enough against Diva
    newyork.celebrity(s, [], 1, 4)
    assert _board(s).superstar == 1


def test_entering_manhattan_and_energy_faces() -> None:
    s = _state(("chinatown-regular", "overload"))
    s.monsters = (s.monsters[0]._replace(hearts=6), s.monsters[1])
    newyork.enter_manhattan(s, [], 0, "test")
    assert s.monsters[0].hearts == 8
    energy = s.monsters[0].energy
    s.dice = (0, 0, 0, 2, 0, 0)
    newyork.apply_resolve(s, [], newyork.ResolveFaces(newyork.FACES[3]))
    assert s.monsters[0].energy == energy + 1  # 2 energy faces, 1 less


def test_painbow_wins_at_six_destruction_faces() -> None:
    s = _state(("painbow",))
    s.dice = (0, 6, 0, 0, 0, 0)
    newyork.fire_resolve(s, [])
    assert s.outcome is not None and s.outcome.winner == 0
    assert s.dice[SMASH_I] == 2  # the two tiers below fired first


def test_can_opener_eases_a_tank() -> None:
    s = _state(("can-opener",))
    b = _board(s)
    units = list(b.units)
    units[b.borough_index(b.where[0])] = ("high-rise-3-1",)  # a tank: durability 4
    s.board = replace(b, units=tuple(units), points=3)
    assert "high-rise-3-1" in newyork.destroyable_for(s, 0, 3)
    assert newyork.easing(s, 0, "high-rise-3-1") == 1
    s.monsters = (s.monsters[0]._replace(cards=()), s.monsters[1])
    assert "high-rise-3-1" not in newyork.destroyable(_board(s), _board(s).where[0], 3)


def test_a_card_the_engine_cannot_run_is_never_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    from kot_rules.engine.actions import Buy
    from kot_rules.engine.errors import IllegalActionError
    from kot_rules.engine.state import Phase

    # Every deck card runs now; the refusal is checked on a card marked by hand.
    monkeypatch.setitem(GAME.cards.unrunnable, "scavenger", "modifier 'buy-from-discard'")
    s = GAME.setup_state([MonsterSetup(GAME.names[0], energy=30), MonsterSetup(GAME.names[1])],
                         active=0, turn_number=3, shop=("scavenger", "regeneration", "stomp"))
    s.phase = Phase.BUY
    buys = {a.card for a in s.legal_actions() if isinstance(a, Buy)}
    assert buys == {"regeneration", "stomp"}
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="cannot run yet"):
        s.apply(Buy("scavenger"))
    assert s.to_json() == before


def test_super_speed_moves_before_the_roll() -> None:
    s = _state((), ("super-speed",))  # seat 1's card: setting up seat 0's turn asks nothing
    assert _board(s).where[1] == "staten-island"
    s.feed, s.fed = (Choose("bronx"),), 0
    effects.run(s, [], 1, _abilities("super-speed"), "super-speed")
    assert _board(s).where[1] == "bronx"
    s.feed, s.fed = (Choose(MANHATTAN),), 0
    stars = s.monsters[1].stars
    effects.run(s, [], 1, _abilities("super-speed"), "super-speed")
    assert s.city == 1 and s.monsters[1].stars == stars + 1  # entering Manhattan
    effects.run(s, [], 1, _abilities("super-speed"), "super-speed")  # never out by choice
    assert s.city == 1


def test_jinx_aura_binds_the_others_to_every_roll_and_terminal_rage_keeps_claws() -> None:
    from kot_rules.engine.actions import STOP, Reroll, Roll
    from kot_rules.engine.errors import IllegalActionError

    s = _state((), ("jinx-aura",))
    s = s.apply(Roll((0, 0, 0, 2, 2, 2)))  # celebrity, destruction, ouch, energy, heal, smash
    assert STOP not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="binds you to every roll"):
        s.apply(STOP)
    s = _state(("terminal-rage",))
    s = s.apply(Roll((0, 0, 0, 2, 2, 2)))
    legal = s.legal_actions()
    assert STOP in legal
    assert all(a.keep[SMASH_I] == 2 for a in legal if isinstance(a, Reroll))
    assert Reroll((0, 0, 0, 2, 2, 0)) not in legal
    with pytest.raises(IllegalActionError, match="keep every claw face"):
        s.apply(Reroll((0, 0, 0, 2, 2, 0)))
    s.apply(Reroll((0, 0, 0, 0, 0, 2)))  # the claws kept: allowed


@pytest.mark.parametrize(("cards", "stars"), [((), 1), (("personal-spotlight",), 2)])
def test_a_star_face_got_counts_at_the_end_of_the_turn(cards: tuple[str, ...],
                                                        stars: int) -> None:
    from kot_rules.engine.actions import END_TURN, PASS, Roll, StopRolling

    s = _state(cards)
    s = s.apply(Roll((1, 0, 0, 0, 5, 0)))  # one star face (no Superstar), five hearts
    s = s.apply(StopRolling())
    while s.active == 0:
        legal = s.legal_actions()
        s = s.apply(END_TURN if END_TURN in legal else PASS if PASS in legal else legal[0])
    assert s.monsters[0].stars == stars  # 1 for entering Manhattan, 1 for the card
