"""Line-aware YAML loading that refuses duplicate keys.

PyYAML (and ruamel's plain loaders) silently keep the last of duplicate keys, so we compose the
node tree ourselves, report *every* duplicate with its line, and keep each value's position so
that schema errors can name the line of the offending field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from generator.errors import Problem, display_path

Path_ = tuple  # a field path: tuple of str keys and int indexes


@dataclass
class Located:
    """A loaded YAML document with the (line, column) of every value, both 1-based.

    ``marks`` maps a field path such as ``("sections", 0, "items", 2)`` to its position;
    ``key_marks`` maps the same path to the position of its key (better for "unknown field").
    """

    file: str
    data: Any
    marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)

    def position(self, path: Path_, prefer_key: bool = False) -> tuple[int, int]:
        """Position of ``path`` or of its nearest located ancestor; (0, 0) when unknown."""
        path = tuple(path)
        while True:
            if prefer_key and path in self.key_marks:
                return self.key_marks[path]
            if path in self.marks:
                return self.marks[path]
            if not path:
                return (0, 0)
            path = path[:-1]

    def problem(self, path: Path_, message: str, hint: str = "", severity: str = "error",
                prefer_key: bool = False) -> Problem:
        """A `Problem` located at ``path`` in this file."""
        line, col = self.position(path, prefer_key=prefer_key)
        return Problem(self.file, line, col, dotted(path), message, hint, severity)


def dotted(path: Path_) -> str:
    """``("rows", 2, "wave")`` -> ``rows[2].wave``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + str(part)
    return text


def _yaml() -> YAML:
    y = YAML(typ="safe", pure=False)  # the C parser (ruamel.yaml.clib) when available: 5x faster
    return y


def load_text(text: str, file: str) -> tuple[Located | None, list[Problem]]:
    """Parse YAML ``text``; return the located document and every problem found.

    Duplicate keys are problems (all of them, with lines); syntax errors are a single problem.
    The document is None when it could not be parsed.
    """
    yaml = _yaml()
    try:
        node = yaml.compose(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        msg = (exc.problem or str(exc)).strip()
        return None, [Problem(file, line, col, "", f"YAML syntax error: {msg}",
                              "check indentation, colons and quotes near this line")]
    except YAMLError as exc:
        return None, [Problem(file, 0, 0, "", f"YAML error: {exc}", "fix the YAML syntax")]
    located = Located(file, None)
    problems: list[Problem] = []
    if node is None:
        located.data = None
        return located, problems
    constructor = yaml.constructor

    def build(n, path):
        located.marks[path] = (n.start_mark.line + 1, n.start_mark.column + 1)
        if isinstance(n, MappingNode):
            out: dict = {}
            seen: dict = {}
            for key_node, value_node in n.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    problems.append(Problem(file, key_node.start_mark.line + 1,
                                            key_node.start_mark.column + 1, dotted(path),
                                            "YAML merge keys (<<) are not supported",
                                            "write the fields out"))
                    continue
                key = build(key_node, path + ("<key>",))
                if isinstance(key, (list, dict)):
                    problems.append(Problem(file, key_node.start_mark.line + 1,
                                            key_node.start_mark.column + 1, dotted(path),
                                            "a mapping key must be a plain value", ""))
                    continue
                kpos = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
                if key in seen:
                    problems.append(Problem(
                        file, kpos[0], kpos[1], dotted(path + (key,)),
                        f"duplicate key '{key}' (first defined on line {seen[key]})",
                        "remove one of the two or rename it"))
                    continue
                seen[key] = kpos[0]
                located.key_marks[path + (key,)] = kpos
                out[key] = build(value_node, path + (key,))
            located.marks.pop(path + ("<key>",), None)
            return out
        if isinstance(n, SequenceNode):
            return [build(item, path + (i,)) for i, item in enumerate(n.value)]
        if isinstance(n, ScalarNode):
            return constructor.construct_object(n, deep=True)
        raise TypeError(f"unexpected YAML node {n!r}")

    try:
        located.data = build(node, ())
    except YAMLError as exc:
        return None, [Problem(file, 0, 0, "", f"YAML error: {exc}", "fix the YAML syntax")]
    return located, problems


def load_file(path: Path) -> tuple[Located | None, list[Problem]]:
    """Read and parse a YAML (or JSON, which is YAML) file; see `load_text`."""
    shown = display_path(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None, [Problem(shown, 0, 0, "", "file is not UTF-8 text", "save it as UTF-8")]
    except OSError as exc:
        return None, [Problem(shown, 0, 0, "", f"cannot read file: {exc.strerror}",
                              "check the path and permissions")]
    return load_text(text, shown)
