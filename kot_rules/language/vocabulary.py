"""The card language's vocabulary: every word declared once, with what the language knows of it.

A *word* is one member of the vocabulary enums of :mod:`.ast` (a verb, trigger,
condition, modifier kind, token rule kind, or a verb said as an activated act).
Each word says here: the grammar names that say it (``grammar``), the terminals
that tell it from the other words of its kind (``keys``, read by the parser), the
text ``render.py`` writes for it (``render``), whether its number is an amount
(``amount``: at 0 it does nothing; the ONE source of "verbs without an amount"),
a one-line ``meaning`` with an ``example`` line for the docs, and the ``games``
whose cards may say it.

What a word *does* is attached elsewhere, keyed by the same enum member: the
interpreter's meaning in ``kot_rules.engine.effects`` (a word of one game's own board: in
that game's ``words`` module, through ``GameRules.words``) and the symbolic (Z3) one in
``kot_rules.games.king_of_tokyo.semantics``; a test holds both to this table. This module
imports neither (the language comes first).

Adding a verb: its enum member (ast.py), its grammar rule (the game's dialect),
its row here, its interpreter meaning and its Z3 meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Generic, TypeVar

from .ast import (
    Condition,
    Effect,
    ModifierKind,
    TokenRule,
    TokenRuleKind,
    Trigger,
    Verb,
    Who,
)

KING_OF_TOKYO = "king-of-tokyo"
_KOT = frozenset({KING_OF_TOKYO})
KING_OF_TOKYO_DUEL = "king-of-tokyo-duel"
_KOT_DUEL = frozenset({KING_OF_TOKYO, KING_OF_TOKYO_DUEL})
"""King of Tokyo's words that Duel's cards say too, meaning the same."""
_DUEL = frozenset({KING_OF_TOKYO_DUEL})  # words only Duel's cards say
KING_OF_NEW_YORK = "king-of-new-york"  # the game id New York's words name

M = TypeVar("M", bound=Enum)
A = TypeVar("A")

# How a verb is said (``Word.form``).
SENTENCE = "sentence"  # an effect sentence, or the same words as an ability's clause
CLAUSE = "clause"  # only an ability's clause (a replacement's, an attack bonus)
ASKING = "asking"  # an ability's clause in which the owner chooses (`you may ...`)
HELD = "held"  # a clause about tokens or energy lying on a card or a monster
ACT = "act"  # only an activated ability's act (`You may ... roll once more.`)
POWER = "power"  # only a monster's power line (`With 2 power faces, ...`)


@dataclass(frozen=True, slots=True)
class Word(Generic[M, A]):
    """One word of the card language (see the module docstring for the fields)."""

    member: M
    grammar: tuple[str, ...]
    """The grammar rules (lowercase) and keywords (uppercase) that say it."""
    render: Callable[[A], str | None]
    """Its text for a given amount or effect; None where the language has no text."""
    meaning: str
    example: str
    """A whole card line that says it (the tests parse each one)."""
    keys: frozenset[str] = frozenset()
    """The terminals that identify it among its kind: the parser picks the word with the
    most keys all present (ties are a bug, refused by ``identify``)."""
    amount: bool = True
    """Its number is an amount: at 0 (or less) it does nothing. A trigger: it takes a number."""
    games: frozenset[str] = _KOT
    form: str = SENTENCE
    """Verbs only: how it is said (SENTENCE, CLAUSE, ASKING, HELD or ACT)."""
    per: bool = False
    """Verbs only: it may say `for every N energy ...`."""


def identify(candidates: Iterable[tuple[frozenset[str], M]], present: set[str]) -> M | None:
    """The member whose keys are all in ``present``, the one with most keys winning."""
    best: M | None = None
    size = -1
    tie = False
    for keys, member in candidates:
        if keys <= present:
            if len(keys) > size:
                best, size, tie = member, len(keys), False
            elif len(keys) == size:
                tie = True
    if tie:  # pragma: no cover - a table whose keys do not tell two words apart
        raise ValueError(f"two words match the terminals {sorted(present)}")
    return best


# --- Verbs ---------------------------------------------------------------------------


def _stars(amount: int) -> str:
    return f"{amount} star" if amount == 1 else f"{amount} stars"


def _dice(amount: int) -> str:
    return "die" if amount == 1 else "dice"


def _spaces(amount: int) -> str:
    return "space" if amount == 1 else "spaces"


def _pull(marker: str) -> Callable[[Effect], str | None]:
    """A pull, maybe `for every N energy you have` (per_count: render.py)."""
    def render(e: Effect) -> str | None:
        if e.who is not Who.YOU:
            return None
        text = f"Pull the {marker} marker {e.amount} {_spaces(e.amount)}"
        return text + (f" for every {e.per} energy you have." if e.per else ".")
    return render


def _you(text: Callable[[int], str]) -> Callable[[Effect], str | None]:
    """A text said only for the card's owner."""
    return lambda e: text(e.amount) if e.who is Who.YOU else None


def _without_amount(verb: Verb, text: str) -> Callable[[Effect], str | None]:
    """A text for the owner that takes no amount (one is an error, not another text)."""

    def render(e: Effect) -> str | None:
        if e.who is not Who.YOU:
            return None
        if e.amount:
            raise ValueError(f"{verb.value} takes no amount, got {e.amount}")
        return text

    return render


def _gain_stars(e: Effect) -> str | None:
    if e.who is not Who.YOU:
        return None
    if e.per:
        return f"Gain {_stars(e.amount)} for every {e.per} energy you have."
    return f"Gain {_stars(e.amount)}."


def _lose_energy(e: Effect) -> str | None:
    if e.who is not Who.EACH_OTHER:
        return None
    if e.per:
        return f"Each other monster loses {e.amount} energy for every {e.per} energy it has."
    return f"Each other monster loses {e.amount} energy."


_TAKES_DAMAGE = {
    Who.YOU: "Take {} damage.",
    Who.EACH_OTHER: "Each other monster takes {} damage.",
    Who.EVERY: "Every monster takes {} damage.",
    Who.NEIGHBOURS: "Each of your neighbours takes {} damage.",
    Who.TAKER: "The monster that takes your place takes {} damage.",
}


def _take_damage(e: Effect) -> str | None:
    text = _TAKES_DAMAGE.get(e.who)
    return text.format(e.amount) if text is not None else None


def _extra_turn(e: Effect) -> str | None:
    if e.who is not Who.YOU:
        return None
    if e.amount:  # that turn is played with fewer dice
        return f"Take another turn after this one with {e.amount} {_dice(e.amount)} fewer."
    return "Take another turn after this one."


def _may_extra_turn(e: Effect) -> str | None:
    if e.who is not Who.YOU:
        return None
    fewer = f" with {e.amount} {_dice(e.amount)} fewer" if e.amount else ""
    return f"You may take another turn after this one{fewer}."


def _copy(e: Effect) -> str | None:
    if e.who is not Who.YOU:
        return None
    if e.amount:
        return f"You may pay {e.amount} energy to choose another keep card for this card to copy."
    return "Choose a keep card for this card to copy."


def _reroll_others_die(e: Effect) -> str | None:
    if e.who is not Who.YOU or e.amount not in (0, 1):
        return None
    tail = ", and if it shows a heart, discard this card" if e.amount else ""
    return f"You may reroll one of its dice{tail}."


def _put_tokens(e: Effect) -> str | None:
    if e.who not in (Who.IT, Who.THIS_CARD) or not e.token:
        return None
    place = "it" if e.who is Who.IT else "this card"
    tokens = f"a {e.token} token" if e.amount == 1 else f"{e.amount} {e.token} tokens"
    return f"Put {tokens} on {place}."


def _store_energy(e: Effect) -> str | None:
    if e.who is not Who.THIS_CARD or e.amount not in (0, 1):
        return None
    bank = ", then the bank adds as much" if e.amount else ""
    return f"Move any amount of your energy onto this card{bank}."


def _no_sentence(e: Effect) -> str | None:
    """An act (activated abilities say it; ``ACTS`` renders it), never an effect sentence."""
    return None


