"""Reading scenario files: every problem names the file, the field and what was expected."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

from kot_rules import games
from kot_rules.engine.dice import FACES, Face, counts_in
from kot_rules.engine.errors import ConfigError, StateFormatError
from kot_rules.engine.game import MonsterSetup, Options
from kot_rules.games import DEFAULT_GAME
from kot_rules.rulebook import game_monsters
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.model import (
    BOARD_STEP_KINDS,
    JUDGED,
    PLACES,
    STEP_KINDS,
    STEP_KINDS_V3,
    NewGame,
    Scenario,
    Setup,
    Step,
)
from kot_rules.scenarios.yamlpos import Located, Path_, YamlError, load

MAX_BYTES = 1_000_000
SPLIT_HINT = "split the scenario into several files"
OPTION_RANGES = {
    "dice": (1, 99), "rolls": (1, 99), "win_stars": (1, 10**6), "start_hearts": (1, 99),
    "max_hearts": (1, 99), "heart_cap": (1, 99),
}  # fmt: skip
"""The whole-number options: the same bounds as a monster's hearts and stars."""
FORMATS = (1, 2, 3)
"""Format 1: a King of Tokyo scenario. Format 2: format 1 plus a required ``game`` id.
Format 3: format 2 plus ``refuse:`` steps, ``legal``/``illegal`` expectations, counts to
expect and a new-game set-up."""
TOP_KEYS = {
    "format",
    "name",
    "rule",
    "source",
    "description",
    "options",
    "setup",
    "script",
    "expect",
    "tags",
}
TOP_KEYS_V2 = TOP_KEYS | {"game"}
TOP_KEYS_V3 = TOP_KEYS_V2
MONSTER_KEYS = {
    "name", "hearts", "max_hearts", "stars", "energy", "place", "cards", "eliminated", "tokens",
    "dice_tokens",
    "borough",
}  # fmt: skip
SETUP_KEYS = {"monsters", "active", "turn", "shop", "deck", "discard", "held", "fame",
              "destruction", "tiles", "unnamed", "board"}
SETUP_KEYS_V3 = SETUP_KEYS | {"new_game"}
NEW_GAME_KEYS = {"players", "monsters"}
BOARD_KEYS = {"fame", "destruction", "dice_tokens", "tiles"}
TILE_KEYS = {"tile", "track", "spaces", "owner"}
"""Fields of King of Tokyo: Duel only (a game with a board of its own): SCN004 elsewhere."""
TRACK = (-7, 7)
"""The spaces of a Duel track (spec/games/king-of-tokyo-duel.yaml track-end)."""
EXPECT_KEYS = {
    "monsters",
    "city",
    "bay",
    "active",
    "turn",
    "phase",
    "waiting_for",
    "outcome",
    "shop",
    "deck_size",
    "discard",
    "events",
    "absent_events",
    "dice",
    "held",
    "fame",
    "destruction",
    "tiles",
    "board",
}
EXPECT_KEYS_V3 = EXPECT_KEYS | {
    *JUDGED, "shop_size", "discard_size",
    "stack_heights", "unit_counts",  # King of New York's board, counted
}  # fmt: skip
SHUFFLED: dict[str, str] = {
    "shop": "use shop_size",
    "discard": "use discard_size",
    "held": "a new game holds nothing on cards",
    "board.stacks": "use stack_heights",
    "board.units": "use unit_counts",
    "board.destroyed": "count the tiles with stack_heights and unit_counts",
    "board.destroyed_units": "count the tiles with stack_heights and unit_counts",
    "board.fresh": "count the units with unit_counts",
    "cards": "a monster's cards come from the shop the shuffle dealt",
    "detail": "match events on kind, monster, source, amount, place or dice",
    "buy": "which cards are face up is the shuffle's; start from a position to buy",
    "use": "which cards a monster can hold is the shuffle's; start from a position",
}
"""What a new game's shuffle decides (which cards, which tiles where), by the field or step
that would name it, with the hint a new-game scenario naming it gets (SCN009)."""
EXPECT_MONSTER_KEYS = {
    "hearts", "max_hearts", "stars", "energy", "place", "cards", "eliminated", "tokens",
    "dice_tokens",
    "borough", "zone",
}  # fmt: skip
PHASES = ("roll", "keep", "yield", "buy", "over", "dice-tokens", "resolve",
          "place", "destroy", "move")
VICTORIES = ("hearts", "fame", "destruction", "spotlight")
EVENT_KEYS = {"kind", "monster", "source", "amount", "place", "detail", "dice"}


