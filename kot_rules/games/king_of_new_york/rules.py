"""King of New York's own rules as the kernel runs them, and :data:`RULES`, the game's seam
object (kot_rules.games.king_of_new_york.definition registers it as ``king-of-new-york``).

The rules are spec/rules/king-of-new-york.yaml (cited by slug), the numbers
spec/games/king-of-new-york.yaml, the board kot_rules.games.king_of_new_york.board. A game: set-up
places
each monster's figure in an outer borough, clockwise from the first player
(Phase.PLACE, D-KONY-START-BOROUGH). A turn (kony.turn.order): the zone reward of a
monster in Manhattan (kony.turn.gain), up to three rolls (Phase.ROLL / KEEP), the faces
resolved one kind at a time in the order the player chooses (Phase.RESOLVE,
kony.turn.resolve-order) - destruction spent tile by tile (Phase.DESTROY), an attacked
monster in Manhattan deciding to flee (Phase.YIELD) - then the Move phase (automatic, or
Phase.MOVE when the monster may move between outer boroughs), buying (Phase.BUY, the
shared skeleton), and the end of the turn, where victory is checked (kony.end.*).

The monsters in Manhattan are the state's ``city`` (the 2-4 path) and ``bay`` (the 5-6
path): the Bay rules of the kernel open the second path with five or six monsters and the
option ``tokyo_bay: false`` plays them with one monster in Manhattan (D-KONY-56-VARIANT).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from kot_rules.engine import abilities, dice, hearts, legal, tokens, turn
from kot_rules.engine.actions import (
    PASS,
    STAY,
    STOP,
    Action,
    Choose,
    FirstPlayer,
    Reroll,
    ResolveFaces,
    Roll,
    StayInTokyo,
    StopRolling,
    UseCard,
)
from kot_rules.engine.dice import Counts
from kot_rules.engine.events import (
    K_ENERGY,
    K_ENTERED,
    K_FIRST_PLAYER,
    K_KEPT,
    K_LEFT,
    K_RESOLVED,
    K_ROLLED,
    K_STARS,
    K_STAYED,
    K_USED,
    NO_EVENT,
    Event,
    Quiet,
)
from kot_rules.engine.options import Options
from kot_rules.engine.requests import answered_inline, ask, roll
from kot_rules.engine.resources import damage, gain_energy, gain_stars, heal, set_monster
from kot_rules.engine.rules import Board, DiceSpec, GameRules, Hooks, ShopRules, Words
from kot_rules.engine.state import Outcome, Phase, Place, State
from kot_rules.games.king_of_new_york import words
from kot_rules.games.king_of_new_york.board import (
    BOROUGHS,
    CELEBRITY_I,
    DATA,
    DESTRUCTION_I,
    ENERGY_I,
    FACES,
    HEAL_I,
    MANHATTAN,
    NY,
    OUCH_I,
    OUTER,
    SMASH_I,
    TILES,
    TOP_ZONE,
    ZONES,
    CityBoard,
    board_from_json,
    destroyable,
    durability,
    flip_tile,
    is_unit,
    laid_out,
    layout_seed,
    open_boroughs,
    room_in,
    units_in,
)
from kot_rules.language.ast import (
    Effect,
    ModifierKind,
    TokenRuleKind,
    Trigger,
    Verb,
)

GAME_ID = NY.game
DICE: int = NY["dice"]
ROLLS: int = NY["rolls"]
SHOP_SIZE: int = NY["shop-size"]
SWEEP_COST: int = NY["sweep-cost"]
ENERGY_PER_FACE: int = NY["energy-per-face"]
HEARTS_PER_HEAL: int = NY["hearts-per-heal"]
DAMAGE_PER_SMASH: int = NY["damage-per-smash"]
DAMAGE_PER_UNIT: int = NY["damage-per-unit"]
OUCH_BOROUGH: int = NY["ouch-borough"]
OUCH_CITY: int = NY["ouch-city"]
CELEBRITY_SET: int = NY["celebrity-set"]
SUPERSTAR_STARS: int = NY["superstar-stars"]
STARS_PER_EXTRA_CELEBRITY: int = NY["stars-per-extra-celebrity"]
STARS_PER_CELEBRITY_HELD: int = NY["stars-per-celebrity-held"]
STATUE_STARS: int = NY["statue-stars"]
ENTRY_STARS: int = NY["entry-stars"]
SECOND_PATH_FROM: int = NY["second-path-from"]

_PLACE, _ROLL, _KEEP, _RESOLVE, _DESTROY, _YIELD, _MOVE, _BUY, _OVER = (
    Phase.PLACE, Phase.ROLL, Phase.KEEP, Phase.RESOLVE, Phase.DESTROY, Phase.YIELD,
    Phase.MOVE, Phase.BUY, Phase.OVER,
)  # fmt: skip


def _b(s: State) -> CityBoard:
    board: CityBoard = s.board
    return board


def _say(ev: list[Event], event: Event) -> None:
    ev.append(NO_EVENT if type(ev) is Quiet else event)


def _a(word: str) -> str:
    return "an" if word[:1] in ("a", "e", "i", "o", "u") else "a"


def tile_words(tile: str, unit: bool) -> str:
    """A tile's side in words, for the log: ``a high-rise``, ``an infantry unit``."""
    kind = TILES[tile].unit if unit else TILES[tile].building
    name = DATA.kinds[kind].lower()
    return f"{_a(name)} {name}{' unit' if name == 'infantry' else ''}"


def inside(s: State, seat: int) -> bool:
    """``seat`` is in Manhattan, on either path."""
    return s.city == seat or s.bay == seat


def describe_dice(counts: Sequence[int]) -> str:
    return " ".join(f.value for f, n in zip(FACES, counts, strict=True) for _ in range(n))


def clockwise(s: State, start: int) -> list[int]:
    """The monsters in the game, clockwise from ``start`` (itself first if in the game)."""
    n = len(s.monsters)
    return [(start + k) % n for k in range(n) if s.monsters[(start + k) % n].alive]


# -- set-up -------------------------------------------------------------------------------


