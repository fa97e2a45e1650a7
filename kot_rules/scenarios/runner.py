"""Running scenarios against the engine and comparing what happened with what was expected."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from kot_rules import games
from kot_rules.engine import dice
from kot_rules.engine.actions import (
    END_TURN,
    STAY,
    STOP,
    SWEEP,
    YIELD,
    Action,
    Buy,
    Choose,
    Reroll,
    ResolveFaces,
    Roll,
    SpendDiceTokens,
    UseCard,
)
from kot_rules.engine.cards import CardCatalog, CardTable
from kot_rules.engine.errors import IllegalActionError, KotRulesError
from kot_rules.engine.events import Event
from kot_rules.engine.state import CHANCE, TERMINAL, State
from kot_rules.games import DEFAULT_GAME
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.expect import Table, compare, state_view
from kot_rules.scenarios.loader import borough_board, read_scenario
from kot_rules.scenarios.model import JUDGED, Scenario, Step


@dataclass
class ScenarioResult:
    path: Path
    name: str
    rules: tuple[str, ...]
    ok: bool
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        mark = "PASS" if self.ok else "FAIL"
        return f"{mark} {self.path} [{', '.join(self.rules)}] {self.name}"

    def details(self) -> str:
        return "\n".join(f"    {p}" for p in self.problems)


@dataclass
class RunReport:
    results: list[ScenarioResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def passed(self) -> int:
        return sum(r.ok for r in self.results)

    @property
    def failed(self) -> int:
        return sum(not r.ok for r in self.results) + len(self.errors)


def scenario_files(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml")))
        else:
            out.append(p)
    return out


def run_paths(
    paths: list[Path], cards: CardCatalog | None = None, *, game: str | None = DEFAULT_GAME
) -> RunReport:
    """Run every scenario file under ``paths`` (files or folders) as scenarios of ``game``.

    ``cards`` defaults to the built-in cards of ``game``; a scenario of another game
    is reported as an error (SCN004), not run. ``game=None``: each scenario is played
    in the game it names, with that game's built-in cards.
    """
    report = RunReport()
    own: dict[str, CardCatalog] = {}
    for path in scenario_files(paths):
        if not path.exists():
            report.errors.append(f"{path}:0:0: error[SCN001]: no such file or folder")
            continue
        try:
            scenario = read_scenario(path)
        except ScenarioFormatError as exc:
            report.errors.append(exc.render())
            continue
        if game is not None and scenario.game != game:
            report.errors.append(_other_game(scenario, game))
            continue
        table = cards if game is not None else None
        if table is None:  # only once a file reads: a bad file costs no card parsing
            table = own.get(scenario.game)
            if table is None:
                from kot_rules.language.cardset import builtin_card_set

                table = own[scenario.game] = CardTable.from_card_set(
                    builtin_card_set(scenario.game)
                )
            if game is not None:
                cards = table
        try:
            report.results.append(run_scenario(scenario, table))
        except ScenarioFormatError as exc:
            report.errors.append(exc.render())
    return report


def _other_game(sc: Scenario, game: str) -> str:
    return ScenarioFormatError(
        str(sc.path), sc.game_line, sc.game_column, "SCN004",
        f"the scenario is of game {sc.game!r}, this run is of {game!r} "
        f"(run it with --game {sc.game})",
    ).render()


class ScenarioFailure(Exception):
    """The scenario fails at a step; the message names the file, line and step."""


class NotOffered(ScenarioFailure):
    """The step names no action open now: the game waits for another kind of input or for
    another monster, or the card the step names is not where the step needs it. A ``refuse``
    step or an ``illegal`` expectation counts it as refused; a step of the script fails."""


NEW_GAME_SEEDS = (1, 2)
"""A new-game scenario is played with the deck shuffled by each of these seeds and must
pass with both: its expectations may not depend on the shuffle (the reader refuses the
fields that name it, SCN009; two shuffles catch what the reader cannot see)."""


def run_scenario(sc: Scenario, cards: CardCatalog) -> ScenarioResult:
    result = ScenarioResult(sc.path, sc.name, sc.rules, ok=True)
    seeds: tuple[int | None, ...] = NEW_GAME_SEEDS if sc.setup.new_game is not None else (None,)
    for seed in seeds:
        mine = ScenarioResult(sc.path, sc.name, sc.rules, ok=True)
        try:
            state, events = _play(sc, cards, mine, seed)
            if sc.expect is not None:
                _compare(sc.expect, state, events, mine, f"{sc.path}:{sc.expect_line}")
        except ScenarioFailure as exc:
            mine.problems.insert(0, str(exc))
        if mine.problems:
            shuffle = "" if seed is None else f" (a new game, the deck shuffled by seed {seed})"
            result.problems += [p + shuffle for p in mine.problems]
            break
    result.ok = not result.problems
    return result


def _ids_for(cards: CardCatalog, text: str) -> tuple[str, ...]:
    if isinstance(cards, CardTable):
        return cards.resolve(text)
    return (text,) if text in cards.physical_ids() else ()


def _resolve_cards(
    cards: CardCatalog, names: Iterable[str], used: set[str], where: str
) -> list[str]:
    out = []
    for n in names:
        ids = _ids_for(cards, n)
        free = [i for i in ids if i not in used]
        if not ids:
            raise ScenarioFailure(f"{where}: unknown card {n!r}")
        if not free:
            raise ScenarioFailure(f"{where}: every copy of {n!r} is already placed")
        used.add(free[0])
        out.append(free[0])
    return out


def _play(sc: Scenario, cards: CardCatalog, result: ScenarioResult,
          seed: int | None = None) -> tuple[State, list[Event]]:
    state = start_state(sc, cards, seed)
    events = list(state.events)
    for step in sc.script:
        at = f"{sc.path}:{step.line}:{step.column}: step {step.kind}"
        if step.kind == "expect":
            _compare(step.value, state, events, result, f"{sc.path}:{step.line}")
            continue
        if step.kind == "refuse":
            if not step_refused(step.value, state, at):
                raise ScenarioFailure(f"{at}: the game accepted `{show_step(step.value)}`, "
                                      "which the scenario says the rules refuse here")
            continue
        action = step_action(step, state, cards, at)
        try:
            state = state.apply(action)
        except KotRulesError as exc:
            raise ScenarioFailure(f"{at}: {exc}") from None
        events.extend(state.events)
    return state, events


def start_state(sc: Scenario, cards: CardCatalog, seed: int | None = None) -> State:
    """The scenario's first state, built with the reference engine: its position (its
    events: what the start of the active monster's turn did), or a new game shuffled by
    ``seed``; :class:`ScenarioFormatError` (SCN005) when it cannot be built."""
    new = sc.setup.new_game
    if new is not None:
        try:
            game = games.get(sc.game).new_game(list(new.names(sc.game)), options=sc.options,
                                               cards=cards)
            return game.new_initial_state(game.shuffled_deck(seed))
        except KotRulesError as exc:
            raise ScenarioFormatError(
                str(sc.path), new.line, new.column, "SCN005", f"new game: {exc}"
            ) from None
    su = sc.setup
    names = [m.name for m in su.monsters]
    where = "setup"
    try:
        game = games.get(sc.game).new_game(names, options=sc.options, cards=cards)
        used: set[str] = set()
        monsters = []
        from dataclasses import replace

        for m in su.monsters:
            monsters.append(replace(m, cards=tuple(_resolve_cards(cards, m.cards, used, where))))
        shop = None if su.shop is None else _resolve_cards(cards, su.shop, used, where)
        deck = _resolve_cards(cards, su.deck, used, where)
        discard = _resolve_cards(cards, su.discard, used, where)
        if su.unnamed == "discard":  # the deck is exactly the cards named in it
            discard += [c for c in game.cards.physical_ids() if c not in used]
        city = next((names.index(n) for n, p in su.places.items() if p == "city"), None)
        bay = next((names.index(n) for n, p in su.places.items() if p == "bay"), None)
        if (
            sum(p == "city" for p in su.places.values()) > 1
            or sum(p == "bay" for p in su.places.values()) > 1
        ):
            raise ScenarioFailure(
                f"{where}: at most one monster in Tokyo City and one in Tokyo Bay")
        held = {}
        owned = [c for m in monsters for c in m.cards]
        for name, kinds in su.held.items():
            mine = [i for i in _ids_for(cards, name) if i in owned]
            if not mine:
                raise ScenarioFailure(f"{where}: held: no monster has a card {name!r}")
            held[mine[0]] = kinds
        board: object = None
        read_board = game.rules.board_from_json
        streets = borough_board(sc.game)
        if streets is not None:  # King of New York's board, as its JSON
            if su.board is not None or su.boroughs:
                board = streets.board_from_json(_new_york_board(streets, sc, names))
        elif read_board is not None:  # the game's own board (Duel: markers, dice tokens)
            board = read_board({
                "fame": su.fame, "destruction": su.destruction,
                "dice_tokens": [su.dice_tokens.get(n, 0) for n in names],
                "white_dice": 0, "bought": False, "resolved": [],
                "tiles": [
                    {**t, "owner": None if t.get("owner") is None else names.index(t["owner"])}
                    for t in su.tiles
                ],
            })
        return game.setup_state(
            monsters,
            game_board=board,
            held=held,
            active=names.index(su.active),
            city=city,
            bay=bay,
            shop=shop,
            deck=deck,
            discard=discard,
            turn_number=su.turn,
        )
    except KotRulesError as exc:
        raise ScenarioFormatError(
            str(sc.path), sc.setup_line, sc.setup_column, "SCN005", f"setup: {exc}"
        ) from None
    except ScenarioFailure as exc:
        raise ScenarioFormatError(
            str(sc.path), sc.setup_line, sc.setup_column, "SCN005", str(exc)
        ) from None


def _new_york_board(city: ModuleType, sc: Scenario, names: list[str]) -> dict[str, Any]:
    """King of New York's board JSON (``city``: its board module) for a scenario's set-up:
    each monster where
    its ``borough`` or ``place`` says, the others in the first outer borough with room (seat
    order); the special cards' holders by seat; the tiles as ``board`` lists them (none else)."""
    su = sc.setup
    where: list[str | None] = []
    for m in su.monsters:
        place = su.places.get(m.name, "outside")
        if m.eliminated:
            where.append(None)
        elif place in ("city", "bay"):
            where.append(city.MANHATTAN)
        else:
            # a borough named (null: not placed yet), or "?": the first with room, below
            where.append((su.boroughs[m.name] or None) if m.name in su.boroughs else "?")
    for seat, w in enumerate(where):
        if w == "?":
            free = [b for b in city.OUTER
                    if sum(1 for x in where if x == b) < city.BOROUGH_CAPACITY]
            where[seat] = free[0]
    data: dict[str, Any] = dict(su.board or {})
    for key in ("superstar", "statue"):
        if data.get(key) is not None:
            data[key] = names.index(data[key])
    data["where"] = where
    data["first"] = names.index(su.active)
    return data


