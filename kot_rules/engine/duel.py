"""King of Tokyo: Duel's own rules as the kernel runs them, and :data:`RULES`, the game's
seam object (kot_rules.games.king_of_tokyo_duel registers it as ``king-of-tokyo-duel``).

The rules are spec/rules/king-of-tokyo-duel.yaml (cited by slug), the numbers
spec/games/king-of-tokyo-duel.yaml, the tracks kot_rules.engine.tracks. A turn
(duel.turn.phases): the dice-tokens decision (only with tokens to spend), up to three
rolls (the shared skeleton, kot_rules.engine.turn), the faces resolved one kind at a
time in the order the player chooses (Phase.RESOLVE), then buying or refreshing, and
the end of the turn. Victory is checked after every step of the kernel and after every
single marker step inside a pull (D-DUEL-WIN-CHECK, D-DUEL-PULL-STEPS): a win ends the
game at once, with the rest of the pull, the dice and the turn not played.

Not in this step (issue 10): the monsters' powers (power faces are resolved and do
nothing yet; the powers will be card-language text), Buzz tiles and their bonuses,
the Duel-only card words (pulls, dice tokens from cards, ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from kot_rules.engine import abilities, dice, legal, turn
from kot_rules.engine.actions import (
    END_TURN,
    STOP,
    SWEEP,
    Action,
    Buy,
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
    K_TOKENS,
    NO_EVENT,
    QUIET_EVENTS,
    Event,
    Quiet,
)
from kot_rules.engine.options import FirstPlayerRule, Options
from kot_rules.engine.resources import damage, gain_energy, heal, set_monster
from kot_rules.engine.rules import Board, DiceSpec, GameRules, Hooks, ShopRules
from kot_rules.engine.shop import offer, pay_and_take, receive
from kot_rules.engine.state import Monster, Outcome, Phase, State
from kot_rules.engine.tracks import (
    DESTRUCTION,
    DESTRUCTION_I,
    DUEL,
    ENERGY_I,
    FACES,
    FAME,
    FAME_I,
    HEAL_I,
    MAX_DICE_TOKENS,
    POWER_I,
    SMASH_I,
    VICTORIES,
    DuelBoard,
    board_from_json,
    bonus_at,
    in_zone,
    pull_steps,
    step,
    stops,
    victory,
)
from kot_rules.language.ast import ModifierKind, Trigger
from kot_rules.rulebook import game_monsters

GAME_ID = DUEL.game
DICE: int = DUEL["dice"]
FIRST_TURN_DICE: int = DUEL["first-turn-dice"]
ROLLS: int = DUEL["rolls"]
MAX_DICE: int = DUEL["max-dice"]
MAX_EXTRA_DICE: int = DUEL["max-extra-dice"]
SECOND_PLAYER_ENERGY: int = DUEL["second-player-energy"]
PULL_SET: int = DUEL["pull-set"]
DAMAGE_PER_SMASH: int = DUEL["damage-per-smash"]
HEARTS_PER_HEAL: int = DUEL["hearts-per-heal"]
ENERGY_PER_FACE: int = DUEL["energy-per-face"]
SHOP_SIZE: int = DUEL["shop-size"]
REFRESH_COST: int = DUEL["refresh-cost"]
RIGHTMOST_DISCOUNT: int = DUEL["rightmost-discount"]
NO_PURCHASE_ENERGY: int = DUEL["no-purchase-energy"]

_M_CARD_DISCOUNT = ModifierKind.CARD_DISCOUNT
_M_EXTRA_DICE = ModifierKind.EXTRA_DICE
_TOKENS, _RESOLVE, _BUY, _ROLL, _OVER = (
    Phase.DICE_TOKENS, Phase.RESOLVE, Phase.BUY, Phase.ROLL, Phase.OVER,
)  # fmt: skip


def rival(seat: int) -> int:
    return 1 - seat


# -- set-up ----------------------------------------------------------------------------


def prepare(s: State, fresh: bool) -> None:
    """The Duel board at the start: markers at 0 (duel.setup.markers), no dice tokens.

    A new game also sets each monster's hearts from its board (duel.setup.hearts,
    D-DUEL-POWER-AMOUNTS), gives the second player its energy
    (duel.setup.second-player-energy) and lays the shop as dealt one by one and slid
    right, the first card on the rightmost space (D-DUEL-SHOP-ORDER).
    """
    s.board = DuelBoard()
    if not fresh:
        return
    boards = {b.name: b.hearts for b in game_monsters(GAME_ID)}
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
    found = victory((ms[0].hearts, ms[1].hearts), b.fame, b.destruction, b.extra)
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
    s.board = replace(b, white=max(0, extra), bought=False, resolved=())
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
        ev.append(Event(K_TOKENS, a, -n, None, "", "dice"))
    s.board = replace(b, white=b.white + n)
    s.to_roll += n
    s.phase = _ROLL


def to_resolve(s: State) -> list[int]:
    """Positions of the face kinds on the dice not resolved yet this turn."""
    done = s.board.resolved
    d = s.dice
    return [i for i in range(6) if d[i] and i not in done]


def resolve(s: State, ev: list[Event]) -> None:
    """The roll is final (duel.roll.final): the faces are resolved one kind at a time, in
    the order the active player chooses (duel.resolve.every-die, D-DUEL-RESOLVE-ORDER).

    duel-cards-roll: first the cards' faces join the roll, then the cards that look at the
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
    ev.append(Event(K_RESOLVED, a, 0, None, "", describe_dice(s.dice)))
    if to_resolve(s):
        s.phase = _RESOLVE
    else:
        _resolved(s, ev)


