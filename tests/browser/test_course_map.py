"""The course map of each home page: the lessons of lessons/course.yaml in order, in the
page's language, with focus, reading time and the mark of a translation in progress; the
learner's progress (answered quizzes, where to continue) from storage, kept current across
tabs; plain links without JavaScript; right to left, in Persian digits, on the Persian page."""

from __future__ import annotations

import json
import re

import pytest

from support.quiz_support import LANGUAGES, REPO_ROOT, VERDICT_MS
from support.repo_course import repo_course

COURSE = repo_course()
OUTLINE = COURSE.outline


def strings(lang: str) -> dict:
    return json.loads((REPO_ROOT / "frontend" / "page" / "strings" / f"{lang}.json").read_text(encoding="utf-8"))


def home(lang: str) -> str:
    return "" if lang == OUTLINE.languages[0] else f"{lang}/"


def lesson_path(lang: str, slug: str) -> str:
    return f"{home(lang)}lessons/{slug}/"


def quiz_count(lang: str, slug: str) -> int:
    quiz_file = COURSE.quiz_files.get(f"{lang}/{slug}")
    return len(quiz_file.quizzes) if quiz_file and lang not in OUTLINE.lesson(slug).in_progress else 0


def open_home(page, site_url, lang: str = "bg"):
    page.goto(site_url(home(lang)))
    page.wait_for_function("() => [...document.querySelectorAll('[data-course-lesson]')]"
                           ".every((item) => item.hasAttribute('data-progress'))")
    return page.locator("[data-course-map]")


def answer_a_quiz_without_python(page) -> str:
    """Answer the lesson's first multiple-choice quiz that is judged without a run; its id."""
    quiz_id = page.evaluate("""() => [...document.querySelectorAll('[data-quiz][data-kind="multiple-choice"]')]
        .find((root) => !('check' in JSON.parse(root.querySelector('script[data-config]').textContent)))
        .dataset.quiz""")
    root = page.locator(f'[data-quiz="{quiz_id}"]')
    root.locator('[data-option="0"]').click()
    root.locator('[data-action="check"]').click()
    page.wait_for_function("id => ['correct', 'incorrect'].includes(document.querySelector(`[data-quiz=\"${id}\"]`)"
                           ".dataset.result)", arg=quiz_id, timeout=VERDICT_MS)
    return quiz_id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_map_lists_the_course_in_order_in_the_page_language(page, site_url, lang):
    course_map = open_home(page, site_url, lang)
    text = strings(lang)
    assert course_map.get_attribute("aria-label") == text["courseMap.region"]
    items = course_map.locator("[data-course-lesson]")
    assert [items.nth(i).get_attribute("data-course-lesson") for i in range(items.count())] == OUTLINE.slugs()
    for index, entry in enumerate(OUTLINE.lessons):
        item = items.nth(index)
        link = item.locator("a.course-map__title")
        assert link.text_content() == entry.title[lang]
        assert link.evaluate("a => a.href") == site_url(lesson_path(lang, entry.slug))
        assert item.locator(".course-map__focus").text_content() == entry.focus[lang]
        total = quiz_count(lang, entry.slug)
        assert item.get_attribute("data-progress") == f"0/{total}"  # a fresh browser: nothing answered
        if lang in entry.in_progress:
            assert item.locator("[data-translation-in-progress]").text_content() == text["courseMap.inProgress"]
            assert item.locator(".course-map__time").count() == 0
        else:
            assert item.locator("[data-translation-in-progress]").count() == 0
            minutes = item.locator(".course-map__time").text_content()
            assert re.fullmatch(re.escape(text["courseMap.minutes"]).replace(r"\{minutes\}", "[0-9۰-۹]+"), minutes)
            progress = item.locator("[data-course-progress]")
            assert progress.is_visible() and progress.text_content().strip()
    start = course_map.locator("[data-course-continue]")
    assert start.is_visible()
    assert start.text_content().startswith(text["courseMap.start"])
    assert start.locator("a").get_attribute("data-continue-lesson") == OUTLINE.lessons[0].slug