def _waiting(state: State) -> str:
    p = state.current_player()
    if p == CHANCE:
        return "a chance outcome (roll)"
    if p == TERMINAL:
        return "nothing (the game is over)"
    return f"a decision by {state.names[p]} ({state.phase.value})"


def step_action(step: Step, state: State, cards: CardCatalog | None = None,
                at: str = "") -> Action:
    """The engine's action for a scenario step (not ``expect`` or ``refuse``) in ``state``.

    ``cards``: the catalog card names are read in (default: the state's game's). Raises
    :class:`NotOffered` when the step names nothing open now (the game waits for something
    else, another monster decides, the card is not in the shop), :class:`ScenarioFailure`
    when it cannot be read at all (an unknown card); ``at`` starts their messages.
    """
    cards = state.game.cards if cards is None else cards
    kind = step.kind
    chance = state.is_chance_node()
    if kind == "roll":
        if not chance:
            raise NotOffered(
                f"{at}: the script rolls dice but the game waits for {_waiting(state)}")
        return Roll(_counts(step.value, state))
    if chance:
        raise NotOffered(
            f"{at}: the script gives a decision but the game waits for {_waiting(state)}")
    if state.is_terminal():
        raise NotOffered(f"{at}: the game is already over")
    if kind in ("yield", "stay"):
        decider = state.names[state.current_player()]
        if step.monster is not None and step.monster != decider:
            raise NotOffered(
                f"{at}: the script has {step.monster} decide, but the game waits for "
                f"{_waiting(state)}"
            )
        return YIELD if kind == "yield" else STAY
    if kind == "keep":
        return Reroll(_counts(step.value, state))
    if kind == "spend-dice-tokens":
        return SpendDiceTokens(int(step.value))
    if kind == "resolve":
        return ResolveFaces(step.value)
    if kind == "stop":
        return STOP
    if kind == "sweep":
        return SWEEP
    if kind == "end-turn":
        return END_TURN
    if kind == "choose":
        return Choose(str(step.value))
    if kind == "use":
        return _use(step.value, state, cards, at)
    if kind == "buy":
        text = str(step.value)
        ids = _ids_for(cards, text)
        if not ids:
            raise ScenarioFailure(f"{at}: unknown card {text!r}")
        if step.monster is not None:  # bought from another monster
            seller = state.names.index(step.monster)
            owned = [i for i in ids if i in state.monsters[seller].cards]
            if not owned:
                raise NotOffered(f"{at}: {step.monster} has no card {text!r}")
            return Buy(owned[0], seller)
        in_shop = [i for i in ids if i in state.shop]
        if not in_shop and state.deck and state.deck[0] in ids:
            return Buy(state.deck[0])  # the top of the deck (a card must allow it)
        discarded = [i for i in ids if i in state.discard]
        if not in_shop and discarded:
            return Buy(discarded[0])  # from the discard pile (a card must allow it)
        if not in_shop:
            raise NotOffered(f"{at}: {text!r} is not face up in the shop {list(state.shop)}")
        return Buy(in_shop[0])
    raise ScenarioFailure(f"{at}: unknown step {kind!r}")


