"""Duel's card proofs are about the code that runs. The same card sentence on
the same concrete Duel state, through the interpreter (effects.run, then the victory check
after the step) and through its Z3 meaning (kot_rules.games.king_of_tokyo_duel.semantics, every
input
fixed to the concrete value), gives the same state, field by field; likewise the roll of
a monster holding Duel's dice modifiers."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import z3
from budget import budget
from duel_cases import FixedCtx, symbolic
from hypothesis import assume, given
from hypothesis import strategies as st

from kot_rules import games
from kot_rules.engine import abilities, effects
from kot_rules.engine.game import MonsterSetup
from kot_rules.engine.state import State
from kot_rules.games.king_of_tokyo_duel import reference as ref
from kot_rules.games.king_of_tokyo_duel import rules as duel_rules
from kot_rules.games.king_of_tokyo_duel import semantics as duel_semantics
from kot_rules.games.king_of_tokyo_duel.board import DESTRUCTION, FAME, TILES, DuelBoard, placements
from kot_rules.games.king_of_tokyo_duel.invariants import IDS, holds
from kot_rules.games.king_of_tokyo_duel.state import NOBODY, POSITIONS, SEATS, SPAN, Bonus, leaves
from kot_rules.language import parse_text
from kot_rules.language.ast import NO_POSITION, Effect, ModifierKind, Verb, Who
from kot_rules.language.vocabulary import ASKING as ASKING_FORM
from kot_rules.language.vocabulary import KING_OF_TOKYO_DUEL, NO_AMOUNT_VERBS, VERBS

CARDS = Path(__file__).parents[2] / "spec" / "cards" / KING_OF_TOKYO_DUEL
GAME = games.get(KING_OF_TOKYO_DUEL).new_game(2)
DUEL_CARDS = [c for p in sorted(CARDS.glob("*.kot"))
              for c in parse_text(p.read_text("utf-8"), str(p), KING_OF_TOKYO_DUEL)[0]]
SENTENCES = [e for c in DUEL_CARDS for e in c.effects if not e.per_count]
"""Every effect sentence the Duel cards say, but those counted on the roll (
the symbolic state holds no dice, so their count is a free choice; scenarios pin them)."""
DICE_CARDS = sorted(c.slug for c in DUEL_CARDS if c.modifiers and all(
    m.kind in (ModifierKind.EXTRA_DICE, ModifierKind.EXTRA_ROLLS) for m in c.modifiers))

# Verbs a Duel card may say as a sentence, without asking anyone (the asking ones need
# answers: scenarios). A new Duel verb joins here by itself.
ASKING = {Verb.MAY_EXTRA_TURN} | {v for v, w in VERBS.items() if w.form == ASKING_FORM}
ASKING |= {Verb.BUY_FOR_LESS}  # the owner picks a card (scenarios)
ASKING |= {Verb.ADD_FACES, Verb.PLACE_KING_TILE}  # a power's choices
ASKING |= {Verb.SKIP_RESOLVE, Verb.LEAVE_UNRESOLVED}
PLAIN_VERBS = sorted((v for v, w in VERBS.items()
                      if KING_OF_TOKYO_DUEL in w.games
                      and (v in effects.MEANINGS or v in duel_rules.RULES.words.verbs)
                      and v not in ASKING), key=lambda v: v.value)
WHOM = sorted(duel_semantics.WHO, key=lambda w: w.value)


@st.composite
def states(draw: st.DrawFn, cards: tuple[str, ...] = ()) -> tuple[State, int]:
    """A Duel state going on (no victory condition met) with some Buzz tiles, and its
    card's owner."""
    monsters = []
    for seat in range(SEATS):
        top = draw(st.integers(1, 14))
        held = cards if seat == 0 else ()
        monsters.append(MonsterSetup(GAME.names[seat], hearts=draw(st.integers(1, top)),
                                     max_hearts=top, energy=draw(st.integers(0, 20)),
                                     cards=held))
    board = DuelBoard(fame=draw(st.integers(-6, 6)), destruction=draw(st.integers(-6, 6)),
                      dice_tokens=(draw(st.integers(0, 2)), draw(st.integers(0, 2))))
    king = draw(st.sampled_from([None, 0, 1]))  # the seat playing The King, if any
    for tile in draw(st.lists(st.sampled_from(sorted(TILES)), max_size=4, unique=True)):
        if TILES[tile].king and king is None:
            continue
        places = placements(board, tile, king if TILES[tile].king else None)
        if places:
            board = replace(board, tiles=(*board.tiles, draw(st.sampled_from(places))))
    active = 0 if cards else draw(st.integers(0, 1))
    s = GAME.setup_state(monsters, active=active, game_board=board,
                         turn_number=draw(st.integers(1, 4)))
    assume(duel_rules.check(s) is None)
    return s, draw(st.integers(0, 1))


