"""King of Tokyo: Duel's own rules as the kernel runs them, and :data:`RULES`, the game's
seam object (kot_rules.games.king_of_tokyo_duel.definition registers it as ``king-of-tokyo-duel``).

The rules are spec/rules/king-of-tokyo-duel.yaml (cited by slug), the numbers
spec/games/king-of-tokyo-duel.yaml, the tracks kot_rules.games.king_of_tokyo_duel.board. A turn
(duel.turn.phases): the dice-tokens decision (only with tokens to spend), up to three
rolls (the shared skeleton, kot_rules.engine.turn), the faces resolved one kind at a
time in the order the player chooses (Phase.RESOLVE), then buying or refreshing, and
the end of the turn. Victory is checked after every step of the kernel and after every
single marker step inside a pull (D-DUEL-WIN-CHECK, D-DUEL-PULL-STEPS): a win ends the
game at once, with the rest of the pull, the dice and the turn not played.

The monsters' powers are their monster files' text (spec/cards/king-of-tokyo-duel/
monsters/, kot_rules.language.monsters): run when the power faces resolve, and for a
board that says so, when the smash faces resolve (:func:`use_power`, :func:`_smash_times`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from kot_rules.engine import abilities, activated, effects, legal, requests, turn
from kot_rules.engine.actions import (
    END_TURN,
    PASS,
    STOP,
    SWEEP,
    Action,
    Buy,
    Choose,
    EndTurn,
    Reroll,
    ResolveFaces,
    Roll,
    SpendDiceTokens,
    StopRolling,
    Sweep,
    UseCard,
)
from kot_rules.engine.dice import Counts
from kot_rules.engine.errors import ConfigError
from kot_rules.engine.events import (
    K_DECK_EMPTY,
    K_KEPT,
    K_PULLED,
    K_RESOLVED,
    K_ROLLED,
    K_SWEPT,
    K_TILE_PLACED,
    K_TOKENS,
    K_USED,
    NO_EVENT,
    QUIET_EVENTS,
    Event,
    Quiet,
)
from kot_rules.engine.options import FirstPlayerRule, Options
from kot_rules.engine.requests import ask
from kot_rules.engine.resources import (
    damage,
    gain_energy,
    heal,
    lose_card,
    set_monster,
)
from kot_rules.engine.rules import Board, DiceSpec, GameRules, Hooks, ShopRules, Words
from kot_rules.engine.shop import offer, pay_and_take, receive
from kot_rules.engine.state import Monster, Outcome, Phase, State
from kot_rules.games.king_of_tokyo_duel import words
from kot_rules.games.king_of_tokyo_duel.board import (
    DESTRUCTION,
    DESTRUCTION_I,
    DUEL,
    END,
    ENERGY_I,
    FACES,
    FAME,
    FAME_I,
    HEAL_I,
    MAX_DICE_TOKENS,
    NEAR,
    POWER_I,
    SMASH_I,
    TILES,
    VICTORIES,
    DuelBoard,
    PlacedTile,
    board_from_json,
    bonus_at,
    busy_masks,
    candidates,
    in_zone,
    pull_steps,
    step,
    stops,
    tile_at,
    victory,
)
from kot_rules.language.ast import Effect, ModifierKind, Trigger, Verb
from kot_rules.language.monsters import MonsterDef, Power, game_monster_defs, render_clause, uses
from kot_rules.rulebook import game_monsters

# Imported names used at every step, as Final aliases (compiled: a C static,
# not a look-up in this module's dict).
_QUIET_EVENTS: Final = QUIET_EVENTS
_Quiet: Final = Quiet
_NO_EVENT: Final = NO_EVENT
_NEAR: Final = NEAR
_END: Final = END

GAME_ID = DUEL.game
DICE: Final[int] = DUEL["dice"]
FIRST_TURN_DICE: Final[int] = DUEL["first-turn-dice"]
ROLLS: Final[int] = DUEL["rolls"]
MAX_DICE: Final[int] = DUEL["max-dice"]
MAX_EXTRA_DICE: Final[int] = DUEL["max-extra-dice"]
SECOND_PLAYER_ENERGY: Final[int] = DUEL["second-player-energy"]
PULL_SET: Final[int] = DUEL["pull-set"]
DAMAGE_PER_SMASH: Final[int] = DUEL["damage-per-smash"]
HEARTS_PER_HEAL: Final[int] = DUEL["hearts-per-heal"]
ENERGY_PER_FACE: Final[int] = DUEL["energy-per-face"]
SHOP_SIZE: Final[int] = DUEL["shop-size"]
REFRESH_COST: Final[int] = DUEL["refresh-cost"]
RIGHTMOST_DISCOUNT: Final[int] = DUEL["rightmost-discount"]
NO_PURCHASE_ENERGY: Final[int] = DUEL["no-purchase-energy"]

_M_CARD_DISCOUNT: Final = ModifierKind.CARD_DISCOUNT
_M_MULTIPLY: Final = ModifierKind.MULTIPLY_SMASH
_M_EXTRA_DICE: Final = ModifierKind.EXTRA_DICE
_T_OTHER_DICE_ENERGY: Final = Trigger.OTHER_DICE_ENERGY
# Final, so that compiled code reads each from a C static, not a dict.
_TOKENS: Final = Phase.DICE_TOKENS
_RESOLVE: Final = Phase.RESOLVE
_BUY: Final = Phase.BUY
_ROLL: Final = Phase.ROLL
_KEEP: Final = Phase.KEEP
_OVER: Final = Phase.OVER
_new: Final = tuple.__new__  # a NamedTuple built from its fields (compiled: no Python __new__)


def rival(seat: int) -> int:
    return 1 - seat


# -- set-up ----------------------------------------------------------------------------


def prepare(s: State, fresh: bool) -> None:
    """The Duel board at the start: markers at 0 (duel.setup.markers), no dice tokens.

    A new game also sets each monster's hearts from its board, its monster file
    (duel.setup.hearts, D-DUEL-POWER-AMOUNTS), gives the second player its energy
    (duel.setup.second-player-energy) and lays the shop as dealt one by one and slid
    right, the first card on the rightmost space (D-DUEL-SHOP-ORDER).
    """
    s.board = DuelBoard()
    if not fresh:
        return
    boards = {name: board.hearts for name, board in MONSTERS.items()}  # its monster file
    monsters = []
    for seat, m in enumerate(s.monsters):
        hearts = boards.get(m.name)
        if hearts is None:
            raise ConfigError(
                f"King of Tokyo: Duel has no monster {m.name!r}: the monsters are "
                f"{', '.join(boards)}"
            )
        energy = SECOND_PLAYER_ENERGY if seat == 1 else 0
        monsters.append(Monster(m.name, hearts, hearts, 0, energy, True, ()))
    s.monsters = tuple(monsters)
    s.shop = tuple(reversed(s.shop))


def check_options(options: Options) -> None:
    """Duel's first player is seat 0: no roll-off chance node (D-DUEL-FIRST-PLAYER)."""
    if options.first_player is not FirstPlayerRule.SEAT_ORDER:
        raise ConfigError("King of Tokyo: Duel: seat 0 is the first player, the option "
                          "first_player must be seat-order (D-DUEL-FIRST-PLAYER)")


