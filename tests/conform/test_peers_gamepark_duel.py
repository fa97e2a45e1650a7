"""Game Park's King of Tokyo: Duel through its kot-conform adapter
(conformance/peers/gamepark-duel, run by Node with tsx): its npm packages install from the
committed lockfile, it says hello for every Duel card, a sample of scenarios ends as the full
report says (docs/conform/gamepark-duel.md), and its differences reproduce, through the
runner and by hand on their own rules."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from peer_helpers import (
    ADAPTERS,
    check_page_totals,
    hello_of,
    need,
    peers_dir,
    reason,
    repro_lines,
    run_sample,
)

GAME = "king-of-tokyo-duel"
HERE = ADAPTERS / "gamepark-duel"


@pytest.fixture(scope="module")
def adapter() -> list[str]:
    peers = peers_dir()
    need(None if peers is None else peers / "gamepark-king-of-tokyo-duel",
         "Game Park's King of Tokyo: Duel")
    node, npm = shutil.which("node"), shutil.which("npm")
    need(None if node is None or npm is None else HERE, "Node 20 with npm")
    assert node is not None
    # setup.sh: npm ci from package-lock.json, once (a stamp makes a second run do nothing).
    subprocess.run(["sh", str(HERE / "setup.sh")], check=True, timeout=600)
    return [node, str(HERE / "main.mjs")]


def test_setup_is_idempotent_and_pins_exact_versions(adapter: list[str]) -> None:
    import json

    again = subprocess.run(["sh", str(HERE / "setup.sh")], capture_output=True, timeout=60,
                           check=True)
    assert again.stdout == b""  # the stamp of the same lockfile: nothing installed
    wanted = json.loads((HERE / "package.json").read_text())["dependencies"]
    assert all(v[0].isdigit() for v in wanted.values()), wanted  # exact versions only
    lock = json.loads((HERE / "package-lock.json").read_text())["packages"]
    assert {k: lock[f"node_modules/{k}"]["version"] for k in wanted} == wanted


def test_hello_offers_every_duel_card(adapter: list[str]) -> None:
    hello = hello_of(adapter)
    support = hello.support(GAME)
    assert support is not None and support.cards is not None
    ours = {p.stem for p in (ADAPTERS.parents[1] / "spec" / "cards" / GAME).glob("*.kot")}
    assert support.cards == ours and len(ours) == 50
    assert {"spend-dice-tokens", "resolve", "choose", "buy"} <= support.actions
    assert "use" not in support.actions
    assert {"board.fame", "board.tiles", "events", "waiting_for"} <= support.fields


SAMPLE = {
    # Their rules agree with ours.
    "roll/spend-two-dice-tokens.yaml": "pass",
    "monsters/cyber-kitty-five-power-faces.yaml": "pass",
    "monsters/the-king-tile-stops-the-next-pull.yaml": "pass",
    "victory/spotlight-half-way-through-a-pull.yaml": "pass",
    "cards/dominate.yaml": "pass",
    "refusals/buzz-tile-under-a-marker-stays.yaml": "pass",
    "new-game/two-monsters.yaml": "pass",
    # The differences.
    "resolve/energy.yaml": "fail",  # Alienoid's power before any face is resolved
    "monsters/meka-dragon-multiplies.yaml": "fail",
    "victory/the-rivals-pull-makes-me-win.yaml": "fail",
    "cards/armor-plating-extra-turn.yaml": "fail",  # Frenzy: the buy phase goes on
    "cards/armor-plating-not-on-own-turn.yaml": "fail",
    "buzz/icon-may-leave-the-tile.yaml": "fail",
    "refusals/resolve-before-buying.yaml": "fail",
    "refusals/never-more-than-eight-dice.yaml": "engine-error",
    "refusals/buzz-tile-not-across-a-marker.yaml": "fail",  # a three-space tile one way only
    "coverage/three-space-tile.yaml": "unsupported",
    # What the adapter does not send: a card used at will.
    "cards/alien-metabolism.yaml": "unsupported",
}


def test_a_sample_of_scenarios_through_the_runner(adapter: list[str], tmp_path: Path) -> None:
    report = run_sample(GAME, adapter, SAMPLE, tmp_path / "traffic.log")
    assert "their Alienoid rule asks first" in reason(report, "resolve/energy.yaml")
    assert "choose" in reason(report, "meka-dragon-multiplies.yaml")
    assert "outcome: expected {'winner': 'Alienoid', 'victory': 'spotlight'}, got None" in \
        reason(report, "the-rivals-pull-makes-me-win.yaml")
    assert "roll" in reason(report, "armor-plating-extra-turn.yaml")
    assert "Cyber Kitty.hearts: expected 8, got 9" in reason(
        report, "armor-plating-not-on-own-turn.yaml")
    assert '"option": "pass"' in reason(report, "icon-may-leave-the-tile.yaml")
    assert 'accepted {"type": "end-turn"}' in reason(report, "resolve-before-buying.yaml")
    assert "does not exists" in reason(report, "never-more-than-eight-dice.yaml")
    assert "`choose: fame 3 2 1`" in reason(report, "buzz-tile-not-across-a-marker.yaml")
    assert "their tile cannot lie on fame -1,-2,-3" in reason(report, "three-space-tile.yaml")


def test_the_differences_reproduce_on_their_own_rules(adapter: list[str]) -> None:
    cases = repro_lines([*adapter, "--repro"])
    assert len(cases) == 11
    assert all(c["holds"] for c in cases.values()), {
        k: c["detail"] for k, c in cases.items() if not c["holds"]}


def test_the_page_gives_the_reports_totals() -> None:
    check_page_totals("gamepark-duel.king-of-tokyo-duel.json", "gamepark-duel.md")
