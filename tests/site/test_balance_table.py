"""The built-in deck's balance table on the site: the committed data file
(docs/data/balance.json, written by scripts/make_balance_table.py) still matches the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kot_rules.balance import BalanceTally
from kot_rules.site import balance_table

DOCS = Path(__file__).resolve().parents[2] / "docs"
STALE = "stale: run .venv/bin/python scripts/make_balance_table.py and commit the file"


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((DOCS / balance_table.DATA).read_text(encoding="utf-8"))
    return loaded


class TestBalanceDataFile:
    def test_holds_every_chunk_of_the_seeds(self, data: dict[str, Any]) -> None:
        assert data["chunk"] == balance_table.CHUNK
        assert len(data["chunks"]) == len(balance_table.chunks())
        assert sum(c["tally"]["games"] for c in data["chunks"]) == balance_table.GAMES

    def test_the_summary_is_the_sum_of_the_chunks_for_the_current_deck(
        self, data: dict[str, Any]
    ) -> None:
        tallies = [BalanceTally.from_json(c) for c in data["chunks"]]
        assert [card["name"] for card in data["summary"]["cards"]] == (
            balance_table.deck_names()
        ), STALE
        assert balance_table.totals(tallies) == data["summary"], STALE

    def test_replaying_the_first_chunk_gives_its_stored_counts(
        self, data: dict[str, Any]
    ) -> None:
        first = balance_table.chunks()[0]
        assert balance_table.play_chunk(first).to_json() == data["chunks"][0], STALE


class TestBalancePage:
    def test_the_page_asks_for_the_table_and_gets_one_row_per_card(
        self, data: dict[str, Any]
    ) -> None:
        page = (DOCS / balance_table.PAGE).read_text(encoding="utf-8")
        assert balance_table.MARKER in page
        filled = balance_table.fill(page, DOCS)
        assert balance_table.MARKER not in filled

        def rows(text: str) -> int:
            return sum(line.startswith("| ") for line in text.splitlines())

        # The table's header, then one row per card.
        assert rows(filled) - rows(page) == 1 + len(data["summary"]["cards"])


class TestBalanceFigure:
    def test_the_figure_names_every_card_of_the_data_file(self, data: dict[str, Any]) -> None:
        from html import escape

        svg = balance_table.figure(DOCS).decode("utf-8")
        assert svg.lstrip().startswith("<?xml") and "</svg>" in svg
        missing = [card["name"] for card in data["summary"]["cards"]
                   if escape(card["name"], quote=False) not in svg]
        assert missing == []

    def test_the_same_data_draws_the_same_bytes(self) -> None:
        assert balance_table.figure(DOCS) == balance_table.figure(DOCS)

    def test_the_page_shows_the_generated_figure(self) -> None:
        page = (DOCS / balance_table.PAGE).read_text(encoding="utf-8")
        assert f"]({balance_table.FIGURE.as_posix()})" in page
