"""Cards of the cards1 slice where a scenario cannot say it: illegal buys, two copies,
states that wait on pending damage, and the diagnostics of the new lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from kot_rules.engine import Buy, Game, MonsterSetup, Roll, State, StopRolling
from kot_rules.engine.actions import STAY, YIELD, action_from_json
from kot_rules.engine.cards import CardTable
from kot_rules.engine.errors import IllegalActionError
from kot_rules.language import load_card_set, parse_text


def _id(game: Game, name: str) -> str:
    return game.cards.resolve(name)[0]  # type: ignore[attr-defined]


def _buy_step(game: Game, buyer: MonsterSetup, other: MonsterSetup, deck: list[str]) -> State:
    s = game.setup_state([buyer, other], shop=[_id(game, n) for n in ("Heal", "Tanks", "Energize")],
                         deck=deck)
    return s.apply(Roll.of(1, 2, 3, 1, 2, "heart")).apply(StopRolling())


class TestBuyingElsewhere:
    def test_the_top_card_needs_the_card_that_allows_it(self) -> None:
        game = Game(["A", "B"])
        top = _id(game, "Spiked Tail")
        s = _buy_step(game, MonsterSetup("A", energy=9), MonsterSetup("B"), [top])
        assert Buy(top) not in s.legal_actions()
        with pytest.raises(IllegalActionError, match="a face-up card"):
            s.apply(Buy(top))
        lab = (_id(game, "Made in a Lab"),)
        s = _buy_step(game, MonsterSetup("A", energy=9, cards=lab), MonsterSetup("B"), [top])
        assert Buy(top) in s.legal_actions()
        after = s.apply(Buy(top))
        assert top in after.monsters[0].cards and after.deck[0] != top
        second = _id(game, "Alpha Monster")
        s = _buy_step(game, MonsterSetup("A", energy=9, cards=lab), MonsterSetup("B"),
                      [top, second])
        with pytest.raises(IllegalActionError):  # never the second card while the first is on top
            s.apply(Buy(second))

    def test_another_monster_s_card_needs_the_card_that_allows_it(self) -> None:
        game = Game(["A", "B"])
        tail = _id(game, "Spiked Tail")
        owner = MonsterSetup("B", cards=(tail,))
        s = _buy_step(game, MonsterSetup("A", energy=9), owner, [])
        assert Buy(tail, 1) not in s.legal_actions()
        with pytest.raises(IllegalActionError, match="no card of A"):
            s.apply(Buy(tail, 1))
        tentacles = (_id(game, "Parasitic Tentacles"),)
        s = _buy_step(game, MonsterSetup("A", energy=9, cards=tentacles), owner, [])
        assert Buy(tail, 1) in s.legal_actions()
        with pytest.raises(IllegalActionError, match="a keep card B owns"):
            s.apply(Buy(tentacles[0], 1))
        with pytest.raises(IllegalActionError, match="another monster"):
            s.apply(Buy(tentacles[0], 0))
        after = s.apply(Buy(tail, 1))
        assert after.monsters[1].cards == () and after.monsters[1].energy == 5

    def test_the_action_s_json_names_the_seller(self) -> None:
        assert Buy("x", 2).to_json() == {"type": "buy", "card": "x", "from": 2}
        assert action_from_json({"type": "buy", "card": "x", "from": 2}) == Buy("x", 2)
        assert action_from_json({"type": "buy", "card": "x"}) == Buy("x")


class TestStates:
    def test_a_state_waiting_on_pending_damage_round_trips(self) -> None:
        game = Game(["A", "B"])
        jets = (_id(game, "Jets"),)
        s = game.setup_state([MonsterSetup("A"), MonsterSetup("B", cards=jets)], city=1)
        s = s.apply(Roll.of("claw", "claw", 1, 2, 3, 3)).apply(StopRolling())
        assert s.pending_damage == ((1, 2),)
        again = State.from_json(game, s.to_json())
        assert again == s and again.pending_damage == ((1, 2),)
        assert again.apply(STAY).monsters[1].hearts == 8
        assert again.apply(YIELD).monsters[1].hearts == 10

    def test_the_older_count_of_extra_turns_is_read(self) -> None:
        game = Game(["A", "B"])
        data = game.setup_state([MonsterSetup("A"), MonsterSetup("B")]).to_json()
        data["extra_turns"] = 2
        assert State.from_json(game, data).extra_turns == (0, 0)


TWO_FREEZES = '''card "Time Twins"
  cost 5, keep, copies 2
  When you score a set of 1s, take another turn after this one with 1 die fewer.
'''


def test_two_copies_of_a_freeze_give_two_extra_turns(tmp_path: Path) -> None:
    """001 §DODATEK, IMITACJA: 2 x ZATRZYMANIE CZASU - 1 1 1 gives two extra turns."""
    (tmp_path / "twins.kot").write_text(TWO_FREEZES, encoding="utf-8")
    cards = CardTable.from_card_set(load_card_set(tmp_path))
    game = Game(["A", "B"], cards=cards)
    both = tuple(cards.physical_ids())
    s = game.setup_state([MonsterSetup("A", cards=both), MonsterSetup("B")])
    s = s.apply(Roll.of(1, 1, 1, 2, 3, "heart")).apply(StopRolling())
    assert s.extra_turns == (1, 1)
    from kot_rules.engine.actions import END_TURN

    s = s.apply(END_TURN)
    assert (s.active, s.to_roll, s.extra_turns) == (0, 5, (1,))


@pytest.mark.parametrize(("line", "message"), [
    ("At the end of your turn, add 1 damage to your attack even without claws.",
     "an attack bonus does not fit the trigger"),
    ("When you attack, the monster that takes your place takes 1 damage.",
     "'the monster that takes your place' does not fit"),
    ("When you attack, that attack does not hurt you.",
     "'that attack does not hurt you' does not fit"),
])
def test_a_clause_at_the_wrong_moment_is_kot220(line: str, message: str) -> None:
    _, diagnostics = parse_text(f'card "X"\n  cost 3, keep\n  {line}\n', "x.kot")
    assert [d.code for d in diagnostics] == ["KOT220"]
    assert message in diagnostics[0].message
    assert diagnostics[0].hint


def test_a_replacement_line_lists_its_clauses() -> None:
    text = ('card "X"\n  cost 3, keep\n  When you would be eliminated, instead lose all your '
            'stars and set your hearts to 3.\n')
    (card,), diagnostics = parse_text(text, "x.kot")
    assert diagnostics == [] and len(card.abilities[0].effects) == 2
    _, bad = parse_text(text.replace("instead ", ""), "x.kot")
    assert [d.code for d in bad] == ["KOT111"]


class TestADiscountBeyondThePrice:
    """A discount makes a card cheaper, never pays its buyer: the price stops at 0. No
    built-in card costs less than the largest discount, so a designer's card shows it
    (found by the mutation run, mutant buy-discount-below-zero)."""

    def test_a_card_costing_0_bought_with_a_discount_costs_0(self, tmp_path: Path) -> None:
        root = Path(__file__).resolve().parents[2] / "spec" / "cards" / "king-of-tokyo"
        discount = (root / "alien-metabolism.kot").read_text(encoding="utf-8")
        (tmp_path / "discount.kot").write_text(discount, encoding="utf-8")
        (tmp_path / "free.kot").write_text(
            'card "Loose Change"\n  cost 0, discard\n  Gain 1 star.\n', encoding="utf-8")
        game = Game(["A", "B"], cards=CardTable.from_card_set(load_card_set(tmp_path)))
        free, cheaper = _id(game, "Loose Change"), _id(game, "Alien Metabolism")
        s = game.setup_state([MonsterSetup("A", energy=0, cards=(cheaper,)), MonsterSetup("B")],
                             shop=[free], deck=[])
        s = s.apply(Roll.of(1, 2, 3, 1, 2, "heart")).apply(StopRolling())
        after = s.apply(Buy(free))
        assert (after.monsters[0].energy, after.monsters[0].stars) == (0, 1)
