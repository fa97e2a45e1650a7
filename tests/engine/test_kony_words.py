"""The King of New York words that made its last 18 cards run, one behaviour test per
card, with the case where its condition does not apply."""

from __future__ import annotations

from dataclasses import replace

from kony_engine_helpers import GAME
from kony_engine_helpers import city_board as _board
from kony_engine_helpers import kony_state as _state

from kot_rules.engine.game import MonsterSetup
from kot_rules.engine.state import State
from kot_rules.games.king_of_new_york import rules as newyork


def _with_units(s: State, borough: str, units: tuple[str, ...]) -> None:
    b = _board(s)
    row = list(b.units)
    row[b.borough_index(borough)] = units
    stacks = tuple(tuple(tuple(t for t in st if t not in units) for st in x) for x in b.stacks)
    s.board = replace(b, units=tuple(row), stacks=stacks)


def test_sharp_shooter_destroys_a_jet_in_another_borough_and_scores() -> None:
    s = _state(("sharp-shooter",))
    here = _board(s).where[0]
    there = next(x for x in newyork.OUTER if x != here)
    _with_units(s, there, ("high-rise-2-1", "high-rise-1-1"))  # a jet, an infantry unit
    assert "high-rise-2-1" in newyork.destroyable_for(s, 0, 3)
    assert "high-rise-1-1" not in newyork.destroyable_for(s, 0, 3)  # jets only
    assert "high-rise-2-1" not in newyork.destroyable_for(s, 0, 2)  # a jet needs 3
    stars, energy = s.monsters[0].stars, s.monsters[0].energy
    newyork.destroy_tile(s, [], 0, "high-rise-2-1")
    assert (s.monsters[0].stars, s.monsters[0].energy) == (stars + 1, energy + 2)
    s = _state()  # without the card: no jet of another borough
    _with_units(s, there, ("high-rise-2-1",))
    assert "high-rise-2-1" not in newyork.destroyable_for(s, 0, 3)


def test_power_tap_steals_once_as_another_reaches_three_energy_in_a_turn() -> None:
    from kot_rules.engine.resources import gain_energy

    s = _state(("power-tap",), energy1=0)
    s.active = 1
    gain_energy(s, [], 1, 2, "test")
    assert (s.monsters[0].energy, s.monsters[1].energy) == (0, 2)  # 2: not yet
    gain_energy(s, [], 1, 1, "test")
    assert (s.monsters[0].energy, s.monsters[1].energy) == (1, 2)  # 3 reached: 1 stolen
    gain_energy(s, [], 1, 4, "test")
    assert (s.monsters[0].energy, s.monsters[1].energy) == (1, 6)  # once a turn
    gain_energy(s, [], 0, 5, "test")
    assert s.monsters[0].energy == 6  # its own energy: nothing to steal
    newyork.start_of_turn(s, [])  # a new turn: the count starts again
    gain_energy(s, [], 1, 3, "test")
    assert (s.monsters[0].energy, s.monsters[1].energy) == (7, 8)


def test_photo_op_scores_the_damage_dealt_to_one_monster_this_turn() -> None:
    from kot_rules.engine import effects
    from kot_rules.engine.resources import damage

    s = _state()
    (effect,) = GAME.cards.effects("photo-op")
    effects.run(s, [], 0, (effect,), "photo-op")
    assert s.monsters[0].stars == 0  # no damage dealt: nothing
    damage(s, [], 1, 2, 0, attack=True)
    damage(s, [], 1, 1, 0, attack=False)  # a card's damage counts too
    s.active = 1
    damage(s, [], 0, 4, 1, attack=True)  # not the active monster's: counted for seat 1 only
    s.active = 0
    effects.run(s, [], 0, (effect,), "photo-op")
    assert s.monsters[0].stars == 3
    newyork.start_of_turn(s, [])  # the count is the turn's
    effects.run(s, [], 0, (effect,), "photo-op")
    assert s.monsters[0].stars == 3


def _resolve_with(s: State, dice: tuple[int, ...], *answers: str) -> None:
    from kot_rules.engine.actions import Choose

    s.feed, s.fed = tuple(Choose(a) for a in answers), 0
    s.dice = (dice[0], dice[1], dice[2], dice[3], dice[4], dice[5])
    newyork.fire_resolve(s, [])


# dice: celebrity (star), destruction, ouch, energy, heal, smash (claw)