VERBS: dict[Verb, Word[Verb, Effect]] = {w.member: w for w in (
    Word(Verb.GAIN_STARS, ("gain_sentence", "gain_clause"), _gain_stars,
         "the owner gains stars", "Gain 2 stars.", frozenset({"GAIN"}), per=True),
    Word(Verb.GAIN_ENERGY, ("gain_sentence", "gain_clause"),
         _you(lambda n: f"Gain {n} energy."),
         "the owner gains energy", "Gain 9 energy.", frozenset({"GAIN", "ENERGY"}),
         games=_KOT_DUEL),
    Word(Verb.HEAL, ("heal_sentence", "heal_clause"), _you(lambda n: f"Heal {n}."),
         "the owner heals hearts, never above its maximum", "Heal 2.", frozenset({"HEAL"}),
         games=_KOT_DUEL),
    Word(Verb.TAKE_DAMAGE, ("take_sentence", "others_sentence", "every_sentence",
                            "take_clause", "others_clause", "every_clause",
                            "neighbours_clause", "taker_clause"), _take_damage,
         "monsters take damage (never an attack)", "Each other monster takes 2 damage.",
         frozenset({"DAMAGE_LC"}), games=_KOT_DUEL),
    Word(Verb.LOSE_STARS, ("others_sentence", "others_clause"),
         lambda e: f"Each other monster loses {_stars(e.amount)}."
         if e.who is Who.EACH_OTHER else None,
         "the other monsters lose stars (what they have at most)",
         "Each other monster loses 5 stars.", frozenset({"LOSES"})),
    Word(Verb.LOSE_ENERGY, ("others_sentence", "others_clause", "per_held"), _lose_energy,
         "the other monsters lose energy (what they have at most)",
         "Each other monster loses 1 energy.", frozenset({"LOSES", "ENERGY"}), per=True),
    Word(Verb.TAKE_TOKYO_CITY, ("tokyo_sentence", "tokyo_clause"),
         _without_amount(Verb.TAKE_TOKYO_CITY,
                         "Take control of Tokyo City unless you are in Tokyo."),
         "the owner moves into Tokyo City unless it is in Tokyo already",
         "Take control of Tokyo City unless you are in Tokyo.", frozenset({"CONTROL"}),
         amount=False),
    Word(Verb.EXTRA_TURN, ("extra_turn_sentence", "extra_turn_clause", "fewer_dice"),
         _extra_turn, "the owner plays another turn right after this one (the amount: dice "
         "it rolls fewer then)", "Take another turn after this one.", frozenset({"AFTER"}),
         amount=False, games=_KOT_DUEL),
    Word(Verb.MAY_EXTRA_TURN, ("extra_turn_clause", "fewer_dice"), _may_extra_turn,
         "the owner may play another turn right after this one, if it chooses to (the "
         "amount: dice it rolls fewer then)",
         "When you score a set of 1s, you may take another turn after this one.",
         frozenset({"AFTER", "MAY"}), amount=False),
    Word(Verb.EXTRA_ROLL, ("roll_more",), _no_sentence, "one more roll this turn",
         "You may pay 1 energy to roll once more.", form=ACT),
    Word(Verb.SET_DIE, ("change_die",), _no_sentence,
         "one of the owner's dice becomes the face named (0: any face)",
         "Once per turn, you may change one of your dice to a 1.", amount=False, form=ACT),
    Word(Verb.REROLL_FACE, ("reroll_face",), _no_sentence,
         "the owner rerolls its dice showing a number, using up no roll",
         "You may reroll any of your dice showing 3.", form=ACT),
    Word(Verb.PROTECT, ("protect",), _no_sentence,
         "the owner takes no damage for the rest of the turn",
         "You may take no damage this turn, then discard this card.", amount=False, form=ACT),
    Word(Verb.SELL_CARDS, ("sell_clause",),
         lambda e: "You may discard any of your cards for their cost in energy."
         if e.who is Who.YOU and e.amount == 0 else None,
         "the owner may discard its cards, each for its printed cost in energy",
         "At the end of your turn, you may discard any of your cards for their cost in "
         "energy.", amount=False, form=ASKING),
    Word(Verb.REROLL_OTHERS_DIE, ("probe_clause",), _reroll_others_die,
         "the owner may reroll one of the active monster's dice (1: then discard this card "
         "if it shows a heart)",
         "When another monster has finished rolling, you may reroll one of its dice.",
         amount=False, form=ASKING),
    Word(Verb.ADD_ATTACK_DAMAGE, ("bonus_clause",),
         _you(lambda n: f"Add {n} damage to your attack even without claws."),
         "this turn's attack deals more damage, even without claws",
         "When you resolve your dice, add 1 damage to your attack even without claws.",
         frozenset({"ADD", "DAMAGE_LC", "EVEN"}), form=CLAUSE),
    Word(Verb.ADD_CLAW_DAMAGE, ("bonus_clause",),
         _you(lambda n: f"Add {n} damage to your attack."),
         "this turn's attack deals more damage if it has a claw (never 0 claws into damage)",
         "When you score a set of 2s, add 2 damage to your attack.",
         frozenset({"ADD", "DAMAGE_LC"}), form=CLAUSE),
    Word(Verb.DISCARD_ALL_CARDS, ("discard_clause",),
         _without_amount(Verb.DISCARD_ALL_CARDS, "Discard all your cards."),
         "every card of the monster goes to the discard pile",
         "When you would be eliminated, instead discard all your cards and leave Tokyo.",
         frozenset({"ALL", "CARDS_LC"}), amount=False, form=CLAUSE),
    Word(Verb.LOSE_ALL_STARS, ("lose_all_clause",),
         _without_amount(Verb.LOSE_ALL_STARS, "Lose all your stars."),
         "the monster's stars drop to 0",
         "When you would be eliminated, instead lose all your stars and leave Tokyo.",
         frozenset({"ALL", "STARS"}), amount=False, form=CLAUSE),
    Word(Verb.LEAVE_TOKYO, ("leave_clause",),
         _without_amount(Verb.LEAVE_TOKYO, "Leave Tokyo."),
         "the monster leaves City or Bay; nobody takes its place",
         "When you would be eliminated, instead leave Tokyo.", frozenset({"LEAVE"}),
         amount=False, form=CLAUSE),
    Word(Verb.SET_HEARTS, ("set_hearts_clause",), _you(lambda n: f"Set your hearts to {n}."),
         "the monster's hearts become the amount (never above its maximum)",
         "When you would be eliminated, instead leave Tokyo and set your hearts to 10.",
         frozenset({"SET"}), form=CLAUSE, games=_KOT_DUEL),
    Word(Verb.PUT_TOKENS, ("token_clause",), _put_tokens,
         "tokens of a kind go on a monster or on this card",
         "When you buy this card, put 3 smoke tokens on this card.",
         frozenset({"PUT", "ON"}), form=HELD),
    Word(Verb.STORE_ENERGY, ("store_clause", "bank_adds"), _store_energy,
         "the owner moves energy onto this card (1: the bank adds as much again)",
         "When you buy this card, move any amount of your energy onto this card.",
         frozenset({"MOVE", "ONTO"}), amount=False, form=HELD),
    Word(Verb.TAKE_STORED, ("take_stored_clause",),
         _you(lambda n: f"Take {n} energy from this card."),
         "energy moves from this card to its owner (moved, not gained)",
         "At the start of your turn, take 2 energy from this card.",
         frozenset({"TAKE", "FROM"}), form=HELD),
    Word(Verb.COPY_CARD, ("copy_clause",), _copy,
         "this card works as a copy of a keep card in play (the amount: the energy to pay "
         "for choosing another)", "When you buy this card, choose a keep card for this card "
         "to copy.", amount=False, form=ASKING),
    # A Duel monster's power words (kot_rules.language.monsters).
    Word(Verb.ADD_FACES, ("add_faces_clause",),
         lambda e: f"add {e.amount} {'face' if e.amount == 1 else 'faces'} of a kind you choose",
         "the owner adds faces of one kind it chooses (any of the six) to its roll",
         "With 3 power faces, add 2 faces of a kind you choose.",
         frozenset({"ADD", "KIND"}), games=_DUEL, form=POWER),
    Word(Verb.PLACE_KING_TILE, ("king_tile_clause",),
         _without_amount(Verb.PLACE_KING_TILE, "place or move one of your King tiles"),
         "the owner places one of its King tiles on a free space, or moves one",
         "With 2 power faces, place or move one of your King tiles.",
         frozenset({"PLACE", "KING"}), amount=False, games=_DUEL, form=POWER),
    # King of Tokyo: Duel's pulls and dice tokens (Duel's cards only).
    Word(Verb.PULL_FAME, ("pull_sentence", "pull_clause", "FAME"),
         _pull("Fame"),
         "the owner pulls the Fame marker toward its end, one space at a time, as the dice "
         "pull it", "Pull the Fame marker 1 space.", frozenset({"MARKER", "FAME"}),
         games=frozenset({KING_OF_TOKYO_DUEL}), per=True),
    Word(Verb.PULL_DESTRUCTION, ("pull_sentence", "pull_clause", "DESTRUCTION"),
         _pull("Destruction"),
         "the owner pulls the Destruction marker toward its end, one space at a time, as the "
         "dice pull it", "Pull the Destruction marker 2 spaces.",
         frozenset({"MARKER", "DESTRUCTION"}), games=frozenset({KING_OF_TOKYO_DUEL}), per=True),
    Word(Verb.GAIN_DICE_TOKENS, ("dice_token_sentence", "dice_token_clause"),
         _you(lambda n: f"Gain {n} dice {'token' if n == 1 else 'tokens'}."),
         "the owner gains dice tokens; those past the most a monster may hold are lost",
         "Gain 2 dice tokens.", frozenset({"GAIN", "DICE"}),
         games=frozenset({KING_OF_TOKYO_DUEL})),
    # King of Tokyo: Duel.
    Word(Verb.SPOTLIGHT_DAMAGE, ("every_sentence", "SPOTLIGHT"),
         lambda e: f"Every monster with a marker in its spotlight zone takes {e.amount} damage."
         if e.who is Who.EVERY else None,
         "each monster with a marker in its own spotlight zone takes damage (never an attack)",
         "Every monster with a marker in its spotlight zone takes 4 damage.",
         frozenset({"DAMAGE_LC", "SPOTLIGHT"}), games=_DUEL),
    Word(Verb.REST, ("rest_clause",),
         _you(lambda n: f"Discard this card or heal {n} and end your turn."),
         "the owner discards this card, or keeps it, heals and ends its turn at once (it "
         "chooses)", "At the start of your turn, discard this card or heal 6 and end your turn.",
         amount=False, form=ASKING, games=_DUEL),
    Word(Verb.REFUND, ("refund_clause",),
         _without_amount(Verb.REFUND, "You may discard this card to gain as much energy."),
         "the owner may discard this card to gain the energy the trigger's monster gained",
         "When another monster gains energy from its dice, you may discard this card to gain "
         "as much energy.", amount=False, form=ASKING, games=_DUEL),
    Word(Verb.SWAP_CARD, ("swap_clause",),
         _without_amount(Verb.SWAP_CARD,
                         "You may swap this card for a keep card of another monster."),
         "the owner may give this card to another monster and take one of its keep cards",
         "When you lose 3 or more hearts at once, you may swap this card for a keep card of "
         "another monster.", amount=False, form=ASKING, games=_DUEL),
    Word(Verb.NO_DAMAGE_THIS_TURN, ("protect_clause",),
         _without_amount(Verb.NO_DAMAGE_THIS_TURN, "Take no damage this turn."),
         "the monster takes no damage for the rest of the turn",
         "When you would be eliminated, instead set your hearts to 1 and take no damage this "
         "turn.", frozenset({"TAKE", "NO", "DAMAGE_LC", "TURN"}), amount=False, form=CLAUSE,
         games=_DUEL),
    Word(Verb.DISCARD_THIS, ("discard_this_clause",),
         _without_amount(Verb.DISCARD_THIS, "Discard this card."),
         "this card goes to the discard pile",
         "When you would be eliminated, instead set your hearts to 1 and discard this card.",
         frozenset({"DISCARD", "THIS"}), amount=False, form=CLAUSE, games=_DUEL),
    # The rival's keep cards and dice, the shop at other moments (Duel).
    Word(Verb.DISCARD_CHOSEN_KEEP, ("rival_discard_sentence",),
         lambda e: "Each other monster discards a keep card you choose."
         if e.who is Who.EACH_OTHER and e.amount == 0 else None,
         "the other monster discards one of its keep cards, the one the owner picks",
         "Each other monster discards a keep card you choose.",
         frozenset({"DISCARDS", "KEEP"}), amount=False, games=_DUEL),
    Word(Verb.FEWER_DICE_PER_KEEP, ("dominate_sentence",),
         lambda e: ("Each other monster discards any keep cards it chooses at the start of its "
                    f"next turn, then rolls {e.amount} {_dice(e.amount)} fewer that turn for "
                    "each keep card it has.") if e.who is Who.EACH_OTHER else None,
         "as its next turn starts the other monster may discard keep cards, then rolls that "
         "many dice fewer for each keep card it still has",
         "Each other monster discards any keep cards it chooses at the start of its next turn, "
         "then rolls 1 die fewer that turn for each keep card it has.",
         frozenset({"NEXT", "FEWER", "KEEP"}), games=_DUEL),
    Word(Verb.BUY_FOR_LESS, ("buy_for_less_clause",),
         _you(lambda n: f"You may purchase a card from the shop for {n} energy less."),
         "the owner may buy one face-up card now, for that much less than its price (never "
         "below 1)",
         "At the start of your turn, you may purchase a card from the shop for 1 energy less.",
         games=_DUEL, form=ASKING),
    Word(Verb.DISCARD_FROM_SHOP, ("discard_from_shop",), _no_sentence,
         "the owner discards a face-up card of its choice; the shop fills the space",
         "Once per turn, you may replace a card in the shop.", amount=False, games=_DUEL,
         form=ACT),
    Word(Verb.FEWER_DICE_NEXT_TURN, ("fewer_next_clause",),
         lambda e: (f"Each other monster rolls {e.amount} {_dice(e.amount)} fewer on its next "
                    "turn.") if e.who is Who.EACH_OTHER else None,
         "the other monster rolls that many of its ordinary dice fewer on its next turn",
         "Once per turn, when you pull the Destruction marker with your dice, each other "
         "monster rolls 1 die fewer on its next turn.",
         frozenset({"NEXT", "FEWER"}), games=_DUEL, form=CLAUSE),
    # Choices on the roll, and a card that discards itself.
    Word(Verb.SKIP_RESOLVE, ("skip_clause",),
         _without_amount(Verb.SKIP_RESOLVE, "You may skip resolving them."),
         "the owner may resolve none of its roll's faces (its roll is skipped)",
         "When you resolve your dice, you may skip resolving them.", amount=False,
         games=_DUEL, form=ASKING),
    Word(Verb.LEAVE_UNRESOLVED, ("leave_unresolved_clause",),
         _you(lambda n: f"You may leave {n} of your dice unresolved."),
         "the owner may take that many dice of its choice out of its roll, unresolved",
         "When you resolve your dice, you may leave 2 of your dice unresolved.",
         games=_DUEL, form=ASKING),
)}
"""Every verb, in the order of the enum."""


