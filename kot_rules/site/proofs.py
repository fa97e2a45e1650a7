"""King of Tokyo's invariants page, generated from the results of ``kot-rules verify``, and
each game's proof report, cached.

A report is cached (King of Tokyo's in ``build/verify-cache.json``, the other games' beside
it) under a hash of what it depends on (the verifier, the card language's tree, the engine
and the card files), so that a site build runs the proofs (a few seconds) only when one of
those changed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from kot_rules.games import DEFAULT_GAME, get

INVARIANTS_PAGE = "invariants.md"
CACHE = Path("build") / "verify-cache.json"
TESTED = ("checked after every step of whole games with the 66 built-in cards, random "
          "decisions and random dice (`tests/verify/test_whole_games.py`)")


def digest_files(files: Iterable[Path]) -> str:
    """A hash of the names and bytes of ``files`` (in the order given; a missing one is
    left out): the key of a cached report."""
    digest = hashlib.sha256()
    for f in files:
        if f.is_file():
            digest.update(f.name.encode())
            digest.update(f.read_bytes())
    return digest.hexdigest()


def cached_report(cache: Path, key: str, compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``compute()`` with its ``key``, read from ``cache`` when the key there is ``key``,
    else computed and written there (a read-only checkout: no cache, the same report)."""
    try:
        data: dict[str, Any] = json.loads(cache.read_text(encoding="utf-8"))
        if data.get("key") == key:
            return data
    except (OSError, ValueError):
        pass
    data = {"key": key, **compute()}
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps(data), encoding="utf-8")
    except OSError:
        pass
    return data


def _key(root: Path) -> str:
    package = Path(__file__).resolve().parents[1]
    return digest_files(sorted([
        *(package / "verify").rglob("*.py"), *(package / "engine").glob("*.py"),
        *(Path(get(DEFAULT_GAME).part("model").__file__ or "").parent.glob("*.py")),
        package / "language" / "ast.py", *(root / "spec" / "cards").rglob("*.kot")]))


def game_report(game: str, cache: Path, key: str) -> dict[str, Any]:
    """``kot-rules verify --game game --json`` for the game's built-in cards, read from
    ``cache`` when its key there is ``key`` (:func:`cached_report`)."""

    def compute() -> dict[str, Any]:
        from kot_rules.language.cardset import builtin_card_set
        from kot_rules.verify.prover import verify

        return verify(builtin_card_set(game).cards, game=game).to_json()

    return cached_report(cache, key, compute)


def verify_results(root: Path) -> dict[str, Any]:
    """``kot-rules verify --json`` for the built-in cards (from the cache when current)."""
    return game_report(DEFAULT_GAME, root / CACHE, _key(root))


def invariants_page(results: dict[str, Any]) -> str:
    """The invariants page of the default game (King of Tokyo) from its proofs' results."""
    invariants = get(DEFAULT_GAME).part("invariants").INVARIANTS
    counts: dict[str, dict[str, int]] = results["counts"]
    transitions = {r["transition"] for r in results["results"]}
    kernel = {r["transition"] for r in results["results"] if r["kind"] == "kernel"}
    out = [
        "# King of Tokyo: invariants and proofs", "",
        "*Generated at build time from `kot-rules verify --json`; edit "
        "`kot_rules/games/king_of_tokyo/` (its invariants and Z3 model) or "
        "`kot_rules/verify/` (the proof loop), not this page.*", "",
        "Each invariant below is **proved** with the Z3 solver for the rule kernel "
        f"({len(kernel)} steps, set-up included) and for every distinct sentence of the "
        f"built-in cards ({len(transitions) - len(kernel)} sentences): it holds at set-up, "
        "and if it holds before a step it holds after it. The same invariants are "
        f"**tested**: {TESTED}. A Hypothesis test also runs random states and card "
        "sentences through the engine and the Z3 semantics and checks they agree, so the "
        "proofs are about the code that runs.", "",
        f"Result: **{'everything proved' if results['ok'] else 'NOT everything is proved'}** "
        f"({results['seconds']:.1f} s). How to read a failed proof: "
        "[Reading a counterexample](counterexamples.md).", "",
        "| Invariant | Statement | Proved (Z3) | Tested (Hypothesis) | Neither |",
        "|---|---|---|---|---|",
    ]
    for inv in invariants:
        c = counts.get(inv.id, {})
        proved = c.get("proved", 0)
        total = sum(c.values())
        status = (f"all {total} steps" if proved == total
                  else f"**{proved} of {total}** steps ({total - proved} not proved)")
        out.append(f"| `{inv.id}` | {inv.statement} | {status} | after every step | "
                   f"{inv.neither or '—'} |")
    out += ["", "## Reachability canaries", "",
            "If nothing could ever happen, every invariant would hold. These must be "
            "reachable from a legal state, and are:", ""]
    out += [f"- {'reachable' if c['reachable'] else '**unreachable**'}: {c['name']}"
            for c in results["canaries"]]
    failed = [r for r in results["results"] if r["status"] != "proved"]
    out += ["", "## Not proved", ""]
    if failed:
        out += [f"- `{r['invariant']}` for *{r['transition']}*: {r['status']} "
                f"{r['detail']}" for r in failed]
    else:
        out += ["Nothing: every invariant is proved for every step."]
    out += ["", "## What the proofs abstract", "",
            "- Seats are counted from the monster whose turn or card it is (the rules treat "
            "every seat alike); 2 to 6 seats at once, one query per step and invariant.",
            "- What cards add to a number (extra energy, extra healing, extra damage, "
            "damage prevented) is any amount: the kernel steps are proved for every "
            "combination of cards held.",
            "- Conditions on the dice or on the turn's history (*if they show every face*, "
            "*if you dealt no damage*) may hold or not: proved both ways.",
            "- Each kernel step assumes the phase it runs in (no yield question pending "
            "when the dice are resolved or a card is bought).", ""]
    return "\n".join(out)
