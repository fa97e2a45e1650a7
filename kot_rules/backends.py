"""Where the seed ranges of a simulation are played when not by local worker processes:
Ray tasks, on a local Ray or on a cluster of machines (``kot-rules simulate --backend ray``).

Ray is an optional extra (``pip install 'kot-rules[ray]'``) and is imported only when a
run asks for it. The seed range is cut as :func:`kot_rules.simulation.split` cuts it for
worker processes and merged in seed order, so the summary is the one of a single process.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any, Protocol

from kot_rules.simulation import CHUNKS_PER_WORKER, GameSetup, M, split, workers

RAY_INSTALL = "pip install 'kot-rules[ray]'"
"""How to install Ray for kot-rules."""


class Backend(Protocol):
    """Plays ``work(setup, part, *extra)`` over contiguous parts of ``seeds`` somewhere and
    merges the results with ``+`` in seed order; ``on_game(n)`` gets the games done so far."""

    def run(
        self,
        work: Callable[..., M],
        setup: GameSetup,
        seeds: range,
        extra: Sequence[Any] = (),
        on_game: Callable[[int], None] | None = None,
    ) -> M: ...


class RayUnavailableError(ImportError):
    """Ray is not installed; the message gives the pip command."""


class ClusterError(RuntimeError):
    """Ray could not be started or reached, or one of its tasks failed; the message says
    which address or which seeds."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or :class:`RayUnavailableError` naming the extra to install."""
    try:
        return import_module("ray")
    except ImportError as exc:
        raise RayUnavailableError(
            f"the Ray backend needs the 'ray' module, which is not installed: {RAY_INSTALL}"
        ) from exc


def _call(work: Callable[..., Any], setup: GameSetup, part: range, *extra: Any) -> Any:
    # The body of every Ray task: a module-level function, so Ray ships it by name.
    return work(setup, part, *extra)


def _portable(setup: GameSetup) -> GameSetup:
    # A Ray worker need not start in this folder: card paths travel as absolute paths.
    return dataclasses.replace(
        setup,
        cards=None if setup.cards is None else setup.cards.resolve(),
        add_cards=None if setup.add_cards is None else setup.add_cards.resolve(),
    )


@dataclass(frozen=True)
class RayBackend:
    """Ray tasks, one per part of the seed range.

    If Ray is already initialised in this process (a notebook, a test) that Ray is used
    and left running; otherwise :meth:`run` starts a local Ray (``address`` ``None``) or
    connects to the cluster at ``address``, and shuts it down or disconnects at the end.
    """

    jobs: int | None = None
    """Workers the seed range is cut for; ``None`` or ``0``: every CPU of the Ray cluster.
    A local Ray started by :meth:`run` gets this many CPUs (``None``/``0``: all cores)."""
    address: str | None = None
    """A running cluster: ``auto``, ``HOST:PORT``, or ``ray://HOST:PORT`` (Ray Client);
    ``None``: a local Ray started for the run."""

    def run(
        self,
        work: Callable[..., M],
        setup: GameSetup,
        seeds: range,
        extra: Sequence[Any] = (),
        on_game: Callable[[int], None] | None = None,
    ) -> M:
        """Raises :class:`RayUnavailableError`, :class:`ClusterError`, and what ``work``
        raises as :class:`kot_rules.simulation.SimulationError`."""
        with self.session() as ray:
            count = self.jobs or int(ray.cluster_resources().get("CPU", 1))
            parts = split(seeds, max(1, count) * CHUNKS_PER_WORKER)
            return _gather(ray, work, _portable(setup), parts, extra, on_game)

    @contextlib.contextmanager
    def session(self) -> Iterator[ModuleType]:
        """The ``ray`` module, initialised for the block: the Ray already running in this
        process, else one started or connected to (as the class says) and let go at the
        end. Raises :class:`RayUnavailableError` and :class:`ClusterError`."""
        ray = import_ray()
        if ray.is_initialized():
            yield ray
            return
        self._start(ray)
        try:
            yield ray
        finally:
            ray.shutdown()

    def _start(self, ray: ModuleType) -> None:
        # Ray reports usage statistics over the network unless told not to; a user who
        # wants them sets the variable themselves.
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
        try:
            if self.address is None:
                ray.init(address="local", num_cpus=workers(self.jobs or 0),
                         include_dashboard=False, **quiet)
            elif self.address.startswith("ray://"):
                ray.init(address=self.address)  # Ray Client takes no driver options
            else:
                ray.init(address=self.address, **quiet)
        except (OSError, RuntimeError, ValueError) as exc:
            where = "start a local Ray" if self.address is None else (
                f"connect to the Ray cluster at {self.address!r}")
            raise ClusterError(f"could not {where}: {exc}") from None


def _gather(
    ray: ModuleType,
    work: Callable[..., M],
    setup: GameSetup,
    parts: list[range],
    extra: Sequence[Any],
    on_game: Callable[[int], None] | None,
) -> M:
    task = ray.remote(num_cpus=1)(_call)
    refs = [task.remote(work, setup, part, *extra) for part in parts]
    part_of = dict(zip(refs, parts, strict=True))
    pending: list[Any] = list(refs)
    try:
        done = 0
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                _result(ray, ref, part_of[ref])  # a task's error shows at once
                done += len(part_of[ref])
                if on_game is not None:
                    on_game(done)
        results: list[M] = [_result(ray, ref, part_of[ref]) for ref in refs]  # seed order
    except BaseException:
        # Only the tasks still running: cancelling one that has finished (the failed one
        # among them) can abort the driver inside Ray ("Tried to complete task that was
        # not pending", ray 2.60), taking the whole process down.
        for ref in pending:
            with contextlib.suppress(Exception):  # finished meanwhile, or Ray is gone
                ray.cancel(ref, force=True)
        raise
    merged = results[0]
    for result in results[1:]:
        merged = merged + result
    return merged


def _result(ray: ModuleType, ref: Any, part: range) -> Any:
    """The result of the task of seeds ``part``; its game's error as raised in one process,
    any other failure as :class:`ClusterError`."""
    from kot_rules.simulation import SimulationError

    exceptions = ray.exceptions
    try:
        return ray.get(ref)
    except exceptions.RayTaskError as exc:
        cause = exc.cause
        if isinstance(cause, SimulationError):
            raise SimulationError(str(cause)) from None
        raise ClusterError(
            f"the Ray task of seeds {part.start}..{part.stop - 1} failed: "
            f"{type(cause).__name__}: {cause}"
        ) from None
    except exceptions.RayError as exc:
        raise ClusterError(
            f"the Ray task of seeds {part.start}..{part.stop - 1} was lost: "
            f"{type(exc).__name__}: {exc}"
        ) from None