# -- victory ---------------------------------------------------------------------------


def check(s: State) -> Outcome | None:
    """The outcome the position holds now, or None (D-DUEL-WIN-CHECK): hearts, a marker on
    a Victory space, or both markers in one spotlight zone (tracks.victory)."""
    b: DuelBoard = s.board
    ms = s.monsters
    fame, destruction = b.fame, b.destruction
    if (
        ms[0].hearts > 0 and ms[1].hearts > 0
        and (-_NEAR < fame < _NEAR or -_NEAR < destruction < _NEAR)
        and -_END < fame < _END and -_END < destruction < _END
    ):
        return None  # tracks.victory's quickest answer, checked after every step
    found = victory((ms[0].hearts, ms[1].hearts), fame, destruction, b.extra)
    if found is None:
        return None
    winner, kind = found
    if winner is None:
        return Outcome(None, "both monsters lost their last heart at once", kind)
    reasons = {
        "hearts": f"{ms[rival(winner)].name} lost its last heart",
        FAME: "the Fame marker reached its Victory space",
        DESTRUCTION: "the Destruction marker reached its Victory space",
        "spotlight": "both markers stand in its spotlight zones",
    }
    return Outcome(winner, reasons[kind], kind)


def _declare_if_won(s: State, ev: list[Event]) -> bool:
    outcome = check(s)
    if outcome is None:
        return False
    turn.declare(s, ev, outcome)
    return True


# -- the turn --------------------------------------------------------------------------


def start_turn(s: State, ev: list[Event]) -> None:
    """The dice of this turn (called by the turn skeleton once it set up the roll).

    Six dice, five in the first player's first turn (duel.roll.six-dice,
    duel.roll.first-turn, D-DUEL-FIRST-PLAYER); extra dice from cards first, at most
    MAX_EXTRA_DICE and MAX_DICE in all (D-DUEL-DICE-CAP). With dice tokens that could
    still add a die, the monster first decides how many to spend (duel.roll.dice-tokens).
    """
    a = s.active
    cards = s.monsters[a].cards
    base = FIRST_TURN_DICE if s.turn == 1 and a == 0 else DICE
    extra = min(abilities.total(s, a, _M_EXTRA_DICE) if cards else 0, MAX_EXTRA_DICE)
    s.to_roll = min(base + max(0, extra), MAX_DICE)
    s.rolls_allowed = s.rolls_allowed - s.game.options.rolls + ROLLS
    b: DuelBoard = s.board
    s.board = b.for_turn(max(0, extra))
    if b.dominated[a] or b.fewer[a]:  # a card cut this turn's dice
        _fewer_dice(s, ev, a, base)
    if b.dice_tokens[a] and spendable(s):
        s.phase = _TOKENS


def spendable(s: State) -> int:
    """Dice tokens the active monster may spend now: no more than it has, nor than would
    bring its extra dice past MAX_EXTRA_DICE or its dice past MAX_DICE (D-DUEL-DICE-CAP)."""
    b: DuelBoard = s.board
    return max(0, min(b.dice_tokens[s.active], MAX_EXTRA_DICE - b.white, MAX_DICE - s.to_roll))


def apply_dice_tokens(s: State, ev: list[Event], action: Action) -> None:
    """Spend dice tokens before the first roll: one extra die each (duel.roll.dice-tokens)."""
    if not isinstance(action, SpendDiceTokens) or not 0 <= action.count <= spendable(s):
        turn.illegal(s, action, f"spend 0 to {spendable(s)} dice tokens")
    n = action.count
    a = s.active
    b: DuelBoard = s.board
    if n:
        b = b.with_tokens(a, b.dice_tokens[a] - n)
        ev.append(_NO_EVENT if type(ev) is _Quiet else Event(K_TOKENS, a, -n, None, "", "dice"))
    s.board = b.with_white(b.white + n)
    s.to_roll += n
    s.phase = _ROLL


def to_resolve(s: State) -> list[int]:
    """Positions of the face kinds on the dice not resolved yet this turn."""
    # Face by face: compiled, the counts stay plain C integers (indexing them by a
    # variable would build a tuple each time).
    d0, d1, d2, d3, d4, d5 = s.dice
    b: DuelBoard = s.board
    done = _done_mask(b.resolved)
    out: list[int] = []
    if d0 and not done & 1:
        out.append(0)
    if d1 and not done & 2:
        out.append(1)
    if d2 and not done & 4:
        out.append(2)
    if d3 and not done & 8:
        out.append(3)
    if d4 and not done & 16:
        out.append(4)
    if d5 and not done & 32:
        out.append(5)
    return out


def _done_mask(resolved: tuple[int, ...]) -> int:
    """The kinds resolved this turn as bits (bit ``i``: ``FACES[i]``): compiled, testing a
    bit is quicker than ``i in resolved`` (a generic comparison per element)."""
    mask = 0
    for i in resolved:
        mask |= 1 << i
    return mask


_CACHE_LIMIT: Final = 50_000  # entries of a cache of actions; clearing it only costs time


def resolve(s: State, ev: list[Event]) -> None:
    """The roll is final (duel.roll.final): the faces are resolved one kind at a time, in
    the order the active player chooses (duel.resolve.every-die, D-DUEL-RESOLVE-ORDER).

    First the cards' faces join the roll, then the cards that look at the
    roll act, "N or more of one face" before "when you resolve" (D-DUEL-ROLL-MOMENT)."""
    a = s.active
    if s.monsters[a].cards:
        _roll_moment(s, ev, a)
        if s.phase is _OVER:
            return
        if s.board.resolved:  # its owner skipped resolving the roll (D-DUEL-SKIP-RESOLVE)
            s.phase = _BUY
            abilities.fire(s, ev, _T_SKIPPED, (a,))
            _declare_if_won(s, ev)
            return
    ev.append(_NO_EVENT if type(ev) is _Quiet  # nobody reads them: no text built
              else Event(K_RESOLVED, a, 0, None, "", describe_dice(s.dice)))
    if not _all_resolved(s):
        s.phase = _RESOLVE
    else:
        _resolved(s, ev)


# -- the roll's words ---------------------------------------------------

_M_EXTRA_SMASH: Final = ModifierKind.EXTRA_SMASH
_M_EXTRA_SMASH_SPOTLIGHT: Final = ModifierKind.EXTRA_SMASH_SPOTLIGHT
_M_REROLL_FAME: Final = ModifierKind.REROLL_FAME
_T_OF_A_KIND: Final = Trigger.OF_A_KIND
_T_RESOLVE: Final = Trigger.RESOLVE
_T_RESOLVED: Final = Trigger.RESOLVED
_T_SKIPPED: Final = Trigger.SKIPPED


