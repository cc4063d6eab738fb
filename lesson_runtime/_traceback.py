"""Format an exception the same way in CPython 3.11 and Pyodide 3.14.

Python's own traceback printing changed between versions (carets, colours, frame
details), and the frames of the runtime and of ``fake_client`` differ between the build
and the browser. So we format it ourselves, keeping only frames of lesson code: the
learner's snippet (``File "<snippet>", line N``) and the snippets it continues
(``File "<setup-K>", line N``), each followed by its stripped source line.
"""

from types import TracebackType
from typing import Callable, Optional

# Given a code filename, returns its source lines, or None for code that is not lesson code.
SourceLookup = Callable[[str], Optional[list[str]]]

_CAUSE = "\nThe above exception was the direct cause of the following exception:\n\n"
_CONTEXT = "\nDuring handling of the above exception, another exception occurred:\n\n"


def exception_type_name(exc: BaseException) -> str:
    """The bare class name (``BadRequestError``), never module-qualified: the fake
    client's exceptions live in another module than the real SDK's."""
    return type(exc).__qualname__


_RECURSION = "maximum recursion depth exceeded"


def exception_message(exc: BaseException) -> str:
    if isinstance(exc, SyntaxError):
        return exc.msg or ""
    try:
        message = str(exc)
    except BaseException:  # a broken __str__ must not break the transcript
        return "<exception str() failed>"
    if isinstance(exc, RecursionError) and message.startswith(_RECURSION):
        # CPython 3.11 adds where it struck ("... while calling a Python object"); 3.12
        # and later, like Pyodide, do not.
        return _RECURSION
    return message


def _frames(tb: Optional[TracebackType], sources: SourceLookup) -> list[tuple[str, int, str, str]]:
    """``(filename, line, function, source line)`` of each lesson-code frame, outermost first."""
    frames = []
    while tb is not None:
        code = tb.tb_frame.f_code
        lines = sources(code.co_filename)
        if lines is not None:
            lineno = tb.tb_lineno
            text = lines[lineno - 1].strip() if 0 < lineno <= len(lines) else ""
            frames.append((code.co_filename, lineno, code.co_name, text))
        tb = tb.tb_next
    return frames


# As in CPython's traceback module: the same frame line shown at most this many times in
# a row, then "[Previous line repeated N more times]" (a runaway recursion is one line).
_RECURSIVE_CUTOFF = 3


def _frame_lines(frames: list[tuple[str, int, str, str]]) -> list[str]:
    parts: list[str] = []
    previous, count = None, 0
    for filename, lineno, name, text in frames:
        if (filename, lineno, name) == previous:
            count += 1
            if count > _RECURSIVE_CUTOFF:
                continue
        else:
            parts += _repeated(count)
            previous, count = (filename, lineno, name), 1
        parts.append(f'  File "{filename}", line {lineno}\n')
        if text:
            parts.append(f"    {text}\n")
    parts += _repeated(count)
    return parts


def _repeated(count: int) -> list[str]:
    more = count - _RECURSIVE_CUTOFF
    if more <= 0:
        return []
    return [f"  [Previous line repeated {more} more time{'s' if more > 1 else ''}]\n"]


def _format_one(exc: BaseException, sources: SourceLookup) -> str:
    parts = []
    frames = _frames(exc.__traceback__, sources)
    if frames:
        parts.append("Traceback (most recent call last):\n")
        parts += _frame_lines(frames)
    if isinstance(exc, SyntaxError) and sources(exc.filename or "") is not None:
        # Where the parser stopped: the line itself, no caret (its column rules changed).
        parts.append(f'  File "{exc.filename}", line {exc.lineno}\n')
        lines = sources(exc.filename) or []
        if exc.lineno and 0 < exc.lineno <= len(lines) and lines[exc.lineno - 1].strip():
            parts.append(f"    {lines[exc.lineno - 1].strip()}\n")
        message = exc.msg
    else:
        message = exception_message(exc)
    name = exception_type_name(exc)
    parts.append(f"{name}: {message}\n" if message else f"{name}\n")
    for note in getattr(exc, "__notes__", None) or []:
        parts.append(f"{note}\n")
    return "".join(parts)


def format_exception(exc: BaseException, sources: SourceLookup) -> str:
    """The whole report, chained exceptions first, as Python prints them."""
    chain = []
    seen = set()
    current: Optional[BaseException] = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if current.__cause__ is not None:
            chain.append((current, _CAUSE))
            current = current.__cause__
        elif current.__context__ is not None and not current.__suppress_context__:
            chain.append((current, _CONTEXT))
            current = current.__context__
        else:
            chain.append((current, ""))
            current = None
    # chain is newest first, each with the separator that goes *before* it
    text = ""
    for exc_in_chain, separator_before in reversed(chain):
        text += separator_before + _format_one(exc_in_chain, sources)
    return text


def error_line(exc: BaseException, snippet_filename: str) -> Optional[int]:
    """The line of the learner's snippet where the error surfaced (innermost frame there)."""
    if isinstance(exc, SyntaxError) and exc.filename == snippet_filename:
        return exc.lineno
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == snippet_filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
