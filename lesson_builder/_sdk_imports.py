"""Lesson code with the course's stand-in (``fake_client``) swapped for the official SDKs:
which lines change and into what, for one piece of code (a snippet or a snippet it
continues).

The rewrite is a map from a line of code (without its indentation) to what it becomes, so
that the page can apply the same map to the learner's edited code (ARCHITECTURE.md, "Take
the code home"). What it rewrites:

- ``from fake_client import Anthropic`` → ``from anthropic import Anthropic``; ``OpenAI`` →
  ``from openai import OpenAI``; types and errors to where the SDK keeps them (errors and
  ``Stream``, which both SDKs have, from the SDK the program uses);
- ``import fake_client as openai`` / ``as anthropic`` → ``import openai`` / ``import anthropic``;
- ``import fake_client`` with ``fake_client.<name>`` → the SDK's module and name;
- ``recording()`` (fake_client's record of every call) → a helper of the same name that the
  program defines for the real SDK (``_recording_helper``).

Anything else that only the stand-in has is a problem at its line: the program would still
need ``fake_client``.
"""

import ast
from dataclasses import dataclass, field
from typing import Optional

FAKE = "fake_client"
ANTHROPIC, OPENAI = "anthropic", "openai"
RECORDING = "recording"  # the one fake-only helper with a stand-in in the program
FAULTS = "faults"  # fake_client.faults: a call of it becomes a comment (the real SDK has no fault queue: the real API fails only when it fails)

# A name of fake_client → (module it comes from in the real SDK, or None: the program's SDK).
REAL_HOME: dict[str, Optional[str]] = {
    "Anthropic": ANTHROPIC,
    "OpenAI": OPENAI,
    "AsyncAnthropic": ANTHROPIC,
    "AsyncOpenAI": OPENAI,
    "OverloadedError": ANTHROPIC,  # OpenAI's SDK has none (its 503 is an InternalServerError)
    **{name: "anthropic.types" for name in (
        "Message", "TextBlock", "ToolUseBlock", "ThinkingBlock", "Usage", "ContentBlock", "MessageTokensCount",
        "ParsedMessage", "RawMessageStartEvent", "RawContentBlockStartEvent", "RawContentBlockDeltaEvent",
        "RawContentBlockStopEvent", "RawMessageDeltaEvent", "RawMessageStopEvent", "TextDelta", "InputJSONDelta",
        "ThinkingDelta", "SignatureDelta")},
    "MessageStream": "anthropic.lib.streaming",
    **{name: "openai.types.chat" for name in (
        "ChatCompletion", "ChatCompletionMessage", "ChatCompletionMessageToolCall", "ChatCompletionChunk",
        "ParsedChatCompletion")},
    "Choice": "openai.types.chat.chat_completion",
    "CompletionUsage": "openai.types",
    **{name: None for name in (
        "APIError", "APIStatusError", "BadRequestError", "AuthenticationError", "PermissionDeniedError",
        "NotFoundError", "ConflictError", "UnprocessableEntityError", "RateLimitError", "InternalServerError",
        "APIConnectionError", "APITimeoutError", "Stream", "AsyncStream")},
}


@dataclass
class Rewrite:
    """What one piece of code needs and becomes."""

    lines: dict[str, str] = field(default_factory=dict)  # stripped line → replacement ("" drops it)
    sdks: set[str] = field(default_factory=set)  # "anthropic", "openai": the SDKs it uses
    recording: bool = False  # uses fake_client's recording()
    problems: list[tuple[int, str]] = field(default_factory=list)  # (1-based line, message)


def sdks_used(code: str) -> set[str]:
    """The SDKs a piece of code stands in for (first pass: before any name can be resolved)."""
    tree = _parse(code)
    found: set[str] = set()
    for node in ast.walk(tree) if tree else ():
        if isinstance(node, ast.ImportFrom) and node.module == FAKE:
            found |= {REAL_HOME[a.name].split(".")[0] for a in node.names if REAL_HOME.get(a.name)}
        elif isinstance(node, ast.Import):
            found |= {a.asname for a in node.names if a.name == FAKE and a.asname in (ANTHROPIC, OPENAI)}
        elif _is_fake_attribute(node, {FAKE}) and REAL_HOME.get(node.attr):
            found.add(REAL_HOME[node.attr].split(".")[0])
    return found