def skip_resolve(s: State, ev: list[Event], seat: int) -> None:
    """``seat`` resolves none of its roll's faces: every kind counts as done, so the turn
    goes on to the buy phase, and its "roll is skipped" abilities fire once the roll's
    abilities are done (D-DUEL-SKIP-RESOLVE)."""
    b: DuelBoard = s.board
    if seat != s.active or b.resolved:
        return
    s.board = replace(b, resolved=tuple(range(len(FACES))))
    ev.append(Event(K_RESOLVED, seat, 0, None, "", "resolving skipped"))


def markers_in_spotlight(b: DuelBoard) -> int:
    """How many markers stand in a spotlight zone, either monster's (duel.setup.spotlight-zones)."""
    return sum(
        1
        for track in (FAME, DESTRUCTION)
        if in_zone(0, b.position(track)) or in_zone(1, b.position(track))
    )


def _roll_moment(s: State, ev: list[Event], a: int) -> None:
    """The cards' smash faces join the final roll (D-DUEL-ADDED-FACES), then the abilities
    on the roll fire: "N or more of one face", then "when you resolve your dice"."""
    extra = abilities.total(s, a, _M_EXTRA_SMASH)
    per_marker = abilities.total(s, a, _M_EXTRA_SMASH_SPOTLIGHT)
    if per_marker:
        extra += per_marker * markers_in_spotlight(s.board)
    if extra > 0:
        d = list(s.dice)
        d[SMASH_I] += extra
        s.dice = (d[0], d[1], d[2], d[3], d[4], d[5])
        b: DuelBoard = s.board
        s.board = b.with_added(b.added + extra)
        ev.append(_NO_EVENT if type(ev) is _Quiet
                  else Event(K_RESOLVED, a, extra, None, "", f"{extra} smash added by cards"))
    abilities.fire(s, ev, _T_OF_A_KIND, (a,), param=max(s.dice))
    if s.phase is not _OVER and not _declare_if_won(s, ev):
        abilities.fire(s, ev, _T_RESOLVE, (a,))
        _declare_if_won(s, ev)


def _resolved(s: State, ev: list[Event]) -> None:
    """Every face of the roll is resolved: "when your roll is resolved" fires, then
    the buy phase (D-DUEL-ROLL-MOMENT)."""
    s.phase = _BUY
    a = s.active
    if s.monsters[a].cards:
        abilities.fire(s, ev, _T_RESOLVED, (a,))
        _declare_if_won(s, ev)


def fame_rerolls(s: State) -> bool:
    """Whether the active monster may still reroll its fame dice once its rolls are used
    up (D-DUEL-FAME-REROLL)."""
    a = s.active
    return bool(s.dice[FAME_I]) and bool(s.monsters[a].cards) and abilities.has_modifier(
        s, a, _M_REROLL_FAME)


def apply_resolve(s: State, ev: list[Event], action: Action) -> None:
    """Resolve every die of one face (D-DUEL-RESOLVE-ORDER)."""
    index = _face_index(action.face) if isinstance(action, ResolveFaces) else -1
    b: DuelBoard = s.board
    n = _count(s.dice, index) if index >= 0 else 0
    if not n or index in b.resolved:  # not one of to_resolve(s)
        turn.illegal(s, action, "resolve one of " + ", ".join(
            FACES[i].value for i in to_resolve(s)))
    a = s.active
    s.board = b.with_resolved(index)
    if index == SMASH_I:
        # duel.face.smash: the rival loses 1 heart per face (checked after the step).
        damage(s, ev, rival(a), n * _smash_times(s, a, n), a, attack=True)
    elif index == HEAL_I:
        heal(s, ev, a, n * HEARTS_PER_HEAL, "heal faces")  # capped: D-DUEL-HEART-CAP
    elif index == ENERGY_I:
        gain_energy(s, ev, a, n * ENERGY_PER_FACE, "energy faces")  # duel.face.energy
        if s.game.cards.by_trigger[_T_OTHER_DICE_ENERGY]:
            # The rival's cards that answer energy from dice
            # (D-DUEL-DICE-ENERGY): the energy of the faces, not what cards add to it.
            abilities.fire(s, ev, _T_OTHER_DICE_ENERGY, (rival(a),), amount=n * ENERGY_PER_FACE)
    elif index in (FAME_I, DESTRUCTION_I):
        track = FAME if index == FAME_I else DESTRUCTION
        steps = pull_steps(n, PULL_SET)
        if steps:  # fewer than PULL_SET faces pull nothing, and fire nothing
            before = b.position(track)  # resolving moved no marker
            pull(s, ev, a, track, steps)
            after: DuelBoard = s.board
            if track == DESTRUCTION and s.phase is not _OVER and after.position(track) != before:
                # "when you pull the Destruction marker with your dice".
                abilities.fire(s, ev, _T_DICE_PULL_DESTRUCTION, (a,))
    elif index == POWER_I:
        use_power(s, ev, a, n)  # duel.face.power: the monster's power text
    if s.phase is not _OVER and _all_resolved(s):
        _resolved(s, ev)


def _face_index(face: object) -> int:
    """The position of ``face`` in FACES, -1 if none (no hashing: an Enum's hash is Python)."""
    for i in range(6):
        if FACES[i] is face:
            return i
    return -1


def _all_resolved(s: State) -> bool:
    """``not to_resolve(s)``, found without building the list."""
    d0, d1, d2, d3, d4, d5 = s.dice
    b: DuelBoard = s.board
    done = _done_mask(b.resolved)
    return not (
        (d0 and not done & 1) or (d1 and not done & 2) or (d2 and not done & 4)
        or (d3 and not done & 8) or (d4 and not done & 16) or (d5 and not done & 32)
    )


def _count(d: Counts, i: int) -> int:
    """``d[i]``, with the counts kept as plain C integers when compiled."""
    d0, d1, d2, d3, d4, d5 = d
    return d0 if i == 0 else d1 if i == 1 else d2 if i == 2 else d3 if i == 3 else (
        d4 if i == 4 else d5)


# -- the monsters' powers, as their monster files say -----------------------


MONSTERS: dict[str, MonsterDef] = {m.name: m for m in game_monster_defs(GAME_ID)}
"""Each monster's board, by its name as the state holds it (the data of its file)."""