def prepare(s: State, fresh: bool) -> None:
    """The board at set-up (kony.setup.tiles, kony.setup.special-cards,
    kony.manhattan.start-empty): tiles shuffled from the deck's order (D-KONY-TILE-SHUFFLE).

    A new game places nobody yet (Phase.PLACE does, D-KONY-START-BOROUGH). A state set up
    by a test or scenario with no board of its own places the monsters in Manhattan where
    its ``city``/``bay`` say, and the others two by two in the outer boroughs, in seat order.
    """
    board = laid_out(len(s.monsters), layout_seed((*s.shop, *s.deck)))
    if not fresh:
        where = []
        outside = 0
        for seat, m in enumerate(s.monsters):
            if not m.alive:
                where.append("")
            elif inside(s, seat):
                where.append(MANHATTAN)
            else:
                where.append(OUTER[(outside // NY["borough-capacity"]) % len(OUTER)])
                outside += 1
        board = replace(board, where=tuple(where), first=s.active)
    s.board = board


def begin(s: State, ev: list[Event]) -> None:
    """The game's start once the first player is known: the placement (Phase.PLACE) while a
    monster in the game stands nowhere, else the active monster's turn."""
    b = _b(s)
    if any(m.alive and not b.where[i] for i, m in enumerate(s.monsters)):
        s.board = replace(b, first=s.active)
        s.phase = _PLACE
        return
    turn.start_turn(s, ev)


def apply_first_player(s: State, ev: list[Event], action: Action) -> None:
    """The roll-off's outcome (D-KONY-FIRST-PLAYER: one chance node, uniform over seats)."""
    if not isinstance(action, FirstPlayer) or not 0 <= action.seat < len(s.monsters):
        turn.illegal(s, action, "a first-player chance outcome naming a seat")
    s.active = action.seat
    _say(ev, Event(K_FIRST_PLAYER, action.seat))
    begin(s, ev)


def placements(s: State) -> list[Action]:
    """Where the placing monster may put its figure: an outer borough holding fewer than
    two monsters (kony.setup.start-borough, kony.borough.capacity)."""
    b = _b(s)
    return [Choose(x) for x in OUTER if room_in(b, x)]


def apply_place(s: State, ev: list[Event], action: Action) -> None:
    """One figure placed; the next monster clockwise places, and after the last one the
    first player's turn starts (D-KONY-START-BOROUGH)."""
    if not isinstance(action, Choose) or action not in placements(s):
        turn.illegal(s, action, "an outer borough holding fewer than two monsters: "
                     + ", ".join(c.key for c in placements(s) if isinstance(c, Choose)))
    a = s.active
    s.board = _b(s).moved(a, action.key)
    _say(ev, Event(K_ENTERED, a, 0, None, action.key, "set-up"))
    begin_from = _b(s).first
    nxt = (a + 1) % len(s.monsters)
    while not s.monsters[nxt].alive and nxt != begin_from:
        nxt = (nxt + 1) % len(s.monsters)
    if nxt == begin_from:
        s.active = begin_from
        turn.start_turn(s, ev)
    else:
        s.active = nxt


# -- the turn -----------------------------------------------------------------------------


def start_of_turn(s: State, ev: list[Event]) -> None:
    """Step 0, the gain (kony.turn.gain): the turn's bookkeeping cleared, then a monster in
    Manhattan takes its zone's reward (kony.manhattan.zone-rewards, D-KONY-56-REWARDS)."""
    a = s.active
    b = _b(s).for_turn(inside(s, a), a)
    if s.tokens and token_rule(s, _FEWER_ROLLS):  # tokens take rolls away
        s.rolls_allowed = max(1, s.rolls_allowed - per_token(s, a, _FEWER_ROLLS))
    s.board = b
    if b.began_inside:
        zone = ZONES[b.zones[0] if s.city == a else b.zones[1]]
        why = f"{zone.name} at the start of the turn"
        if zone.stars:
            gain_stars(s, ev, a, zone.stars, why)
        if zone.energy:
            gain_energy(s, ev, a, zone.energy, why)


def apply_roll(s: State, ev: list[Event], action: Action) -> None:
    """A roll of the dice being thrown (chance; kony.turn.roll)."""
    _roll(s, ev, turn.rolled(s, action))


def _roll(s: State, ev: list[Event], c: Counts) -> None:
    turn.add_roll(s, c)
    # The dice are described only for an event somebody reads.
    ev.append(NO_EVENT if type(ev) is Quiet else
              Event(K_ROLLED, s.active, s.rolls_done, None, "", describe_dice(c)))
    if s.rolls_done >= s.rolls_allowed:
        resolve(s, ev)
    else:
        s.phase = _KEEP


def roll_in_place(s: State, counts: Counts) -> None:
    """:func:`apply_roll` for a driver that samples legal dice itself (through :func:`apply`:
    a final roll resolves, and what a card does then may ask)."""
    if s.pending is None and answered_inline(s):  # see random_step
        turn.apply(s, Roll(counts), plain=True)
        return
    apply(s, Roll(counts))


def apply_keep(s: State, ev: list[Event], action: Action) -> None:
    """Set dice aside and reroll the others, or stop (kony.turn.roll, kony.turn.reroll)."""
    if s.game.cards.with_modifier[_M_ALL_ROLLS] or s.game.cards.with_modifier[_M_KEEP_CLAWS]:
        refuse_roll_choice(s, action)  # cards that bind the rolls
    if s.tokens and token_rule(s, _OUCH_TOLL) and isinstance(action, Reroll):
        pay_ouch_toll(s, ev, action)
    if isinstance(action, StopRolling):
        resolve(s, ev)
        return
    if isinstance(action, UseCard):
        turn.apply_keep(s, ev, action)
        return
    if not isinstance(action, Reroll):
        turn.illegal(s, action, "keep some dice and reroll the others, or stop")
    k = action.keep
    if s.rolls_done >= s.rolls_allowed:
        turn.illegal(s, action, "no reroll: every roll of this turn is used")
    if not dice.contains(s.dice, k) or k == s.dice:
        turn.illegal(s, action, f"a keep taken from the dice on the table, leaving at least "
                     f"one to reroll ({describe_dice(s.dice)})")
    ev.append(NO_EVENT if type(ev) is Quiet else  # as in _roll
              Event(K_KEPT, s.active, 0, None, "", describe_dice(k) or "nothing"))
    s.to_roll = sum(s.dice) - sum(k)
    s.dice = k
    s.phase = _ROLL


def to_resolve(s: State) -> list[int]:
    """Positions of the face kinds on the dice not resolved yet this turn."""
    done = _b(s).resolved
    d = s.dice
    return [i for i in range(6) if d[i] and i not in done]


def resolve(s: State, ev: list[Event]) -> None:
    """The roll is final: its faces are resolved one kind at a time, in the order the
    player chooses (kony.turn.resolve-order); then the Move phase."""
    ev.append(NO_EVENT if type(ev) is Quiet else  # as in _roll
              Event(K_RESOLVED, s.active, 0, None, "", describe_dice(s.dice) or "no dice"))
    s.board = _b(s).with_resolved(())
    fire_resolve(s, ev)  # "when you resolve your dice" may add faces
    if s.phase is _OVER:  # a card won the game
        return
    if to_resolve(s):
        s.phase = _RESOLVE
    else:
        move_phase(s, ev)


def apply_resolve(s: State, ev: list[Event], action: Action) -> None:
    """Resolve every die of one face (kony.turn.resolve-order)."""
    if _b(s).moving and isinstance(action, Choose):  # a move at any time
        free_move(s, ev, action)
        return
    kinds = to_resolve(s)
    index = FACES.index(action.face) if (
        isinstance(action, ResolveFaces) and action.face in FACES) else -1
    if index not in kinds:
        turn.illegal(s, action, "resolve one of " + ", ".join(FACES[i].value for i in kinds))
    a = s.active
    n = s.dice[index]
    s.board = _b(s).with_resolved(tuple(sorted((*_b(s).resolved, index))))
    if index == ENERGY_I:
        less = abilities.total(s, a, _M_FACES_LESS) if s.monsters[a].cards else 0
        if n * ENERGY_PER_FACE > less:
            gain_energy(s, ev, a, n * ENERGY_PER_FACE - less, "energy faces")  # kony.dice.energy
    elif index == HEAL_I:
        if s.tokens and s.game.cards.heart_removes:  # faces removing tokens
            n = heart_faces_remove(s, ev, a, n)
        if n and not inside(s, a):  # kony.dice.heal, kony.dice.heal-in-manhattan
            heal(s, ev, a, n * HEARTS_PER_HEAL, "heal faces")
    elif index == SMASH_I:
        if s.tokens and token_rule(s, _CLAW_REMOVES):  # faces removing tokens
            n = claw_faces_remove(s, ev, a, n)
        smash(s, ev, a, n)
    elif index == DESTRUCTION_I:
        s.board = _b(s).with_points(n)  # kony.dice.destruction
        if s.monsters[a].cards and abilities.has_modifier(s, a, _M_ELSEWHERE):
            destroy_elsewhere(s, ev, a)
        _destroy_or_go_on(s, ev)
        return
    elif index == CELEBRITY_I:
        celebrity(s, ev, a, n)
    elif index == OUCH_I:
        ouch(s, ev, a, n)
    if s.phase is _RESOLVE:
        after_face(s, ev)


def after_face(s: State, ev: list[Event]) -> None:
    """One face kind is done: the next, or the Move phase once every kind is done."""
    if s.phase is _OVER or not s.monsters[s.active].alive:
        return
    s.phase = _RESOLVE
    if not to_resolve(s):
        move_phase(s, ev)


# -- smash and fleeing ----------------------------------------------------------------------


def attack_targets(s: State, a: int) -> list[int]:
    """Whom ``a``'s smash faces hit (kony.attack.targets, kony.five-six.attacks): from
    Manhattan every monster outside it; from outside the monsters in Manhattan (none if
    it is empty). The two in Manhattan never hit each other."""
    if inside(s, a):
        return [i for i in clockwise(s, a) if not inside(s, i)]
    return [i for i in (s.city, s.bay) if i is not None and s.monsters[i].alive]


def smash(s: State, ev: list[Event], a: int, n: int) -> None:
    """``n`` smash faces: 1 damage each to every target (kony.dice.smash). The monsters in
    Manhattan that lost hearts to it and are still in the game decide in turn whether to
    flee, the 2-4 path first (kony.move.flee, kony.five-six.flee-order, D-KONY-FLEE-WHEN)."""
    queue = []
    outside = not inside(s, a)
    cards = bool(s.monsters[a].cards)  # the attacker's cards change its attack
    for t in attack_targets_of_cards(s, a) if cards else attack_targets(s, a):
        hit = attack_damage(s, a, t, n) if cards else n * DAMAGE_PER_SMASH
        if cards and abilities.has_modifier(s, a, _M_ANTIMATTER):
            hit = antimatter(s, ev, t, hit)
        lost = damage(s, ev, t, hit, a, attack=True)
        fire_attacked(s, ev, a, t)
        if outside and lost and s.monsters[t].alive and inside(s, t):
            queue.append(t)
    if queue and s.monsters[a].alive:
        s.yield_queue = tuple(q for q in (s.city, s.bay) if q in queue)
        s.board = _b(s).with_fled(())
        s.phase = _YIELD


def flights(s: State) -> list[Action]:
    """The deciding monster's choices: flee to an outer borough holding fewer than two
    monsters (kony.move.flee, kony.borough.capacity), or stay."""
    seat = s.yield_queue[0]
    if not can_pay_toll(s, seat):  # a toll on moves it cannot pay
        return [STAY]
    return [*(Choose(x) for x in open_boroughs(_b(s), seat)), STAY]


def apply_flee(s: State, ev: list[Event], action: Action) -> None:
    """The attacked monster in Manhattan flees to a borough or stays (kony.move.flee); once
    all decided, the 5-6 monster takes the 2-4 path if it is free and the attacker moves in
    (kony.five-six.flee-order, kony.move.attacker-enters, D-KONY-AUTO-ENTER-TIMING)."""
    seat = s.yield_queue[0]
    if action not in flights(s):
        turn.illegal(s, action, f"{s.names[seat]} to flee to one of "
                     + ", ".join(c.key for c in flights(s) if isinstance(c, Choose))
                     + " or stay")
    if isinstance(action, StayInTokyo):
        _say(ev, Event(K_STAYED, seat, 0, None, MANHATTAN))
    elif isinstance(action, Choose):
        pay_toll(s, ev, seat)
        leave_manhattan(s, ev, seat, action.key, "fleeing the attack")
        # Leaving, it let the 5-6 monster take the free 2-4 space at once; deciding next,
        # that one may still flee from there (the same end as moving after its decision).
        s.board = _b(s).with_fled((*_b(s).fled, seat))
    s.yield_queue = s.yield_queue[1:]
    if s.yield_queue:
        return
    fled = _b(s).fled
    s.board = _b(s).with_fled(())
    a = s.active
    if fled and s.monsters[a].alive and not inside(s, a) and _has_room(s):
        enter_manhattan(s, ev, a, "automatically: the monster it attacked fled")
    after_face(s, ev)


def _has_room(s: State) -> bool:
    return s.city is None or (s.bay is None and s.bay_open)


def _close_gap(s: State, ev: list[Event]) -> None:
    """The 2-4 path empty and the 5-6 one taken: its monster moves to the 2-4 space of its
    own zone (kony.five-six.flee-order, kony.five-six.first-eliminated)."""
    if s.city is None and s.bay is not None:
        b = _b(s)
        s.city, s.bay = s.bay, None
        s.board = replace(b, zones=(b.zones[1], 0))
        _say(ev, Event(K_USED, s.city, 0, None, MANHATTAN,
                       f"moves to the 2-4 space of {ZONES[b.zones[1]].name}"))


def enter_manhattan(s: State, ev: list[Event], seat: int, why: str) -> None:
    """``seat`` enters Manhattan into Lower Manhattan, on the 2-4 path if it is free, else
    on the 5-6 path (kony.move.enter-empty, kony.five-six.two-paths,
    D-KONY-56-FLEE-REPLACEMENT), and gains the entry star, at most once a turn for the
    active monster (kony.move.enter-stars, D-KONY-ENTRY-STAR-ONCE)."""
    b = _b(s)
    if s.city is None:
        s.city = seat
        b = b.with_zone(0, 0)
    else:
        s.bay = seat
        b = b.with_zone(1, 0)
    b = b.moved(seat, MANHATTAN)
    star = not (seat == s.active and b.entered)
    if seat == s.active:
        b = b.with_entered()
    s.board = b
    _say(ev, Event(K_ENTERED, seat, 0, None, MANHATTAN, why))
    if star:
        gain_stars(s, ev, seat, ENTRY_STARS, "entering Manhattan")
    abilities.fire(s, ev, Trigger.ENTER_MANHATTAN, (seat,))
    abilities.fire(s, ev, Trigger.ENTER_BOROUGH, (seat,))  # Manhattan is one


def leave_manhattan(s: State, ev: list[Event], seat: int, borough: str, why: str) -> None:
    """``seat`` leaves Manhattan for the outer ``borough`` (no rules checked); a 5-6 monster
    left behind takes the free 2-4 space at once (kony.five-six.flee-order)."""
    if s.city == seat:
        s.city = None
    elif s.bay == seat:
        s.bay = None
    s.board = _b(s).moved(seat, borough)
    _say(ev, Event(K_LEFT, seat, 0, None, MANHATTAN, f"for {DATA.names[borough]}: {why}"))
    # The move up is part of the leaving (kony_kernel.leave): a card that fires on the
    # leaver's new borough and asks a question must not see an empty 2-4 path with the 5-6
    # one taken (INV-KONY-MANHATTAN).
    _close_gap(s, ev)
    abilities.fire(s, ev, Trigger.ENTER_BOROUGH, (seat,))


def move_to(s: State, ev: list[Event], seat: int, borough: str, why: str) -> None:
    """``seat`` moves to ``borough`` (an outer one, or MANHATTAN), leaving Manhattan first
    if it is there; no capacity checked (the caller offers only legal moves)."""
    if borough == MANHATTAN:
        if not inside(s, seat):
            enter_manhattan(s, ev, seat, why)
        return
    if inside(s, seat):
        leave_manhattan(s, ev, seat, borough, why)
        return
    s.board = _b(s).moved(seat, borough)
    _say(ev, Event(K_ENTERED, seat, 0, None, borough, why))
    abilities.fire(s, ev, Trigger.ENTER_BOROUGH, (seat,))


# -- destruction ------------------------------------------------------------------------------


def destroy_choices(s: State) -> list[Action]:
    """The tiles the active monster may destroy with the points left (kony.dice.destruction,
    kony.destruction.own-borough, kony.destruction.fresh-unit); it must pick one while any
    fits (kony.destruction.must-use, D-KONY-MUST-DESTROY)."""
    b = _b(s)
    if s.monsters[s.active].cards:  # its cards may ease a unit
        return [Choose(t) for t in destroyable_for(s, s.active, b.points)]
    return [Choose(t) for t in destroyable(b, b.where[s.active], b.points)]


def _destroy_or_go_on(s: State, ev: list[Event]) -> None:
    if destroy_choices(s):
        s.phase = _DESTROY
    else:
        s.board = _b(s).with_points(0)  # the points left are lost (kony.dice.destruction)
        s.phase = _RESOLVE
        after_face(s, ev)


def apply_destroy(s: State, ev: list[Event], action: Action) -> None:
    """Spend destruction on one tile of the monster's borough (kony.dice.destruction)."""
    if _b(s).moving and isinstance(action, Choose) and action.key in BOROUGHS:
        free_move(s, ev, action)
        _destroy_or_go_on(s, ev)
        return
    if action not in destroy_choices(s):
        turn.illegal(s, action, "a tile to destroy: "
                     + ", ".join(c.key for c in destroy_choices(s) if isinstance(c, Choose)))
    assert isinstance(action, Choose)
    cost = durability(_b(s), action.key) - easing(s, s.active, action.key)
    destroy_tile(s, ev, s.active, action.key)
    s.board = _b(s).with_points(_b(s).points - cost)
    _destroy_or_go_on(s, ev)


def destroy_tile(s: State, ev: list[Event], seat: int, tile: str) -> None:
    """``seat`` destroys ``tile`` (a visible building or a unit; no cost or borough checked):
    the tile flips or goes to the box (kony.destruction.building, kony.destruction.unit) and
    ``seat`` gains its reward (kony.dice.destruction); a heal reward heals in Manhattan too
    (D-KONY-TILE-HEAL-IN-MANHATTAN)."""
    b = _b(s)
    was_unit = any(tile in u for u in b.units)
    if type(ev) is not Quiet:
        where = next(x for x, stacks, units in zip(BOROUGHS, b.stacks, b.units, strict=True)
                     if tile in units or any(tile in stack for stack in stacks))
        ev.append(Event(K_USED, seat, 0, None, where,
                        f"destroys {tile_words(tile, was_unit)} in {DATA.names[where]}"))
    board, reward = flip_tile(b, tile)
    s.board = board
    why = f"destroying {tile_words(tile, was_unit)}"
    if reward.kind == "stars":
        gain_stars(s, ev, seat, reward.amount, why)
    elif reward.kind == "energy":
        gain_energy(s, ev, seat, reward.amount, why)
    else:
        heal(s, ev, seat, reward.amount, why)
    fire_destroyed(s, ev, seat, tile, was_unit)


# -- celebrity, Ouch! and the special cards -------------------------------------------------


def celebrity(s: State, ev: list[Event], a: int, n: int) -> None:
    """Celebrity faces (kony.dice.celebrity, kony.dice.superstar-held, D-KONY-CELEBRITY-COUNT,
    D-KONY-SPECIAL-KEPT): three or more take Superstar from anyone with 1 star and 1 per
    face past the third; its holder gains 1 star per face instead."""
    b = _b(s)
    if b.superstar == a:
        gain_stars(s, ev, a, n * STARS_PER_CELEBRITY_HELD, "celebrity faces with Superstar")
    elif n >= CELEBRITY_SET + superstar_guarded(s):  # the holder's cards
        take_special(s, ev, a, "superstar")
        gain_stars(s, ev, a, SUPERSTAR_STARS + (n - CELEBRITY_SET) * STARS_PER_EXTRA_CELEBRITY,
                   "taking Superstar")


def ouch(s: State, ev: list[Event], a: int, n: int) -> None:
    """Ouch! faces: the army fires (kony.dice.ouch, D-KONY-OUCH-COUNTS): one face, the units
    of the roller's borough at the roller (kony.ouch.one); two, at every monster there
    (kony.ouch.two); three or more, every unit of the city at the monsters of its borough
    (kony.ouch.three), then the roller takes the Statue of Liberty (kony.ouch.statue,
    D-KONY-STATUE-TIMING). Army damage is no attack (D-KONY-OUCH-NOT-ATTACK)."""
    for _ in range(n):  # "for each ouch face you resolve"
        abilities.fire(s, ev, Trigger.OUCH_FACE, (a,))
    here = _b(s).where[a]
    if n >= OUCH_CITY:
        victims = clockwise(s, a)
    elif n >= OUCH_BOROUGH:
        victims = [i for i in clockwise(s, a) if _b(s).where[i] == here]
    else:
        victims = [a]
    for v in victims:
        if not s.monsters[v].alive:
            continue
        there = _b(s).where[v]
        units = len(units_in(_b(s), there))
        hits = units_hit(s, v, units * DAMAGE_PER_UNIT)  # the victim's cards
        if hits:
            # The army is no monster: the damage is the roller's, and no attack.
            _say(ev, Event(K_USED, a, hits, v, there,
                           f"sets off the army: {units} unit{'' if units == 1 else 's'} in "
                           f"{DATA.names[there]} fire{'s' if units == 1 else ''} at "
                           f"{s.names[v]}"))
            damage(s, ev, v, hits, a, attack=False, army=there)
    if n >= OUCH_CITY and s.monsters[a].alive and _b(s).statue != a:
        take_special(s, ev, a, "statue")
        gain_stars(s, ev, a, STATUE_STARS, "taking the Statue of Liberty")


def take_special(s: State, ev: list[Event], seat: int, card: str) -> None:
    """``seat`` takes the special card ``card`` ("superstar" or "statue") from the supply or
    its holder (kony.special.change-hands); the Statue's former holder loses its 3 stars
    (kony.ouch.statue), never below 0."""
    b = _b(s)
    holder = b.superstar if card == "superstar" else b.statue
    s.board = replace(b, superstar=seat) if card == "superstar" else replace(b, statue=seat)
    name = "Superstar" if card == "superstar" else "the Statue of Liberty"
    taken = f" from {s.names[holder]}" if holder is not None and holder != seat else ""
    _say(ev, Event(K_USED, seat, 0, holder, "", f"takes {name}{taken}"))
    if card == "statue" and holder is not None and holder != seat:
        m = s.monsters[holder]
        lost = min(STATUE_STARS, m.stars)
        if lost:
            set_monster(s, holder, m._replace(stars=m.stars - lost))
            _say(ev, Event(K_STARS, holder, -lost, None, "", "losing the Statue of Liberty"))
    if card == "superstar":  # the Superstar's moments
        fire_superstar(s, ev, seat, holder)


# -- the Move phase ---------------------------------------------------------------------------


def move_phase(s: State, ev: list[Event]) -> None:
    """The Move phase (kony.turn.order, D-KONY-MOVE-OPTIONAL): a monster that began the turn
    in Manhattan moves up a zone on its path (kony.move.up, kony.five-six.keep-path,
    D-KONY-MOVE-UP-AFTER-ENTERING); one outside must enter while Manhattan has room
    (kony.move.enter-empty, kony.five-six.mandatory-entry, kony.move.occupant-eliminated);
    otherwise it may move to another outer borough or stay (kony.move.outside)."""
    a = s.active
    b = _b(s)
    if inside(s, a):
        path = 0 if s.city == a else 1
        if b.began_inside and b.zones[path] < TOP_ZONE:
            s.board = b.with_zone(path, b.zones[path] + 1)
            _say(ev, Event(K_USED, a, 0, None, MANHATTAN,
                           f"moves up to {ZONES[b.zones[path] + 1].name}"))
        s.phase = _BUY
    elif _has_room(s):
        enter_manhattan(s, ev, a, "its Move phase")
        s.phase = _BUY
    elif open_boroughs(b, a):
        s.phase = _MOVE
    else:
        s.phase = _BUY


def moves(s: State) -> list[Action]:
    """Move to another outer borough holding fewer than two monsters, or stay (PASS)."""
    if not can_pay_toll(s, s.active):  # a toll on moves it cannot pay
        return [PASS]
    return [*(Choose(x) for x in open_boroughs(_b(s), s.active)), PASS]


def apply_move(s: State, ev: list[Event], action: Action) -> None:
    if action not in moves(s):
        turn.illegal(s, action, "move to one of "
                     + ", ".join(c.key for c in moves(s) if isinstance(c, Choose) and c != PASS)
                     + ", or pass (stay)")
    assert isinstance(action, Choose)
    if action != PASS:
        pay_toll(s, ev, s.active)
        move_to(s, ev, s.active, action.key, "its Move phase")
    s.phase = _BUY


# -- elimination and victory ----------------------------------------------------------------


def on_elimination(s: State, ev: list[Event], seat: int) -> None:
    """The eliminated monster's figure leaves the board and its special cards go back beside
    it (kony.end.elimination, D-KONY-DEAD-CARDS, D-KONY-SPECIAL-ON-ELIMINATION); the 5-6
    monster takes a free 2-4 space (kony.five-six.first-eliminated), then with fewer than
    five monsters left the 5-6 path closes and its monster leaves for a borough of its
    choice (kony.five-six.closing, D-KONY-56-CLOSING-ORDER)."""
    b = _b(s).moved(seat, "")
    if b.superstar == seat:
        b = replace(b, superstar=None)
    if b.statue == seat:
        b = replace(b, statue=None)
    if seat in s.yield_queue:
        s.yield_queue = tuple(q for q in s.yield_queue if q != seat)
    s.board = b
    _close_gap(s, ev)
    if s.bay is not None and not s.bay_open:
        leaver = s.bay
        # It stands on no space while it chooses (the position a pending question shows).
        s.bay = None
        s.board = _b(s).moved(leaver, "")
        options: list[Action] = [Choose(x) for x in open_boroughs(_b(s), leaver)]
        answer = ask(s, leaver, options, f"{s.names[leaver]}: the 5-6 path closes; to which "
                     "borough does it move?")
        borough = answer.key if isinstance(answer, Choose) else OUTER[0]
        s.board = _b(s).moved(leaver, borough)
        _say(ev, Event(K_LEFT, leaver, 0, None, MANHATTAN, f"for {DATA.names[borough]}: "
                       f"fewer than {SECOND_PATH_FROM} monsters remain, the 5-6 path closes"))


def victory(s: State) -> Outcome | None:
    """The outcome at the end of a turn, or None (kony.end.victory-at-end-of-turn), in the
    seed's order: the active monster, still in the game with 20 stars, wins
    (kony.end.twenty-stars, D-KONY-VICTORY-MOMENT) - another monster with 20 stars waits
    for the end of its own turn (D-KONY-SEVERAL-AT-20); then the last one standing wins
    (kony.end.last-standing); nobody left is a draw (kony.end.all-eliminated). King of
    Tokyo's two checks (turn.py), taken in the seed's order, the stars first [003 §KONIEC
    GRY; §PODSUMOWANIE TURY, step 5]."""
    won = turn.victory_by_stars(s)
    return won if won is not None else turn.last_standing(s)


def check_options(options: Options) -> None:
    """Every option of the kernel is played as in King of Tokyo; the Bay option is the 5-6
    path of Manhattan (D-KONY-56-VARIANT)."""


# -- legal actions and the step ---------------------------------------------------------------


_RESOLVE_FACE: tuple[ResolveFaces, ...] = tuple(ResolveFaces(f) for f in FACES)
"""The decision to resolve each face, by position in FACES (immutable)."""


def legal_actions(s: State) -> Sequence[Action]:
    """The decisions open to the monster that decides next in each King of New York phase."""
    if s.pending is not None:
        return s.pending.request.options
    if _b(s).moving and s.phase in _FREE_PHASES:  # moves at any time
        return [*_legal_actions(s), *free_moves(s)]
    return _legal_actions(s)


def _legal_actions(s: State) -> Sequence[Action]:
    phase = s.phase
    if phase is _RESOLVE:
        return [_RESOLVE_FACE[i] for i in to_resolve(s)]  # built once
    if phase is _DESTROY:
        return destroy_choices(s)
    if phase is _YIELD:
        return flights(s)
    if phase is _MOVE:
        return moves(s)
    if phase is _PLACE:
        return placements(s)
    if phase is _OVER:
        return ()
    if phase is _KEEP and s.tokens and token_rule(s, _OUCH_TOLL):
        return [a for a in roll_choices(s) if ouch_toll(s, a) <= s.monsters[s.active].energy]
    if phase is _KEEP and (s.game.cards.with_modifier[_M_ALL_ROLLS]
                           or s.game.cards.with_modifier[_M_KEEP_CLAWS]):
        return roll_choices(s)  # cards that bind the rolls
    return legal.legal_actions(s)  # rerolls and buying: the shared phases


def apply(s: State, action: Action) -> None:
    """A step of the kernel. Any step may deal damage (dice, a card's moment) and so close
    the 5-6 path, which asks its monster where to go: every step keeps the state it starts
    from, to replay it once answered (kot_rules.engine.requests)."""
    turn.apply_asking(s, action)


def apply_buy(s: State, ev: list[Event], action: Action) -> None:
    """Buying (the shared skeleton's), or a move at any time (:func:`free_move`)."""
    if _b(s).moving and isinstance(action, Choose) and action.key in BOROUGHS:
        free_move(s, ev, action)
        return
    turn.apply_buy(s, ev, action)
def random_step(s: State, u: float) -> None:
    """``RULES.random_step``: the random agent's pick, ``legal_actions(s)[int(u
    * n)]``, applied. The driver answers every question as it is asked then
    (requests.answered_inline): no step stops, so none needs the state kept for a replay
    that :func:`apply` keeps; the same steps."""
    actions = legal_actions(s)
    action = actions[int(u * len(actions))]
    if s.pending is None and answered_inline(s):
        turn.apply(s, action, plain=True)
        return
    apply(s, action)




# -- the moments King of New York's cards name ----------------------------------


def fire_resolve(s: State, ev: list[Event]) -> None:
    """The roll is final: "when you resolve your dice", then the counted moments (the
    destruction faces of the roll, the units of the borough), before any face resolves."""
    a = s.active
    if s.monsters[a].cards:  # faces treated as others, a star face given up
        treat_faces(s, ev, a)
    abilities.fire(s, ev, Trigger.RESOLVE, (a,))
    abilities.fire(s, ev, Trigger.ROLL_DESTRUCTION, (a,), param=s.dice[DESTRUCTION_I])
    b = _b(s)
    abilities.fire(s, ev, Trigger.RESOLVE_AMONG_UNITS, (a,), param=len(units_in(b, b.where[a])))


_DESTROYED_UNIT = {"infantry": Trigger.DESTROY_INFANTRY, "jet": Trigger.DESTROY_JET,
                   "tank": Trigger.DESTROY_TANK}
"""The unit kinds of spec/games/king-of-new-york-board.yaml and their own moments."""


def fire_destroyed(s: State, ev: list[Event], seat: int, tile: str, was_unit: bool) -> None:
    """``seat`` destroyed ``tile``: "when you destroy a building / a unit / a jet ..."."""
    if not was_unit:
        abilities.fire(s, ev, Trigger.DESTROY_BUILDING, (seat,))
        return
    abilities.fire(s, ev, Trigger.DESTROY_UNIT, (seat,))
    kind = _DESTROYED_UNIT.get(TILES[tile].unit)
    if kind is not None:
        abilities.fire(s, ev, kind, (seat,))


def fire_superstar(s: State, ev: list[Event], seat: int, holder: int | None) -> None:
    """``seat`` took Superstar, from ``holder`` if a monster had it."""
    abilities.fire(s, ev, Trigger.TAKE_SUPERSTAR, (seat,))
    if holder is not None and holder != seat:
        abilities.fire(s, ev, Trigger.TAKE_SUPERSTAR_FROM, (seat,), target=holder)
        abilities.fire(s, ev, Trigger.LOSE_SUPERSTAR, (holder,), target=seat)



_M_DOUBLE, _M_RICHER, _M_BOROUGH, _M_UNITS_LESS, _M_GUARDED = (
    ModifierKind.DOUBLE_ATTACK, ModifierKind.RICHER_TARGET_DAMAGE, ModifierKind.ATTACK_BOROUGH,
    ModifierKind.UNITS_DEAL_LESS, ModifierKind.SUPERSTAR_THRESHOLD,
)  # fmt: skip
_M_FACES_LESS = ModifierKind.ENERGY_FACES_LESS


def attack_targets_of_cards(s: State, a: int) -> list[int]:
    """:func:`attack_targets`, and the other monsters of ``a``'s borough if its cards say
    its attacks hit them too."""
    targets = attack_targets(s, a)
    if abilities.has_modifier(s, a, _M_BOROUGH):
        here = _b(s).where[a]
        targets += [i for i in clockwise(s, a)[1:] if _b(s).where[i] == here and i not in targets]
    return targets


def attack_damage(s: State, a: int, t: int, n: int) -> int:
    """The damage of ``a``'s ``n`` smash faces to ``t``: more to a monster with more hearts
    than ``a``, then doubled, as ``a``'s cards say."""
    hit = n * DAMAGE_PER_SMASH
    if s.monsters[t].hearts > s.monsters[a].hearts:
        hit += abilities.total(s, a, _M_RICHER)
    if abilities.has_modifier(s, a, _M_DOUBLE):
        hit *= 2
    return hit


def fire_attacked(s: State, ev: list[Event], a: int, t: int) -> None:
    """``a``'s attack hit ``t``: "when you strike a monster", "when attacked by a monster"."""
    abilities.fire(s, ev, Trigger.ATTACK_MONSTER, (a,), target=t)
    abilities.fire(s, ev, Trigger.ATTACKED, (t,), target=a)


def units_hit(s: State, v: int, hits: int) -> int:
    """The units' damage to ``v``, less what ``v``'s cards say."""
    if not hits or not s.monsters[v].cards:
        return hits
    return max(0, hits - abilities.total(s, v, _M_UNITS_LESS))


def superstar_guarded(s: State) -> int:
    """The star faces more a monster needs to take Superstar from its holder's cards."""
    holder = _b(s).superstar
    if holder is None or not s.monsters[holder].cards:
        return 0
    return abilities.total(s, holder, _M_GUARDED)


_EASIER = {"tank": ModifierKind.EASIER_TANK, "jet": ModifierKind.EASIER_JET}
"""The unit kinds (spec/games/king-of-new-york-board.yaml) a card may make easier."""


def easing(s: State, seat: int, tile: str) -> int:
    """The destruction ``seat``'s cards take off the unit ``tile`` (at least 1 is left)."""
    b = _b(s)
    kind = _EASIER.get(TILES[tile].unit)
    if kind is None or not s.monsters[seat].cards or not is_unit(b, tile):
        return 0
    return min(abilities.total(s, seat, kind), durability(b, tile) - 1)


def destroyable_for(s: State, seat: int, points: int) -> tuple[str, ...]:
    """:func:`destroyable` in ``seat``'s borough, each unit eased by ``seat``'s cards."""
    b = _b(s)
    here = b.elsewhere or b.where[seat]  # destruction used in another borough
    most = max(abilities.total(s, seat, k) for k in _EASIER.values())
    wider = destroyable(b, here, points + most)
    if abilities.has_modifier(s, seat, _M_JETS_ANYWHERE):
        wider += jets_elsewhere(b, here)
    if b.units_only:
        wider = tuple(t for t in wider if is_unit(b, t))
    return tuple(t for t in wider if durability(b, t) - easing(s, seat, t) <= points)


def may_move(s: State, ev: list[Event], seat: int, amount: int, card: str) -> None:
    """`you may go to another borough` (a card's extra move, within the Move phase's limits):
    from an outer borough to another with room, or into Manhattan while it has room; a
    monster in Manhattan never leaves it by choice (kony.move.outside, kony.move.flee)."""
    if inside(s, seat) or not s.monsters[seat].alive or not can_pay_toll(s, seat):
        return
    options: list[Action] = [Choose(x) for x in open_boroughs(_b(s), seat)]
    if _has_room(s):
        options.append(Choose(MANHATTAN))
    if not options:
        return
    answer = ask(s, seat, [*options, PASS], f"{s.names[seat]} may go to another borough "
                 f"({card})")
    if answer != PASS and isinstance(answer, Choose):
        pay_toll(s, ev, seat)
        move_to(s, ev, seat, answer.key, f"card {card}")



_M_ALL_ROLLS, _M_KEEP_CLAWS = ModifierKind.ALL_ROLLS, ModifierKind.NO_CLAW_REROLL


def _bound(s: State) -> tuple[bool, bool]:
    """Whether the active monster must roll on (another monster's card while rolls are
    left: seed 003, such a card makes it roll 3 times) and whether it must keep its claws."""
    a = s.active
    jinxed = s.rolls_done < s.rolls_allowed and any(
        i != a and abilities.has_modifier(s, i, _M_ALL_ROLLS)
        for i in clockwise(s, a) if s.monsters[i].cards)
    claws = bool(s.monsters[a].cards) and abilities.has_modifier(s, a, _M_KEEP_CLAWS)
    return jinxed, claws


def _allowed(s: State, action: Action, jinxed: bool, claws: bool) -> bool:
    if jinxed and isinstance(action, StopRolling):
        return False
    return not (claws and isinstance(action, Reroll)
                and action.keep[SMASH_I] < s.dice[SMASH_I])


def roll_choices(s: State) -> Sequence[Action]:
    """The shared roll decisions less those the cards forbid; stopping, if nothing is left
    (every die a claw that may not be rerolled)."""
    choices = legal.legal_actions(s)
    jinxed, claws = _bound(s)
    if not (jinxed or claws):
        return choices
    allowed = [c for c in choices if _allowed(s, c, jinxed, claws)]
    return allowed if any(not isinstance(c, UseCard) for c in allowed) else [STOP, *allowed]


def refuse_roll_choice(s: State, action: Action) -> None:
    """IllegalActionError for a roll decision the cards forbid (:func:`roll_choices`)."""
    if isinstance(action, StopRolling | Reroll) and action not in roll_choices(s):
        turn.illegal(s, action, "a roll decision the cards allow: "
                     + ("reroll, as another monster's card binds you to every roll"
                        if _bound(s)[0] else "keep every claw face"))


# -- the last King of New York words -------------------------------------------

_M_JETS_ANYWHERE = ModifierKind.JETS_ANYWHERE
_JET = "jet"  # the unit kind of spec/games/king-of-new-york-board.yaml


def jets_elsewhere(b: CityBoard, here: str) -> tuple[str, ...]:
    """The jets of the other boroughs (Manhattan's too) not revealed this turn, in board
    order: what "you may destroy jets in any borough" adds to the monster's own tiles."""
    return tuple(t for x in BOROUGHS if x != here for t in b.units_of(x)
                 if t not in b.fresh and TILES[t].unit == _JET)


_M_HEARTS_AS_ENERGY, _M_HEARTS_AS_CLAWS, _M_STAR_FOR_FACE, _M_LIFE_AS_ENERGY = (
    ModifierKind.HEARTS_AS_ENERGY, ModifierKind.HEARTS_AS_CLAWS, ModifierKind.STAR_FOR_FACE,
    ModifierKind.LIFE_AS_ENERGY,
)  # fmt: skip


def _set_dice(s: State, c: list[int]) -> None:
    s.dice = (c[0], c[1], c[2], c[3], c[4], c[5])


def treat_faces(s: State, ev: list[Event], a: int) -> None:
    """The roll is final, before anything resolves: ``a``'s cards may give up star faces to
    set other dice, and treat heart faces as claws (and claws as hearts) or as energy; a
    card trading hearts and energy offers its trade (D-KONY-FACES-TREATED)."""
    if abilities.has_modifier(s, a, _M_STAR_FOR_FACE):
        _give_up_stars(s, ev, a)
    if abilities.has_modifier(s, a, _M_HEARTS_AS_CLAWS):
        _hearts_and_claws(s, ev, a)
    if abilities.has_modifier(s, a, _M_HEARTS_AS_ENERGY):
        _hearts_as_energy(s, ev, a)
    if abilities.has_modifier(s, a, _M_LIFE_AS_ENERGY):
        trade_life(s, ev, a)


def _give_up_stars(s: State, ev: list[Event], a: int) -> None:
    """Each star face given up (it counts for nothing else) sets another die to any face."""
    while s.dice[CELEBRITY_I] and sum(s.dice) > 1:
        d = s.dice
        options: list[Action] = [
            Choose(f"{FACES[i].value} to {f.value}") for i in range(6)
            if d[i] > (1 if i == CELEBRITY_I else 0) for f in FACES if f is not FACES[i]]
        if not options:
            return
        answer = ask(s, a, [*options, PASS], f"{s.names[a]} may give up a star face to "
                     "change another die")
        if not isinstance(answer, Choose) or answer == PASS:
            return
        old, new = answer.key.split(" to ")
        c = list(s.dice)
        c[CELEBRITY_I] -= 1
        c[[f.value for f in FACES].index(old)] -= 1
        c[[f.value for f in FACES].index(new)] += 1
        _set_dice(s, c)
        _say(ev, Event(K_USED, a, 0, None, "", f"gives up a celebrity face to turn "
                       f"{_a(old)} {old} die into {new}"))


def _hearts_and_claws(s: State, ev: list[Event], a: int) -> None:
    """Heart and claw faces are one pool: the monster says how many of them are claws."""
    pool = s.dice[HEAL_I] + s.dice[SMASH_I]
    if not pool:
        return
    options: list[Action] = [Choose(str(k)) for k in range(pool + 1)]
    answer = ask(s, a, options, f"{s.names[a]}: how many of its {pool} heart and claw faces "
                 "are claw faces?")
    claws = int(answer.key) if isinstance(answer, Choose) else s.dice[SMASH_I]
    if claws != s.dice[SMASH_I]:
        c = list(s.dice)
        c[SMASH_I], c[HEAL_I] = claws, pool - claws
        _set_dice(s, c)
        _say(ev, Event(K_USED, a, 0, None, "", f"treats {claws} of its {pool} heal and smash "
                       "faces as smash faces, the others as heal faces"))


def _hearts_as_energy(s: State, ev: list[Event], a: int) -> None:
    """The monster says how many of its heart faces are energy faces."""
    hearts = s.dice[HEAL_I]
    if not hearts:
        return
    options: list[Action] = [Choose(str(k)) for k in range(hearts + 1)]
    answer = ask(s, a, options, f"{s.names[a]}: how many of its {hearts} heart faces are "
                 "energy faces?")
    k = int(answer.key) if isinstance(answer, Choose) else 0
    if k:
        c = list(s.dice)
        c[HEAL_I] -= k
        c[ENERGY_I] += k
        _set_dice(s, c)
        faces = "face" if k == 1 else "faces"
        _say(ev, Event(K_USED, a, 0, None, "", f"treats {k} heal {faces} as energy {faces}"))


def trade_life(s: State, ev: list[Event], a: int) -> None:
    """Hearts for energy or energy for hearts, one for one: never down to 0 hearts, never
    above the maximum (D-KONY-FACES-TREATED)."""
    m = s.monsters[a]
    options: list[Action] = [Choose(f"{k} hearts to energy") for k in range(1, m.hearts)]
    room = m.max_hearts - m.hearts
    options += [Choose(f"{k} energy to hearts") for k in range(1, min(room, m.energy) + 1)]
    if not options:
        return
    answer = ask(s, a, [*options, PASS], f"{s.names[a]} may trade hearts and energy")
    if not isinstance(answer, Choose) or answer == PASS:
        return
    k = int(answer.key.split()[0])
    if answer.key.endswith("to energy"):
        set_monster(s, a, m._replace(hearts=m.hearts - k, energy=m.energy + k))
    else:
        set_monster(s, a, m._replace(hearts=m.hearts + k, energy=m.energy - k))
    gave, _, got = answer.key.partition(" to ")
    _say(ev, Event(K_USED, a, k, None, "", f"trades {gave} for {k} {got}"))


_M_ELSEWHERE = ModifierKind.DESTROY_ELSEWHERE


def destroy_elsewhere(s: State, ev: list[Event], a: int) -> None:
    """As its destruction faces resolve, ``a`` may pay what its cards say to spend them in
    another borough (the board's ``elsewhere``, for the rest of the turn;
    D-KONY-DESTROY-ELSEWHERE)."""
    b = _b(s)
    price = min(m.amount for c in s.monsters[a].cards for m in abilities.modifiers_of(s, c)
                if m.kind is _M_ELSEWHERE)
    if b.elsewhere or s.monsters[a].energy < price:
        return
    options: list[Action] = [Choose(x) for x in BOROUGHS if x != b.where[a]]
    answer = ask(s, a, [*options, PASS], f"{s.names[a]} may pay {price} energy to use its "
                 "destruction faces in another borough")
    if not isinstance(answer, Choose) or answer == PASS:
        return
    m = s.monsters[a]
    set_monster(s, a, m._replace(energy=m.energy - price))
    s.board = replace(_b(s), elsewhere=answer.key)
    _say(ev, Event(K_ENERGY, a, -price, None, answer.key, "using its destruction in "
                   f"{DATA.names[answer.key]}"))


def boost_units_only(s: State, ev: list[Event], seat: int, amount: int, card: str) -> None:
    """`you may boost your roll with N destruction faces and destroy only units this turn`:
    the faces join the roll; the board's ``units_only`` holds for the rest of the turn."""
    if seat != s.active:
        return
    answer = ask(s, seat, [Choose("boost"), PASS], f"{s.names[seat]} may add {amount} "
                 f"destruction faces and destroy only units this turn ({card})")
    if answer != Choose("boost"):
        return
    c = list(s.dice)
    c[DESTRUCTION_I] += amount
    _set_dice(s, c)
    s.board = replace(_b(s), units_only=True)
    if type(ev) is not Quiet:
        ev.append(Event(K_USED, seat, amount, None, "", f"adds {amount} destruction faces and "
                        f"may destroy only units this turn ({s.game.cards.name(card)})"))



_M_TOLL = ModifierKind.MARATHON_TOLL


def toll(s: State) -> int:
    """The energy a move by choice costs: what the face-up cards of the shop say (their
    toll holds while they lie there; D-KONY-MARATHON-TOLL)."""
    having = s.game.cards.with_modifier[_M_TOLL]
    if not having or not abilities.any_in(having, s.shop):
        return 0
    return sum(m.amount for c in s.shop if c in having
               for m in s.game.cards.modifiers(c) if m.kind is _M_TOLL)


def can_pay_toll(s: State, seat: int) -> bool:
    return s.monsters[seat].energy >= toll(s)


def pay_toll(s: State, ev: list[Event], seat: int) -> None:
    """``seat`` moves by choice: it pays the toll, if any, to the bank."""
    price = toll(s)
    if price:
        m = s.monsters[seat]
        set_monster(s, seat, m._replace(energy=m.energy - price))
        _say(ev, Event(K_ENERGY, seat, -price, None, "", "the toll for moving"))


_FEWER_ROLLS, _CLAW_REMOVES, _OUCH_TOLL = (
    TokenRuleKind.FEWER_ROLLS, TokenRuleKind.CLAW_REMOVES, TokenRuleKind.OUCH_TOLL,
)  # fmt: skip


def token_rule(s: State, kind: TokenRuleKind) -> bool:
    """Whether the game's cards say a token rule of ``kind``."""
    return any(r.kind is kind for r in s.game.cards.token_rules)


def per_token(s: State, seat: int, kind: TokenRuleKind) -> int:
    """The sum, over the token rules of ``kind``, of their amount per token ``seat`` has."""
    return sum(r.amount * tokens.on_monster(s, seat, r.token)
               for r in s.game.cards.token_rules if r.kind is kind)


def ouch_toll(s: State, action: Action) -> int:
    """The energy a reroll costs the active monster: the toll per token for each ouch die
    it rerolls (0 for any other decision)."""
    if not isinstance(action, Reroll):
        return 0
    rerolled = s.dice[OUCH_I] - action.keep[OUCH_I]
    return per_token(s, s.active, _OUCH_TOLL) * rerolled if rerolled > 0 else 0


def pay_ouch_toll(s: State, ev: list[Event], action: Reroll) -> None:
    """IllegalActionError for a reroll the monster cannot pay for; else it pays."""
    a = s.active
    price = ouch_toll(s, action)
    if not price:
        return
    m = s.monsters[a]
    if price > m.energy:
        turn.illegal(s, action, f"a reroll it can pay for: each ouch die rerolled costs "
                     f"{per_token(s, a, _OUCH_TOLL)} energy (its tokens)")
    set_monster(s, a, m._replace(energy=m.energy - price))
    _say(ev, Event(K_ENERGY, a, -price, None, "", "the toll for rerolling ouch dice"))


def claw_faces_remove(s: State, ev: list[Event], a: int, n: int) -> int:
    """``a`` may spend claw faces to remove its tokens of the kinds a claw face removes,
    one each; returns the claw faces left to attack with."""
    for rule in s.game.cards.token_rules:
        have = tokens.on_monster(s, a, rule.token) if rule.kind is _CLAW_REMOVES else 0
        if not have or not n:
            continue
        options: list[Action] = [Choose(str(k)) for k in range(min(have, n) + 1)]
        answer = ask(s, a, options, f"{s.names[a]}: how many claw faces remove "
                     f"{rule.token} tokens?")
        k = int(answer.key) if isinstance(answer, Choose) else 0
        if k:
            tokens.remove_from_monster(s, ev, a, rule.token, k)
            n -= k
    return n


def heart_faces_remove(s: State, ev: list[Event], a: int, n: int) -> int:
    """``a``'s heart faces may remove its tokens (the shared heart-face question,
    kot_rules.engine.hearts); returns the heart faces left to heal with."""
    spent = hearts.spend(s, a, n)
    if spent is None:
        return n
    hearts.apply_rest(s, ev, a, spent)
    return spent.own


def push_units(s: State, ev: list[Event], seat: int, amount: int, card: str) -> None:
    """`you may push up to N units out of it, each into a different borough`: ``seat`` moves
    units of the borough it stands in, one at a time, each into another borough none of
    the others went to (a unit revealed this turn stays so)."""
    here = _b(s).where[seat]
    if not here:
        return
    used: list[str] = []
    for _ in range(amount):
        b = _b(s)
        options: list[Action] = [Choose(f"{u} to {x}") for u in b.units_of(here)
                                 for x in BOROUGHS if x != here and x not in used]
        if not options:
            return
        answer = ask(s, seat, [*options, PASS], f"{s.names[seat]} may push a unit out of "
                     f"{DATA.names[here]} ({card})")
        if not isinstance(answer, Choose) or answer == PASS:
            return
        unit, to = answer.key.split(" to ")
        units = list(b.units)
        units[b.borough_index(here)] = tuple(u for u in units[b.borough_index(here)]
                                             if u != unit)
        units[b.borough_index(to)] = (*units[b.borough_index(to)], unit)
        s.board = replace(b, units=tuple(units))
        used.append(to)
        _say(ev, Event(K_USED, seat, 0, None, to, f"pushes {tile_words(unit, True)} from "
                       f"{DATA.names[here]} to {DATA.names[to]}"))



_M_ANTIMATTER = ModifierKind.ANTIMATTER


def antimatter(s: State, ev: list[Event], t: int, hit: int) -> int:
    """The attacked monster ``t`` rolls a die (a chance node): an ouch face doubles ``hit``."""
    face = roll(s, 1, f"{s.names[t]} rolls a die: ouch doubles the attack's damage")
    _say(ev, Event(K_ROLLED, t, 0, None, "", describe_dice(face)))
    return hit * 2 if face[OUCH_I] else hit


_FREE_PHASES = frozenset({_RESOLVE, _DESTROY, _BUY})
"""The active monster's decisions at which a turn of moves at any time offers them."""


def free_moves(s: State) -> list[Action]:
    """Where the active monster may move now, in a turn of moves at any time: out of
    Manhattan to an outer borough with room, or from an outer borough to another with room
    or into Manhattan (its 2-4 or 5-6 path's Lower Manhattan) while it has room; never from
    zone to zone (D-KONY-FREE-MOVES)."""
    a = s.active
    options: list[Action] = [Choose(x) for x in open_boroughs(_b(s), a)]
    if not inside(s, a) and _has_room(s):
        options.append(Choose(MANHATTAN))
    return options


def free_move(s: State, ev: list[Event], action: Choose) -> None:
    """The move :func:`free_moves` offers (IllegalActionError for another): free of any toll
    (the card's own move) and scoring the entry star once a turn."""
    if action not in free_moves(s):
        turn.illegal(s, action, "a move at any time: " + ", ".join(
            c.key for c in free_moves(s) if isinstance(c, Choose)))
    move_to(s, ev, s.active, action.key, "moving at any time")


# -- the card words the steps above mean ----------------------------------------------------


def _may_move_words(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    may_move(s, ev, t, amount, card)


def _boost_units_only_words(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    boost_units_only(s, ev, t, amount, card)


def _push_units_words(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    push_units(s, ev, t, amount, card)


WORDS = Words(
    verbs={
        **words.VERBS,
        Verb.MAY_MOVE: _may_move_words,
        Verb.ADD_DESTRUCTION_UNITS_ONLY: _boost_units_only_words,
        Verb.PUSH_UNITS: _push_units_words,
    },
    held=words.HELD,
    conditions=words.CONDITIONS,
    collected=words.collected,
    damage_dealt=words.dealt,
    revealed=words.claim,
    price=words.price,
)
"""What King of New York's own card words mean (kot_rules.games.king_of_new_york.words, and
the moves and units of the steps above)."""

PLACE_NAMES = {"city": "Tokyo City", "bay": "Tokyo Bay", **DATA.names}
"""The names of the places events name: the boroughs (the kernel's two places keep the
names the logs have always given them)."""


RULES = GameRules(
    id=GAME_ID,
    numbers=NY,
    min_players=NY["min-players"],
    max_players=NY["max-players"],
    dice=DiceSpec(FACES, DICE, ROLLS),
    board=Board((Place.CITY, Place.BAY), SECOND_PATH_FROM),
    shop=ShopRules(SHOP_SIZE, SWEEP_COST),
    options=Options,
    phases={
        Phase.FIRST_PLAYER: apply_first_player,
        Phase.PLACE: apply_place,
        Phase.ROLL: apply_roll,
        Phase.KEEP: apply_keep,
        Phase.RESOLVE: apply_resolve,
        Phase.DESTROY: apply_destroy,
        Phase.YIELD: apply_flee,
        Phase.MOVE: apply_move,
        Phase.BUY: apply_buy,  # turn.apply_buy, or a move at any time
    },
    hooks=Hooks(
        start_turn=start_of_turn,
        resolve=resolve,
        end_of_turn=victory,
        after_step=None,  # victory only at the end of a turn (kony.end.victory-at-end-of-turn)
        on_elimination=on_elimination,
    ),
    apply=apply,
    roll_in_place=roll_in_place,
    random_step=random_step,
    legal_actions=legal_actions,
    start_turn=begin,
    title="King of New York",
    names=DATA.monsters,
    prepare=prepare,
    board_from_json=board_from_json,
    check_options=check_options,
    lost_raise_takes_hearts=False,  # D-KONY-LOST-RAISE
    words=WORDS,
    place_names=PLACE_NAMES,
)
"""King of New York (2-6 players) for the kernel."""

__all__ = ["BOROUGHS", "RULES"]