def test_artificial_heart_treats_heart_faces_as_energy_faces() -> None:
    s = _state(("artificial-heart",))
    _resolve_with(s, (0, 0, 0, 1, 3, 2), "2")
    assert s.dice == (0, 0, 0, 3, 1, 2)
    s = _state(("artificial-heart",))
    _resolve_with(s, (0, 0, 0, 1, 0, 5))  # no heart face: nothing asked, nothing changed
    assert s.dice == (0, 0, 0, 1, 0, 5)
    s = _state()
    _resolve_with(s, (0, 0, 0, 1, 3, 2))
    assert s.dice == (0, 0, 0, 1, 3, 2)


def test_universal_soldier_exchanges_heart_and_claw_faces() -> None:
    s = _state(("universal-soldier",))
    _resolve_with(s, (0, 0, 0, 1, 3, 2), "5")  # every heart a claw
    assert s.dice == (0, 0, 0, 1, 0, 5)
    s = _state(("universal-soldier",))
    _resolve_with(s, (0, 0, 0, 1, 3, 2), "0")  # every claw a heart
    assert s.dice == (0, 0, 0, 1, 5, 0)
    s = _state(("universal-soldier",))
    _resolve_with(s, (2, 0, 0, 4, 0, 0))  # neither: nothing asked
    assert s.dice == (2, 0, 0, 4, 0, 0)


def test_chameleon_gives_up_a_star_face_to_set_another_die() -> None:
    s = _state(("chameleon",))
    _resolve_with(s, (2, 0, 1, 3, 0, 0), "ouch to smash", "energy to smash", "pass")
    assert s.dice == (0, 0, 0, 2, 0, 2)  # two star faces spent, none left to count
    s = _state(("chameleon",))
    _resolve_with(s, (0, 0, 1, 3, 0, 2))  # no star face: nothing to give up
    assert s.dice == (0, 0, 1, 3, 0, 2)
    s = _state(("chameleon",))
    _resolve_with(s, (1, 0, 1, 3, 0, 1), "pass")  # it may keep its star face
    assert s.dice == (1, 0, 1, 3, 0, 1)


def test_of_another_world_trades_hearts_and_energy_one_for_one() -> None:
    s = _state(("of-another-world",), energy0=1)
    _resolve_with(s, (0, 0, 0, 0, 0, 6), "4 hearts to energy")
    assert (s.monsters[0].hearts, s.monsters[0].energy) == (6, 5)
    _resolve_with(s, (0, 0, 0, 0, 0, 6), "3 energy to hearts")
    assert (s.monsters[0].hearts, s.monsters[0].energy) == (9, 2)
    options = newyork.trade_life  # never to 0 hearts, never over the maximum:
    s.monsters = (s.monsters[0]._replace(hearts=1, energy=0), s.monsters[1])
    options(s, [], 0)  # nothing to trade: asks nothing
    assert (s.monsters[0].hearts, s.monsters[0].energy) == (1, 0)


def test_hailing_cabs_boosts_destruction_and_then_only_units_fall() -> None:
    s = _state(("hailing-cabs",))
    here = _board(s).where[0]
    _with_units(s, here, ("high-rise-1-1",))  # an infantry unit (2) beside the buildings
    _resolve_with(s, (0, 1, 0, 0, 0, 0), "boost")
    assert s.dice[1] == 3 and _board(s).units_only
    choices = newyork.destroyable_for(s, 0, 3)
    assert choices == ("high-rise-1-1",)  # no building, however little it needs
    s = _state(("hailing-cabs",))
    _resolve_with(s, (0, 1, 0, 0, 0, 0), "pass")  # declined: the roll and the tiles as before
    assert s.dice[1] == 1 and not _board(s).units_only
    newyork.start_of_turn(s, [])
    assert not _board(s).units_only


def test_seismic_ray_pays_to_destroy_in_another_borough() -> None:
    from kot_rules.engine.actions import Choose, ResolveFaces

    s = _state(("seismic-ray",), energy0=2)
    here = _board(s).where[0]
    there = next(x for x in newyork.OUTER if x != here)
    s.feed, s.fed = (Choose(there),), 0
    s.dice = (0, 1, 0, 0, 0, 0)
    newyork.apply_resolve(s, [], ResolveFaces(newyork.FACES[1]))
    assert s.monsters[0].energy == 1 and _board(s).elsewhere == there
    tops = {st[0] for st in _board(s).stacks_of(there) if st}
    chosen = {c.key for c in newyork.destroy_choices(s) if isinstance(c, Choose)}
    assert chosen == {t for t in tops if newyork.durability(_board(s), t) == 1} and chosen
    s = _state(("seismic-ray",), energy0=0)  # no energy: its own borough, nothing asked
    s.dice = (0, 1, 0, 0, 0, 0)
    newyork.apply_resolve(s, [], ResolveFaces(newyork.FACES[1]))
    assert s.monsters[0].energy == 0 and _board(s).elsewhere == ""


