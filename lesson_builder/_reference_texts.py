"""A language's words for the reference page: ``lessons/REFERENCE.<lang>.yaml``, read and checked.

The file holds only what a language writes: headings, sentences, the labels of the rows the
page shows and the way it writes dates (its digits and number signs are the language
registry's, lessons/languages.yaml, as on every page). Every key the page needs must be there
and no other (a misspelt key would otherwise hide a missing one); a problem names the file
and the line.
"""

import re
from dataclasses import dataclass
from pathlib import Path

from fake_client._models import CATALOGUE

from ._languages import Language, language
from ._reference_data import ERROR_ROWS, SHAPE_PHRASES, SHAPE_ROWS, STOP_ROWS, WHAT_A_LOOP_DOES
from ._yaml_lines import LocatedDict, YamlProblem, load_located_yaml

TEXT = str  # a leaf: markdown text
# A value the page puts into a text: [[name]] (braces are the code's, in JSON and dicts).
_SLOT = re.compile(r"\[\[([a-z_]+)\]\]")


def _keys(*names: str) -> dict:
    return {name: TEXT for name in names}


# The file's shape: a dict is a mapping whose keys are exactly these; TEXT is a string.
LAYOUT = {
    "title": TEXT,
    "intro": TEXT,
    "date": TEXT,  # "{d}", "{m}", "{y}"; "{dd}", "{mm}": two digits; "{month}": a name of `months`
    "months": TEXT,  # twelve names, separated by spaces
    "shapes": {"heading": TEXT, "text": TEXT, "what": TEXT,
               "rows": _keys(*(row.key for row in SHAPE_ROWS)), "after": TEXT},
    "example": _keys("heading", "text", "question", "description", "result", "defined", "came", "sent"),
    "phrases": _keys(*SHAPE_PHRASES),
    "stops": {"heading": TEXT, "text": TEXT, "value": TEXT, "meaning": TEXT, "loop": TEXT,
              "does": _keys(*WHAT_A_LOOP_DOES), "shown_in": TEXT,
              "rows": {row.key: {"meaning": TEXT, "loop": TEXT} for row in STOP_ROWS}, "after": TEXT},
    "errors": {"heading": TEXT, "text": TEXT, "status": TEXT, "anthropic_type": TEXT, "anthropic_class": TEXT,
               "openai_class": TEXT, "retried": TEXT, "todo": TEXT, "yes": TEXT, "no": TEXT, "none": TEXT,
               "rows": _keys(*(str(row.status) for row in ERROR_ROWS)), "bodies": TEXT,
               "anthropic_body": TEXT, "openai_body": TEXT, "after": TEXT},
    "models": {"heading": TEXT, "text": TEXT, "model": TEXT, "course_name": TEXT, "context": TEXT,
               "output": TEXT, "thinking": TEXT, "thinking_off": TEXT, "forced_tool_choice": TEXT, "tool_prompt": TEXT,
               "tool_prompt_carried": TEXT, "manual_thinking": TEXT, "sampling": TEXT, "prefill": TEXT,
               "thinking_yes": TEXT, "assumed": TEXT, "separator": TEXT,
               "reasoning": TEXT, "chat_tools_need_no_reasoning": TEXT, "retires": TEXT, "yes": TEXT, "no": TEXT, "never": TEXT, "retired": TEXT,
               "display": _keys(*sorted({card.thinking_display for card in CATALOGUE.values()})),
               "after": TEXT},
}


# The texts the page fills in, and with what: each must name exactly these slots; no other
# text may have one.
SLOTS = {"example.text": {"question"}, "models.retired": {"date"}, "models.thinking_yes": {"display"},
         "phrases.chat_tools_need_no_reasoning": {"models"},
         "errors.after": {"connection", "timeout", "retries"}}


# The texts the page writes as a code block's title (title="…").
CODE_TITLES = ("example.defined", "example.came", "example.sent", "errors.anthropic_body", "errors.openai_body")


class ReferenceProblem(Exception):
    """A language's reference file cannot make its page; ``str()`` is ``path:line: message``."""

    def __init__(self, path: str, line: int, message: str):
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


@dataclass(frozen=True)
class ReferenceTexts:
    """A language's reference file, read: ``words`` is the mapping of ``LAYOUT``."""

    lang: str
    path: str  # as shown in problems, relative to the content root
    words: dict
    language: Language  # the registry's entry: digits and number signs

    def number(self, value: int) -> str:
        """An integer as the language writes it in a table: its digits, every thousand grouped."""
        return self.language.local_number(str(value), group_from=4)

    def digits(self, text: str) -> str:
        return self.language.local_digits(text)

    def date(self, day) -> str:
        months = self.words["months"].split()
        text = self.words["date"].format(d=day.day, dd=f"{day.day:02d}", m=day.month, mm=f"{day.month:02d}",
                                         y=day.year, month=months[day.month - 1])
        return self.digits(text)


def put(text: str, values: dict) -> str:
    """``text`` with each ``[[name]]`` replaced by ``values[name]``."""
    return _SLOT.sub(lambda match: values[match.group(1)], text)


def reference_file(root: Path, lang: str) -> Path:
    return Path(root) / "lessons" / f"REFERENCE.{lang}.yaml"


def read_reference_texts(root: Path, lang: str) -> ReferenceTexts:
    """The language's words for the page; ReferenceProblem when the file is not whole."""
    path = reference_file(root, lang)
    shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
    try:
        data = load_located_yaml(path.read_text(encoding="utf-8-sig"))
    except YamlProblem as problem:
        raise ReferenceProblem(shown, problem.line, problem.message) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ReferenceProblem(shown, 1, f"cannot be read ({error})") from None
    _check(shown, data, LAYOUT, "", 1)
    texts = ReferenceTexts(lang, shown, data, language(root, lang))
    for where in CODE_TITLES:  # title="…" of a code block: a double quote would end it early
        section, key = where.split(".")
        if '"' in data[section][key]:
            raise ReferenceProblem(shown, data[section].line_of(key), f"'{where}' is a code block's title: no double quote")
    if len(data["months"].split()) != 12:
        raise ReferenceProblem(shown, data.line_of("months"), "'months' names the twelve months, separated by spaces")
    return texts


def _check(path: str, value, layout, where: str, line: int) -> None:
    if layout is TEXT:
        if not isinstance(value, str) or not value:
            raise ReferenceProblem(path, line, f"'{where}' must be a text")
        slots, wanted = set(_SLOT.findall(value)), SLOTS.get(where, set())
        if slots != wanted:
            want = ", ".join(f"[[{name}]]" for name in sorted(wanted)) or "no [[…]]"
            raise ReferenceProblem(path, line, f"'{where}' must hold {want} (the page fills them in)")
        return
    if not isinstance(value, LocatedDict):
        raise ReferenceProblem(path, line, f"'{where or 'the file'}' must be a mapping of {', '.join(layout)}")
    for key in value:
        if str(key) not in layout:
            raise ReferenceProblem(path, value.line_of(key), f"unknown key '{_join(where, key)}' "
                                                              f"(expected one of: {', '.join(layout)})")
    for key, inner in layout.items():
        if key not in value:
            raise ReferenceProblem(path, line, f"missing '{_join(where, key)}'")  # the mapping's own key
        _check(path, value[key], inner, _join(where, key), value.line_of(key))


def _join(where: str, key) -> str:
    return f"{where}.{key}" if where else str(key)
