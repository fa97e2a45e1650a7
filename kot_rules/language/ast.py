"""The card language's syntax tree (what the parser saw) and checked definitions.

``*Syntax`` classes hold what a card file says, unchecked, each part with its
position. The checker turns a ``CardSyntax`` into a ``CardDef``, the checked
definition the rest of the package uses.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from enum import Enum

_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(name: str) -> str:
    """A card id: lowercase ASCII letters and digits, other runs collapsed to '-'."""
    return _NOT_SLUG.sub("-", name.lower()).strip("-")


@dataclass(frozen=True, slots=True)
class Position:
    """1-based line and column (in characters) of a place in a card file."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class CardKind(Enum):
    # Members are singletons: hash by identity, in C, because the engine looks these
    # up on every turn (Enum's own __hash__ is Python code). Dict order stays insertion order.
    __hash__ = object.__hash__

    KEEP = "keep"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Alias:
    """Another name for a card, in a language other than English."""

    language: str
    name: str
    position: Position


class Verb(Enum):
    """What an effect sentence does (the first slice of the card language)."""

    # Members are singletons: hash by identity, in C, because the engine looks these
    # up on every turn (Enum's own __hash__ is Python code). Dict order stays insertion order.
    __hash__ = object.__hash__

    GAIN_STARS = "gain-stars"
    GAIN_ENERGY = "gain-energy"
    HEAL = "heal"
    TAKE_DAMAGE = "take-damage"
    LOSE_STARS = "lose-stars"
    LOSE_ENERGY = "lose-energy"
    TAKE_TOKYO_CITY = "take-tokyo-city"  # move into Tokyo City unless already in Tokyo
    EXTRA_TURN = "extra-turn"  # take another turn right after this one (amount: dice fewer)
    MAY_EXTRA_TURN = "may-extra-turn"  # the same, if its owner chooses to
    # What activated abilities do (the amount: rolls, the face 1-3 or 0 for any, healing).
    EXTRA_ROLL = "extra-roll"  # roll once more this turn
    SET_DIE = "set-die"  # change one of your dice to the face `amount` (0: any face)
    REROLL_FACE = "reroll-face"  # reroll dice showing `amount`, using no roll
    PROTECT = "protect"  # take no damage for the rest of this turn
    # Ability clauses that ask the owner (kot_rules.engine.requests).
    SELL_CARDS = "sell-cards"  # discard any of your cards for their printed cost in energy
    REROLL_OTHERS_DIE = "reroll-others-die"  # reroll one of the active monster's dice;
    # amount 1: then discard this card if that die shows a heart
    ADD_ATTACK_DAMAGE = "add-attack-damage"  # this turn's attack deals N more, even without claws
    ADD_CLAW_DAMAGE = "add-claw-damage"  # this turn's attack deals N more, if it has a claw
    DISCARD_ALL_CARDS = "discard-all-cards"  # every card the monster has goes to the discard
    LOSE_ALL_STARS = "lose-all-stars"
    LEAVE_TOKYO = "leave-tokyo"  # leave City or Bay (nobody takes the place)
    SET_HEARTS = "set-hearts"  # hearts become N (at most the maximum)
    # Tokens and what a card holds (slice 6).
    PUT_TOKENS = "put-tokens"  # put `amount` `token` tokens on a monster or on this card
    # Move any of your energy onto this card (amount 1: the bank adds as much again).
    STORE_ENERGY = "store-energy"
    TAKE_STORED = "take-stored"  # move `amount` energy from this card to its owner (not a gain)
    COPY_CARD = "copy-card"  # this card works as a copy of a keep card in play (amount: the
    # energy to pay for choosing another; 0: the choice is free and must be made)
    # What a Duel monster's power says (its monster file only).
    ADD_FACES = "add-faces"  # add `amount` faces of one kind the owner chooses to its roll
    PLACE_KING_TILE = "place-king-tile"  # place, or move, one of the owner's King tiles
    # King of Tokyo: Duel's pulls and dice tokens.
    PULL_FAME = "pull-fame"  # pull the Fame marker `amount` spaces, step by step
    PULL_DESTRUCTION = "pull-destruction"  # pull the Destruction marker `amount` spaces
    GAIN_DICE_TOKENS = "gain-dice-tokens"  # gain dice tokens, at most the cap held
    # King of Tokyo: Duel.
    SPOTLIGHT_DAMAGE = "spotlight-damage"  # each monster with a marker in its zone takes N
    REST = "rest"  # the owner discards this card, or heals N and ends its turn (it chooses)
    REFUND = "refund"  # the owner may discard this card to gain the energy the trigger names
    SWAP_CARD = "swap-card"  # the owner may swap this card for another monster's keep card
    NO_DAMAGE_THIS_TURN = "no-damage-this-turn"  # a replacement: no damage for the turn's rest
    DISCARD_THIS = "discard-this"  # a replacement: this card goes to the discard pile
    # The rival's keep cards and dice, the shop at other moments (Duel).
    DISCARD_CHOSEN_KEEP = "discard-chosen-keep"  # the target discards a keep card the owner picks
    FEWER_DICE_PER_KEEP = "fewer-dice-per-keep"  # next turn: the target may discard keep cards,
    # then rolls `amount` dice fewer for each keep card it has
    BUY_FOR_LESS = "buy-for-less"  # the owner may buy a face-up card for `amount` energy less
    DISCARD_FROM_SHOP = "discard-from-shop"  # the owner discards a face-up card (it is replaced)
    FEWER_DICE_NEXT_TURN = "fewer-dice-next-turn"  # the target rolls `amount` dice fewer next turn
    # Choices on the roll, and a card that discards itself.
    SKIP_RESOLVE = "skip-resolve"  # the owner may resolve none of its roll's faces
    LEAVE_UNRESOLVED = "leave-unresolved"  # the owner may take `amount` dice out of its roll
    # King of New York's verbs (its faces, tiles, boroughs and special cards).
    ADD_CLAW_FACES = "add-claw-faces"  # `amount` claw faces join the owner's roll
    ADD_DESTRUCTION_FACES = "add-destruction-faces"  # `amount` destruction faces join it
    WIN_GAME = "win-game"  # the owner wins the game at once
    MAY_MOVE = "may-move"  # the owner may move as in its Move phase
    TAKE_ENERGY_FROM = "take-energy-from"  # the trigger's monster gives the owner energy
    IT_LOSES_STARS = "it-loses-stars"  # the trigger's monster loses stars
    IT_TAKES_DAMAGE = "it-takes-damage"  # the trigger's monster takes damage (no attack)
    LOSE_OWN_STARS = "lose-own-stars"  # the owner loses stars
    LOSE_ALL_HEARTS = "lose-all-hearts"  # the owner's hearts drop to 0
    PUT_BOROUGH_TOKEN = "put-borough-token"  # a `token` token goes in the owner's borough
    PUSH_UNITS = "push-units"  # the owner may push up to `amount` units out of a borough
    ADD_DESTRUCTION_UNITS_ONLY = "add-destruction-units-only"  # the owner may add `amount`
    # destruction faces to its roll; then it destroys only units this turn
    EVERY_GAINS_ENERGY = "every-gains-energy"  # every monster gains energy
    EVERY_DISCARDS_KEEP = "every-discards-keep"  # every monster discards a keep card it picks
    UNITS_ATTACK = "units-attack"  # every unit attacks the monsters in its borough
    STARS_FOR_DAMAGE = "stars-for-damage"  # `amount` stars per damage dealt to one monster
    TRADE_STARS = "trade-stars"  # stars to 0; per star lost `amount` energy or hearts
    NEXT_KEEP_FREE = "next-keep-free"  # the next keep card revealed is the owner's, free
    FREE_MOVES = "free-moves"  # in the turn the card gives, the owner may move at any time
    HEAL_PER_TOKEN = "heal-per-token"  # an act: heal `amount` per token on this card


