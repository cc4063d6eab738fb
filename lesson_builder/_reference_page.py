"""The reference page of each language: the three API shapes side by side, the stop and finish
reasons and what each asks of a loop, the error statuses and SDK exceptions, and the model
facts of fake_client's catalogue; built as the page ``<lang>/reference.md`` (``/reference/``,
``/<lang>/reference/``), its article marked ``data-reference``.

The identifiers and shapes are written once (``_reference_data``), the model facts are read
from the catalogue at build time (``_reference_models``), and only the headings and sentences
come from the language's file (``_reference_texts``). Lessons link to the page
(``../../reference.md``) instead of repeating its tables.
"""

import datetime
import json
import re
import textwrap
from pathlib import Path
from typing import Mapping, Optional

import fake_client
from fake_client._models import CATALOGUE, ModelCard, today as catalogue_today

from ._reference_data import (ANTHROPIC_ERROR_BODY, CONNECTION_ERRORS, DEFAULT_RETRIES, ERROR_ROWS,
                              OPENAI_ERROR_BODY, SHAPE_NAMES, SHAPE_ROWS, SHAPES, STOP_FIELDS, STOP_ROWS)
from ._reference_models import PROVIDER_NAMES, PROVIDERS, model_cards, model_table
from ._reference_runs import shape_examples
from ._reference_texts import ReferenceProblem, ReferenceTexts, put, read_reference_texts, reference_file

FULL_WIDTH_END = ("。", "：", "；", "，")
# How a lesson page (<lang>/lessons/<slug>/index.md) links to its language's reference page.
REFERENCE_LINK_FROM_LESSON = "../../reference.md"

__all__ = ["REFERENCE_LINK_FROM_LESSON", "ReferenceProblem", "reference_markdown", "reference_page",
           "reference_page_paths", "reference_pages"]


def reference_page(lang: str) -> str:
    """The docs path of a language's reference page."""
    return f"{lang}/reference.md"


def reference_page_paths(root: Path, languages: list[str]) -> set[str]:
    """The docs paths the reference pages will have (a lesson may link to them), unread."""
    return {reference_page(lang) for lang in languages if reference_file(root, lang).is_file()}


def reference_pages(root: Path, languages: list[str], outline=None,
                    catalogue: Optional[Mapping[str, ModelCard]] = None) -> dict[str, tuple[str, str]]:
    """Docs path → (source file, markdown) of the reference page of every language that has
    a reference file. ``outline``: the course file, read (its models and lesson titles)."""
    pages = {}
    for lang in languages:
        if reference_file(root, lang).is_file():
            texts = read_reference_texts(Path(root), lang)
            pages[reference_page(lang)] = (texts.path, reference_markdown(texts, outline, catalogue))
    return pages


def reference_markdown(texts: ReferenceTexts, outline=None, catalogue: Optional[Mapping[str, ModelCard]] = None,
                       today: Optional[datetime.date] = None) -> str:
    """The page, in markdown."""
    catalogue = CATALOGUE if catalogue is None else catalogue
    today = today or catalogue_today()
    course_names = outline.model_ids() if outline is not None else {}
    words = texts.words
    # The title in front matter too: the menu cannot find the heading inside the <div>.
    parts = [f"---\ntitle: {json.dumps(words['title'], ensure_ascii=False)}\n---",
             f'<div data-reference="{texts.lang}" markdown>', f"# {words['title']}", words["intro"].strip(),
             _shapes(texts, catalogue), _example(texts, outline), _stops(texts, outline), _errors(texts), _models(texts, catalogue, course_names, today),
             "</div>"]
    return _unlinked_absent_lessons("\n\n".join(part for part in parts if part) + "\n", outline)


# A lesson named in a language's sentences, linked: `[title](lessons/<slug>/index.md)`.
_LESSON_LINK = re.compile(r"\[([^\]]+)\]\(lessons/([a-z0-9-]+)/index\.md\)")


def _unlinked_absent_lessons(markdown: str, outline) -> str:
    """The page with each link to a lesson the course does not have written as its bare title (a
    copy of the course with fewer lessons still builds; the table's column leaves such a cell out)."""
    def keep(match: re.Match) -> str:
        present = outline is not None and outline.lesson(match.group(2)) is not None
        return match.group(0) if present else match.group(1)
    return _LESSON_LINK.sub(keep, markdown)


def _fill(texts: ReferenceTexts, cell: str) -> str:
    """A cell of the language-neutral data with its [[phrases]] in the page's language."""
    return put(cell, texts.words["phrases"])


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|").replace("\n", " ") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


# Each section's anchor: the same in every language, so that a lesson links to a table
# (`reference.md#stop-reasons`) whatever script its heading is written in.
ANCHORS = {"shapes": "shapes", "example": "example", "stops": "stop-reasons", "errors": "errors", "models": "models"}


def _heading(texts: ReferenceTexts, section: str) -> str:
    return f"## {texts.words[section]['heading']} {{#{ANCHORS[section]}}}"


def _section(texts: ReferenceTexts, section: str, *body: str) -> str:
    words = texts.words[section]
    return "\n\n".join([_heading(texts, section), words["text"].strip(), *body, words["after"].strip()])


