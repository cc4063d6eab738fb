"""What the build keeps between builds never makes it say or show something stale: an edit
runs again only what it changed, a change of the fake model runs everything again, a warm
build writes the very site a cold one writes, and `mkdocs serve` shows an edit at once."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request
from pathlib import Path

import importlib.util

import pytest
from support.run_kind import refuse_in_fast_run

from lesson_builder import build_course
from lesson_builder._build import LessonMemo

REPO = Path(__file__).resolve().parents[2]
# The benchmark's copy of the project (one way to make it, and bench/ is no package).
_spec = importlib.util.spec_from_file_location("bench_build", REPO / "bench" / "build.py")
_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_bench)
project_copy = _bench.project_copy

ASK = '''---
title: "{title}"
summary: "Кратко"
---

```python id=shop hidden
from fake_client import Anthropic

TOOLS = [{{"name": "get_order_status", "description": "Статус на поръчка. Ползвай го, когато клиентът пита къде е поръчката.",
          "input_schema": {{"type": "object", "properties": {{"order_id": {{"type": "string"}}}}, "required": ["order_id"]}}}}]
client = Anthropic()
```

```python id=ask continues=shop
response = client.messages.create(model="claude-haiku-4-5", max_tokens=100, tools=TOOLS,
                                  messages=[{{"role": "user", "content": "Къде е поръчка {order}?"}}])
print(response.stop_reason)
```

```output
tool_use
```
'''


def two_lessons(root: Path) -> Path:
    for slug, order in (("one", 1042), ("two", 1187)):
        (root / "lessons" / slug).mkdir(parents=True)
        (root / "lessons" / slug / "bg.md").write_text(ASK.format(title=slug, order=order), encoding="utf-8")
    return root


def test_after_one_lesson_is_edited_only_its_changed_chains_run_again(tmp_path):
    root = two_lessons(tmp_path)
    assert build_course(root).chains_run == 3  # each lesson's ask, and their shop (the same chain) once
    assert build_course(root).chains_run == 0
    lesson = root / "lessons" / "two" / "bg.md"
    lesson.write_text(lesson.read_text(encoding="utf-8").replace("1187", "2001"), encoding="utf-8")
    course = build_course(root)
    assert course.chains_run == 1  # lesson two's ask; its shop did not change
    assert not course.problems


def test_a_changed_fake_client_runs_every_chain_again(tmp_path):
    root = two_lessons(tmp_path)
    shutil.copytree(REPO / "fake_client", root / "fake_client", ignore=shutil.ignore_patterns("__pycache__"))
    assert build_course(root).chains_run == 3
    assert build_course(root).chains_run == 0
    init = root / "fake_client" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + "\n# a comment changes the source\n", encoding="utf-8")
    assert build_course(root).chains_run == 3


def test_the_lesson_memo_gives_back_what_a_fresh_build_makes_and_notices_an_edit(tmp_path):
    root = two_lessons(tmp_path)
    memo = LessonMemo()
    first = build_course(root, memo=memo)
    again = build_course(root, memo=memo)
    fresh = build_course(root)
    assert {key: (page.markdown, page.blocks) for key, page in again.pages.items()} == \
           {key: (page.markdown, page.blocks) for key, page in fresh.pages.items()}
    assert again.quiz_configs == fresh.quiz_configs == first.quiz_configs
    lesson = root / "lessons" / "one" / "bg.md"
    lesson.write_text(lesson.read_text(encoding="utf-8").replace("1042", "3003"), encoding="utf-8")
    edited = build_course(root, memo=memo)
    assert "3003" in edited.pages["bg/one"].markdown + "".join(edited.pages["bg/one"].blocks.values())
    assert edited.pages["bg/two"].blocks == fresh.pages["bg/two"].blocks


def test_a_lesson_with_a_problem_is_checked_again_at_every_build(tmp_path):
    root = two_lessons(tmp_path)
    lesson = root / "lessons" / "one" / "bg.md"
    lesson.write_text(lesson.read_text(encoding="utf-8").replace("tool_use\n```", "end_turn\n```"), encoding="utf-8")
    memo = LessonMemo()
    assert len(build_course(root, memo=memo).problems) == 1
    assert len(build_course(root, memo=memo).problems) == 1
    # and its chains run again, not only its check: a run that read a loaded machine's clock
    # must not be kept as the lesson's output (lesson two, without a problem, runs nothing)
    again = build_course(root)
    assert len(again.problems) == 1 and again.chains_run == 2


# --- the whole site (mkdocs build, mkdocs serve) on a copy of the project ----------------

def _environment(copy: Path) -> dict:
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(copy)}


def _build(copy: Path, site: Path) -> str:
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                            cwd=copy, env=_environment(copy), capture_output=True, text=True)
    assert result.returncode == 0, f"mkdocs build failed:\n{result.stdout}\n{result.stderr}"
    return result.stderr


def _tree(site: Path) -> dict[str, bytes]:
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    refuse_in_fast_run("a copy of the project built with mkdocs")
    if not (REPO / "frontend" / "dist" / "main.js").is_file():
        pytest.skip("the front end is not bundled (npm run build)")
    copy = tmp_path_factory.mktemp("project") / "project"
    project_copy(copy)
    return copy


@pytest.mark.site
def test_a_warm_build_writes_the_same_site_as_a_cold_one(project, tmp_path):
    shutil.rmtree(project / ".lesson-cache", ignore_errors=True)
    cold_log = _build(project, tmp_path / "cold")
    warm_log = _build(project, tmp_path / "warm")
    runs = [int(n) for n in re.findall(r"answer key checked \((\d+) runs", cold_log + warm_log)]
    assert len(runs) == 2 and runs[0] > 100 and runs[1] == 0, (cold_log, warm_log)
    assert "languages built again: none" in warm_log, warm_log
    cold, warm = _tree(tmp_path / "cold"), _tree(tmp_path / "warm")
    assert sorted(cold) == sorted(warm)
    assert [name for name in cold if cold[name] != warm[name]] == []


@pytest.mark.site
def test_a_language_is_built_again_only_when_its_pages_change(project, tmp_path):
    # Each language other than the default is a build of its own (lesson_builder/_language_builds.py):
    # one whose inputs are the same is used as built, one whose lesson changed is built again.
    _build(project, tmp_path / "first")
    assert "languages built again: none" in _build(project, tmp_path / "again")
    lesson = project / "lessons" / "tool-loop" / "ru.md"
    original = lesson.read_text(encoding="utf-8")
    lesson.write_text(original.replace("# Цикл с инструментами\n", "# Цикл с инструментами\n\nНовое предложение.\n", 1),
                      encoding="utf-8")
    try:
        log = _build(project, tmp_path / "edited")
    finally:
        lesson.write_text(original, encoding="utf-8")
    # Russian, and the default language for the author guide's coverage table (it counts every lesson)
    assert re.search(r"languages built again: (bg, )?ru\n", log), log
    assert "Новое предложение." in (tmp_path / "edited/ru/lessons/tool-loop/index.html").read_text(encoding="utf-8")
    before, after = _tree(tmp_path / "again"), _tree(tmp_path / "edited")
    changed = sorted(name for name in before if before[name] != after.get(name))
    # (and the author guide, whose coverage table counts every lesson, with its search entries)
    others = ("search/search_index.ru.json", "sw.js", "authoring/index.html", "search/search_index.bg.json")
    assert changed and all(name.startswith("ru/") or name in others for name in changed), changed


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        text = response.read().decode("utf-8")
    return re.sub(r"livereload\(\d+, \d+\)", "livereload()", text)  # the server's build counters


# How long a rebuild after an edit may take: it reruns the edited lesson's snippets and quiz
# checks in its language, which took over two minutes on a loaded two-core CI machine. An
# upper bound only: a passing run waits as long as the rebuild takes.
REBUILD_S = 300


def _wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if condition():
                return True
        except OSError:  # the server is not up yet
            pass
        time.sleep(0.2)
    return False


@pytest.mark.site
def test_serve_shows_an_edit_of_one_lesson_and_keeps_the_other_pages(project):
    port = _free_port()
    base = f"http://127.0.0.1:{port}/"
    lesson = project / "lessons" / "tool-loop" / "ru.md"
    original = lesson.read_text(encoding="utf-8")
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"], cwd=project,
                              env=_environment(project), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert _wait_for(lambda: "<html" in _page(base + "ru/lessons/tool-loop/"), 300), "mkdocs serve never served"
        other_before = _page(base + "uk/lessons/first-steps/")
        edited = textwrap.dedent(original).replace("# Цикл с инструментами\n", "# Цикл с инструментами\n\n"
                                                   "Отредактированное предложение.\n", 1)
        assert edited != original
        lesson.write_text(edited, encoding="utf-8")
        assert _wait_for(lambda: "Отредактированное предложение." in _page(base + "ru/lessons/tool-loop/"), REBUILD_S)
        # The other pages are whole (kept, not stubs), the same as before the edit.
        assert _page(base + "uk/lessons/first-steps/") == other_before
        lesson.write_text(original, encoding="utf-8")
        assert _wait_for(lambda: "Отредактированное предложение." not in _page(base + "ru/lessons/tool-loop/"), REBUILD_S)
    finally:
        lesson.write_text(original, encoding="utf-8")
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.site
def test_serve_renders_again_the_pages_whose_navigation_an_edit_changed(project):
    # Under serve, a page is given back from memory when nothing it is made of changed: a
    # lesson's new title (the course file's) is in its own language's other pages, never in
    # another language's.
    port = _free_port()
    base = f"http://127.0.0.1:{port}/"
    lesson = project / "lessons" / "course.yaml"
    original = lesson.read_text(encoding="utf-8")
    retitled = original.replace('ru: "Цикл с инструментами"', 'ru: "Петля инструментов"', 1)
    assert retitled != original
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"], cwd=project,
                              env=_environment(project), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert _wait_for(lambda: "<html" in _page(base + "ru/lessons/first-steps/"), 300), "mkdocs serve never served"
        # The glossary names the lesson in its navigation alone.
        neighbour, elsewhere = base + "ru/glossary/", base + "uk/glossary/"
        elsewhere_before = _page(elsewhere)
        assert "Петля инструментов" not in _page(neighbour)
        lesson.write_text(retitled, encoding="utf-8")
        assert _wait_for(lambda: "Петля инструментов" in _page(neighbour), REBUILD_S), "a page kept its stale navigation"
        assert _page(elsewhere) == elsewhere_before
        lesson.write_text(original, encoding="utf-8")
        assert _wait_for(lambda: "Петля инструментов" not in _page(neighbour), REBUILD_S)
    finally:
        lesson.write_text(original, encoding="utf-8")
        server.terminate()
        server.wait(timeout=30)
