"""kot-conform adapter (protocol 1) for tokyo-bench, a simplified King of Tokyo by others.

Run: ``python conformance/peers/tokyo-bench/adapter.py [--peer DIR]`` (default
``../shared/peers/tokyo-bench`` beside the repository, or ``$KOT_SHARED/peers/tokyo-bench``).

Every rule is tokyo-bench's own code: its ``Game.step`` plays each turn in a thread of this
process, and the adapter only answers the questions that code asks (the dice it throws, the
dice to keep, whether to yield Tokyo) from the runner's actions, and reads its players'
state back. The end of a turn is the one place the adapter adds a pause: tokyo-bench has no
buying, so it waits for ``end-turn`` just before its own ``check_winner``.

tokyo-bench is loaded unmodified from its folder. Three modules it imports but never uses
in a game (``litellm``, ``dotenv``, ``tqdm``) are stubbed here, and its ``player.py`` is
compiled from its file with one expression respelled for Python 3.11: the f-string of the
LLM-only method ``llm_call`` nests double quotes, which needs Python 3.12.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import queue
import sys
import threading
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROTOCOL = 1
GAME = "king-of-tokyo"
# The commit of the copy in ../shared/peers (peers/README.md).
VERSION = "7070aec"
# Our faces, in the order the state JSON writes them (docs/formats/state.md).
FACE_ORDER = ("1", "2", "3", "energy", "heart", "claw")
# tokyo-bench's DIESIDE values and ours.
FACES = {"Attack": "claw", "Heal": "heart", "1": "1", "2": "2", "3": "3"}
ACTIONS = ("roll", "reroll", "stop", "yield", "stay", "end-turn")
# Paths of the state view (docs/formats/state.md, plus place, eliminated and waiting_for).
FIELDS = (
    "active", "turn", "phase", "outcome", "dice", "city", "bay", "waiting_for",
    "monsters.hearts", "monsters.max_hearts", "monsters.stars", "monsters.alive",
    "monsters.place", "monsters.eliminated", "events",
)
# Options that change only what cards do: with no cards they change nothing.
CARD_OPTIONS = frozenset({
    "bonus_claws", "neighbours_attacked_only", "revived_leaves_tokyo",
    "probe_after_last_roll", "refund_printed_cost",
})
PEER_SUBDIR = "tokyo-bench"
PY311_FIX = ('{len(llm_response["keep_mask"])}', "{len(llm_response['keep_mask'])}")


class Refused(Exception):
    """The action is not open now (protocol error kind ``refused``)."""


class Unsupported(Exception):
    """tokyo-bench cannot express this (protocol error kind ``unsupported``)."""


class BadRequest(Exception):
    """The request does not follow the protocol."""


class EngineFailed(Exception):
    """tokyo-bench's own code raised."""


class _Abandoned(BaseException):
    """Ends the thread of a game the runner has left (a new game or a load replaced it)."""


_ABANDON = object()


# ---------------------------------------------------------------- loading tokyo-bench


def peer_folder(given: str | None) -> Path:
    """tokyo-bench's folder: ``given``, else ``$KOT_SHARED/peers/tokyo-bench``, else the
    ``shared/peers/tokyo-bench`` nearest above this checkout (``../shared`` of the repo)."""
    if given:
        return Path(given).resolve()
    if "KOT_SHARED" in os.environ:
        return (Path(os.environ["KOT_SHARED"]) / "peers" / PEER_SUBDIR).resolve()
    for folder in Path(__file__).resolve().parents:
        if (folder / "shared" / "peers" / PEER_SUBDIR).is_dir():
            return folder / "shared" / "peers" / PEER_SUBDIR
    return Path(__file__).resolve().parents[4] / "shared" / "peers" / PEER_SUBDIR


def _stub(name: str, **attrs: Any) -> None:
    if name in sys.modules:
        return
    mod = types.ModuleType(name)
    mod.__dict__.update(attrs)
    sys.modules[name] = mod


