"""Load YAML into plain dicts and lists that remember their line numbers, and the text of
their unquoted values.

Every message about a quiz names the line of the field it is about, so the loader keeps,
for each mapping and list, its own line and the line of each key or item. YAML 1.1 (PyYAML)
reads an unquoted `1:30` as the number 90, `010` as 8, `yes` as true and `2024-01-01` as a
date: a field that is text takes the text as written instead (`texts`, `keep_source_text`),
and keys are always the text as written (`no:` is Norwegian, not false).
"""

import collections
import copy
from typing import Any, Optional

import yaml


class LocatedDict(dict):
    """A mapping from YAML; ``line`` is where it starts, ``lines[key]`` where each key is,
    ``texts[key]`` the text of an unquoted scalar value as written."""

    line: int = 0
    lines: dict
    texts: dict

    def line_of(self, key: str) -> int:
        return self.lines.get(key, self.line)


class LocatedList(list):
    """A sequence from YAML; ``line`` is where it starts, ``lines[i]`` where each item is,
    ``texts[i]`` the text of an unquoted scalar item as written."""

    line: int = 0
    lines: list
    texts: dict

    def line_of(self, index: int) -> int:
        return self.lines[index] if 0 <= index < len(self.lines) else self.line


def as_text(value: Any, written: Optional[str]) -> Any:
    """A scalar YAML read as something else than text (a number, a boolean, a date, null),
    as its text as written; anything else as it is."""
    if written is not None and not isinstance(value, (str, list, dict)):
        return written
    return value


def keep_source_text(mapping: Any, names) -> None:
    """The fields ``names`` of a mapping from YAML, when given unquoted, as written."""
    texts = getattr(mapping, "texts", None)
    if texts is None:
        return
    for name in names:
        if name in mapping:
            mapping[name] = as_text(mapping[name], texts.get(name))


class YamlProblem(Exception):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


class _LineLoader(yaml.SafeLoader):
    pass


def _written(node: yaml.Node) -> Optional[str]:
    """The text of an unquoted scalar as written, else None."""
    return node.value if isinstance(node, yaml.ScalarNode) and node.style is None else None


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LocatedDict:
    loader.flatten_mapping(node)
    result = LocatedDict()
    result.line = node.start_mark.line + 1
    result.lines = {}
    result.texts = {}
    for key_node, value_node in node.value:
        key = _written(key_node)
        if key is None:
            key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise YamlProblem(key_node.start_mark.line + 1, "a key must be a plain name, not a list or a mapping")
        if key in result:
            raise YamlProblem(key_node.start_mark.line + 1,
                              f"key '{key}' appears twice in the same mapping "
                              f"(first at line {result.lines[key]})")
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = key_node.start_mark.line + 1
        written = _written(value_node)
        if written is not None:
            result.texts[key] = written
    return result


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LocatedList:
    result = LocatedList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.lines = [child.start_mark.line + 1 for child in node.value]
    result.texts = {index: _written(child) for index, child in enumerate(node.value) if _written(child) is not None}
    return result


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


# Parsed files by their text, for the process: `mkdocs serve` rebuilds read every quiz file
# again, and YAML parsing in Python is the slowest part of reading a course. Each caller gets
# its own copy (callers may change what they get).
_PARSED: "collections.OrderedDict[str, Any]" = collections.OrderedDict()
_PARSED_LIMIT = 512


def load_located_yaml(text: str) -> Any:
    """Parse ``text``; raise YamlProblem (with a 1-based line) when it is not valid YAML."""
    if text in _PARSED:
        _PARSED.move_to_end(text)
        return copy.deepcopy(_PARSED[text])
    parsed = _load(text)
    _PARSED[text] = copy.deepcopy(parsed)
    if len(_PARSED) > _PARSED_LIMIT:
        _PARSED.popitem(last=False)
    return parsed


def _load(text: str) -> Any:
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass
    except YamlProblem:
        raise
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 1
        what = error.problem or str(error)
        if "'\\t'" in what:
            raise YamlProblem(line, "malformed YAML: a tab where YAML wants spaces (YAML is indented with "
                                    "spaces only)") from None
        said = _in_plain_words(error, text, line)
        if said:
            raise YamlProblem(line, f"malformed YAML: {said}") from None
        context = ""
        if error.context:
            started = error.context_mark.line + 1 if error.context_mark is not None else None
            context = f" ({error.context}" + (f" started at line {started})" if started and started != line else ")")
        raise YamlProblem(line, f"malformed YAML: {what}{context}") from None
    except yaml.YAMLError as error:
        raise YamlProblem(1, f"malformed YAML: {error}") from None


def _in_plain_words(error: "yaml.MarkedYAMLError", text: str, line: int) -> str:
    """What the parser's words mean, for the two slips an author makes most, or "": a line
    indented to no level of the lines above (PyYAML: "expected <block end>, but found
    '<block mapping start>'"), and a key indented under another key's value, or a text with
    ': ' in it ("mapping values are not allowed here")."""
    problem = error.problem or ""
    lines = text.split("\n")
    if problem.startswith("expected <block end>, but found") and 0 < line <= len(lines):
        return _misplaced(lines, line)
    if problem == "mapping values are not allowed here":
        return ("a key where YAML cannot take one: either this line is indented deeper than the key above it "
                "(indent it like that key), or a text on it holds ': ' (put the text in quotes, or write it "
                "as a block after |)")
    return ""


def _misplaced(lines: list[str], line: int) -> str:
    """Why line ``line`` fits none of the blocks above it, from the indentation of the lines."""
    row = lines[line - 1]
    here = _indent(row)
    spaces = f"{here} space{'' if here == 1 else 's'}"
    is_item = row[here:here + 2] == "- "
    above = [(number, text) for number, text in enumerate(lines[:line - 1], start=1)
             if text.strip() and not text.strip().startswith("#") and _indent(text) == here]
    if above:
        number, text = above[-1]
        if text[here:here + 2] == "- " and not is_item:  # a key written at its list item's dash
            inside = here + 2 + _indent(text[here + 2:])
            return (f"line {line} is indented {spaces}, like the '- ' of the list item at line {number}, but it is "
                    f"no list item: indent it {inside} spaces to belong to that item, or start it with '- '")
        if is_item and text[here:here + 2] != "- ":
            return (f"line {line} starts a list item among the keys of line {number}: indent the list deeper than "
                    f"the key it belongs to (a key ending in ':'), or drop the '- '")
    levels = sorted(_indent_levels(lines[:line - 1]))
    if here not in levels:
        return (f"line {line} is indented {spaces}, a level none of the lines above it has (they use "
                f"{', '.join(str(level) for level in levels)}): indent it like the key or list item it belongs with")
    return f"line {line} does not fit the block above it: indent it like the key or list item it belongs with"


def _indent(row: str) -> int:
    return len(row) - len(row.lstrip(" "))


def _indent_levels(rows: list[str]) -> set[int]:
    """The columns keys and list items start at in ``rows`` (after a `- `, too)."""
    levels = set()
    for row in rows:
        stripped = row.strip()
        if not stripped or stripped.startswith("#"):
            continue
        column = _indent(row)
        levels.add(column)
        while row[column:column + 2] == "- ":
            column += 2 + _indent(row[column + 2:])
            levels.add(column)
    return levels
