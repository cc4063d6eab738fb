"""The small base class behind every response type: attribute access plus the SDKs' dump methods."""

from __future__ import annotations

import json
from typing import Any, ClassVar


def dump_json(data: Any, indent: int | None = None) -> str:
    """JSON text as pydantic writes it: compact without indent, characters not escaped."""
    if indent is None:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return json.dumps(data, ensure_ascii=False, indent=indent)


def to_plain(value: Any) -> Any:
    """Turn response objects (ours or any pydantic model) inside plain data into dicts and lists."""
    if isinstance(value, ResponseModel):
        return value.to_dict()
    if isinstance(value, dict):
        return {key: to_plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(item) for item in value]
    to_dict = getattr(value, "to_dict", None)  # a real SDK object handed back to the fake
    if callable(to_dict):
        return to_plain(to_dict())
    return value


class ResponseModel:
    """A response object: read its fields as attributes, dump it as the wire JSON.

    `_fields` lists the field names in the order the official SDK's type declares them, so
    that `to_dict()` here and `to_dict()` on the real SDK's parsed object print the same
    text. Fields named in `_omit_when_none` are left out of the wire JSON while they are
    None, as the real APIs leave them out.
    """

    _fields: ClassVar[tuple[str, ...]] = ()
    _omit_when_none: ClassVar[frozenset[str]] = frozenset()
    _nested: ClassVar[dict[str, Any]] = {}

    def __init__(self, **values: Any) -> None:
        unknown = set(values) - set(self._fields)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        for name in self._fields:
            object.__setattr__(self, name, values.get(name))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ResponseModel":
        """Build the object from its wire JSON (nested objects included)."""
        values = {}
        for name in cls._fields:
            if name not in data:
                continue
            value = data[name]
            maker = cls._nested.get(name)
            if maker is not None and value is not None:
                value = [maker(item) for item in value] if isinstance(value, list) else maker(value)
            values[name] = value
        return cls(**values)

    @classmethod
    def model_validate(cls, data: dict[str, Any], **_options: Any) -> "ResponseModel":
        """Same as `from_dict()` (pydantic's name, which the real SDK's types have): a reply
        saved as JSON and read back, as a replay of a recorded conversation does."""
        return cls.from_dict(data)

    def to_dict(self, **_options: Any) -> dict[str, Any]:
        """The wire JSON of this object, as a dict (the SDKs' `to_dict()`)."""
        out: dict[str, Any] = {}
        for name in self._fields:
            value = getattr(self, name)
            if value is None and name in self._omit_when_none:
                continue
            out[name] = to_plain(value)
        return out

    def to_json(self, *, indent: int | None = 2, **_options: Any) -> str:
        """The wire JSON as text, indented by 2 like the SDKs' `to_json()`."""
        return dump_json(self.to_dict(), indent=indent)

    def model_dump(self, *, exclude_none: bool = False, **_options: Any) -> dict[str, Any]:
        """Same as `to_dict()` (pydantic's name, which learners know)."""
        data = self.to_dict()
        return _without_none(data) if exclude_none else data

    def model_dump_json(self, *, indent: int | None = None, exclude_none: bool = False,
                        **_options: Any) -> str:
        """Same as `to_json()` but compact by default, as pydantic writes it."""
        return dump_json(self.model_dump(exclude_none=exclude_none), indent=indent)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in self._fields:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}")
        object.__setattr__(self, name, value)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.to_dict() == other.to_dict()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable, like pydantic models

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({inner})"


def _without_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _without_none(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_without_none(item) for item in value]
    return value