# --- Activated acts (verbs an activated ability says, lowercase) -----------------------

_ACT_WORDS: tuple[Word[Verb, int], ...] = (
    Word(Verb.EXTRA_ROLL, ("roll_more",), lambda n: "roll once more" if n == 1 else None,
         "one more roll this turn", "You may pay 1 energy to roll once more."),
    Word(Verb.SET_DIE, ("change_die",),
         lambda n: "change one of your dice to " + (f"a {n}" if n else "any face"),
         "one of the owner's dice becomes a face",
         "You may change one of your dice to any face, then discard this card.", amount=False),
    Word(Verb.REROLL_FACE, ("reroll_face",), lambda n: f"reroll any of your dice showing {n}",
         "the owner rerolls its dice showing a number",
         "You may reroll any of your dice showing 3."),
    Word(Verb.PROTECT, ("protect",), lambda n: "take no damage this turn" if n == 0 else None,
         "no damage for the rest of the turn",
         "You may take no damage this turn, then discard this card.", amount=False),
    Word(Verb.HEAL, ("heal_clause",), lambda n: f"heal {n}", "the owner heals",
         "You may pay 2 energy to heal 1."),
    Word(Verb.DISCARD_FROM_SHOP, ("discard_from_shop",),
         lambda n: "replace a card in the shop" if n == 0 else None,
         "the owner discards a face-up card of its choice; the shop fills the space",
         "Once per turn, you may replace a card in the shop.", amount=False, games=_DUEL),
)
ACTS: dict[Verb, Word[Verb, int]] = {w.member: w for w in _ACT_WORDS}
"""The verbs an activated ability may do, with their lowercase act."""


# --- Triggers -------------------------------------------------------------------------


def _fixed(text: str) -> Callable[[int], str | None]:
    return lambda _: text


