"""King of New York's cards: every title parses, every word of its own parses and renders
back, another game's card may not say them, and a number is never ignored."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kot_rules.language import vocabulary as v
from kot_rules.language.ast import CardDef, strip_positions
from kot_rules.language.cardset import builtin_card_set, check_text
from kot_rules.language.grammar import DEFAULT_GAME
from kot_rules.language.parser import parse_text
from kot_rules.language.render import render_card
from kot_rules.language.word_examples import example_card

KONY = v.KING_OF_NEW_YORK
DUEL = v.KING_OF_TOKYO_DUEL
FOLDER = Path(__file__).resolve().parents[2] / "spec" / "cards" / KONY
FILES = sorted(FOLDER.glob("*.kot"))
OWN_WORDS = [(kind, w) for kind, w in v.words() if w.games == frozenset({KONY})]
SHARED_WORDS = [(kind, w) for kind, w in v.words() if KONY in w.games and len(w.games) > 1]
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")


def _parse(text: str, game: str = KONY) -> tuple[list[CardDef], list[str]]:
    cards, found = parse_text(text, "x.kot", game)
    return cards, [d.render() for d in found if d.is_error]


class TestTheTitles:
    def test_66_files_one_card_each_no_error(self) -> None:
        assert len(FILES) == 66
        for path in FILES:
            cards, errors = _parse(path.read_text(encoding="utf-8"))
            assert errors == [] and len(cards) == 1, path.name
            assert path.stem == cards[0].slug

    def test_the_set_loads_with_64_deck_cards_and_2_special_ones(self) -> None:
        from kot_rules.engine.cards import CardTable, is_special

        cards = builtin_card_set(KONY).cards
        assert len(cards) == 66
        special = [c for c in cards if is_special(c)]
        assert len(special) == 2
        assert all(c.cost == 0 and c.kind.value == "keep" for c in special)
        table = CardTable.from_card_set(builtin_card_set(KONY))
        assert len(table.physical_ids()) == 64
        assert not {c.slug for c in special} & set(table.physical_ids())

    def test_46_keep_and_18_discard_cards_in_the_deck(self) -> None:
        from kot_rules.engine.cards import is_special

        deck = [c for c in builtin_card_set(KONY).cards if not is_special(c)]
        kinds = [c.kind.value for c in deck]
        assert (kinds.count("keep"), kinds.count("discard")) == (46, 18)  # A.10 totals

    def test_each_file_renders_back_to_the_same_card(self) -> None:
        for path in FILES:
            (card,), _ = _parse(path.read_text(encoding="utf-8"))
            (again,), errors = _parse(render_card(card))
            assert errors == []
            assert strip_positions(again) == strip_positions(card), path.name

    def test_polish_aliases_come_from_the_seed(self) -> None:
        seed = next((Path(__file__).resolve().parents[3] / "shared" / "seeds").glob("003_*"),
                    None)
        aliases = [a.name for c in builtin_card_set(KONY).cards for a in c.aliases]
        assert len(aliases) == 14
        assert all(a.language == "pl" for c in builtin_card_set(KONY).cards for a in c.aliases)
        if seed is None:  # the seeds lie beside the repository (work tree layout)
            return
        text = seed.read_text(encoding="utf-8").casefold().replace("-\n", "")  # hyphenated
        plain = str.maketrans("ąćęłńóśźż", "acelnoszz")
        for alias in aliases:  # the OCR lost most diacritics: compare without them
            first = alias.casefold().translate(plain).split()[0]
            assert first[:5] in text.translate(plain), alias

    @pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
    def test_changing_a_number_changes_the_card(self, path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        (card,), _ = _parse(text)
        lines = text.splitlines(keepends=True)
        changed = 0
        for i, line in enumerate(lines):
            code = line.split("#", 1)[0]
            if code.lstrip().startswith(("alias", "card")):
                continue
            for m in _NUMBER.finditer(code):
                bumped = str(int(m.group()) + 1)
                mutated = "".join(lines[:i]) + line[:m.start()] + bumped + line[m.end():] + \
                    "".join(lines[i + 1:])
                cards, errors = _parse(mutated)
                assert errors == [] and len(cards) == 1, (path.name, line, errors)
                assert strip_positions(cards[0]) != strip_positions(card), (path.name, line)
                changed += 1
        assert changed >= 1  # at least the cost


class TestTheWords:
    def test_king_of_new_york_says_words_of_its_own(self) -> None:
        kinds = {kind for kind, _ in OWN_WORDS}
        assert kinds == {"verb", "act", "trigger", "condition", "modifier", "token rule"}
        assert len(OWN_WORDS) >= 70

    @pytest.mark.parametrize(("kind", "word"), OWN_WORDS,
                             ids=[f"{k}-{w.member.value}" for k, w in OWN_WORDS])
    def test_the_example_parses_and_renders_back(self, kind: str, word: v.AnyWord) -> None:
        text = example_card(word, KONY)
        assert check_text(text, game=KONY) == []
        (card,), errors = _parse(text)
        assert errors == []
        rendered = render_card(card)
        assert word.example in rendered.splitlines()[-1] or any(
            line.strip() == word.example for line in rendered.splitlines())
        (again,), _ = _parse(rendered)
        assert strip_positions(again) == strip_positions(card)

    @pytest.mark.parametrize(("kind", "word"), OWN_WORDS,
                             ids=[f"{k}-{w.member.value}" for k, w in OWN_WORDS])
    @pytest.mark.parametrize("game", [DEFAULT_GAME, DUEL])
    def test_another_games_card_may_not_say_it(self, kind: str, word: v.AnyWord,
                                               game: str) -> None:
        found = check_text(example_card(word, KONY), game=game)
        errors = [d for d in found if d.is_error]
        assert errors and {d.code for d in errors} == {"KOT223"}, [d.render() for d in found]
        own = [d for d in errors if repr(word.member.value) in d.message]
        assert own, [d.message for d in errors]
        assert own[0].hint is not None
        assert own[0].hint.startswith(f"only {KONY} cards may say it")

    @pytest.mark.parametrize(("kind", "word"), SHARED_WORDS,
                             ids=[f"{k}-{w.member.value}" for k, w in SHARED_WORDS])
    def test_king_of_tokyo_s_words_it_says_mean_the_same(self, kind: str,
                                                         word: v.AnyWord) -> None:
        assert DEFAULT_GAME in word.games
        text = example_card(word, DEFAULT_GAME)
        kony, _ = _parse(text)
        kot, _ = _parse(text, DEFAULT_GAME)
        assert [strip_positions(c) for c in kony] == [strip_positions(c) for c in kot]

    def test_a_king_of_tokyo_message_never_lists_its_keywords(self) -> None:
        bad = 'card "X"\n  cost 3, keep\n  You flarp.\n'
        kot = check_text(bad, game=DEFAULT_GAME)[0].message
        kony = check_text(bad, game=KONY)[0].message
        assert "'cannot'" not in kot and "'cannot'" in kony
        assert kot == check_text(bad)[0].message


class TestNoCardNameInCode:
    def test_no_deck_card_name_alias_or_id_in_kot_rules(self) -> None:
        from kot_rules.engine.cards import is_special

        package = Path(__file__).resolve().parents[2] / "kot_rules"
        words: set[str] = set()
        for card in builtin_card_set(KONY).cards:
            if is_special(card):  # the rulebook's Superstar and Statue: rules components
                continue
            words.add(card.name.casefold())
            words.update(alias.name.casefold() for alias in card.aliases)
            if "-" in card.slug:
                words.add(card.slug)
        # Python's own `typing.overload` is no card.
        typing_word = re.compile(r"(@|import |, )overload\b")
        texts = {p: typing_word.sub("", p.read_text(encoding="utf-8")).casefold()
                 for p in sorted(package.rglob("*.py"))}
        hits = [f"{p.name}: {w!r}" for p, text in texts.items() for w in words
                if re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)", text)]
        assert not hits
