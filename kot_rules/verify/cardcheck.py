"""The proofs as card diagnostics: ``kot-rules check`` reports a card sentence that can
break an invariant (KOT3xx) at the sentence, with the counterexample."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from kot_rules.games import DEFAULT_GAME
from kot_rules.language.ast import CardDef
from kot_rules.language.diagnostics import Diagnostic, make_diagnostic, quote
from kot_rules.verify.prover import (
    COUNTEREXAMPLE,
    TIMEOUT,
    UNSUPPORTED,
    ProofModel,
    Result,
    model_of,
    prove,
)

UNSUPPORTED_CODE = "KOT390"
TIMEOUT_CODE = "KOT391"


def codes(game: str = DEFAULT_GAME) -> dict[str, str]:
    """The diagnostic code of a failed proof, by invariant of ``game`` (each invariant
    carries its own)."""
    return {inv.id: inv.code for inv in model_of(game).invariants}


@functools.lru_cache(maxsize=4096)
def _line(file: str, line: int) -> str:
    try:
        lines = Path(file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeError):
        return ""
    return lines[line - 1] if 0 < line <= len(lines) else ""


_proved: dict[tuple[str, str, str, frozenset[str]], list[Result]] = {}
"""Proofs already made in this process, by game and transition: a transition's meaning
depends only on its text (and on the test-only weakenings in force)."""


def proof_diagnostics(cards: Iterable[CardDef], game: str = DEFAULT_GAME) -> list[Diagnostic]:
    """One diagnostic per card sentence and invariant of ``game`` it is not proved to keep."""
    model = model_of(game)
    out: list[Diagnostic] = []
    for card in cards:
        for t, position in model.card_transitions(card):
            key = (model.game, t.kind, t.name, model.weakenings())
            if key not in _proved:
                _proved[key] = prove(t, model=model)
            for r in _proved[key]:
                d = _diagnostic(model, card, t, r, position.file, position.line,
                                position.column)
                if d is not None:
                    out.append(d)
    return out


def _diagnostic(model: ProofModel[Any], card: CardDef, t: Any, r: Result, file: str,
                line: int, column: int) -> Diagnostic | None:
    source = _line(file, line)
    if r.status == COUNTEREXAMPLE:
        inv = next(i for i in model.invariants if i.id == r.invariant)
        message = (f"card {quote(card.name)}: {quote(t.name, 80)} can break {inv.id} "
                   f"({inv.statement.rstrip('.')}); counterexample: {r.detail}")
        return make_diagnostic(file, inv.code, line, column, message, model.check_hint,
                               source)
    # An unsupported sentence is unsupported for every invariant: say it once.
    if r.status == UNSUPPORTED and r.invariant == model.invariants[0].id:
        message = f"card {quote(card.name)}: {quote(t.name, 80)} is not proved: {r.detail}"
        return make_diagnostic(file, UNSUPPORTED_CODE, line, column, message, None, source)
    if r.status == TIMEOUT:
        message = (f"card {quote(card.name)}: the proof of {r.invariant} for "
                   f"{quote(t.name, 80)} timed out")
        return make_diagnostic(file, TIMEOUT_CODE, line, column, message, None, source)
    return None
