"""The mutation catalogue (`make mutate`, scripts/mutants/catalogue.yaml) stays usable: every
mutant's text still occurs exactly once in its file, and the runner kills a mutant it
should, in a copy of the tree, leaving the working tree untouched."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "mutate.py"


def _runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutate_runner", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


mutate = _runner()


class TestTheCatalogue:
    def test_every_find_text_occurs_exactly_once(self) -> None:
        # load() raises CatalogueError naming the mutant whose text rotted.
        mutants = mutate.load()
        for m in mutants:
            assert (ROOT / m.file).read_text(encoding="utf-8").count(m.find) == 1, m.id

    def test_enough_mutants_of_the_engine_and_of_the_z3_model(self) -> None:
        mutants = mutate.load()
        assert len(mutants) >= 40
        assert sum(m.target == "engine" for m in mutants) >= 25
        assert sum(m.target == "z3" for m in mutants) >= 12

    def test_ids_unique_and_each_described(self) -> None:
        mutants = mutate.load()
        ids = [m.id for m in mutants]
        assert len(ids) == len(set(ids))
        for m in mutants:
            assert m.description.strip() and "\n" not in m.description.strip(), m.id

    def test_the_three_known_wrong_models_are_in_it(self) -> None:
        ids = {m.id for m in mutate.load()}
        assert {"z3-ones-two-stars", "z3-tokyo-start-one-star", "z3-bay-untouched"} <= ids

    @pytest.mark.parametrize("game", [mutate.DUEL, mutate.KONY])
    def test_enough_mutants_of_duel_and_new_york(self, game: str) -> None:
        mine = [m for m in mutate.load() if m.game == game]
        assert len(mine) >= 20
        assert sum(m.target == "z3" for m in mine) >= 5

    def test_the_statue_taken_with_two_ouch_is_in_it(self) -> None:
        # It passed every New York scenario and engine test until a scenario held the rule.
        m = next(m for m in mutate.load() if m.id == "kony-statue-with-two-ouch")
        assert (m.game, m.file) == (mutate.KONY, "kot_rules/games/king_of_new_york/rules.py")
        assert "OUCH_CITY" in m.find and "OUCH_BOROUGH" in m.replace

    def test_each_mutant_names_a_game_its_file_belongs_to(self) -> None:
        own = {mutate.DUEL: ("duel", "tracks"), mutate.KONY: ("kony", "newyork", "city")}
        for m in mutate.load():
            stem = Path(m.file).stem
            for game, words in own.items():
                if any(stem.startswith(w) for w in words):
                    assert m.game == game, m.id


class TestACatalogueThatRotsFailsLoudly:
    @pytest.mark.parametrize("find", ["no such text anywhere", "import"])
    def test_a_find_text_not_found_exactly_once(self, tmp_path: Path, find: str) -> None:
        bad = tmp_path / "catalogue.yaml"
        bad.write_text(json.dumps({"mutants": [{
            "id": "x", "file": "kot_rules/engine/dice.py", "find": find, "replace": "y",
            "description": "d"}]}), encoding="utf-8")
        with pytest.raises(mutate.CatalogueError, match="not once"):
            mutate.load(bad)

    def test_a_duplicate_id_or_a_missing_description(self, tmp_path: Path) -> None:
        row = {"id": "x", "file": "kot_rules/engine/dice.py", "find": "def set_stars(",
               "replace": "def set_stars_(", "description": "d"}
        bad = tmp_path / "catalogue.yaml"
        bad.write_text(json.dumps({"mutants": [row, row]}), encoding="utf-8")
        with pytest.raises(mutate.CatalogueError, match="used twice"):
            mutate.load(bad)
        bad.write_text(json.dumps({"mutants": [{**row, "description": ""}]}), encoding="utf-8")
        with pytest.raises(mutate.CatalogueError, match="description"):
            mutate.load(bad)


def _report(*statuses: str, reachable: bool = True) -> str:
    """``verify --json``'s output, the results of the given statuses, a warning before it."""
    return "a warning first\n" + json.dumps({
        "ok": False, "results": [{"invariant": "INV-X", "transition": "t", "status": s,
                                  "detail": "why"} for s in statuses],
        "canaries": [{"name": "a win", "reachable": reachable, "seconds": 0.1}]})


