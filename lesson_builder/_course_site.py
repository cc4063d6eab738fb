"""The course file applied to the MkDocs site: a notice page for each translation in
progress, one glossary page per language, menu names and positions from the course file,
the frame around each lesson page. Called in one line from each event of the plugin.

The site's languages come from the language registry (``lessons/languages.yaml``); the course
file must list the same ones, the default first (it is built at the site root), and so must
mkdocs-static-i18n's configuration (checked here until the site is built one language at a time).
"""

import posixpath
import re
from pathlib import Path
from typing import Optional

from ._build import Course
from ._course_file import COURSE_FILE
from ._course_map import COURSE_MAP_MARK, course_map_html
from ._course_pages import frame_html, frame_page, notice_markdown
from ._glossary import glossary_pages
from ._languages import REGISTRY_FILE, codes
from ._lesson_links import lesson_page
from ._strings import ui_text

AUTHOR_GUIDE = "authoring/"  # the one author guide, outside the languages (docs/authoring/index.md)
LESSON_PAGE = re.compile(r"^(?P<lang>[a-z]{2,3})/lessons/(?P<slug>[^/]+)/index\.md$")


class CourseSite:
    def __init__(self, root: Path, languages: list[str]):
        self.root = root
        self.languages = languages  # as the site builds them, the default first

    @classmethod
    def from_registry(cls, root: Path) -> "CourseSite":
        return cls(root, codes(root))

    def check(self, course: Course) -> None:
        """The course file exists and lists the site's languages (problems go to the course)."""
        if course.outline is None:
            course.problems.add(COURSE_FILE, 0, "the site needs the course file: the lessons in order, with a "
                                                "title and focus per language (see the author guide)")
        elif self.languages and course.outline.readable and course.outline.languages != self.languages:
            course.problems.add(COURSE_FILE, 1, f"'languages' must be the site's languages, the default first: "
                                                f"[{', '.join(self.languages)}] ({REGISTRY_FILE})")

    def extra_pages(self, course: Course) -> dict[str, tuple[str, str]]:
        """Docs path → (source file, markdown) of every notice and glossary page."""
        outline = course.outline
        pages: dict[str, tuple[str, str]] = {}
        for entry in outline.lessons if outline else []:
            for lang in sorted(entry.in_progress):
                markdown = notice_markdown(self.root, outline, entry, lang)
                pages[lesson_page(lang, entry.slug)] = (COURSE_FILE, markdown)
        for uri, source in glossary_pages(self.root, self.languages).items():
            pages[uri] = (source.relative_to(self.root).as_posix(), source.read_text(encoding="utf-8"))
        return pages

    def lesson_positions(self, course: Course) -> dict[str, int]:
        """Docs path of every lesson page (written or notice) → its place in the course."""
        outline = course.outline
        return {lesson_page(lang, entry.slug): entry.position
                for entry in (outline.lessons if outline else []) for lang in outline.languages}

    def name_page(self, page, course: Optional[Course]) -> None:
        """A lesson's menu entry carries the course file's short name in the page's language."""
        entry, lang = _lesson_of(page.file.src_uri, course)
        if entry is not None:
            page.title = entry.title_in(lang)[0] or page.title

    def fill_course_map(self, markdown: str, src_uri: str, course: Optional[Course]) -> str:
        """A home page's course map in place of its mark (``docs/<lang>/index.md``)."""
        lang = src_uri.split("/", 1)[0]
        if COURSE_MAP_MARK not in markdown or course is None or course.outline is None or lang not in self.languages:
            return markdown
        return markdown.replace(COURSE_MAP_MARK, "\n\n" + course_map_html(self.root, course, lang) + "\n\n")

    def author_guide_link(self, dest_uri: str) -> dict:
        """The footer's link to the author guide from the page written to ``dest_uri``: its
        relative address and its label in the page's language."""
        first = dest_uri.split("/", 1)[0]
        lang = first if first in self.languages[1:] else (self.languages[0] if self.languages else "")
        folder = posixpath.dirname(dest_uri) or "."
        url = posixpath.relpath(AUTHOR_GUIDE, folder) + "/"
        return {"url": url, "label": ui_text(self.root, lang, "site.authorGuide")}

    def frame(self, html: str, src_uri: str, course: Optional[Course]) -> str:
        entry, lang = _lesson_of(src_uri, course)
        if entry is None:
            return html
        above, below = frame_html(self.root, course.outline, entry.slug, lang)
        return frame_page(html, above, below)


def _lesson_of(src_uri: str, course: Optional[Course]):
    """(course entry, language) of a lesson page's docs path, or (None, None)."""
    match = LESSON_PAGE.match(src_uri)
    outline = course.outline if course is not None else None
    if match is None or outline is None:
        return None, None
    return outline.lesson(match["slug"]), match["lang"]
