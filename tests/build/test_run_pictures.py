"""The build's run pictures, drawn by the page's own renderer in one Node process per build
(lesson_builder/_run_picture.py, _picture_renderer.py, tools/run-picture/): every snippet that
calls the model carries its picture, a warm build asks Node for none, a change of what a
picture is made of draws it again, and a picture that cannot be drawn is a problem at the
snippet's line. Chains run for real; Node is the real one."""

import json
import os
import signal
from pathlib import Path

import pytest

from support.demo_lesson import FRONT, SHOP

from lesson_builder import build_course
from lesson_builder._picture_renderer import RENDERER, PictureError, PictureRenderer
from lesson_builder._run_picture import _imported_files

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "content" / "golden"

# The build tests' sample: a hidden setup and one snippet that calls the model; then one that
# does not.
LESSON = FRONT + "\n" + SHOP + """
```python id=plain
print(1)
```

```output
1
```
"""


def course_root(root: Path, lesson: str = LESSON) -> Path:
    (root / "lessons" / "demo").mkdir(parents=True)
    (root / "lessons" / "demo" / "bg.md").write_text(lesson, encoding="utf-8")
    return root


def line_of(root: Path, needle: str) -> int:
    lines = (root / "lessons" / "demo" / "bg.md").read_text(encoding="utf-8").split("\n")
    return next(number for number, line in enumerate(lines, start=1) if needle in line)


def pictures(course) -> list[str]:
    return [block for page in course.pages.values() for block in page.blocks.values() if "data-run-picture" in block]


def test_a_warm_build_asks_node_for_no_picture_and_shows_the_same(tmp_path):
    root = course_root(tmp_path)
    cold = build_course(root)
    assert not cold.problems, cold.problems.report()
    assert cold.pictures_drawn == 1  # ask's run called the model; plain's did not, shop is hidden
    assert len(pictures(cold)) == 1
    warm = build_course(root)
    assert warm.pictures_drawn == 0  # so no Node process was started
    assert pictures(warm) == pictures(cold)


def test_a_picture_is_drawn_again_when_its_strings_change(tmp_path):
    root = course_root(tmp_path)
    strings = root / "frontend" / "page" / "strings"
    strings.mkdir(parents=True)
    table = json.loads((REPO / "frontend" / "page" / "strings" / "bg.json").read_text(encoding="utf-8"))
    (strings / "bg.json").write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")
    first = build_course(root)
    assert first.pictures_drawn == 1 and table["picture.title"] in pictures(first)[0]
    (strings / "bg.json").write_text(json.dumps({**table, "picture.title": "Разговорът"}, ensure_ascii=False),
                                     encoding="utf-8")
    again = build_course(root)
    assert again.pictures_drawn == 1
    assert '<span class="rp-title">Разговорът</span>' in pictures(again)[0]