class Who(Enum):
    """Whom an effect sentence affects."""

    # Members are singletons: hash by identity, in C, because the engine looks these
    # up on every turn (Enum's own __hash__ is Python code). Dict order stays insertion order.
    __hash__ = object.__hash__

    YOU = "you"
    EACH_OTHER = "each-other"
    EVERY = "every"
    NEIGHBOURS = "neighbours"  # the nearest monsters in the game on the left and right
    TAKER = "taker"  # the monster that takes the place the owner yielded
    IT = "it"  # the monster the trigger names (the monster you dealt damage to)
    THIS_CARD = "this-card"  # the card itself (tokens or energy on it)


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect sentence: ``verb`` ``amount`` applied to ``who``.

    With ``per`` > 0 the amount is given for every ``per`` energy the affected
    monster has ("gain 1 star for every 6 energy you have"). Damage from an
    effect is never an attack [001 §DODATEK, ATAKOWANIE]. ``token`` names the
    token kind of ``put-tokens``.
    """

    verb: Verb
    amount: int
    who: Who
    position: Position
    per: int = 0
    token: str = ""
    # What `per` counts when it is not the energy held.
    per_count: str = ""
    """With ``per``: a face of the owner's roll (``smash``, ``power``), or ``PER_UNUSED_ROLL``."""