TRIGGERS: dict[Trigger, Word[Trigger, int]] = {w.member: w for w in (
    Word(Trigger.BOUGHT, ("trigger",), _fixed("When you buy this card"),
         "the owner buys this card", "When you buy this card, gain 1 star.",
         frozenset({"BUY", "THIS"}), amount=False, games=_KOT_DUEL),
    Word(Trigger.START_OF_TURN, ("trigger",), _fixed("At the start of your turn"),
         "the owner's turn starts", "At the start of your turn, gain 1 energy.",
         frozenset({"START", "YOUR_LC"}), amount=False, games=_KOT_DUEL),
    Word(Trigger.END_OF_TURN, ("trigger",), _fixed("At the end of your turn"),
         "the owner's turn ends", "At the end of your turn, gain 1 star.",
         frozenset({"END", "YOUR_LC"}), amount=False, games=_KOT_DUEL),
    Word(Trigger.END_OF_EACH_TURN, ("trigger",), _fixed("At the end of each turn"),
         "any monster's turn ends", "At the end of each turn, heal 1.",
         frozenset({"END", "EACH_LC"}), amount=False),
    Word(Trigger.ATTACK, ("trigger",), _fixed("When you attack"),
         "the owner attacks", "When you attack, gain 1 star.",
         frozenset({"ATTACK"}), amount=False),
    Word(Trigger.BUY_CARD, ("trigger",), _fixed("When you buy another card"),
         "the owner buys another card", "When you buy another card, gain 1 energy.",
         frozenset({"BUY", "ANOTHER"}), amount=False, games=_KOT_DUEL),
    Word(Trigger.ELIMINATION, ("trigger",), _fixed("When another monster is eliminated"),
         "another monster is eliminated", "When another monster is eliminated, gain 3 stars.",
         frozenset({"ANOTHER", "ELIMINATED"}), amount=False),
    Word(Trigger.SCORE_SET, ("trigger", "SET_OF_FACE"),
         lambda n: f"When you score a set of {n}s",
         "the owner's dice score a set of that number",
         "When you score a set of 1s, gain 2 stars.", frozenset({"SCORE"})),
    Word(Trigger.RESOLVE, ("trigger",), _fixed("When you resolve your dice"),
         "the owner resolves its dice", "When you resolve your dice, gain 1 energy.",
         frozenset({"RESOLVE"}), amount=False, games=_KOT_DUEL),
    Word(Trigger.LOSE_HEARTS, ("trigger",),
         lambda n: f"When you lose {n} or more hearts at once",
         "the owner loses at least that many hearts at once",
         "When you lose 2 or more hearts at once, gain 1 energy.",
         frozenset({"LOSE", "HEARTS"}), games=_KOT_DUEL),
    Word(Trigger.OTHER_FINISHED_ROLLING, ("trigger",),
         _fixed("When another monster has finished rolling"),
         "another monster's dice are rolled for the last time",
         "When another monster has finished rolling, you may reroll one of its dice.",
         frozenset({"FINISHED"}), amount=False),
    Word(Trigger.OTHER_ROLLED, ("trigger",), _fixed("When another monster has rolled"),
         "another monster has rolled its dice (after any of its rolls, before it resolves)",
         "When another monster has rolled, you may reroll one of its dice.",
         frozenset({"ANOTHER", "ROLLED"}), amount=False),
    Word(Trigger.YIELD_TOKYO, ("trigger",), _fixed("When you yield Tokyo"),
         "the owner leaves Tokyo by choice (its place is taken)",
         "When you yield Tokyo, the monster that takes your place takes 1 damage.",
         frozenset({"YIELD"}), amount=False),
    Word(Trigger.WOULD_BE_ELIMINATED, ("replacement_line",),
         _fixed("When you would be eliminated"),
         "the owner would be eliminated: the effects replace the elimination",
         "When you would be eliminated, instead leave Tokyo and set your hearts to 10.",
         frozenset({"WOULD", "ELIMINATED"}), amount=False, games=_KOT_DUEL),
    Word(Trigger.DAMAGE_DEALT, ("trigger",), _fixed("When you deal damage to a monster"),
         "a monster loses hearts to the owner",
         "When you deal damage to a monster, put a poison token on it.",
         frozenset({"DEAL"}), amount=False),
    Word(Trigger.START_OF_EACH_TURN, ("trigger",), _fixed("At the start of each turn"),
         "any monster's turn starts", "At the start of each turn, gain 1 energy.",
         frozenset({"START", "EACH_LC"}), amount=False),
    # King of Tokyo: Duel.
    Word(Trigger.OTHER_DICE_ENERGY, ("trigger",),
         _fixed("When another monster gains energy from its dice"),
         "another monster gains energy from its energy faces (the trigger's number: how much)",
         "When another monster gains energy from its dice, you may discard this card to gain "
         "as much energy.", frozenset({"GAINS"}), amount=False, games=_DUEL),
    Word(Trigger.HEART_BEYOND, ("trigger",),
         lambda n: f"For each heart another monster loses beyond {n} in a turn",
         "another monster loses a heart beyond the first hearts it loses in the turn (once "
         "per heart)", "For each heart another monster loses beyond 3 in a turn, you may pay 1 "
         "energy to pull the Fame marker 1 space.", frozenset({"BEYOND"}), games=_DUEL),
    # The owner's pulls (Duel).
    Word(Trigger.PULL_DESTRUCTION_SPACE, ("trigger",),
         _fixed("When you pull the Destruction marker a space"),
         "each space the owner pulls the Destruction marker (its dice, a card or a power)",
         "When you pull the Destruction marker a space, each other monster takes 1 damage.",
         frozenset({"PULL_LC", "DESTRUCTION", "SPACE"}), amount=False, games=_DUEL),
    Word(Trigger.DICE_PULL_DESTRUCTION, ("trigger",),
         _fixed("When you pull the Destruction marker with your dice"),
         "the owner's destruction faces pull the Destruction marker at least a space",
         "Once per turn, when you pull the Destruction marker with your dice, each other "
         "monster rolls 1 die fewer on its next turn.",
         frozenset({"PULL_LC", "DESTRUCTION", "WITH"}), amount=False, games=_DUEL),
    Word(Trigger.PULL_OFF_TILE, ("trigger",), _fixed("When you pull a marker off a Buzz tile"),
         "a step of the owner's pull takes a marker from a Buzz tile to a space off it",
         "When you pull a marker off a Buzz tile, gain 1 dice token.",
         frozenset({"PULL_LC", "OFF"}), amount=False, games=_DUEL),
    Word(Trigger.OF_A_KIND, ("trigger",),
         lambda n: f"When your roll has {n} or more of one face",
         "the owner's roll (its final dice, added faces counted) has at least that many "
         "dice of one face", "When your roll has 4 or more of one face, take 10 damage.",
         frozenset({"ROLL", "HAS"}), games=_DUEL),
    Word(Trigger.RESOLVED, ("trigger",), _fixed("When your roll is resolved"),
         "the owner has resolved every face of its roll",
         "When your roll is resolved, gain 1 energy.",
         frozenset({"RESOLVED"}), amount=False, games=_DUEL),
    Word(Trigger.SKIPPED, ("trigger",), _fixed("When your roll is skipped"),
         "the owner chose to resolve none of its roll's faces",
         "When your roll is skipped, gain 2 energy.",
         frozenset({"SKIPPED"}), amount=False, games=_DUEL),
    Word(Trigger.LEFT_UNRESOLVED, ("trigger",), _fixed("When your dice are left unresolved"),
         "the owner took dice out of its roll, unresolved",
         "When your dice are left unresolved, gain 1 dice token.",
         frozenset({"UNRESOLVED"}), amount=False, games=_DUEL),
)}


# --- Conditions -----------------------------------------------------------------------

CONDITIONS: dict[Condition, Word[Condition, int]] = {w.member: w for w in (
    Word(Condition.IN_TOKYO, ("condition", "in_tokyo"), _fixed("if you are in Tokyo"),
         "the owner is in Tokyo (City or Bay)",
         "At the start of your turn, if you are in Tokyo, gain 1 star.",
         frozenset({"TOKYO"}), amount=False),
    Word(Condition.NO_ENERGY, ("condition",), _fixed("if you have no energy"),
         "the owner has no energy",
         "At the end of your turn, if you have no energy, gain 1 energy.",
         frozenset({"NO", "ENERGY"}), amount=False),
    Word(Condition.DEALT_NO_DAMAGE, ("condition",), _fixed("if you dealt no damage this turn"),
         "the owner made no monster lose hearts this turn",
         "At the end of your turn, if you dealt no damage this turn, gain 1 star.",
         frozenset({"DEALT"}), amount=False),
    Word(Condition.FEWEST_STARS, ("condition",), _fixed("if you have the fewest stars"),
         "every other monster has more stars than the owner",
         "At the end of your turn, if you have the fewest stars, gain 1 star.",
         frozenset({"FEWEST"}), amount=False),
    Word(Condition.EVERY_FACE, ("condition",), _fixed("if they show every face"),
         "the resolved dice show all six faces",
         "When you resolve your dice, if they show every face, gain 9 stars.",
         frozenset({"EVERY_LC", "FACE"}), amount=False, games=_KOT_DUEL),
    Word(Condition.ONE_TWO_THREE, ("condition",), _fixed("if they show a 1, a 2 and a 3"),
         "the resolved dice show a 1, a 2 and a 3",
         "When you resolve your dice, if they show a 1, a 2 and a 3, gain 2 stars.",
         frozenset({"FACE_1"}), amount=False),
    # King of Tokyo: Duel: said only before a modifier.
    Word(Condition.FAME_ON_TILE, ("fame_on_tile",),
         _fixed("while the Fame marker is on a Buzz tile"),
         "the Fame marker stands on a space of a Buzz tile",
         "While the Fame marker is on a Buzz tile, in each turn that is not yours, the first 1 "
         "damage you take does not hurt you.", frozenset({"FAME", "MARKER"}), amount=False,
         games=_DUEL),
    Word(Condition.NO_SMASH, ("condition",), _fixed("if it has no smash"),
         "the owner's roll (added faces counted) has no smash face",
         "When your roll is resolved, if it has no smash, gain 1 energy.",
         frozenset({"NO", "SMASH"}), amount=False, games=_DUEL),
)}


# --- Modifiers ------------------------------------------------------------------------


def _if_zero(text: str) -> Callable[[int], str | None]:
    return lambda n: text if n == 0 else None