def step_refused(step: Step, state: State, at: str = "") -> bool:
    """Whether the game refuses ``step`` now: it names nothing open (:class:`NotOffered`),
    or the engine raises :class:`IllegalActionError` on its action. Raises
    :class:`ScenarioFailure` if the step cannot be read, the engine fails otherwise, or a
    refusal changed ``state``."""
    try:
        action = step_action(step, state, at=at)
    except NotOffered:
        return True
    before = state.canonical()
    try:
        state.apply(action)
    except IllegalActionError:
        if state.canonical() != before:
            raise ScenarioFailure(
                f"{at}: `{show_step(step)}` was refused but changed the state") from None
        return True
    except KotRulesError as exc:
        raise ScenarioFailure(f"{at}: `{show_step(step)}`: {exc}") from None
    return False


def show_step(step: Step) -> str:
    """A step as a scenario writes it (``choose: bronx``, ``yield: Kong``)."""
    v = step.value
    if step.kind in ("roll", "keep"):
        return f"{step.kind}: [{', '.join(f.value for f in v)}]"
    if step.kind == "buy" and step.monster is not None:
        return f"buy: {{card: {v}, from: {step.monster}}}"
    if step.monster is not None:
        return f"{step.kind}: {step.monster}"
    if v is None:
        return step.kind
    if isinstance(v, Step):
        return f"{step.kind}: {{{show_step(v)}}}"
    if isinstance(v, dict):
        fields = ", ".join(f"{k}: {getattr(x, 'value', x)}" for k, x in v.items())
        return f"{step.kind}: {{{fields}}}"
    return f"{step.kind}: {getattr(v, 'value', v)}"


