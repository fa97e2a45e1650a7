"""The proofs as card diagnostics: ``kot-rules check`` reports a card sentence that can
break an invariant (KOT3xx) at the sentence, with the counterexample."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from kot_rules.games.king_of_tokyo import kernel
from kot_rules.games.king_of_tokyo.invariants import BY_ID, INVARIANTS, KING_OF_TOKYO, for_game
from kot_rules.games.king_of_tokyo.semantics import Transition, card_transitions
from kot_rules.language.ast import CardDef
from kot_rules.language.diagnostics import Diagnostic, make_diagnostic, quote
from kot_rules.verify.prover import COUNTEREXAMPLE, TIMEOUT, UNSUPPORTED, Result, prove

CODES: dict[str, str] = {inv.id: inv.code for inv in INVARIANTS}
"""The diagnostic code of a failed proof, by invariant (each invariant carries its own)."""
UNSUPPORTED_CODE = "KOT390"
TIMEOUT_CODE = "KOT391"
HINT = ("`kot-rules verify --cards DIR --out DIR` writes the counterexample as a scenario; "
        "see 'Reading a counterexample' on the rules site")


@functools.lru_cache(maxsize=4096)
def _line(file: str, line: int) -> str:
    try:
        lines = Path(file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeError):
        return ""
    return lines[line - 1] if 0 < line <= len(lines) else ""


_proved: dict[tuple[str, str, frozenset[str]], list[Result]] = {}
"""Proofs already made in this process: a transition's meaning depends only on its text
(and on the test-only weakenings in force)."""


def proof_diagnostics(cards: Iterable[CardDef], game: str = KING_OF_TOKYO) -> list[Diagnostic]:
    """One diagnostic per card sentence and invariant of ``game`` it is not proved to keep."""
    if game == DUEL:
        return duel_proof_diagnostics(cards)
    if game == KONY:  # kony-proofs
        return kony_proof_diagnostics(cards)
    out: list[Diagnostic] = []
    for card in cards:
        for t, position in card_transitions(card):
            key = (t.kind, t.name, kernel.weakenings())
            if key not in _proved:
                _proved[key] = prove(t)
            for r in _proved[key]:
                d = _diagnostic(card, t, r, position.file, position.line, position.column)
                if d is not None:
                    out.append(d)
    return out


def _diagnostic(card: CardDef, t: Transition, r: Result, file: str, line: int,
                column: int) -> Diagnostic | None:
    source = _line(file, line)
    if r.status == COUNTEREXAMPLE:
        inv = BY_ID[r.invariant]
        message = (f"card {quote(card.name)}: {quote(t.name, 80)} can break {inv.id} "
                   f"({inv.statement.rstrip('.')}); counterexample: {r.detail}")
        return make_diagnostic(file, inv.code, line, column, message, HINT, source)
    # An unsupported sentence is unsupported for every invariant: say it once.
    if r.status == UNSUPPORTED and r.invariant == for_game()[0].id:
        message = f"card {quote(card.name)}: {quote(t.name, 80)} is not proved: {r.detail}"
        return make_diagnostic(file, UNSUPPORTED_CODE, line, column, message, None, source)
    if r.status == TIMEOUT:
        message = (f"card {quote(card.name)}: the proof of {r.invariant} for "
                   f"{quote(t.name, 80)} timed out")
        return make_diagnostic(file, TIMEOUT_CODE, line, column, message, None, source)
    return None


# -- King of Tokyo: Duel (duel-proofs) ---------------------------------------------------

DUEL = "king-of-tokyo-duel"
DUEL_HINT = ("`kot-rules verify --game king-of-tokyo-duel --cards DIR --json` gives every proof "
             "of the cards with its counterexample (markers in the rules' coordinates)")
_duel_proved: dict[tuple[str, str, frozenset[str]], list[Result]] = {}


def duel_proof_diagnostics(cards: Iterable[CardDef]) -> list[Diagnostic]:
    """:func:`proof_diagnostics` for Duel's cards: each sentence against every INV-DUEL-*
    (:mod:`~kot_rules.games.king_of_tokyo_duel.semantics`,
    :mod:`~kot_rules.games.king_of_tokyo_duel.prover`)."""
    from kot_rules.games.king_of_tokyo_duel import kernel as duel_kernel
    from kot_rules.games.king_of_tokyo_duel.invariants import BY_ID as DUEL_BY_ID
    from kot_rules.games.king_of_tokyo_duel.invariants import IDS
    from kot_rules.games.king_of_tokyo_duel.prover import prove as duel_prove
    from kot_rules.games.king_of_tokyo_duel.semantics import (
        card_transitions as duel_card_transitions,
    )

    return _game_proof_diagnostics(
        cards, duel_card_transitions, duel_prove, duel_kernel.weakenings(), DUEL_BY_ID,
        IDS[0], DUEL_HINT, _duel_proved)


def _game_proof_diagnostics(
    cards: Iterable[CardDef],
    transitions: Callable[[CardDef], Iterable[tuple[Any, Any]]],
    prove: Callable[[Any], list[Result]],
    weakenings: frozenset[str],
    by_id: Mapping[str, Any],
    first_id: str,
    hint: str,
    proved: dict[tuple[str, str, frozenset[str]], list[Result]],
) -> list[Diagnostic]:
    """Each card sentence of a game with its own Z3 model (Duel, New York) against every
    invariant of that model; ``proved`` caches the results by transition and weakening."""
    out: list[Diagnostic] = []
    for card in cards:
        for t, position in transitions(card):
            key = (t.kind, t.name, weakenings)
            if key not in proved:
                proved[key] = prove(t)
            for r in proved[key]:
                file, line, column = position.file, position.line, position.column
                source = _line(file, line)
                if r.status == COUNTEREXAMPLE:
                    inv = by_id[r.invariant]
                    message = (f"card {quote(card.name)}: {quote(t.name, 80)} can break "
                               f"{inv.id} ({inv.statement.rstrip('.')}); counterexample: "
                               f"{r.detail}")
                    out.append(make_diagnostic(file, inv.code, line, column, message,
                                               hint, source))
                elif r.status == UNSUPPORTED and r.invariant == first_id:
                    message = (f"card {quote(card.name)}: {quote(t.name, 80)} is not "
                               f"proved: {r.detail}")
                    out.append(make_diagnostic(file, UNSUPPORTED_CODE, line, column, message,
                                               None, source))
                elif r.status == TIMEOUT:
                    message = (f"card {quote(card.name)}: the proof of {r.invariant} for "
                               f"{quote(t.name, 80)} timed out")
                    out.append(make_diagnostic(file, TIMEOUT_CODE, line, column, message, None,
                                               source))
    return out


# -- King of New York (kony-proofs) ---------------------------------------------------------

KONY = "king-of-new-york"
KONY_HINT = ("`kot-rules verify --game king-of-new-york --cards DIR --json` gives every proof of "
             "the cards with its counterexample (seat 0 is the active monster)")
_kony_proved: dict[tuple[str, str, frozenset[str]], list[Result]] = {}


def kony_proof_diagnostics(cards: Iterable[CardDef]) -> list[Diagnostic]:
    """:func:`proof_diagnostics` for New York's cards: each sentence against every INV-KONY-*
    (:mod:`~kot_rules.games.king_of_new_york.semantics`,
    :mod:`~kot_rules.games.king_of_new_york.prover`)."""
    from kot_rules.games.king_of_new_york import kernel as kony_kernel
    from kot_rules.games.king_of_new_york.invariants import BY_ID as KONY_BY_ID
    from kot_rules.games.king_of_new_york.invariants import IDS
    from kot_rules.games.king_of_new_york.prover import prove as kony_prove
    from kot_rules.games.king_of_new_york.semantics import card_transitions as kony_card_transitions

    return _game_proof_diagnostics(
        cards, kony_card_transitions, kony_prove, kony_kernel.weakenings(), KONY_BY_ID,
        IDS[0], KONY_HINT, _kony_proved)