def rewrite(code: str, program_sdks: set[str]) -> Optional[Rewrite]:
    """The line map of ``code`` for a program that uses ``program_sdks``; None when the code
    does not parse (a snippet that shows a SyntaxError is no program to take home)."""
    tree = _parse(code)
    if tree is None:
        return None
    result = Rewrite(sdks=sdks_used(code))
    lines = code.split("\n")
    plain_modules = {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for a in node.names if a.name == FAKE and a.asname is None}
    sdk_modules = {a.asname for node in ast.walk(tree) if isinstance(node, ast.Import)
                   for a in node.names if a.name == FAKE and a.asname in (ANTHROPIC, OPENAI)}
    edits: dict[int, list[tuple[int, int, str]]] = {}  # 0-based line → (start, end, text) spans
    handled: set[int] = set()  # ids of nodes already rewritten
    imports_for_plain: set[str] = set()
    _comment_out_faults(tree, lines, plain_modules | sdk_modules, edits, handled, result)

    for node in ast.walk(tree):
        if id(node) in handled:
            continue
        if _is_fake_attribute(node, plain_modules | sdk_modules):
            handled.add(id(node.value))
            replacement = _attribute(node, node.value.id in sdk_modules, program_sdks, result)
            if replacement is None:
                continue
            if replacement.split(".")[0] in (ANTHROPIC, OPENAI) and node.value.id in plain_modules:
                imports_for_plain.add(replacement.split(".")[0])
            if node.lineno != node.end_lineno:
                result.problems.append((node.lineno, f"write {FAKE}.{node.attr} on one line"))
                continue
            start, end = _columns(lines[node.lineno - 1], node.col_offset, node.end_col_offset)
            edits.setdefault(node.lineno - 1, []).append((start, end, replacement))

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == FAKE:
            _statement(node, lines, _from_import(node, program_sdks, result), edits, result)
        elif isinstance(node, ast.Import) and any(a.name.split(".")[0] == FAKE for a in node.names):
            _statement(node, lines, _import(node, imports_for_plain, result), edits, result)
        elif isinstance(node, ast.Name) and node.id == FAKE and id(node) not in handled:
            result.problems.append((node.lineno, f"'{FAKE}' is used here as a whole; only the course has it: "
                                                 "use its names (Anthropic, OpenAI, recording) instead"))

    for index, spans in edits.items():
        original = lines[index]
        if spans and spans[0][0] == -1:  # a whole statement
            new = spans[0][2]
        else:
            new = original
            for start, end, text in sorted(spans, reverse=True):
                new = new[:start] + text + new[end:]
        indent = original[:len(original) - len(original.lstrip())]
        result.lines[original.strip()] = "\n".join(line[len(indent):] if line.startswith(indent) else line
                                                   for line in new.split("\n")) if new else ""
    return result


def apply_lines(code: str, lines: dict[str, str]) -> str:
    """``code`` with each line found in ``lines`` (compared without indentation) replaced,
    keeping its indentation; an empty replacement drops the line. The page's
    ``frontend/shared/program-export.js`` applies the same rule to the learner's code."""
    out: list[str] = []
    for line in code.split("\n"):
        key = line.strip()
        if not key or key not in lines:
            out.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())]
        out.extend(indent + part for part in lines[key].split("\n") if lines[key])
    return "\n".join(out)


