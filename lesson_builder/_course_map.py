"""The course map of a language's home page, from ``lessons/course.yaml``: the lessons in
order, each with its short title (a link to its page in that language), its focus, its
reading time and a mark while its translation is in progress.

It is plain HTML that works without JavaScript; ``frontend/widgets/course-map/`` adds the
learner's progress from storage (answered quizzes, "continue where you left off") using the
map's JSON config: the quiz ids of each lesson in that language. Contract: ARCHITECTURE.md,
"Course map".
"""

from html import escape
from pathlib import Path

from ._build import Course
from ._course_file import CourseOutline
from ._course_pages import in_language
from ._html import json_for_script
from ._languages import language
from ._reading_time import reading_minutes
from ._strings import ui_text

# The home page's place for the map (docs/<lang>/index.md), filled at build time.
COURSE_MAP_MARK = "<!-- lesson_builder course map -->"
# Links from a language's home page (its folder: "/" or "/<lang>/") to its lessons.
LESSON_URL_FROM_HOME = "lessons/{slug}/"


def course_map_html(root: Path, course: Course, lang: str) -> str:
    """The map of the course in ``lang`` (one block of HTML, no blank line inside, so that
    markdown passes it through as it is)."""
    outline: CourseOutline = course.outline
    items, config = [], []
    for entry in outline.lessons:
        lesson = course.lessons.get(f"{lang}/{entry.slug}")
        written = lesson is not None and lang not in entry.in_progress
        quiz_file = course.quiz_files.get(f"{lang}/{entry.slug}") if written else None
        quizzes = list(quiz_file.quizzes) if quiz_file else []
        title, title_lang = entry.title_in(lang)
        config.append({"slug": entry.slug, "title": title, "written": written, "quizzes": quizzes})
        if written:
            minutes = reading_minutes(lesson.text, language(root, lang))
            status = f'<span class="course-map__time">{escape(ui_text(root, lang, "courseMap.minutes", minutes=minutes))}</span>'
        else:
            status = (f'<span class="course-map__draft" data-translation-in-progress>'
                      f'{escape(ui_text(root, lang, "courseMap.inProgress"))}</span>')
        items.append(
            f'<li class="course-map__lesson" data-course-lesson="{escape(entry.slug)}">'
            f'<a class="course-map__title" href="{LESSON_URL_FROM_HOME.format(slug=escape(entry.slug))}">'
            f"{in_language(root, title, title_lang, lang)}</a>"
            f'<p class="course-map__focus">{in_language(root, *entry.focus_in(lang), lang)}</p>'
            f'<p class="course-map__meta">{status}'
            f'<span class="course-map__progress" data-course-progress hidden></span></p></li>')
    return (f'<nav class="course-map" data-course-map aria-label="{escape(ui_text(root, lang, "courseMap.region"))}">'
            f'<script type="application/json" data-config>{json_for_script({"lessons": config})}</script>'
            f'<p class="course-map__continue" data-course-continue hidden></p>'
            f'<ol class="course-map__lessons">{"".join(items)}</ol></nav>')
