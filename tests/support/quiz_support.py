"""Helpers for the quiz browser tests (no tests here): open the sample lesson, find a quiz of
each kind, read its key from the page's own config, answer it through the DOM hooks of
DESIGN.md and wait for the verdict on `data-result`.

The tests take the right and wrong answers from the config the build proved (accepted
answers, keyed option, faulty line and its fix, reference solution; the empty blank and the
starter code are proved wrong), so they follow the content of `first-steps` as it changes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from quiz_kinds.find_bug.kind import apply_fix
from support.chromium import in_front
from support.languages import COURSE_LANGUAGES

REPO_ROOT = Path(__file__).resolve().parents[2]
LESSON_SLUG = "first-steps"
LANGUAGES = COURSE_LANGUAGES
STORAGE_KEY = "tool-lessons:v1"
# A check may have to wait for a cold Python start (4-8 s on a loaded 2-core machine).
VERDICT_MS = 90_000


def lesson_path(lang: str = "bg") -> str:
    """Site path of the sample lesson in one language (Bulgarian at the root)."""
    return f"lessons/{LESSON_SLUG}/" if lang == "bg" else f"{lang}/lessons/{LESSON_SLUG}/"


def equivalent_spelling(answer: str) -> str:
    """Another way to write the same Python expression: the other quotes around a string
    literal (`"tool_use"` → `'tool_use'`), else the expression in parentheses."""
    match = re.fullmatch(r'(\s*)(["\'])(.*)\2(\s*)', answer, flags=re.S)
    if match and "'" not in match.group(3) and '"' not in match.group(3):
        other = "'" if match.group(2) == '"' else '"'
        return f"{match.group(1)}{other}{match.group(3)}{other}{match.group(4)}"
    return f"({answer.strip()})"


def fixed_program(config: dict) -> str:
    """The find-bug program of the page's config with its faulty line replaced by the fix,
    which the page does not carry (no widget needs it): taken from the quiz file of the same
    id and code, in whichever language the page is."""
    for path in sorted((REPO_ROOT / "quizzes" / LESSON_SLUG).glob("*.yaml")):
        for quiz in yaml.safe_load(path.read_text(encoding="utf-8")):
            if quiz["id"] == config["id"] and quiz["code"] == config["code"]:
                return apply_fix(quiz["code"], quiz["line"], quiz["fix"])
    raise AssertionError(f"no quiz file of {LESSON_SLUG} has the find-bug quiz {config['id']} as the page shows it")


class Quizzes:
    """Drives the quizzes of the page through their DOM hooks only."""

    def __init__(self, page, site_url):
        self.page = page
        self.site_url = site_url

    def open(self, lang: str = "bg") -> None:
        self.page.goto(self.site_url(lesson_path(lang)))
        self.page.wait_for_selector("[data-lesson-progress]")

    def root(self, kind: str):
        """The first quiz of `kind` on the page (the sample lesson has one of each)."""
        roots = self.page.locator(f'[data-quiz][data-kind="{kind}"]')
        assert roots.count() > 0, f"no {kind} quiz on {self.page.url}"
        return roots.first

    def config(self, kind: str) -> dict:
        return json.loads(self.root(kind).locator("script[data-config]").first.text_content())

    def result(self, kind: str):
        return self.root(kind).get_attribute("data-result")

    def results(self) -> dict:
        return self.page.evaluate(
            "() => Object.fromEntries([...document.querySelectorAll('[data-quiz]')]"
            ".map((q) => [q.dataset.quiz, q.dataset.result || null]))"
        )

    def wait_verdict(self, kind: str, timeout: int = VERDICT_MS) -> str:
        """Wait until the quiz has a verdict (no longer pending) and return it."""
        quiz_id = self.root(kind).get_attribute("data-quiz")
        in_front(self.page)
        self.page.wait_for_function(
            "id => ['correct', 'incorrect'].includes(document.querySelector(`[data-quiz=\"${id}\"]`).dataset.result)",
            arg=quiz_id,
            timeout=timeout,
        )
        return self.result(kind)

    def check(self, kind: str) -> str:
        """Press Check and return the verdict. A kind that runs the program to check it
        (fill-in, exercise) must pass through `pending` first."""
        in_front(self.page)
        root = self.root(kind)
        root.evaluate(
            """root => {
                root._resultTrail = [];
                new MutationObserver(() => root._resultTrail.push(root.dataset.result))
                    .observe(root, {attributes: true, attributeFilter: ["data-result"]});
            }"""
        )
        root.locator('[data-action="check"]').click()
        verdict = self.wait_verdict(kind)
        if kind in ("fill-in", "exercise"):
            trail = root.evaluate("root => root._resultTrail")
            assert "pending" in trail, "a check sets data-result=pending while it runs"
        return verdict

    def fill_blanks(self, kind: str, answers: list[str]) -> None:
        for index, answer in enumerate(answers):
            self.root(kind).locator(f'[data-blank="{index}"]').fill(answer)

    def set_editor_code(self, kind: str, code: str) -> None:
        content = self.root(kind).locator("[data-editor] .cm-content")
        content.click()
        self.page.keyboard.press("ControlOrMeta+a")
        self.page.keyboard.press("Delete")
        # insert_text: typing would let the editor auto-indent after each newline
        self.page.keyboard.insert_text(code)

    def editor_code(self, kind: str) -> str:
        return self.root(kind).locator("[data-editor] .cm-content").inner_text()

    def stored(self):
        """Our key in localStorage, parsed (None when absent)."""
        raw = self.page.evaluate(f"() => localStorage.getItem({json.dumps(STORAGE_KEY)})")
        return None if raw is None else json.loads(raw)

    def progress_text(self) -> str:
        return self.page.locator("[data-progress-count]").text_content()

    def answered(self) -> int:
        return int(self.page.locator("[data-lesson-progress]").get_attribute("data-answered"))


@pytest.fixture
def quizzes(page, site_url):
    return Quizzes(page, site_url)
