"""Every decision (D-*) cites the seed passages it follows; a decision may not contradict
a seed sentence. The table below lists each decision with the seed file and
section of every passage it cites: a new decision, or a changed citation, must be
listed here too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kot_rules.paths import data_root
from kot_rules.rulebook import builtin_rulebook

ATTACKING = ("001", "DODATEK, ATAKOWANIE I ZADAWANIE OBRAŻEŃ")

SEEDS_CITED: dict[str, list[tuple[str, str]]] = {
    "D-FIRST-PLAYER": [("001", "PRZEBIEG GRY"), ("004", "Průběh hry")],
    "D-RESOLVE-ORDER": [("001", "2. WYKORZYSTANIE SYMBOLI NA KOSTKACH")],
    "D-SEVERAL-AT-20": [("000", "KONIEC GRY"), ("000", "KONIEC GRY"), ("004", "Konec hry")],
    "D-EMPTY-DECK": [("001", "3. ZAKUP KART"), ("001", "3. ZAKUP KART")],
    "D-DEAD-CARDS": [("004", "Imitace"), ("001", "ATAK")],
    "D-BAY-CITY-EMPTY": [("001", "TOKIO"), ("001", "WARIANT ZAAWANSOWANY DLA 5 LUB 6 GRACZY")],
    "D-ELIMINATED-ACTIVE": [("001", "ATAK"), ("000", "KONIEC GRY")],
    "D-SHUFFLE-INPUT": [("001", "PRZYGOTOWANIE GRY, 2")],
    "D-NEIGHBOUR-DAMAGE": [
        ("001", "DODATEK, PIEKIELNY ODDECH"),
        ("004", "Přehled zvláštních karet, OHNIVÝ DECH"),
        ATTACKING,
    ],
    "D-FEWEST-STARS": [("001", "OPIS KART, 3")],
    "D-ELIMINATION-TRIGGER": [("001", "DODATEK, ODDECH ŚMIERCI"), ("001", "ATAK")],
    "D-AT-WILL": [("001", "DODATEK, POTWÓR Z GUMY, TELEPATA, SZYBKE LECZENIE")],
    "D-OTHERS-DICE": [("004", "Přehled")],
    "D-DODGE-ORDER": [("001", "DODATEK, POTWÓR Z GUMY")],
    "D-ATTACK-BONUS": [ATTACKING, ("004", "Útok/útočící příšera")],
    "D-ADDED-DAMAGE-NEEDS-A-CLAW": [("004", "Útok/útočící příšera"), ATTACKING],
    "D-TAKER-DAMAGE": [("001", "TOKIO"), ATTACKING],
    "D-YIELD-BEFORE-DAMAGE": [("001", "TOKIO"), ATTACKING],
    "D-YIELD-ORDER": [("001", "WARIANT ZAAWANSOWANY DLA 5 LUB 6 GRACZY")] * 2,
    "D-REVIVED-IN-TOKYO": [
        ("001", "DODATEK, ODDECH ŚMIERCI"),
        ("004", "Přehled zvláštních karet, MRCHOŽROUT"),
    ],
    "D-EXTRA-TURN-DICE": [("001", "DODATEK, ZATRZYMANIE CZASU"),
                          ("001", "DODATEK, ZATRZYMANIE CZASU")],
    "D-BUY-DECK-TOP": [("001", "DODATEK, IMITACJA")],
    "D-BUY-FROM-OTHERS": [("001", "DODATEK, PASOŻYT")],
    "D-LOSE-CARD": [
        ("001", "DODATEK, JESZCZE WIĘKSZY!"),
        ("004", "Přehled zvláštních karet, VĚTŠÍ, NEŽ JSTE ČEKALI"),
    ],
    "D-HEART-CAP": [("001", "DODATEK, IMITACJA")],
    "D-TOKEN-SUPPLY": [
        ("001", "ELEMENTY GRY"),
        ("001", "DODATEK, IMITACJA"),
        ("004", "Přehled zvláštních karet, IMITACE"),
    ],
    "D-TOKENS-ON-DAMAGE": [("004", "Útok/útočící příšera"), ("004", "Zranění"), ATTACKING],
    "D-POISON-ONE-SOURCE": [ATTACKING, ("001", "DODATEK, TRUJĄCY ODDECH I PROMIEN ZMNIEJSZAJĄCY")],
    "D-SHRINK-NO-DICE": [("001", "DODATEK, TRUJĄCY ODDECH I PROMIEN ZMNIEJSZAJĄCY")],
    "D-HEART-FACES": [("001", "TOKIO"), ("001", "DODATEK, REANIMACJA")],
    "D-ENERGY-MOVED": [("001", "DODATEK, SŁODZIAK"), ("001", "DODATEK, SŁODZIAK")],
    "D-BATTERIES-EACH-TURN": [("001", "DODATEK, SŁODZIAK")],
    "D-OUT-OF-TURN": [("001", "DODATEK, OPORTUNISTA"), ("001", "DODATEK, SZAŁ BOJOWY")],
    "D-SELL-REFUND": [
        ("001", "DODATEK, METAMORFOZA"),
        ("004", "Přehled zvláštních karet, PROMĚNĚNEC"),
    ],
}

_SEED_FILES = {"000": "000_7c06b17c3285fe20.txt", "001": "001_972ba9b71048014d.txt",
               "004": "004_73f79c5ebfeeb051.txt"}


def _seeds_dir() -> Path | None:
    for folder in (data_root().parent / "shared" / "seeds", Path("/work/shared/seeds")):
        if folder.is_dir():
            return folder
    return None


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "")).strip()


def test_every_decision_cites_a_seed_passage() -> None:
    book = builtin_rulebook()
    missing = [d.id for d in book.decisions if not d.seeds]
    assert missing == [], f"decisions citing no seed passage: {missing}"
    assert all(s.seed in _SEED_FILES and s.section and s.phrase
               for d in book.decisions for s in d.seeds)


def test_the_table_lists_each_decision_and_its_passages() -> None:
    book = builtin_rulebook()
    actual = {d.id: [(s.seed, s.section) for s in d.seeds] for d in book.decisions}
    assert actual == SEEDS_CITED


def test_decisions_with_an_option_name_it_among_the_alternatives() -> None:
    for d in builtin_rulebook().decisions:
        if d.option:
            sources = " ".join(a.get("source", "") for a in d.alternatives)
            assert d.option in sources or d.option in d.decision, d.id


def test_passages_of_the_clean_seed_are_quoted_word_for_word() -> None:
    folder = _seeds_dir()
    if folder is None:
        pytest.skip("issue 15: the seed rulebooks live outside the repository (shared/seeds)")
    text = _plain((folder / _SEED_FILES["001"]).read_text(encoding="utf-8"))
    wrong = [(d.id, s.phrase) for d in builtin_rulebook().decisions for s in d.seeds
             if s.seed == "001" and _plain(s.phrase) not in text]
    assert wrong == []