PER_UNUSED_ROLL = "unused-roll"
"""The ``per_count`` of ``for each roll you left unused``."""


class Trigger(Enum):
    """When a keep card's ability fires (``When ...,`` / ``At ...,``)."""

    # Members are singletons: hash by identity, in C, because the engine looks these
    # up on every turn (Enum's own __hash__ is Python code). Dict order stays insertion order.
    __hash__ = object.__hash__

    BOUGHT = "bought"  # When you buy this card,
    START_OF_TURN = "start-of-turn"  # At the start of your turn,
    END_OF_TURN = "end-of-turn"  # At the end of your turn,
    END_OF_EACH_TURN = "end-of-each-turn"  # At the end of each turn,
    ATTACK = "attack"  # When you attack,
    BUY_CARD = "buy-card"  # When you buy another card,
    ELIMINATION = "elimination"  # When another monster is eliminated,
    SCORE_SET = "score-set"  # When you score a set of <param>s,
    RESOLVE = "resolve"  # When you resolve your dice,
    LOSE_HEARTS = "lose-hearts"  # When you lose <param> or more hearts at once,
    OTHER_FINISHED_ROLLING = "other-finished-rolling"  # When another monster has finished rolling,
    OTHER_ROLLED = "other-rolled"  # When another monster has rolled, (after any of its rolls)
    YIELD_TOKYO = "yield-tokyo"  # When you yield Tokyo, (fires when your place is taken)
    WOULD_BE_ELIMINATED = "would-be-eliminated"  # When you would be eliminated, instead ...
    DAMAGE_DEALT = "damage-dealt"  # When you deal damage to a monster, (it lost hearts)
    START_OF_EACH_TURN = "start-of-each-turn"  # At the start of each turn,
    # King of Tokyo: Duel.
    OTHER_DICE_ENERGY = "other-dice-energy"  # When another monster gains energy from its dice,
    HEART_BEYOND = "heart-beyond"  # For each heart another monster loses beyond N in a turn,
    # The owner's pulls (Duel).
    PULL_DESTRUCTION_SPACE = "pull-destruction-space"  # each space you pull Destruction
    DICE_PULL_DESTRUCTION = "dice-pull-destruction"  # your dice pull Destruction (a space or more)
    PULL_OFF_TILE = "pull-off-tile"  # a step of your pull leaves a Buzz tile
    OF_A_KIND = "of-a-kind"  # When your roll has <param> or more of one face,
    RESOLVED = "resolved"  # When your roll is resolved,
    SKIPPED = "skipped"  # When your roll is skipped, (its owner skipped resolving it)
    LEFT_UNRESOLVED = "left-unresolved"  # When your dice are left unresolved,
    # King of New York: tiles destroyed, attacks, the special cards, moves.
    DESTROY_BUILDING = "destroy-building"  # When you destroy a building,
    DESTROY_UNIT = "destroy-unit"  # When you destroy a unit,
    DESTROY_INFANTRY = "destroy-infantry"  # When you destroy an infantry unit,
    DESTROY_JET = "destroy-jet"  # When you destroy a jet,
    DESTROY_TANK = "destroy-tank"  # When you destroy a tank,
    ATTACKED = "attacked"  # When a monster attacks you,
    ATTACK_MONSTER = "attack-monster"  # When you attack a monster, (each one hit)
    OTHER_GAINS_ENERGY = "other-gains-energy"  # When another monster gains <param> or more
    # energy in a turn,
    TAKE_SUPERSTAR = "take-superstar"  # When you take the Superstar,
    TAKE_SUPERSTAR_FROM = "take-superstar-from"  # When you take the Superstar from a monster,
    LOSE_SUPERSTAR = "lose-superstar"  # When a monster takes the Superstar from you,
    TAKE_THIS = "take-this"  # When you take this card, (a special card)
    LOSE_THIS = "lose-this"  # When you lose this card,
    ENTER_BOROUGH = "enter-borough"  # When you enter a borough,
    ENTER_MANHATTAN = "enter-manhattan"  # When you enter Manhattan,
    PUT_BOROUGH_TOKEN = "put-borough-token"  # When you put a token in a borough,
    ROLL_DESTRUCTION = "roll-destruction"  # When your roll has <param> or more destruction faces,
    RESOLVE_AMONG_UNITS = "resolve-among-units"  # When you resolve your dice while your
    # borough has <param> or more units,
    OUCH_FACE = "ouch-face"  # For each ouch face you resolve,


