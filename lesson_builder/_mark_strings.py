"""``new --from``: every text string of copied code marked to be translated.

A string holding letters beyond ASCII is text in the source language (the course's languages
are all written in other scripts); an ASCII one is a name, a model id or a key, kept. The mark
goes inside the string, right after its opening quote, so the code still parses and the
build's ``TO-WRITE`` check refuses the page until each one is translated.
"""

import io
import re
import tokenize

_PREFIX_AND_QUOTE = re.compile(r"^[A-Za-z]*('''|\"\"\"|'|\")")
# A plain quoted string on one line: for code that does not tokenize (a fill-in's blanks).
_QUOTED = re.compile(r"""(?P<q>["'])(?=[^"'\n]*[^\x00-\x7f])""")


def is_text(literal: str) -> bool:
    """True when ``literal`` holds a letter beyond ASCII: a human language's text."""
    return any(ch.isalpha() and not ch.isascii() for ch in literal)


def mark_strings(code: str, mark: str) -> tuple[str, int]:
    """``code`` with ``mark`` (e.g. ``"TO-WRITE (ru): "``) put inside every text string, and
    how many were marked."""
    spots = _string_starts(code)
    if spots is None:
        return _mark_by_pattern(code, mark)
    lines = code.split("\n")
    for row, column in sorted(spots, reverse=True):
        line = lines[row - 1]
        lines[row - 1] = line[:column] + mark + line[column:]
    return "\n".join(lines), len(spots)


def _string_starts(code: str):
    """(1-based row, column just inside the opening quote) of each text string, or None."""
    spots = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return None
    fstring_start = getattr(tokenize, "FSTRING_START", None)  # Python 3.12+: f-strings in parts
    for index, token in enumerate(tokens):
        if token.type == tokenize.STRING and is_text(token.string):
            opening = _PREFIX_AND_QUOTE.match(token.string)
            if opening:
                spots.append((token.start[0], token.start[1] + opening.end()))
        elif fstring_start is not None and token.type == fstring_start:
            end = next(i for i in range(index, len(tokens)) if tokens[i].type == tokenize.FSTRING_END)
            if any(is_text(t.string) for t in tokens[index:end]):
                spots.append((token.end[0], token.end[1]))
    return spots


def _mark_by_pattern(code: str, mark: str) -> tuple[str, int]:
    marked, count = _QUOTED.subn(lambda m: m["q"] + mark, code)
    return marked, count