MODIFIERS: dict[ModifierKind, Word[ModifierKind, int]] = {w.member: w for w in (
    Word(ModifierKind.MAX_HEARTS, ("max_hearts",),
         lambda n: (f"Your maximum hearts is {n} higher." if n >= 0
                    else f"Your maximum hearts is {-n} lower."),
         "the owner's maximum hearts is higher (or lower)",
         "Your maximum hearts is 2 higher."),
    Word(ModifierKind.EXTRA_DICE, ("extra_dice",),
         lambda n: f"You roll {n} extra {_dice(n)}.", "the owner rolls more dice",
         "You roll 1 extra die.", games=_KOT_DUEL),
    Word(ModifierKind.EXTRA_ROLLS, ("extra_rolls",),
         lambda n: f"You have {n} extra {'roll' if n == 1 else 'rolls'} each turn.",
         "the owner has more rolls each turn", "You have 1 extra roll each turn.",
         games=_KOT_DUEL),
    Word(ModifierKind.CARD_DISCOUNT, ("card_discount",),
         lambda n: f"Cards cost you {n} energy less.", "cards cost the owner less",
         "Cards cost you 1 energy less."),
    Word(ModifierKind.ATTACK_DAMAGE, ("attack_damage",),
         lambda n: f"Your attacks deal {n} extra damage.",
         "the owner's attacks deal more damage (maybe only in Tokyo)",
         "While you are in Tokyo, your attacks deal 1 extra damage."),
    Word(ModifierKind.ATTACK_EVERYONE, ("attack_everyone",),
         _if_zero("Your attacks hit every other monster."),
         "the owner's attacks hit every other monster, in Tokyo or not",
         "Your attacks hit every other monster.", amount=False),
    Word(ModifierKind.EXTRA_ENERGY, ("extra_energy",),
         lambda n: f"Whenever you gain energy, gain {n} more energy.",
         "each gain of energy by the owner is bigger",
         "Whenever you gain energy, gain 1 more energy."),
    Word(ModifierKind.EXTRA_HEALING, ("extra_healing",),
         lambda n: f"Whenever you heal yourself, heal {n} more.",
         "each time the owner heals itself it heals more",
         "Whenever you heal yourself, heal 1 more."),
    Word(ModifierKind.IGNORE_SMALL_DAMAGE, ("ignore_small_damage",),
         lambda n: f"Damage of exactly {n} does not hurt you.",
         "damage of exactly that amount does the owner no harm",
         "Damage of exactly 1 does not hurt you."),
    Word(ModifierKind.DODGE, ("dodge",),
         lambda n: ("Whenever you would take damage, roll as many dice and prevent "
                    f"{n} damage for each heart rolled."),
         "dice thrown against damage prevent some of it",
         "Whenever you would take damage, roll as many dice and prevent 1 damage for each "
         "heart rolled.", games=_KOT_DUEL),
    Word(ModifierKind.BUY_REVEALED, ("buy_revealed",),
         _if_zero("Whenever a card is revealed in the shop, you may buy it at once."),
         "the owner may buy a card the moment it is revealed, on any turn",
         "Whenever a card is revealed in the shop, you may buy it at once.", amount=False),
    Word(ModifierKind.YIELD_NO_DAMAGE, ("yield_no_damage",),
         _if_zero("When you yield Tokyo, that attack does not hurt you."),
         "yielding Tokyo, the owner takes no damage from the attack",
         "When you yield Tokyo, that attack does not hurt you.", amount=False),
    Word(ModifierKind.BUY_TOP_CARD, ("buy_top_card",),
         _if_zero("You may buy the top card of the deck."),
         "the owner may buy the deck's top card", "You may buy the top card of the deck.",
         amount=False),
    Word(ModifierKind.BUY_FROM_OTHERS, ("buy_from_others",),
         _if_zero("You may buy keep cards from other monsters, paying them the cost."),
         "the owner may buy keep cards from the others, who get the price",
         "You may buy keep cards from other monsters, paying them the cost.", amount=False),
    Word(ModifierKind.HEAL_OTHERS, ("heal_others",),
         lambda n: (f"You may spend heart faces to heal other monsters, who pay you {n} "
                    "energy per heart healed."),
         "the owner's heart faces may heal others, who pay for each heart",
         "You may spend heart faces to heal other monsters, who pay you 2 energy per heart "
         "healed."),
    Word(ModifierKind.EXTRA_HEALING_ANY, ("extra_healing_any",),
         lambda n: f"Whenever you heal a monster, heal it {n} more.",
         "each healing the owner gives heals more",
         "Whenever you heal a monster, heal it 1 more."),
    # King of Tokyo: Duel.
    Word(ModifierKind.IMMUNE, ("immune",), _if_zero("Damage does not hurt you."),
         "no damage hurts the owner", "Damage does not hurt you.", amount=False, games=_DUEL),
    Word(ModifierKind.FIRST_DAMAGE, ("first_damage",),
         lambda n: (f"In each turn that is not yours, the first {n} damage you take does not "
                    "hurt you."),
         "in each turn of another monster, the first damage the owner takes does no harm",
         "In each turn that is not yours, the first 1 damage you take does not hurt you.",
         games=_DUEL),
    Word(ModifierKind.EXTRA_HEALING_ONCE, ("extra_healing_once",),
         lambda n: f"Once per turn, whenever you heal yourself, heal {n} more.",
         "the first time in a turn the owner heals itself below its maximum, it heals more",
         "Once per turn, whenever you heal yourself, heal 1 more.", games=_DUEL),
    # Buzz bonuses changed (Duel).
    Word(ModifierKind.SMASH_FOR_BONUS, ("smash_for_bonus",),
         _if_zero("Instead of any Buzz bonus, you may take a smash."),
         "the owner may take a smash (1 damage to its rival) instead of a Buzz bonus it gets",
         "Instead of any Buzz bonus, you may take a smash.", amount=False, games=_DUEL),
    Word(ModifierKind.EMPTY_SPACE_SMASH, ("empty_space_smash",),
         _if_zero("Where a Buzz tile shows no bonus, it gives you a smash."),
         "a space of a Buzz tile without a bonus gives the owner a smash (1 damage to its "
         "rival) when it pulls a marker onto it",
         "Where a Buzz tile shows no bonus, it gives you a smash.", amount=False, games=_DUEL),
    # A Duel monster's power (kot_rules.language.monsters).
    Word(ModifierKind.MULTIPLY_SMASH, ("multiply_line",),
         _if_zero("When you resolve your smash faces, you may multiply them by your power "
                  "faces."),
         "resolving its smash faces, the owner may count them times its power faces",
         "When you resolve your smash faces, you may multiply them by your power faces.",
         amount=False, games=_DUEL),
    Word(ModifierKind.EXTRA_SMASH, ("extra_smash",),
         lambda n: f"Your roll has {n} extra smash.",
         "smash faces join the owner's roll once it stops rolling",
         "Your roll has 1 extra smash.", games=_DUEL),
    Word(ModifierKind.EXTRA_SMASH_SPOTLIGHT, ("extra_smash_spotlight",),
         lambda n: f"Your roll has {n} extra smash for each marker in a spotlight zone.",
         "smash faces join the owner's roll, so many for each marker standing in either "
         "monster's spotlight zone", "Your roll has 1 extra smash for each marker in a "
         "spotlight zone.", games=_DUEL),
    Word(ModifierKind.REROLL_FAME, ("reroll_fame",),
         _if_zero("You may reroll dice showing fame even after your last roll."),
         "the owner may reroll its fame dice once its rolls are used up",
         "You may reroll dice showing fame even after your last roll.", amount=False,
         games=_DUEL),
)}


# --- Token rules ----------------------------------------------------------------------


def _token_damage(rule: TokenRule) -> str | None:
    return (f"At the end of its turn, a monster takes {rule.amount} damage for each "
            f"{rule.token} token it has.")


def _token_fewer_dice(rule: TokenRule) -> str | None:
    return (f"A monster rolls {rule.amount} {_dice(rule.amount)} fewer for each {rule.token} "
            "token it has.")


def _token_cure(rule: TokenRule) -> str | None:
    if rule.amount != 1:
        return None
    return f"A monster may spend a heart face to remove one of its {rule.token} tokens."


TOKEN_RULES: dict[TokenRuleKind, Word[TokenRuleKind, TokenRule]] = {w.member: w for w in (
    Word(TokenRuleKind.END_OF_TURN_DAMAGE, ("token_damage",), _token_damage,
         "a monster takes damage for its tokens at the end of its turn",
         "At the end of its turn, a monster takes 1 damage for each poison token it has."),
    Word(TokenRuleKind.FEWER_DICE, ("token_fewer_dice",), _token_fewer_dice,
         "a monster rolls fewer dice for its tokens",
         "A monster rolls 1 die fewer for each shrink token it has."),
    Word(TokenRuleKind.HEART_REMOVES, ("token_cure",), _token_cure,
         "a heart face may remove a token instead of healing",
         "A monster may spend a heart face to remove one of its poison tokens.", amount=False),
)}


# --- King of New York's words ----------------------------------------------
# King of Tokyo's words its cards say too (same meaning), then the words only its cards say.
# One block, so that the tables above keep their rows as they were; each row is added at
# the end of its table, in enum order.

_KONY = frozenset({KING_OF_NEW_YORK})


def _widen(table: dict[M, Word[M, A]], members: Iterable[M]) -> None:
    """Let King of New York's cards say ``members`` of ``table`` too (same meaning)."""
    for member in members:
        word = table[member]
        table[member] = replace(word, games=word.games | _KONY)


_widen(VERBS, (Verb.GAIN_STARS, Verb.GAIN_ENERGY, Verb.HEAL, Verb.TAKE_DAMAGE,
               Verb.EXTRA_TURN, Verb.PUT_TOKENS))
_widen(TRIGGERS, (Trigger.BOUGHT, Trigger.START_OF_TURN, Trigger.END_OF_TURN, Trigger.RESOLVE,
                  Trigger.LOSE_HEARTS, Trigger.DAMAGE_DEALT))
_widen(MODIFIERS, (ModifierKind.MAX_HEARTS, ModifierKind.EXTRA_DICE))
_widen(TOKEN_RULES, (TokenRuleKind.HEART_REMOVES,))


def _faces(amount: int) -> str:
    return "face" if amount == 1 else "faces"


def _sentence(who: Who, text: Callable[[int], str]) -> Callable[[Effect], str | None]:
    """A text said only for ``who``."""
    return lambda e: text(e.amount) if e.who is who else None


def _borough_token(e: Effect) -> str | None:
    if e.who is not Who.YOU or not e.token or e.amount != 1:
        return None
    return f"Drop a {e.token} token in your borough."


