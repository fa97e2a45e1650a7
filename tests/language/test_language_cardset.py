"""CardSet: physical ids, per-id look-ups, name resolution, loading."""

from __future__ import annotations

from pathlib import Path

import pytest

from kot_rules.language import (
    CardDef,
    CardKind,
    CardSet,
    CardSpecError,
    Position,
    builtin_card_set,
    check_paths,
    load_card_set,
    slugify,
)


def _card(name: str, copies: int = 1) -> CardDef:
    return CardDef(name, slugify(name), 3, CardKind.KEEP, copies, (), Position("f", 1, 1))


class TestSlug:
    @pytest.mark.parametrize(("name", "slug"), [
        ("We're Only Making It Stronger", "we-re-only-making-it-stronger"),
        ("Made in a Lab", "made-in-a-lab"),
        ("  --Odd__Name!! 2 ", "odd-name-2"),
        ("!!!", ""),
    ])
    def test_slugify(self, name: str, slug: str) -> None:
        assert slugify(name) == slug


class TestPhysicalIds:
    def test_sorted_by_slug_with_copies_in_order(self) -> None:
        ids = builtin_card_set().physical_ids()
        assert ids[:3] == ("acid-attack", "alien-metabolism", "alpha-monster")
        head = ids.index("extra-head-1")
        assert ids[head:head + 2] == ("extra-head-1", "extra-head-2")
        assert "extra-head" not in ids
        assert [c.slug for c in builtin_card_set().cards] == sorted(
            c.slug for c in builtin_card_set().cards)

    def test_per_id_lookups(self) -> None:
        cards = builtin_card_set()
        assert cards.cost("extra-head-2") == 7
        assert cards.kind("evacuation-orders-1") is CardKind.DISCARD
        assert cards.name("we-re-only-making-it-stronger") == "We're Only Making It Stronger"
        assert cards.definition("wings").cost == 6
        assert cards.definition("extra-head") is cards.definition("extra-head-1")
        for card_id in cards.physical_ids():
            assert cards.cost(card_id) == cards.definition(card_id).cost
            assert card_id in cards

    def test_unknown_id(self) -> None:
        with pytest.raises(KeyError):
            builtin_card_set().cost("no-such-card")


class TestResolve:
    @pytest.mark.parametrize(("text", "ids"), [
        ("Even Bigger", ("even-bigger",)),
        ("even bigger", ("even-bigger",)),
        ("  EVEN   bigger ", ("even-bigger",)),
        ("Jeszcze większy!", ("even-bigger",)),
        ("jeszcze WIĘKSZY!", ("even-bigger",)),
        ("větší než jste čekali", ("even-bigger",)),
        ("Extra Head", ("extra-head-1", "extra-head-2")),
        ("extra-head", ("extra-head-1", "extra-head-2")),
        ("extra-head-2", ("extra-head-2",)),
        ("EVACUATION-ORDERS-1", ("evacuation-orders-1",)),
        ("We’re Only Making It Stronger", ("we-re-only-making-it-stronger",)),
        ("Monstrualne baterie", ("monster-batteries",)),
        ("Seskok z výšky", ("drop-from-high-altitude",)),
        # typed without accents (and without the "!")
        ("jeszcze wiekszy", ("even-bigger",)),
        ("vetsi nez jste cekali", ("even-bigger",)),
        ("seskok z vysky", ("drop-from-high-altitude",)),
        ("imitacja", ("mimic",)),
        ("Death From Above", ()),
        ("", ()),
        ("!!!", ()),
    ])
    def test_resolve(self, text: str, ids: tuple[str, ...]) -> None:
        assert builtin_card_set().resolve(text) == ids

    def test_casefolding_not_just_lowercasing(self) -> None:
        cards = CardSet([CardDef("Strasse", "strasse", 1, CardKind.KEEP, 1, (),
                                 Position("f", 1, 1))])
        assert cards.resolve("STRASSE") == ("strasse",)

    def test_an_accent_free_name_never_takes_another_cards_exact_name(self) -> None:
        a = CardDef("Zaba", "zaba", 1, CardKind.KEEP, 1, (), Position("f", 1, 1))
        b = CardDef("Żaba", "zaba-2", 1, CardKind.KEEP, 1, (), Position("f", 2, 1))
        cards = CardSet([a, b])
        assert cards.resolve("zaba") == ("zaba",)
        assert cards.resolve("Żaba") == ("zaba-2",)

    def test_suggest(self) -> None:
        cards = builtin_card_set()
        assert cards.suggest("extra hed") == "Extra Head"
        assert cards.suggest("jeszcze wiekszy") == "Jeszcze większy!"
        assert cards.suggest("zzzzzzzzzz") is None