def borough_board(game_id: str) -> ModuleType | None:
    """The board module of a game played on a city of boroughs (King of New York), whose
    scenarios may use the fields ``borough``, ``zone``, ``board``, ``stack_heights`` and
    ``unit_counts``: the game's ``board`` part when it names boroughs, else None."""
    board = games.get(game_id).part("board")
    return board if hasattr(board, "BOROUGHS") else None


def _field(path: Path_) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(document)"


class _Reader:
    def __init__(self, file: str, text: str, doc: Located) -> None:
        self.file = file
        self.lines = text.splitlines()
        self.doc = doc
        self.game = DEFAULT_GAME
        self.dice_faces: tuple[Face, ...] = FACES
        """The faces of the game's die (King of Tokyo's until ``game`` is read)."""
        self.has_board = False
        self.boroughs: ModuleType | None = None
        """The game's board module if it has boroughs (:func:`borough_board`)."""
        self.version = 1
        self.new_game = False
        """The scenario starts from a new game: what its shuffle decides is not expected."""

    def for_game(self, game: str) -> None:
        rules = games.get(game).rules
        self.game = game
        self.dice_faces = rules.dice.faces
        self.has_board = rules.board_from_json is not None
        self.boroughs = borough_board(game)

    def new_york_only(self, path: Path_, key: str) -> ModuleType:
        """A King of New York field in another game's scenario: SCN004. Else the game's
        board module, which reads the field."""
        if self.boroughs is None:
            self.fail((*path, key), "SCN004", f"field '{_field((*path, key))}' belongs to "
                      f"King of New York scenarios, not {self.game}", at_key=True)
        return self.boroughs

    def borough(self, value: object, path: Path_, *, unplaced: bool) -> str:
        """A borough id of King of New York (null: not placed yet, where ``unplaced``)."""
        if value is None and unplaced:
            return ""
        city = self.new_york_only(path[:-1], str(path[-1]))
        if value not in city.BOROUGHS:
            self.expected(path, "a borough (" + ", ".join(city.BOROUGHS)
                          + (", or null: not placed yet" if unplaced else "") + ")", value)
        return str(value)

    def board_only(self, path: Path_, key: str) -> None:
        """A Duel field in a scenario of a game without a board of its own: SCN004."""
        if not self.has_board:
            self.fail((*path, key), "SCN004", f"field '{_field((*path, key))}' belongs to "
                      f"King of Tokyo: Duel scenarios, not {self.game}", at_key=True)

    def fail(self, path: Path_, code: str, message: str, *, at_key: bool = False,
             hint: str = "") -> NoReturn:
        line, col = self.doc.key_where(path) if at_key else self.doc.where(path)
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        raise ScenarioFormatError(self.file, line, col, code, message, src, hint)

    def shuffled(self, path: Path_, what: str) -> None:
        """``what`` (a key of :data:`SHUFFLED`) in a new-game scenario: SCN009."""
        if self.new_game:
            self.fail(path, "SCN009", f"field '{_field(path)}': a new-game scenario cannot "
                      "check or name what the shuffle decides (which cards, which tiles where)",
                      at_key=True, hint=SHUFFLED[what])

    def expected(self, path: Path_, what: str, got: object) -> NoReturn:
        self.fail(path, "SCN002", f"field '{_field(path)}': expected {what}, got {got!r}")

    def mapping(self, value: object, path: Path_, keys: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.expected(path, "a mapping (key: value lines)", value)
        for k in value:
            if k not in keys:
                import difflib

                near = difflib.get_close_matches(str(k), sorted(keys), n=1)
                hint = f" (did you mean '{near[0]}'?)" if near else ""
                self.fail(
                    (*path, k),
                    "SCN003",
                    f"field '{_field((*path, k))}' is not part of the format{hint}; "
                    f"known fields: {', '.join(sorted(keys))}",
                    at_key=True,
                )
        return value

    def integer(self, value: object, path: Path_, lo: int = 0, hi: int = 10**6) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            self.expected(path, f"a whole number from {lo} to {hi}", value)
        return value

    def text(self, value: object, path: Path_) -> str:
        if not isinstance(value, str) or not value.strip():
            self.expected(path, "a non-empty text", value)
        return value

    def strings(self, value: object, path: Path_) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.expected(path, "a list of names", value)
        return tuple(value)

    def counts(self, value: object, path: Path_) -> dict[str, int]:
        """``{KIND: COUNT}``: tokens of each kind (or ``energy``)."""
        if not isinstance(value, dict):
            self.expected(path, "a mapping of token kinds to counts, e.g. {poison: 2}", value)
        for k, v in value.items():
            if not isinstance(k, str):
                self.expected(path, "token kinds as names", k)
            self.integer(v, (*path, k), 0, 99)
        return dict(value)

    def held(self, value: object, path: Path_) -> dict[str, dict[str, int]]:
        """``{CARD: {KIND: COUNT}}``: what lies on each card."""
        if not isinstance(value, dict):
            self.expected(path, "a mapping of card names to {kind: count}", value)
        return {str(card): self.counts(v, (*path, card)) for card, v in value.items()}

    def faces(self, value: object, path: Path_) -> list[Face]:
        names = ", ".join(f.value for f in self.dice_faces)
        if not isinstance(value, list):
            self.expected(path, f"a list of die faces ({names})", value)
        out = []
        for i, v in enumerate(value):
            try:
                if self.dice_faces is FACES:
                    out.append(Face.parse(v))
                else:  # the game's own faces, by name (or a shared face's alias)
                    out.append(self.dice_faces[counts_in([v], self.dice_faces).index(1)])
            except StateFormatError:
                self.fail(
                    (*path, i),
                    "SCN004",
                    f"field '{_field((*path, i))}': expected a die face "
                    f"({names}), got {v!r}",
                )
        return out


def read_scenario(path: Path) -> Scenario:
    """Read and check one scenario file; raises :class:`ScenarioFormatError`."""
    file = str(path)
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)  # never more: a huge file is not read whole
    except OSError as exc:
        raise ScenarioFormatError(
            file, 0, 0, "SCN001", f"cannot read the file: {exc.strerror}"
        ) from None
    return scenario_from_bytes(raw, path)


