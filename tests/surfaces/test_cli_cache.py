"""The on-disk cache (kot_rules/cache.py): a hit prints what a cold run prints, byte for
byte; an edited card file is a miss; a corrupt entry is ignored and rewritten."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kot_rules import cache
from kot_rules.language import cardset
from kot_rules.paths import builtin_cards_dir
from kot_rules.surfaces.cli import cards as cli_cards
from kot_rules.surfaces.cli import main

CARDS = ("acid-attack.kot", "armor-plating.kot", "alien-metabolism.kot")


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.delenv("KOT_RULES_NO_CACHE", raising=False)
    monkeypatch.setenv("KOT_RULES_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    folder = tmp_path / "deck"
    folder.mkdir()
    for name in CARDS:
        shutil.copy(builtin_cards_dir() / name, folder / name)
    return folder


@pytest.fixture
def check_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the cold runs of ``check`` (a hit does not run it)."""
    runs: list[int] = []
    cold = cli_cards._check

    def counted(*args: object, **kwargs: object) -> dict[str, object]:
        runs.append(1)
        return cold(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cli_cards, "_check", counted)
    return runs


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, _ = capsys.readouterr()
    return code, out


def uncached(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
             *argv: str) -> tuple[int, str]:
    with monkeypatch.context() as m:
        m.setenv("KOT_RULES_NO_CACHE", "1")
        return run(capsys, *argv)