def _shapes(texts: ReferenceTexts, catalogue: Mapping[str, ModelCard]) -> str:
    words = texts.words["shapes"]
    # The models that take Chat Completions tools only without reasoning, from the catalogue
    # (never typed in a language's file); no such model, no row.
    strict_models = [card.id for card in model_cards(catalogue, "openai") if card.chat_tools_need_no_reasoning]
    phrases = texts.words["phrases"]
    rule = put(phrases["chat_tools_need_no_reasoning"],
               {"models": _listed([f"`{model}`" for model in strict_models], phrases)})
    phrases = {**phrases, "chat_tools_need_no_reasoning": rule}
    rows = [[words["rows"][row.key], *(put(getattr(row, shape), phrases) for shape in SHAPES)]
            for row in SHAPE_ROWS if strict_models or row.key != "tools_and_reasoning"]
    return _section(texts, "shapes", _table([words["what"], *(SHAPE_NAMES[shape] for shape in SHAPES)], rows))


def _listed(items: list[str], phrases: Mapping[str, str]) -> str:
    """Items as the language lists them in a sentence: commas, and its "and" before the last."""
    if len(items) < 2:
        return "".join(items)
    return phrases["comma"].join(items[:-1]) + phrases["and"] + items[-1]


def _example(texts: ReferenceTexts, outline) -> str:
    """The same question in the three shapes, as fake_client answers it (content tabs)."""
    models = outline.model_ids() if outline is not None else {}
    if not {"MODEL", "OPENAI_MODEL"} <= set(models):
        return ""  # a course without both models has nothing to ask
    words = texts.words["example"]
    try:
        examples = shape_examples(texts.lang, words["question"].strip(), words["description"].strip(),
                                  words["result"].strip(), models)
    except fake_client.NotFoundError:
        return ""  # a retired model: the build reports it at its line of the course file
    # Any other refusal is the example's own mistake (a request the model refuses): it fails
    # the build rather than leave the section out of every language's page unseen.
    tabs = []
    for example in examples:
        blocks = [f'```json title="{words[label]}"\n{code}\n```'
                  for label, code in (("defined", example.tool), ("came", example.call), ("sent", example.result))]
        tabs.append(f'=== "{SHAPE_NAMES[example.shape]}"\n\n' + textwrap.indent("\n\n".join(blocks), "    "))
    # The text shows the question it is about (uk review): the page fills it from `question`.
    text = put(words["text"].strip(), {"question": texts.digits(words["question"].strip())})
    return "\n\n".join([_heading(texts, "example"), text, *tabs])


def _stops(texts: ReferenceTexts, outline) -> str:
    words = texts.words["stops"]
    tables = []
    for shape in SHAPES:
        rows = []
        for row in (row for row in STOP_ROWS if row.shape == shape):
            told = words["rows"][row.key]
            does = words["does"][row.does]
            # Full-width punctuation (。) carries its own space.
            loop = f'**{does}**{"" if does.endswith(FULL_WIDTH_END) else " "}{told["loop"].strip()}'
            rows.append([_fill(texts, row.value), told["meaning"].strip(), loop,
                         _lesson_link(texts, outline, row.lesson) or "—"])
        colon = texts.words["phrases"]["colon"]
        tables.append(f"### {SHAPE_NAMES[shape]}{colon}{_fill(texts, STOP_FIELDS[shape])}\n\n"
                      + _table([words["value"], words["meaning"], words["loop"], words["shown_in"]], rows))
    return _section(texts, "stops", *tables)


def _lesson_link(texts: ReferenceTexts, outline, slug: Optional[str]) -> str:
    entry = outline.lesson(slug) if outline is not None and slug else None
    if entry is None:
        return ""
    title, _ = entry.title_in(texts.lang)
    return f"[{title}](lessons/{slug}/index.md)"


def _errors(texts: ReferenceTexts) -> str:
    words = texts.words["errors"]
    header = [words[key] for key in ("status", "anthropic_type", "anthropic_class", "openai_class", "retried", "todo")]
    rows = [[texts.digits(str(row.status)), f"`{row.anthropic_type}`" if row.anthropic_type else words["none"],
             f"`{row.anthropic_class}`", f"`{row.openai_class}`" if row.openai_class else words["none"], words["yes"] if row.retried else words["no"],
             words["rows"][str(row.status)].strip()] for row in ERROR_ROWS]
    bodies = (f"{words['bodies'].strip()}\n\n```json title=\"{words['anthropic_body'].strip()}\"\n{ANTHROPIC_ERROR_BODY}\n```\n\n"
              f"```json title=\"{words['openai_body'].strip()}\"\n{OPENAI_ERROR_BODY}\n```")
    connection, timeout = CONNECTION_ERRORS
    after = put(words["after"], {"connection": f"`{connection}`", "timeout": f"`{timeout}`",
                                 "retries": texts.digits(str(DEFAULT_RETRIES))})
    return "\n\n".join([_heading(texts, "errors"), words["text"].strip(), _table(header, rows), bodies, after.strip()])


def _models(texts: ReferenceTexts, catalogue: Mapping[str, ModelCard], course_names: Mapping[str, str],
            today: datetime.date) -> str:
    tables = [f"### {PROVIDER_NAMES[provider]}\n\n{model_table(texts, catalogue, provider, course_names, today)}"
              for provider in PROVIDERS]
    return _section(texts, "models", *tables)