# -- duel-cards-roll: the roll's words ---------------------------------------------------

_M_EXTRA_SMASH = ModifierKind.EXTRA_SMASH
_M_EXTRA_SMASH_SPOTLIGHT = ModifierKind.EXTRA_SMASH_SPOTLIGHT
_M_REROLL_FAME = ModifierKind.REROLL_FAME
_T_OF_A_KIND = Trigger.OF_A_KIND
_T_RESOLVE = Trigger.RESOLVE
_T_RESOLVED = Trigger.RESOLVED
_T_SKIPPED = Trigger.SKIPPED


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
        ev.append(Event(K_RESOLVED, a, extra, None, "", f"{extra} smash added by cards"))
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
    kinds = to_resolve(s)
    index = -1
    if isinstance(action, ResolveFaces) and action.face in FACES:
        index = FACES.index(action.face)
    if index not in kinds:
        turn.illegal(s, action, "resolve one of " + ", ".join(FACES[i].value for i in kinds))
    a = s.active
    n = s.dice[index]
    b: DuelBoard = s.board
    s.board = b.with_resolved(index)
    if index == SMASH_I:
        # duel.face.smash: the rival loses 1 heart per face (checked after the step).
        damage(s, ev, rival(a), n * DAMAGE_PER_SMASH, a, attack=True)
    elif index == HEAL_I:
        heal(s, ev, a, n * HEARTS_PER_HEAL, "heal faces")  # capped: D-DUEL-HEART-CAP
    elif index == ENERGY_I:
        gain_energy(s, ev, a, n * ENERGY_PER_FACE, "energy faces")  # duel.face.energy
    elif index in (FAME_I, DESTRUCTION_I):
        pull(s, ev, a, FAME if index == FAME_I else DESTRUCTION, pull_steps(n, PULL_SET))
    elif index == POWER_I:
        # duel.face.power: the monsters' powers are not in this step (issue 10).
        ev.append(Event(K_RESOLVED, a, n, None, "", "power faces (no power yet)"))
    if s.phase is not _OVER and not to_resolve(s):
        _resolved(s, ev)


