"""YAML reading that remembers where each value was written (line and column), bounded.

The document is built from the parser's events by a loop (no recursion), with limits on
what can make a small file expensive: anchors and aliases are refused (the "billion
laughs" shape expands 9 lines into 10^9 values), and the values, the nesting and the
length of each text and number are capped. The events come from libyaml when PyYAML
has it (about 50 times faster than the pure-Python parser), and stop at the first
value over a limit, so the cost of reading is bounded by the limits, not by the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

Path_ = tuple[str | int, ...]

MAX_VALUES = 10_000
"""Values (texts, numbers, lists, mappings) in one file; the largest scenario has ~500."""
MAX_DEPTH = 64
"""Lists and mappings inside one another; scenarios use at most 7."""
MAX_TEXT = 10_000
"""Characters in one text value; the longest in the scenarios has ~1,100."""
MAX_DIGITS = 15
"""Digits in one number; every count in the format is far below 10^15."""

_DEPTH_HINT = f"lists and mappings may be nested {MAX_DEPTH} deep at most"
_NUMBER_HINT = (f"numbers have at most {MAX_DIGITS} digits; every count in a scenario is "
                "far smaller")
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Located:
    """Plain data read from YAML, with the position of every value by its path."""

    data: Any
    marks: dict[Path_, tuple[int, int]]
    key_marks: dict[Path_, tuple[int, int]]

    def where(self, path: Path_) -> tuple[int, int]:
        """The (line, column) of ``path``, or of its nearest written ancestor."""
        p = path
        while p:
            if p in self.marks:
                return self.marks[p]
            p = p[:-1]
        return self.marks.get((), (1, 1))

    def key_where(self, path: Path_) -> tuple[int, int]:
        """The (line, column) of the key that names ``path`` (falls back to :meth:`where`)."""
        return self.key_marks.get(path) or self.where(path)


class YamlError(ValueError):
    """A problem at a line and column, with its scenario error code and a hint."""

    def __init__(
        self, message: str, line: int, column: int, code: str = "SCN001", hint: str = ""
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.code = code
        self.hint = hint


def _at(event: yaml.Event) -> tuple[int, int]:
    mark = event.start_mark
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


@dataclass
class _Open:
    """A list or mapping being filled: its data, its path, and the key awaiting a value."""

    data: dict[Any, Any] | list[Any]
    path: Path_
    key: str | None = None
    key_at: tuple[int, int] = (1, 1)


class _Builder:
    def __init__(self) -> None:
        self.marks: dict[Path_, tuple[int, int]] = {}
        self.key_marks: dict[Path_, tuple[int, int]] = {}
        self.stack: list[_Open] = []
        self.values = 0
        self.root: Any = None
        self.documents = 0
        self.scalars = yaml.SafeLoader("")

    def event(self, e: yaml.Event) -> None:
        if isinstance(e, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise YamlError(
                    "not valid YAML: expected a single document in the stream, but found "
                    "another document", *_at(e), hint="a scenario file holds one document: "
                    "remove the '---' line, or split the file")
        elif isinstance(e, yaml.AliasEvent):
            raise YamlError(
                f"an alias (*{e.anchor}) is not allowed in a scenario file", *_at(e), "SCN006",
                "write the value out in full: anchors and aliases are refused so that a "
                "small file cannot expand into a huge one")
        elif isinstance(e, (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            self.node(e)
        elif isinstance(e, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            done = self.stack.pop()
            self.place(done.data, done.path)

    def node(self, e: yaml.NodeEvent) -> None:
        at = _at(e)
        if e.anchor is not None:
            raise YamlError(
                f"an anchor (&{e.anchor}) is not allowed in a scenario file", *at, "SCN006",
                "write each value out in full: anchors and aliases are refused so that a "
                "small file cannot expand into a huge one")
        self.values += 1
        if self.values > MAX_VALUES:
            raise YamlError(
                f"more than {MAX_VALUES} values in one file", *at, "SCN007",
                "split the scenario into several files")
        parent = self.stack[-1] if self.stack else None
        if parent is not None and isinstance(parent.data, dict) and parent.key is None:
            self.key(parent, e, at)
            return
        path = self.child_path(parent)
        self.marks[path] = at
        if isinstance(e, yaml.ScalarEvent):
            self.place(self.scalar(e, at), path)
            return
        if len(self.stack) >= MAX_DEPTH:
            raise YamlError("nested too deeply", *at, "SCN001", _DEPTH_HINT)
        container: dict[Any, Any] | list[Any] = (
            {} if isinstance(e, yaml.MappingStartEvent) else []
        )
        self.stack.append(_Open(container, path))

    def key(self, parent: _Open, e: yaml.NodeEvent, at: tuple[int, int]) -> None:
        if not isinstance(e, yaml.ScalarEvent):
            raise YamlError("a key must be a plain word", *at, hint="write `name: value`")
        k = e.value
        assert isinstance(parent.data, dict)
        if k in parent.data:
            raise YamlError(f"key {k!r} is written twice", *at,
                            hint="keep one of the two lines")
        if len(k) > MAX_TEXT:
            raise YamlError(f"a key of {len(k)} characters", *at, "SCN007",
                            f"a key or text has at most {MAX_TEXT} characters")
        parent.key, parent.key_at = k, at

    def child_path(self, parent: _Open | None) -> Path_:
        if parent is None:
            return ()
        if isinstance(parent.data, list):
            return (*parent.path, len(parent.data))
        assert parent.key is not None
        path = (*parent.path, parent.key)
        self.key_marks[path] = parent.key_at
        return path

    def place(self, value: Any, path: Path_) -> None:
        if not self.stack:
            self.root = value
            return
        parent = self.stack[-1]
        if isinstance(parent.data, list):
            parent.data.append(value)
        else:
            parent.data[parent.key] = value
            parent.key = None

    def scalar(self, e: yaml.ScalarEvent, at: tuple[int, int]) -> Any:
        if len(e.value) > MAX_TEXT:
            raise YamlError(f"a text of {len(e.value)} characters", *at, "SCN007",
                            f"a text has at most {MAX_TEXT} characters")
        resolver: Any = self.scalars  # PyYAML's resolver has no type hints
        tag = e.tag if e.tag not in (None, "!") else resolver.resolve(
            yaml.ScalarNode, e.value, e.implicit)
        if tag == "tag:yaml.org,2002:int":
            digits = sum(c.isdigit() for c in e.value)
            if digits > MAX_DIGITS:
                raise YamlError(f"a number with {digits} digits", *at, "SCN007", _NUMBER_HINT)
        # No marks: errors are placed at `at`, and libyaml's marks are of another type.
        node = yaml.ScalarNode(tag, e.value, None, None, style=e.style)
        try:
            value = self.scalars.construct_object(node, deep=True)
            if isinstance(value, int) and abs(value) >= 10**MAX_DIGITS:  # 0x…, 0b…, 1:2:…
                raise YamlError(
                    f"a number of {len(e.value)} characters", *at, "SCN007", _NUMBER_HINT)
            return value
        except YamlError:
            raise
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            raise YamlError(f"cannot read value: {exc}", *at) from None
        finally:
            self.scalars.constructed_objects.clear()  # one node each: keep no cache


def load(text: str) -> Located:
    """Parse one YAML document into plain data with positions; raises :class:`YamlError`."""
    b = _Builder()
    try:
        for event in yaml.parse(text, Loader=_Loader):
            b.event(event)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = str(exc.problem or exc.context)
        if "nesting depth" in problem:  # libyaml's own cap (1000), met before ours in `[[[[`
            raise YamlError("nested too deeply", line, col, hint=_DEPTH_HINT) from None
        raise YamlError(f"not valid YAML: {problem}", line, col) from None
    except yaml.YAMLError as exc:
        raise YamlError(f"not valid YAML: {exc}", 1, 1) from None
    finally:
        b.scalars.dispose()
    if b.values == 0:
        return Located(None, {(): (1, 1)}, {})
    return Located(b.root, b.marks, b.key_marks)