class TestTheProofsStageJudgesTimeouts:
    """A proof that ran out of time (a busy machine) kills no mutant; a counterexample, an
    unsupported sentence or an unreachable canary does."""

    def test_a_counterexample_or_a_lost_canary_fails_it(self) -> None:
        for output in (_report("proved", "counterexample"), _report("unsupported"),
                       _report("proved", reachable=False)):
            assert mutate.proofs_failed(1, output).failed, output

    def test_timeouts_alone_pass_it_with_a_note(self) -> None:
        verdict = mutate.proofs_failed(1, _report("proved", "timeout", "timeout"))
        assert not verdict.failed
        assert verdict.note == "verify: 2 proofs timed out (inconclusive)"

    def test_a_run_that_broke_fails_it(self) -> None:
        assert mutate.proofs_failed(1, "Traceback (most recent call last):\n...").failed
        assert not mutate.proofs_failed(0, "").failed


class TestTheRunnerKillsAMutant:
    def test_one_cheap_mutant_end_to_end(self, tmp_path: Path) -> None:
        """Three 1s that score nothing: the conformance scenarios kill it, in a copy."""
        m = next(m for m in mutate.load() if m.id == "dice-set-needs-four")
        before = hashlib.sha256((ROOT / m.file).read_bytes()).hexdigest()
        out = tmp_path / "mutate.json"
        proc = subprocess.run(
            [sys.executable, str(SCRIPT), "--mutants", m.id, "--no-baseline",
             "--stages", "scenarios", "--json", str(out)],
            capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        result = json.loads(out.read_text(encoding="utf-8"))
        assert [(r["id"], r["outcome"], r["stage"]) for r in result["results"]] == [
            (m.id, "killed", "scenarios")]
        assert "killed 1 of 1 (100%)" in proc.stdout
        # The working tree was never mutated.
        assert hashlib.sha256((ROOT / m.file).read_bytes()).hexdigest() == before

    def test_a_new_york_mutant_is_killed_by_new_york_scenarios(self, tmp_path: Path) -> None:
        """Two Ouch! taking the Statue of Liberty: only New York's scenarios run, and one
        of them kills it."""
        out = tmp_path / "mutate.json"
        proc = subprocess.run(
            [sys.executable, str(SCRIPT), "--mutants", "kony-statue-with-two-ouch",
             "--no-baseline", "--stages", "scenarios", "--json", str(out)],
            capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        (result,) = json.loads(out.read_text(encoding="utf-8"))["results"]
        assert (result["game"], result["outcome"], result["stage"]) == (
            mutate.KONY, "killed", "scenarios")
        assert "spec/scenarios/king-of-new-york/" in result["detail"]
        assert "spec/scenarios/king-of-tokyo/" not in result["detail"]

    def test_stage_orders_cover_every_stage(self) -> None:
        names = {s.name for s in mutate.STAGES}
        for target, order in mutate.ORDER.items():
            assert set(order) == names and len(order) == len(names), target

    @pytest.mark.parametrize("game", mutate.GAMES)
    def test_each_game_is_checked_by_its_own_scenarios_and_proofs(self, game: str) -> None:
        by_name = {s.name: s for s in mutate.STAGES}
        scenarios = by_name["scenarios"].command(game)
        assert scenarios is not None
        assert scenarios[-1] == ("spec/scenarios" if game == mutate.KOT
                                 else f"spec/scenarios/{game}")
        verify = by_name["verify"].command(game)
        assert verify is not None and ("--game", game) == verify[verify.index("--game"):][:2]
        for name in ("z3-diff", "engine"):
            assert by_name[name].command(game) is not None, name
        # New York has no stored game records; the others have theirs.
        assert (by_name["records"].command(game) is None) == (game == mutate.KONY)
        names = [s.name for s in mutate.pipeline("engine", game, mutate.STAGES)]
        assert names == [n for n in mutate.ORDER["engine"]
                         if n != "records" or game != mutate.KONY]