VERBS.update({w.member: w for w in (
    Word(Verb.ADD_CLAW_FACES, ("add_claw_faces_clause",),
         _you(lambda n: f"Add {n} claw {_faces(n)} to your roll."),
         "claw faces join the owner's roll, to be resolved like rolled ones",
         "When you resolve your dice, add 2 claw faces to your roll.",
         frozenset({"ADD", "CLAW"}), games=_KONY, form=CLAUSE),
    Word(Verb.ADD_DESTRUCTION_FACES, ("add_destruction_faces_clause",),
         _you(lambda n: f"Add {n} destruction {_faces(n)} to your roll."),
         "destruction faces join the owner's roll, to be resolved like rolled ones",
         "When you resolve your dice, add 1 destruction face to your roll.",
         frozenset({"ADD", "DESTRUCTION_LC"}), games=_KONY, form=CLAUSE),
    Word(Verb.WIN_GAME, ("win_clause",), _without_amount(Verb.WIN_GAME, "You win the game."),
         "the owner wins the game at once",
         "When your roll has 6 or more destruction faces, you win the game.",
         frozenset({"WIN"}), amount=False, games=_KONY, form=CLAUSE),
    Word(Verb.MAY_MOVE, ("may_move_clause",),
         _without_amount(Verb.MAY_MOVE, "You may go to another borough."),
         "the owner may move to another borough as its Move phase allows",
         "At the start of your turn, you may go to another borough.", amount=False,
         games=_KONY, form=ASKING),
    Word(Verb.TAKE_ENERGY_FROM, ("steal_energy_clause",),
         _sentence(Who.IT, lambda n: f"Steal {n} energy from it."),
         "the monster the trigger names gives the owner energy (what it has at most)",
         "When attacked by a monster, steal 2 energy from it.",
         frozenset({"STEAL"}), games=_KONY, form=CLAUSE),
    Word(Verb.IT_LOSES_STARS, ("lose_stars_it_clause",),
         _sentence(Who.IT, lambda n: f"Make it lose {_stars(n)}."),
         "the monster the trigger names loses stars (what it has at most)",
         "When you strike a monster, make it lose 1 star.", frozenset({"MAKE", "LOSE"}),
         games=_KONY, form=CLAUSE),
    Word(Verb.IT_TAKES_DAMAGE, ("damage_it_clause",),
         _sentence(Who.IT, lambda n: f"Make it take {n} damage."),
         "the monster the trigger names takes damage (never an attack)",
         "When you steal the Superstar from a monster, make it take 2 damage.",
         frozenset({"MAKE", "DAMAGE_LC"}), games=_KONY, form=CLAUSE),
    Word(Verb.LOSE_OWN_STARS, ("give_back_clause",), _you(lambda n: f"Give back {_stars(n)}."),
         "the owner loses stars (what it has at most)",
         "When this card leaves you, give back 3 stars.", frozenset({"GIVE"}), games=_KONY,
         form=CLAUSE),
    Word(Verb.LOSE_ALL_HEARTS, ("drop_out_clause",),
         _without_amount(Verb.LOSE_ALL_HEARTS, "You drop out of the game."),
         "the owner's hearts drop to 0, which eliminates it",
         "At the end of your turn, if you got a star face, you drop out of the game.",
         frozenset({"DROP", "OUT"}), amount=False, games=_KONY, form=CLAUSE),
    Word(Verb.PUT_BOROUGH_TOKEN, ("borough_token_clause",), _borough_token,
         "a token of the supply goes in the owner's borough, unless one of its kind lies there",
         "When you enter a borough, drop a souvenir token in your borough.",
         frozenset({"DROP", "BOROUGH"}), games=_KONY, form=HELD),
    Word(Verb.PUSH_UNITS, ("push_units_clause",),
         _you(lambda n: f"You may push up to {n} units out of it, each into a different "
                        "borough."),
         "the owner may move up to N units out of the borough it entered, no two into the "
         "same borough", "When you enter a borough, you may push up to 4 units out of it, "
         "each into a different borough.", games=_KONY, form=ASKING),
    Word(Verb.ADD_DESTRUCTION_UNITS_ONLY, ("cab_clause",),
         _you(lambda n: f"You may boost your roll with {n} destruction faces and destroy only "
                        "units this turn."),
         "the owner may add destruction faces to its roll; if it does, it destroys no "
         "building this turn", "When you resolve your dice, you may boost your roll with 2 "
         "destruction faces and destroy only units this turn.", games=_KONY, form=ASKING),
    Word(Verb.EVERY_GAINS_ENERGY, ("every_gains_sentence",),
         _sentence(Who.EVERY, lambda n: f"Every monster collects {n} energy."),
         "every monster, the owner included, gains energy", "Every monster collects 3 energy.",
         frozenset({"EVERY", "COLLECTS"}), games=_KONY),
    Word(Verb.EVERY_DISCARDS_KEEP, ("every_discards_sentence",),
         lambda e: "Every monster throws away a keep card of its choice."
         if e.who is Who.EVERY and not e.amount else None,
         "every monster, the owner included, discards one of its keep cards (its choice)",
         "Every monster throws away a keep card of its choice.",
         frozenset({"EVERY", "THROWS"}), amount=False, games=_KONY),
    Word(Verb.UNITS_ATTACK, ("units_attack_sentence",),
         lambda e: "Every unit attacks the monsters in its borough."
         if e.who is Who.EVERY and not e.amount else None,
         "each unit on the board deals 1 damage to each monster in its borough",
         "Every unit attacks the monsters in its borough.", frozenset({"UNIT", "ATTACKS"}),
         amount=False, games=_KONY),
    Word(Verb.STARS_FOR_DAMAGE, ("photo_sentence",),
         _you(lambda n: f"Score {_stars(n)} per damage you dealt to one monster this "
                        "turn."),
         "the owner picks a monster and gains stars for each damage it dealt it this turn",
         "Score 1 star per damage you dealt to one monster this turn.",
         frozenset({"SCORE_CAP", "DEALT"}), games=_KONY),
    Word(Verb.TRADE_STARS, ("trade_stars_sentence",),
         _you(lambda n: f"Spend all your stars, gaining {n} energy or healing as much per "
                        "star."),
         "for each star it has, the owner gains energy or heals (its choice each time); its "
         "stars then drop to 0", "Spend all your stars, gaining 1 energy or healing as much per "
         "star.", frozenset({"SPEND_CAP"}), games=_KONY),
    Word(Verb.NEXT_KEEP_FREE, ("next_keep_sentence",),
         _without_amount(Verb.NEXT_KEEP_FREE,
                         "Claim the next keep card revealed from the deck for free."),
         "the next keep card the deck reveals goes to the owner without payment",
         "Claim the next keep card revealed from the deck for free.",
         frozenset({"CLAIM"}), amount=False, games=_KONY),
    Word(Verb.FREE_MOVES, ("free_moves_sentence",),
         _without_amount(Verb.FREE_MOVES, "During that turn, you may move at any time."),
         "in the turn the card gives, the owner may move as often as it likes, at any moment",
         "During that turn, you may move at any time.", frozenset({"DURING"}), amount=False,
         games=_KONY),
    Word(Verb.HEAL_PER_TOKEN, ("heal_per_token",), _no_sentence,
         "the owner heals for each token on this card",
         "You may recover 1 for each token on this card, then discard this card.",
         games=_KONY, form=ACT),
)})
ACTS[Verb.HEAL_PER_TOKEN] = Word(
    Verb.HEAL_PER_TOKEN, ("heal_per_token",), lambda n: f"recover {n} for each token on this card",
    "the owner heals for each token on this card",
    "You may recover 1 for each token on this card, then discard this card.", games=_KONY)

