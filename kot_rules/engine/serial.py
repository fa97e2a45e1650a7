"""Reading states back from JSON (the writer is :meth:`State.to_json`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kot_rules.engine import dice
from kot_rules.engine.dice import Face
from kot_rules.engine.errors import StateFormatError
from kot_rules.engine.events import Event
from kot_rules.engine.jsontext import MAX_JSON_BYTES as MAX_JSON_BYTES
from kot_rules.engine.jsontext import MAX_JSON_DEPTH as MAX_JSON_DEPTH
from kot_rules.engine.jsontext import MAX_JSON_DIGITS as MAX_JSON_DIGITS
from kot_rules.engine.jsontext import check_depth as _check_depth
from kot_rules.engine.jsontext import load_state_json as load_state_json
from kot_rules.engine.state import Monster, Outcome, Phase, State
from kot_rules.engine.statecheck import MAX_EXTRA_TURNS, check_position

if TYPE_CHECKING:
    from kot_rules.engine.game import Game

def _int(data: dict[str, Any], key: str, where: str) -> int:
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise StateFormatError(f"{where}.{key}: expected an integer, got {v!r}")
    return v


def _seat(data: dict[str, Any], key: str, n: int) -> int | None:
    v = data.get(key)
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
        raise StateFormatError(f"{key}: expected null or a seat 0..{n - 1}, got {v!r}")
    return v


def _ids(data: dict[str, Any], key: str, game: Game, where: str) -> tuple[str, ...]:
    v = data.get(key)
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise StateFormatError(f"{where}{key}: expected a list of card ids, got {v!r}")
    known = set(game.cards.physical_ids())
    for x in v:
        if x not in known:
            raise StateFormatError(f"{where}{key}: unknown card id {x!r}")
    return tuple(v)


def _count(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _tokens_from_json(
    game: Game, data: dict[str, Any]
) -> tuple[tuple[tuple[int, str, int], ...], tuple[tuple[str, str, int], ...]]:
    """``tokens`` (on monsters) and ``held`` (on cards); both may be absent (none)."""
    n = game.num_players
    on_monsters: list[tuple[int, str, int]] = []
    for t in _list(data, "tokens"):
        seat = t.get("monster")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise StateFormatError(f"tokens: expected a seat 0..{n - 1}, got {seat!r}")
        on_monsters.append((seat, _kind(t), _token_count(t)))
    known = set(game.cards.physical_ids())
    on_cards: list[tuple[str, str, int]] = []
    for t in _list(data, "held"):
        card = t.get("card")
        if card not in known:
            raise StateFormatError(f"held: unknown card id {card!r}")
        on_cards.append((str(card), _kind(t), _token_count(t)))
    return tuple(sorted(on_monsters)), tuple(sorted(on_cards))


def _list(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    v = data.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
        raise StateFormatError(f"{key}: expected a list of objects")
    return v


def _kind(t: dict[str, Any]) -> str:
    kind = t.get("kind")
    if not isinstance(kind, str) or not kind:
        raise StateFormatError(f"expected a token kind, got {kind!r}")
    return kind


def _token_count(t: dict[str, Any]) -> int:
    count = t.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise StateFormatError(f"expected a token count >= 1, got {count!r}")
    return count


def state_from_json(game: Game, data: object) -> State:
    if not isinstance(data, dict):
        raise StateFormatError(f"a state is a JSON object, got {type(data).__name__}")
    _check_depth(data)  # data built in Python, not read by load_state_json, may be deeper
    if data.get("format") != 1 or isinstance(data.get("format"), bool):
        raise StateFormatError(f"format: expected 1, got {data.get('format')!r}")
    # Written since games other than King of Tokyo exist; a state without it is one.
    game_id = data.get("game", "king-of-tokyo")
    if game_id != game.game_id:
        raise StateFormatError(f"game: expected {game.game_id!r} (the game read into), "
                               f"got {game_id!r}")
    raw = data.get("monsters")
    if not isinstance(raw, list) or len(raw) != game.num_players:
        raise StateFormatError(f"monsters: expected a list of {game.num_players} monsters")
    monsters = []
    for i, m in enumerate(raw):
        where = f"monsters[{i}]"
        if not isinstance(m, dict):
            raise StateFormatError(f"{where}: expected an object")
        if m.get("name") != game.names[i]:
            raise StateFormatError(
                f"{where}.name: expected {game.names[i]!r}, got {m.get('name')!r}"
            )
        alive = m.get("alive")
        if not isinstance(alive, bool):
            raise StateFormatError(f"{where}.alive: expected true or false")
        monsters.append(
            Monster(
                game.names[i],
                _int(m, "hearts", where),
                _int(m, "max_hearts", where),
                _int(m, "stars", where),
                _int(m, "energy", where),
                alive,
                _ids(m, "cards", game, where + "."),
            )
        )
    s = State.__new__(State)
    s.game = game
    s.monsters = tuple(monsters)
    n = game.num_players
    s.city = _seat(data, "city", n)
    s.bay = _seat(data, "bay", n)
    active = _seat(data, "active", n)
    if active is None:
        raise StateFormatError("active: expected a seat")
    s.active = active
    s.turn = _int(data, "turn", "state")
    try:
        s.phase = Phase(data.get("phase"))
    except ValueError:
        raise StateFormatError(f"phase: unknown phase {data.get('phase')!r}") from None
    faces = data.get("dice")
    if not isinstance(faces, list):
        raise StateFormatError("dice: expected a list of faces")
    spec_faces = game.rules.dice.faces
    if spec_faces is dice.FACES:
        s.dice = dice.counts_of(Face.parse(f) for f in faces)
    else:
        s.dice = dice.counts_in(faces, spec_faces)  # the game's own face names
    s.to_roll = _int(data, "to_roll", "state")
    s.rolls_done = _int(data, "rolls_done", "state")
    s.rolls_allowed = _int(data, "rolls_allowed", "state")
    q = data.get("yield_queue")
    if not isinstance(q, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n for x in q
    ):
        raise StateFormatError("yield_queue: expected a list of seats")
    s.yield_queue = tuple(q)
    entering = data.get("entering")
    if not isinstance(entering, bool):
        raise StateFormatError("entering: expected true or false")
    s.entering = entering
    s.deck = _ids(data, "deck", game, "")
    s.shop = _ids(data, "shop", game, "")
    s.discard = _ids(data, "discard", game, "")
    out = data.get("outcome")
    if out is None:
        s.outcome = None
    elif isinstance(out, dict) and "winner" in out:
        victory = out.get("victory")
        if victory is not None and not isinstance(victory, str):
            raise StateFormatError(f"outcome.victory: expected a string, got {victory!r}")
        s.outcome = Outcome(_seat(out, "winner", n), str(out.get("reason", "")), victory)
    else:
        raise StateFormatError(f"outcome: expected null or {{winner, reason}}, got {out!r}")
    dealt = data.get("dealt_damage", False)
    if not isinstance(dealt, bool):
        raise StateFormatError("dealt_damage: expected true or false")
    s.dealt_damage = dealt
    used = data.get("used_abilities", [])
    if not isinstance(used, list) or not all(isinstance(u, str) for u in used):
        raise StateFormatError("used_abilities: expected a list of strings")
    s.used_abilities = frozenset(used)
    paid = data.get("paid", [])
    if not isinstance(paid, list) or not all(
        isinstance(p, dict) and set(p) == {"card", "energy"} and isinstance(p["card"], str)
        and _count(p["energy"]) for p in paid
    ):
        raise StateFormatError("paid: expected a list of {card, energy} (energy a whole "
                               "number >= 0)")
    s.paid = tuple(sorted((str(p["card"]), int(p["energy"])) for p in paid))
    extra = data.get("extra_turns", [])
    if isinstance(extra, int) and not isinstance(extra, bool) and extra >= 0:
        if extra > MAX_EXTRA_TURNS:  # checked before the list is built: no huge list
            raise StateFormatError(f"extra_turns: at most {MAX_EXTRA_TURNS} owed turns, "
                                   f"got {extra}")
        extra = [0] * extra  # the older form: a count of turns with all their dice
    if not isinstance(extra, list) or not all(_count(x) for x in extra):
        raise StateFormatError("extra_turns: expected a list of whole numbers >= 0 "
                               "(the dice fewer of each owed turn)")
    s.extra_turns = tuple(extra)
    bonus = data.get("attack_bonus", 0)
    if not _count(bonus):
        raise StateFormatError("attack_bonus: expected a whole number >= 0")
    s.attack_bonus = bonus
    pending = data.get("pending_damage", [])
    if not isinstance(pending, list) or not all(
        isinstance(p, dict) and set(p) == {"seat", "damage"} and _count(p["damage"])
        and _count(p["seat"]) and p["seat"] < n for p in pending
    ):
        raise StateFormatError("pending_damage: expected a list of {seat, damage}")
    s.pending_damage = tuple((p["seat"], p["damage"]) for p in pending)
    yielded = data.get("yielded", {"city": None, "bay": None})
    if not isinstance(yielded, dict) or set(yielded) != {"city", "bay"}:
        raise StateFormatError("yielded: expected {city, bay}")
    s.yielded = (_seat(yielded, "city", n), _seat(yielded, "bay", n))
    protected = data.get("protected", [])
    if not isinstance(protected, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n for x in protected
    ):
        raise StateFormatError("protected: expected a list of seats")
    s.protected = frozenset(protected)
    inserted = data.get("inserted", [])
    if not isinstance(inserted, list) or not all(
        isinstance(p, list) and len(p) == 2 and _count(p[0]) and p[0] < n and _count(p[1])
        for p in inserted
    ):
        raise StateFormatError("inserted: expected a list of [seat, dice fewer] pairs")
    s.inserted = tuple((p[0], p[1]) for p in inserted)
    s.resume = _seat(data, "resume", n)
    copying = data.get("copying", [])
    known = set(game.cards.physical_ids())
    if not isinstance(copying, list) or not all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(c, str) and c in known for c in p)
        for p in copying
    ):
        raise StateFormatError("copying: expected a list of [copier, copied] card id pairs")
    s.copying = tuple(sorted((p[0], p[1]) for p in copying))
    s.tokens, s.held = _tokens_from_json(game, data)
    read_board = game.rules.board_from_json
    if read_board is None:
        if "board" in data:
            raise StateFormatError(f"board: {game.rules.title} has no board of its own")
        s.board = None
    else:
        s.board = read_board(data.get("board"))
    s.pending = None
    s.feed = ()
    s.fed = 0
    evs = data.get("events", [])
    if not isinstance(evs, list):
        raise StateFormatError("events: expected a list")
    s.events = tuple(Event.from_json(e) for e in evs)
    if s.phase is Phase.YIELD and not s.yield_queue:
        raise StateFormatError("phase yield needs a non-empty yield_queue")
    check_position(s)
    pending = data.get("pending")
    if pending is not None:
        return _replayed(game, pending, s)
    return s


def _replayed(game: Game, pending: object, shown: State) -> State:
    """A state waiting for an answer: replay its step from where it started."""
    from kot_rules.engine.actions import action_from_json
    from kot_rules.engine.errors import IllegalActionError

    if not isinstance(pending, dict) or not isinstance(pending.get("answers"), list):
        raise StateFormatError("pending: expected null or {base, action, answers, request}")
    state = state_from_json(game, pending.get("base"))
    try:
        for action in [pending.get("action"), *pending["answers"]]:
            # A step's pending action or answer is written as Action.to_json
            # does (rolls by King of Tokyo's face positions); a "resolve" names the game's face.
            resolving = isinstance(action, dict) and action.get("type") == "resolve"
            state = state.apply(action_from_json(action, game.rules.dice.faces) if resolving
                                else action_from_json(action))
    except IllegalActionError as exc:
        raise StateFormatError(f"pending: the step does not replay: {exc}") from None
    if state.pending is None or state.canonical() != shown_with(shown, state):
        raise StateFormatError("pending: replaying the step does not give this state")
    state.events = shown.events
    return state


def shown_with(shown: State, replayed: State) -> str:
    """The canonical form of ``shown`` with the pending step of ``replayed``."""
    shown.pending = replayed.pending
    return shown.canonical()