def use_power(s: State, ev: list[Event], seat: int, n: int) -> None:
    """``seat`` resolves ``n`` power faces (duel.face.power, duel.power.repeat): each use
    takes the first power line of its monster whose group the faces left can pay, spends
    them and runs the line's text; power faces a use adds count toward the next uses
    (D-DUEL-POWER-USES, and the any-face decision). A win ends it at once."""
    name = s.monsters[seat].name
    left = n
    while s.phase is not _OVER:
        power = _power_use(name, left)
        if power is None:
            return
        left -= power.faces
        before = s.dice[POWER_I]
        effect = power.effect
        if power.alternatives:  # `... or ...`: the owner chooses, each use anew
            texts = [render_clause(e) for e in power.choices]
            answer = ask(s, seat, [Choose(t) for t in texts],
                         f"{s.monsters[seat].name}: which does the power do?")
            if isinstance(answer, Choose) and answer.key in texts:
                effect = power.choices[texts.index(answer.key)]
        effects.run(s, ev, seat, (effect,), f"{s.monsters[seat].name}'s power")
        left += s.dice[POWER_I] - before
        _declare_if_won(s, ev)


_POWER_USES: dict[tuple[str, int], tuple[MonsterDef | None, Power | None]] = {}


def _power_use(name: str, faces: int) -> Power | None:
    """``uses`` of monster ``name``'s power lines (none for a monster with no file),
    cached for the board MONSTERS holds now (a board put in its place is read anew)."""
    board = MONSTERS.get(name)
    key = (name, faces)
    hit = _POWER_USES.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    found = uses(board.powers if board is not None else (), faces)
    if len(_POWER_USES) >= _CACHE_LIMIT:
        _POWER_USES.clear()
    _POWER_USES[key] = (board, found)
    return found


def _smash_times(s: State, seat: int, smash: int) -> int:
    """Damage per smash face: DAMAGE_PER_SMASH, or times the power faces on the dice when
    the monster's board says it may multiply and it chooses to (D-DUEL-MEKA-DRAGON: asked
    only with 2 or more power faces, where it changes something)."""
    power = s.dice[POWER_I]
    if power < 2:  # checked first: the board is read only where it could change something
        return DAMAGE_PER_SMASH
    board = MONSTERS.get(s.monsters[seat].name)
    if board is None or not board.has(_M_MULTIPLY):
        return DAMAGE_PER_SMASH
    answer = ask(s, seat, [_MULTIPLY, PASS],
                 f"{s.monsters[seat].name}: multiply {smash} smash by {power} power?")
    return DAMAGE_PER_SMASH * (power if answer is _MULTIPLY or answer == _MULTIPLY else 1)


_MULTIPLY: Final = Choose("multiply")


def pull(s: State, ev: list[Event], seat: int, track: str, steps: int) -> None:
    """``seat`` pulls a marker ``steps`` steps toward its end, one at a time
    (duel.track.one-step, D-DUEL-PULL-STEPS): each step moves the marker (tracks.step:
    Buzz tiles may lengthen or shorten it, D-DUEL-BUZZ-GEOMETRY), then the puller gets
    the bonus of the place it landed on (duel.buzz.bonus, D-DUEL-BUZZ-BONUS), then victory
    is checked (D-DUEL-WIN-CHECK, D-DUEL-SPOTLIGHT): a win ends the game there and the
    steps left are lost. A rival's King tile stops the pull on it (duel.king.stop).
    """
    for _ in range(steps):
        if s.phase is _OVER:
            return  # won already (a sentence pulling for both monsters)
        b: DuelBoard = s.board
        to = step(b.tiles, track, b.position(track), seat)
        if to is None:
            return  # on the puller's Victory space already (the game would be over)
        s.board = b.moved(track, to[0], to[1])
        ev.append(_NO_EVENT if type(ev) is _Quiet
                  else Event(K_PULLED, seat, to[0], None, "",
                             track + (" (extra space above)" if to[1] else "")))
        kind, n = bonus_at(b.tiles, track, to)
        if s.monsters[seat].cards:  # cards that change Buzz bonuses
            kind, n = _changed_bonus(s, seat, b, track, to, kind, n)
        if kind != "none":
            _bonus(s, ev, seat, kind, n)
        if _declare_if_won(s, ev):
            return
        if s.monsters[seat].cards and _pulled_triggers(s, ev, seat, b, track, to):
            return  # a card the step fired won the game
        if stops(b.tiles, track, to, seat):
            return


def _bonus(s: State, ev: list[Event], seat: int, kind: str, n: int) -> None:
    """A Buzz bonus for the puller (duel.buzz.bonus-kinds, D-DUEL-BUZZ-BONUS): smash is
    damage to its rival (no smash face), heal is capped (D-DUEL-HEART-CAP), dice tokens are
    capped at MAX_DICE_TOKENS (D-DUEL-TOKEN-OVERFLOW)."""
    why = f"a Buzz bonus ({kind})"
    if kind == "smash":
        damage(s, ev, rival(seat), n, seat, attack=False)
    elif kind == "heal":
        heal(s, ev, seat, n, why)
    elif kind == "energy":
        gain_energy(s, ev, seat, n, why)
    else:  # dice-token
        gain_dice_tokens(s, ev, seat, n)


def gain_dice_tokens(s: State, ev: list[Event], seat: int, n: int) -> None:
    """``seat`` gains ``n`` dice tokens (a Buzz bonus, a card): those past MAX_DICE_TOKENS
    held are lost (duel.roll.dice-token-cap, D-DUEL-TOKEN-OVERFLOW)."""
    b: DuelBoard = s.board
    have = b.dice_tokens[seat]
    got = min(n, MAX_DICE_TOKENS - have)
    if got > 0:
        s.board = b.with_tokens(seat, have + got)
        ev.append(_NO_EVENT if type(ev) is _Quiet
                  else Event(K_TOKENS, seat, got, None, "", "dice"))


def after_step(s: State) -> Outcome | None:
    """Victory after every step of the kernel: damage, healing, a card (D-DUEL-WIN-CHECK)."""
    return check(s)