class Condition(Enum):
    """An ``if ...`` clause of an ability."""

    # Members are singletons: hash by identity, in C, because the engine looks these
    # up on every turn (Enum's own __hash__ is Python code). Dict order stays insertion order.
    __hash__ = object.__hash__

    IN_TOKYO = "in-tokyo"  # if you are in Tokyo
    NO_ENERGY = "no-energy"  # if you have no energy
    DEALT_NO_DAMAGE = "dealt-no-damage"  # if you dealt no damage this turn
    FEWEST_STARS = "fewest-stars"  # if you have fewer stars than every other monster
    EVERY_FACE = "every-face"  # if your dice show every face
    ONE_TWO_THREE = "one-two-three"  # if your dice show a 1, a 2 and a 3
    # King of Tokyo: Duel.
    FAME_ON_TILE = "fame-on-tile"  # while the Fame marker is on a Buzz tile
    NO_SMASH = "no-smash"  # if it has no smash (the roll)
    # King of New York.
    IN_QUEENS = "in-queens"  # if you are in Queens
    HAVE_SUPERSTAR = "have-superstar"  # if you have the Superstar
    ROLL_HAS_STAR = "roll-has-star"  # if your roll has a star face
    MANHATTAN_EVERY_FACE = "manhattan-every-face"  # in Manhattan, and the dice show every face


@dataclass(frozen=True, slots=True)
class Ability:
    """A triggered ability: when ``trigger`` (with ``param``) happens and ``condition``
    holds, apply ``effects`` for the card's owner; ``once_per_turn`` limits it."""

    trigger: Trigger
    effects: tuple[Effect, ...]
    position: Position
    param: int = 0
    condition: Condition | None = None
    once_per_turn: bool = False
    price: int = 0
    """Energy its owner may pay for the effects (`you may pay N energy to ...`); unpaid,
    nothing happens. 0: no price, the effects just happen."""


