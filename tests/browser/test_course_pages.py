"""The course in the browser: the language switcher on a lesson lands on the same lesson
(written or a notice), and a notice's links lead to the lesson in a language it is written in.

Notices are the pages of translations in progress: the ``notice_site`` fixture serves the real
site while the course has one, else a copy that has some, so these tests always see one."""

from pathlib import Path

import pytest

from support.repo_course import repo_course

REPO = Path(__file__).resolve().parents[2]

OUTLINE = repo_course().outline


def lesson_path(outline, lang: str, slug: str) -> str:
    return ("" if lang == outline.languages[0] else f"{lang}/") + f"lessons/{slug}/"


def switch_language(page, lang: str) -> None:
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'.md-header__option .md-select__link[hreflang="{lang}"]').click()


@pytest.mark.parametrize(("slug", "start", "target"), [
    ("first-steps", "ru", "fa"),
    ("tool-loop", "bg", "fa"),  # into the right-to-left language
    ("agent-loop", "fa", "uk"),  # and out of it
])
def test_language_switcher_on_a_lesson_lands_on_the_same_lesson(page, site_url, slug, start, target):
    page.goto(site_url(lesson_path(OUTLINE, start, slug)))
    switch_language(page, target)
    page.wait_for_url(site_url(lesson_path(OUTLINE, target, slug)))
    assert page.locator("html").get_attribute("lang") == target
    written = target not in OUTLINE.lesson(slug).in_progress
    assert page.locator(f'[data-lesson-notice="{slug}"]').count() == (0 if written else 1)


def test_language_switcher_goes_from_a_written_lesson_to_its_notice_and_back(page, notice_site):
    outline, url = notice_site.outline, notice_site.url
    entry = next(entry for entry in outline.lessons if entry.in_progress)
    written = next(lang for lang in outline.languages if lang not in entry.in_progress)
    pending = sorted(entry.in_progress)[0]
    page.goto(url(lesson_path(outline, written, entry.slug)))
    assert page.locator("[data-lesson-notice]").count() == 0
    switch_language(page, pending)
    page.wait_for_url(url(lesson_path(outline, pending, entry.slug)))
    assert page.locator("html").get_attribute("lang") == pending
    assert page.locator(f'[data-lesson-notice="{entry.slug}"]').count() == 1
    switch_language(page, written)
    page.wait_for_url(url(lesson_path(outline, written, entry.slug)))
    assert page.locator("[data-lesson-notice]").count() == 0


def test_a_notice_leads_to_the_lesson_where_it_is_written(page, notice_site):
    outline, url = notice_site.outline, notice_site.url
    entry = next(entry for entry in outline.lessons if entry.in_progress)
    page.goto(url(lesson_path(outline, sorted(entry.in_progress)[0], entry.slug)))
    written = next(lang for lang in outline.languages if lang not in entry.in_progress)
    page.locator(f'[data-lesson-notice] a[hreflang="{written}"]').click()
    page.wait_for_url(url(lesson_path(outline, written, entry.slug)))
    assert page.locator("html").get_attribute("lang") == written
    assert page.locator("[data-lesson-notice]").count() == 0
