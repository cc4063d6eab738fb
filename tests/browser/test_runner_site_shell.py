"""The site around the runner: languages, the switcher, search, accessibility, and no
console error or outside request on any page of the shell."""

import pytest
from support.axe_support import serious_violations
from support.languages import NATIVE_NAMES

LANGUAGES = NATIVE_NAMES


def home(lang: str) -> str:
    return "" if lang == "bg" else f"{lang}/"


# The site root (bg) and a language under its own folder, right to left (fa); every page of
# every language is opened by tests/browser/test_a11y_pages.py, which fails on any console
# error or outside request too.
@pytest.mark.parametrize("lang", ["bg", "fa"])
def test_home_and_playground_load_cleanly(page, site_url, page_log, lang):
    # The page fixture fails the test on any console error or request to another host.
    for path in (home(lang), home(lang) + "playground/"):
        page.goto(site_url(path), wait_until="load")
        if path.endswith("playground/"):  # Python starts when the page is idle
            page.wait_for_function("() => document.documentElement.dataset.pythonStarts")
        # Late requests (the language switcher's sitemaps, search) log their errors too.
        page.wait_for_timeout(1500)
        assert page.locator("html").get_attribute("lang") == lang
    assert any("/assets/runtime/main.js" in url for url in page_log.requests)


def test_root_page_offers_each_language_in_its_own_name(page, site_url):
    page.goto(site_url())
    links = page.locator(".language-list a")
    names = {link.get_attribute("hreflang"): link.text_content().strip() for link in links.all()}
    assert names == LANGUAGES
    for lang, name in LANGUAGES.items():
        assert links.filter(has_text=name).get_attribute("lang") == lang
    page.locator(".language-list a[hreflang=zh]").click()
    page.wait_for_url(site_url("zh/"))


@pytest.mark.parametrize(("start", "target"), [("fa/playground/", "ru"), ("playground/", "fa"), ("uk/", "bg")])
def test_language_switcher_lands_on_the_same_page(page, site_url, start, target):
    page.goto(site_url(start))
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'.md-header__option .md-select__link[hreflang="{target}"]').click()
    same_page = start.split("/", 1)[1] if start.split("/", 1)[0] in LANGUAGES else start
    expected = site_url(("" if target == "bg" else f"{target}/") + same_page)
    page.wait_for_url(expected)
    assert page.locator("html").get_attribute("lang") == target


# One language per way of cutting words: Cyrillic (bg, at the site root), Persian (Arabic
# script, a zero-width non-joiner inside words) and Chinese (jieba); Russian is searched below.
@pytest.mark.parametrize(("lang", "word"), [("bg", "браузър"), ("fa", "مرورگر"), ("zh", "浏览器")])
def test_search_finds_words_of_each_language(page, site_url, lang, word):
    page.goto(site_url(home(lang)))
    search = page.locator("input.md-search__input")
    search.click()
    # Material shows "initializing search" until its worker has built the index; a query
    # typed before that is answered from an empty index.
    page.wait_for_function(
        "initial => document.querySelector('.md-search-result__meta').textContent.trim() !== initial",
        arg=page.locator(".md-search-result__meta").text_content().strip(),
        # The index of all five languages' lessons (megabytes) is built in Material's worker;
        # on a loaded two-core machine that takes far longer than on a learner's laptop.
        timeout=90000,
    )
    search.fill(word)
    # Material reads the query on keyup; Playwright inserts non-Latin text without key
    # events, so finish with a real key, as a person's typing would.
    search.press("End")
    results = page.locator(".md-search-result__item")
    # attached, not visible: in right-to-left layout the panel may sit outside the viewport
    results.first.wait_for(state="attached", timeout=60000)
    hrefs = [link.get_attribute("href") for link in page.locator(".md-search-result__link").all()]
    prefix = "" if lang == "bg" else f"/{lang}/"
    assert any(prefix in href or (lang == "bg" and not any(f"/{o}/" in href for o in LANGUAGES)) for href in hrefs)


def test_the_search_index_waits_for_search_and_is_the_pages_language(page, site_url):
    """Material's index is neither fetched nor parsed while a lesson page starts (it was 5.5 MB
    of all five languages, on every page); focus in the search field asks for the page's
    language's file only, and the search answers from it."""
    asked: list[str] = []
    page.on("request", lambda request: "search_index" in request.url and asked.append(request.url))
    page.goto(site_url("ru/lessons/tool-loop/"), wait_until="load")
    page.wait_for_function("() => document.documentElement.dataset.pythonStarts")
    page.wait_for_timeout(1000)
    assert asked == []
    search = page.locator("input.md-search__input")
    initial = page.locator(".md-search-result__meta").text_content().strip()
    search.click()
    # "Initializing search" until Material's worker has built the index from the file.
    page.wait_for_function("initial => document.querySelector('.md-search-result__meta').textContent.trim() !== initial",
                           arg=initial, timeout=60000)
    search.fill("браузере")
    search.press("End")  # Material reads the query on keyup
    page.locator(".md-search-result__item").first.wait_for(state="attached", timeout=60000)
    assert [url.rsplit("/", 1)[1].split("?")[0] for url in asked] == ["search_index.ru.json"]
    hrefs = [link.get_attribute("href") for link in page.locator(".md-search-result__link").all()]
    assert hrefs and all("/ru/" in href for href in hrefs)


def test_a_search_highlight_address_fetches_the_index_at_once(page, site_url):
    asked: list[str] = []
    page.on("request", lambda request: "search_index" in request.url and asked.append(request.url))
    page.goto(site_url("zh/lessons/tool-loop/?h=" + "工具"), wait_until="load")
    page.wait_for_function("() => document.querySelector('mark[data-md-highlight]')", timeout=60000)
    assert [url.rsplit("/", 1)[1].split("?")[0] for url in asked] == ["search_index.zh.json"]


# With Python started and the snippets idle; every page of every language is checked as it
# mounts by tests/browser/test_a11y_pages.py.
@pytest.mark.parametrize("lang", ["fa"])
def test_no_serious_accessibility_violation(page, site_url, snippets, lang):
    page.goto(site_url(home(lang) + "playground/"))
    snippets.wait_state("try-tools", "idle")
    assert serious_violations(page) == []