TRIGGERS.update({w.member: w for w in (
    Word(Trigger.DESTROY_BUILDING, ("trigger",), _fixed("When you destroy a building"),
         "the owner destroys a building tile", "Once per turn, when you destroy a building, "
         "gain 1 star.", frozenset({"DESTROY", "BUILDING"}), amount=False, games=_KONY),
    Word(Trigger.DESTROY_UNIT, ("trigger",), _fixed("When you destroy a unit"),
         "the owner destroys a unit tile (infantry, jet or tank)",
         "When you destroy a unit, gain 1 star.", frozenset({"DESTROY", "UNIT"}),
         amount=False, games=_KONY),
    Word(Trigger.DESTROY_INFANTRY, ("trigger",), _fixed("When you destroy an infantry unit"),
         "the owner destroys an infantry unit", "When you destroy an infantry unit, heal 1.",
         frozenset({"DESTROY", "INFANTRY", "UNIT"}), amount=False, games=_KONY),
    Word(Trigger.DESTROY_JET, ("trigger",), _fixed("When you destroy a jet"),
         "the owner destroys a jet", "When you destroy a jet, gain 1 star.",
         frozenset({"DESTROY", "JET"}), amount=False, games=_KONY),
    Word(Trigger.DESTROY_TANK, ("trigger",), _fixed("When you destroy a tank"),
         "the owner destroys a tank", "When you destroy a tank, gain 1 star.",
         frozenset({"DESTROY", "TANK"}), amount=False, games=_KONY),
    Word(Trigger.ATTACKED, ("trigger",), _fixed("When attacked by a monster"),
         "another monster's attack hits the owner (once per attack)",
         "When attacked by a monster, steal 2 energy from it.",
         frozenset({"ATTACKED"}), amount=False, games=_KONY),
    Word(Trigger.ATTACK_MONSTER, ("trigger",), _fixed("When you strike a monster"),
         "the owner's attack hits a monster (once for each monster it hits)",
         "When you strike a monster, make it lose 1 star.", frozenset({"STRIKE"}),
         amount=False, games=_KONY),
    Word(Trigger.OTHER_GAINS_ENERGY, ("trigger",),
         lambda n: f"When another monster collects {n} or more energy in a turn",
         "another monster's energy gained this turn reaches the number (once a turn)",
         "When another monster collects 3 or more energy in a turn, steal 1 energy from "
         "it.", frozenset({"COLLECTS"}), games=_KONY),
    Word(Trigger.TAKE_SUPERSTAR, ("trigger",), _fixed("When you become the Superstar"),
         "the owner takes the Superstar card (from the supply or a monster)",
         "When you become the Superstar, gain 1 star.", frozenset({"BECOME"}),
         amount=False, games=_KONY),
    Word(Trigger.TAKE_SUPERSTAR_FROM, ("trigger",),
         _fixed("When you steal the Superstar from a monster"),
         "the owner takes the Superstar card from the monster that had it",
         "When you steal the Superstar from a monster, make it take 2 damage.",
         frozenset({"STEAL"}), amount=False, games=_KONY),
    Word(Trigger.LOSE_SUPERSTAR, ("trigger",),
         _fixed("When robbed of the Superstar by a monster"),
         "another monster takes the Superstar card from the owner",
         "When robbed of the Superstar by a monster, make it take 1 damage.",
         frozenset({"ROBBED"}), amount=False, games=_KONY),
    Word(Trigger.TAKE_THIS, ("trigger",), _fixed("When you receive this card"),
         "the owner takes this special card", "When you receive this card, gain 3 stars.",
         frozenset({"RECEIVE"}), amount=False, games=_KONY),
    Word(Trigger.LOSE_THIS, ("trigger",), _fixed("When this card leaves you"),
         "another monster takes this special card from the owner",
         "When this card leaves you, give back 3 stars.", frozenset({"LEAVES"}),
         amount=False, games=_KONY),
    Word(Trigger.ENTER_BOROUGH, ("trigger",), _fixed("When you enter a borough"),
         "the owner moves into a borough, Manhattan included",
         "When you enter a borough, drop a souvenir token in your borough.",
         frozenset({"ENTER", "BOROUGH"}), amount=False, games=_KONY),
    Word(Trigger.ENTER_MANHATTAN, ("trigger",), _fixed("When you enter Manhattan"),
         "the owner moves into Manhattan from another borough",
         "When you enter Manhattan, heal 2.", frozenset({"ENTER", "MANHATTAN"}),
         amount=False, games=_KONY),
    Word(Trigger.PUT_BOROUGH_TOKEN, ("trigger",), _fixed("When you drop a token in a borough"),
         "the owner puts a token in a borough", "When you drop a token in a borough, gain 1 "
         "star.", frozenset({"DROP", "BOROUGH"}), amount=False, games=_KONY),
    Word(Trigger.ROLL_DESTRUCTION, ("trigger",),
         lambda n: f"When your roll has {n} or more destruction faces",
         "the owner's roll, added faces counted, has at least that many destruction faces",
         "When your roll has 2 or more destruction faces, add 1 claw face to your roll.",
         frozenset({"ROLL", "HAS", "DESTRUCTION_LC"}), games=_KONY),
    Word(Trigger.RESOLVE_AMONG_UNITS, ("trigger",),
         lambda n: (f"When you resolve your dice while your borough has {n} or more "
                    "units"),
         "the owner resolves its dice while its borough holds at least that many units",
         "When you resolve your dice while your borough has 3 or more units, add 1 "
         "destruction face to your roll.", frozenset({"RESOLVE", "UNITS"}), games=_KONY),
    Word(Trigger.OUCH_FACE, ("trigger",), _fixed("For each ouch face you resolve"),
         "once for each ouch face the owner resolves",
         "For each ouch face you resolve, put a shell token on this card.",
         frozenset({"FOR_CAP", "OUCH"}), amount=False, games=_KONY),
)})

CONDITIONS.update({w.member: w for w in (
    Word(Condition.IN_QUEENS, ("condition",), _fixed("if you are in Queens"),
         "the owner is in Queens",
         "At the start of your turn, if you are in Queens, gain 1 energy.",
         frozenset({"QUEENS"}), amount=False, games=_KONY),
    Word(Condition.HAVE_SUPERSTAR, ("condition",), _fixed("if you have the Superstar"),
         "the owner has the Superstar card",
         "At the start of your turn, if you have the Superstar, gain 1 star.",
         frozenset({"SUPERSTAR"}), amount=False, games=_KONY),
    Word(Condition.ROLL_HAS_STAR, ("condition",), _fixed("if you got a star face"),
         "the owner's roll this turn, added faces counted, has a star face",
         "At the end of your turn, if you got a star face, gain 1 star.",
         frozenset({"GOT"}), amount=False, games=_KONY),
    Word(Condition.MANHATTAN_EVERY_FACE, ("condition",),
         _fixed("if you are in Manhattan and they show every face"),
         "the owner is in Manhattan and the resolved dice show all six faces",
         "When you resolve your dice, if you are in Manhattan and they show every face, gain "
         "2 stars.", frozenset({"MANHATTAN", "EVERY_LC", "FACE"}), amount=False,
         games=_KONY),
)})


def _cheaper(place: str) -> Callable[[int], str | None]:
    return lambda n: f"This card costs you {n} energy less in {place}."


MODIFIERS.update({w.member: w for w in (
    Word(ModifierKind.CHEAPER_IN_MANHATTAN, ("cheaper_in_manhattan",), _cheaper("Manhattan"),
         "this card costs less to a buyer in Manhattan",
         "This card costs you 1 energy less in Manhattan.", games=_KONY),
    Word(ModifierKind.CHEAPER_IN_QUEENS, ("cheaper_in_queens",), _cheaper("Queens"),
         "this card costs less to a buyer in Queens",
         "This card costs you 1 energy less in Queens.", games=_KONY),
    Word(ModifierKind.CHEAPER_IN_BROOKLYN, ("cheaper_in_brooklyn",), _cheaper("Brooklyn"),
         "this card costs less to a buyer in Brooklyn",
         "This card costs you 1 energy less in Brooklyn.", games=_KONY),
    Word(ModifierKind.CHEAPER_IN_THE_BRONX, ("cheaper_in_the_bronx",), _cheaper("the Bronx"),
         "this card costs less to a buyer in the Bronx",
         "This card costs you 1 energy less in the Bronx.", games=_KONY),
    Word(ModifierKind.CHEAPER_IN_STATEN_ISLAND, ("cheaper_in_staten_island",),
         _cheaper("Staten Island"), "this card costs less to a buyer in Staten Island",
         "This card costs you 1 energy less in Staten Island.", games=_KONY),
    Word(ModifierKind.BUY_AFTER_TANK, ("buy_after_tank",),
         _if_zero("Only a monster that destroyed a tank this turn may buy this card."),
         "only a monster that destroyed a tank this turn may buy this card",
         "Only a monster that destroyed a tank this turn may buy this card.", amount=False,
         games=_KONY),
    Word(ModifierKind.BUY_AFTER_JET, ("buy_after_jet",),
         _if_zero("Only a monster that destroyed a jet this turn may buy this card."),
         "only a monster that destroyed a jet this turn may buy this card",
         "Only a monster that destroyed a jet this turn may buy this card.", amount=False,
         games=_KONY),
    Word(ModifierKind.MARATHON_TOLL, ("marathon_toll",),
         lambda n: f"Moving by choice costs {n} energy while this card is in the shop.",
         "while the card lies face up in the shop, every move a monster chooses to make "
         "(fleeing Manhattan included) costs energy",
         "Moving by choice costs 2 energy while this card is in the shop.",
         games=_KONY),
    Word(ModifierKind.SUPERSTAR_THRESHOLD, ("superstar_threshold",),
         lambda n: (f"Other monsters need {n} more star {_faces(n)} to take the Superstar "
                    "from you."),
         "the others need more star faces to take the Superstar from the owner",
         "Other monsters need 1 more star face to take the Superstar from you.", games=_KONY),
    Word(ModifierKind.ALL_ROLLS, ("all_rolls",), _if_zero("Each other monster must use all its "
                                                          "rolls."),
         "the other monsters must roll as often as they may (they choose which dice)",
         "Each other monster must use all its rolls.", amount=False, games=_KONY),
    Word(ModifierKind.NO_CLAW_REROLL, ("no_claw_reroll",),
         _if_zero("You cannot reroll claw faces."), "the owner's dice showing a claw stay",
         "You cannot reroll claw faces.", amount=False, games=_KONY),
    Word(ModifierKind.DOUBLE_ATTACK, ("double_attack",), _if_zero("Your attacks deal double "
                                                                  "damage."),
         "the damage of the owner's attacks is doubled", "Your attacks deal double damage.",
         amount=False, games=_KONY),
    Word(ModifierKind.RICHER_TARGET_DAMAGE, ("richer_target_damage",),
         lambda n: (f"Monsters with more hearts than you take {n} extra damage from your "
                    "attacks."),
         "the owner's attacks deal more damage to each monster with more hearts than it",
         "Monsters with more hearts than you take 1 extra damage from your attacks.",
         games=_KONY),
    Word(ModifierKind.ATTACK_BOROUGH, ("attack_borough",),
         _if_zero("Your attacks also hit the other monsters in your borough."),
         "the owner's attacks also hit the other monsters in its borough",
         "Your attacks also hit the other monsters in your borough.", amount=False,
         games=_KONY),
    Word(ModifierKind.JETS_ANYWHERE, ("jets_anywhere",),
         _if_zero("You may destroy jets in any borough."),
         "the owner's destruction faces may destroy jets in any borough",
         "You may destroy jets in any borough.", amount=False, games=_KONY),
    Word(ModifierKind.DESTROY_ELSEWHERE, ("destroy_elsewhere",),
         lambda n: (f"You may pay {n} energy to use your destruction faces in another "
                    "borough."),
         "for energy, the owner's destruction faces may destroy tiles of another borough",
         "You may pay 1 energy to use your destruction faces in another borough.",
         games=_KONY),
    Word(ModifierKind.EASIER_TANK, ("easier_tank",),
         lambda n: f"You need {n} destruction {_faces(n)} fewer to destroy a tank.",
         "a tank takes fewer destruction faces for the owner",
         "You need 1 destruction face fewer to destroy a tank.", games=_KONY),
    Word(ModifierKind.EASIER_JET, ("easier_jet",),
         lambda n: f"You need {n} destruction {_faces(n)} fewer to destroy a jet.",
         "a jet takes fewer destruction faces for the owner",
         "You need 1 destruction face fewer to destroy a jet.", games=_KONY),
    Word(ModifierKind.UNITS_DEAL_LESS, ("units_deal_less",),
         lambda n: f"Units deal you {n} damage less.",
         "each attack of the units on the owner deals less damage",
         "Units deal you 1 damage less.", games=_KONY),
    Word(ModifierKind.HEARTS_AS_CLAWS, ("hearts_as_claws",),
         _if_zero("Treat any of your heart faces as claw faces and any of your claw faces as "
                  "heart faces."),
         "the owner may resolve any of its heart faces as claws and claws as hearts",
         "Treat any of your heart faces as claw faces and any of your claw faces as heart "
         "faces.",
         amount=False, games=_KONY),
    Word(ModifierKind.HEARTS_AS_ENERGY, ("hearts_as_energy",),
         _if_zero("Treat any of your heart faces as energy faces."),
         "the owner may resolve any of its heart faces as energy faces",
         "Treat any of your heart faces as energy faces.", amount=False, games=_KONY),
    Word(ModifierKind.LIFE_AS_ENERGY, ("life_as_energy",),
         _if_zero("You may use hearts as energy and energy as hearts."),
         "the owner may pay with hearts as energy, and turn energy into hearts",
         "You may use hearts as energy and energy as hearts.", amount=False, games=_KONY),
    Word(ModifierKind.STAR_FOR_FACE, ("star_for_face",),
         _if_zero("You may give up a star face to change another of your dice to any face."),
         "each star face the owner gives up sets another of its dice to a face it picks",
         "You may give up a star face to change another of your dice to any face.",
         amount=False, games=_KONY),
    Word(ModifierKind.ENERGY_FACES_LESS, ("energy_faces_less",),
         lambda n: f"Energy faces give you {n} energy less.",
         "the owner's energy faces give less energy each roll",
         "Energy faces give you 1 energy less.", games=_KONY),
    Word(ModifierKind.BUY_FROM_DISCARD, ("buy_from_discard",),
         lambda n: f"You may buy discarded keep cards for {n} energy less.",
         "the owner may buy keep cards from the discard pile, for less",
         "You may buy discarded keep cards for 1 energy less.", games=_KONY),
    Word(ModifierKind.ANTIMATTER, ("antimatter",),
         _if_zero("Monsters you attack each roll a die and take double damage if it shows "
                  "ouch."),
         "each monster the owner attacks rolls a die; an ouch doubles its damage",
         "Monsters you attack each roll a die and take double damage if it shows ouch.",
         amount=False, games=_KONY),
    Word(ModifierKind.CLAIMED_WITH_STARS, ("claimed_with_stars",),
         lambda n: f"This card goes to a monster that spends {n} star faces on it.",
         "a special card: a monster resolving that many star faces spends them to take it",
         "This card goes to a monster that spends 3 star faces on it.", games=_KONY),
    Word(ModifierKind.CLAIMED_WITH_OUCH, ("claimed_with_ouch",),
         lambda n: f"This card goes to a monster that resolves {n} or more ouch faces.",
         "a special card: a monster resolving that many ouch faces takes it",
         "This card goes to a monster that resolves 3 or more ouch faces.", games=_KONY),
    Word(ModifierKind.STAR_FACES_SCORE, ("star_faces_score",),
         lambda n: f"Holding this card, you gain {_stars(n)} for each star face you resolve.",
         "each star face the owner resolves while it holds the card gains it stars",
         "Holding this card, you gain 1 star for each star face you resolve.", games=_KONY),
)})


