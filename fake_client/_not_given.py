"""`NOT_GIVEN`: the marker of an argument left out, shared by both clients (as the SDKs
have theirs), since None is a value some arguments may take."""

from typing import Any


class _NotGiven:
    """Marks an argument left out (None is a value some arguments may take)."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN: Any = _NotGiven()
