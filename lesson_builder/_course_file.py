"""Read ``lessons/course.yaml``: the course's languages and its lessons in order, each with
a one-line focus per language, its prerequisites and the translations still in progress.

Every problem names the file and line, like the lesson and quiz readers.
"""

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ._course_models import MODELS_KEY, CourseModel, read_models
from ._languages import REGISTRY_FILE, LanguageRegistryError, codes
from ._problems import Problems, suggestion
from ._sources import read_source
from ._yaml_lines import LocatedDict, LocatedList, YamlProblem, as_text, keep_source_text, load_located_yaml

COURSE_FILE = "lessons/course.yaml"
TOP_KEYS = ("languages", "lessons", MODELS_KEY)
ENTRY_KEYS = ("slug", "title", "focus", "prerequisites", "in_progress")
PER_LANGUAGE = ("title", "focus")  # one line per language each


@dataclass
class CourseLesson:
    """One lesson of the course file."""

    slug: str
    position: int  # 1-based place in the course
    title: dict[str, str]  # short name per language
    focus: dict[str, str]
    prerequisites: list[str]
    in_progress: set[str]
    line: int  # the line of its `- slug:` entry
    in_progress_line: int = 0
    prerequisite_lines: list[int] = field(default_factory=list)
    written: list[str] = field(default_factory=list)  # the course's languages not in progress, in order

    def title_in(self, lang: str) -> tuple[str, str]:
        """(short name, its language) for a page in ``lang``: its own, or, for a language in
        progress that has none yet, the first written language's (the author of a lesson
        writes no line in a language they do not know)."""
        return _in_or_written(self.title, lang, self.written)

    def focus_in(self, lang: str) -> tuple[str, str]:
        """(focus line, its language) for a page in ``lang``, as ``title_in``."""
        return _in_or_written(self.focus, lang, self.written)


def _in_or_written(texts: dict[str, str], lang: str, written: list[str]) -> tuple[str, str]:
    for candidate in [lang, *written]:
        if texts.get(candidate):
            return texts[candidate], candidate
    return "", lang


@dataclass
class CourseOutline:
    """The course file, read: languages (the first is the default) and lessons in order."""

    path: str
    languages: list[str] = field(default_factory=list)
    lessons: list[CourseLesson] = field(default_factory=list)
    models: list[CourseModel] = field(default_factory=list)  # the course's models (_course_models)
    readable: bool = True  # False: not UTF-8 or not YAML (reported); nothing can be checked against it

    def lesson(self, slug: str) -> Optional[CourseLesson]:
        return next((entry for entry in self.lessons if entry.slug == slug), None)

    def slugs(self) -> list[str]:
        return [entry.slug for entry in self.lessons]

    def model_ids(self) -> dict[str, str]:
        """The name lesson code uses → the model id, in the file's order."""
        return {model.name: model.id for model in self.models}

    def next_of(self, slug: str) -> Optional[CourseLesson]:
        entry = self.lesson(slug)
        return self.lessons[entry.position] if entry and entry.position < len(self.lessons) else None


def read_outline(root: Path, problems: Problems) -> Optional[CourseOutline]:
    """The course file under ``root``, or None when there is none (a bare content folder)."""
    path = Path(root) / COURSE_FILE
    if not path.is_file():
        return None
    text = read_source(Path(root), path, problems)
    if text is None:
        return CourseOutline(path=COURSE_FILE, readable=False)
    try:
        registry = codes(Path(root))
    except LanguageRegistryError as error:
        problems.add(REGISTRY_FILE, error.line, error.message)
        registry = None
    return parse_outline(COURSE_FILE, text, problems, registry)


def parse_outline(path: str, text: str, problems: Problems, registry: Optional[list[str]] = None) -> CourseOutline:
    """The course file ``text``; ``registry``: the languages of the registry, the course's
    when the file names none (a course file may name its own: the tests' small courses)."""
    outline = CourseOutline(path=path)
    try:
        data = load_located_yaml(text)
    except YamlProblem as error:
        problems.add(path, error.line, error.message)
        outline.readable = False
        return outline
    if not isinstance(data, LocatedDict):
        problems.add(path, 1, "the course file is a mapping with 'languages' and 'lessons'")
        outline.readable = False
        return outline
    for key in data:
        if key not in TOP_KEYS:
            problems.add(path, data.line_of(key), f"unknown key '{key}' in the course file"
                                                  f"{suggestion(str(key), TOP_KEYS)}; known: {', '.join(TOP_KEYS)}")
    outline.models = read_models(path, data, problems)
    _as_written(data.get("languages"))
    languages = data.get("languages", registry)
    if not isinstance(languages, list) or not languages or not all(isinstance(x, str) for x in languages):
        problems.add(path, data.line_of("languages"), "'languages' must list the site's language codes, "
                                                      "the default language first")
        languages = []
    outline.languages = list(languages)
    entries = data.get("lessons")
    if not isinstance(entries, LocatedList) or not entries:
        problems.add(path, data.line_of("lessons"), "'lessons' must list the lessons in order")
        return outline
    for index, entry in enumerate(entries):
        lesson = _read_entry(path, entry, entries.line_of(index), len(outline.lessons) + 1, outline, problems)
        if lesson is not None:
            outline.lessons.append(lesson)
    _check_prerequisites(outline, problems)
    return outline


