"""``kot-rules rules``: the rules reference, as Markdown."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from kot_rules.surfaces.cli.common import (
    EXIT_OK,
    NOT_FOUND,
    SUMMARIES,
    CliError,
    Formatter,
    add_game_option,
    add_json_option,
    command,
    echo,
    echo_json,
    wrap,
)

if TYPE_CHECKING:
    from kot_rules.rulebook import Rulebook, Source
    from kot_rules.sources import Glossary


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rules = commands.add_parser(
        "rules", formatter_class=Formatter, help=SUMMARIES["rules"],
        description=wrap(
            "Print the rules reference generated from spec/rules and spec/scenarios: every "
            "rule with its slug, number, statement, source and the scenarios that test it, "
            "then every decision on an open point. A source is named as the site names it: "
            "the rulebook's game, language, title, publisher and edition, or the project's "
            "notes by their name."
        ),
        epilog="example:\n  kot-rules rules > rules.md",
    )
    add_game_option(rules, what="whose rules to print (spec/rules/ID.yaml)")
    add_json_option(
        rules, '{"game", "rules": [{"slug", "number", "title", "statement", "source", '
        '"also", "decision", "scenarios"}], "decisions": [{"id", "question", "decision", '
        '"alternatives", "option", "seeds", "scenarios"}]}; a source is {"seed", '
        '"section", "phrase", "name"} (seed: its id; name: the rulebook or notes it is; '
        "also: null when there is none), scenarios are paths under spec/.",
    )
    command(rules, run_rules)


def run_rules(args: argparse.Namespace) -> int:
    from kot_rules.paths import spec_dir
    from kot_rules.rulebook import load_rulebook
    from kot_rules.surfaces.rulesdoc import render

    path = spec_dir() / "rules" / f"{args.game}.yaml"
    if not path.is_file():
        raise CliError(f"game {args.game!r} has no rules file ({path.name})",
                       error_code=NOT_FOUND, file=str(path))
    book = load_rulebook(path)
    if args.json:
        echo_json(_rulebook_json(book))
    else:
        echo(render(book).rstrip("\n"))
    return EXIT_OK


def _source_json(glossary: Glossary, source: Source | None) -> dict[str, str] | None:
    from kot_rules.sources import named

    if source is None:
        return None
    return {"seed": source.seed, "section": source.section, "phrase": source.phrase,
            "name": named(glossary, source.seed, emphasis="")}


def _rulebook_json(book: Rulebook) -> dict[str, Any]:
    """The rules reference as data: what the Markdown shows, field by field (a source's
    file named by the source's name, as there)."""
    from kot_rules.sources import for_reader, load_glossary
    from kot_rules.surfaces.rulesdoc import scenarios_by_rule

    tested = scenarios_by_rule()
    glossary = load_glossary()

    def text(prose: str) -> str:
        return for_reader(prose, glossary)

    def source(s: Source | None) -> dict[str, str] | None:
        return _source_json(glossary, s)

    def scenarios(*keys: str) -> list[str]:
        return sorted({path for key in keys for path, _ in tested.get(key, [])})

    return {
        "game": book.game,
        "rules": [{
            "slug": r.slug, "number": r.number, "title": r.title,
            "statement": text(r.statement), "source": source(r.source), "also": source(r.also),
            "decision": r.decision, "scenarios": scenarios(r.slug),
        } for r in book.rules],
        "decisions": [{
            "id": d.id, "question": text(d.question), "decision": text(d.decision),
            "alternatives": [{k: text(v) for k, v in a.items()} for a in d.alternatives],
            "option": d.option, "seeds": [source(s) for s in d.seeds],
            "scenarios": scenarios(d.id, *(r.slug for r in book.rules if r.decision == d.id)),
        } for d in book.decisions],
    }
