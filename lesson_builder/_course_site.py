"""The course applied to one language's site: its pages (lessons, notices of translations in
progress, its glossary) with their menu names, places and frames, the widgets' HTML and the
course map of its home page, as one :class:`PageSet`: plain data, so that a language built in
a process of its own gets it from the build that ran the course (a JSON file), never runs the
course itself.

The site's languages come from the language registry (``lessons/languages.yaml``); the course
file must list the same ones, the default first (it is built at the site root).
"""

from __future__ import annotations

import json
import posixpath
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ._build import CACHE_FOLDER, Course, LessonMemo, build_course
from ._course_file import COURSE_FILE
from ._course_map import COURSE_MAP_MARK, course_map_html
from ._course_pages import frame_html, frame_page, notice_markdown
from ._coverage import SITE_WORDS_TO, coverage, coverage_markdown
from ._glossary import glossary_page, glossary_pages
from ._languages import REGISTRY_FILE, codes
from ._reference_page import reference_pages
from ._reference_texts import ReferenceProblem
from ._lesson_links import lesson_page
from ._strings import ui_text

AUTHOR_GUIDE = "authoring/"  # the one author guide, outside the languages (docs/authoring/index.md)


@dataclass
class PageSet:
    """What one language's build adds to its site. ``pages``: docs path → ``markdown``, the
    ``owner`` (source file named by a problem), and for a lesson its ``position``, menu
    ``title`` and ``frame`` (HTML above and below its content)."""

    language: str
    pages: dict[str, dict] = field(default_factory=dict)
    blocks: dict[str, str] = field(default_factory=dict)  # widget token → its HTML
    course_map: str = ""  # the home page's, in place of its mark
    coverage: str = ""  # the author guide's table (the default language's site has the guide)

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "PageSet":
        return cls(**json.loads(text))

    def positions(self) -> dict[str, int]:
        return {uri: page["position"] for uri, page in self.pages.items() if "position" in page}

    def fill_course_map(self, markdown: str, src_uri: str) -> str:
        """The home page's course map in place of its mark (``docs/<lang>/index.md``)."""
        if src_uri != f"{self.language}/index.md" or COURSE_MAP_MARK not in markdown or not self.course_map:
            return markdown
        return markdown.replace(COURSE_MAP_MARK, "\n\n" + self.course_map + "\n\n")

    def frame(self, html: str, uri: str) -> str:
        frame = self.pages.get(uri, {}).get("frame")
        return frame_page(html, *frame) if frame else html


class CourseSite:
    def __init__(self, root: Path, languages: list[str]):
        self.root = root
        self.languages = languages  # as the site builds them, the default first
        # The reference pages check() rendered, by language, for page_set() of the same build
        # to take once: the page is rendered once per build, not twice.
        self._references: dict[str, dict] = {}

    @classmethod
    def from_registry(cls, root: Path) -> "CourseSite":
        return cls(root, codes(root))

    def check(self, course: Course) -> None:
        """The course file exists and lists the site's languages, and each language's
        reference file makes its page (problems go to the course)."""
        if course.outline is None:
            course.problems.add(COURSE_FILE, 0, "the site needs the course file: the lessons in order, with a "
                                                "title and focus per language (see the author guide)")
        elif self.languages and course.outline.readable and course.outline.languages != self.languages:
            course.problems.add(COURSE_FILE, 1, f"'languages' must be the site's languages, the default first: "
                                                f"[{', '.join(self.languages)}] ({REGISTRY_FILE})")
        self._references = {}
        for lang in self.languages:  # a reference file that cannot make its page, at its line
            try:
                self._references[lang] = reference_pages(self.root, [lang], course.outline)
            except ReferenceProblem as problem:
                course.problems.add(problem.path, problem.line, problem.message)
                self._references[lang] = {}  # the preview goes on without the page

    def page_set(self, course: Course, lang: str) -> PageSet:
        """Everything the course adds to the site of ``lang``."""
        found = PageSet(lang)
        for key, page in course.pages.items():
            page_lang, slug = key.split("/", 1)
            if page_lang == lang:
                found.pages[lesson_page(lang, slug)] = {"markdown": page.markdown, "owner": str(page.lesson.path)}
                found.blocks.update(page.blocks)
        outline = course.outline
        for entry in outline.lessons if outline else []:
            uri = lesson_page(lang, entry.slug)
            if lang in entry.in_progress:
                found.pages[uri] = {"markdown": notice_markdown(self.root, outline, entry, lang), "owner": COURSE_FILE}
            if uri in found.pages:
                found.pages[uri].update(position=entry.position, title=entry.title_in(lang)[0],
                                        frame=list(frame_html(self.root, outline, entry.slug, lang)))
        references = self._references.pop(lang, None)  # rendered by check() for this build
        if references is None:
            try:
                references = reference_pages(self.root, [lang], outline)
            except ReferenceProblem:  # reported by check(); the preview goes on without the page
                references = {}
        for uri, (owner, markdown) in references.items():
            found.pages[uri] = {"markdown": markdown, "owner": str(owner)}
        source = glossary_pages(self.root, [lang]).get(glossary_page(lang))
        if source is not None:
            found.pages[glossary_page(lang)] = {"markdown": source.read_text(encoding="utf-8"),
                                                "owner": source.relative_to(self.root).as_posix()}
        if outline is not None and outline.lessons:
            found.course_map = course_map_html(self.root, course, lang)
        if lang == self.languages[0]:
            found.coverage = coverage_markdown(coverage(course), words_to=SITE_WORDS_TO)
        return found


def author_guide_link(root: Path, dest_uri: str, lang: str) -> dict:
    """The footer's link to the author guide from the page written to ``dest_uri``: its
    relative address and its label in the page's language."""
    folder = posixpath.dirname(dest_uri) or "."
    url = posixpath.relpath(AUTHOR_GUIDE, folder) + "/"
    return {"url": url, "label": ui_text(root, lang, "site.authorGuide")}


def run_course(root: Path, markdown, *, cache: bool, memo: LessonMemo | None) -> tuple[Course, CourseSite]:
    """Read, run, check and render the course at ``root`` for the site (every language); the
    site that checked it, which holds the reference pages it rendered for its page sets."""
    course = build_course(root, markdown=markdown, cache_folder=root / CACHE_FOLDER if cache else None,
                          use_cache=cache, memo=memo)
    site = CourseSite.from_registry(root)
    site.check(course)
    return course, site


def stub_lesson_pages(course: Course) -> None:
    """While the preview shows problems, lesson pages hold nothing that could fail the build
    again (a broken link would abort it in strict mode before the error page is up)."""
    for page in course.pages.values():
        page.markdown = f"# {page.lesson.slug}\n"
        page.blocks.clear()