class TestCacheHit:
    @pytest.mark.parametrize("form", [(), ("--json",)])
    def test_a_hit_prints_what_a_cold_run_prints(
        self, cache_dir: Path, deck: Path, check_runs: list[int],
        capsys: pytest.CaptureFixture[str], form: tuple[str, ...],
    ) -> None:
        cold = run(capsys, "check", str(deck), *form)
        warm = run(capsys, "check", str(deck), *form)
        assert warm == cold
        assert len(check_runs) == 1
        assert list(cache_dir.glob("check-*.json"))

    def test_text_and_json_share_one_entry(
        self, cache_dir: Path, deck: Path, check_runs: list[int],
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        run(capsys, "check", str(deck), "--no-proofs")
        code, out = run(capsys, "check", str(deck), "--no-proofs", "--json")
        assert code == 0 and json.loads(out)["cards"] == len(CARDS)
        assert len(check_runs) == 1

    def test_an_error_is_cached_with_its_exit_code(
        self, cache_dir: Path, deck: Path, check_runs: list[int],
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        (deck / "broken.kot").write_text('card "Broken"\n  cost x, keep\n', encoding="utf-8")
        cold = uncached(capsys, monkeypatch, "check", str(deck), "--no-proofs", "--json")
        assert cold[0] == 1
        assert run(capsys, "check", str(deck), "--no-proofs", "--json") == cold
        assert run(capsys, "check", str(deck), "--no-proofs", "--json") == cold
        assert len(check_runs) == 2  # the uncached run, then one run for the cache

    def test_no_cache_writes_nothing(
        self, cache_dir: Path, deck: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        uncached(capsys, monkeypatch, "check", str(deck), "--no-proofs")
        assert not cache_dir.exists()


class TestInvalidation:
    def test_an_edited_number_is_a_miss(
        self, cache_dir: Path, deck: Path, check_runs: list[int],
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        run(capsys, "check", str(deck), "--json")
        card = deck / "acid-attack.kot"
        text = card.read_text(encoding="utf-8")
        card.write_text(text.replace("add 1 damage", "add 2 damage"), encoding="utf-8")
        edited = run(capsys, "check", str(deck), "--json")
        assert len(check_runs) == 2
        assert edited == uncached(capsys, monkeypatch, "check", str(deck), "--json")

    def test_an_edited_cost_shows_in_the_parsed_cards(
        self, cache_dir: Path, deck: Path, capsys: pytest.CaptureFixture[str],
    ) -> None:
        def cost() -> int:
            code, out = run(capsys, "cards", "list", "--cards", str(deck), "--json")
            assert code == 0
            costs = {c["id"]: c["cost"] for c in json.loads(out)["cards"]}
            return int(costs["acid-attack"])

        assert cost() == 6
        assert cost() == 6  # from the cache
        card = deck / "acid-attack.kot"
        card.write_text(card.read_text(encoding="utf-8").replace("cost 6", "cost 5"),
                        encoding="utf-8")
        assert cost() == 5

    def test_the_key_follows_the_source(
        self, cache_dir: Path, deck: Path, monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        before = cache.inputs_key("check", [deck])
        monkeypatch.setattr(cache, "source_hash", lambda: "another interpreter")
        assert cache.inputs_key("check", [deck]) != before

    def test_the_key_follows_the_path_a_file_is_read_under(
        self, cache_dir: Path, deck: Path, tmp_path: Path,
    ) -> None:
        other = tmp_path / "other"
        shutil.copytree(deck, other)
        assert cache.inputs_key("check", [deck]) != cache.inputs_key("check", [other])


class TestCorruptEntry:
    @pytest.mark.parametrize("damage", [b"", b"not json {", b"\x80\x81", b'{"format": 1}'])
    def test_a_corrupt_check_entry_is_rewritten(
        self, cache_dir: Path, deck: Path, check_runs: list[int],
        capsys: pytest.CaptureFixture[str], damage: bytes,
    ) -> None:
        cold = run(capsys, "check", str(deck), "--no-proofs", "--json")
        for entry in cache_dir.iterdir():
            entry.write_bytes(damage)
        assert run(capsys, "check", str(deck), "--no-proofs", "--json") == cold
        assert run(capsys, "check", str(deck), "--no-proofs", "--json") == cold
        assert len(check_runs) == 2

    @pytest.mark.parametrize("cut", [0, 10, 100, -1])
    def test_a_damaged_card_entry_is_read_again(
        self, cache_dir: Path, deck: Path, cut: int,
    ) -> None:
        cold = cardset.load_card_set(deck)
        (entry,) = cache_dir.glob("cards-*.pickle")
        data = entry.read_bytes()
        entry.write_bytes(data[:cut] if cut >= 0 else data[:-1] + bytes([data[-1] ^ 1]))
        assert cardset.load_card_set(deck).cards == cold.cards
        assert entry.read_bytes() == data  # rewritten whole

    def test_an_entry_under_another_key_is_not_unpickled(
        self, cache_dir: Path, deck: Path,
    ) -> None:
        cache.store_pickle("cards", "a" * 64, ("anything",))
        (entry,) = cache_dir.glob("cards-*.pickle")
        entry.rename(cache_dir / f"cards-{'b' * 64}.pickle")
        assert cache.load_pickle("cards", "b" * 64) is None

    def test_an_unwritable_cache_is_no_cache(
        self, tmp_path: Path, deck: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        blocker = tmp_path / "a-file"
        blocker.write_text("", encoding="utf-8")
        monkeypatch.delenv("KOT_RULES_NO_CACHE", raising=False)
        monkeypatch.setenv("KOT_RULES_CACHE_DIR", str(blocker / "cache"))
        code, out = run(capsys, "check", str(deck), "--no-proofs")
        assert code == 0 and out.startswith("checked 3 cards")


class TestCacheLocation:
    def test_the_folder_given_wins(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delenv("KOT_RULES_NO_CACHE", raising=False)
        monkeypatch.setenv("KOT_RULES_CACHE_DIR", "/somewhere")
        monkeypatch.setenv("XDG_CACHE_HOME", "/xdg")
        assert cache.cache_dir() == Path("/somewhere")

    def test_xdg_then_home(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delenv("KOT_RULES_NO_CACHE", raising=False)
        monkeypatch.delenv("KOT_RULES_CACHE_DIR", raising=False)
        monkeypatch.setenv("XDG_CACHE_HOME", "/xdg")
        assert cache.cache_dir() == Path("/xdg/kot-rules")
        monkeypatch.delenv("XDG_CACHE_HOME")
        assert cache.cache_dir() == Path.home() / ".cache" / "kot-rules"

    def test_no_cache_turns_it_off(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("KOT_RULES_NO_CACHE", "1")
        assert cache.cache_dir() is None
