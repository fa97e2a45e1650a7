"""King of Tokyo: Duel's kernel: the game, its dice, its board, its turn,
pulls checked step by step, every kind of victory, the buy phase, JSON and determinism."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from kot_rules import games
from kot_rules.engine import driver
from kot_rules.engine.actions import (
    END_TURN,
    STOP,
    SWEEP,
    Action,
    Buy,
    Choose,
    ResolveFaces,
    Roll,
    SpendDiceTokens,
    action_from_json,
    action_to_json,
)
from kot_rules.engine.dice import Face
from kot_rules.engine.errors import ConfigError, IllegalActionError
from kot_rules.engine.game import Game, MonsterSetup
from kot_rules.engine.state import Phase, State
from kot_rules.games.king_of_tokyo_duel.board import (
    FACES,
    DuelBoard,
    in_spotlight,
    victory,
    victory_space,
)
from kot_rules.rulebook import game_monsters

DUEL = games.get("king-of-tokyo-duel")
NAMES = tuple(b.name for b in game_monsters("king-of-tokyo-duel"))
HEARTS = {b.name: b.hearts for b in game_monsters("king-of-tokyo-duel")}


def duel_game() -> Game:
    return DUEL.new_game(2)


def start(
    *,
    active: int = 0,
    hearts: tuple[int | None, int | None] = (None, None),
    energy: tuple[int, int] = (0, 0),
    cards: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    board: DuelBoard | None = None,
    shop: tuple[str, ...] | None = None,
    deck: tuple[str, ...] | None = None,
    turn: int = 3,
) -> State:
    """A Duel state at the start of ``active``'s turn (turn 3: six dice)."""
    g = duel_game()
    monsters = []
    for seat in (0, 1):
        name = g.names[seat]
        top = HEARTS[name]
        monsters.append(MonsterSetup(name, hearts[seat] or top, top, energy=energy[seat],
                                     cards=cards[seat]))
    return g.setup_state(monsters, active=active, game_board=board or DuelBoard(), shop=shop,
                         deck=deck, turn_number=turn)


def faces(**n: int) -> Roll:
    """A roll of six dice, by Duel face name; power faces fill the rest (they do nothing)."""
    counts = [n.get(f.value, 0) for f in FACES]
    counts[2] += 6 - sum(counts)
    return Roll((counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]))


def resolve_all(s: State, roll: Roll, order: tuple[Face, ...] = ()) -> State:
    """Roll, stop, and resolve the kinds in ``order`` first, then the rest in face order."""
    s = s.apply(roll).apply(STOP)
    for face in order:
        s = s.apply(ResolveFaces(face))
    while s.phase is Phase.RESOLVE:
        # Alienoid's power asks which face to add; a power face changes
        # nothing once the power faces are resolved (these tests use them as filler).
        options = s.legal_actions()
        s = s.apply(Choose("power") if Choose("power") in options else options[0])
    return s


class TestRegistration:
    def test_the_game_is_registered_with_exactly_two_monsters(self) -> None:
        assert DUEL.id == "king-of-tokyo-duel" and DUEL.title == "King of Tokyo: Duel"
        assert (DUEL.min_players, DUEL.max_players) == (2, 2)
        for n in (1, 3):
            with pytest.raises(ConfigError, match="King of Tokyo: Duel is played by 2 to 2"):
                DUEL.new_game(n)

    def test_monsters_and_hearts_come_from_spec(self) -> None:
        assert len(NAMES) == 6
        s = duel_game().new_initial_state()
        assert s.names == NAMES[:2]
        for m in s.monsters:
            assert m.hearts == m.max_hearts == HEARTS[m.name]

    def test_an_unknown_monster_is_refused(self) -> None:
        with pytest.raises(ConfigError, match="has no monster 'Kraken'"):
            DUEL.new_game(["Kraken", NAMES[0]]).new_initial_state()

    def test_every_number_cites_a_duel_rule(self) -> None:
        from kot_rules.paths import spec_dir
        from kot_rules.rulebook import load_rulebook

        rules = load_rulebook(spec_dir() / "rules" / "king-of-tokyo-duel.yaml").rules
        slugs = {r.slug for r in rules}
        for n in DUEL.numbers.numbers:
            assert n.rule in slugs, n.key
        for b in game_monsters(DUEL.id):
            assert b.rule in slugs, b.name


