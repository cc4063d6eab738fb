"""The course in the browser: the language switcher on a lesson lands on the same lesson
(written or a notice), and a notice's links lead to the lesson in a language it is written in."""

from pathlib import Path

import pytest

from lesson_builder import scan_course

REPO = Path(__file__).resolve().parents[2]

OUTLINE = scan_course(REPO).outline


def lesson_path(lang: str, slug: str) -> str:
    return ("" if lang == OUTLINE.languages[0] else f"{lang}/") + f"lessons/{slug}/"


@pytest.mark.parametrize(("slug", "start", "target"), [
    ("first-steps", "ru", "fa"),  # written in both
    ("tool-loop", "bg", "zh"),  # written → in progress
    ("agent-loop", "bg", "uk"),  # in progress → written
])
def test_language_switcher_on_a_lesson_lands_on_the_same_lesson(page, site_url, slug, start, target):
    page.goto(site_url(lesson_path(start, slug)))
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'.md-header__option .md-select__link[hreflang="{target}"]').click()
    page.wait_for_url(site_url(lesson_path(target, slug)))
    assert page.locator("html").get_attribute("lang") == target
    written = target not in OUTLINE.lesson(slug).in_progress
    assert page.locator(f'[data-lesson-notice="{slug}"]').count() == (0 if written else 1)


def test_a_notice_leads_to_the_lesson_where_it_is_written(page, site_url):
    # Whichever translation is still in progress (any lesson, any language).
    entry = next(entry for entry in OUTLINE.lessons if entry.in_progress)
    page.goto(site_url(lesson_path(sorted(entry.in_progress)[0], entry.slug)))
    written = next(lang for lang in OUTLINE.languages if lang not in entry.in_progress)
    page.locator(f'[data-lesson-notice] a[hreflang="{written}"]').click()
    page.wait_for_url(site_url(lesson_path(written, entry.slug)))
    assert page.locator("html").get_attribute("lang") == written
    assert page.locator("[data-lesson-notice]").count() == 0