def apply_buy(s: State, ev: list[Event], action: Action) -> None:
    """Phase 3: buy face-up cards, refresh the shop, or end the turn (duel.buy.*)."""
    a = s.active
    m = s.monsters[a]
    if isinstance(action, Buy):
        if action.seller is not None or action.card not in s.shop:
            turn.illegal(s, action, "buy a face-up card")
        cost = price(s, action.card)
        if cost > m.energy:
            turn.illegal(s, action, f"enough energy: {action.card} costs {cost}, "
                         f"{m.name} has {m.energy}")
        pay_and_take(s, ev, a, action.card, cost)
        s.board = s.board.with_bought()
        _slide(s, ev, action.card)
        place_buzz_tile(s, ev, a, action.card)  # before the card's effect
        if receive(s, ev, a, action.card, price=cost):
            turn.end_turn(s, ev, end_effects=False)  # an extra turn bought: played at once
    elif isinstance(action, Sweep):
        if m.energy < REFRESH_COST or not s.shop:
            turn.illegal(s, action, f"{REFRESH_COST} energy and a face-up card to refresh")
        # duel.buy.refresh, D-DUEL-REFRESH-LIMIT: as often as paid; not a purchase
        # (duel.buy.refresh-not-purchase).
        set_monster(s, a, _new(Monster, (m[0], m[1], m[2], m[3], m[4] - REFRESH_COST, m[5],
                                         m[6])))
        s.discard = s.discard + s.shop
        dealt = s.deck[:SHOP_SIZE]
        s.deck = s.deck[SHOP_SIZE:]
        s.shop = tuple(reversed(dealt))  # D-DUEL-SHOP-ORDER: the first card ends rightmost
        ev.append(_NO_EVENT if type(ev) is _Quiet
                  else Event(K_SWEPT, a, 0, None, "", ", ".join(s.shop) or "the deck is empty"))
        offer(s, ev, s.shop)
    elif isinstance(action, EndTurn):
        b: DuelBoard = s.board
        if not b.bought:
            # duel.buy.energy-instead, D-DUEL-NO-PURCHASE-ENERGY.
            gain_energy(s, ev, a, NO_PURCHASE_ENERGY, "no Power card bought this turn")
        turn.end_turn(s, ev)
    elif isinstance(action, UseCard):
        # A card's shop action (activated.use refuses one not open now).
        activated.use(s, ev, a, action, dice_window=False)
    else:
        turn.illegal(s, action, "buy a face-up card, refresh the shop, or end the turn")


def price(s: State, card: str) -> int:
    """What ``card`` costs the active monster: the printed cost, less its discounts, less 1
    on the rightmost space, never below 0 (duel.buy.discount, D-DUEL-DISCOUNT-FLOOR).
    The last face-up card is always on the rightmost space (duel.buy.slide)."""
    cost = s.game.cards.cost(card)
    a = s.active
    if s.monsters[a].cards:
        cost -= abilities.total(s, a, _M_CARD_DISCOUNT)
    if s.shop and s.shop[-1] == card:
        cost -= RIGHTMOST_DISCOUNT
    return max(0, cost)


def _slide(s: State, ev: list[Event], card: str) -> None:
    """The cards left of the bought one slide right; the deck's top card fills the space
    nearest the deck, the leftmost (duel.buy.slide, D-DUEL-SHOP-ORDER); an empty deck
    leaves it empty (D-DUEL-EMPTY-DECK)."""
    rest = tuple(c for c in s.shop if c != card)
    if s.deck:
        s.shop = (s.deck[0], *rest)
        s.deck = s.deck[1:]
        offer(s, ev, (s.shop[0],))
    else:
        s.shop = rest
        ev.append(Event(K_DECK_EMPTY))


def end_of_turn(s: State) -> Outcome | None:
    """Victory is never waited for until the end of a turn (duel.end.any-moment); the check
    here only repeats the one after every step."""
    return check(s)


def on_elimination(s: State, ev: list[Event], seat: int) -> None:
    """Nothing on the board changes: the game is over (duel.end.hearts), declared by the
    victory check that ends the step."""


# -- legal actions ---------------------------------------------------------------------


def legal_actions(s: State) -> Sequence[Action]:
    """The decisions open to the active monster in each Duel phase (or the answers to a
    question its power asks)."""
    if s.pending is not None:
        return s.pending.request.options
    phase = s.phase
    if phase is _RESOLVE:
        return [_RESOLVE_FACES[i] for i in to_resolve(s)]
    if phase is _TOKENS:
        return [SpendDiceTokens(n) for n in range(spendable(s) + 1)]
    if phase is _BUY:
        a = s.active
        energy = s.monsters[a].energy
        # price() of each face-up card, with the discount of the cards held found once.
        cost = s.game.cards.cost
        discount = abilities.total(s, a, _M_CARD_DISCOUNT) if s.monsters[a].cards else 0
        shop = s.shop
        actions: list[Action] = [
            legal.buy_action(c) for c in shop
            if max(0, cost(c) - discount - (RIGHTMOST_DISCOUNT if shop[-1] == c else 0)) <= energy
        ]
        if energy >= REFRESH_COST and s.shop:
            actions.append(SWEEP)
        if s.game.cards.with_activated and s.monsters[s.active].cards:
            actions.extend(activated.offers(s, s.active, dice_window=False))
        actions.append(END_TURN)
        return actions
    if phase is _OVER:
        return ()
    if phase is _KEEP and s.pending is None and s.rolls_done >= s.rolls_allowed:
        # Past the last roll only fame dice are rerolled (D-DUEL-FAME-REROLL).
        d = s.dice
        keeps: list[Action] = [STOP]
        for kept in range(d[FAME_I]):
            keeps.append(Reroll((kept, *d[1:])))
        return keeps
    return legal.legal_actions(s)  # rerolls: the shared keep phase


# Actions are frozen values: one object per decision serves every state.
_RESOLVE_FACES: Final[tuple[Action, ...]] = tuple(ResolveFaces(f) for f in FACES)


def apply(s: State, action: Action) -> None:
    """A step of the kernel; resolving faces may ask (a monster's power), so that step
    keeps the state it starts from (kot_rules.engine.requests)."""
    if s.phase is _RESOLVE:
        turn.apply_asking(s, action)
    else:
        turn.apply(s, action)


# -- the driver's random agents ------------------------------------------


def random_step(s: State, u: float) -> None:
    """``RULES.random_step``: :func:`apply` of ``legal_actions(s)[int(u * n)]`` (``n`` the
    number of legal actions), for the driver's random agents in a game nobody watches.

    When the driver answers every question of ``s`` as it is asked
    (requests.InlineAnswers), no step stops, so none keeps its start for a replay; a reroll
    is then taken from the index without building the list of keeps."""
    if s.pending is None and s.events is _QUIET_EVENTS and s.game.rules is RULES and (
        requests.answered_inline(s)
    ):
        phase = s.phase
        if phase is _RESOLVE:
            # turn.apply's plain step, its handler called straight (no phase look-up,
            # which hashes an Enum): legal_actions's order is to_resolve's.
            ev: list[Event] = _Quiet()
            faces = to_resolve(s)
            apply_resolve(s, ev, _RESOLVE_FACES[faces[int(u * len(faces))]])
            turn.finish(s, ev)
            return
        if phase is _BUY:
            ev = _Quiet()
            actions = legal_actions(s)
            apply_buy(s, ev, actions[int(u * len(actions))])
            turn.finish(s, ev)
            return
        if phase is _KEEP and s.rolls_done < s.rolls_allowed:
            # legal.legal_actions's order: stop, then each keep but all the dice (by
            # sub-multiset index, mixed radix in face order), then the card uses open now.
            c0, c1, c2, c3, c4, c5 = s.dice
            keeps = (c0 + 1) * (c1 + 1) * (c2 + 1) * (c3 + 1) * (c4 + 1) * (c5 + 1)
            if s.game.cards.with_activated and s.monsters[s.active].cards:
                uses = activated.offers(s, s.active, dice_window=True)
                index = int(u * (keeps + len(uses)))
                if index >= keeps:
                    turn.apply(s, uses[index - keeps], plain=True)
                    return
            else:
                index = int(u * keeps)
            if index:
                # The check after the step finds what it found after the last one.
                turn.keep_by_index(s, index)
                return
            ev = _Quiet()
            resolve(s, ev)  # apply_keep of StopRolling
            turn.finish(s, ev)
            return
        actions = legal_actions(s)
        turn.apply(s, actions[int(u * len(actions))], plain=True)
        return
    actions = legal_actions(s)
    apply(s, actions[int(u * len(actions))])


