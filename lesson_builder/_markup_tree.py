"""Markup as plain data, as ``frontend/shared/markup-tree.js`` has it: a node is a string (text)
or a list ``[tag, attributes, *children]``; ``to_html`` writes it as that module does, so that
the build's HTML of a tree equals the page's. And ``js_json``: JSON written as the browser's
``JSON.stringify`` writes it (numbers, key order), for text the page would compute itself."""

import json
import math
import re
from typing import Any, Optional


def el(tag: str, attributes: Optional[dict] = None, *children: Any) -> list:
    """An element node; empty strings, None, False and empty lists of nodes dropped, lists of
    nodes flattened one level (a list whose first item is not a tag name)."""
    kept: list = []
    for child in children:
        if isinstance(child, list) and not (child and isinstance(child[0], str)):
            kept.extend(c for c in child if _is_node(c))
        elif _is_node(child):
            kept.append(child)
    return [tag, attributes or {}, *kept]


def _is_node(child: Any) -> bool:
    return child != "" if isinstance(child, str) else isinstance(child, list)


def escape_text(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_attribute(text: str) -> str:
    return escape_text(text).replace('"', "&quot;")


def to_html(node: Any) -> str:
    """The tree's HTML, without whitespace of its own; ``True`` writes a bare attribute,
    ``False`` and None leave it out."""
    if isinstance(node, str):
        return escape_text(node)
    tag, attributes, *children = node
    html = f"<{tag}"
    for name, value in (attributes or {}).items():
        if value is True:
            html += f" {name}"
        elif value is not False and value is not None:
            html += f' {name}="{escape_attribute(value)}"'
    html += ">" + "".join(to_html(child) for child in children)
    return f"{html}</{tag}>"


def js_json(value: Any, indent: Optional[int] = None) -> str:
    """``JSON.stringify(value, null, indent)`` of the same value parsed in a browser: integral
    floats without ``.0``, JavaScript's exponent rules, keys that are array indices first."""
    return _write(value, indent, 0)


def _write(value: Any, indent: Optional[int], depth: int) -> str:
    if value is None or value is True or value is False:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return js_number(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        items = [f"{json.dumps(str(k), ensure_ascii=False)}:{' ' if indent else ''}{_write(v, indent, depth + 1)}"
                 for k, v in _js_key_order(value)]
        return _enclose("{", "}", items, indent, depth)
    if isinstance(value, (list, tuple)):
        return _enclose("[", "]", [_write(v, indent, depth + 1) for v in value], indent, depth)
    return json.dumps(str(value), ensure_ascii=False)


def _enclose(open_: str, close: str, items: list[str], indent: Optional[int], depth: int) -> str:
    if not items:
        return open_ + close
    if not indent:
        return open_ + ",".join(items) + close
    inner = "\n" + " " * (indent * (depth + 1))
    return open_ + inner + ("," + inner).join(items) + "\n" + " " * (indent * depth) + close


def _js_key_order(value: dict) -> list:
    """A JavaScript object's own keys: array indices (0 … 2³²−2) ascending, then the rest as
    inserted."""
    def index(key: Any) -> Optional[int]:
        text = str(key)
        if re.fullmatch(r"0|[1-9][0-9]*", text) and int(text) < 2 ** 32 - 1:
            return int(text)
        return None

    indexed = sorted((index(k), k, v) for k, v in value.items() if index(k) is not None)
    return [(k, v) for _, k, v in indexed] + [(k, v) for k, v in value.items() if index(k) is None]


def js_number(number: float) -> str:
    """A number as JavaScript's ``String(number)`` writes it (ECMAScript Number::toString)."""
    if isinstance(number, bool):
        return "true" if number else "false"
    if isinstance(number, int):
        number = float(number) if abs(number) >= 2 ** 53 else number
        if isinstance(number, int):
            return str(number)
    if math.isnan(number) or math.isinf(number):
        return "null"  # JSON.stringify writes non-finite numbers as null
    if number == 0:
        return "0"
    sign = "-" if number < 0 else ""
    mantissa, _, exponent = repr(abs(number)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    point = len(whole) + int(exponent or 0)  # where the point goes, counted in whole+fraction
    point -= len(whole + fraction) - len((whole + fraction).lstrip("0"))
    digits = digits.rstrip("0") or "0"
    k, n = len(digits), point
    if k <= n <= 21:
        text = digits + "0" * (n - k)
    elif 0 < n <= 21:
        text = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        text = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        text = (digits if k == 1 else digits[0] + "." + digits[1:]) + "e" + ("+" if e >= 0 else "-") + str(abs(e))
    return sign + text
