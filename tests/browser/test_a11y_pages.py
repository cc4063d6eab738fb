"""axe-core finds no serious or critical violation on any page of the built site, in every
language: home (with its course map), every lesson and every notice, the glossary, the
reference page, the playground, the author guide and the 404 page. One Chromium and one tab for all of them
(the lesson pages share one Python, as a learner's visit does); each page is judged once its
widgets are mounted and it has settled."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

import pytest
from support.axe_support import serious_violations

from support.repo_course import repo_course

REPO = Path(__file__).resolve().parents[2]

OUTLINE = repo_course().outline


def is_local(url: str) -> bool:
    """The served site and in-page URLs; anything else would leave this machine."""
    parsed = urlparse(url)
    return parsed.scheme in ("data", "blob", "about") or parsed.hostname == "127.0.0.1"


def site_pages() -> list[str]:
    """Every page the site builds, as its path under the site root."""
    # The author guide's pages, from its folder (the plan was added after the guide).
    pages = ["404.html"] + sorted("authoring/" if path.stem == "index" else f"authoring/{path.stem}/"
                                  for path in (REPO / "docs" / "authoring").glob("*.md"))
    for lang in OUTLINE.languages:
        prefix = "" if lang == OUTLINE.languages[0] else f"{lang}/"
        pages += [prefix, f"{prefix}playground/", f"{prefix}glossary/", f"{prefix}reference/"]
        pages += [f"{prefix}lessons/{slug}/" for slug in OUTLINE.slugs()]
    return pages


PAGES = site_pages()

# Every widget of the page is in place: editors, quizzes (and the lesson's progress bar),
# the take-home controls of every snippet that has a program, the course map's progress.
SETTLED = """() => {
  const all = (selector, test) => [...document.querySelectorAll(selector)].every(test);
  const configOf = (root) => JSON.parse(root.querySelector(':scope > script[data-config]').textContent);
  return all('.lesson-snippet[data-snippet]', (s) => s.querySelector('[data-editor]')
                && (!configOf(s).program || s.querySelector('[data-action="copy-program"]')))
    && all('[data-quiz]', (q) => q.hasAttribute('data-mounted')
                && (q.querySelector('[data-quiz-body]') || q.hasAttribute('data-broken')))
    && (!document.querySelector('[data-quiz]') || document.querySelector('[data-lesson-progress]'))
    && all('[data-course-map] [data-course-lesson]', (item) => item.hasAttribute('data-progress'));
}"""


class OneTab:
    """One page of one context for the whole module, with its console watched per page."""

    def __init__(self, browser):
        self.context = browser.new_context()
        self.outside: list[str] = []
        self.errors: list[str] = []

        def guard(route):
            if is_local(route.request.url):
                route.continue_()
            else:
                self.outside.append(route.request.url)
                route.abort()

        self.context.route("**/*", guard)
        self.page = self.context.new_page()
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def open(self, url: str):
        self.outside.clear()
        self.errors.clear()
        self.page.goto(url)
        self.page.wait_for_function(SETTLED, timeout=30_000)
        return self.page


@pytest.fixture(scope="module")
def tab(browser):
    one = OneTab(browser)
    yield one
    one.context.close()


def test_the_list_holds_every_page_of_the_built_site(built_site):
    built = sorted(path.relative_to(built_site).as_posix() for path in built_site.rglob("*.html")
                   if path.relative_to(built_site).parts[0] != "assets")
    listed = sorted(page + "index.html" if page.endswith("/") or not page else page for page in PAGES)
    assert built == listed


@pytest.mark.parametrize("path", PAGES, ids=[page or "bg-home" for page in PAGES])
def test_page_has_no_serious_accessibility_violation(tab, site_url, path):
    page = tab.open(site_url(path))
    assert serious_violations(page) == []
    assert tab.errors == [], f"console errors on {path}"
    assert tab.outside == [], f"requests to other hosts from {path}"


def test_the_404_page_is_in_the_default_language_with_the_site_s_stylesheet(built_site):
    """Every language's build writes the one 404.html; the default language's stays."""
    html = (built_site / "404.html").read_text(encoding="utf-8")
    assert f'<html lang="{OUTLINE.languages[0]}"' in html
    assert 'href="/assets/runtime/main.css?v=' in html