class TestFirstPlayer:
    """D-DUEL-FIRST-PLAYER: seat 0 rolls 5 dice in turn 1, 6 afterwards; seat 1 starts
    with 1 energy."""

    def test_first_turn_five_dice_then_six(self) -> None:
        s = duel_game().new_initial_state()
        assert s.active == 0 and s.phase is Phase.ROLL and s.to_roll == 5
        assert [m.energy for m in s.monsters] == [0, 1]
        s = s.apply(Roll((0, 0, 0, 0, 5, 0))).apply(STOP).apply(ResolveFaces(Face.HEAL))
        s = s.apply(END_TURN)
        assert s.active == 1 and s.to_roll == 6

    def test_first_player_roll_option_is_refused(self) -> None:
        from kot_rules.engine.options import FirstPlayerRule, Options

        with pytest.raises(ConfigError, match="D-DUEL-FIRST-PLAYER"):
            DUEL.new_game(2, options=Options(first_player=FirstPlayerRule.ROLL))


class TestFaces:
    def test_duel_json_names_duel_faces(self) -> None:
        s = start().apply(faces(fame=2, smash=1, heal=1, energy=1, destruction=1))
        assert s.to_json()["dice"] == ["fame", "fame", "destruction", "energy", "heal", "smash"]
        roll = faces(fame=3)
        data = action_to_json(roll, DUEL.dice.faces)
        assert data == {"type": "roll", "faces": ["fame"] * 3 + ["power"] * 3}
        assert action_from_json(data, DUEL.dice.faces) == roll
        assert action_from_json({"type": "roll", "faces": ["claw"] * 6}, FACES) == faces(smash=6)

    def test_king_of_tokyo_json_is_unchanged(self) -> None:
        s = Game(2).new_initial_state()
        assert "board" not in s.to_json()
        assert action_to_json(Roll((1, 1, 1, 1, 1, 1))) == Roll((1, 1, 1, 1, 1, 1)).to_json()


class TestDiceTokens:
    """duel.roll.dice-tokens, D-DUEL-DICE-CAP, D-DUEL-TOKEN-OVERFLOW."""

    def test_tokens_are_spent_before_the_first_roll(self) -> None:
        s = start(board=DuelBoard(dice_tokens=(2, 0)))
        assert s.phase is Phase.DICE_TOKENS and s.current_player() == 0
        assert s.legal_actions() == [SpendDiceTokens(0), SpendDiceTokens(1), SpendDiceTokens(2)]
        t = s.apply(SpendDiceTokens(2))
        assert t.phase is Phase.ROLL and t.to_roll == 8
        assert t.board.dice_tokens == (0, 0) and t.board.white == 2

    def test_a_card_die_leaves_room_for_one_token(self) -> None:
        s = start(board=DuelBoard(dice_tokens=(2, 0)), cards=(("extra-head",), ()))
        assert s.to_roll == 7
        assert s.legal_actions() == [SpendDiceTokens(0), SpendDiceTokens(1)]
        with pytest.raises(IllegalActionError):
            s.apply(SpendDiceTokens(2))

    def test_no_tokens_no_decision(self) -> None:
        s = start(board=DuelBoard(dice_tokens=(0, 2)))
        assert s.phase is Phase.ROLL and s.to_roll == 6