BONUS = {"none": Bonus.NONE, "smash": Bonus.SMASH, "heal": Bonus.HEAL,
         "energy": Bonus.ENERGY, "dice-token": Bonus.TOKEN}


def track(b: DuelBoard, name: str) -> ref.Track:
    """One engine track in the model's terms: doubled positions, the tiles space by space
    (a lengthening tile's bonus on its extra space, a shortening tile's middle jumped)."""
    x, on_extra = b.position(name)
    fields: dict[str, list[Any]] = {
        "covered": [False] * len(POSITIONS), "bonus": [0] * len(POSITIONS),
        "amount": [1] * len(POSITIONS), "king": [False] * len(POSITIONS),
        "jumped": [False] * len(POSITIONS), "extra": [False] * len(POSITIONS)}

    def put(p: int, **values: Any) -> None:
        for field, value in values.items():
            fields[field][p + SPAN] = value

    for tile in (t for t in b.tiles if t.track == name):
        spec = TILES[tile.tile]
        for (kind, n), space in zip(spec.spaces, tile.spaces, strict=True):
            put(2 * space, covered=True, bonus=int(BONUS[kind]), amount=max(1, n),
                king=spec.king)
        if spec.shorten:
            put(2 * tile.spaces[1], jumped=True)
        if spec.lengthen is not None:
            kind, n = spec.lengthen
            put(2 * min(tile.spaces) + 1, covered=True, extra=True, bonus=int(BONUS[kind]),
                amount=n)
    return ref.Track(2 * x + on_extra, *(tuple(fields[f]) for f in (
        "covered", "bonus", "amount", "king", "jumped", "extra")))


def before(s: State) -> ref.Duel:
    """The engine's position in the model's terms."""
    b: DuelBoard = s.board
    ms = tuple(ref.Monster(m.hearts, m.max_hearts, m.energy, b.dice_tokens[k])
               for k, m in enumerate(s.monsters))
    kings = {t.owner for t in b.tiles if TILES[t.tile].king}
    return ref.Duel((ms[0], ms[1]), (track(b, FAME), track(b, DESTRUCTION)), active=s.active,
                    first_turn=s.turn == 1 and s.active == 0,
                    king_seat=next(iter(kings), NOBODY))


def after(s: State, red: int = 0, white: int = 0) -> dict[str, Any]:
    """The engine's position as the model's fields (those a card sentence may change)."""
    b: DuelBoard = s.board
    outcome = duel_rules.check(s)
    out: dict[str, Any] = {"fame.marker": track(b, FAME).marker,
                           "destruction.marker": track(b, DESTRUCTION).marker,
                           "active": s.active, "red": red, "white": white,
                           "over": outcome is not None,
                           "winner": NOBODY if outcome is None or outcome.winner is None
                           else outcome.winner}
    for k, m in enumerate(s.monsters):
        out |= {f"monsters[{k}].hearts": m.hearts, f"monsters[{k}].start": m.max_hearts,
                f"monsters[{k}].energy": m.energy, f"monsters[{k}].tokens": b.dice_tokens[k]}
    return out


def agree(got: dict[str, Any], post: Any, ctx: FixedCtx) -> None:
    """The engine's fields equal the model's (a step chain's pinned states are solved for:
    every choice is fixed, so the model has one value for each)."""
    solver = z3.Solver()
    solver.add(*ctx.facts)
    assert solver.check() == z3.sat
    model = solver.model()
    want = {}
    for name, term in leaves(post):
        if name in got:
            v = model.eval(term, model_completion=True)
            want[name] = z3.is_true(v) if z3.is_bool(v) else v.as_long()
    assert want == got


