"""The hostile suite's tally (no tests here): per area, how many hostile cases were tried and
how many the code under test handled. ``tests/conftest.py`` prints one line per area at the
end, summed over the test workers.

A case is counted once it has run; a case that is not handled also fails its test (the
tally only summarises, it never replaces an assertion)."""

from collections import defaultdict
from contextlib import contextmanager
from typing import Iterator

AREAS = ("bad requests", "server", "author mistakes", "learner code",
         "learner code in the browser", "storage", "no network", "content security")
_tried: dict[str, int] = defaultdict(int)
_handled: dict[str, int] = defaultdict(int)


@contextmanager
def case(area: str) -> Iterator[None]:
    """Count one case of ``area``: handled when the block ends without an exception."""
    assert area in AREAS, area
    _tried[area] += 1
    yield
    _handled[area] += 1


def counts() -> dict[str, list[int]]:
    """This process's tally, ``{area: [tried, handled]}`` (a test worker hands it on)."""
    return {area: [_tried[area], _handled[area]] for area in AREAS if _tried[area]}


def add(counted: dict[str, list[int]]) -> None:
    """Add another process's tally (a test worker's, under pytest-xdist) to this one."""
    for area, (tried, handled) in counted.items():
        _tried[area] += tried
        _handled[area] += handled


def summary() -> list[str]:
    return [f"{area}: {_tried[area]} tried, {_handled[area]} handled" for area in AREAS if _tried[area]]