class TestResolveOrder:
    """D-DUEL-RESOLVE-ORDER: one decision per face kind present, in the player's order."""

    def test_the_kinds_present_are_the_choices(self) -> None:
        s = start().apply(faces(smash=2, heal=1, energy=3)).apply(STOP)
        assert s.phase is Phase.RESOLVE and s.current_player() == 0
        assert set(s.legal_actions()) == {
            ResolveFaces(Face.ENERGY), ResolveFaces(Face.HEAL), ResolveFaces(Face.SMASH)
        }
        s = s.apply(ResolveFaces(Face.ENERGY))
        assert s.monsters[0].energy == 3 and ResolveFaces(Face.ENERGY) not in s.legal_actions()
        s = s.apply(ResolveFaces(Face.SMASH)).apply(ResolveFaces(Face.HEAL))
        assert s.phase is Phase.BUY

    def test_heal_is_capped_at_the_starting_hearts(self) -> None:
        s = resolve_all(start(hearts=(None, None)), faces(heal=3))
        assert s.monsters[0].hearts == HEARTS[NAMES[0]]  # D-DUEL-HEART-CAP
        s = resolve_all(start(hearts=(HEARTS[NAMES[0]] - 1, None)), faces(heal=3))
        assert s.monsters[0].hearts == HEARTS[NAMES[0]]

    def test_smash_costs_the_rival_one_heart_per_face(self) -> None:
        s = resolve_all(start(), faces(smash=4))
        assert s.monsters[1].hearts == HEARTS[NAMES[1]] - 4


class TestPull:
    """duel.face.fame-destruction, duel.track.one-step, D-DUEL-COORDINATES."""

    @pytest.mark.parametrize(("n", "spaces"), [(2, 0), (3, 1), (4, 2), (6, 4)])
    def test_n_faces_pull_n_minus_2(self, n: int, spaces: int) -> None:
        s = resolve_all(start(active=0), faces(fame=n))
        assert s.board.fame == -spaces  # seat 0 pulls toward -7
        s = resolve_all(start(active=1), faces(destruction=n))
        assert s.board.destruction == spaces  # seat 1 toward +7

    def test_a_pull_is_one_event_per_step(self) -> None:
        s = start().apply(faces(fame=5)).apply(STOP).apply(ResolveFaces(Face.FAME))
        pulled = [e for e in s.events if e.kind.value == "pulled"]
        assert [e.amount for e in pulled] == [-1, -2, -3]

    def test_geometry(self) -> None:
        assert (victory_space(0), victory_space(1)) == (-7, 7)
        assert in_spotlight(0, -3) and not in_spotlight(0, -2) and not in_spotlight(0, -6)
        assert in_spotlight(1, 5) and not in_spotlight(1, -4)


