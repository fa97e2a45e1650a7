"""An engine under test as a child process: one JSON line out, one JSON line back, each
answer within a time limit.

The engine's stdout is read by a thread into a queue, so a silent engine costs the time
limit and no more; its stderr is drained by another thread (the last lines are kept for
the report), so an engine that logs a lot never blocks on a full pipe.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import threading
from collections import deque
from collections.abc import Sequence
from typing import IO, Any

from kot_rules.conform.protocol import (
    MAX_LINE,
    Answer,
    Hello,
    ProtocolError,
    decode,
    encode,
    read_answer,
)

STDERR_LINES = 8
"""How many of the engine's last stderr lines an engine error quotes."""

START_TIMEOUT = 30.0
"""Seconds an engine may take to say hello when the time limit of an answer is shorter:
starting may load what answering does not."""


class EngineFailure(Exception):
    """The engine crashed, did not answer in time, or answered outside the protocol."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        """``crash``, ``timeout`` or ``bad-answer``."""
        self.message = message


class Engine:
    """One run of the engine command ``argv`` (no shell)."""

    def __init__(self, argv: Sequence[str], timeout: float) -> None:
        self.argv = list(argv)
        self.timeout = timeout
        self.hello: Hello | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._next_id = 1

    def start(self) -> Hello:
        """Start the process and read its hello."""
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, start_new_session=os.name == "posix",
            )
        except OSError as exc:
            raise EngineFailure("crash", f"cannot start {self.argv[0]!r}: {exc}") from None
        assert self._proc.stdout is not None and self._proc.stderr is not None
        threading.Thread(target=self._read, args=(self._proc.stdout,), daemon=True).start()
        threading.Thread(target=self._drain, args=(self._proc.stderr,), daemon=True).start()
        try:
            self.hello = Hello.from_json(self._line("hello", max(self.timeout, START_TIMEOUT)))
        except ProtocolError as exc:
            raise EngineFailure("bad-answer", str(exc)) from None
        return self.hello

    def request(self, op: str, **fields: Any) -> Answer:
        """Send one request and read its answer."""
        request_id = self._next_id
        self._next_id += 1
        self._send({"id": request_id, "op": op, **fields})
        data = self._line(op)
        try:
            return read_answer(data, request_id, op)
        except ProtocolError as exc:
            raise EngineFailure("bad-answer", str(exc)) from None

    def close(self) -> None:
        """Ask the engine to quit; stop it if it does not within a second."""
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        if proc.poll() is None:
            with contextlib.suppress(OSError, ValueError):
                assert proc.stdin is not None
                proc.stdin.write(encode({"id": self._next_id, "op": "quit"}))
                proc.stdin.close()
            try:
                proc.wait(timeout=min(1.0, self.timeout))
            except subprocess.TimeoutExpired:
                self.kill(proc)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()

    def kill(self, proc: subprocess.Popen[bytes] | None = None) -> None:
        """Stop the engine at once (its process group on POSIX: what it started too)."""
        proc = proc or self._proc
        if proc is None:
            return
        if proc.poll() is None:
            with contextlib.suppress(OSError):
                if os.name == "posix":
                    os.killpg(proc.pid, signal.SIGKILL)
                else:  # pragma: no cover - Windows
                    proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=5)
        if proc is self._proc:
            self.close()

    def stderr_tail(self) -> str:
        return " | ".join(self._stderr)

    # -- the pipes ----------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None:
            raise EngineFailure("crash", "the engine is not running")
        try:
            proc.stdin.write(encode(message))
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineFailure("crash", self._exited()) from None

    def _line(self, op: str, timeout: float | None = None) -> dict[str, Any]:
        limit = self.timeout if timeout is None else timeout
        try:
            line = self._lines.get(timeout=limit)
        except queue.Empty:
            raise EngineFailure("timeout", f"no answer to {op} within {limit:g} s") from None
        if line is None:
            raise EngineFailure("crash", self._exited())
        if not line.endswith(b"\n") and len(line) >= MAX_LINE:
            raise EngineFailure("bad-answer", f"a line longer than {MAX_LINE} bytes")
        try:
            return decode(line)
        except ProtocolError as exc:
            raise EngineFailure("bad-answer", f"answer to {op}: {exc}") from None

    def _exited(self) -> str:
        proc = self._proc
        status = None
        if proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = proc.wait(timeout=1)
        tail = self.stderr_tail()
        return (f"the engine exited (status {status})" if status is not None
                else "the engine closed its output") + (f"; stderr: {tail}" if tail else "")

    def _read(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while True:
                line = stream.readline(MAX_LINE)
                if not line:
                    break
                self._lines.put(line)
        self._lines.put(None)

    def _drain(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            for line in stream:
                self._stderr.append(line.decode("utf-8", errors="replace").rstrip())
