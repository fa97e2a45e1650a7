"""The base-game rules and the Tokyo Bay variant, one hand-built position at a time.

Sources: [000/001] Polish rulebook (000 = OCR with the end-of-game section,
001 = clean text), [004] Czech rulebook; /work/shared/reference/rules-digest.md
sections 1-2. Seat 0 is the active monster unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest
from kot_engine_helpers import CARDS, NOTHING, make_game, roll_stop, setup

from kot_rules.engine import Buy, EventKind, Game, IllegalActionError, Phase, Reroll, Roll, State
from kot_rules.engine.actions import END_TURN, STAY, STOP, SWEEP, YIELD
from kot_rules.games.king_of_tokyo import rules as kingoftokyo


def kinds(s: State) -> list[EventKind]:
    return [e.kind for e in s.events]


def hearts(s: State) -> list[int]:
    return [m.hearts for m in s.monsters]


def stars(s: State) -> list[int]:
    return [m.stars for m in s.monsters]


def claws(n: int) -> tuple[object, ...]:
    """``n`` claws and no other effect (the rest 1-2 pairs: no set, no heart, no energy)."""
    filler: tuple[object, ...] = (1, 2, 1, 2, 3, 3)
    return ("claw",) * n + filler[: 6 - n]


# -- start of turn -----------------------------------------------------------------


class TestStartOfTurnInTokyo:
    """A monster that starts its turn in Tokyo gains 2 ★ [001 §TOKIO "Na początku każdej
    swojej tury w Tokio gracz zdobywa 2"; 004]."""

    def test_in_city(self, game4: Game) -> None:
        s = setup(game4, {0: {"stars": 5}}, city=0)
        assert s.monsters[0].stars == 7
        assert s.phase is Phase.ROLL

    def test_in_bay(self, game5: Game) -> None:
        # [001 §WARIANT ZAAWANSOWANY]: what the rules say of "in Tokyo" holds for City and Bay.
        s = setup(game5, {0: {"stars": 3}}, city=1, bay=0)
        assert s.monsters[0].stars == 5
        assert s.monsters[1].stars == 0

    def test_outside_gains_nothing(self, game4: Game) -> None:
        s = setup(game4, {0: {"stars": 5}}, city=1)
        assert stars(s) == [5, 0, 0, 0]

    def test_next_monster_in_city_gains_two_when_its_turn_starts(self, game4: Game) -> None:
        s = setup(game4, {1: {"stars": 4}}, city=1)
        s = roll_stop(s, *NOTHING).apply(END_TURN)
        assert s.active == 1
        assert s.monsters[1].stars == 6
        assert EventKind.TURN_STARTED in kinds(s)

    def test_bay_occupant_gains_two_when_its_turn_starts(self, game5: Game) -> None:
        s = setup(game5, city=2, bay=1)
        s = roll_stop(s, *NOTHING).apply(END_TURN)
        assert s.active == 1 and s.monsters[1].stars == 2


# -- hearts ------------------------------------------------------------------------


class TestHearts:
    """♥ heals 1 each, never above the maximum; not usable in Tokyo [001 §LECZENIE, §TOKIO]."""

    def test_outside_heals_one_per_heart(self, game4: Game) -> None:
        s = roll_stop(setup(game4, {0: {"hearts": 5}}), "heart", "heart", "heart", 1, 2, 3)
        assert s.monsters[0].hearts == 8

    def test_capped_at_max_hearts(self, game4: Game) -> None:
        s = roll_stop(setup(game4, {0: {"hearts": 9}}), *(["heart"] * 4), 1, 2)
        assert s.monsters[0].hearts == 10

    def test_capped_at_a_raised_maximum(self, game4: Game) -> None:
        s = setup(game4, {0: {"hearts": 10, "max_hearts": 12}})
        s = roll_stop(s, *(["heart"] * 6))
        assert s.monsters[0].hearts == 12

    def test_full_monster_heals_nothing(self, game4: Game) -> None:
        s = roll_stop(setup(game4), *(["heart"] * 6))
        assert s.monsters[0].hearts == 10
        assert EventKind.HEALED not in kinds(s)

    def test_unusable_in_city(self, game4: Game) -> None:
        s = roll_stop(setup(game4, {0: {"hearts": 4}}, city=0), *(["heart"] * 5), 1)
        assert s.monsters[0].hearts == 4
        assert EventKind.HEALED not in kinds(s)

    def test_unusable_in_bay(self, game5: Game) -> None:
        s = roll_stop(setup(game5, {0: {"hearts": 4}}, city=1, bay=0), *(["heart"] * 5), 1)
        assert s.monsters[0].hearts == 4

    def test_hearts_resolve_before_entering_tokyo(self, game4: Game) -> None:
        # Effects resolve in the player's chosen order [001 §2]; healing before the claw
        # moves it into Tokyo is a legal order (engine decision D-RESOLVE-ORDER).
        s = roll_stop(setup(game4, {0: {"hearts": 5}}), "heart", "heart", "claw", 1, 2, 3)
        assert s.city == 0
        assert s.monsters[0].hearts == 7


# -- claws -------------------------------------------------------------------------


class TestClawTargets:
    """From outside, claws hit Tokyo; from Tokyo, everyone outside; occupants never hit
    each other [001 §ATAK, §TOKIO, §WARIANT ZAAWANSOWANY; 004 example]."""

    def test_from_outside_only_the_city_is_hit(self, game4: Game) -> None:
        s = roll_stop(setup(game4, city=2), *claws(3))
        assert hearts(s) == [10, 10, 7, 10]

    def test_from_city_everyone_outside_is_hit(self, game4: Game) -> None:
        s = roll_stop(setup(game4, city=0), *claws(2))
        assert hearts(s) == [10, 8, 8, 8]
        assert s.phase is Phase.BUY  # nobody outside Tokyo is asked to yield

    def test_from_bay_everyone_outside_is_hit_but_not_the_city(self, game5: Game) -> None:
        s = roll_stop(setup(game5, city=3, bay=0), *claws(2))
        assert hearts(s) == [10, 8, 8, 10, 8]

    def test_from_city_the_bay_is_not_hit(self, game5: Game) -> None:
        s = roll_stop(setup(game5, city=0, bay=4), *claws(1))
        assert hearts(s) == [10, 9, 9, 9, 10]

    def test_from_outside_both_occupants_are_hit(self, game5: Game) -> None:
        s = roll_stop(setup(game5, city=1, bay=2), *claws(2))
        assert hearts(s) == [10, 8, 8, 10, 10]

    def test_damage_events_name_the_attacker(self, game4: Game) -> None:
        s = roll_stop(setup(game4, city=0), *claws(1))
        dmg = [e for e in s.events if e.kind is EventKind.DAMAGED]
        assert sorted(e.seat for e in dmg if e.seat is not None) == [1, 2, 3]
        assert all(e.source == 0 and e.amount == 1 for e in dmg)


class TestEmptyTokyo:
    """With Tokyo empty, a claw moves the monster into Tokyo City instead of dealing
    damage, and entering gives 1 ★ [001 §TOKIO, §Symbole "nie zadając obrażeń"]."""

    @pytest.mark.parametrize("n", [1, 3, 6])
    def test_first_claw_enters_city_without_damage(self, game4: Game, n: int) -> None:
        s = roll_stop(setup(game4), *claws(n))
        assert s.city == 0 and s.bay is None
        assert hearts(s) == [10, 10, 10, 10]
        assert s.monsters[0].stars == 1
        assert s.phase is Phase.BUY

    def test_no_claw_no_entry(self, game4: Game) -> None:
        s = roll_stop(setup(game4), *NOTHING)
        assert s.city is None and stars(s) == [0, 0, 0, 0]

    def test_entry_is_not_a_choice(self, game4: Game) -> None:
        # A monster must enter whenever it can [001 §TOKIO "Gracz zawsze ... musi wejść"],
        # even a weak one: there is no decision between the roll and the buy phase.
        s = roll_stop(setup(game4, {0: {"hearts": 1}}), *claws(1))
        assert s.city == 0 and s.phase is Phase.BUY


# -- yielding ------------------------------------------------------------------------


class TestYield:
    """An attacked monster in Tokyo may yield; the attacker then must enter (+1 ★)
    [001 §TOKIO; worked example "Michał postanawia opuścić Tokio. Jarek zajmuje..."]."""

    def test_asked_after_losing_hearts(self, game4: Game) -> None:
        s = roll_stop(setup(game4, city=1), *claws(1))
        assert s.phase is Phase.YIELD
        assert s.yield_queue == (1,) and s.current_player() == 1
        assert set(s.legal_actions()) == {YIELD, STAY}

    def test_not_asked_without_damage(self, game4: Game) -> None:
        s = roll_stop(setup(game4, city=1), 1, 1, 2, "energy", "heart", "heart")
        assert s.phase is Phase.BUY and s.yield_queue == ()

    def test_not_asked_when_killed(self, game4: Game) -> None:
        s = roll_stop(setup(game4, {1: {"hearts": 2}}, city=1), *claws(2))
        assert not s.monsters[1].alive
        assert s.phase is Phase.BUY and s.yield_queue == ()

    def test_attacker_enters_after_a_yield(self, game4: Game) -> None:
        s = roll_stop(setup(game4, {0: {"stars": 4}}, city=1), *claws(2))
        s = s.apply(YIELD)
        assert s.city == 0
        assert s.monsters[0].stars == 5
        assert s.monsters[1].hearts == 8  # the yielder still takes the damage
        assert s.phase is Phase.BUY and s.current_player() == 0
        assert [k for k in kinds(s) if k in (EventKind.YIELDED, EventKind.ENTERED)] == [
            EventKind.YIELDED, EventKind.ENTERED,
        ]

    def test_worked_example_of_the_rulebook(self, game4: Game) -> None:
        # [001 §Przykładowa tura]: 2-2-2-2, energy, claw: 3 ★, 1 ⚡, 1 damage to Tokyo,
        # who yields; the attacker enters and gains 1 ★.
        s = setup(game4, city=1)
        s = s.apply(Roll.of(2, 2, 2, 1, 3, "heart")).apply(Reroll.keeping(2, 2, 2))
        s = s.apply(Roll.of(2, "energy", "claw")).apply(STOP)
        assert s.monsters[0].stars == 3 and s.monsters[0].energy == 1
        assert s.monsters[1].hearts == 9
        s = s.apply(YIELD)
        assert s.city == 0 and s.monsters[0].stars == 4

    def test_stay_keeps_the_attacker_outside(self, game4: Game) -> None:
        s = roll_stop(setup(game4, city=1), *claws(2)).apply(STAY)
        assert s.city == 1 and s.monsters[0].stars == 0
        assert s.phase is Phase.BUY

    def test_attacker_entry_is_mandatory(self, game4: Game) -> None:
        # Once Tokyo is left to it, the attacker is moved in: no decision is offered.
        s = roll_stop(setup(game4, {0: {"hearts": 1}}, city=1), *claws(1))
        s = s.apply(YIELD)
        assert s.city == 0
        assert s.phase is Phase.BUY and YIELD not in s.legal_actions()


class TestKilledInTokyo:
    """Killed in Tokyo by an attack: the attacker takes Tokyo [004 "Pokud jsi zabit, zatímco
    jsi v Tokiu, příšera, která tě zabila, automaticky přebírá vládu nad Tokiem"]."""

    def test_attacker_takes_the_city(self, game4: Game) -> None:
        s = roll_stop(setup(game4, {1: {"hearts": 1}}, city=1), *claws(1))
        assert not s.monsters[1].alive and s.monsters[1].hearts == 0
        assert s.city == 0 and s.monsters[0].stars == 1
        assert s.phase is Phase.BUY

    def test_attacker_takes_the_bay_in_a_six_monster_game(self, game_factory: Any) -> None:
        g = game_factory(6)
        s = roll_stop(setup(g, {2: {"hearts": 1}}, city=1, bay=2), *claws(1))
        # Five monsters remain: the Bay stays open. Only the City occupant, attacked and
        # alive, may yield [001 §TOKIO]: the dead Bay occupant is not asked (nor queued).
        assert s.monsters[2].alive is False and s.bay is None
        assert s.phase is Phase.YIELD and s.current_player() == 1
        s = s.apply(STAY)
        assert s.city == 1 and s.bay == 0
        assert s.phase is Phase.BUY

    def test_dead_occupant_is_not_queued_to_yield(self, game_factory: Any) -> None:
        # Only an occupant that lost hearts and survived may yield [001 §TOKIO; digest §1
        # "Killed while in Tokyo ... the attacker takes control"]: the Bay occupant killed
        # by this attack must not be listed in the yield queue, even behind the City.
        g = game_factory(6)
        s = roll_stop(setup(g, {2: {"hearts": 1}}, city=1, bay=2), *claws(1))
        assert not s.monsters[2].alive
        assert s.yield_queue == (1,)


# -- Tokyo Bay -----------------------------------------------------------------------


class TestTokyoBay:
    """Tokyo Bay, 5-6 monsters [001 §WARIANT ZAAWANSOWANY; 004 §Tokijský záliv]."""

    def test_both_empty_first_claw_enters_the_city(self, game5: Game) -> None:
        s = roll_stop(setup(game5), *claws(2))
        assert s.city == 0 and s.bay is None
        assert hearts(s) == [10] * 5

    def test_city_occupied_bay_empty_damage_then_enter_bay(self, game5: Game) -> None:
        # "atakujący gracz najpierw zadaje obrażenia graczowi w Centrum, po czym wchodzi
        # do Zatoki"
        s = roll_stop(setup(game5, city=1), *claws(2))
        assert s.monsters[1].hearts == 8
        assert s.phase is Phase.YIELD and s.yield_queue == (1,)
        s = s.apply(STAY)
        assert s.city == 1 and s.bay == 0
        assert s.monsters[0].stars == 1

    def test_city_occupied_bay_empty_city_yields(self, game5: Game) -> None:
        # [004 example]: if the City yields, the attacker goes to the City, the Bay stays empty
        s = roll_stop(setup(game5, city=1), *claws(1)).apply(YIELD)
        assert s.city == 0 and s.bay is None
        assert s.monsters[0].stars == 1

    def test_city_killed_bay_empty_attacker_takes_the_city(self) -> None:
        # [004]: the killer takes control of Tokyo; with six monsters the Bay stays open.
        g = make_game(6)
        s = roll_stop(setup(g, {1: {"hearts": 1}}, city=1), *claws(1))
        assert s.city == 0 and s.bay is None and s.phase is Phase.BUY
        assert s.monsters[0].stars == 1

    def test_outside_attacker_hits_both_city_asked_first(self, game5: Game) -> None:
        s = roll_stop(setup(game5, active=4, city=1, bay=2), *claws(1))
        assert hearts(s) == [10, 9, 9, 10, 10]
        assert s.yield_queue == (1, 2) and s.current_player() == 1
        s = s.apply(STAY)
        assert s.yield_queue == (2,) and s.current_player() == 2

    def test_neither_yields(self, game5: Game) -> None:
        s = roll_stop(setup(game5, city=1, bay=2), *claws(1)).apply(STAY).apply(STAY)
        assert (s.city, s.bay) == (1, 2) and s.monsters[0].stars == 0

    def test_bay_yields_only_attacker_takes_bay(self, game5: Game) -> None:
        # "Jeżeli atakowany gracz opuści Zatokę, gracz atakujący musi zająć jego miejsce."
        s = roll_stop(setup(game5, city=1, bay=2), *claws(1)).apply(STAY).apply(YIELD)
        assert (s.city, s.bay) == (1, 0)
        assert s.monsters[0].stars == 1

    def test_city_yields_only_attacker_takes_city(self, game5: Game) -> None:
        s = roll_stop(setup(game5, city=1, bay=2), *claws(1)).apply(YIELD).apply(STAY)
        assert (s.city, s.bay) == (0, 2)
        assert s.monsters[0].stars == 1

    def test_both_yield_attacker_takes_city_bay_empty(self, game5: Game) -> None:
        # "Jeżeli obaj zaatakowani gracze ... postanowią opuścić Tokio, gracz, który atakował,
        # wchodzi do Centrum (Zatoka pozostaje pusta)."
        s = roll_stop(setup(game5, city=1, bay=2), *claws(1)).apply(YIELD).apply(YIELD)
        assert (s.city, s.bay) == (0, None)
        assert s.monsters[0].stars == 1  # one entry, one star

    def test_bay_closes_when_an_attack_leaves_four(self, game5: Game) -> None:
        # "Gdy w grze pozostało mniej niż 5 graczy, Zatoka przestaje być dostępna ... Gracz,
        # który jest w Zatoce, musi ją opuścić." The City occupant dies: the Bay occupant
        # leaves at once, the attacker takes the City.
        s = roll_stop(setup(game5, {1: {"hearts": 1}}, city=1, bay=2), *claws(1))
        assert not s.monsters[1].alive
        assert s.bay is None and s.city == 0
        assert s.monsters[2].alive and not s.in_tokyo(2)
        assert EventKind.LEFT in kinds(s)
        assert s.phase is Phase.BUY and s.yield_queue == ()

    def test_bay_occupant_leaves_when_it_kills_the_fifth(self, game5: Game) -> None:
        # [004 example]: Cyber Bunny in the Bay kills Gigazaur, four remain, Cyber Bunny
        # must leave the Bay.
        s = roll_stop(setup(game5, {3: {"hearts": 2}}, city=1, bay=0), *claws(3))
        assert not s.monsters[3].alive
        assert s.bay is None and s.city == 1
        assert not s.in_tokyo(0) and s.monsters[0].alive

    def test_bay_stays_shut_after_closing(self, game5: Game) -> None:
        s = roll_stop(setup(game5, {3: {"hearts": 1}}, city=0), *claws(1))
        assert sum(m.alive for m in s.monsters) == 4
        s = s.apply(END_TURN)
        assert s.active == 1
        s = roll_stop(s, *claws(1)).apply(STAY)
        assert s.city == 0 and s.bay is None and not s.bay_open

    def test_six_monsters_losing_one_keeps_the_bay(self, game_factory: Any) -> None:
        g = game_factory(6)
        s = roll_stop(setup(g, {4: {"hearts": 1}}, city=0, bay=1), *claws(1))
        assert not s.monsters[4].alive
        assert (s.city, s.bay) == (0, 1)

    def test_bay_variant_off_attacker_cannot_enter_bay(self, game_factory: Any) -> None:
        g = game_factory(5, tokyo_bay=False)
        s = roll_stop(setup(g, city=1), *claws(1)).apply(STAY)
        assert s.city == 1 and s.bay is None and s.monsters[0].stars == 0

    def test_four_monsters_attacker_never_enters_bay(self, game4: Game) -> None:
        s = roll_stop(setup(game4, city=1), *claws(1)).apply(STAY)
        assert s.bay is None and not s.in_tokyo(0)


# -- end of the game -----------------------------------------------------------------


class TestVictoryAtEndOfTurn:
    """Victory is declared at the end of the turn, not during it [000 §KONIEC GRY "Gracz
    ogłasza wygraną na koniec swojej tury (nie w trakcie tury)"]."""

    def test_reaching_twenty_mid_turn_is_not_over(self, game4: Game) -> None:
        s = roll_stop(setup(game4, {0: {"stars": 18}}), 1, 1, 1, 1, 2, 3)
        assert s.monsters[0].stars == 20
        assert not s.is_terminal() and s.outcome is None
        assert s.phase is Phase.BUY and s.current_player() == 0
        s = s.apply(END_TURN)
        assert s.is_terminal() and s.outcome is not None
        assert s.outcome.winner == 0 and not s.outcome.is_draw
        assert EventKind.WON in kinds(s)

    def test_reaching_twenty_by_entering_tokyo(self, game4: Game) -> None:
        s = roll_stop(setup(game4, {0: {"stars": 19}}), *claws(1))
        assert s.city == 0 and s.monsters[0].stars == 20 and not s.is_terminal()
        assert s.outcome is None
        t = s.apply(END_TURN)
        assert t.outcome is not None and t.outcome.winner == 0

    def test_buying_still_allowed_at_twenty(self, game4: Game) -> None:
        s = roll_stop(setup(game4, {0: {"stars": 20, "energy": 5}}, shop=["c00"]), *NOTHING)
        assert Buy("c00") in s.legal_actions()
        s = s.apply(Buy("c00"))
        assert not s.is_terminal() and s.monsters[0].cards == ("c00",)
        assert s.apply(END_TURN).is_terminal()

    def test_twenty_mid_turn_while_an_occupant_decides(self, game4: Game) -> None:
        s = roll_stop(setup(game4, {0: {"stars": 17}}, city=1), 1, 1, 1, 1, 1, "claw")
        assert s.monsters[0].stars == 20 and s.phase is Phase.YIELD
        assert not s.is_terminal()


class TestEliminatedAtTwentyDoesNotWin:
    """[000 §KONIEC GRY "Jeżeli gracz zdobędzie 20 punktów i zostanie wyeliminowany w tej
    samej turze, gra toczy się dalej"; 004]."""

    def test_eliminated_monster_with_twenty_stars_does_not_win(self, game_factory: Any) -> None:
        g = game_factory(3)
        s = setup(g, {1: {"stars": 20, "hearts": 1}, 2: {"stars": 3}}, city=1)
        s = roll_stop(s, *claws(1))
        assert not s.monsters[1].alive
        s = s.apply(END_TURN)
        assert not s.is_terminal() and s.outcome is None
        assert s.active == 2  # seat 1 is skipped

    def test_victory_ignores_an_eliminated_active_monster(self, game4: Game) -> None:
        s = roll_stop(setup(game4), *NOTHING)
        data = s.to_json()
        data["monsters"][0].update(stars=21, hearts=0, alive=False)
        s = type(s).from_json(game4, data)
        assert kingoftokyo.victory(s) is None
        t = s.apply(END_TURN)
        assert not t.is_terminal() and t.active == 1


class TestLastMonsterStanding:
    """The game ends when only one monster is left [000/001 §Zwycięstwo]."""

    def test_two_monsters(self, game_factory: Any) -> None:
        g = game_factory(2)
        s = roll_stop(setup(g, {1: {"hearts": 3}}, city=1), *claws(3))
        assert not s.monsters[1].alive
        assert not s.is_terminal() and s.phase is Phase.BUY  # still at end of turn only
        s = s.apply(END_TURN)
        assert s.outcome is not None and s.outcome.winner == 0
        assert "last" in s.outcome.reason

    def test_three_monsters_one_already_out(self, game_factory: Any) -> None:
        g = game_factory(3)
        s = setup(
            g, {1: {"eliminated": True, "hearts": 0}, 2: {"hearts": 2}}, active=0, city=0
        )
        s = roll_stop(s, *claws(2))
        assert not s.monsters[2].alive and not s.is_terminal()
        s = s.apply(END_TURN)
        assert s.outcome is not None and s.outcome.winner == 0

    def test_last_standing_beats_a_dead_twenty(self, game_factory: Any) -> None:
        g = game_factory(2)
        s = roll_stop(setup(g, {1: {"hearts": 1, "stars": 25}}, city=1), *claws(1))
        s = s.apply(END_TURN)
        assert s.outcome is not None and s.outcome.winner == 0


class TestDraw:
    """Everybody eliminated in the same turn: a draw, everybody loses [000 §KONIEC GRY
    "Jeżeli w tej samej turze wszyscy gracze zostaną wyeliminowani, gra kończy się
    remisem"]. Unreachable without cards: built from JSON."""

    def all_dead(self, game: Game) -> State:
        s = roll_stop(setup(game), *NOTHING)
        data = s.to_json()
        for m in data["monsters"]:
            m.update(hearts=0, alive=False, stars=20)
        return type(s).from_json(game, data)

    def test_victory_is_a_draw(self, game4: Game) -> None:
        out = kingoftokyo.victory(self.all_dead(game4))
        assert out is not None and out.winner is None and out.is_draw

    def test_end_turn_ends_in_a_draw(self, game4: Game) -> None:
        s = self.all_dead(game4).apply(END_TURN)
        assert s.is_terminal()
        assert s.outcome is not None and s.outcome.is_draw
        assert EventKind.DRAW in kinds(s) and EventKind.WON not in kinds(s)


class TestTwoAtTwenty:
    """Monsters at 20 ★ or more at the end of one turn: only the active monster declares a
    victory by stars, at the end of its own turn [000 §KONIEC GRY] (D-SEVERAL-AT-20)."""

    def test_active_monster_first(self, game_factory: Any) -> None:
        g = game_factory(3)
        s = setup(g, {0: {"stars": 18}, 1: {"stars": 25}})
        s = roll_stop(s, 1, 1, 1, 1, 2, 3).apply(END_TURN)
        assert s.outcome is not None and s.outcome.winner == 0

    def test_others_wait_for_their_own_turn(self, game_factory: Any) -> None:
        g = game_factory(4)
        s = setup(g, {1: {"stars": 20}, 2: {"stars": 30}, 3: {"stars": 21}}, active=0)
        s = roll_stop(s, *NOTHING).apply(END_TURN)
        assert s.outcome is None and s.active == 1
        s = roll_stop(s, *NOTHING).apply(END_TURN)
        assert s.outcome is not None and s.outcome.winner == 1

    def test_not_at_the_end_of_another_monsters_turn(self, game_factory: Any) -> None:
        g = game_factory(4)
        s = setup(g, {0: {"stars": 22}, 1: {"stars": 20}}, active=2)
        s = roll_stop(s, *NOTHING).apply(END_TURN)
        assert s.outcome is None and s.active == 3

    def test_eliminated_are_skipped(self, game_factory: Any) -> None:
        g = game_factory(4)
        s = setup(g, {0: {"stars": 20, "eliminated": True, "hearts": 0}, 1: {"stars": 20}},
                  active=3)
        s = roll_stop(s, *NOTHING).apply(END_TURN)
        assert s.outcome is None and s.active == 1
        s = roll_stop(s, *NOTHING).apply(END_TURN)
        assert s.outcome is not None and s.outcome.winner == 1


# -- buying --------------------------------------------------------------------------


def buy_state(game: Game, energy: int, **kw: Any) -> State:
    s = roll_stop(setup(game, {0: {"energy": energy}}, **kw), *NOTHING)
    assert s.phase is Phase.BUY
    return s


class TestBuying:
    """Pay the cost in energy; the shop is refilled at once; keep cards stay with the
    buyer, discard cards are discarded [001 §3. ZAKUP KART, §OPIS KART; 004]."""

    def test_keep_card(self, game4: Game) -> None:
        keep = "c04"  # cost 5, keep
        assert CARDS.is_keep(keep) and CARDS.cost(keep) == 5
        s = buy_state(game4, 9, shop=["c00", keep, "c01"], deck=["c10", "c11"])
        t = s.apply(Buy(keep))
        assert t.monsters[0].energy == 4
        assert t.monsters[0].cards == (keep,)
        assert t.shop == ("c00", "c10", "c01")  # the same slot, from the top of the deck
        assert t.deck == s.deck[1:]
        assert keep not in t.discard
        assert t.phase is Phase.BUY and not t.is_terminal()

    def test_discard_card(self, game4: Game) -> None:
        disc = "c02"  # cost 7, discard
        assert not CARDS.is_keep(disc) and CARDS.cost(disc) == 7
        s = buy_state(game4, 7, shop=[disc, "c00", "c01"], deck=["c10"])
        t = s.apply(Buy(disc))
        assert t.monsters[0].energy == 0
        assert t.monsters[0].cards == ()
        assert t.discard == (disc,)
        assert t.shop == ("c10", "c00", "c01")

    def test_several_buys_while_energy_lasts(self, game4: Game) -> None:
        s = buy_state(game4, 6, shop=["c00", "c03", "c08"], deck=["c10", "c11"])
        assert [CARDS.cost(x) for x in ("c00", "c03", "c11")] == [1, 2, 2]
        s = s.apply(Buy("c00"))
        assert s.shop == ("c10", "c03", "c08")
        s = s.apply(Buy("c03"))
        assert s.shop == ("c10", "c11", "c08")
        s = s.apply(Buy("c11"))  # a discard card
        assert s.monsters[0].energy == 1
        assert s.monsters[0].cards == ("c00", "c03")
        assert s.discard == ("c11",)
        assert s.shop == ("c10", "c01", "c08")  # unplaced cards follow in spec order
        assert [a for a in s.legal_actions() if isinstance(a, Buy)] == [Buy("c08")]

    def test_buy_event(self, game4: Game) -> None:
        s = buy_state(game4, 9, shop=["c00", "c01", "c03"])
        t = s.apply(Buy("c01"))
        (e,) = [e for e in t.events if e.kind is EventKind.BOUGHT]
        assert e.seat == 0 and e.amount == 4 and e.detail == "c01"

    def test_legal_buy_actions(self, game4: Game) -> None:
        s = buy_state(game4, 4, shop=["c02", "c01", "c00"])  # costs 7, 4, 1
        acts = list(s.legal_actions())
        assert Buy("c01") in acts and Buy("c00") in acts and Buy("c02") not in acts
        assert SWEEP in acts and END_TURN in acts


class TestSweep:
    """2 ⚡: discard the three face-up cards and deal three new ones [001 §3; 004]."""

    def test_sweep(self, game4: Game) -> None:
        s = buy_state(game4, 5, shop=["c00", "c01", "c02"], deck=["c10", "c11", "c12", "c13"])
        t = s.apply(SWEEP)
        assert t.monsters[0].energy == 3
        assert t.shop == ("c10", "c11", "c12")
        assert t.deck[0] == "c13"
        assert t.discard == ("c00", "c01", "c02")
        assert EventKind.SWEPT in kinds(t)

    def test_sweep_then_buy(self, game4: Game) -> None:
        # [004 example]: Kraken pays 2, sweeps, then buys a new card.
        s = buy_state(game4, 10, shop=["c00", "c01", "c02"], deck=["c10", "c11", "c12"])
        t = s.apply(SWEEP).apply(Buy("c11"))
        assert t.monsters[0].energy == 10 - 2 - CARDS.cost("c11")


class TestEmptyDeck:
    """The deck runs out (OPEN; engine decision D-EMPTY-DECK): the slot stays empty."""

    def empty_deck_state(self, game: Game, energy: int) -> State:
        ids = CARDS.physical_ids()
        s = buy_state(game, energy, shop=list(ids[:3]), deck=[], discard=list(ids[3:]))
        assert s.deck == ()
        return s

    def test_buy_leaves_the_slot_empty(self, game4: Game) -> None:
        s = self.empty_deck_state(game4, 10)
        t = s.apply(Buy("c01"))
        assert t.shop == ("c00", "c02")
        assert EventKind.DECK_EMPTY in kinds(t)
        assert t.deck == ()
        t = t.apply(Buy("c00"))  # energy 10 - 4 - 1 = 5
        assert t.shop == ("c02",)
        assert t.monsters[0].cards == ("c01", "c00")

    def test_sweep_with_an_empty_deck_empties_the_shop(self, game4: Game) -> None:
        s = self.empty_deck_state(game4, 4)
        t = s.apply(SWEEP)
        assert t.shop == ()
        assert set(t.discard) == set(CARDS.physical_ids())
        assert t.monsters[0].energy == 2
        assert SWEEP not in t.legal_actions()
        with pytest.raises(IllegalActionError):
            t.apply(SWEEP)
        assert list(t.legal_actions()) == [END_TURN]

    def test_sweep_with_a_short_deck(self, game4: Game) -> None:
        ids = CARDS.physical_ids()
        s = buy_state(game4, 2, shop=list(ids[:3]), deck=[ids[3]], discard=list(ids[4:]))
        t = s.apply(SWEEP)
        assert t.shop == (ids[3],) and t.deck == ()


# -- elimination and turn order -------------------------------------------------------


class TestElimination:
    """At 0 ♥ a monster is out [001 §ATAK]; its cards leave with it (D-DEAD-CARDS)."""

    def test_cards_go_to_the_discard_pile(self, game4: Game) -> None:
        s = setup(game4, {1: {"hearts": 1, "cards": ("c00", "c01")}}, city=1, discard=["c02"])
        t = roll_stop(s, *claws(1))
        assert not t.monsters[1].alive
        assert t.monsters[1].cards == () and t.monsters[1].hearts == 0
        assert set(t.discard) == {"c00", "c01", "c02"}

    def test_killed_outside_by_the_city(self, game4: Game) -> None:
        s = setup(game4, {2: {"hearts": 2, "cards": ("c03",)}}, city=0)
        t = roll_stop(s, *claws(2))
        assert not t.monsters[2].alive and t.monsters[2].cards == ()
        assert "c03" in t.discard
        assert [m.alive for m in t.monsters] == [True, True, False, True]
        assert t.events[-1].kind is not EventKind.WON

    def test_several_killed_by_one_attack(self, game4: Game) -> None:
        s = setup(game4, {1: {"hearts": 1}, 3: {"hearts": 2}}, city=0)
        t = roll_stop(s, *claws(2))
        assert [m.alive for m in t.monsters] == [True, False, True, False]
        assert [e.seat for e in t.events if e.kind is EventKind.ELIMINATED] == [1, 3]

    def test_eliminated_never_plays_again(self, game4: Game) -> None:
        s = setup(game4, {1: {"hearts": 1}}, city=0)
        t = roll_stop(s, *claws(1)).apply(END_TURN)
        assert t.active == 2


class TestTurnOrder:
    """Turns pass clockwise [001 §PRZEBIEG GRY], skipping eliminated monsters."""

    def test_next_seat(self, game4: Game) -> None:
        s = roll_stop(setup(game4, turn_number=7), *NOTHING).apply(END_TURN)
        assert s.active == 1 and s.turn == 8 and s.phase is Phase.ROLL

    def test_skips_eliminated(self, game4: Game) -> None:
        s = setup(game4, {1: {"eliminated": True, "hearts": 0},
                          2: {"eliminated": True, "hearts": 0}})
        s = roll_stop(s, *NOTHING).apply(END_TURN)
        assert s.active == 3

    def test_wraps_around(self, game4: Game) -> None:
        s = setup(game4, {0: {"eliminated": True, "hearts": 0}}, active=3)
        s = roll_stop(s, *NOTHING).apply(END_TURN)
        assert s.active == 1

    def test_full_round(self, game_factory: Any) -> None:
        g = game_factory(3)
        s = setup(g)
        order = []
        for _ in range(6):
            order.append(s.active)
            s = roll_stop(s, *NOTHING).apply(END_TURN)
        assert order == [0, 1, 2, 0, 1, 2]

    def test_three_rolls_at_most(self, game4: Game) -> None:
        # Up to three rolls [001 §1]: the third roll resolves at once.
        s = setup(game4)
        s = s.apply(Roll.of(1, 1, 2, 2, 3, 3)).apply(Reroll.keeping(1, 1))
        s = s.apply(Roll.of(1, 2, 2, 3)).apply(Reroll.keeping(1, 1, 1))
        assert s.phase is Phase.ROLL and s.to_roll == 3
        s = s.apply(Roll.of(1, 2, 3))
        assert s.phase is Phase.BUY
        assert s.monsters[0].stars == 2  # 1-1-1-1 = 1 + 1
