"""Each difference docs/conform/tokyo-bench.md lists, played by hand on tokyo-bench: its
``Game.step`` with two agents of its ``Player`` kind that keep every die and never yield; no
code of the adapter's but the loading of its modules. The dice are the only thing chosen
here (its ``roll_n_dice``).

Run: ``python conformance/peers/tokyo-bench/repro.py`` (one JSON line per case:
``{case, holds, detail}``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from adapter import Peer, load_peer, peer_folder


class Table:
    """A tokyo-bench game whose dice are given, its agents keeping every die."""

    def __init__(self, peer: Peer, monsters: int = 2) -> None:
        # For each yield question: who is asked, its hearts, and the game's winner_idx then.
        self.asked: list[tuple[int, int, int]] = []
        table = self

        class Keeper(peer.player_class):  # type: ignore[misc,name-defined]
            def keep_dice(self, dice: list[Any], _others: Any, roll_counter: int) -> Any:
                return [True] * len(dice), "keep all"

            def yield_tokyo(self, _others: Any) -> Any:
                table.asked.append((self.idx, self.state.health, table.game.winner_idx))
                return False, "stay"

        self.peer = peer
        self.players = [Keeper(idx=i, name=f"m{i}") for i in range(monsters)]
        logger = peer.logger_class(player_names=[p.name for p in self.players], total_games=1)
        self.game = peer.game_class(players=self.players, start_idx=0, logger=logger)
        self.dice: list[str] = []
        self.game.roll_n_dice = lambda n: [self.peer.constants.DIESIDE(self.dice.pop(0))
                                           for _ in range(n)]

    def turn(self, *faces: str) -> None:
        """One step of its main loop: the active monster rolls ``faces`` and keeps them."""
        self.dice = list(faces)
        self.game.step()


def enter_without_claw(peer: Peer) -> tuple[bool, str]:
    t = Table(peer)
    t.turn("1", "1", "2", "2", "3", "3")
    s = t.players[0].state
    return s.in_tokyo and s.victory_points == 1, (
        f"no claw rolled, Tokyo empty: in Tokyo afterwards {s.in_tokyo}, stars {s.victory_points}")


def stars_stop_at_twenty(peer: Peer) -> tuple[bool, str]:
    t = Table(peer)
    t.players[1].set_tokyo(True)
    t.players[0].set_victory_points(19)
    t.turn("3", "3", "3", "1", "2", "Heal")
    stars = t.players[0].state.victory_points
    return stars == 20, f"19 stars and a set of 3s (3 stars): {stars}"


def win_during_the_turn(peer: Peer) -> tuple[bool, str]:
    t = Table(peer)
    t.players[1].set_tokyo(True)
    t.players[0].set_victory_points(17)
    t.turn("3", "3", "3", "Attack", "1", "2")
    won = [w for _, _, w in t.asked]
    return won == [0], (
        f"the set of 3s makes 20 stars; when the attack then asks the City to yield, "
        f"winner_idx is already {won[0] if won else None}")


def killed_in_tokyo_stays(peer: Peer) -> tuple[bool, str]:
    t = Table(peer)
    t.players[1].set_tokyo(True)
    t.players[1].set_health(2)
    t.turn("Attack", "Attack", "Attack", "1", "2", "3")
    dead = t.players[1].state
    return (dead.health == 0 and dead.in_tokyo and not t.players[0].state.in_tokyo
            and t.asked == [(1, 0, -1)]), (
        f"3 claws on the City at 2 hearts: it has {dead.health} hearts, in Tokyo {dead.in_tokyo}, "
        f"was asked to yield at {t.asked[0][1] if t.asked else '-'} hearts; the attacker is in "
        f"Tokyo: {t.players[0].state.in_tokyo}")


CASES: dict[str, Callable[[Peer], tuple[bool, str]]] = {
    "enters-an-empty-tokyo-without-a-claw": enter_without_claw,
    "stars-stop-at-twenty": stars_stop_at_twenty,
    "wins-during-the-turn": win_during_the_turn,
    "killed-in-tokyo-stays-in-tokyo": killed_in_tokyo_stays,
}


def reproduce(peer: Peer) -> list[dict[str, Any]]:
    out = []
    for name, case in CASES.items():
        try:
            holds, detail = case(peer)
        except Exception as exc:  # a case that cannot be played is reported, not raised
            holds, detail = False, f"failed: {type(exc).__name__}: {exc}"
        out.append({"case": name, "holds": holds, "detail": detail})
    return out


if __name__ == "__main__":
    out = sys.stdout
    sys.stdout = sys.stderr  # its logger may print
    for line in reproduce(load_peer(peer_folder(None))):
        out.write(json.dumps(line) + "\n")
