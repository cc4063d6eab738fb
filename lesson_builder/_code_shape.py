"""A snippet's code with what a translation rewrites taken out: its shape.

Translations of a lesson run the same code; only the words change: string literals (the
questions, the tool descriptions), comments and what a ``print`` call puts together. The
shape is the snippet's Python tokens with every string literal masked, every comment dropped
and every print call's arguments taken as one, so two translations compare equal exactly
when they differ in nothing else.
"""

import ast
import io
import keyword
import token
import tokenize
from dataclasses import dataclass
from typing import Optional

STRING_MASK = "<str>"
# Tokens that carry no code: layout (a line broken differently to fit a longer string is the
# same code) and comments.
_SKIPPED = {token.COMMENT, token.NL, token.NEWLINE, token.INDENT, token.DEDENT, token.ENDMARKER}
_FSTRING_START = getattr(token, "FSTRING_START", None)  # Python 3.12+: an f-string is many tokens
_FSTRING_END = getattr(token, "FSTRING_END", None)


@dataclass(frozen=True)
class ShapeToken:
    text: str  # the token, or STRING_MASK for a whole string literal
    line: int  # 1-based line in the snippet


@dataclass(frozen=True)
class Words:
    """The parts of a snippet a translation rewrites, in order, with their exact source."""

    strings: list[tuple[tuple[int, int], tuple[int, int], str]]  # (start, end, source) per literal
    comments: list[tuple[tuple[int, int], tuple[int, int], str]]


def code_shape(code: str) -> Optional[list[ShapeToken]]:
    """The snippet's shape, or None when it does not tokenize (reported as a syntax error).

    What a translator does to fit longer words is not code either: a literal split in two
    (``"a" "b"``), wrapped in parentheses to span lines, or a comma left after the last item
    of a list; the shape leaves those out."""
    tokens = _tokens(code)
    if tokens is None:
        return None
    raw: list[ShapeToken] = []
    depth = 0
    for tok in tokens:
        if tok.type == _FSTRING_START:
            if depth == 0:
                raw.append(ShapeToken(STRING_MASK, tok.start[0]))
            depth += 1
        elif tok.type == _FSTRING_END:
            depth -= 1
        elif depth:
            continue
        elif tok.type == token.STRING:
            raw.append(ShapeToken(STRING_MASK, tok.start[0]))
        elif tok.type not in _SKIPPED:
            raw.append(ShapeToken(tok.string, tok.start[0]))
    return _prints_as_words(_without_layout(raw), _printed_names(code))


PRINTED = "<printed>"