class TestVictory:
    """duel.end.*, D-DUEL-WIN-CHECK, D-DUEL-PULL-STEPS, D-DUEL-SPOTLIGHT, D-DUEL-DOUBLE-KO."""

    def test_hearts(self) -> None:
        s = resolve_all(start(hearts=(None, 3)), faces(smash=3, heal=1), (Face.SMASH,))
        assert s.is_terminal() and s.outcome is not None
        assert (s.outcome.winner, s.outcome.victory) == (0, "hearts")
        assert s.monsters[0].hearts == HEARTS[NAMES[0]]  # nothing after the win

    def test_fame_victory_space_ends_the_pull(self) -> None:
        # A pull of 3 from -6: the first step reaches -7 and the rest is lost.
        s = resolve_all(start(board=DuelBoard(fame=-6)), faces(fame=5))
        assert s.outcome is not None and (s.outcome.winner, s.outcome.victory) == (0, "fame")
        assert s.board.fame == -7

    def test_destruction_victory_for_seat_1(self) -> None:
        s = resolve_all(start(active=1, board=DuelBoard(destruction=6)), faces(destruction=3))
        assert s.outcome is not None
        assert (s.outcome.winner, s.outcome.victory) == (1, "destruction")

    def test_a_spotlight_win_stops_a_pull_half_way(self) -> None:
        # Destruction in seat 0's zone; a pull of 3 on Fame from -1: -2, then -3 wins.
        s = resolve_all(start(board=DuelBoard(destruction=-4, fame=-1)), faces(fame=5))
        assert s.outcome is not None
        assert (s.outcome.winner, s.outcome.victory) == (0, "spotlight")
        assert s.board.fame == -3

    def test_the_rivals_pull_can_make_me_win(self) -> None:
        # D-DUEL-SPOTLIGHT: Fame at -6, Destruction at -4; seat 1 pulls Fame to -5.
        s = resolve_all(start(active=1, board=DuelBoard(fame=-6, destruction=-4)),
                        faces(fame=3))
        assert s.outcome is not None
        assert (s.outcome.winner, s.outcome.victory) == (0, "spotlight")

    def test_a_win_skips_the_rest_of_the_turn(self) -> None:
        s = resolve_all(start(hearts=(None, 1)), faces(smash=1, energy=5), (Face.SMASH,))
        assert s.is_terminal() and s.monsters[0].energy == 0

    def test_both_at_zero_is_a_draw(self) -> None:
        s = start(hearts=(5, 5), energy=(9, 0), shop=("jets-scrambled",))
        s = resolve_all(s, faces(power=6))
        s = s.apply(Buy("jets-scrambled")).apply(Choose("destruction 5 6"))  # its Buzz tile
        assert s.outcome is not None and s.outcome.winner is None
        assert s.outcome.victory == "hearts"

    def test_a_monster_that_kills_itself_loses(self) -> None:
        s = start(hearts=(5, 9), energy=(9, 0), shop=("jets-scrambled",))
        s = resolve_all(s, faces(power=6)).apply(Buy("jets-scrambled"))
        s = s.apply(Choose("destruction 5 6"))  # its Buzz tile first (duel.buzz.place-on-buy)
        assert s.outcome is not None and s.outcome.winner == 1

    def test_the_predicate(self) -> None:
        assert victory((3, 3), 0, 0) is None
        assert victory((0, 3), 0, 0) == (1, "hearts")
        assert victory((0, 0), 0, 0) == (None, "hearts")
        assert victory((3, 3), 7, 0) == (1, "fame")
        assert victory((3, 3), 0, -7) == (0, "destruction")
        assert victory((3, 3), -5, -3) == (0, "spotlight")
        assert victory((3, 3), -5, 3) is None


