"""The proved kernel is the kernel that runs: every step of the Z3 kernel
(kot_rules/games/king_of_tokyo/kernel.py), on random concrete states and inputs (dice faces,
the card bought, a yield decision, ...), gives the post-state the engine gives, field by field.

The engine runs the actions (``State.apply``); the Z3 model runs the chain of kernel
steps the action is made of, with every variable of its pre-state and every free choice
fixed to the concrete values (kernel_model.py). What the cards held add (extra energy,
extra damage, damage ignored) is the value their texts give (kernel_cases.py). Three
wrong models, test-only weakenings of the kernel (``WRONG`` below), must each make these
tests fail.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from budget import budget
from hypothesis import HealthCheck, Phase, assume, find, given, settings
from hypothesis import strategies as st
from kernel_cases import (
    BUYABLE,
    CARDS,
    HELD,
    Damage,
    K,
    Rolled,
    SetUpCase,
    Table,
    chosen,
    damages,
    mods,
    rolled,
    rolls,
    set_up_cases,
    tables,
)
from kernel_model import (
    ATTACK,
    BUY,
    CARD_DAMAGE,
    DICE,
    END,
    SET_UP,
    SETTLE,
    START,
    SWEEP,
    YIELD,
    Link,
    Valuation,
    Value,
    differences,
    evaluate,
    image,
    none,
    rotate,
)

from kot_rules.engine import resources
from kot_rules.engine.actions import (
    Buy,
    EndTurn,
    Roll,
    StayInTokyo,
    StopRolling,
    Sweep,
    YieldTokyo,
)
from kot_rules.engine.cards import CardRow, CardTable
from kot_rules.engine.dice import CLAW, Counts
from kot_rules.engine.events import EventKind
from kot_rules.engine.game import Game, MonsterSetup, Options
from kot_rules.engine.state import Phase as GamePhase
from kot_rules.engine.state import State
from kot_rules.games.king_of_tokyo import kernel
from kot_rules.games.king_of_tokyo.semantics import run_effect
from kot_rules.games.king_of_tokyo.state import NOBODY, SymState
from kot_rules.language.ast import Effect
from kot_rules.verify.symbolic import Ctx


def attack_damage(s: State, counts: Counts) -> int:
    return counts[CLAW] + sum(mods(s.monsters[s.active].cards, K.ATTACK_DAMAGE))


def attacked(*states: State) -> frozenset[int]:
    """The seats that lost hearts to the attack, from the events of these steps."""
    return frozenset(e.seat for s in states for e in s.events
                     if e.kind is EventKind.DAMAGED and e.detail == "attack"
                     and e.seat is not None)


def roll(s: State, counts: Counts) -> list[State]:
    """The states the roll goes through: the roll, and the stop if a card gave more rolls."""
    out = [s.apply(Roll(counts))]
    if out[-1].phase is GamePhase.KEEP:
        out.append(out[-1].apply(StopRolling()))
    return out


def roll_chain(counts: Counts) -> list[Link]:
    """What a roll resolves: the dice, the attack if a claw shows, then ask or enter."""
    return [DICE, ATTACK, SETTLE] if counts[CLAW] else [DICE, SETTLE]


def then_turn_ends(pre: State, post: State, links: list[Link],
                   valuations: list[Valuation]) -> tuple[int, frozenset[int] | None]:
    """If the step ended the turn (an end of turn, or the active monster eliminated):
    the model's end of turn and, unless the game is over, the next monster's start of
    turn, seats counted from it. Returns the seat the post-state is counted from, and
    the seats hit after it (None: as before)."""
    if not any(e.kind is EventKind.TURN_ENDED for e in post.events):
        return pre.active, None
    links.append(END)
    valuations.append(none)
    if post.phase is GamePhase.OVER:
        return pre.active, None
    n = len(pre.monsters)
    links += [rotate((post.active - pre.active) % n, n), START]
    valuations += [none, none]
    return post.active, frozenset()


def compare(links: list[Link], pre: dict[str, Value], valuations: list[Valuation],
            post: dict[str, Value], *, any_order: bool = False) -> list[str]:
    """``any_order``: the two monsters asked to yield may be asked in either order."""
    model = evaluate(links, pre, valuations)
    if any_order:
        for d in (model, post):
            d["queue[0]"], d["queue[1]"] = sorted((d["queue[0]"], d["queue[1]"]),
                                                  key=lambda q: (q == NOBODY, q))
    return differences(model, post)


def everyone_from_outside(s: State, counts: Counts) -> bool:
    """An attack that hits every other monster, from outside Tokyo: the engine asks the
    two occupants it hit in the order of their seat numbers, the model clockwise from the
    attacker (a known difference, pinned by test_who_is_asked_first_by_an_attack_on_everyone).
    Neither matters to an invariant; elsewhere the order is compared."""
    a = s.active
    return (counts[CLAW] > 0 and bool(mods(s.monsters[a].cards, K.ATTACK_EVERYONE))
            and not s.in_tokyo(a))


# -- one check per kernel step: the mismatches (empty: the model and the engine agree) ----


def _few_cards(k: int) -> CardTable:
    return CardTable([CardRow(c, CARDS.name(c), CARDS.cost(c), CARDS.is_keep(c),
                              CARDS.effects(c), CARDS.abilities(c), CARDS.modifiers(c))
                      for c in HELD[:k]])


def set_up(case: SetUpCase) -> list[str]:
    cards = CARDS if case.cards is None else _few_cards(case.cards)
    options = Options(tokyo_bay=case.bay, start_hearts=case.start, max_hearts=case.top,
                      win_stars=case.win)
    s = Game(case.players, options=options, cards=cards).new_initial_state()
    total = len(cards.physical_ids())
    inputs: dict[str, Value] = {"players": case.players, "start-hearts": case.start,
                               "max-hearts": case.top, "cards": total,
                               "bay-variant": case.bay, "win-stars": case.win}
    blank = {k: (False if isinstance(v, bool) else 0) for k, v in image(s, 0, frozenset()).items()}
    return compare([SET_UP, START], blank, [chosen(s, 0, inputs=inputs), none],
                   image(s, 0, frozenset()))


def start_of_turn(t: Table) -> list[str]:
    s = t.state()  # the set-up, then the active monster's start of turn
    return compare([START], t.image(), [none], image(s, t.active, frozenset()))


def resolve(case: Rolled) -> list[str]:
    s = case.table.state()
    steps = roll(s, case.counts)
    post = steps[-1]
    inputs = rolled(case.counts)
    chain = roll_chain(case.counts)
    valuation = chosen(s, s.active, damage=attack_damage(s, case.counts), inputs=inputs)
    return compare(chain, image(s, s.active, frozenset()), [valuation] * len(chain),
                   image(post, s.active, attacked(*steps)),
                   any_order=everyone_from_outside(s, case.counts))


def asked(case: Rolled) -> tuple[State, frozenset[int]]:
    """The state after the roll, waiting for the first yield decision."""
    steps = roll(case.table.state(), case.counts)
    assume(steps[-1].phase is GamePhase.YIELD)
    return steps[-1], attacked(*steps)


def yield_or_stay(case: Rolled) -> list[str]:
    """Each decision in turn (the City's occupant, then the Bay's), each one step."""
    s, hit = asked(case)
    out: list[str] = []
    for yields in case.answers:
        if s.phase is not GamePhase.YIELD:
            break
        post = s.apply(YieldTokyo() if yields else StayInTokyo())
        out += compare([YIELD], image(s, s.active, hit),
                       [chosen(s, s.active, inputs={"yields": yields})],
                       image(post, s.active, hit))
        s = post
    return out


def buying(case: Rolled) -> tuple[State, frozenset[int]]:
    """The state after the roll and the yield decisions: the active monster may buy."""
    steps = roll(case.table.state(), case.counts)
    for yields in case.answers:
        if steps[-1].phase is GamePhase.YIELD:
            steps.append(steps[-1].apply(YieldTokyo() if yields else StayInTokyo()))
    s = steps[-1]
    assert s.phase is GamePhase.BUY, s
    return s, attacked(*steps)


def buy(case: Rolled) -> list[str]:
    s, hit = buying(case)
    card = case.card
    assert card is not None and card in s.shop
    a = s.active
    cards = s.monsters[a].cards
    cost = max(0, CARDS.cost(card) - sum(mods(cards, K.CARD_DISCOUNT)))
    assume(cost <= s.monsters[a].energy)
    post = s.apply(Buy(card))
    links = [BUY]
    raise_by = sum(mods((card,), K.MAX_HEARTS))
    valuations = [chosen(s, a, inputs={"cost": cost, "keep": CARDS.is_keep(card),
                                      "max-hearts": raise_by})]
    for e in () if CARDS.is_keep(card) else CARDS.effects(card):
        links.append(_effect(e))
        valuations.append(chosen(s, a, damage=e.amount))
    origin, hit_after = then_turn_ends(s, post, links, valuations)
    return compare(links, image(s, a, hit), valuations,
                   image(post, origin, hit if hit_after is None else hit_after))


def _effect(e: Effect) -> Link:
    def build(ctx: Ctx, s: SymState) -> kernel.Step:
        return kernel.resting(s), run_effect(ctx, s, e)

    return Link(f"effect {e.verb.value} {e.amount} {e.who.value} {e.per}", build)


def sweep(case: Rolled) -> list[str]:
    s, hit = buying(case)
    assume(s.monsters[s.active].energy >= 2)
    post = s.apply(Sweep())
    return compare([SWEEP], image(s, s.active, hit), [none], image(post, s.active, hit))


def card_damage(case: Damage) -> list[str]:
    s = case.table.state()
    post = s.copy()
    resources.damage(post, [], case.target, case.amount, s.active, attack=False)
    n = len(s.monsters)
    inputs: dict[str, Value] = {"target": (case.target - s.active) % n, "damage": case.amount}
    return compare([CARD_DAMAGE], image(s, s.active, frozenset()),
                   [chosen(s, s.active, damage=case.amount, inputs=inputs)],
                   image(post, s.active, frozenset()))


def end_of_turn(case: Rolled) -> list[str]:
    s, hit = buying(case)
    post = s.apply(EndTurn())
    links: list[Link] = []
    valuations: list[Valuation] = []
    origin, hit_after = then_turn_ends(s, post, links, valuations)
    assert links, "the end of a turn ends the turn"
    return compare(links, image(s, s.active, hit), valuations,
                   image(post, origin, hit if hit_after is None else hit_after))


# -- the tests -------------------------------------------------------------------------

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much]


class TestKernelStepsAgreeWithTheEngine:
    def test_every_kernel_step_is_compared(self) -> None:
        from kot_rules.games.king_of_tokyo.semantics import KERNEL

        compared = (SET_UP, START, DICE, ATTACK, SETTLE, YIELD, BUY, SWEEP, CARD_DAMAGE, END)
        assert {t.build for t in KERNEL} == {link.build for link in compared}

    @budget(25)
    @given(set_up_cases)
    def test_set_up(self, case: SetUpCase) -> None:
        assert set_up(case) == []

    @budget(30, suppress_health_check=SLOW)
    @given(tables())
    def test_start_of_turn_with_the_stars_for_starting_in_tokyo(self, t: Table) -> None:
        assert start_of_turn(t) == []

    @budget(45, suppress_health_check=SLOW)
    @given(rolls())
    def test_a_roll_scores_heals_attacks_and_enters(self, case: Rolled) -> None:
        assert resolve(case) == []

    @budget(30, suppress_health_check=SLOW)
    @given(rolls(outside=True, claws=True))
    def test_an_attack_on_tokyo_city_and_bay_from_outside(self, case: Rolled) -> None:
        assert resolve(case) == []

    @budget(30, suppress_health_check=SLOW)
    @given(rolls(outside=True, claws=True))
    def test_yield_or_stay(self, case: Rolled) -> None:
        assert yield_or_stay(case) == []

    @budget(30, suppress_health_check=SLOW)
    @given(st.sampled_from(BUYABLE).flatmap(lambda c: rolls(buy=c, claws=False)))
    def test_buy_a_card(self, case: Rolled) -> None:
        assert buy(case) == []

    @budget(20, suppress_health_check=SLOW)
    @given(rolls(claws=False))
    def test_sweep_the_shop(self, case: Rolled) -> None:
        assert sweep(case) == []

    @budget(30, suppress_health_check=SLOW)
    @given(damages)
    def test_card_damage_and_elimination(self, case: Damage) -> None:
        assert card_damage(case) == []

    @budget(35, suppress_health_check=SLOW)
    @given(rolls())
    def test_end_of_turn_victory_and_the_next_start(self, case: Rolled) -> None:
        assert end_of_turn(case) == []


# -- the tests bite: three wrong models, each caught -----------------------------------

SEARCH = settings(max_examples=300, phases=[Phase.generate], derandomize=True, database=None,
                  suppress_health_check=SLOW, deadline=None)
WRONG: dict[str, tuple[Any, Callable[[Any], list[str]]]] = {
    "ones-two-stars": (rolls(), resolve),
    "tokyo-start-one-star": (tables(), start_of_turn),
    "bay-untouched": (rolls(outside=True, claws=True), resolve),
}
"""Each wrong model, the cases that may show it, and the check that compares."""


def mismatch(check: Callable[[Any], list[str]], case: Any) -> list[str]:
    try:
        return check(case)
    except AssertionError as exc:  # the model refuses a step the engine took
        return [str(exc)]


class TestTheDifferentialTestsBite:
    @pytest.mark.parametrize("weakening", list(WRONG))
    def test_each_wrong_model_is_caught(self, weakening: str) -> None:
        cases, check = WRONG[weakening]
        with kernel.weakened(weakening):
            case = find(cases, lambda c: bool(mismatch(check, c)), settings=SEARCH)
            found = mismatch(check, case)
        assert found, case
        # The same case, the right model: no mismatch. The weakening alone was caught.
        assert mismatch(check, case) == [], (case, found)

    @pytest.mark.parametrize(("city", "bay"), [(1, 4), (4, 1)])
    def test_who_is_asked_first_by_an_attack_on_everyone(self, city: int, bay: int) -> None:
        """D-YIELD-ORDER: the City's occupant first, then the Bay's, in engine and model;
        seat order and clockwise order each disagree with one of the two placements."""
        game = Game(5, options=Options(tokyo_bay=True, rolls=1), cards=CARDS)
        everyone = next(c for c in HELD if mods((c,), K.ATTACK_EVERYONE))
        monsters = tuple(MonsterSetup(name, cards=(everyone,) if k == 3 else ())
                         for k, name in enumerate(game.names))
        rest = [c for c in CARDS.physical_ids() if c != everyone]
        # Seat 3 attacks from outside with a card that hits every other monster.
        t = Table(game, monsters, 3, city, bay, tuple(rest[:3]), tuple(rest[3:]), ())
        s = t.state()
        post = roll(s, (0, 0, 0, 0, 0, 6))[-1]
        assert post.yield_queue == (city, bay)
        model = evaluate([DICE, ATTACK, SETTLE], image(s, 3, frozenset()),
                         [chosen(s, 3, damage=6, inputs=rolled((0, 0, 0, 0, 0, 6)))] * 3)
        assert (model["queue[0]"], model["queue[1]"]) == ((city - 3) % 5, (bay - 3) % 5)

    def test_the_wrong_models_keep_every_invariant(self) -> None:
        """Why these tests are needed: the proofs alone do not catch them."""
        from kot_rules.games.king_of_tokyo.semantics import KERNEL
        from kot_rules.verify.prover import PROVED, prove

        steps = {"ones-two-stars": "dice: numbers, energy, hearts",
                 "tokyo-start-one-star": "start of turn",
                 "bay-untouched": "dice: claws (attack or entry)"}
        for weakening, name in steps.items():
            t = next(k for k in KERNEL if k.name == name)
            with kernel.weakened(weakening):
                assert {r.status for r in prove(t)} == {PROVED}, weakening