def _printed_names(code: str) -> list[str]:
    """For each print call in the code, in order, the names its arguments read (sorted): what
    it prints, whatever the sentence around it."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return []
    calls = sorted((node for node in ast.walk(tree) if isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name) and node.func.id == "print"),
                   key=lambda node: (node.lineno, node.col_offset))
    described = []
    for call in calls:
        names = []
        for argument in [*call.args, *(named.value for named in call.keywords)]:
            for node in ast.walk(argument):
                if isinstance(node, ast.Name):
                    names.append(node.id)
                elif isinstance(node, ast.Attribute):
                    names.append("." + node.attr)
        described.append(",".join(sorted(names)))
    return described


def _prints_as_words(shape: list[ShapeToken], printed: list[str]) -> list[ShapeToken]:
    """A ``print(...)`` call's arguments are the snippet's words: how a line is put together
    (an f-string or commas, where the number goes in the sentence) follows the language, so
    of a print call the shape keeps only the names it reads."""
    kept: list[ShapeToken] = []
    calls = iter(printed)
    index = 0
    while index < len(shape):
        tok = shape[index]
        is_print = (tok.text == "print" and index + 1 < len(shape) and shape[index + 1].text == "("
                    and not (kept and kept[-1].text in (".", "def")))
        if not is_print:
            kept.append(tok)
            index += 1
            continue
        depth, end = 0, index + 1
        while end < len(shape):
            depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(shape[end].text, 0)
            if depth == 0:
                break
            end += 1
        reads = next(calls, "")
        kept.extend([tok, ShapeToken("(", tok.line), ShapeToken(f"{PRINTED}{reads}", tok.line),
                     ShapeToken(")", tok.line)])
        index = end + 1
    return kept


def _without_layout(shape: list[ShapeToken]) -> list[ShapeToken]:
    kept: list[ShapeToken] = []
    for tok in shape:
        if tok.text == STRING_MASK and kept and kept[-1].text == STRING_MASK:
            continue  # "a" "b": one literal
        if tok.text in _CLOSING and kept and kept[-1].text == ",":
            kept.pop()  # a comma after the last item
        kept.append(tok)
        # ("…" "…") around a literal, where the parenthesis groups (not a call's):
        if (tok.text == ")" and len(kept) >= 3 and kept[-2].text == STRING_MASK and kept[-3].text == "("
                and not _calls(kept[:-3])):
            literal = kept[-2]
            del kept[-3:]
            if kept and kept[-1].text == STRING_MASK:
                continue
            kept.append(literal)
    return kept


_CLOSING = {")", "]", "}"}


def _calls(before: list[ShapeToken]) -> bool:
    """Whether a "(" after these tokens opens a call (or a subscript-like use), not a group."""
    if not before:
        return False
    last = before[-1].text
    if last in _CLOSING or last == STRING_MASK:
        return True
    return last.isidentifier() and not keyword.iskeyword(last)


def words_of(code: str) -> Optional[Words]:
    """Where each string literal and comment of ``code`` is, or None when it does not
    tokenize."""
    tokens = _tokens(code)
    if tokens is None:
        return None
    strings, comments, opened = [], [], []
    for tok in tokens:
        if tok.type == _FSTRING_START:
            opened.append(tok.start)
        elif tok.type == _FSTRING_END:
            start = opened.pop()
            if not opened:
                strings.append((start, tok.end, ""))
        elif opened:
            continue
        elif tok.type == token.STRING:
            strings.append((tok.start, tok.end, tok.string))
        elif tok.type == token.COMMENT:
            comments.append((tok.start, tok.end, tok.string))
    lines = code.split("\n")
    fill = lambda start, end: _source(lines, start, end)  # noqa: E731 - f-strings span tokens
    return Words([(start, end, fill(start, end)) for start, end, _ in strings],
                 [(start, end, fill(start, end)) for start, end, _ in comments])


def same_code(one: str, other: str) -> bool:
    """Whether two snippets are the same code with other words (False when either does not
    tokenize)."""
    mine, theirs = code_shape(one), code_shape(other)
    return mine is not None and theirs is not None and [t.text for t in mine] == [t.text for t in theirs]


def describe_token(text: str) -> str:
    """A shape token as a problem message shows it."""
    if text == STRING_MASK:
        return "a string"
    if text == "(end)":
        return "the snippet ends"
    if text.startswith(PRINTED):
        reads = text[len(PRINTED):]
        return f"a print of {reads.replace(',', ', ')}" if reads else "a print of text alone"
    return f"`{text}`"


def first_difference(ours: list[ShapeToken], theirs: list[ShapeToken]) -> Optional[tuple[int, int, str, str]]:
    """(our line, their line, our token, their token) where two shapes first part, or None
    when they are the same. A shape that ends first shows its end as "(end)"."""
    for mine, other in zip(ours, theirs):
        if mine.text != other.text:
            return mine.line, other.line, mine.text, other.text
    if len(ours) == len(theirs):
        return None
    if len(ours) > len(theirs):
        extra = ours[len(theirs)]
        return extra.line, (theirs[-1].line if theirs else 1), extra.text, "(end)"
    extra = theirs[len(ours)]
    return (ours[-1].line if ours else 1), extra.line, "(end)", extra.text


def _tokens(code: str) -> Optional[list[tokenize.TokenInfo]]:
    try:
        return list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None


def _source(lines: list[str], start: tuple[int, int], end: tuple[int, int]) -> str:
    (first_line, first_col), (last_line, last_col) = start, end
    if first_line == last_line:
        return lines[first_line - 1][first_col:last_col]
    parts = [lines[first_line - 1][first_col:]] + lines[first_line:last_line - 1] + [lines[last_line - 1][:last_col]]
    return "\n".join(parts)


@dataclass(frozen=True)
class WordSpan:
    kind: str  # "string" (a literal, or literals joined), "printed" (a print call's arguments), "comment"
    start: tuple[int, int]  # (1-based line, column) in the snippet
    end: tuple[int, int]


def word_spans(code: str) -> Optional[list[WordSpan]]:
    """Where the words of ``code`` are, in order: each string literal (adjacent ones and the
    parentheses that group them as one), each print call's arguments, each comment. None when
    the code does not tokenize. Shape and spans agree: code with the same shape has the same
    kinds of spans in the same order, so one's words can be put into the other's code."""
    tokens = _tokens(code)
    if tokens is None:
        return None
    spans: list[WordSpan] = []
    significant = [tok for tok in tokens if tok.type not in _SKIPPED or tok.type == token.COMMENT]
    index = 0
    while index < len(significant):
        tok = significant[index]
        if tok.type == token.COMMENT:
            spans.append(WordSpan("comment", tok.start, tok.end))
            index += 1
            continue
        previous = _previous_code(significant, index)
        if tok.string == "print" and tok.type == token.NAME and _next_code_is(significant, index, "(") and not (
                previous is not None and previous.string in (".", "def")):
            opening = _next_code_index(significant, index)
            closing = _matching(significant, opening)
            inner_comments = [t for t in significant[opening + 1:closing] if t.type == token.COMMENT]
            spans.append(WordSpan("printed", significant[opening].end, significant[closing].start))
            spans.extend(WordSpan("comment", t.start, t.end) for t in inner_comments)
            index = closing + 1
            continue
        if _starts_literal(tok):
            first, last = index, _literal_end(significant, index)
            start, end = significant[first].start, significant[last].end
            # ( "a" "b" ) that groups, not a call's parentheses: the group is the literal.
            before = _previous_code(significant, first)
            after = _next_code_index(significant, last)
            if (before is not None and before.string == "(" and after is not None and significant[after].string == ")"
                    and not _opens_call(significant, significant.index(before))):
                start, end = before.start, significant[after].end
                last = after
            spans.append(WordSpan("string", start, end))
            index = last + 1
            continue
        index += 1
    return spans


def carry_code(source: str, target: str) -> tuple[Optional[str], str]:
    """``source``'s code with ``target``'s words in it: (the new code, "") or (None, why not)."""
    ours, theirs = code_shape(target), code_shape(source)
    if ours is None or theirs is None:
        return None, "it does not tokenize"
    reads_here, reads_there = _printed_names(target), _printed_names(source)
    if len(reads_here) == len(reads_there):
        for number, (here, there) in enumerate(zip(reads_here, reads_there), start=1):
            if here != there:
                return None, (f"its print call {number} reads {here or 'nothing'} and the other's "
                              f"{there or 'nothing'}: carry it by hand")
    source_spans, target_spans = word_spans(source), word_spans(target)
    by_kind = {}
    for kind in ("string", "printed", "comment"):
        mine = [span for span in source_spans if span.kind == kind]
        yours = [span for span in target_spans if span.kind == kind]
        if kind != "comment" and len(mine) != len(yours):
            what = {"string": "string literals", "printed": "print calls"}[kind]
            return None, f"it has {len(yours)} {what} and the other {len(mine)}: carry it by hand"
        by_kind[kind] = (mine, yours)
    comments_mine, comments_yours = by_kind["comment"]
    source_lines, target_lines = source.split("\n"), target.split("\n")
    replacements = []
    for kind in ("string", "printed"):
        for mine, yours in zip(*by_kind[kind]):
            replacements.append((mine, _source(target_lines, yours.start, yours.end)))
    if len(comments_mine) == len(comments_yours):
        replacements += [(mine, _source(target_lines, yours.start, yours.end))
                         for mine, yours in zip(comments_mine, comments_yours)]
    else:  # comments cannot be matched one to one: the other's comments go, this one's stay unplaced
        if comments_yours:
            return None, (f"it has {len(comments_yours)} comments and the other {len(comments_mine)}: carry it "
                          "by hand")
        replacements += [(mine, "") for mine in comments_mine]
    text = source
    offsets = _line_offsets(source_lines)
    for span, words in sorted(replacements, key=lambda item: item[0].start, reverse=True):
        start = offsets[span.start[0] - 1] + span.start[1]
        end = offsets[span.end[0] - 1] + span.end[1]
        text = text[:start] + words + text[end:]
    text = "\n".join(line.rstrip() if line.strip() == "" else line for line in text.split("\n"))
    return text, ""


def _line_offsets(lines: list[str]) -> list[int]:
    offsets, total = [], 0
    for line in lines:
        offsets.append(total)
        total += len(line) + 1
    return offsets


def _starts_literal(tok: tokenize.TokenInfo) -> bool:
    return tok.type == token.STRING or tok.type == _FSTRING_START


def _literal_end(tokens: list[tokenize.TokenInfo], index: int) -> int:
    """The index of the last token of the literal (and of the literals joined to it) at ``index``."""
    last = index
    while index < len(tokens):
        tok = tokens[index]
        if tok.type == _FSTRING_START:
            depth = 0
            while index < len(tokens):
                depth += 1 if tokens[index].type == _FSTRING_START else -1 if tokens[index].type == _FSTRING_END else 0
                if depth == 0:
                    break
                index += 1
        elif tok.type != token.STRING:
            break
        last = index
        following = _next_code_index(tokens, index)
        if following is None or not _starts_literal(tokens[following]):
            break
        index = following
    return last


def _previous_code(tokens: list[tokenize.TokenInfo], index: int) -> Optional[tokenize.TokenInfo]:
    for tok in reversed(tokens[:index]):
        if tok.type != token.COMMENT:
            return tok
    return None


def _next_code_index(tokens: list[tokenize.TokenInfo], index: int) -> Optional[int]:
    for following in range(index + 1, len(tokens)):
        if tokens[following].type != token.COMMENT:
            return following
    return None


def _next_code_is(tokens: list[tokenize.TokenInfo], index: int, text: str) -> bool:
    following = _next_code_index(tokens, index)
    return following is not None and tokens[following].string == text


def _matching(tokens: list[tokenize.TokenInfo], opening: int) -> int:
    depth = 0
    for index in range(opening, len(tokens)):
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(tokens[index].string, 0) \
            if tokens[index].type == token.OP else 0
        if depth == 0:
            return index
    return len(tokens) - 1


def _opens_call(tokens: list[tokenize.TokenInfo], opening: int) -> bool:
    before = _previous_code(tokens, opening)
    if before is None:
        return False
    if before.type == token.OP:
        return before.string in _CLOSING
    if before.type in (token.STRING,) or before.type == _FSTRING_END:
        return True
    return before.type == token.NAME and not keyword.iskeyword(before.string)
