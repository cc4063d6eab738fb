"""What the course file adds to the pages: the notice page of a translation in progress, and
the frame around each lesson (its prerequisites and the glossary above, the next lesson below).

Links between pages of one language are relative URLs that work from any lesson folder
(``../<slug>/``); links to another language's page are computed from the site layout (the
default language at the root, every other one under ``/<lang>/``). The texts are the front
end's UI strings (``frontend/page/strings/<lang>.json``), so one file holds every UI word.
"""

import posixpath
from html import escape
from pathlib import Path

from ._course_file import CourseLesson, CourseOutline
from ._languages import language
from ._strings import ui_text

GLOSSARY_URL_FROM_LESSON = "../../glossary/"
HOME_URL_FROM_LESSON = "../../"


def lesson_url(lang: str, slug: str, default_lang: str) -> str:
    """The site path of a lesson's page, without a leading slash."""
    prefix = "" if lang == default_lang else f"{lang}/"
    return f"{prefix}lessons/{slug}/"


def url_between(from_url: str, to_url: str) -> str:
    """A relative URL from one directory URL of the site to another."""
    relative = posixpath.relpath("/" + to_url.rstrip("/"), "/" + from_url.rstrip("/"))
    return relative.rstrip("/") + "/"


def notice_markdown(root: Path, outline: CourseOutline, entry: CourseLesson, lang: str) -> str:
    """The page of a lesson whose translation to ``lang`` is in progress: in ``lang`` only,
    with links to the lesson in every language it is written in."""
    default = outline.languages[0]
    here = lesson_url(lang, entry.slug, default)
    written = [other for other in outline.languages if other not in entry.in_progress]
    links = "\n".join(
        f'  <li><a href="{escape(url_between(here, lesson_url(other, entry.slug, default)))}" '
        f'hreflang="{other}" lang="{other}"{_direction(root, other)}>{escape(language(root, other).name)}</a></li>'
        for other in written)
    title, title_lang = entry.title_in(lang)
    focus, focus_lang = entry.focus_in(lang)
    # A language in progress may have no title or focus yet: the page says so in its language.
    untranslated = (f"<p>{escape(ui_text(root, lang, 'course.notice.untitled'))}</p>\n"
                    if lang not in (title_lang, focus_lang) or title_lang != focus_lang else "")
    return (
        f"---\ntitle: {_yaml_string(title)}\n---\n\n"
        f"# {in_language(root, title, title_lang, lang)}\n\n"
        f'<div class="lesson-notice" data-lesson-notice="{escape(entry.slug)}">\n'
        f"<p><strong>{escape(ui_text(root, lang, 'course.notice.missing'))}</strong></p>\n"
        f"{untranslated}"
        f"<p>{in_language(root, focus, focus_lang, lang)}</p>\n"
        f"<p>{escape(ui_text(root, lang, 'course.notice.readIn'))}</p>\n"
        f'<ul class="lesson-notice__languages">\n{links}\n</ul>\n'
        f"</div>\n"
    )


def frame_html(root: Path, outline: CourseOutline, slug: str, lang: str) -> tuple[str, str]:
    """(above, below) a lesson's content: prerequisites and glossary; the next lesson."""
    entry = outline.lesson(slug)
    if entry is None:
        return "", ""
    items = [f'<a href="../{escape(p)}/" data-prerequisite="{escape(p)}">'
             f"{in_language(root, *outline.lesson(p).title_in(lang), lang)}</a>" for p in entry.prerequisites]
    before = (f"<span>{escape(ui_text(root, lang, 'course.prerequisites'))}</span> " + ", ".join(items)
              if items else f"<span>{escape(ui_text(root, lang, 'course.noPrerequisites'))}</span>")
    above = (f'<nav class="lesson-course" data-lesson-course="{escape(slug)}" aria-label="{escape(ui_text(root, lang, "course.region"))}">'
             f'<p class="lesson-course__position">{escape(ui_text(root, lang, "course.position", n=entry.position, total=len(outline.lessons)))}</p>'
             f'<p class="lesson-course__before">{before}</p>'
             f'<p class="lesson-course__glossary"><a href="{GLOSSARY_URL_FROM_LESSON}" data-glossary-link>'
             f"{escape(ui_text(root, lang, 'course.glossary'))}</a></p></nav>")
    following = outline.next_of(slug)
    if following is not None:
        link = (f'<a href="../{escape(following.slug)}/" data-next-lesson="{escape(following.slug)}">'
                f"{in_language(root, *following.title_in(lang), lang)}</a>")
        body = (f"<p><span>{escape(ui_text(root, lang, 'course.next'))}</span> {link}</p>"
                f"<p>{in_language(root, *following.focus_in(lang), lang)}</p>")
    else:
        body = (f"<p>{escape(ui_text(root, lang, 'course.last'))} "
                f'<a href="{HOME_URL_FROM_LESSON}">{escape(ui_text(root, lang, "course.allLessons"))}</a></p>')
    below = (f'<nav class="lesson-next" data-lesson-next aria-label="{escape(ui_text(root, lang, "course.next").rstrip(":："))}">'
             f"{body}</nav>")
    return above, below


def frame_page(html: str, above: str, below: str) -> str:
    """The page's content with the frame: ``above`` right after the first heading."""
    end = html.find("</h1>")
    if end < 0:
        return above + html + below
    end += len("</h1>")
    return html[:end] + above + html[end:] + below


def in_language(root: Path, text: str, text_lang: str, page_lang: str) -> str:
    """``text`` as HTML on a page in ``page_lang``: marked with its own language (and
    direction) when it is another one, so that a screen reader reads it in that language."""
    if text_lang == page_lang:
        return escape(text)
    return f'<span lang="{escape(text_lang)}"{_direction(root, text_lang)}>{escape(text)}</span>'


def _direction(root: Path, lang: str) -> str:
    return ' dir="rtl"' if language(root, lang).direction == "rtl" else ""


def _yaml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