def describe_dice(counts: Sequence[int]) -> str:
    return " ".join(f.value for f, n in zip(FACES, counts, strict=True) for _ in range(n))


def apply_roll(s: State, ev: list[Event], action: Action) -> None:
    """A roll of the dice being thrown (chance; duel.roll.three-rolls)."""
    _roll(s, ev, turn.rolled(s, action))


def _roll(s: State, ev: list[Event], c: Counts) -> None:
    turn.add_roll(s, c)
    # Duel's face names in the event's text (the dice counts would print King of Tokyo's).
    ev.append(_NO_EVENT if type(ev) is _Quiet  # nobody reads them: no text built
              else Event(K_ROLLED, s.active, s.rolls_done, None, "", describe_dice(c)))
    if s.rolls_done >= s.rolls_allowed and not (
        s.dice[FAME_I] and s.game.cards.with_modifier[_M_REROLL_FAME] and fame_rerolls(s)
    ):
        resolve(s, ev)
    else:
        s.phase = _KEEP


def roll_in_place(s: State, counts: Counts) -> None:
    """:func:`apply_roll` for a driver that samples legal dice itself."""
    table = s.game.cards
    # A roll before the last one only sets the dice (_roll: no face resolves, no ability
    # fires), so it never asks; most rolls of a random game are such rolls.
    if (
        s.rolls_done + 1 < s.rolls_allowed
        and s.events is _QUIET_EVENTS
        and s.game.rules is RULES
        and requests.answered_inline(s)
    ):
        # In the driver's random loop such a roll is _roll with no event
        # built, and the step's end changes nothing: the check after it finds what it
        # found after the last step (the dice move no marker and no heart).
        turn.add_roll(s, counts)
        s.phase = _KEEP
        return
    if s.rolls_done + 1 >= s.rolls_allowed and table.may_ask and abilities.holds_any(
        s, table.asking
    ) and not (s.game.rules is RULES and requests.answered_inline(s)):
        # A held card may ask once the roll is final (a skip): the
        # step goes through the asking apply, which keeps its start for the replay.
        turn.apply(s, Roll(counts))
        return
    ev: list[Event] = _Quiet() if s.events is _QUIET_EVENTS else []
    _roll(s, ev, counts)
    turn.finish(s, ev)


def apply_keep(s: State, ev: list[Event], action: Action) -> None:
    """Set dice aside and reroll the others, or stop (duel.roll.reroll)."""
    if isinstance(action, StopRolling):
        resolve(s, ev)
        return
    if not isinstance(action, Reroll):
        turn.illegal(s, action, "keep some dice and reroll the others, or stop")
    k = action.keep
    # Face by face: compiled, the counts stay plain C integers (indexing or slicing them
    # builds a tuple). The keep is taken from the dice (no count below 0 or above the
    # dice's) and rerolls at least one die.
    k0, k1, k2, k3, k4, k5 = k
    d0, d1, d2, d3, d4, d5 = s.dice
    if (
        not (0 <= k0 <= d0 and 0 <= k1 <= d1 and 0 <= k2 <= d2 and 0 <= k3 <= d3
             and 0 <= k4 <= d4 and 0 <= k5 <= d5)
        or (k0 == d0 and k1 == d1 and k2 == d2 and k3 == d3 and k4 == d4 and k5 == d5)
    ):
        turn.illegal(s, action, f"a keep taken from the dice on the table, leaving at least "
                     f"one to reroll ({describe_dice(s.dice)})")
    if s.rolls_done >= s.rolls_allowed and not (
        # only fame dice (FAME_I is 0) are rerolled then
        fame_rerolls(s) and k1 == d1 and k2 == d2 and k3 == d3 and k4 == d4 and k5 == d5
    ):
        turn.illegal(s, action, "no reroll: every roll of this turn is used (only fame dice, "
                     "with a card that allows it)")
    ev.append(_NO_EVENT if type(ev) is _Quiet
              else Event(K_KEPT, s.active, 0, None, "", describe_dice(k) or "nothing"))
    s.to_roll = d0 + d1 + d2 + d3 + d4 + d5 - k0 - k1 - k2 - k3 - k4 - k5
    s.dice = k
    s.phase = _ROLL


# -- the Buzz icon of a bought card -----------------------------------------


def place_buzz_tile(s: State, ev: list[Event], seat: int, card: str) -> None:
    """The Buzz tile ``card``'s icon names, as ``seat`` buys it, before its effect
    (duel.buzz.place-on-buy, D-DUEL-BUZZ-PLACEMENT): from the supply, it goes where the
    buyer chooses among the legal places (tracks.placements: either track, either way
    round, on no marker and no other tile); on the board already, the buyer may move it
    there or leave it (duel.buzz.move-on-rebuy); with a marker on it, it stays; with no
    legal place, nothing happens. The card's effect follows in every case."""
    tile = s.game.cards.buzz(card)
    if not tile:
        return
    b: DuelBoard = s.board
    here = next((t for t in b.tiles if t.tile == tile), None)
    if here is not None and under_marker(b, here):
        ev.append(_NO_EVENT if type(ev) is _Quiet
                  else Event(K_TILE_PLACED, seat, 0, None, "",
                             f"{_where(here)} stays: a marker stands on it"))
        return
    fame_busy, destruction_busy = busy_masks(b, here)
    picked, placed = _pick_place(s, seat, tile, here, fame_busy, destruction_busy)
    if not picked:
        places, options = _place_options(tile, here, fame_busy, destruction_busy)
        if not places:
            return
        verb = "move" if here is not None else "place"
        answer = ask(s, seat, list(options), f"{s.names[seat]}: where to {verb} the Buzz tile "
                     f"{tile} ({card}), as 'TRACK SPACE...' in the tile's own order")
        placed = places.get(answer.key) if isinstance(answer, Choose) else None
    if placed is None:
        return  # no legal place, or the tile is left where it is
    tiles = (tuple(placed if t is here else t for t in b.tiles) if here is not None
             else (*b.tiles, placed))
    s.board = b.with_tiles(tiles)
    ev.append(_NO_EVENT if type(ev) is _Quiet
              else Event(K_TILE_PLACED, seat, 0, None, "",
                         f"{_where(placed)}" + (" (moved)" if here is not None else "")))


