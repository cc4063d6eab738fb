"""The recursion limit of a run: the same depth for lesson code everywhere, and a ceiling.

Python's limit counts every frame, the host's too, and the host differs between the build
and the browser's worker; so a run gets ``RUN_RECURSION_LIMIT`` frames of its own on top of
wherever the host calls it from, and ``sys.getrecursionlimit`` / ``sys.setrecursionlimit``
speak of those frames only. A limit above ``MAX_RECURSION_LIMIT`` is lowered to it: a
runaway recursion under ``sys.setrecursionlimit(10**6)`` overflows the C stack, which
kills the build's Python and, in the browser, the interpreter of the whole visit. The run
then ends with a RecursionError whose report says the limit was lowered.
"""

import sys
from typing import Optional

RUN_RECURSION_LIMIT = 1000
MAX_RECURSION_LIMIT = 3000
# Before 3.12 the limit also counts each entry into Python from C, which no frame shows.
_C_LEVEL_ENTRIES = sys.version_info < (3, 12)


class RecursionLimit:
    """Installed for one run (``sys``'s two functions are put back by the run's snapshot)."""

    def __init__(self, host_depth: int):
        self._host_depth = host_depth
        self._real_set = sys.setrecursionlimit
        self._real_get = sys.getrecursionlimit
        self.lowered_from: Optional[int] = None

    def install(self) -> None:
        self._real_set(self._host_depth + RUN_RECURSION_LIMIT)
        sys.setrecursionlimit = self.setrecursionlimit
        sys.getrecursionlimit = self.getrecursionlimit

    def setrecursionlimit(self, limit: int) -> None:
        """Set the maximum depth of the run's own frames (at most MAX_RECURSION_LIMIT)."""
        if not isinstance(limit, int) or isinstance(limit, bool):
            raise TypeError(f"'{type(limit).__name__}' object cannot be interpreted as an integer")
        if limit < 1:
            raise ValueError("recursion limit must be greater or equal than 1")
        if limit > MAX_RECURSION_LIMIT:
            self.lowered_from = limit
            limit = MAX_RECURSION_LIMIT
        self._real_set(self._host_depth + limit)

    def getrecursionlimit(self) -> int:
        """The maximum depth of the run's own frames."""
        return self._real_get() - self._host_depth

    def note(self) -> str:
        """The line the report of a RecursionError gets when the limit was lowered."""
        if self.lowered_from is None:
            return ""
        return (f"(sys.setrecursionlimit({self.lowered_from}) was lowered to {MAX_RECURSION_LIMIT}: "
                "a deeper recursion would crash Python itself)\n")


def frame_depth() -> int:
    """The caller's depth as the recursion limit counts it (its own frame included).

    Python frames are counted, then the depth is measured, with a low limit for a moment:
    before 3.12 the limit also counts each entry into Python from C (a host calling through
    a C library), which no frame shows."""
    frames = 0
    frame = sys._getframe(1)
    while frame is not None:
        frames += 1
        frame = frame.f_back
    if not _C_LEVEL_ENTRIES:
        return frames
    limit = sys.getrecursionlimit()
    trial = 2 * frames + _PROBE_ROOM
    try:
        sys.setrecursionlimit(trial)
        reached = _probe(0)
    except RecursionError:  # deeper in C than the trial allows: the frames will have to do
        return frames
    finally:
        sys.setrecursionlimit(limit)
    return trial - reached - 1  # _probe's frames: frame_depth's and reached + 1 of its own


_PROBE_ROOM = 100


def _probe(depth: int) -> int:
    try:
        return _probe(depth + 1)
    except RecursionError:
        return depth