def _counts(faces: list[Any], state: State) -> dice.Counts:
    """The dice ``faces`` names, on the game's die."""
    spec = state.game.rules.dice.faces
    if spec is dice.FACES:
        return dice.counts_of(faces)
    return dice.counts_in([f.value for f in faces], spec)


def _use(value: dict[str, Any], state: State, cards: CardCatalog, at: str) -> UseCard:
    """The deciding monster's use of the named card (the first of its copies it has)."""
    seat = state.current_player()
    text = value["card"]
    ids = _ids_for(cards, text)
    if not ids:
        raise ScenarioFailure(f"{at}: unknown card {text!r}")
    mine = [i for i in ids if i in state.monsters[seat].cards]
    if not mine:
        raise NotOffered(f"{at}: {state.names[seat]} has no card {text!r} to use")
    return UseCard(
        mine[0], value.get("ability", 0), value.get("die"), value.get("to"), value.get("count", 0)
    )


def cards_named(state: State, items: Iterable[str]) -> list[str]:
    """Card names (not ids), so a scenario can name a card without its copy number."""
    return Table.of(state).named(items)


def _compare(
    exp: dict[str, Any], state: State, events: list[Event], result: ScenarioResult, where: str
) -> None:
    """``exp`` against the reference engine's ``state``: the state view (expect.py) and the
    steps it says are open now or not (``legal``, ``illegal``)."""
    problems = result.problems
    problems += compare(exp, state_view(state), events, Table.of(state), where)
    for key in JUDGED:
        for st in exp.get(key, ()):
            refused = step_refused(st, state, f"{where}: {key}")
            if refused == (key == "legal"):
                problems.append(
                    f"{where}: {key}: `{show_step(st)}` (line {st.line}) is "
                    + ("refused: the game does not offer it now" if refused
                       else "open: the game accepts it now")
                )
