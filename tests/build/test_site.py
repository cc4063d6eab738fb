"""The built site as files: `mkdocs build --strict` passes, five languages, the runtime in
one place at the root, every page linked to it, nothing loaded from another host, and the
playground's hand-written snippet HTML in step with what its code prints."""

from __future__ import annotations

import html
import json
import re
import zipfile
from pathlib import Path

import pytest
from support.languages import COURSE_LANGUAGES

from lesson_builder._languages import language
from lesson_builder._site_languages import search_languages

REPO = Path(__file__).resolve().parents[2]
LANGUAGES = list(COURSE_LANGUAGES)
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]


def prefix(lang: str) -> str:
    return "" if lang == LANGUAGES[0] else f"{lang}/"


def pages(site: Path) -> list[Path]:
    return sorted(path for path in site.rglob("index.html") if "assets" not in path.parts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_home_and_playground_in_its_language(site, lang):
    for page in ("index.html", "playground/index.html"):
        text = (site / prefix(lang) / page).read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in text
        direction = re.search(r'<body dir="(\w+)"', text).group(1)
        assert direction == ("rtl" if lang == "fa" else "ltr")


def test_every_page_links_the_one_runtime_bundle_at_the_site_root(site):
    runtime = site / "assets" / "runtime"
    checked = 0
    for page in pages(site):
        text = page.read_text(encoding="utf-8")
        match = re.search(r'<script type="module" src="([^"?]+)\?v=\w+" data-pyodide="([^"]+)"', text)
        assert match, f"{page} does not load the runtime bundle"
        assert (page.parent / match.group(1)).resolve() == (runtime / "main.js").resolve()
        assert (runtime / match.group(2) / "pyodide.mjs").is_file()
        checked += 1
    assert checked >= 10
    # Only one copy: the languages share it (and the browser cache).
    assert len(list(site.rglob("pyodide.asm.wasm"))) == 1


def test_pyodide_files_come_from_the_pinned_npm_package(site):
    package = json.loads((REPO / "node_modules" / "pyodide" / "package.json").read_text())
    pinned = json.loads((REPO / "package.json").read_text())["dependencies"]["pyodide"]
    assert package["version"] == pinned
    folder = site / "assets" / "runtime" / f"pyodide-{pinned}"
    for name in PYODIDE_FILES:
        assert (folder / name).read_bytes() == (REPO / "node_modules" / "pyodide" / name).read_bytes()


def test_python_packages_zip_is_the_repository_source(site):
    with zipfile.ZipFile(site / "assets" / "runtime" / "lessons-python.zip") as archive:
        names = set(archive.namelist())
        for package in ("fake_client", "lesson_runtime"):
            sources = [p for p in (REPO / package).rglob("*.py") if "__pycache__" not in p.parts]
            assert sources
            for source in sources:
                name = source.relative_to(REPO).as_posix()
                assert name in names, name
                assert archive.read(name) == source.read_bytes(), name
        assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)


RESOURCE = re.compile(r'<(?:script|link|img|iframe|source)\b[^>]*?\b(?:src|href)="([^"]+)"', re.I)


def test_no_page_loads_anything_from_another_host(site):
    for page in pages(site) + [site / "404.html"]:
        for url in RESOURCE.findall(page.read_text(encoding="utf-8")):
            assert not re.match(r"^(https?:)?//", url), f"{page}: {url}"
    for sheet in list(site.rglob("*.css")):
        text = sheet.read_text(encoding="utf-8", errors="replace")
        assert "fonts.googleapis" not in text and "@import url(http" not in text, sheet


def test_a_sitemap_beside_every_page_for_the_language_switcher(site):
    for page in pages(site):
        assert (page.parent / "sitemap.xml").is_file(), page.parent


def test_search_indexes_each_language_in_its_own_file(site):
    """One index per language (a page asks for its own language's only), none for all."""
    assert not (site / "search" / "search_index.json").exists()
    folders = {lang: prefix(lang) for lang in LANGUAGES}
    for lang, folder in folders.items():
        path = site / "search" / f"search_index.{lang}.json"
        index = json.loads(path.read_text(encoding="utf-8"))
        assert index["config"]["lang"] == search_languages(language(REPO, lang)), lang  # its own stemmers
        assert "\\u200b" in index["config"]["separator"], lang
        locations = [doc["location"] for doc in index["docs"]]
        assert any(location.startswith(folder + "lessons/") for location in locations), lang
        others = [other for other in folders.values() if other and other != folder]
        assert not [location for location in locations if location.startswith(tuple(others))], lang
        # Written as UTF-8 (Cyrillic takes two bytes a letter, not six as \\u0431).
        assert "\\u04" not in path.read_text(encoding="utf-8"), lang
    # Chinese text is split into words (jieba) so that a word is found inside a sentence.
    chinese = json.loads((site / "search" / "search_index.zh.json").read_text(encoding="utf-8"))
    assert "\u200b" in " ".join(doc["text"] for doc in chinese["docs"] if doc["location"].startswith("zh/lessons/"))


SNIPPET = re.compile(
    r'<div class="lesson-snippet" data-snippet="(?P<id>[^"]+)" data-state="idle">\s*'
    r"<script type=\"application/json\" data-config>(?P<config>.*?)</script>\s*"
    r'<pre class="snippet-source" dir="ltr"><code>(?P<code>.*?)</code></pre>',
    re.S,
)
EXPECTED = re.compile(r'<div class="snippet-expected" data-expected-for="([^"]+)"><pre dir="ltr"><code>(.*?)</code></pre>', re.S)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_playground_snippets_print_what_the_page_says(lang):
    """docs/<lang>/playground.md holds snippet HTML written by hand: its config, its shown
    code and its shown output must agree with what lesson_runtime prints."""
    from lesson_runtime import outputs_match, run_chain

    source = (REPO / "docs" / lang / "playground.md").read_text(encoding="utf-8")
    shown = {sid: html.unescape(text) for sid, text in EXPECTED.findall(source)}
    snippets = list(SNIPPET.finditer(source))
    assert len(snippets) == 4
    for match in snippets:
        config = json.loads(match.group("config").replace("<\\/", "</"))
        assert config["id"] == match.group("id")
        assert config["code"] == html.unescape(match.group("code"))
        if config["expected"] is None:
            assert config["id"] not in shown
            continue
        transcript = run_chain(config["setup"], config["code"], timeout=config["timeout"])
        assert transcript["status"] == "done"
        assert outputs_match(transcript["output"], config["expected"]), config["id"]
        assert outputs_match(transcript["output"], shown[config["id"]]), config["id"]
