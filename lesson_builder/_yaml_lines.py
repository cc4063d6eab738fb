"""Load YAML into plain dicts and lists that remember their line numbers.

Every message about a quiz names the line of the field it is about, so the loader keeps,
for each mapping and list, its own line and the line of each key or item.
"""

from typing import Any

import yaml


class LocatedDict(dict):
    """A mapping from YAML; ``line`` is where it starts, ``lines[key]`` where each key is."""

    line: int = 0
    lines: dict

    def line_of(self, key: str) -> int:
        return self.lines.get(key, self.line)


class LocatedList(list):
    """A sequence from YAML; ``line`` is where it starts, ``lines[i]`` where each item is."""

    line: int = 0
    lines: list

    def line_of(self, index: int) -> int:
        return self.lines[index] if 0 <= index < len(self.lines) else self.line


class YamlProblem(Exception):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


class _LineLoader(yaml.SafeLoader):
    pass


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LocatedDict:
    loader.flatten_mapping(node)
    result = LocatedDict()
    result.line = node.start_mark.line + 1
    result.lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise YamlProblem(key_node.start_mark.line + 1,
                              f"key '{key}' appears twice in the same mapping "
                              f"(first at line {result.lines[key]})")
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LocatedList:
    result = LocatedList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.lines = [child.start_mark.line + 1 for child in node.value]
    return result


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_located_yaml(text: str) -> Any:
    """Parse ``text``; raise YamlProblem (with a 1-based line) when it is not valid YAML."""
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass
    except YamlProblem:
        raise
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 1
        what = error.problem or str(error)
        context = ""
        if error.context:
            started = error.context_mark.line + 1 if error.context_mark is not None else None
            context = f" ({error.context}" + (f" started at line {started})" if started and started != line else ")")
        raise YamlProblem(line, f"malformed YAML: {what}{context}") from None
    except yaml.YAMLError as error:
        raise YamlProblem(1, f"malformed YAML: {error}") from None