@dataclass(frozen=True, slots=True)
class Activated:
    """An ability the owner uses at will: ``effect`` for the owner, after paying
    ``energy`` (or one ``token`` token from the card); ``once_per_turn`` limits it;
    ``then_discard`` sends the card away."""

    effect: Effect
    position: Position
    energy: int = 0
    once_per_turn: bool = False
    then_discard: bool = False
    token: str = ""

    @property
    def uses_dice(self) -> bool:
        """Whether it works on the owner's dice (only before they resolve)."""
        return self.effect.verb in DICE_VERBS


DICE_VERBS = frozenset({Verb.EXTRA_ROLL, Verb.SET_DIE, Verb.REROLL_FACE})


class ModifierKind(Enum):
    """A lasting change a keep card makes while its owner has it."""

    # Members are singletons: hash by identity, in C, because the engine looks these
    # up on every turn (Enum's own __hash__ is Python code). Dict order stays insertion order.
    __hash__ = object.__hash__

    MAX_HEARTS = "max-hearts"  # Your maximum hearts is N higher.
    EXTRA_DICE = "extra-dice"  # You roll N extra dice.
    EXTRA_ROLLS = "extra-rolls"  # You have N extra rolls each turn.
    CARD_DISCOUNT = "card-discount"  # Cards cost you N energy less.
    ATTACK_DAMAGE = "attack-damage"  # Your attacks deal N extra damage.
    ATTACK_EVERYONE = "attack-everyone"  # Your attacks hit every other monster.
    EXTRA_ENERGY = "extra-energy"  # Whenever you gain energy, gain N more.
    EXTRA_HEALING = "extra-healing"  # Whenever you heal yourself, heal N more.
    IGNORE_SMALL_DAMAGE = "ignore-small-damage"  # Damage of exactly N does not hurt you.
    DODGE = "dodge"  # Before damage, roll as many dice; each heart rolled prevents N damage.
    BUY_REVEALED = "buy-revealed"  # You may buy a card the moment it is revealed (any turn).
    YIELD_NO_DAMAGE = "yield-no-damage"  # When you yield Tokyo, you take no damage from ...attack.
    BUY_TOP_CARD = "buy-top-card"  # You may buy the top card of the deck.
    BUY_FROM_OTHERS = "buy-from-others"  # You may buy keep cards from other monsters, ...
    HEAL_OTHERS = "heal-others"  # You may spend heart faces to heal other monsters, who pay N.
    EXTRA_HEALING_ANY = "extra-healing-any"  # Whenever you heal a monster, heal it N more.
    # King of Tokyo: Duel.
    IMMUNE = "immune"  # Damage does not hurt you.
    FIRST_DAMAGE = "first-damage"  # In each turn not yours, the first N damage does not hurt.
    EXTRA_HEALING_ONCE = "extra-healing-once"  # Once per turn, a heal that heals heals N more.
    # Buzz bonuses changed (Duel).
    SMASH_FOR_BONUS = "smash-for-bonus"  # Instead of any Buzz bonus, you may take a smash.
    EMPTY_SPACE_SMASH = "empty-space-smash"  # Empty spaces of Buzz tiles give you a smash.
    # A Duel monster's power (its monster file only).
    MULTIPLY_SMASH = "multiply-smash"  # smash faces may count times the power faces
    EXTRA_SMASH = "extra-smash"  # Your roll has N extra smash.
    EXTRA_SMASH_SPOTLIGHT = "extra-smash-spotlight"  # ... N extra smash for each marker in a ...
    REROLL_FAME = "reroll-fame"  # You may reroll dice showing fame even after your last roll.
    # King of New York: prices, the roll, tiles, damage, the special cards.
    CHEAPER_IN_MANHATTAN = "cheaper-in-manhattan"  # This card costs you N energy less in ...
    CHEAPER_IN_QUEENS = "cheaper-in-queens"
    CHEAPER_IN_BROOKLYN = "cheaper-in-brooklyn"
    CHEAPER_IN_THE_BRONX = "cheaper-in-the-bronx"
    CHEAPER_IN_STATEN_ISLAND = "cheaper-in-staten-island"
    BUY_AFTER_TANK = "buy-after-tank"  # only buyable in a turn its buyer destroyed a tank
    BUY_AFTER_JET = "buy-after-jet"  # ... a jet
    MARATHON_TOLL = "marathon-toll"  # while in the shop: each move not forced costs N energy
    SUPERSTAR_THRESHOLD = "superstar-threshold"  # others need N more star faces to take it
    ALL_ROLLS = "all-rolls"  # each other monster must use all its rolls
    NO_CLAW_REROLL = "no-claw-reroll"  # the owner cannot reroll claw faces
    DOUBLE_ATTACK = "double-attack"  # the owner's attacks deal double damage
    RICHER_TARGET_DAMAGE = "richer-target-damage"  # +N to monsters with more hearts
    ATTACK_BOROUGH = "attack-borough"  # attacks also hit the others in the owner's borough
    JETS_ANYWHERE = "jets-anywhere"  # the owner may destroy jets in any borough
    DESTROY_ELSEWHERE = "destroy-elsewhere"  # for N energy, destruction in another borough
    EASIER_TANK = "easier-tank"  # a tank needs N destruction faces fewer
    EASIER_JET = "easier-jet"  # a jet needs N destruction faces fewer
    UNITS_DEAL_LESS = "units-deal-less"  # each attack of units on the owner deals N less
    HEARTS_AS_CLAWS = "hearts-as-claws"  # heart and claw faces resolve as each other
    HEARTS_AS_ENERGY = "hearts-as-energy"  # heart faces may resolve as energy faces
    LIFE_AS_ENERGY = "life-as-energy"  # hearts and energy stand in for each other
    STAR_FOR_FACE = "star-for-face"  # a star face may be spent to set another die
    ENERGY_FACES_LESS = "energy-faces-less"  # N energy less from the owner's energy faces
    BUY_FROM_DISCARD = "buy-from-discard"  # keep cards from the discard pile, N less
    ANTIMATTER = "antimatter"  # each monster attacked rolls a die: ouch doubles its damage
    CLAIMED_WITH_STARS = "claimed-with-stars"  # a special card taken by spending N star faces
    CLAIMED_WITH_OUCH = "claimed-with-ouch"  # a special card taken with N or more ouch faces
    STAR_FACES_SCORE = "star-faces-score"  # while held: each star face gains N stars


