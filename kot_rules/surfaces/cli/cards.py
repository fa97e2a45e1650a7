"""``kot-rules check``, ``fmt`` and ``cards list|show|coverage``: card files and card sets."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kot_rules.surfaces.cli.common import (
    DEFAULT_GAME,
    EXIT_FAILURE,
    EXIT_OK,
    NOT_FOUND,
    SUMMARIES,
    CliError,
    Formatter,
    add_cards_option,
    add_epilog,
    add_game_option,
    add_json_option,
    card_set,
    command,
    echo,
    echo_json,
    error,
    game_of_paths,
    plural,
    report,
    shown,
    wrap,
)

if TYPE_CHECKING:
    from kot_rules.language.ast import CardDef
    from kot_rules.language.diagnostics import Diagnostic

_DIAGNOSTIC = '{"file", "line", "column", "code", "severity", "message", "hint"}'


def add_check(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    check = commands.add_parser(
        "check", formatter_class=Formatter, help=SUMMARIES["check"],
        description=wrap(
            "Check card files (*.kot) and folders of them; with no PATH, the built-in "
            "card set. Prints each problem as file:line:col with the source line, sorted by "
            "file, line and column, then a count of every card read (a card with errors "
            "counts too). Exits 1 if any error is found (warnings alone exit 0)."
        ),
        epilog="examples:\n  kot-rules check\n  kot-rules check my-cards/ --json\n"
        "  kot-rules check --add-cards my-card.kot",
    )
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                       help="a .kot file or a folder of them (default: the built-in cards)")
    add_epilog(check, "A second check of the same files prints the same output from a cache "
               "on disk, keyed by a hash of the card files, the grammar and the engine's "
               "source: $KOT_RULES_CACHE_DIR, else $XDG_CACHE_HOME/kot-rules, else "
               "~/.cache/kot-rules; KOT_RULES_NO_CACHE=1 turns it off.")
    add_json_option(
        check, '{"files", "cards", "titles", "ok", "errors", "warnings", "diagnostics": '
        f"[{_DIAGNOSTIC}]}}: the files read, the cards read as the deck holds them (a "
        "title with copies 2 is two; a card with errors is one) and their titles, and "
        "every problem sorted by file, line and column. '--format json' is the older "
        "spelling of --json.",
        format_alias=True,
    )
    check.add_argument("--no-proofs", dest="proofs", action="store_false",
                       help="skip the proofs that no card sentence breaks an invariant "
                       "(KOT3xx)")
    check.add_argument(
        "--add-cards", type=Path, default=None, metavar="DIR",
        help="check the cards in DIR as new cards for the deck (PATH, or the built-in "
        "cards): a name, alias or card id shared with a deck card is an error",
    )
    add_game_option(check, what="whose cards these are (with no PATH: whose built-in cards "
                    "to check)", from_paths=True)
    command(check, run_check)


def add_fmt(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    fmt = commands.add_parser(
        "fmt", formatter_class=Formatter, help=SUMMARIES["fmt"],
        description=wrap(
            "Rewrite card files (*.kot) and every *.kot file under the folders given "
            "(recursively) in canonical form: the `card` line, then, indented by two spaces, "
            "the cost line, the alias lines and one effect sentence per line; one blank line "
            "between cards; no trailing spaces; a single final newline. Every comment is kept "
            "(a comment line stays attached to the line after it, an end-of-line comment "
            "stays on its line). A file with errors is left as it is and its errors are "
            "printed. Prints 'reformatted FILE' for each file rewritten (with --check: 'would "
            "reformat FILE', and nothing is written) and a count on stderr. Exits 1 if a file "
            "has errors, or with --check if a file is not in canonical form."
        ),
        epilog="examples:\n  kot-rules fmt my-cards/\n  kot-rules fmt --check spec/cards",
    )
    fmt.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                     help="a .kot file or a folder of them")
    fmt.add_argument("--check", action="store_true",
                     help="write nothing; list the files that would change and exit 1 if any")
    add_game_option(fmt, what="the cards are written for", from_paths=True)
    add_json_option(
        fmt, '{"ok", "check", "changed", "unchanged", "failed", "files": [{"file", '
        '"status", "message", "diagnostics"}]}: status is reformatted (with --check: '
        "would-reformat), unchanged or error; message says why a file could not be "
        f"written; diagnostics are {_DIAGNOSTIC}. Nothing is printed on stderr.",
    )
    command(fmt, run_fmt)


def add_cards(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cards = commands.add_parser(
        "cards", formatter_class=Formatter, help=SUMMARIES["cards"],
        description=wrap("List the cards of a card set (default: the built-in cards), "
                          "show one card, or report each card's coverage."),
    )
    cards_commands = cards.add_subparsers(
        dest="cards_command", metavar="SUBCOMMAND", required=True
    )
    cards_list = cards_commands.add_parser(
        "list", formatter_class=Formatter,
        help="one line per card: name, cost, type, copies, Polish and Czech names",
        description=wrap(
            "List the cards, one line per card title (sorted by card id): the English name, "
            "the cost in energy, keep or discard, the number of copies (x2: the deck holds "
            "two) and the Polish (pl) and Czech (cz) names."
        ),
        epilog="examples:\n  kot-rules cards list\n  kot-rules cards list --json",
    )
    add_cards_option(cards_list)
    add_game_option(cards_list, what="whose built-in cards to list")
    add_json_option(
        cards_list, f"{{\"cards\": [{_CARD}]}}, sorted by card id. '--format json' is the "
        "older spelling of --json.",
        format_alias=True,
    )
    command(cards_list, run_cards_list)
    cards_show = cards_commands.add_parser(
        "show", formatter_class=Formatter,
        help="show one card: its canonical text, cost, type, copies, aliases and source",
        description=wrap(
            "Show one card: its canonical card-language text, cost, type, copies, aliases "
            "and the file and line that define it. NAME is the English name, a Polish or "
            "Czech name, or a card id, in any case."
        ),
        epilog='examples (any card name, alias or id):\n  kot-rules cards show "ENGLISH NAME"\n'
        '  kot-rules cards show "polish name"\n  kot-rules cards show CARD-ID-2',
    )
    cards_show.add_argument("name", metavar="NAME", help="a card name, alias or id")
    add_cards_option(cards_show)
    add_game_option(cards_show, what="whose built-in cards to look in")
    add_json_option(
        cards_show, f'{{"query", "cards": [{_CARD[:-1]}, "text"}}]}}: every card NAME '
        "designates (text: its canonical card-language text). An unknown NAME is error "
        "CLI003, its hint the closest name.",
    )
    command(cards_show, run_cards_show)
    cards_coverage = cards_commands.add_parser(
        "coverage", formatter_class=Formatter,
        help="one line per card: parsed, round-trips, scenario-tested, proved",
        description=wrap(
            "Report each card's coverage, one line per card title: parsed (the card set "
            "parses: a card set with errors is refused), round-trips (rendering the card and "
            "parsing the text gives the same card), scenario-tested (a scenario under "
            "spec/scenarios buys the card or starts with it in play) and proved (kot-rules "
            "verify proves every sentence of the card keeps every invariant), then the "
            "counts. The built-in cards reuse the proofs cached by the site build "
            "(build/verify-cache.json). Exits 0 whatever the coverage."
        ),
        epilog="examples:\n  kot-rules cards coverage\n  kot-rules cards coverage --json\n"
        "  kot-rules cards coverage --cards my-cards/",
    )
    add_cards_option(cards_coverage)
    add_game_option(cards_coverage, what="whose built-in cards to report on")
    add_json_option(
        cards_coverage, '{"cards": [{"name", "slug", "parsed", "round_trips", '
        '"scenario_tested", "proved"}], "summary": {"cards", "parsed", "round_trips", '
        '"scenario_tested", "proved"}}: per card true, false or null (not known), and '
        "the counts.",
    )
    command(cards_coverage, run_cards_coverage)


def run_check(args: argparse.Namespace) -> int:
    from kot_rules import cache, games
    from kot_rules.paths import builtin_cards_dir

    added: list[Path] = [] if args.add_cards is None else [args.add_cards]
    game: str = args.game or game_of_paths([*args.paths, *added]) or DEFAULT_GAME
    paths: list[Path] = args.paths or [shown(builtin_cards_dir(game))]
    # The outcome depends only on the files and the source (the key); a test that
    # weakens the prover's kernel in this process makes a run the source does not say.
    kernels = (sys.modules.get(f"{d.package}.kernel") for d in games.definitions())
    weak = any(m is not None and m.weakenings() for m in kernels)
    key = None if weak else cache.inputs_key(
        "check", [*paths, *added], [game, f"proofs={args.proofs}", f"paths={len(paths)}"])
    found = None if key is None else cache.load_json("check", key)
    if not (isinstance(found, dict) and isinstance(found.get("text"), str)
            and isinstance(found.get("json"), dict) and isinstance(found.get("exit"), int)):
        found = _check(paths, added, game, proofs=args.proofs)
        if key is not None:
            cache.store_json("check", key, found)
    if args.json:
        echo_json(found["json"])
    else:
        sys.stdout.write(found["text"])
    code: int = found["exit"]
    return code


def _check(paths: list[Path], added: list[Path], game: str, *, proofs: bool
           ) -> dict[str, Any]:
    """What ``check`` prints, as text and as JSON, and its exit code."""
    from kot_rules.language.cardset import check_paths
    from kot_rules.language.diagnostics import sort_key

    checked = check_paths(paths, game, added=added)
    diagnostics = list(checked.diagnostics)
    if proofs and checked.definitions:
        from kot_rules.verify.cardcheck import proof_diagnostics

        diagnostics += proof_diagnostics(checked.definitions, game)
    diagnostics.sort(key=sort_key)
    errors = sum(d.is_error for d in diagnostics)
    warnings = len(diagnostics) - errors
    # Cards counted as the deck holds them (a title with `copies 2` is two cards); a
    # card with errors has no copies line to trust, so it counts once.
    physical = sum(d.copies for d in checked.definitions) + max(0, checked.read - checked.cards)
    titles = max(checked.read, checked.cards)
    named = "" if physical == titles else f" ({plural(titles, 'title')})"
    # A game's monster files are counted after its cards (none: no words).
    if checked.monsters:
        named += f" and {plural(len(checked.monsters), 'monster')}"
    text = "".join(f"{d.render()}\n\n" for d in diagnostics) + (
        f"checked {plural(physical, 'card')}{named}: {plural(errors, 'error')}, "
        f"{plural(warnings, 'warning')}\n")
    return {
        "json": {
            "files": checked.files,
            "cards": physical,
            "titles": titles,
            **({"monsters": len(checked.monsters)} if checked.monsters else {}),
            "ok": errors == 0,
            "errors": errors,
            "warnings": warnings,
            "diagnostics": [d.to_json() for d in diagnostics],
        },
        "text": text,
        "exit": EXIT_OK if errors == 0 else EXIT_FAILURE,
    }


def _fmt_entry(file: str, status: str, message: str | None = None,
               diagnostics: list[Diagnostic] | None = None) -> dict[str, Any]:
    return {"file": file, "status": status, "message": message,
            "diagnostics": [d.to_json() for d in diagnostics or []]}


def run_fmt(args: argparse.Namespace) -> int:
    from kot_rules.language.formatter import find_card_files, format_file

    paths: list[Path] = args.paths
    check: bool = args.check
    as_json: bool = args.json
    entries: list[dict[str, Any]] = []
    files, problems = find_card_files(paths)
    for d in problems:
        entries.append(_fmt_entry(d.file, "error", None, [d]))
        if not as_json:
            report(d.render())
    failed = len(problems)
    changed = unchanged = 0
    for path in files:
        # each file in its own game's words: spec/cards/ holds every game's cards
        game = args.game or game_of_paths([path]) or DEFAULT_GAME
        result = format_file(path, game=game)
        if result.canonical is None:
            failed += 1
            entries.append(_fmt_entry(result.file, "error", None, result.diagnostics))
            if not as_json:
                for d in result.diagnostics:
                    report(d.render())
            continue
        if not result.changed:
            unchanged += 1
            entries.append(_fmt_entry(result.file, "unchanged", None, result.diagnostics))
            continue
        if check:
            entries.append(_fmt_entry(result.file, "would-reformat", None, result.diagnostics))
            if not as_json:
                echo(f"would reformat {result.file}")
            changed += 1
            continue
        try:
            path.write_bytes(result.canonical.encode("utf-8"))
        except OSError as exc:
            failed += 1
            message = f"cannot write {result.file}: {exc.strerror or type(exc).__name__}"
            entries.append(_fmt_entry(result.file, "error", message))
            if not as_json:
                error(message)
            continue
        entries.append(_fmt_entry(result.file, "reformatted", None, result.diagnostics))
        if not as_json:
            echo(f"reformatted {result.file}")
        changed += 1
    code = EXIT_FAILURE if failed or (check and changed) else EXIT_OK
    if as_json:
        echo_json({"ok": code == EXIT_OK, "check": check, "changed": changed,
                   "unchanged": unchanged, "failed": failed, "files": entries})
        return code
    counts = [f"{plural(changed, 'file')} {'would be reformatted' if check else 'reformatted'}",
              f"{plural(unchanged, 'file')} {'already formatted' if check else 'left unchanged'}"]
    if failed:
        counts.append(f"{plural(failed, 'file')} with errors")
    report(", ".join(counts))
    return code


def _aliases_by_language(card: CardDef) -> dict[str, list[str]]:
    from kot_rules.language.checker import LANGUAGES

    found: dict[str, list[str]] = {language: [] for language in LANGUAGES}
    for alias in card.aliases:
        found.setdefault(alias.language, []).append(alias.name)
    return found


def _source(card: CardDef) -> str:
    return f"{shown(Path(card.position.file))}:{card.position.line}"


_CARD = ('{"id", "name", "cost", "type", "copies", "physical_ids", "aliases": {LANGUAGE: '
         '[NAME]}, "effects", "source"}')


def _card_json(card: CardDef) -> dict[str, Any]:
    from kot_rules.language.checker import physical_ids
    from kot_rules.language.render import render_effect

    return {
        "id": card.slug,
        "name": card.name,
        "cost": card.cost,
        "type": card.kind.value,
        "copies": card.copies,
        "physical_ids": list(physical_ids(card.slug, card.copies)),
        "aliases": _aliases_by_language(card),
        "effects": [render_effect(effect) for effect in card.effects],
        "source": _source(card),
    }


def run_cards_list(args: argparse.Namespace) -> int:
    cset = card_set(args.cards, args.game, args.add_cards)
    cards = cset.cards
    if args.json:
        echo_json({"cards": [_card_json(card) for card in cards]})
        return EXIT_OK
    width = max((len(card.name) for card in cards), default=0)
    for card in cards:
        names = "  ".join(f"{language}: {' / '.join(aliases)}"
                          for language, aliases in _aliases_by_language(card).items() if aliases)
        line = (f"{card.name:<{width}}  {card.cost:>2}  {card.kind.value:<7}  "
                f"x{card.copies:<2}  {names}")
        echo(line.rstrip())
    return EXIT_OK


def run_cards_coverage(args: argparse.Namespace) -> int:
    from kot_rules.paths import data_root
    from kot_rules.surfaces import coverage

    cset = card_set(args.cards, args.game, args.add_cards)
    results: list[dict[str, Any]] = []
    if args.cards is None and args.add_cards is None:
        from kot_rules.site.proofs import verify_results

        results = verify_results(data_root())["results"]
    rows = coverage.card_set_coverage(cset, results=results)
    if args.json:
        echo_json(coverage.to_json(rows))
    else:
        for line in coverage.lines(rows):
            echo(line.rstrip())
    return EXIT_OK


def run_cards_show(args: argparse.Namespace) -> int:
    from kot_rules.language.checker import physical_ids
    from kot_rules.language.diagnostics import quote
    from kot_rules.language.render import quote_name, render_card

    cset = card_set(args.cards, args.game, args.add_cards)
    name: str = args.name
    ids = cset.resolve(name)
    if not ids:
        suggestion = cset.suggest(name)
        hint = f"; did you mean {quote(suggestion)}?" if suggestion else ""
        raise CliError(f"no card named {quote(name)}{hint}", error_code=NOT_FOUND,
                       hint=f"did you mean {quote(suggestion)}?" if suggestion else None)
    shown: list[CardDef] = []
    for card_id in ids:
        card = cset.definition(card_id)
        if card not in shown:
            shown.append(card)
    if args.json:
        echo_json({"query": name, "cards": [
            {**_card_json(card), "text": render_card(card)} for card in shown]})
        return EXIT_OK
    blocks = []
    for card in shown:
        aliases = ", ".join(f"{alias.language} {quote_name(alias.name)}"
                            for alias in card.aliases) or "none"
        copies = physical_ids(card.slug, card.copies)
        blocks.append("\n".join([
            render_card(card).rstrip("\n"),
            "",
            f"id:       {card.slug}" + (f" ({', '.join(copies)})" if card.copies > 1 else ""),
            f"cost:     {card.cost} energy",
            f"type:     {card.kind.value}",
            f"copies:   {card.copies}",
            f"aliases:  {aliases}",
            f"source:   {_source(card)}",
        ]))
    echo("\n\n".join(blocks))
    return EXIT_OK