def sayable(effect: Effect) -> bool:
    """The card language has a sentence for ``effect`` (e.g. no `every monster heals`)."""
    try:
        return VERBS[effect.verb].render(effect) is not None
    except ValueError:
        return False



drawn_effects = st.one_of(
    st.sampled_from(SENTENCES),
    st.builds(lambda verb, who, amount: Effect(verb, 0 if verb in NO_AMOUNT_VERBS else amount,
                                               who, NO_POSITION),
              st.sampled_from(PLAIN_VERBS), st.sampled_from(WHOM),
              st.integers(1, 12)).filter(sayable))


class TestSentencesAgree:
    def test_the_tables_cover_the_duel_cards(self) -> None:
        # 21 sentences of its 11 cards (pulls, dice tokens).
        assert len(SENTENCES) >= 4 + 21 and {"extra-head", "giant-brain"} <= set(DICE_CARDS)
        assert {Verb.HEAL, Verb.TAKE_DAMAGE, Verb.EXTRA_TURN, Verb.PULL_FAME,
                Verb.PULL_DESTRUCTION, Verb.GAIN_DICE_TOKENS} <= set(PLAIN_VERBS)
        assert set(WHOM) == {Who.YOU, Who.EACH_OTHER, Who.EVERY}

    @budget(120)
    @given(states(), drawn_effects)
    def test_interpreter_and_semantics(self, drawn: tuple[State, int], effect: Effect) -> None:
        s, owner = drawn
        pre = symbolic(before(s))
        assert all(holds(i, pre) for i in IDS)  # the bridge gives a legal model state
        ctx = FixedCtx({})  # a sentence here chooses nothing: any choice fails the test
        post = duel_semantics.run_effect(ctx, pre, owner, effect)
        got = s.copy()
        effects.run(got, [], owner, [effect], "the-card")
        agree(after(got), post, ctx)
        assert ctx.choices == []


class TestDiceModifiersAgree:
    @budget(30)
    @given(st.data())
    def test_the_roll_of_a_monster_holding_them(self, data: st.DataObject) -> None:
        held = tuple(data.draw(st.lists(st.sampled_from(DICE_CARDS), min_size=1, unique=True)))
        s, _ = data.draw(states(held))
        # The dice before any token is spent, as start_turn sets them (the owner plays).
        from_cards = abilities.total(s, 0, ModifierKind.EXTRA_DICE)
        for card in held:
            for m in GAME.cards.modifiers(card):
                # The meaning is built for either owner (seat 0 here, the active one).
                ctx = FixedCtx({"owner": [0], "dice-removed": [0, 0],
                                "dice-from-cards": [from_cards] * 2, "tokens-spent": [0, 0]})
                t = duel_semantics.modifier_transition(m)
                assert t.build is not None
                ok, post = t.build(ctx, symbolic(before(s)))
                assert z3.is_true(z3.simplify(z3.And(ok, *ctx.facts)))
                b: DuelBoard = s.board
                agree(after(s, red=s.to_roll - b.white, white=b.white), post, ctx)


def test_a_wrong_meaning_disagrees() -> None:
    # The comparison can fail: healing the rival instead of the owner is caught.
    s = GAME.setup_state([MonsterSetup(GAME.names[0], 2, 10),
                          MonsterSetup(GAME.names[1], 3, 10)],
                         game_board=DuelBoard(), turn_number=3)
    got = s.copy()
    effects.run(got, [], 0, [Effect(Verb.HEAL, 3, Who.YOU, NO_POSITION)], "x")
    ctx = FixedCtx({})
    wrong = duel_semantics.run_effect(ctx, symbolic(before(s)), 0,
                                      Effect(Verb.HEAL, 3, Who.EACH_OTHER, NO_POSITION))
    try:
        agree(after(got), wrong, ctx)
    except AssertionError:
        return
    raise AssertionError("a wrong meaning agreed with the interpreter")