@dataclass(frozen=True, slots=True)
class Modifier:
    """``kind`` by ``amount``, only while ``condition`` holds (None: always)."""

    kind: ModifierKind
    amount: int
    position: Position
    condition: Condition | None = None


class TokenRuleKind(Enum):
    """What a token does to the monster that has it (while it has it, whoever put it there)."""

    __hash__ = object.__hash__

    END_OF_TURN_DAMAGE = "end-of-turn-damage"  # takes N damage per token at its turn's end
    FEWER_DICE = "fewer-dice"  # rolls N dice fewer per token
    HEART_REMOVES = "heart-removes"  # may spend a heart face to remove one token
    # King of New York.
    FEWER_ROLLS = "fewer-rolls"  # has N rolls fewer per token
    CLAW_REMOVES = "claw-removes"  # may spend a claw face to remove one token
    OUCH_TOLL = "ouch-toll"  # pays N energy per token to reroll a die showing ouch


@dataclass(frozen=True, slots=True)
class TokenRule:
    """A rule of the ``token`` tokens: it acts on any monster that has them, even after
    the card that says it is gone [001 §DODATEK, appendix clarification 14]."""

    kind: TokenRuleKind
    token: str
    amount: int
    position: Position


@dataclass(frozen=True, slots=True)
class TokenSupply:
    """``The game has N <token> tokens.``: how many the box holds."""

    token: str
    count: int
    position: Position


@dataclass(frozen=True, slots=True)
class EmptyRule:
    """``When this card has no <token> tokens / no energy, discard it.`` (``energy``: ENERGY)."""

    resource: str
    position: Position


ENERGY_ON_CARD = "energy"
"""The ``resource`` of energy held on a card (tokens use their kind's name)."""