_PLACE_OPTIONS: dict[tuple[str, str | None, int, int],
                     tuple[dict[str, PlacedTile], tuple[Action, ...]]] = {}
_PLACE_OPTIONS_LIMIT: Final = 20_000  # positions cached; a cleared cache only costs recomputing
_ANSWERS: dict[str, tuple[tuple[tuple[int, PlacedTile, str, Action], ...], ...]] = {}
"""tracks.candidates of each tile with the answer naming each place (a few per tile)."""


def _pick_place(s: State, seat: int, tile: str, here: PlacedTile | None, fame_busy: int,
                destruction_busy: int) -> tuple[bool, PlacedTile | None]:
    """:func:`place_buzz_tile`'s choice where requests.pick makes it without the options
    (True, and the place, or None: no place, or the tile left where it is); (False, None)
    where the options must be built and asked. The places are those of
    :func:`_place_options`, in its order, counted and then the picked one found: no dict,
    no list, no cache of positions (most positions of a game are new ones)."""
    fame, destruction = _candidate_answers(tile)
    tracks = ((fame, fame_busy), (destruction, destruction_busy))
    skip = None if here is None else place_key(here) if here.owner is None else ""
    n = 0
    for per_track, busy in tracks:
        for mask, _, k, _ in per_track:
            if not mask & busy and k != skip:
                n += 1
    if not n:
        return True, None
    index = requests.pick(s, seat, n + 1 if here is not None else n)  # PASS after them
    if index < 0:
        return False, None
    for per_track, busy in tracks:
        for mask, p, k, _ in per_track:
            if not mask & busy and k != skip:
                if not index:
                    return True, p
                index -= 1
    return True, None  # PASS: left where it is


def _candidate_answers(tile: str) -> tuple[tuple[tuple[int, PlacedTile, str, Action], ...], ...]:
    """tracks.candidates of ``tile`` (fame's, then destruction's), each with its answer."""
    answers = _ANSWERS.get(tile)
    if answers is None:
        answers = _ANSWERS[tile] = tuple(
            tuple((mask, p, k, Choose(k)) for mask, p, k in per_track)
            for per_track in candidates(tile, None)
        )
    return answers


def _place_options(tile: str, here: PlacedTile | None, fame_busy: int, destruction_busy: int
                   ) -> tuple[dict[str, PlacedTile], tuple[Action, ...]]:
    """The places :func:`place_buzz_tile` offers for ``tile`` (the one on the board is
    ``here``) by their keys, and the options it asks with: each place's ``Choose`` in the
    order of ``tracks.placements``, then PASS to leave a tile on the board where it is.
    Cached by the spaces the tile may not use (``tracks.busy_masks`` without ``here``)."""
    # The place where the tile is is not offered again (the places offered have no owner,
    # so a tile there with an owner is another place). Named by its key: no dataclass hash.
    skip = None if here is None else place_key(here) if here.owner is None else ""
    key = (tile, skip, fame_busy, destruction_busy)
    found = _PLACE_OPTIONS.get(key)
    if found is None:
        answers = _candidate_answers(tile)
        places: dict[str, PlacedTile] = {}
        options: list[Action] = []
        for per_track, busy in zip(answers, (fame_busy, destruction_busy), strict=True):
            for mask, p, k, answer in per_track:
                if not mask & busy and k != skip:
                    places[k] = p
                    options.append(answer)
        if here is not None and places:
            options.append(PASS)  # leave it where it is
        if len(_PLACE_OPTIONS) >= _PLACE_OPTIONS_LIMIT:
            _PLACE_OPTIONS.clear()
        found = _PLACE_OPTIONS[key] = (places, tuple(options))
    return found


def under_marker(b: DuelBoard, tile: PlacedTile) -> bool:
    """A marker stands on one of ``tile``'s spaces, or on its extra space."""
    return b.marker(tile.track) in tile.spaces


def place_key(p: PlacedTile) -> str:
    """The answer naming a place: its track, then its spaces in the tile's own order
    (``fame -2 -3``: the tile's first space on -2)."""
    return " ".join((p.track, *(str(x) for x in p.spaces)))


def _where(p: PlacedTile) -> str:
    return f"{p.tile} on {p.track} {' '.join(f'{x:+d}' for x in p.spaces)}"




# -- the rival's dice, the shop at other moments, Buzz bonuses changed --

_M_SMASH_FOR_BONUS: Final = ModifierKind.SMASH_FOR_BONUS
_M_EMPTY_SPACE_SMASH: Final = ModifierKind.EMPTY_SPACE_SMASH
SMASH_BONUS = ("smash", 1)
"""The smash a card gives in place of a bonus: the rival takes 1 damage (duel.buzz.bonus-kinds)."""
BUY_FOR_LESS_FLOOR: Final[int] = DUEL["buy-for-less-floor"]


def _fewer_dice(s: State, ev: list[Event], seat: int, base: int) -> None:
    """A card's dice cut for this turn (D-DUEL-FEWER-DICE): first the monster may discard
    keep cards, one at a time, if a card cut its dice per keep card; then it rolls that many
    fewer of its ordinary dice (never fewer than none; extra dice stay). The marks are used up."""
    b: DuelBoard = s.board
    per_keep, fewer = b.dominated[seat], b.fewer[seat]
    table = s.game.cards
    while per_keep:
        kept = sorted({c for c in s.monsters[seat].cards if table.is_keep(c)})
        if not kept:
            break
        options: list[Action] = [Choose(c) for c in kept]
        answer = ask(s, seat, [*options, PASS], f"{s.names[seat]} may discard keep cards: it "
                     f"rolls {per_keep} {'die' if per_keep == 1 else 'dice'} fewer for each "
                     "one it keeps")
        if answer == PASS or not isinstance(answer, Choose):
            break
        lose_card(s, ev, seat, answer.key)
    held = sum(1 for c in s.monsters[seat].cards if table.is_keep(c))
    cut = min(base, fewer + per_keep * held)
    b = s.board
    zero = (0, b.dominated[1]) if seat == 0 else (b.dominated[0], 0)
    none = (0, b.fewer[1]) if seat == 0 else (b.fewer[0], 0)
    s.board = replace(b, dominated=zero, fewer=none)
    if cut:
        s.to_roll -= cut
        ev.append(Event(K_USED, seat, cut, None, "", f"rolls {cut} fewer dice this turn"))


_T_PULL_DESTRUCTION_SPACE: Final = Trigger.PULL_DESTRUCTION_SPACE
_T_DICE_PULL_DESTRUCTION: Final = Trigger.DICE_PULL_DESTRUCTION
_T_PULL_OFF_TILE: Final = Trigger.PULL_OFF_TILE


