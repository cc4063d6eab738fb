"""Capture stdout and stderr in the order they were written, told apart for colouring."""

import io
import threading
from typing import Callable, Iterable, Optional

OutputCallback = Callable[[str, str], None]

# What one run may print, in characters: a snippet printing in a loop must not fill the
# memory of the build or of the learner's tab. The page shows less still.
OUTPUT_LIMIT = 100_000


def without_lone_surrogates(text: str) -> str:
    """``text`` with each lone surrogate (which no UTF-8 file or JSON reader takes) as U+FFFD."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def cut_notice(limit: int) -> str:
    return f"\n[output cut: the program printed more than {limit} characters]\n"


class OutputLog:
    """The ordered record of one run's output: ``[[stream, text], ...]``.

    Consecutive writes to the same stream are merged into one chunk, so that a
    transcript does not depend on how ``print`` splits its arguments into writes. The
    program's output is kept up to ``limit`` characters; what comes after is dropped and a
    notice says so once. :meth:`write_report` (the traceback at the end) is kept either way,
    within a limit of its own.
    """

    def __init__(self, on_output: Optional[OutputCallback] = None, limit: int = OUTPUT_LIMIT):
        self.chunks: list[list[str]] = []
        self._on_output = on_output
        self._limit = limit
        self._written = 0
        self.cut = False

    def write(self, stream: str, text: str) -> None:
        if not text or self.cut:
            return
        room = self._limit - self._written
        if len(text) > room:
            self._append(stream, text[:room])
            self._append("stderr", cut_notice(self._limit))
            self.cut = True
            return
        self._written += len(text)
        self._append(stream, text)

    def write_report(self, stream: str, text: str) -> None:
        """What the runtime itself reports at the end (a traceback), never cut by the
        program's own output."""
        text = without_lone_surrogates(text)  # an exception's message may hold one
        if len(text) > self._limit:
            text = text[: self._limit] + cut_notice(self._limit)
        self._append(stream, text)

    def _append(self, stream: str, text: str) -> None:
        if not text:
            return
        if self.chunks and self.chunks[-1][0] == stream:
            self.chunks[-1][1] += text
        else:
            self.chunks.append([stream, text])
        if self._on_output is not None:
            self._on_output(stream, text)

    def text(self) -> str:
        return "".join(text for _, text in self.chunks)


class StreamToLog(io.TextIOBase):
    """A text stream (``sys.stdout`` / ``sys.stderr`` stand-in) that writes into an OutputLog.

    Writes from ``foreign_threads`` (threads that were alive before the run began: a thread
    an earlier run left behind) are dropped: one run's output never shows up in another's.
    """

    def __init__(self, log: OutputLog, stream: str, foreign_threads: Iterable[int] = ()):
        super().__init__()
        self._log = log
        self._stream = stream
        self._foreign = frozenset(foreign_threads)
        self._ident = threading.get_ident

    @property
    def encoding(self) -> str:  # what code that inspects sys.stdout.encoding expects
        return "utf-8"

    @property
    def errors(self) -> str:
        return "strict"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if not text.isascii():
            text.encode("utf-8")  # a lone surrogate: UnicodeEncodeError, as a UTF-8 stdout raises
        if not self._foreign or self._ident() not in self._foreign:
            self._log.write(self._stream, text)
        return len(text)


class DiscardingStream(io.TextIOBase):
    """Swallows everything: setup snippets run with their output discarded."""

    encoding = "utf-8"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        return len(text)