def scenario_from_bytes(raw: bytes, path: Path) -> Scenario:
    """Check the bytes of the scenario file ``path``; raises :class:`ScenarioFormatError`."""
    file = str(path)
    if len(raw) > MAX_BYTES:
        raise ScenarioFormatError(
            file, 0, 0, "SCN001", f"file larger than {MAX_BYTES} bytes", hint=SPLIT_HINT
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise ScenarioFormatError(
            file, line, col, "SCN001", f"not UTF-8 text: byte {raw[exc.start]:#04x}",
            hint="save the file as UTF-8 text",
        ) from None
    try:
        doc = load(text)
    except YamlError as exc:
        lines = text.splitlines()
        src = lines[exc.line - 1] if 0 < exc.line <= len(lines) else ""
        raise ScenarioFormatError(
            file, exc.line, exc.column, exc.code, exc.message, src, exc.hint
        ) from None
    return _read(_Reader(file, text, doc), path)


def _read(r: _Reader, path: Path) -> Scenario:
    version = r.version = _format(r)
    top = r.mapping(r.doc.data, (), TOP_KEYS if version == 1 else TOP_KEYS_V2)
    for key in ("format", "name", "rule", "source", "setup", "script"):
        if key not in top:
            r.fail(
                (),
                "SCN002",
                f"field '{key}' is missing: every scenario has format, name, "
                "rule, source, setup and script",
            )
    game = _game(r, top) if version >= 2 else DEFAULT_GAME
    r.for_game(game)
    name = r.text(top["name"], ("name",))
    rule = top["rule"]
    rules = (r.text(rule, ("rule",)),) if isinstance(rule, str) else r.strings(rule, ("rule",))
    if not rules:
        r.expected(("rule",), "a rule slug or a list of them", rule)
    source = r.text(top["source"], ("source",))
    description = top.get("description", "")
    if not isinstance(description, str):
        r.expected(("description",), "a text", description)
    tags = r.strings(top.get("tags", []), ("tags",))
    options = _options(r, top.get("options", {}))
    setup = _setup(r, top["setup"])
    names = [m.name for m in setup.monsters]
    script = _script(r, top["script"], names)
    expect = top.get("expect")
    if expect is not None:
        expect = _check_expect(r, expect, ("expect",), names)
    if expect is None and not any(s.kind == "expect" for s in script):
        r.fail((), "SCN002", "a scenario must check something: add 'expect' or an expect step")
    line = r.doc.where(("expect",))[0] if expect is not None else 0
    setup_line, setup_column = r.doc.key_where(("setup",))
    return Scenario(
        path, name, rules, source, description, options, setup, script, expect,
        line, setup_line, setup_column, tags, game,
        *r.doc.key_where(("game",) if version >= 2 else ("format",)),
    )  # fmt: skip


def _format(r: _Reader) -> int:
    """The format version, read first: it decides which fields the file may have."""
    data = r.doc.data
    if not isinstance(data, dict) or "format" not in data:
        return 1  # the checks that follow say what is missing
    version = data["format"]
    if version not in FORMATS or not isinstance(version, int) or isinstance(version, bool):
        r.expected(("format",), "1, 2 or 3 (the format versions)", version)
    return version


def _game(r: _Reader, top: dict[str, Any]) -> str:
    """The ``game`` id of a format-2 or 3 scenario: required, and a registered game."""
    if "game" not in top:
        r.fail(
            ("format",),
            "SCN002",
            f"field 'game' is missing: a format {r.version} scenario names its game "
            f"(one of: {', '.join(games.ids())})",
        )
    game_id = r.text(top["game"], ("game",))
    try:
        return games.get(game_id).id
    except games.UnknownGameError as exc:
        r.fail(("game",), "SCN004", f"field 'game': {exc}")


def _options(r: _Reader, value: object) -> Options:
    data = r.mapping(value, ("options",), set(Options().to_json()))
    for key, (lo, hi) in OPTION_RANGES.items():
        if data.get(key) is not None:  # caught here, not by a game of 10^9 dice
            r.integer(data[key], ("options", key), lo, hi)
    try:
        return Options.from_json(data)
    except (ConfigError, TypeError) as exc:
        r.fail(("options",), "SCN004", f"field 'options': {exc}")


def _setup(r: _Reader, value: object) -> Setup:
    p: Path_ = ("setup",)
    data = r.mapping(value, p, SETUP_KEYS_V3 if r.version >= 3 else SETUP_KEYS)
    if "new_game" in data:
        return _new_game(r, data, p)
    if "monsters" not in data or "active" not in data:
        r.fail(p, "SCN002", "field 'setup' needs 'monsters' and 'active'")
    raw = data["monsters"]
    if not isinstance(raw, list) or not 2 <= len(raw) <= 6:
        r.expected((*p, "monsters"), "a list of 2 to 6 monsters", raw)
    monsters = []
    places: dict[str, str] = {}
    tokens_of: dict[str, int] = {}
    boroughs: dict[str, str] = {}
    for i, m in enumerate(raw):
        mp: Path_ = (*p, "monsters", i)
        md = r.mapping(m, mp, MONSTER_KEYS)
        if "name" not in md:
            r.fail(mp, "SCN002", f"field '{_field(mp)}.name' is missing")
        mname = r.text(md["name"], (*mp, "name"))
        if mname in places:
            r.fail((*mp, "name"), "SCN004", f"two monsters are named {mname!r}")
        # A monster of the game's box starts with its board's hearts (Duel); else 10.
        top_h = {b.name: b.hearts for b in game_monsters(r.game)}.get(mname, 10)
        max_h = r.integer(md.get("max_hearts", top_h), (*mp, "max_hearts"), 1, 99)
        elim = md.get("eliminated", False)
        if not isinstance(elim, bool):
            r.expected((*mp, "eliminated"), "true or false", elim)
        # Keep cards may raise the maximum (the engine checks hearts against it: SCN005).
        hearts = r.integer(md.get("hearts", 0 if elim else top_h), (*mp, "hearts"), 0, 99)
        if "dice_tokens" in md:
            r.board_only(mp, "dice_tokens")
            tokens_of[mname] = r.integer(md["dice_tokens"], (*mp, "dice_tokens"), 0, 2)
        place = md.get("place", "outside")
        if place not in PLACES:
            r.fail(
                (*mp, "place"),
                "SCN004",
                f"field '{_field((*mp, 'place'))}': expected one of {', '.join(PLACES)}, "
                f"got {place!r}",
            )
        places[mname] = place
        if "borough" in md:
            city = r.new_york_only(mp, "borough")
            boroughs[mname] = r.borough(md["borough"], (*mp, "borough"), unplaced=True)
            if boroughs[mname] == city.MANHATTAN or place != "outside":
                r.fail((*mp, "borough"), "SCN004", f"field '{_field((*mp, 'borough'))}': a "
                       "monster in Manhattan says place: city (the 2-4 path) or place: bay "
                       "(the 5-6 path), and no borough", at_key=True)
        monsters.append(
            MonsterSetup(
                name=mname,
                hearts=hearts,
                max_hearts=max_h,
                stars=r.integer(md.get("stars", 0), (*mp, "stars")),
                energy=r.integer(md.get("energy", 0), (*mp, "energy")),
                eliminated=elim,
                cards=r.strings(md.get("cards", []), (*mp, "cards")),
                tokens=tuple(r.counts(md.get("tokens", {}), (*mp, "tokens")).items()),
            )
        )
    active = r.text(data["active"], (*p, "active"))
    if active not in places:
        r.fail(
            (*p, "active"),
            "SCN004",
            f"field 'setup.active': expected one of the monsters {list(places)}, got {active!r}",
        )
    shop = data.get("shop")
    track: dict[str, int] = {}
    for key in ("fame", "destruction"):
        if key in data:
            r.board_only(p, key)
            track[key] = r.integer(data[key], (*p, key), *TRACK)
    tiles: list[dict[str, Any]] = []
    if "tiles" in data:
        r.board_only(p, "tiles")
        if not isinstance(data["tiles"], list):
            r.expected((*p, "tiles"), "a list of {tile, track, spaces, owner}", data["tiles"])
        for i, t in enumerate(data["tiles"]):
            tp: Path_ = (*p, "tiles", i)
            td = r.mapping(t, tp, TILE_KEYS)
            if not {"tile", "track", "spaces"} <= set(td):
                r.fail(tp, "SCN002", f"field '{_field(tp)}' needs tile, track and spaces")
            owner = td.get("owner")
            if owner is not None and owner not in places:
                r.fail((*tp, "owner"), "SCN004", f"field '{_field((*tp, 'owner'))}': no "
                       f"monster named {owner!r}")
            tiles.append(dict(td))
    return Setup(
        monsters=tuple(monsters),
        places=places,
        active=active,
        turn=r.integer(data.get("turn", 1), (*p, "turn"), 1),
        shop=None if shop is None else r.strings(shop, (*p, "shop")),
        deck=r.strings(data.get("deck", []), (*p, "deck")),
        discard=r.strings(data.get("discard", []), (*p, "discard")),
        unnamed=_unnamed(r, data.get("unnamed", "deck"), (*p, "unnamed")),
        held=r.held(data.get("held", {}), (*p, "held")),
        dice_tokens=tokens_of,
        tiles=tuple(tiles),
        boroughs=boroughs,
        board=_new_york_board(r, data, p, list(places)),
        fame=track.get("fame", 0),
        destruction=track.get("destruction", 0),
    )


def _new_game(r: _Reader, data: dict[str, Any], p: Path_) -> Setup:
    """``setup: {new_game: {players, monsters}}`` (format 3): a new game as the rules set it
    up; the scenario's ``options`` are the game's."""
    for key in data:
        if key != "new_game":
            r.fail((*p, key), "SCN003", f"field '{_field((*p, key))}' is not part of a "
                   "new-game set-up: the rules set the position up", at_key=True,
                   hint="write either `new_game:` or a position (monsters, active, ...)")
    np: Path_ = (*p, "new_game")
    nd = r.mapping(data["new_game"], np, NEW_GAME_KEYS)
    if "players" not in nd:
        r.fail(np, "SCN002", f"field '{_field(np)}.players' is missing", at_key=True)
    game = games.get(r.game)
    players = r.integer(nd["players"], (*np, "players"), game.min_players, game.max_players)
    monsters: tuple[str, ...] | None = None
    if "monsters" in nd:
        mp: Path_ = (*np, "monsters")
        monsters = r.strings(nd["monsters"], mp)
        if len(monsters) != players:
            r.expected(mp, f"a list of {players} monster names (players: {players})",
                       nd["monsters"])
        for i, name in enumerate(monsters):
            r.text(name, (*mp, i))
            if name in monsters[:i]:
                r.fail((*mp, i), "SCN004", f"two monsters are named {name!r}")
    r.new_game = True
    new = NewGame(players, monsters, *r.doc.key_where(np))
    names = new.names(r.game)
    return Setup(
        monsters=tuple(MonsterSetup(n) for n in names),
        places=dict.fromkeys(names, "outside"),
        active=names[0],
        turn=1,
        shop=None,
        deck=(),
        discard=(),
        new_game=new,
    )


def _expected_board(r: _Reader, value: object, p: Path_, names: list[str]) -> None:
    """``expect.board``: parts of King of New York's board JSON. The tiles are compared as
    lists of tile ids (the units in any order), per borough where the JSON has boroughs."""
    city = r.new_york_only(p[:-1], str(p[-1]))
    bd = r.mapping(value, p, set(city.BOARD_KEYS) - {"where", "first"})
    for key in bd:
        if f"board.{key}" in SHUFFLED:
            r.shuffled((*p, key), f"board.{key}")
    for key in ("superstar", "statue"):
        if bd.get(key) is not None and bd[key] not in names:
            r.fail((*p, key), "SCN004", f"field '{_field((*p, key))}': "
                   f"expected a monster name or null, got {bd[key]!r}")
    for key in ("stacks", "units"):
        if key not in bd:
            continue
        per = r.mapping(bd[key], (*p, key), set(city.BOROUGHS))
        for borough, tiles in per.items():
            bp: Path_ = (*p, key, borough)
            if key == "units":
                r.strings(tiles, bp)
                continue
            if not isinstance(tiles, list):
                r.expected(bp, "a list of stacks, each a list of tile ids", tiles)
            for i, stack in enumerate(tiles):
                r.strings(stack, (*bp, i))
    for key in ("fresh", "destroyed", "destroyed_units"):
        if key in bd:
            r.strings(bd[key], (*p, key))


def _new_york_board(r: _Reader, data: dict[str, Any], p: Path_,
                    names: list[str]) -> dict[str, Any] | None:
    """``setup.board``: King of New York's board as its JSON, less ``where`` (each monster's
    ``borough`` says it), with monster names for the special cards' holders."""
    if "board" not in data:
        return None
    city = r.new_york_only(p, "board")
    bp: Path_ = (*p, "board")
    board = r.mapping(data["board"], bp, set(city.BOARD_KEYS) - {"where"})
    for key in ("superstar", "statue"):
        if board.get(key) is not None and board[key] not in names:
            r.fail((*bp, key), "SCN004", f"field '{_field((*bp, key))}': expected a monster "
                   f"name or null, got {board[key]!r}")
    if "first" in board:
        r.fail((*bp, "first"), "SCN004", "field 'setup.board.first': the active monster is the "
               "first to place", at_key=True)
    return dict(board)


_BARE = {"stop": "stop", "yield": "yield", "stay": "stay", "sweep": "sweep", "end-turn": "end-turn"}


def _unnamed(r: _Reader, value: object, p: Path_) -> str:
    """Where the cards named nowhere else go: ``deck`` (its bottom) or ``discard``."""
    if value not in ("deck", "discard"):
        r.expected(p, "deck or discard", value)
    return str(value)


def _script(r: _Reader, value: object, names: list[str]) -> tuple[Step, ...]:
    if not isinstance(value, list):
        r.expected(("script",), "a list of steps", value)
    return tuple(_step(r, item, ("script", i), names) for i, item in enumerate(value))


_ONE_STEP = (
    "one step: `roll: [...]`, `keep: [...]`, `stop`, `yield`, `stay`, "
    "`buy: CARD`, `sweep`, `end-turn`, `use: CARD`, `choose: OPTION` "
    "or `expect: {...}`"
)


def _step(r: _Reader, item: object, sp: Path_, names: list[str], *,
          inside: str = "") -> Step:
    """One step at ``sp``; ``inside``: the ``refuse``, ``legal`` or ``illegal`` holding it,
    where only a game step may stand (SCN008)."""
    line, col = r.doc.where(sp)
    if isinstance(item, str):
        if item not in _BARE:
            _unknown_step(r, sp, item)
        return Step(item, None, line, col)
    if not isinstance(item, dict) or len(item) != 1:
        one = _ONE_STEP if r.version < 3 else _ONE_STEP.replace(
            " or `expect", ", `refuse: STEP` or `expect")
        r.expected(sp, one, item)
    ((kind, arg),) = item.items()
    ap: Path_ = (*sp, kind)
    if inside and kind in ("expect", "refuse"):
        r.fail(ap, "SCN008", f"field '{_field(ap)}': `{inside}` holds a step of the game "
               f"(a roll or a decision), not `{kind}`", at_key=True,
               hint=f"write the {kind} as a step of the script")
    if r.new_game and kind in ("buy", "use"):
        r.shuffled(ap, kind)
    if kind in ("roll", "keep"):
        return Step(kind, r.faces(arg, ap), line, col)
    if kind in ("yield", "stay"):
        who = r.text(arg, ap)
        if who not in names:
            r.fail(ap, "SCN004", f"field '{_field(ap)}': no monster named {who!r}")
        return Step(kind, None, line, col, monster=who)
    if kind == "choose" and isinstance(arg, int) and not isinstance(arg, bool):
        return Step(kind, str(arg), line, col)  # `choose: 4`: an amount
    if kind == "buy" and isinstance(arg, dict):
        # `buy: {card: NAME, from: MONSTER}`: a keep card another monster owns.
        data = r.mapping(arg, ap, {"card", "from"})
        if "card" not in data or "from" not in data:
            r.expected(ap, "`{card: NAME, from: MONSTER}`", arg)
        seller = r.text(data["from"], (*ap, "from"))
        if seller not in names:
            r.fail((*ap, "from"), "SCN004", f"field '{_field((*ap, 'from'))}': no monster "
                   f"named {seller!r}")
        return Step(kind, r.text(data["card"], (*ap, "card")), line, col, monster=seller)
    if kind in ("buy", "choose"):
        return Step(kind, r.text(arg, ap), line, col)
    if kind == "use":
        return Step(kind, _use(r, arg, ap), line, col)
    if kind == "expect":
        return Step(kind, _check_expect(r, arg, ap, names), line, col)
    if kind == "refuse" and r.version >= 3:
        return Step(kind, _step(r, arg, ap, names, inside="refuse"), line, col)
    if kind in BOARD_STEP_KINDS:
        r.board_only(sp, kind)
        if kind == "resolve":
            (face,) = r.faces([arg], ap)
            return Step(kind, face, line, col)
        return Step(kind, r.integer(arg, ap, 0, 2), line, col)
    _unknown_step(r, (*sp, kind), kind)


_USE_KEYS = {"card", "ability", "die", "to", "count"}


def _use(r: _Reader, value: object, p: Path_) -> dict[str, Any]:
    """``use: CARD`` or ``use: {card, ability, die, to, count}``, checked."""
    if isinstance(value, str):
        return {"card": r.text(value, p)}
    data = r.mapping(value, p, _USE_KEYS)
    if "card" not in data:
        r.fail(p, "SCN004", f"field '{_field(p)}': `use` needs a `card`")
    out: dict[str, Any] = {"card": r.text(data["card"], (*p, "card"))}
    for key in ("ability", "count"):
        if key in data:
            out[key] = r.integer(data[key], (*p, key), 0)
    for key in ("die", "to"):
        if key in data:
            (face,) = r.faces([data[key]], (*p, key))
            out[key] = face
    return out


def _unknown_step(r: _Reader, path: Path_, item: object) -> NoReturn:
    import difflib

    kinds = list(STEP_KINDS_V3 if r.version >= 3 else STEP_KINDS)
    near = difflib.get_close_matches(str(item), kinds, n=1)
    hint = f" (did you mean '{near[0]}'?)" if near else ""
    r.fail(
        path,
        "SCN004",
        f"field '{_field(path)}': unknown step {item!r}{hint}; steps are {', '.join(kinds)}",
    )


def _check_expect(r: _Reader, value: object, p: Path_, names: list[str]) -> dict[str, Any]:
    """The expectation at ``p``, checked; format 3's ``legal`` and ``illegal`` read as
    tuples of steps."""
    data = r.mapping(value, p, EXPECT_KEYS_V3 if r.version >= 3 else EXPECT_KEYS)
    for key, what in (("shop", "shop"), ("discard", "discard"), ("held", "held")):
        if key in data:
            r.shuffled((*p, key), what)
    out = dict(data)
    for key in JUDGED:
        if key in data:
            jp: Path_ = (*p, key)
            if not isinstance(data[key], list) or not data[key]:
                r.expected(jp, "a list of steps", data[key])
            out[key] = tuple(_step(r, item, (*jp, i), names, inside=key)
                             for i, item in enumerate(data[key]))
    for key in ("shop_size", "discard_size"):
        if key in data:
            r.integer(data[key], (*p, key), 0, 99)
    for key in ("stack_heights", "unit_counts"):
        if key in data:
            _board_counts(r, data[key], (*p, key), per_stack=key == "stack_heights")
    mons = data.get("monsters", {})
    md = r.mapping(mons, (*p, "monsters"), set(names))
    for n, fields in md.items():
        fp: Path_ = (*p, "monsters", n)
        fd = r.mapping(fields, fp, EXPECT_MONSTER_KEYS)
        for k, v in fd.items():
            if k == "place":
                if v not in PLACES:
                    r.fail(
                        (*fp, k),
                        "SCN004",
                        f"field '{_field((*fp, k))}': expected one of "
                        f"{', '.join(PLACES)}, got {v!r}",
                    )
            elif k == "cards":
                r.shuffled((*fp, k), "cards")
                r.strings(v, (*fp, k))
            elif k == "eliminated":
                if not isinstance(v, bool):
                    r.expected((*fp, k), "true or false", v)
            elif k == "tokens":
                r.counts(v, (*fp, k))
            elif k == "dice_tokens":
                r.board_only(fp, k)
                r.integer(v, (*fp, k), 0, 2)
            elif k == "borough":
                r.new_york_only(fp, k)
                r.borough(v, (*fp, k), unplaced=True)
            elif k == "zone":
                city = r.new_york_only(fp, k)
                zones = [z.id for z in city.ZONES]
                if v is not None and v not in zones:
                    r.expected((*fp, k), "a zone (" + ", ".join(zones) + ") or null", v)
            else:
                r.integer(v, (*fp, k), 0, 10**6)
    for k in ("city", "bay"):
        if k in data and data[k] is not None and data[k] not in names:
            r.fail(
                (*p, k),
                "SCN004",
                f"field '{_field((*p, k))}': expected a monster name or null, got {data[k]!r}",
            )
    if "active" in data and data["active"] not in names:
        r.fail(
            (*p, "active"),
            "SCN004",
            f"field '{_field((*p, 'active'))}': no monster named {data['active']!r}",
        )
    if "waiting_for" in data and data["waiting_for"] not in [*names, "chance", None]:
        r.fail(
            (*p, "waiting_for"),
            "SCN004",
            "field 'waiting_for': expected a monster name, "
            f"'chance' or null, got {data['waiting_for']!r}",
        )
    if "phase" in data and data["phase"] not in PHASES:
        r.fail(
            (*p, "phase"),
            "SCN004",
            f"field 'phase': expected {', '.join(PHASES)}, got {data['phase']!r}",
        )
    for key in ("fame", "destruction"):
        if key in data:
            r.board_only(p, key)
            r.integer(data[key], (*p, key), *TRACK)
    if "tiles" in data:  # every Buzz tile on the tracks
        r.board_only(p, "tiles")
        if not isinstance(data["tiles"], list):
            r.expected((*p, "tiles"), "a list of {tile, track, spaces}", data["tiles"])
        for i, t in enumerate(data["tiles"]):
            tp: Path_ = (*p, "tiles", i)
            td = r.mapping(t, tp, TILE_KEYS - {"owner"})
            if not {"tile", "track", "spaces"} <= set(td):
                r.fail(tp, "SCN002", f"field '{_field(tp)}' needs tile, track and spaces")
    if "board" in data:  # a part of King of New York's board JSON
        r.new_york_only(p, "board")
        _expected_board(r, data["board"], (*p, "board"), names)
    if "outcome" in data:
        o = data["outcome"]
        if o is not None and o != "draw":
            od = r.mapping(o, (*p, "outcome"), {"winner", "victory"})
            if "victory" in od and od["victory"] not in VICTORIES:
                r.fail((*p, "outcome", "victory"), "SCN004", "field 'outcome.victory': expected "
                       f"one of {', '.join(VICTORIES)}, got {od['victory']!r}")
            if od.get("winner") not in names:
                r.fail(
                    (*p, "outcome"),
                    "SCN004",
                    f"field 'outcome': expected null, draw or {{winner: NAME}}, got {o!r}",
                )
    for k in ("turn", "deck_size"):
        if k in data:
            r.integer(data[k], (*p, k), 0)
    for k in ("shop", "discard"):
        if k in data:
            r.strings(data[k], (*p, k))
    if "dice" in data:
        r.faces(data["dice"], (*p, "dice"))
    if "held" in data:
        r.held(data["held"], (*p, "held"))
    for k in ("events", "absent_events"):
        evs = data.get(k, [])
        if not isinstance(evs, list):
            r.expected((*p, k), "a list of event patterns", evs)
        for i, e in enumerate(evs):
            ep: Path_ = (*p, k, i)
            ed = r.mapping(e, ep, EVENT_KEYS)
            if "kind" not in ed:
                r.fail(ep, "SCN002", f"field '{_field(ep)}.kind' is missing")
            from kot_rules.engine.events import EventKind

            kinds = [x.value for x in EventKind]
            if ed["kind"] not in kinds:
                r.fail(
                    (*ep, "kind"),
                    "SCN004",
                    f"field '{_field((*ep, 'kind'))}': expected one "
                    f"of {', '.join(kinds)}, got {ed['kind']!r}",
                )
            for who in ("monster", "source"):
                if who in ed and ed[who] not in names:
                    r.fail(
                        (*ep, who),
                        "SCN004",
                        f"field '{_field((*ep, who))}': no monster named {ed[who]!r}",
                    )
            if "dice" in ed:
                r.faces(ed["dice"], (*ep, "dice"))
            if "detail" in ed:
                r.shuffled((*ep, "detail"), "detail")
    return out


def _board_counts(r: _Reader, value: object, p: Path_, *, per_stack: bool) -> None:
    """``stack_heights: {BOROUGH: [N, N, N]}`` or ``unit_counts: {BOROUGH: N}`` (King of New
    York): the tiles in each stack, or the units lying, in the boroughs named."""
    r.new_york_only(p[:-1], str(p[-1]))
    what = "a list of tile counts, one per stack" if per_stack else "a count of units"
    if not isinstance(value, dict) or not value:
        r.expected(p, f"a mapping of boroughs to {what}", value)
    for b, v in value.items():
        r.borough(b, (*p, b), unplaced=False)
        if not per_stack:
            r.integer(v, (*p, b), 0, 99)
            continue
        if not isinstance(v, list):
            r.expected((*p, b), what, v)
        for i, n in enumerate(v):
            r.integer(n, (*p, b, i), 0, 99)