@dataclass(frozen=True, slots=True)
class CardDef:
    """A checked card definition (one title; ``copies`` physical cards)."""

    name: str
    slug: str
    cost: int
    kind: CardKind
    copies: int
    aliases: tuple[Alias, ...]
    position: Position
    effects: tuple[Effect, ...] = ()
    abilities: tuple[Ability, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    activated: tuple[Activated, ...] = ()
    supplies: tuple[TokenSupply, ...] = ()
    token_rules: tuple[TokenRule, ...] = ()
    empty_rules: tuple[EmptyRule, ...] = ()
    token_mentions: tuple[tuple[str, Position], ...] = ()
    """Every token kind the card names outside its supply lines, and where (for the set check)."""
    buzz: str = ""
    """The Buzz tile the card's icon names (King of Tokyo: Duel), or "" for none."""


NO_POSITION = Position("", 0, 0)
"""The position ``strip_positions`` gives every part of a definition."""


def strip_positions(card: CardDef) -> CardDef:
    """``card`` with every position set to ``NO_POSITION``, to compare what cards say.

    Two files that define the same card (e.g. a file and its canonical rendering)
    give definitions that differ only in their positions.
    """
    return replace(
        card,
        position=NO_POSITION,
        aliases=tuple(replace(alias, position=NO_POSITION) for alias in card.aliases),
        effects=tuple(replace(effect, position=NO_POSITION) for effect in card.effects),
        abilities=tuple(
            replace(
                a,
                position=NO_POSITION,
                effects=tuple(replace(e, position=NO_POSITION) for e in a.effects),
            )
            for a in card.abilities
        ),
        modifiers=tuple(replace(m, position=NO_POSITION) for m in card.modifiers),
        activated=tuple(
            replace(a, position=NO_POSITION, effect=replace(a.effect, position=NO_POSITION))
            for a in card.activated
        ),
        supplies=tuple(replace(x, position=NO_POSITION) for x in card.supplies),
        token_rules=tuple(replace(x, position=NO_POSITION) for x in card.token_rules),
        empty_rules=tuple(replace(x, position=NO_POSITION) for x in card.empty_rules),
        token_mentions=tuple((token, NO_POSITION) for token, _ in card.token_mentions),
    )


# --- Unchecked syntax ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CostSyntax:
    """``cost N, keep|discard[, copies N]`` as written (numbers not range-checked)."""

    cost: int
    cost_position: Position
    kind: CardKind
    copies: int | None
    copies_position: Position | None
    position: Position


@dataclass(frozen=True, slots=True)
class AliasSyntax:
    """``alias LANG "NAME"`` as written (language not checked)."""

    language: str
    language_position: Position
    name: str
    name_position: Position
    position: Position


@dataclass(frozen=True, slots=True)
class EffectSyntax:
    """One effect sentence as written (amount not range-checked).

    ``unit`` is the word after the amount (``star``, ``stars``, ``energy``,
    ``damage``), or None for ``Heal N.``; the checker makes ``star`` / ``stars``
    agree with the amount.
    """

    verb: Verb
    who: Who
    amount: int
    amount_position: Position
    unit: str | None
    unit_position: Position | None
    position: Position


@dataclass(frozen=True, slots=True)
class CardSyntax:
    """One ``card "NAME"`` block as written, its lines in file order."""

    name: str
    name_position: Position
    costs: tuple[CostSyntax, ...]
    aliases: tuple[AliasSyntax, ...]
    position: Position
    effects: tuple[EffectSyntax, ...] = ()


def name_key(text: str) -> str:
    """How names are compared: Unicode-casefolded, whitespace runs made one space."""
    return " ".join(text.casefold().split())


def unaccented(text: str) -> str:
    """``text`` without diacritics (ł and ø too): how names are typed on a plain keyboard."""
    folded = unicodedata.normalize("NFKD", text.translate(_UNFOLDABLE))
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


_UNFOLDABLE = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D"})