def _never(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError("an LLM call in a conformance run")


@contextlib.contextmanager
def _inside(folder: Path) -> Iterator[None]:
    """Run in ``folder`` (its llm/helpers.py reads ./llm/rules.md when imported)."""
    here = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(here)


@dataclass(frozen=True)
class Peer:
    """The parts of tokyo-bench a game needs."""

    game_class: Any
    player_class: Any
    logger_class: Any
    constants: Any


def load_peer(folder: Path) -> Peer:
    if not (folder / "game.py").is_file():
        raise FileNotFoundError(f"tokyo-bench not found at {folder}")
    _stub("litellm", completion=_never)
    _stub("dotenv", load_dotenv=lambda *a, **k: False)
    _stub("tqdm", trange=range, tqdm=lambda x, *a, **k: x)
    sys.path.insert(0, str(folder))
    source = (folder / "player.py").read_text(encoding="utf-8")
    old, new = PY311_FIX
    if sys.version_info < (3, 12):
        if source.count(old) != 1:
            raise RuntimeError("tokyo-bench's player.py is not the expected version")
        source = source.replace(old, new)
    with _inside(folder):
        player = types.ModuleType("player")
        player.__file__ = str(folder / "player.py")
        sys.modules["player"] = player
        exec(compile(source, player.__file__, "exec"), player.__dict__)
        game = importlib.import_module("game")  # tokyo-bench's game.py
        constants = importlib.import_module("helpers.constants")
        report = importlib.import_module("helpers.report")
    return Peer(game.Game, player.Player, report.GameLogger, constants)


# ---------------------------------------------------------------- the game thread


@dataclass
class Wait:
    """What tokyo-bench's code waits for: ``roll`` (n dice), ``keep``, ``yield`` (seat),
    ``end`` (the end of the turn) or ``over``."""

    kind: str
    seat: int | None = None
    count: int = 0
    dice: list[str] = field(default_factory=list)


class Session:
    """One tokyo-bench game, its ``step`` loop in a thread that stops at every question.

    The events of each step are read off tokyo-bench's own calls: every change of a player
    goes through its ``Game.update_player_state``, and the method that made the call (its
    ``start_turn``, ``resolve_victory_point_dice``, ...) says why.
    """

    def __init__(self, peer: Peer, names: list[str], turn: int, start: int) -> None:
        self.peer = peer
        self.names = names
        self.base_turn = turn
        self._answers: queue.Queue[Any] = queue.Queue()
        self._idle = threading.Event()
        self.wait = Wait("none")
        self.failure: BaseException | None = None
        self.table: list[str] = []  # our faces of the dice on the table
        self.stopped = False  # the active monster stopped rolling: keep every die
        self.rolls = 0  # dice thrown this turn (the rolled event's number)
        self.events: list[dict[str, Any]] = []  # since the last answer
        self.cause = ""  # which of tokyo-bench's methods is changing the players now
        self.numbers = 0  # stars its resolve_victory_point_dice gave so far (one event)
        session = self

        class ConformAgent(peer.player_class):  # type: ignore[misc,name-defined]
            """Answers tokyo-bench's two agent questions from the runner's actions."""

            def keep_dice(self, dice_results: list[Any], _others: Any, roll_counter: int) -> Any:
                return session.ask_keep(dice_results), "kot-conform"

            def yield_tokyo(self, _others: Any) -> Any:
                leave: bool = session.ask("yield", seat=self.idx)
                if not leave:
                    session.event("stayed", self.idx, place="city")
                return leave, "kot-conform"

        self.players = [ConformAgent(idx=i, name=n) for i, n in enumerate(names)]
        logger = peer.logger_class(player_names=names, total_games=1)
        self.game = g = peer.game_class(players=self.players, start_idx=start, logger=logger)
        g.roll_n_dice = self._roll
        update, resolve, check = g.update_player_state, g.resolve_dice, g.check_winner
        start_turn = g.start_turn

        def update_player_state(player: Any, **changes: Any) -> None:
            before = (player.state, g.active_players[player.idx], g.winner_idx)
            update(player, **changes)
            self.changed(player, changes.get("delta_health", 0), *before)

        def turn_started() -> None:
            self.event("turn-started", g.current_player_idx, amount=self.turn())
            self.within("start", start_turn)

        def resolve_dice(dice: list[Any]) -> None:
            self.table = sorted_faces(dice)
            self.event("resolved", g.current_player_idx, dice=list(self.table))
            resolve(dice)

        def check_winner() -> None:
            seat = g.current_player_idx
            self.ask("end", seat=seat)
            self.table = []
            self.event("turn-ended", seat)
            winner = g.winner_idx
            check()
            if g.winner_idx != winner:
                self.event("won", g.winner_idx, detail="last monster standing")

        g.update_player_state, g.resolve_dice, g.check_winner = (
            update_player_state, resolve_dice, check_winner)
        g.start_turn = turn_started
        for name, cause in (("resolve_victory_point_dice", "numbers"),
                            ("resolve_health_dice", "hearts"), ("resolve_attack_dice", "attack"),
                            ("enter_tokyo", "enter")):
            setattr(g, name, self.caused(cause, getattr(g, name)))

    # -- events

    def turn(self) -> int:
        return int(self.base_turn + self.game.turns)

    def event(self, kind: str, seat: int | None, **fields: Any) -> None:
        self.events.append({"kind": kind, "seat": seat, **fields})

    def within(self, cause: str, method: Callable[..., Any], *args: Any) -> Any:
        self.cause, self.numbers = cause, 0
        try:
            return method(*args)
        finally:
            if cause == "numbers" and self.numbers:
                self.event("stars", self.game.current_player_idx, amount=self.numbers,
                           detail="sets of numbers")
            self.cause = ""

    def caused(self, cause: str, method: Callable[..., Any]) -> Callable[..., Any]:
        return lambda *args: self.within(cause, method, *args)

    def changed(self, player: Any, delta: int, was: Any, alive: bool, winner: int) -> None:
        """The events of one update_player_state call of tokyo-bench."""
        now, seat, g = player.state, player.idx, self.game
        stars = now.victory_points - was.victory_points
        if stars and self.cause == "numbers":
            self.numbers += stars
        elif stars:
            why = {"start": "starts the turn in Tokyo", "enter": "enters Tokyo"}
            self.event("stars", seat, amount=stars, detail=why.get(self.cause, self.cause))
        if delta < 0:  # tokyo-bench's only damage is an attack's (its resolve_attack_dice)
            self.event("damaged", seat, amount=-delta, source=g.current_player_idx,
                       detail="attack")
        elif now.health > was.health:
            self.event("healed", seat, amount=now.health - was.health, detail="heart faces")
        if now.in_tokyo != was.in_tokyo:
            self.event("entered" if now.in_tokyo else "yielded", seat, place="city")
            if now.in_tokyo and len(self.events) > 1 and self.events[-2]["kind"] == "stars":
                # Its enter_tokyo adds the entry star, then moves the monster in: one step,
                # whose events read as ours do, the entry before its star.
                self.events[-2:] = self.events[-2:][::-1]
        if alive and not g.active_players[seat]:
            self.event("eliminated", seat)
        if g.winner_idx != winner:
            self.event("won", g.winner_idx, detail=f"{self.peer.constants.VICTORY_PTS_WIN} stars")

    # -- the thread side

    def ask(self, kind: str, seat: int | None = None, count: int = 0) -> Any:
        self.wait = Wait(kind, seat, count, list(self.table))
        self._idle.set()
        answer = self._answers.get()
        if answer is _ABANDON:
            raise _Abandoned
        return answer

    def ask_keep(self, dice_results: list[Any]) -> list[bool]:
        faces = [FACES[d.value] for d in dice_results]
        self.table = sorted_faces(dice_results)
        if self.stopped:
            return [True] * len(faces)
        keep: list[str] = self.ask("keep", seat=self.game.current_player_idx)
        if keep is None:  # stop
            self.stopped = True
            return [True] * len(faces)
        mask, left = [], list(keep)
        for f in faces:
            mask.append(f in left)
            if f in left:
                left.remove(f)
        self.table = sorted(keep, key=FACE_ORDER.index)
        self.event("kept", self.game.current_player_idx, dice=list(self.table))
        return mask

    def _roll(self, n: int) -> list[Any]:
        if n == 0:  # every die kept: tokyo-bench still runs its later rolls, with no dice
            return []
        faces: list[str] = self.ask("roll", seat=None, count=n)
        self.rolls += 1
        self.event("rolled", self.game.current_player_idx, amount=self.rolls,
                   dice=sorted(faces, key=FACE_ORDER.index))
        back = {v: k for k, v in FACES.items()}
        return [self.peer.constants.DIESIDE(back[f]) for f in faces]

    def start(self, skip_start_of_turn: bool) -> None:
        if skip_start_of_turn:  # the loaded position has its start-of-turn effects already
            own = self.game.start_turn

            def once() -> None:
                self.game.start_turn = own

            self.game.start_turn = once
        threading.Thread(target=self._run, daemon=True).start()
        self._idle.wait()

    def _run(self) -> None:
        try:
            # tokyo-bench's own main loop (game.py, __main__).
            while self.game.winner_idx == -1:
                self.stopped, self.rolls = False, 0
                self.game.step()
            self.wait = Wait("over")
        except _Abandoned:
            return
        except BaseException as exc:  # its failure is reported, never a crash of ours
            self.failure = exc
            self.wait = Wait("failed")
        self._idle.set()

    def take_events(self) -> list[dict[str, Any]]:
        out, self.events = self.events, []
        return [{k: v for k, v in e.items() if v is not None} | {"seat": e["seat"]}
                for e in out]

    # -- the protocol side

    def close(self) -> None:
        """Leave this game: its thread, waiting for an answer, ends."""
        if self.wait.kind not in ("over", "failed"):
            self._answers.put(_ABANDON)

    def answer(self, value: Any) -> None:
        self._idle.clear()
        self._answers.put(value)
        self._idle.wait()
        if self.failure is not None:
            raise EngineFailed(f"{type(self.failure).__name__}: {self.failure}")

    def phase(self) -> str:
        return {"roll": "roll", "keep": "keep", "yield": "yield", "end": "buy"}.get(
            self.wait.kind, "over"
        )

    def state(self) -> dict[str, Any]:
        g = self.game
        monsters = []
        for p, alive in zip(self.players, g.active_players, strict=True):
            s = p.state
            monsters.append({
                "name": p.name, "hearts": s.health, "max_hearts": p.max_health,
                "stars": s.victory_points, "alive": bool(alive),
                "place": "city" if s.in_tokyo else "outside", "eliminated": not alive,
            })
        city = next((p.idx for p in self.players if p.state.in_tokyo), None)
        outcome = None
        if g.winner_idx != -1:
            outcome = {"winner": g.winner_idx, "reason": "tokyo-bench's winner_idx"}
        w = self.wait
        waiting: int | str | None = w.seat
        if w.kind == "roll":
            waiting = "chance"
        elif w.kind not in ("keep", "yield", "end"):
            waiting = None
        return {
            "game": GAME,
            "active": g.current_player_idx,
            "turn": self.turn(),
            "phase": self.phase(),
            "outcome": outcome,
            "dice": list(w.dice) if w.kind in ("roll", "keep", "yield", "end") else [],
            "city": city,
            "bay": None,
            "yield_queue": [w.seat] if w.kind == "yield" else [],
            "waiting_for": waiting,
            "monsters": monsters,
        }


def sorted_faces(dice: list[Any]) -> list[str]:
    return sorted((FACES[d.value] for d in dice), key=FACE_ORDER.index)


# ---------------------------------------------------------------- set-ups


def check_options(options: dict[str, Any], seats: int) -> None:
    defaults = {"dice": 6, "rolls": 3, "win_stars": 20, "start_hearts": 10, "max_hearts": 10,
                "first_player": "seat-order"}
    for key, value in options.items():
        if key in CARD_OPTIONS:
            continue
        if key == "tokyo_bay":
            if value is True or (value is None and seats >= 5):
                raise Unsupported("tokyo-bench has no Tokyo Bay")
        elif key == "heart_cap":
            if value is not None and value < 10:
                raise Unsupported(f"tokyo-bench has no heart cap ({value})")
        elif key in defaults:
            if value != defaults[key]:
                raise Unsupported(f"tokyo-bench plays {key} = {defaults[key]} only, not {value}")
        else:
            raise Unsupported(f"tokyo-bench has no option {key!r}")


# Fields of a position tokyo-bench cannot hold, with the value they must have.
EMPTY_FIELDS: dict[str, Any] = {
    "bay": None, "pending": None, "extra_turns": [], "inserted": [], "tokens": [],
    "held": [], "protected": [], "yield_queue": [], "entering": False, "outcome": None,
    "dice": [], "rolls_done": 0, "copying": [], "pending_damage": [], "resume": None,
}


def load_position(peer: Peer, options: dict[str, Any], state: dict[str, Any]) -> Session:
    if state.get("game", GAME) != GAME:
        raise Unsupported(f"tokyo-bench plays {GAME} only")
    monsters = state.get("monsters")
    if not isinstance(monsters, list) or not 2 <= len(monsters) <= 6:
        raise BadRequest("state.monsters: 2 to 6 monsters")
    check_options(options, len(monsters))
    if state.get("phase") != "roll":
        phase = state.get("phase")
        raise Unsupported(f"tokyo-bench starts only at a turn's first roll, not {phase}")
    for key, empty in EMPTY_FIELDS.items():
        if key in state and state[key] != empty and not (key == "extra_turns" and state[key] == 0):
            raise Unsupported(f"tokyo-bench has no {key} (state.{key} = {state[key]!r})")
    if state.get("to_roll", 6) != 6 or state.get("rolls_allowed", 3) != 3:
        raise Unsupported("tokyo-bench throws 6 dice 3 times")
    c = peer.constants
    names = [m.get("name") for m in monsters]
    if len(set(names)) != len(names) or not all(isinstance(n, str) for n in names):
        raise BadRequest("state.monsters: distinct names")
    active = state.get("active")
    if not isinstance(active, int) or not 0 <= active < len(monsters):
        raise BadRequest("state.active: a seat")
    session = Session(peer, names, int(state.get("turn", 1)), active)
    city = state.get("city")
    for seat, (m, p) in enumerate(zip(monsters, session.players, strict=True)):
        if m.get("cards"):
            raise Unsupported(f"tokyo-bench has no cards ({m['name']}: {m['cards']})")
        if m.get("energy", 0):
            raise Unsupported(f"tokyo-bench has no energy ({m['name']}: {m['energy']})")
        if m.get("max_hearts", c.MAX_HEALTH) != c.MAX_HEALTH:
            raise Unsupported(f"tokyo-bench's monsters have {c.MAX_HEALTH} hearts at most")
        hearts, stars = m.get("hearts", c.MAX_HEALTH), m.get("stars", 0)
        if not 0 <= stars <= c.VICTORY_PTS_WIN:
            raise Unsupported(f"tokyo-bench holds 0 to {c.VICTORY_PTS_WIN} stars, not {stars}")
        if not 0 <= hearts <= c.MAX_HEALTH:
            raise BadRequest(f"{m['name']}: hearts {hearts}")
        p.set_health(hearts)
        p.set_victory_points(stars)
        p.set_tokyo(seat == city)
        session.game.active_players[seat] = bool(m.get("alive", True)) and hearts > 0
    session.start(skip_start_of_turn=True)
    return session


def new_game(peer: Peer, monsters: list[str], options: dict[str, Any]) -> Session:
    if not 2 <= len(monsters) <= 6 or len(set(monsters)) != len(monsters):
        raise Unsupported("tokyo-bench plays 2 to 6 monsters of distinct names")
    check_options(options, len(monsters))
    session = Session(peer, list(monsters), 1, 0)
    session.start(skip_start_of_turn=False)
    return session


# ---------------------------------------------------------------- actions


def parse_faces(faces: Any, thrown: bool = False) -> list[str]:
    """Our faces; ``thrown``: the faces of a roll, which tokyo-bench's dice must be able to
    show (a keep naming an energy die is simply not open: no die shows one)."""
    if not isinstance(faces, list):
        raise BadRequest("faces: a list")
    out = []
    for f in faces:
        f = str(f).strip().lower()
        if f not in FACE_ORDER:
            raise BadRequest(f"unknown face {f!r}")
        if f == "energy" and thrown:
            raise Unsupported("tokyo-bench's dice have no energy face")
        out.append(f)
    return out


def sub_multiset(part: list[str], whole: list[str]) -> bool:
    left = list(whole)
    for f in part:
        if f not in left:
            return False
        left.remove(f)
    return True


def check_action(s: Session, action: dict[str, Any]) -> Callable[[], None]:
    """What applying ``action`` does; raises Refused when it is not open now."""
    kind = action.get("type")
    w = s.wait
    if kind not in ACTIONS:
        raise Unsupported(f"tokyo-bench has no action {kind!r}")
    if kind == "roll":
        faces = parse_faces(action.get("faces"), thrown=True)
        if w.kind != "roll":
            raise Refused(f"no dice are thrown now (phase {s.phase()})")
        if len(faces) != w.count:
            raise Refused(f"{w.count} dice are thrown, not {len(faces)}")
        return lambda: s.answer(faces)
    if kind in ("reroll", "stop"):
        if w.kind != "keep":
            raise Refused(f"no keep decision now (phase {s.phase()})")
        if kind == "stop":
            return lambda: s.answer(None)
        keep = parse_faces(action.get("keep"))
        if not sub_multiset(keep, w.dice) or len(keep) >= len(w.dice):
            raise Refused(f"cannot keep {keep} of {w.dice} and reroll at least one")
        return lambda: s.answer(keep)
    if kind in ("yield", "stay"):
        if w.kind != "yield":
            raise Refused(f"nobody decides whether to yield now (phase {s.phase()})")
        return lambda: s.answer(kind == "yield")
    if w.kind != "end":  # end-turn
        raise Refused(f"the turn cannot end now (phase {s.phase()})")
    return lambda: s.answer(None)


# ---------------------------------------------------------------- the protocol loop


def hello() -> dict[str, Any]:
    return {
        "op": "hello", "protocol": PROTOCOL,
        "engine": {"name": "tokyo-bench", "version": VERSION},
        "games": [{
            "game": GAME, "setups": ["position", "new-game"], "cards": [],
            "options": {"tokyo_bay": [False]}, "actions": list(ACTIONS), "fields": list(FIELDS),
        }],
    }


class Adapter:
    def __init__(self, peer: Peer) -> None:
        self.peer = peer
        self.session: Session | None = None

    def need(self) -> Session:
        if self.session is None:
            raise BadRequest("no game: send new_game or load first")
        return self.session

    def handle(self, req: dict[str, Any]) -> dict[str, Any]:
        op = req.get("op")
        if op in ("new_game", "load") and self.session is not None:
            self.session.close()
            self.session = None
        if op == "new_game":
            if req.get("game") != GAME:
                raise Unsupported(f"tokyo-bench plays {GAME} only")
            self.session = new_game(self.peer, list(req.get("monsters") or []),
                                    dict(req.get("options") or {}))
            return {"events": self.session.take_events()}
        if op == "load":
            if req.get("game") != GAME:
                raise Unsupported(f"tokyo-bench plays {GAME} only")
            state = req.get("state")
            if not isinstance(state, dict):
                raise BadRequest("load: state must be an object")
            self.session = load_position(self.peer, dict(req.get("options") or {}), state)
            self.session.take_events()  # none: the position is built, not played
            return {}
        if op == "apply":
            check_action(self.need(), dict(req.get("action") or {}))()
            return {"events": self.need().take_events()}
        if op == "legal":
            try:
                check_action(self.need(), dict(req.get("action") or {}))
            except Refused:
                return {"legal": False}
            return {"legal": True}
        if op == "state":
            return {"state": self.need().state()}
        raise BadRequest(f"unknown op {op!r}")


def serve(adapter: Adapter, out: Any) -> None:
    def send(obj: dict[str, Any]) -> None:
        out.write(json.dumps(obj, separators=(",", ":")) + "\n")
        out.flush()

    send(hello())
    for line in sys.stdin:
        if not line.strip():
            continue
        rid: Any = None
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise BadRequest("a request is a JSON object")
            rid = req.get("id")
            if req.get("op") == "quit":
                send({"id": rid, "ok": True})
                return
            send({"id": rid, "ok": True, **adapter.handle(req)})
        except (Refused, Unsupported, BadRequest, json.JSONDecodeError) as exc:
            kind = {Refused: "refused", Unsupported: "unsupported"}.get(type(exc), "bad-request")
            send({"id": rid, "ok": False, "error": {"kind": kind, "message": str(exc)}})
        except Exception as exc:  # tokyo-bench's failure, or ours: never a crash
            send({"id": rid, "ok": False,
                  "error": {"kind": "internal", "message": f"{type(exc).__name__}: {exc}"}})
            adapter.session = None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", help="tokyo-bench's folder (default: ../shared/peers/tokyo-bench)")
    args = ap.parse_args(argv)
    out = sys.stdout
    sys.stdout = sys.stderr  # anything tokyo-bench prints is a log, not the protocol
    adapter = Adapter(load_peer(peer_folder(args.peer)))
    serve(adapter, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
