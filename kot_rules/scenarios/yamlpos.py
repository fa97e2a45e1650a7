"""YAML reading that remembers where each value was written (line and column)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

Path_ = tuple[str | int, ...]


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
    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


def load(text: str) -> Located:
    """Parse one YAML document into plain data with positions; raises :class:`YamlError`."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise YamlError(f"not valid YAML: {exc.problem or exc.context}", line, col) from None
    except yaml.YAMLError as exc:
        raise YamlError(f"not valid YAML: {exc}", 1, 1) from None
    except RecursionError:
        raise YamlError("not valid YAML: nested too deeply", 1, 1) from None
    marks: dict[Path_, tuple[int, int]] = {}
    key_marks: dict[Path_, tuple[int, int]] = {}
    if node is None:
        return Located(None, {(): (1, 1)}, {})
    try:
        data = _convert(node, (), marks, key_marks, 0)
    except RecursionError:
        raise YamlError("nested too deeply", 1, 1) from None
    return Located(data, marks, key_marks)


_MAX_DEPTH = 64


def _convert(
    node: yaml.Node,
    path: Path_,
    marks: dict[Path_, tuple[int, int]],
    key_marks: dict[Path_, tuple[int, int]],
    depth: int,
) -> Any:
    marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if depth > _MAX_DEPTH:
        raise YamlError("nested too deeply", *marks[path])
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                raise YamlError(
                    "a key must be a plain word",
                    knode.start_mark.line + 1,
                    knode.start_mark.column + 1,
                )
            k = knode.value
            if k in out:
                raise YamlError(
                    f"key {k!r} is written twice",
                    knode.start_mark.line + 1,
                    knode.start_mark.column + 1,
                )
            key_marks[(*path, k)] = (knode.start_mark.line + 1, knode.start_mark.column + 1)
            out[k] = _convert(vnode, (*path, k), marks, key_marks, depth + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [
            _convert(v, (*path, i), marks, key_marks, depth + 1) for i, v in enumerate(node.value)
        ]
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    except yaml.YAMLError as exc:
        raise YamlError(f"cannot read value: {exc}", *marks[path]) from None
    finally:
        loader.dispose()