def _pulled_triggers(s: State, ev: list[Event], seat: int, before: DuelBoard, track: str,
                     to: tuple[int, bool]) -> bool:
    """The puller's cards that one step of its pull fires (D-DUEL-PULL-TRIGGERS): each
    space of Destruction, then a step that leaves a Buzz tile (from a tile's space or extra
    space to a space off that tile). True if they won the game (the pull stops there)."""
    if track == DESTRUCTION:
        abilities.fire(s, ev, _T_PULL_DESTRUCTION_SPACE, (seat,))
        if _declare_if_won(s, ev):
            return True
    here = tile_at(before.tiles, track, before.marker(track))
    if here is not None:
        there = tile_at(before.tiles, track, to[0])
        if there is None or there[0] is not here[0]:
            abilities.fire(s, ev, _T_PULL_OFF_TILE, (seat,))
            return _declare_if_won(s, ev)
    return False


def _changed_bonus(s: State, seat: int, b: DuelBoard, track: str, to: tuple[int, bool],
                   kind: str, n: int) -> tuple[str, int]:
    """The bonus the puller's cards make of the place it landed on: an empty space of a
    shared tile gives a smash (D-DUEL-EMPTY-SPACE), and any other bonus may be swapped for a
    smash, which the puller is asked about (D-DUEL-SMASH-INSTEAD)."""
    if kind == "none" and abilities.has_modifier(s, seat, _M_EMPTY_SPACE_SMASH):
        here = tile_at(b.tiles, track, to[0])
        if here is not None and not TILES[here[0].tile].king and not to[1]:
            kind, n = SMASH_BONUS
    if kind not in ("none", "smash") and abilities.has_modifier(s, seat, _M_SMASH_FOR_BONUS):
        why = f"{s.names[seat]} may take a smash instead of the Buzz bonus ({kind} {n})"
        if ask(s, seat, [Choose("smash"), PASS], why) != PASS:
            kind, n = SMASH_BONUS
    return kind, n


def _buy_for_less(s: State, ev: list[Event], seat: int, amount: int, card: str) -> None:
    """The monster may buy one face-up card now, on its own turn, for ``amount`` less than
    its price here (the rightmost space's discount included), never below
    BUY_FOR_LESS_FLOOR (D-DUEL-BUY-FOR-LESS). It is a purchase of the turn
    (duel.buy.energy-instead); the shop slides as after any purchase (duel.buy.slide)."""
    if seat != s.active or not s.shop:
        return
    m = s.monsters[seat]
    prices = {c: max(BUY_FOR_LESS_FLOOR, price(s, c) - amount) for c in s.shop}
    options: list[Action] = [Choose(c) for c in s.shop if prices[c] <= m.energy]
    if not options:
        return
    why = f"{m.name} may buy a card for {amount} energy less ({card})"
    answer = ask(s, seat, [*options, PASS], why)
    if answer == PASS or not isinstance(answer, Choose) or answer.key not in prices:
        return
    bought, cost = answer.key, prices[answer.key]
    pay_and_take(s, ev, seat, bought, cost)
    s.board = s.board.with_bought()
    _slide(s, ev, bought)
    place_buzz_tile(s, ev, seat, bought)  # its Buzz icon first, as any purchase
    # An extra turn bought now is owed after this one (this turn has not been played yet).
    receive(s, ev, seat, bought, price=cost)


def _discard_from_shop(s: State, ev: list[Event], seat: int, amount: int, card: str) -> None:
    """The monster discards a face-up card of its choice; the others slide right and the
    deck fills the space (duel.buy.slide: "each time you buy or discard a card")."""
    options: list[Action] = [Choose(c) for c in s.shop]
    answer = ask(s, seat, options, f"{s.names[seat]} discards a face-up card ({card})")
    if not isinstance(answer, Choose) or answer.key not in s.shop:
        return
    s.discard = (*s.discard, answer.key)
    # A card's act, not a refresh (K_SWEPT is the paid refresh of the whole shop).
    names = s.game.cards.name
    ev.append(Event(K_USED, seat, 0, None, "",
                    f"{names(card)}: {names(answer.key)} discarded from the shop"))
    _slide(s, ev, answer.key)


# -- the card words the steps above mean (a card's pull is the dice's pull) -------------------

_PULLED: Final = {Verb.PULL_FAME: FAME, Verb.PULL_DESTRUCTION: DESTRUCTION}


def _pull_words(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    pull(s, ev, t, _PULLED[e.verb], amount)


def _gain_dice_tokens_words(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    gain_dice_tokens(s, ev, t, amount)


def _skip_resolve_words(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    """The active monster may resolve none of its roll (D-DUEL-SKIP-RESOLVE)."""
    if t != s.active or not sum(s.dice):
        return
    question = f"{s.names[t]} may skip resolving its dice ({card})"
    if ask(s, t, [Choose("skip"), PASS], question) == PASS:
        return
    skip_resolve(s, ev, t)


def _buy_for_less_words(
    s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect, card: str, why: str
) -> None:
    _buy_for_less(s, ev, t, amount, card)


WORDS: Final = Words(
    verbs={
        **words.VERBS,
        Verb.PULL_FAME: _pull_words,
        Verb.PULL_DESTRUCTION: _pull_words,
        Verb.GAIN_DICE_TOKENS: _gain_dice_tokens_words,
        Verb.SKIP_RESOLVE: _skip_resolve_words,
        Verb.BUY_FOR_LESS: _buy_for_less_words,
    },
    acts={Verb.DISCARD_FROM_SHOP: _discard_from_shop},
    conditions=words.CONDITIONS,
)
"""What Duel's own card and power words mean (kot_rules.games.king_of_tokyo_duel.words, and
the pulls, tokens, skipped roll and shop of the steps above)."""


RULES: Final = GameRules(
    id=GAME_ID,
    numbers=DUEL,
    min_players=DUEL["min-players"],
    max_players=DUEL["max-players"],
    dice=DiceSpec(FACES, DICE, ROLLS),
    board=Board((), DUEL["max-players"] + 1),  # no Tokyo: its places never open
    shop=ShopRules(SHOP_SIZE, REFRESH_COST),
    options=Options,
    phases={
        _TOKENS: apply_dice_tokens,
        _ROLL: apply_roll,
        _KEEP: apply_keep,
        _RESOLVE: apply_resolve,
        _BUY: apply_buy,
    },
    hooks=Hooks(
        start_turn=start_turn,
        resolve=resolve,
        end_of_turn=end_of_turn,
        after_step=after_step,
        on_elimination=on_elimination,
    ),
    apply=apply,
    roll_in_place=roll_in_place,
    legal_actions=legal_actions,
    start_turn=turn.start_turn,
    title="King of Tokyo: Duel",
    names=tuple(b.name for b in game_monsters(GAME_ID)),
    prepare=prepare,
    board_from_json=board_from_json,
    victories=VICTORIES,
    check_options=check_options,
    random_step=random_step,
    words=WORDS,
)
"""King of Tokyo: Duel (2 players) for the kernel."""