def test_new_york_marathon_in_the_shop_tolls_every_move_by_choice() -> None:
    from kot_rules.engine.actions import PASS, STAY, Choose
    from kot_rules.engine.state import Phase

    s = GAME.setup_state([MonsterSetup(GAME.names[0], energy=3), MonsterSetup(GAME.names[1])],
                         active=0, turn_number=3, shop=("new-york-marathon", "stomp", "fury"))
    s.city = 1
    s.board = _board(s).moved(1, newyork.MANHATTAN)
    s.phase = Phase.MOVE
    assert newyork.toll(s) == 2
    there = next(c for c in newyork.moves(s) if c != PASS)
    assert isinstance(there, Choose)
    newyork.apply_move(s, [], there)
    assert s.monsters[0].energy == 1 and _board(s).where[0] == there.key
    s.phase = Phase.MOVE
    assert newyork.moves(s) == [PASS]  # 1 energy: it cannot pay, it stays
    s.yield_queue = (1,)
    assert newyork.flights(s) == [STAY]  # Manhattan's monster has no energy to flee
    s.shop = ("stomp", "fury", "drain")  # the card left the shop: no toll
    assert newyork.toll(s) == 0 and len(newyork.flights(s)) > 1


def _tokens(s: State, seat: int) -> dict[str, int]:
    return {k: n for who, k, n in s.tokens if who == seat}


def test_curse_tokens_tax_ouch_rerolls_and_a_heart_face_removes_one() -> None:
    from kot_rules.engine.actions import Choose, Reroll, ResolveFaces, Roll
    from kot_rules.engine.errors import IllegalActionError
    from kot_rules.engine.resources import damage

    s = _state((), ("curse",), energy0=3)
    damage(s, [], 0, 1, 1, attack=True)  # seat 1 hurts seat 0: a curse token
    damage(s, [], 0, 1, 1, attack=False)  # a card's damage is no attack: none
    assert _tokens(s, 0) == {"curse": 1}
    s = s.apply(Roll((0, 0, 2, 0, 2, 2)))  # two ouch faces
    legal = [a for a in s.legal_actions() if isinstance(a, Reroll)]
    assert Reroll((0, 0, 0, 0, 2, 2)) in legal  # 2 ouch dice rerolled: 2 energy
    after = s.apply(Reroll((0, 0, 1, 0, 2, 2)))
    assert after.monsters[0].energy == 2
    after = s.apply(Reroll((0, 0, 2, 0, 2, 0)))  # no ouch die rerolled: free
    assert after.monsters[0].energy == 3
    poor = s.copy()
    poor.monsters = (poor.monsters[0]._replace(energy=1), poor.monsters[1])
    assert Reroll((0, 0, 0, 0, 2, 2)) not in poor.legal_actions()
    try:
        poor.apply(Reroll((0, 0, 0, 0, 2, 2)))
        raise AssertionError("a reroll it cannot pay for was applied")
    except IllegalActionError:
        pass
    s = _state((), ("curse",))  # a heart face removes the token instead of healing
    damage(s, [], 0, 2, 1, attack=True)
    s.dice = (0, 0, 0, 0, 2, 0)
    s.feed, s.fed = (Choose("remove curse"), Choose("heal")), 0
    newyork.apply_resolve(s, [], ResolveFaces(newyork.FACES[4]))
    assert _tokens(s, 0) == {} and s.monsters[0].hearts == 9


