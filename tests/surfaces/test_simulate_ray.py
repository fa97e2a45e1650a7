"""``--backend ray``: the seed ranges of ``simulate`` and ``balance`` played as Ray tasks
give the summary of one process; without Ray the option is a clear usage error.

One local Ray with 2 CPUs serves the whole module (starting one takes seconds); the
command finds it running and uses it.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from kot_rules import backends, simulation
from kot_rules.backends import ClusterError, RayBackend, RayUnavailableError
from kot_rules.games import DEFAULT_GAME
from kot_rules.simulation import TIMING_KEYS, GameSetup, SimulationError, play_setup
from kot_rules.surfaces.cli import main

GAMES = 400


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key not in TIMING_KEYS}


@pytest.fixture(scope="module")
def local_ray() -> Iterator[ModuleType]:
    """A local Ray with 2 CPUs, started the way the command starts one."""
    with RayBackend(jobs=2).session() as ray:
        yield ray
    assert not ray.is_initialized()


class TestRayGivesTheSummaryOfOneProcess:
    def test_simulate(self, local_ray: ModuleType) -> None:
        setup = GameSetup(DEFAULT_GAME, 4)
        game = setup.build()
        one = simulation.simulate(game, GAMES, 1)
        seen: list[int] = []
        on_ray = simulation.simulate(game, GAMES, 1, seen.append, setup=setup,
                                     backend=RayBackend())
        assert untimed(on_ray) == untimed(one)
        assert local_ray.cluster_resources()["CPU"] == 2
        assert seen[-1] == GAMES and seen == sorted(seen)  # progress as the tasks finish

    def test_the_command_with_json(
        self, local_ray: ModuleType, capsys: pytest.CaptureFixture[str]
    ) -> None:
        argv = ("simulate", "--players", "3", "--games", "120", "--seed", "7")
        one = run_json(capsys, *argv, "--jobs", "1")
        on_ray = run_json(capsys, *argv, "--backend", "ray")
        assert untimed(on_ray) == untimed(one)

    def test_balance(self, local_ray: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
        argv = ("balance", "Extra Head", "Energize", "--games", "40", "--seed", "4",
                "--players", "5")
        one = run_json(capsys, *argv)
        on_ray = run_json(capsys, *argv, "--backend", "ray", "--jobs", "2")
        assert untimed(on_ray) == untimed(one)

    def test_card_paths_relative_to_this_folder(
        self, local_ray: ModuleType, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    ) -> None:
        (tmp_path / "new.kot").write_text(
            'card "Ray Spark"\n  cost 3, discard\n  Gain 2 energy.\n', encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        argv = ("simulate", "--games", "16", "--seed", "3", "--add-cards", "new.kot")
        one = run_json(capsys, *argv)
        on_ray = run_json(capsys, *argv, "--backend", "ray")
        assert untimed(on_ray) == untimed(one)
        assert one["cards"] == 67


class TestErrorsInRayTasks:
    def test_a_game_error_is_the_error_of_one_process(self, local_ray: ModuleType) -> None:
        # A local function: Ray ships it by value, so the workers need not import the tests.
        def stuck(setup: GameSetup, part: range, agent: str) -> simulation.Tally:
            raise SimulationError(f"game with seed {part.start} did not end")

        with pytest.raises(SimulationError, match=r"^game with seed 5 did not end$"):
            RayBackend().run(stuck, GameSetup(DEFAULT_GAME, 2), range(5, 6), ("random",))

    def test_any_other_failure_names_the_seeds(self, local_ray: ModuleType) -> None:
        with pytest.raises(ClusterError, match=r"the Ray task of seeds 3\.\.3 failed: \w+"):
            RayBackend().run(play_setup, GameSetup(DEFAULT_GAME, 2), range(3, 4),
                             ("no-such-agent",))


class FakeRay(SimpleNamespace):
    """What :meth:`RayBackend.session` calls on the ``ray`` module, recorded."""

    def __init__(self) -> None:
        super().__init__(calls=[], running=False)

    def is_initialized(self) -> bool:
        return bool(self.running)

    def init(self, **kwargs: Any) -> None:
        self.calls.append(("init", kwargs))
        self.running = True

    def shutdown(self) -> None:
        self.calls.append(("shutdown", {}))
        self.running = False


class TestTheSessionStartsRayQuietly:
    @pytest.fixture
    def fake(self, monkeypatch: pytest.MonkeyPatch) -> FakeRay:
        fake = FakeRay()
        monkeypatch.setattr(backends, "import_ray", lambda: fake)
        monkeypatch.delenv("RAY_USAGE_STATS_ENABLED", raising=False)
        return fake

    def test_a_local_ray_with_jobs_cpus_no_dashboard_no_worker_logs(self, fake: FakeRay) -> None:
        with RayBackend(jobs=3).session():
            pass
        assert fake.calls == [
            ("init", {"address": "local", "num_cpus": 3, "include_dashboard": False,
                      "log_to_driver": False, "logging_level": logging.ERROR}),
            ("shutdown", {}),
        ]
        assert os.environ["RAY_USAGE_STATS_ENABLED"] == "0"

    def test_all_cores_without_jobs(self, fake: FakeRay) -> None:
        with RayBackend().session():
            pass
        assert fake.calls[0][1]["num_cpus"] == simulation.workers(0)

    def test_a_cluster_address_is_joined_and_left(self, fake: FakeRay) -> None:
        with RayBackend(address="auto").session():
            assert fake.running
        assert fake.calls == [
            ("init", {"address": "auto", "log_to_driver": False, "logging_level": logging.ERROR}),
            ("shutdown", {}),
        ]

    def test_a_running_ray_is_used_and_left_running(self, fake: FakeRay) -> None:
        fake.running = True
        with RayBackend(address="auto").session():
            pass
        assert fake.calls == [] and fake.running

    def test_an_unreachable_cluster_is_a_cluster_error(
        self, fake: FakeRay, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        def refuse(**kwargs: Any) -> None:
            raise ConnectionError("could not find any running Ray instance")

        monkeypatch.setattr(fake, "init", refuse)
        with (pytest.raises(ClusterError, match=r"connect to the Ray cluster at 'auto': could"),
              RayBackend(address="auto").session()):
            pass


class TestWithoutRay:
    @pytest.fixture(autouse=True)
    def no_ray(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError

    def test_the_library_names_the_extra(self) -> None:
        with pytest.raises(RayUnavailableError, match=r"pip install 'kot-rules\[ray\]'"):
            RayBackend().run(play_setup, GameSetup(DEFAULT_GAME, 2), range(1, 3))

    @pytest.mark.parametrize("command", [["simulate"], ["balance", "Energize"]])
    def test_the_command_is_a_usage_error_with_the_pip_command(
        self, capsys: pytest.CaptureFixture[str], command: list[str]
    ) -> None:
        code, out, err = run(capsys, *command, "--games", "2", "--backend", "ray")
        assert (code, out) == (2, "")
        assert err == ("kot-rules: error: --backend ray: the Ray backend needs the 'ray' "
                       "module, which is not installed: pip install 'kot-rules[ray]'\n")

    def test_with_json_the_error_is_one_object(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "simulate", "--games", "2", "--backend", "ray", "--json")
        body = json.loads(out)["error"]
        assert (code, body["code"], body["exit"]) == (2, "CLI001", 2)
        assert "pip install 'kot-rules[ray]'" in body["message"]


class TestAddressNeedsRay:
    def test_address_without_backend_ray_is_a_usage_error(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        code, _, err = run(capsys, "simulate", "--games", "2", "--address", "auto")
        assert code == 2
        assert "--address is the address of a Ray cluster: it needs --backend ray" in err

    def test_processes_stay_the_default(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "simulate", "--help")
        assert code == 0
        assert "default: processes" in " ".join(out.split())