def pull(s: State, ev: list[Event], seat: int, track: str, steps: int) -> None:
    """``seat`` pulls a marker ``steps`` steps toward its end, one at a time
    (duel.track.one-step, D-DUEL-PULL-STEPS): each step moves the marker (tracks.step:
    Buzz tiles may lengthen or shorten it, D-DUEL-BUZZ-GEOMETRY), then the puller gets
    the bonus of the place it landed on (duel.buzz.bonus, D-DUEL-BUZZ-BONUS), then victory
    is checked (D-DUEL-WIN-CHECK, D-DUEL-SPOTLIGHT): a win ends the game there and the
    steps left are lost. A rival's King tile stops the pull on it (duel.king.stop).
    """
    for _ in range(steps):
        b: DuelBoard = s.board
        to = step(b.tiles, track, b.position(track), seat)
        if to is None:
            return  # on the puller's Victory space already (the game would be over)
        s.board = b.moved(track, *to)
        ev.append(Event(K_PULLED, seat, to[0], None, "",
                        track + (" (extra space above)" if to[1] else "")))
        kind, n = bonus_at(b.tiles, track, to)
        if kind != "none":
            _bonus(s, ev, seat, kind, n)
        if _declare_if_won(s, ev) or stops(b.tiles, track, to, seat):
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
        ev.append(Event(K_TOKENS, seat, got, None, "", "dice"))


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
        s.board = replace(s.board, bought=True)
        _slide(s, ev, action.card)
        if receive(s, ev, a, action.card, price=cost):
            turn.end_turn(s, ev, end_effects=False)  # an extra turn bought: played at once
    elif isinstance(action, Sweep):
        if m.energy < REFRESH_COST or not s.shop:
            turn.illegal(s, action, f"{REFRESH_COST} energy and a face-up card to refresh")
        # duel.buy.refresh, D-DUEL-REFRESH-LIMIT: as often as paid; not a purchase
        # (duel.buy.refresh-not-purchase).
        set_monster(s, a, m._replace(energy=m.energy - REFRESH_COST))
        s.discard = s.discard + s.shop
        dealt = s.deck[:SHOP_SIZE]
        s.deck = s.deck[SHOP_SIZE:]
        s.shop = tuple(reversed(dealt))  # D-DUEL-SHOP-ORDER: the first card ends rightmost
        ev.append(Event(K_SWEPT, a, 0, None, "", ", ".join(s.shop) or "the deck is empty"))
        offer(s, ev, s.shop)
    elif isinstance(action, EndTurn):
        b: DuelBoard = s.board
        if not b.bought:
            # duel.buy.energy-instead, D-DUEL-NO-PURCHASE-ENERGY.
            gain_energy(s, ev, a, NO_PURCHASE_ENERGY, "no Power card bought this turn")
        turn.end_turn(s, ev)
    elif isinstance(action, UseCard):
        turn.illegal(s, action, "buy a face-up card, refresh the shop, or end the turn")
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
    """The decisions open to the active monster in each Duel phase."""
    phase = s.phase
    if phase is _TOKENS:
        return [SpendDiceTokens(n) for n in range(spendable(s) + 1)]
    if phase is _RESOLVE:
        return [ResolveFaces(FACES[i]) for i in to_resolve(s)]
    if phase is _BUY:
        energy = s.monsters[s.active].energy
        actions: list[Action] = [Buy(c) for c in s.shop if price(s, c) <= energy]
        if energy >= REFRESH_COST and s.shop:
            actions.append(SWEEP)
        actions.append(END_TURN)
        return actions
    if phase is _OVER:
        return ()
    if phase is Phase.KEEP and s.pending is None and s.rolls_done >= s.rolls_allowed:
        # duel-cards-roll: past the last roll only fame dice are rerolled (D-DUEL-FAME-REROLL).
        d = s.dice
        keeps: list[Action] = [STOP]
        for kept in range(d[FAME_I]):
            keeps.append(Reroll((kept, *d[1:])))
        return keeps
    return legal.legal_actions(s)  # rerolls: the shared keep phase


def describe_dice(counts: Sequence[int]) -> str:
    return " ".join(f.value for f, n in zip(FACES, counts, strict=True) for _ in range(n))


