"""A sixth language, end to end, on a copy of the project: Macedonian (`mk`) is added as the
language registry says a language is added (its registry entry, its UI strings, its fake_client
locale) plus content (one lesson page with its quiz file, the lesson's title and focus in the
course file, a home page, the reference page's words: the lesson links to it), and nothing else; the front end is bundled and the strict site build
is green, with the lesson built in Macedonian at /mk/, in the language switcher of every
language, and searchable in its own index.

Kept cheap: the copy holds the sample lesson only (tests/support/site_copy.py); the new
language's texts are the Bulgarian ones (their translation is not what is tested)."""

import json
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from support.site_copy import make_site_copy, mkdocs_build, tree_digest

CODE, NAME = "mk", "Македонски"
ENTRY = f"""
  - code: {CODE}
    name: {NAME}
    direction: ltr
    digits: latn
    number: {{group: ".", decimal: ","}}
    theme: mk
    search: [ru]
    script: cyrillic
    reading: {{words: 180}}
    han_lines: false
    site:
      name: Алатки за LLM
      description: Лекции за повикување алатки од јазични модели
    nav: {{Lessons: Лекции}}
"""
ADDED = {"lessons/languages.yaml", f"frontend/page/strings/{CODE}.json", f"fake_client/locales/{CODE}.py",
         f"lessons/first-steps/{CODE}.md", f"quizzes/first-steps/{CODE}.yaml", "lessons/course.yaml",
         f"docs/{CODE}/index.md", f"lessons/REFERENCE.{CODE}.yaml"}


@pytest.fixture
def site(tmp_path) -> Path:
    return make_site_copy(tmp_path / "project")


def add_the_language(site: Path) -> None:
    registry = site / "lessons/languages.yaml"
    registry.write_text(registry.read_text(encoding="utf-8") + ENTRY, encoding="utf-8")
    strings = site / "frontend/page/strings"
    (strings / f"{CODE}.json").write_text((strings / "bg.json").read_text(encoding="utf-8"), encoding="utf-8")
    # The fake's Bulgarian words as Macedonian's (one Cyrillic language among others: no letter
    # only it writes, so the page's language decides).
    locale = (site / "fake_client/locales/bg.py").read_text(encoding="utf-8")
    locale = re.sub(r'^LETTERS = .*\n', "", locale, flags=re.M).replace('"""Bulgarian:', '"""Macedonian:', 1)
    (site / f"fake_client/locales/{CODE}.py").write_text(locale, encoding="utf-8")
    for page in ("lessons/first-steps/{}.md", "quizzes/first-steps/{}.yaml", "docs/{}/index.md",
                 "lessons/REFERENCE.{}.yaml"):
        text = (site / page.format("bg")).read_text(encoding="utf-8")
        text = "".join(line for line in text.splitlines(True) if "(playground.md)" not in line)  # none in mk yet
        (site / page.format(CODE)).parent.mkdir(parents=True, exist_ok=True)
        (site / page.format(CODE)).write_text(text, encoding="utf-8")
    course_file = site / "lessons/course.yaml"
    course = yaml.safe_load(course_file.read_text(encoding="utf-8"))
    lesson = course["lessons"][0]
    lesson["title"][CODE], lesson["focus"][CODE] = "Први чекори", "Едно барање до моделот и еден полн круг со алатка."
    course_file.write_text(yaml.safe_dump(course, allow_unicode=True, sort_keys=False, width=200), encoding="utf-8")


def test_a_sixth_language_is_a_registry_entry_strings_a_locale_and_content(site):
    before = tree_digest(site)
    add_the_language(site)
    after = tree_digest(site)
    assert {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)} == ADDED

    bundled = subprocess.run(["npm", "run", "build"], cwd=site, capture_output=True, text=True, timeout=300)
    assert bundled.returncode == 0, bundled.stderr[-2000:]
    assert CODE in json.loads((site / "frontend/dist/preload.json").read_text(encoding="utf-8"))  # its strings' chunk
    built = mkdocs_build(site)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]

    lesson = (site / "site" / CODE / "lessons/first-steps/index.html").read_text(encoding="utf-8")
    assert f'<html lang="{CODE}"' in lesson and "Алатки за LLM" in lesson and 'data-snippet="ask"' in lesson
    assert 'data-reference="mk"' in (site / "site" / CODE / "reference/index.html").read_text(encoding="utf-8")
    home = (site / "site" / CODE / "index.html").read_text(encoding="utf-8")
    assert 'data-course-lesson="first-steps"' in home and "Први чекори" in home  # the course map, in mk
    for other in ("", "fa/", "zh/"):  # the switcher of every language offers it by its own name
        page = (site / "site" / other / "index.html").read_text(encoding="utf-8")
        assert re.search(rf'hreflang="{CODE}"[^>]*>\s*{NAME}', page), other
    notice = (site / "site/fa/lessons/first-steps/index.html").read_text(encoding="utf-8")
    assert f'hreflang="{CODE}" lang="{CODE}">{NAME}</a>' in notice  # written in mk: linked from the notices
    index = json.loads((site / "site/search" / f"search_index.{CODE}.json").read_text(encoding="utf-8"))
    assert any(doc["location"].startswith(f"{CODE}/lessons/first-steps/") for doc in index["docs"])