def remaining_uses(code: str) -> list[tuple[int, str]]:
    """(line, what) of every import of fake_client or use of its name left in ``code``."""
    tree = _parse(code)
    found = []
    for node in ast.walk(tree) if tree else ():
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == FAKE for a in node.names):
            found.append((node.lineno, f"import {FAKE}"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == FAKE:
            found.append((node.lineno, f"from {node.module} import"))
        elif isinstance(node, ast.Name) and node.id == FAKE:
            found.append((node.lineno, FAKE))
    return found


def _parse(code: str) -> Optional[ast.Module]:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError):
        return None


def _is_fake_attribute(node, modules: set[str]) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules


def _attribute(node: ast.Attribute, in_sdk_module: bool, program_sdks: set[str], result: Rewrite) -> Optional[str]:
    """What ``<module>.<name>`` becomes, or None (unchanged, or a problem reported)."""
    name = node.attr
    if name == RECORDING:
        result.recording = True
        return RECORDING
    if in_sdk_module:  # `import fake_client as openai`: openai.OpenAI is already the real name
        return None
    home = _home(name, program_sdks, node.lineno, result)
    return f"{home}.{name}" if home else None


def _home(name: str, program_sdks: set[str], line: int, result: Rewrite) -> Optional[str]:
    if name not in REAL_HOME:
        result.problems.append((line, f"'{name}' exists only in {FAKE}, not in the real SDKs: the exported "
                                      f"program could not run (take it out of this snippet, or give it a "
                                      f"stand-in in lesson_builder/_sdk_imports.py)"))
        return None
    home = REAL_HOME[name]
    if home is not None:
        return home
    if len(program_sdks) == 1:
        return next(iter(program_sdks))
    result.problems.append((line, f"'{name}' is in both SDKs and this program uses "
                                  f"{'both' if program_sdks else 'neither'}: write anthropic.{name} or "
                                  f"openai.{name} (after `import fake_client as anthropic` / `as openai`)"))
    return None


def _from_import(node: ast.ImportFrom, program_sdks: set[str], result: Rewrite) -> Optional[list[str]]:
    if node.module != FAKE or node.level:
        result.problems.append((node.lineno, f"'{node.module}' is a part of the course's stand-in only; "
                                             f"import from {FAKE} itself"))
        return None
    statements: dict[str, list[str]] = {}
    extra: list[str] = []
    for alias in node.names:
        if alias.name == FAULTS:  # its calls are comments in the program (`_comment_out_faults`)
            continue
        if alias.name == RECORDING:
            result.recording = True
            if alias.asname and alias.asname != RECORDING:
                extra.append(f"{alias.asname} = {RECORDING}")
            continue
        home = _home(alias.name, program_sdks, node.lineno, result)
        if home is None:
            return None
        statements.setdefault(home, []).append(alias.name + (f" as {alias.asname}" if alias.asname else ""))
    return [f"from {home} import {', '.join(names)}" for home, names in statements.items()] + extra


def _import(node: ast.Import, imports_for_plain: set[str], result: Rewrite) -> Optional[list[str]]:
    kept: list[str] = []
    for alias in node.names:
        if alias.name.split(".")[0] != FAKE:
            kept.append(f"import {alias.name}" + (f" as {alias.asname}" if alias.asname else ""))
        elif alias.name != FAKE:
            result.problems.append((node.lineno, f"'{alias.name}' is a part of the course's stand-in only"))
            return None
        elif alias.asname in (ANTHROPIC, OPENAI):
            kept.append(f"import {alias.asname}")
        elif alias.asname:
            result.problems.append((node.lineno, f"`import {FAKE} as {alias.asname}`: name it after the SDK it "
                                                 f"stands for (`as anthropic` or `as openai`), so that the "
                                                 f"program can import the real one"))
            return None
        else:
            kept.extend(f"import {sdk}" for sdk in sorted(imports_for_plain))
    return kept


def _comment_out_faults(tree: ast.Module, lines: list[str], modules: set[str], edits: dict, handled: set[int],
                        result: Rewrite) -> None:
    """A statement that calls ``fake_client.faults`` (``fake_client.faults.next("rate_limit")``,
    or ``faults.clear()`` after ``from fake_client import faults``) is the course's way to make
    the next calls fail; the real SDKs have no fault queue to call (a real API fails only when
    it fails), so in the program it is a comment."""
    names = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             and node.module == FAKE for alias in node.names if alias.name == FAULTS}
    commented: list[ast.stmt] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
            continue
        target = node.value.func
        while isinstance(target, ast.Attribute) and not (
                target.attr == FAULTS and isinstance(target.value, ast.Name) and target.value.id in modules):
            target = target.value
        via_module = isinstance(target, ast.Attribute)
        if not via_module and not (isinstance(target, ast.Name) and target.id in names):
            continue
        handled.add(id(target))
        if via_module:
            handled.add(id(target.value))
        if node.lineno != node.end_lineno:
            result.problems.append((node.lineno, f"write the {FAKE}.{FAULTS} call on one line"))
            continue
        line = lines[node.lineno - 1]
        indent = line[:len(line) - len(line.lstrip())]
        edits[node.lineno - 1] = [(-1, -1, f"{indent}# {line.strip()}")]
        commented.append(node)
    _keep_blocks_whole(tree, commented, lines, edits)


def _keep_blocks_whole(tree: ast.Module, commented: list[ast.stmt], lines: list[str], edits: dict) -> None:
    """A block whose every statement became a comment (``if fault: faults.next(fault)``) would
    leave its ``if`` or ``for`` with no body: its first line becomes ``pass`` with the comment."""
    gone = {id(node) for node in commented}
    for parent in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if isinstance(parent, ast.Module) or not isinstance(block, list) or not block:
                continue
            if all(id(statement) in gone for statement in block):
                first = block[0].lineno - 1
                line = lines[first]
                indent = line[:len(line) - len(line.lstrip())]
                edits[first] = [(-1, -1, f"{indent}pass  # {line.strip()}")]


def _statement(node, lines: list[str], replacement: Optional[list[str]], edits: dict, result: Rewrite) -> None:
    """Replace the whole line of an import statement (its trailing comment goes with it)."""
    if replacement is None:
        return
    line = lines[node.lineno - 1]
    start, end = _columns(line, node.col_offset, node.end_col_offset if node.end_lineno == node.lineno else len(line))
    after = line[end:].strip()
    if node.end_lineno != node.lineno or line[:start].strip() or (after and not after.startswith("#")):
        result.problems.append((node.lineno, f"put the {FAKE} import on a line of its own, in one line, so "
                                             "that the exported program can swap it"))
        return
    indent = line[:start]
    edits[node.lineno - 1] = [(-1, -1, "\n".join(indent + text for text in replacement))]


def _columns(line: str, start: int, end: int) -> tuple[int, int]:
    """ast's UTF-8 byte offsets on ``line`` as character offsets."""
    data = line.encode("utf-8")
    return len(data[:start].decode("utf-8", "replace")), len(data[:end].decode("utf-8", "replace"))