def test_without_node_each_picture_is_a_problem_at_its_snippets_line(tmp_path, monkeypatch):
    root = course_root(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    problems = [str(problem) for problem in build_course(root, use_cache=False).problems]
    assert problems == [f"lessons/demo/bg.md:{line_of(root, 'id=ask')}: snippet 'ask': its run picture could not be "
                        "drawn: node could not start ([Errno 2] No such file or directory: 'node'); the build draws "
                        "run pictures with Node"]


NOT_A_NUMBER = '''---
title: "Демо"
summary: "Кратко"
---

```python id=ask
from fake_client import Anthropic, BadRequestError

schema = {"type": "object", "properties": {"n": {"type": "number", "default": float("nan")}}}
try:
    Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, messages=[{"role": "user", "content": "Здравей"}],
                                tools=[{"name": "f", "description": "Нещо.", "input_schema": schema}])
except BadRequestError as error:
    print(error.status_code)
```

```output
400
```
'''


def test_a_run_whose_calls_json_cannot_carry_is_a_problem_at_its_snippets_line(tmp_path):
    root = course_root(tmp_path, NOT_A_NUMBER)  # the page's worker hands its runs over as JSON
    problems = [str(problem) for problem in build_course(root, use_cache=False).problems]
    assert problems == [f"lessons/demo/bg.md:{line_of(root, 'id=ask')}: snippet 'ask': its run picture could not be "
                        "drawn: the run's calls hold a number JSON cannot carry (Out of range float values are not "
                        "JSON compliant); the page could not receive this run either"]


TOOL_LOOP = json.loads((GOLDEN / "tool-loop.bg.json").read_text(encoding="utf-8"))


def test_the_renderer_answers_each_picture_and_says_what_it_could_not_draw():
    renderer = PictureRenderer(REPO / "frontend" / "page" / "strings")
    try:
        calls = json.dumps(TOOL_LOOP["loop"]["calls"], ensure_ascii=False)
        asked = [renderer.submit("fa", calls), renderer.submit("fa", "5"), renderer.submit("ru", calls)]
        persian, russian = renderer.result(asked[0]), renderer.result(asked[2])
        assert persian.startswith('<details class="run-picture" data-run-picture data-api="anthropic">')
        assert '<td class="rp-num">۴۰۴</td>' in persian and 'data-input-tokens="404"' in persian
        assert "2 запроса, 1 вызов инструмента, 835 входных токенов" in russian
        with pytest.raises(PictureError, match="the renderer failed: TypeError"):
            renderer.result(asked[1])
        assert renderer.started
    finally:
        renderer.close()


def test_a_renderer_that_dies_fails_what_waits_and_what_is_asked_after():
    renderer = PictureRenderer(REPO / "frontend" / "page" / "strings")
    try:
        calls = json.dumps(TOOL_LOOP["loop"]["calls"], ensure_ascii=False)
        assert renderer.result(renderer.submit("bg", calls))
        os.kill(renderer._process.pid, signal.SIGKILL)  # as the out-of-memory killer would
        with pytest.raises(PictureError, match=r"node ended \(killed by signal 9\)"):
            renderer.result(renderer.submit("bg", calls))
        with pytest.raises(PictureError, match=r"node ended \(killed by signal 9\)"):
            renderer.result(renderer.submit("bg", calls))
    finally:
        renderer.close()


def test_the_cache_key_holds_every_module_the_renderer_imports():
    found = {path.relative_to(REPO).as_posix() for path in _imported_files(RENDERER)}
    assert {"tools/run-picture/render-pictures.mjs", "frontend/page/i18n.js", "frontend/shared/markup-tree.js",
            "frontend/shared/run-picture-model.js", "frontend/shared/run-picture-markup.js",
            "frontend/shared/run-picture-responses.js", "frontend/shared/plurals.js",
            "frontend/shared/steps.js"} <= found


# --- the built site ---------------------------------------------------------------------

def snippet_blocks(page_html: str) -> dict[str, str]:
    """Each shown snippet's markup, up to the next snippet (a picture sits in its root)."""
    chunks = page_html.split('<div class="lesson-snippet" data-snippet="')[1:]
    return {chunk.split('"', 1)[0]: chunk for chunk in chunks}


GOLDENS = sorted(GOLDEN.glob("*.json"))


@pytest.mark.parametrize("golden", GOLDENS, ids=[path.stem for path in GOLDENS])
def test_the_built_pages_carry_the_picture_of_every_snippet_that_calls_the_model(site, golden):
    slug, lang = golden.stem.rsplit(".", 1)
    page = site / ("" if lang == "bg" else lang) / "lessons" / slug / "index.html"
    blocks = snippet_blocks(page.read_text(encoding="utf-8"))
    runs = json.loads(golden.read_text(encoding="utf-8"))
    shown = [snippet_id for snippet_id in runs if snippet_id in blocks]
    assert len(shown) > len(runs) // 2
    for snippet_id in shown:
        calls = runs[snippet_id]["calls"]
        block = blocks[snippet_id]
        assert block.count("data-run-picture") == (1 if calls else 0), snippet_id
        assert block.count('<li class="rp-call"') == len(calls), snippet_id
