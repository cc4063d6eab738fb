"""Capture stdout and stderr in the order they were written, told apart for colouring."""

import io
from typing import Callable, Optional

OutputCallback = Callable[[str, str], None]


class OutputLog:
    """The ordered record of one run's output: ``[[stream, text], ...]``.

    Consecutive writes to the same stream are merged into one chunk, so that a
    transcript does not depend on how ``print`` splits its arguments into writes.
    """

    def __init__(self, on_output: Optional[OutputCallback] = None):
        self.chunks: list[list[str]] = []
        self._on_output = on_output

    def write(self, stream: str, text: str) -> None:
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
    """A text stream (``sys.stdout`` / ``sys.stderr`` stand-in) that writes into an OutputLog."""

    def __init__(self, log: OutputLog, stream: str):
        super().__init__()
        self._log = log
        self._stream = stream

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
        self._log.write(self._stream, text)
        return len(text)


class DiscardingStream(io.TextIOBase):
    """Swallows everything: setup snippets run with their output discarded."""

    encoding = "utf-8"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)