def _token_fewer_rolls(rule: TokenRule) -> str | None:
    rolls = "roll" if rule.amount == 1 else "rolls"
    return f"A monster gets {rule.amount} {rolls} fewer for each {rule.token} token it has."


def _token_claw_cure(rule: TokenRule) -> str | None:
    if rule.amount != 1:
        return None
    return f"A monster may spend a claw face to remove one of its {rule.token} tokens."


def _token_ouch_toll(rule: TokenRule) -> str | None:
    return (f"A monster pays {rule.amount} energy for each {rule.token} token it has to "
            "reroll a die showing ouch.")


TOKEN_RULES.update({w.member: w for w in (
    Word(TokenRuleKind.FEWER_ROLLS, ("token_fewer_rolls",), _token_fewer_rolls,
         "a monster has fewer rolls for its tokens",
         "A monster gets 1 roll fewer for each web token it has.", games=_KONY),
    Word(TokenRuleKind.CLAW_REMOVES, ("token_claw_cure",), _token_claw_cure,
         "a claw face may remove a token instead of attacking",
         "A monster may spend a claw face to remove one of its web tokens.", amount=False,
         games=_KONY),
    Word(TokenRuleKind.OUCH_TOLL, ("token_ouch_toll",), _token_ouch_toll,
         "a monster pays energy for its tokens to reroll a die showing ouch",
         "A monster pays 1 energy for each jinx token it has to reroll a die showing ouch.",
         games=_KONY),
)})

SHOP_MODIFIERS = frozenset({
    ModifierKind.CHEAPER_IN_MANHATTAN, ModifierKind.CHEAPER_IN_QUEENS,
    ModifierKind.CHEAPER_IN_BROOKLYN, ModifierKind.CHEAPER_IN_THE_BRONX,
    ModifierKind.CHEAPER_IN_STATEN_ISLAND, ModifierKind.BUY_AFTER_TANK,
    ModifierKind.BUY_AFTER_JET, ModifierKind.MARATHON_TOLL})
"""Modifiers about buying a card or its place in the shop: a discard card may say them."""
NAMING_TRIGGERS = frozenset({Trigger.DAMAGE_DEALT, Trigger.ATTACKED, Trigger.ATTACK_MONSTER,
                             Trigger.OTHER_GAINS_ENERGY, Trigger.TAKE_SUPERSTAR_FROM,
                             Trigger.LOSE_SUPERSTAR})
"""The triggers that name a monster, which an ability's clause calls `it`."""
SPECIAL_MODIFIERS = frozenset({ModifierKind.CLAIMED_WITH_STARS, ModifierKind.CLAIMED_WITH_OUCH})
"""Modifiers that make a card special: never in the deck, taken by the dice that say it."""


# --- Derived views ---------------------------------------------------------------------

AnyWord = Word[Any, Any]

TABLES: tuple[tuple[str, type[Enum], Mapping[Any, AnyWord]], ...] = (
    ("verb", Verb, VERBS),
    ("act", Verb, ACTS),
    ("trigger", Trigger, TRIGGERS),
    ("condition", Condition, CONDITIONS),
    ("modifier", ModifierKind, MODIFIERS),
    ("token rule", TokenRuleKind, TOKEN_RULES),
)
"""Each kind of word, its enum, and its table (the docs and the tests walk these)."""

NO_AMOUNT_VERBS: frozenset[Verb] = frozenset(v for v, w in VERBS.items() if not w.amount)
"""Verbs that act without an amount: their number is a choice or a flag, and at 0 they
still act (the interpreter and the proofs skip the other verbs at 0)."""

CLAUSE_ONLY_VERBS: frozenset[Verb] = frozenset(v for v, w in VERBS.items() if w.form == CLAUSE)
"""Verbs only an ability's clause says (no effect sentence of their own)."""

EFFECT_VERBS: frozenset[Verb] = frozenset(v for v, w in VERBS.items() if w.form != ACT)
"""Verbs an effect sentence or an ability's clause says (the interpreter runs these)."""

HELD_VERBS: frozenset[Verb] = frozenset(v for v, w in VERBS.items() if w.form == HELD)
"""Verbs about tokens or energy lying on a card or monster."""

ASKING_BY_RULE: dict[str, Verb] = {w.grammar[0]: v for v, w in VERBS.items() if w.form == ASKING}
"""The grammar rule of each clause in which the owner chooses."""

ACT_BY_RULE: dict[str, Verb] = {w.grammar[0]: v for v, w in ACTS.items()}
MODIFIER_BY_RULE: dict[str, ModifierKind] = {w.grammar[0]: k for k, w in MODIFIERS.items()}
TOKEN_RULE_BY_RULE: dict[str, TokenRuleKind] = {w.grammar[0]: k
                                                for k, w in TOKEN_RULES.items()}

VERB_KEYS: tuple[tuple[frozenset[str], Verb], ...] = tuple(
    (w.keys, v) for v, w in VERBS.items() if w.form in (SENTENCE, CLAUSE, HELD))
TRIGGER_KEYS: tuple[tuple[frozenset[str], Trigger], ...] = tuple(
    (w.keys, t) for t, w in TRIGGERS.items())
CONDITION_KEYS: tuple[tuple[frozenset[str], Condition], ...] = tuple(
    (w.keys, c) for c, w in CONDITIONS.items())


MONSTER_GRAMMAR = frozenset({"add_faces_clause", "king_tile_clause", "multiply_line"})
"""The grammar rules only a monster file says (grammar rule monster_file)."""


def words() -> Iterator[tuple[str, AnyWord]]:
    """Every word with its kind's name, table by table."""
    for kind, _, table in TABLES:
        for word in table.values():
            yield kind, word