class TestCardSetValue:
    def test_immutable(self) -> None:
        cards = builtin_card_set()
        with pytest.raises(AttributeError):
            cards._cards = ()
        with pytest.raises(AttributeError):
            del cards._ids

    def test_refuses_clashing_ids(self) -> None:
        with pytest.raises(ValueError, match="tank-1"):
            CardSet([_card("Tank", copies=2), _card("Tank 1")])

    def test_equality_and_repr(self) -> None:
        assert CardSet([_card("A"), _card("B")]) == CardSet([_card("B"), _card("A")])
        assert repr(builtin_card_set()) == "CardSet(64 cards, 66 physical)"


class TestLoading:
    def test_builtin_set_is_cached(self) -> None:
        assert builtin_card_set() is builtin_card_set()
        assert load_card_set() is builtin_card_set()

    def test_load_a_file_and_a_nested_folder(self, tmp_path: Path) -> None:
        (tmp_path / "sub").mkdir()
        (tmp_path / "sub" / "b.kot").write_text('card "B"\n  cost 2, discard\n', "utf-8")
        (tmp_path / "a.kot").write_text('card "A"\n  cost 1, keep, copies 3\n', "utf-8")
        (tmp_path / "notes.txt").write_text("not a card file", "utf-8")
        cards = load_card_set(tmp_path)
        assert cards.physical_ids() == ("a-1", "a-2", "a-3", "b")
        assert load_card_set(tmp_path / "a.kot").physical_ids() == ("a-1", "a-2", "a-3")

    def test_errors_raise_with_every_diagnostic(self, tmp_path: Path) -> None:
        (tmp_path / "a.kot").write_text('card "A"\n  cost x, keep\n', "utf-8")
        (tmp_path / "b.kot").write_text('card "B"\n  cost 4, kept\n', "utf-8")
        with pytest.raises(CardSpecError) as raised:
            load_card_set(tmp_path)
        assert [d.code for d in raised.value.diagnostics] == ["KOT102", "KOT104"]
        assert "a.kot:2:8: error[KOT102]" in str(raised.value)

    def test_warnings_do_not_stop_loading(self, tmp_path: Path) -> None:
        (tmp_path / "a.kot").write_text('card "A"\n  cost 1, keep\n  alias pl "X"\n', "utf-8")
        (tmp_path / "b.kot").write_text('card "B"\n  cost 1, keep\n  alias cz "x"\n', "utf-8")
        (tmp_path / "c.kot").write_text("# empty\n", "utf-8")
        report = check_paths([tmp_path])
        assert report.ok
        assert [d.code for d in report.diagnostics] == ["KOT211", "KOT212"]
        assert load_card_set(tmp_path).resolve("x") == ("a", "b")

    def test_report_json(self, tmp_path: Path) -> None:
        report = check_paths([tmp_path / "missing"])
        assert report.to_json() == {"cards": 0, "ok": False, "diagnostics": [
            report.diagnostics[0].to_json()]}
        assert report.render().startswith(f"{tmp_path / 'missing'}:0:0: error[KOT100]")

    def test_missing_path_raises_spec_error(self, tmp_path: Path) -> None:
        with pytest.raises(CardSpecError):
            load_card_set(tmp_path / "missing")