def test_progress_and_continue_follow_what_the_learner_did(page, site_url):
    slug = OUTLINE.lessons[1].slug  # not the first: "continue" must not be the default
    page.goto(site_url(lesson_path("bg", slug)))
    answer_a_quiz_without_python(page)
    course_map = open_home(page, site_url)
    item = course_map.locator(f'[data-course-lesson="{slug}"]')
    total = quiz_count("bg", slug)
    assert item.get_attribute("data-progress") == f"1/{total}"
    text = strings("bg")
    assert item.locator("[data-course-progress]").text_content() == text["courseMap.progress"].format(answered=1, total=total)
    link = course_map.locator("[data-course-continue] a")
    assert course_map.locator("[data-course-continue]").text_content().startswith(text["courseMap.continue"])
    assert link.get_attribute("data-continue-lesson") == slug
    assert link.text_content() == text["courseMap.lesson"].format(n=2, title=OUTLINE.lessons[1].title["bg"])
    # By keyboard: the link takes focus and Enter follows it.
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(site_url(lesson_path("bg", slug)))


def test_another_tab_s_answers_show_on_an_open_map(page, site_url):
    course_map = open_home(page, site_url)
    first = OUTLINE.lessons[0].slug
    other = page.context.new_page()
    other.goto(site_url(lesson_path("bg", first)))
    answer_a_quiz_without_python(other)
    item = course_map.locator(f'[data-course-lesson="{first}"]')
    page.wait_for_function("slug => document.querySelector(`[data-course-lesson=\"${slug}\"]`).dataset.progress"
                           ".startsWith('1/')", arg=first)
    assert item.get_attribute("data-progress") == f"1/{quiz_count('bg', first)}"
    assert course_map.locator("[data-course-continue] a").get_attribute("data-continue-lesson") == first
    other.close()


def test_the_map_works_without_javascript(browser, site_url):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url(home("ru")))
        items = page.locator("[data-course-lesson]")
        assert items.count() == len(OUTLINE.lessons)
        assert page.locator("[data-course-lesson][data-progress]").count() == 0  # progress left out
        assert not page.locator("[data-course-continue]").is_visible()
        assert page.locator("[data-course-progress]:visible").count() == 0
        assert page.locator(".course-map__time:visible").count() == len(
            [entry for entry in OUTLINE.lessons if "ru" not in entry.in_progress])
        items.nth(2).locator("a").click()
        page.wait_for_url(site_url(lesson_path("ru", OUTLINE.lessons[2].slug)))
    finally:
        context.close()


def test_the_persian_map_reads_right_to_left_in_persian_digits(page, site_url):
    course_map = open_home(page, site_url, "fa")
    assert page.locator("body").get_attribute("dir") == "rtl"  # Material puts the direction on body
    styles = course_map.locator("ol").evaluate("ol => [getComputedStyle(ol).direction, getComputedStyle(ol).listStyleType]")
    assert styles == ["rtl", "persian"]
    written = next(entry.slug for entry in OUTLINE.lessons if "fa" not in entry.in_progress)
    item = course_map.locator(f'[data-course-lesson="{written}"]')
    assert re.search("[۰-۹]", item.locator(".course-map__time").text_content())
    assert re.search("[۰-۹]", item.locator("[data-course-progress]").text_content())
    assert not re.search("[0-9]", item.locator("[data-course-progress]").text_content())


def test_opening_a_lesson_is_where_the_map_continues(page, site_url):
    third = OUTLINE.lessons[2].slug
    page.goto(site_url(lesson_path("bg", third)))
    page.wait_for_selector("[data-lesson-progress]")  # the lesson's widgets are mounted: the visit is noted
    course_map = open_home(page, site_url)
    assert course_map.locator("[data-course-continue] a").get_attribute("data-continue-lesson") == third
    assert course_map.locator(f'[data-course-lesson="{third}"]').get_attribute("data-progress") == \
        f"0/{quiz_count('bg', third)}"


def test_without_storage_the_map_stays_as_built(page, site_url):
    from test_quiz_storage import STORAGE_DENIED

    page.add_init_script(STORAGE_DENIED)
    page.goto(site_url(""))
    page.wait_for_selector("[data-course-map][data-mounted]", state="attached")
    assert page.locator("[data-course-lesson]").count() == len(OUTLINE.lessons)
    assert page.locator("[data-course-lesson][data-progress]").count() == 0
    assert not page.locator("[data-course-continue]").is_visible()