def test_webspinner_tokens_take_rolls_away_and_a_claw_face_removes_one() -> None:
    from kot_rules.engine.actions import Choose, ResolveFaces
    from kot_rules.engine.resources import damage

    s = _state((), ("webspinner",))
    damage(s, [], 0, 1, 1, attack=True)
    damage(s, [], 0, 1, 1, attack=True)
    assert _tokens(s, 0) == {"web": 2}
    s.rolls_allowed = 3
    newyork.start_of_turn(s, [])
    assert s.rolls_allowed == 1  # 3 rolls, 1 fewer per web token
    s.rolls_allowed = 3
    s.tokens = ((0, "web", 5),)
    newyork.start_of_turn(s, [])
    assert s.rolls_allowed == 1  # never fewer than one roll
    s.tokens = ((0, "web", 2),)
    s.dice = (0, 0, 0, 0, 0, 3)
    s.city = 1
    s.board = _board(s).moved(1, newyork.MANHATTAN)
    hearts = s.monsters[1].hearts
    s.feed, s.fed = (Choose("2"), Choose("stay")), 0
    newyork.apply_resolve(s, [], ResolveFaces(newyork.FACES[5]))
    assert _tokens(s, 0) == {} and s.monsters[1].hearts == hearts - 1  # 1 claw left
    s = _state((), ("webspinner",))  # no token: every claw attacks, nothing asked
    s.dice = (0, 0, 0, 0, 0, 3)
    s.city = 1
    s.board = _board(s).moved(1, newyork.MANHATTAN)
    s.feed, s.fed = (Choose("stay"),), 0
    newyork.apply_resolve(s, [], ResolveFaces(newyork.FACES[5]))
    assert s.monsters[1].hearts == 10 - 3 and s.rolls_allowed == 3


def test_tourist_drops_one_souvenir_per_borough_and_scores_each() -> None:
    from kot_rules.engine import effects
    from kot_rules.engine.actions import PASS

    s = _state(("tourist",))
    here = _board(s).where[0]
    (on_buy,) = [a for a in GAME.cards.abilities("tourist")][:1]
    effects.run(s, [], 0, on_buy.effects, "tourist")  # as bought: a token where it stands
    assert _board(s).borough_tokens == ((here, "souvenir"),)
    assert (s.monsters[0].stars, s.monsters[0].energy) == (1, 1)
    effects.run(s, [], 0, on_buy.effects, "tourist")  # one of its kind there already
    assert (s.monsters[0].stars, s.monsters[0].energy) == (1, 1)
    there = next(x for x in newyork.OUTER if x != here and newyork.room_in(_board(s), x))
    s.phase = newyork.Phase.MOVE
    newyork.apply_move(s, [], newyork.Choose(there))  # entering a borough drops one
    assert (there, "souvenir") in _board(s).borough_tokens
    assert (s.monsters[0].stars, s.monsters[0].energy) == (2, 2)
    s.phase = newyork.Phase.MOVE
    newyork.apply_move(s, [], PASS)  # no move: nothing
    assert s.monsters[0].stars == 2
    newyork.enter_manhattan(s, [], 0, "test")  # Manhattan is a borough too (+1 entry star)
    assert (newyork.MANHATTAN, "souvenir") in _board(s).borough_tokens
    assert (s.monsters[0].stars, s.monsters[0].energy) == (4, 3)


def test_stink_attack_pushes_units_out_of_the_borough_it_enters() -> None:
    from kot_rules.engine.actions import PASS, Choose

    s = _state(("stink-attack",))
    here = _board(s).where[0]
    there = next(x for x in newyork.OUTER if x != here and newyork.room_in(_board(s), x))
    _with_units(s, there, ("high-rise-1-1", "high-rise-1-2", "high-rise-2-1"))
    s.feed, s.fed = (Choose(f"high-rise-1-1 to {here}"), Choose("high-rise-2-1 to queens"
                     if there != "queens" else "high-rise-2-1 to bronx"), PASS), 0
    s.phase = newyork.Phase.MOVE
    newyork.apply_move(s, [], Choose(there))
    b = _board(s)
    assert b.units_of(there) == ("high-rise-1-2",)
    assert b.units_of(here) == ("high-rise-1-1",)
    s = _state(())  # without the card: entering pushes nothing
    _with_units(s, there, ("high-rise-1-1",))
    s.phase = newyork.Phase.MOVE
    newyork.apply_move(s, [], Choose(there))
    assert _board(s).units_of(there) == ("high-rise-1-1",)


def test_antimatter_pellets_doubles_the_damage_on_an_ouch_roll() -> None:
    from kot_rules.engine.actions import Roll

    for face, lost in (((0, 0, 1, 0, 0, 0), 4), ((0, 0, 0, 1, 0, 0), 2)):
        s = _state(("antimatter-pellets",))
        s.city = 1
        s.board = _board(s).moved(1, newyork.MANHATTAN)
        s.feed, s.fed = (Roll(face),), 0
        newyork.smash(s, [], 0, 2)
        assert s.monsters[1].hearts == 10 - lost
    s = _state()  # without the card: no die rolled, 2 damage
    s.city = 1
    s.board = _board(s).moved(1, newyork.MANHATTAN)
    newyork.smash(s, [], 0, 2)
    assert s.monsters[1].hearts == 8