def _check_prerequisites(outline: CourseOutline, problems: Problems) -> None:
    """A prerequisite is an earlier lesson; unknown or later ones are dropped after the report."""
    every = outline.slugs()
    for entry in outline.lessons:
        earlier = every[:entry.position - 1]
        kept = []
        for needed, line in zip(entry.prerequisites, entry.prerequisite_lines):
            if needed in earlier:
                kept.append(needed)
                continue
            why = ("a prerequisite must come earlier in the course" if needed in every
                   else f"there is no lesson '{needed}' in the course{suggestion(needed, every)}")
            problems.add(outline.path, line, f"lesson '{entry.slug}' needs '{needed}': {why}")
        entry.prerequisites = kept


def _read_entry(path: str, entry, line: int, position: int, outline: CourseOutline,
                problems: Problems) -> Optional[CourseLesson]:
    if isinstance(entry, LocatedDict):  # text as written: `slug: 010`, a language `no`
        keep_source_text(entry, ("slug",))
        for key in PER_LANGUAGE:
            if isinstance(entry.get(key), LocatedDict):
                keep_source_text(entry[key], list(entry[key]))
        for key in ("prerequisites", "in_progress"):
            _as_written(entry.get(key))
    if not isinstance(entry, LocatedDict) or not isinstance(entry.get("slug"), str):
        problems.add(path, line, "each lesson is a mapping starting with 'slug: <lesson folder>'")
        return None
    slug = entry["slug"]
    for key in entry:
        if key not in ENTRY_KEYS:
            problems.add(path, entry.line_of(key), f"unknown key '{key}' in lesson '{slug}'"
                                                   f"{suggestion(str(key), ENTRY_KEYS)}; known: {', '.join(ENTRY_KEYS)}")
    if outline.lesson(slug) is not None:
        problems.add(path, line, f"lesson '{slug}' is listed twice (first at line {outline.lesson(slug).line})")
        return None
    prerequisites = _slug_list(path, entry, "prerequisites", slug, problems)
    in_progress = _slug_list(path, entry, "in_progress", slug, problems)
    per_language = {key: _per_language(path, entry, key, slug, outline.languages, set(in_progress), problems)
                    for key in PER_LANGUAGE}
    for index, lang in enumerate(in_progress):
        if lang not in outline.languages:
            problems.add(path, entry["in_progress"].line_of(index),
                         f"'{lang}' in in_progress of '{slug}' is not one of the course's languages "
                         f"({', '.join(outline.languages)})")
    if outline.languages and set(outline.languages) <= set(in_progress):
        problems.add(path, entry.line_of("in_progress"), f"lesson '{slug}' is in progress in every language: "
                                                         "write one page before listing it")
    return CourseLesson(slug=slug, position=position, title=per_language["title"], focus=per_language["focus"],
                        prerequisites=prerequisites, in_progress=set(in_progress), line=line,
                        in_progress_line=entry.line_of("in_progress"),
                        prerequisite_lines=_item_lines(entry, "prerequisites", len(prerequisites)),
                        written=[lang for lang in outline.languages if lang not in in_progress])


def _per_language(path: str, entry: LocatedDict, key: str, slug: str, languages: list[str], in_progress: set[str],
                  problems: Problems) -> dict[str, str]:
    """``key:`` with one non-empty line per written language (a language in progress may have
    one), and no other language."""
    needed = [lang for lang in languages if lang not in in_progress]
    value = entry.get(key)
    if not isinstance(value, LocatedDict):
        problems.add(path, entry.line_of(key) if key in entry else entry.line,
                     f"lesson '{slug}' needs '{key}:' with one line per written language ({', '.join(needed)})")
        return {}
    for lang in languages:
        text = value.get(lang)
        if lang in in_progress and (lang not in value or isinstance(text, str) and text.strip()):
            continue
        if not isinstance(text, str) or not text.strip():
            problems.add(path, value.line_of(lang) if lang in value else entry.line_of(key),
                         f"lesson '{slug}' has no {key} in '{lang}'")
    for lang in value:
        if lang not in languages:
            problems.add(path, value.line_of(lang), f"{key} of '{slug}' in '{lang}', which is not one of "
                                                    f"the course's languages ({', '.join(languages)})")
    return {lang: text.strip() for lang, text in value.items() if isinstance(text, str)}


def _item_lines(entry: LocatedDict, key: str, count: int) -> list[int]:
    value = entry.get(key)
    if isinstance(value, LocatedList):
        return [value.line_of(i) for i in range(count)]
    return [entry.line_of(key)] * count


def _slug_list(path: str, entry: LocatedDict, key: str, slug: str, problems: Problems) -> list[str]:
    value = entry.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        problems.add(path, entry.line_of(key), f"'{key}' of lesson '{slug}' must be a list, e.g. [a, b]")
        return []
    return list(value)


def _as_written(items) -> None:
    """The items of a list from YAML, when given unquoted, as written."""
    if isinstance(items, LocatedList):
        for index, item in enumerate(items):
            items[index] = as_text(item, items.texts.get(index))