def apply_roll(s: State, ev: list[Event], action: Action) -> None:
    """A roll of the dice being thrown (chance; duel.roll.three-rolls)."""
    if not isinstance(action, Roll):
        turn.illegal(s, action, f"a roll of {s.to_roll} dice (chance)")
    c = action.counts
    if len(c) != 6 or sum(c) != s.to_roll or min(c) < 0:
        turn.illegal(s, action, f"a roll of exactly {s.to_roll} dice")
    _roll(s, ev, c)


def _roll(s: State, ev: list[Event], c: Counts) -> None:
    s.dice = dice.add(s.dice, c)
    s.to_roll = 0
    s.rolls_done += 1
    # Duel's face names in the event's text (the dice counts would print King of Tokyo's).
    ev.append(NO_EVENT if ev.__class__ is Quiet  # nobody reads them: no text built
              else Event(K_ROLLED, s.active, s.rolls_done, None, "", describe_dice(c)))
    if s.rolls_done >= s.rolls_allowed and not (
        s.dice[FAME_I] and s.game.cards.with_modifier[_M_REROLL_FAME] and fame_rerolls(s)
    ):
        resolve(s, ev)
    else:
        s.phase = Phase.KEEP


def roll_in_place(s: State, counts: Counts) -> None:
    """:func:`apply_roll` for a driver that samples legal dice itself."""
    table = s.game.cards
    if table.may_ask and abilities.holds_any(s, table.asking):
        # duel-cards-roll: a held card may ask once the roll is final (a skip): the
        # step goes through the asking apply, which keeps its start for the replay.
        turn.apply(s, Roll(counts))
        return
    ev: list[Event] = Quiet() if s.events is QUIET_EVENTS else []
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
    if len(k) != 6 or min(k) < 0 or not dice.contains(s.dice, k) or k == s.dice:
        turn.illegal(s, action, f"a keep taken from the dice on the table, leaving at least "
                     f"one to reroll ({describe_dice(s.dice)})")
    if s.rolls_done >= s.rolls_allowed and not (
        fame_rerolls(s) and k[FAME_I + 1:] == s.dice[FAME_I + 1:]
    ):
        turn.illegal(s, action, "no reroll: every roll of this turn is used (only fame dice, "
                     "with a card that allows it)")
    ev.append(NO_EVENT if ev.__class__ is Quiet
              else Event(K_KEPT, s.active, 0, None, "", describe_dice(k) or "nothing"))
    s.to_roll = sum(s.dice) - sum(k)
    s.dice = k
    s.phase = _ROLL


RULES = GameRules(
    id=GAME_ID,
    numbers=DUEL,
    min_players=DUEL["min-players"],
    max_players=DUEL["max-players"],
    dice=DiceSpec(FACES, DICE, ROLLS),
    board=Board((), DUEL["max-players"] + 1),  # no Tokyo: its places never open
    shop=ShopRules(SHOP_SIZE, REFRESH_COST),
    options=Options,
    phases={
        Phase.DICE_TOKENS: apply_dice_tokens,
        Phase.ROLL: apply_roll,
        Phase.KEEP: apply_keep,
        Phase.RESOLVE: apply_resolve,
        Phase.BUY: apply_buy,
    },
    hooks=Hooks(
        start_turn=start_turn,
        resolve=resolve,
        end_of_turn=end_of_turn,
        after_step=after_step,
        on_elimination=on_elimination,
        pull=pull,  # duel-words: a card's pull is the dice's pull
        gain_dice_tokens=gain_dice_tokens,
        skip_resolve=skip_resolve,  # duel-cards-roll
    ),
    apply=turn.apply,
    roll_in_place=roll_in_place,
    legal_actions=legal_actions,
    start_turn=turn.start_turn,
    title="King of Tokyo: Duel",
    names=tuple(b.name for b in game_monsters(GAME_ID)),
    prepare=prepare,
    board_from_json=board_from_json,
    victories=VICTORIES,
    check_options=check_options,
)
"""King of Tokyo: Duel (2 players) for the kernel."""