class TestBuy:
    """duel.buy.*, D-DUEL-DISCOUNT-FLOOR, D-DUEL-SHOP-ORDER, D-DUEL-REFRESH-LIMIT,
    D-DUEL-NO-PURCHASE-ENERGY, D-DUEL-EMPTY-DECK."""

    SHOP = ("frenzy", "giant-brain", "snack-time")  # left to right; snack-time costs 3

    def buy_phase(self, energy: int, deck: tuple[str, ...] = ()) -> State:
        s = start(energy=(energy, 0), shop=self.SHOP, deck=deck)
        return resolve_all(s, faces(power=6))

    def test_the_rightmost_card_costs_one_less(self) -> None:
        s = self.buy_phase(2)
        assert Buy("snack-time") in s.legal_actions()
        t = s.apply(Buy("snack-time"))
        assert t.monsters[0].energy == 0
        with pytest.raises(IllegalActionError, match="costs 4"):
            s.apply(Buy("giant-brain"))

    def test_the_cards_slide_right(self) -> None:
        s = self.buy_phase(9, deck=("too-cute",)).apply(Buy("snack-time"))
        assert s.shop == ("too-cute", "frenzy", "giant-brain")
        # the middle card now on the discount space costs 1 less
        t = s.apply(Buy("giant-brain"))
        assert t.monsters[0].energy == 9 - 2 - 3

    def test_an_empty_deck_leaves_the_space_empty(self) -> None:
        g = duel_game()
        rest = tuple(c for c in g.cards.physical_ids() if c not in self.SHOP)
        s = start(energy=(9, 0), shop=self.SHOP, deck=())
        s = resolve_all(s, faces(power=6))
        # setup_state put the cards named nowhere in the deck: empty it by hand
        s2 = s.copy()
        s2.discard, s2.deck = rest, ()
        t = s2.apply(Buy("snack-time"))
        assert t.shop == ("frenzy", "giant-brain")

    def test_refresh_as_often_as_paid_and_it_is_no_purchase(self) -> None:
        s = self.buy_phase(4)
        s = s.apply(SWEEP)
        assert s.monsters[0].energy == 2 and len(s.shop) == 3
        s = s.apply(SWEEP)
        assert s.monsters[0].energy == 0 and SWEEP not in s.legal_actions()
        s = s.apply(END_TURN)
        assert s.monsters[0].energy == 1  # refreshes are no purchase

    def test_refresh_lays_the_first_card_rightmost(self) -> None:
        s = start(energy=(2, 0), shop=self.SHOP, deck=("too-cute", "jets-scrambled",
                                                         "extra-head"))
        s = resolve_all(s, faces(power=6)).apply(SWEEP)
        assert s.shop == ("extra-head", "jets-scrambled", "too-cute")

    def test_no_energy_after_a_purchase(self) -> None:
        s = self.buy_phase(3).apply(Buy("snack-time")).apply(END_TURN)
        assert s.monsters[0].energy == 1  # 3 - 2 paid, no +1

    def test_frenzy_gives_another_turn(self) -> None:
        s = self.buy_phase(9).apply(Buy("frenzy"))
        assert s.active == 0 and s.phase is Phase.ROLL


class TestIllegalActions:
    def test_illegal_actions_raise_and_leave_the_state(self) -> None:
        s = start().apply(faces(smash=2)).apply(STOP)
        before = s.canonical()
        bad: list[Action] = [ResolveFaces(Face.FAME), ResolveFaces(Face.ONE), END_TURN,
                             SpendDiceTokens(1), Buy("frenzy")]
        for action in bad:
            with pytest.raises(IllegalActionError):
                s.apply(action)
            assert s.canonical() == before


class TestJson:
    def test_a_state_reads_back_the_same(self) -> None:
        g = duel_game()
        rec = driver.play(g, 3)
        assert rec.final is not None
        for state in (rec.final, start(board=DuelBoard(fame=-3, destruction=5,
                                                         dice_tokens=(1, 2)))):
            text = json.dumps(state.to_json())
            back = g.state_from_json(json.loads(text))
            assert back.canonical() == state.canonical()

    def test_the_canonical_string_tells_boards_apart(self) -> None:
        a = start(board=DuelBoard(fame=1))
        b = start(board=DuelBoard(destruction=1))
        assert a.canonical() != b.canonical()
        assert start(board=replace(DuelBoard(), dice_tokens=(0, 1))).canonical() != (
            start().canonical()
        )

    def test_a_bad_board_is_a_format_error(self) -> None:
        from kot_rules.engine.errors import StateFormatError

        data = start().to_json()
        data["board"]["fame"] = 8
        with pytest.raises(StateFormatError, match=r"board\.fame"):
            duel_game().state_from_json(data)


class TestWholeGames:
    def test_random_games_end_and_replay_byte_for_byte(self) -> None:
        g = duel_game()
        for seed in range(5):
            a = driver.play(g, seed)
            assert a.final is not None and a.final.outcome is not None
            assert a.dumps() == driver.play(g, seed).dumps()
            assert '"1"' not in json.dumps(a.to_json()["final_state"]["dice"])


class TestSymbolicModel:
    def test_the_definition_names_the_duel_z3_model_and_its_invariants(self) -> None:
        from kot_rules.games.king_of_tokyo_duel.invariants import IDS

        assert DUEL.invariants == IDS
        assert DUEL.part("model").MODEL.invariants == DUEL.part("invariants").INVARIANTS