def test_scavenger_buys_a_discarded_keep_card_for_less() -> None:
    from kot_rules.engine.actions import Buy
    from kot_rules.engine.errors import IllegalActionError
    from kot_rules.engine.state import Phase

    def buying(cards: tuple[str, ...], energy: int) -> State:
        s = GAME.setup_state([MonsterSetup(GAME.names[0], energy=energy, cards=cards),
                              MonsterSetup(GAME.names[1])], active=0, turn_number=3,
                             shop=("stomp", "fury", "drain"))
        s.discard = ("regeneration", "photo-op")  # a keep card (5), a discard card
        s.phase = Phase.BUY
        return s

    s = buying(("scavenger",), 4)
    legal = s.legal_actions()
    assert Buy("regeneration") in legal and Buy("photo-op") not in legal
    after = s.apply(Buy("regeneration"))
    assert after.monsters[0].energy == 0 and "regeneration" in after.monsters[0].cards
    assert after.discard == ("photo-op",)
    s = buying(("scavenger",), 3)  # 4 energy needed
    assert Buy("regeneration") not in s.legal_actions()
    s = buying((), 9)  # without the card: the discard pile is not for sale
    assert Buy("regeneration") not in s.legal_actions()
    try:
        s.apply(Buy("regeneration"))
        raise AssertionError("a discarded card was bought without the card that allows it")
    except IllegalActionError:
        pass


def test_columbia_university_claims_the_next_keep_card_revealed() -> None:
    from kot_rules.engine.actions import Buy
    from kot_rules.engine.state import Phase

    s = GAME.setup_state([MonsterSetup(GAME.names[0], energy=12), MonsterSetup(GAME.names[1])],
                         active=0, turn_number=3,
                         shop=("columbia-university", "fury", "drain"),
                         deck=("photo-op", "regeneration", "stomp", "subway", "fireball"))
    s.phase = Phase.BUY
    s = s.apply(Buy("columbia-university"))  # the refill (a discard card) came before it
    assert s.monsters[0].energy == 6 and s.monsters[0].stars == 2
    assert s.shop == ("photo-op", "fury", "drain") and _board(s).claims == (0,)
    s = s.apply(Buy("photo-op"))  # 4 energy; the refill reveals a keep card: claimed, free
    assert "regeneration" in s.monsters[0].cards and s.monsters[0].energy == 2
    assert s.shop == ("stomp", "fury", "drain") and _board(s).claims == ()  # stomp: no claim


def test_subway_gives_a_turn_of_moves_at_any_time() -> None:
    from kot_rules.engine.actions import Buy, Choose, ResolveFaces, Roll, StopRolling
    from kot_rules.engine.errors import IllegalActionError
    from kot_rules.engine.state import Phase

    s = GAME.setup_state([MonsterSetup(GAME.names[0], energy=10, hearts=7),
                          MonsterSetup(GAME.names[1])], active=0, turn_number=3,
                         shop=("subway", "fury", "drain"))
    s.city = 0
    s.board = _board(s).moved(0, newyork.MANHATTAN)
    s.phase = Phase.BUY
    assert not any(isinstance(a, Choose) for a in s.legal_actions())  # no free moves yet
    s = s.apply(Buy("subway"))
    assert s.active == 0 and s.monsters[0].hearts == 9  # healed 2, its extra turn begins
    assert _board(s).moving and _board(s).free_moves == ()
    s = s.apply(Roll((0, 0, 0, 6, 0, 0)))
    s = s.apply(StopRolling())
    assert s.phase is Phase.RESOLVE
    out = next(a for a in s.legal_actions() if isinstance(a, Choose))
    s = s.apply(out)  # leaves Manhattan mid-resolution, by choice
    assert s.city is None and _board(s).where[0] == out.key and s.phase is Phase.RESOLVE
    stars = s.monsters[0].stars
    s = s.apply(Choose(newyork.MANHATTAN))  # and comes back to Lower Manhattan
    assert s.city == 0 and _board(s).zones[0] == 0
    assert s.monsters[0].stars == stars + 1
    s = s.apply(out)
    s = s.apply(Choose(newyork.MANHATTAN))  # the entry star only once a turn
    assert s.monsters[0].stars == stars + 1
    s = s.apply(ResolveFaces(newyork.FACES[3]))
    try:
        s.apply(Choose(newyork.MANHATTAN))  # already there: no such move
        raise AssertionError("a move into Manhattan from Manhattan was applied")
    except IllegalActionError:
        pass
