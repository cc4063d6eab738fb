"""The browser prints what the build proved: every snippet chain of every lesson, run in
real Pyodide (the npm package the site ships, in Node) through the same lesson_runtime and
fake_client, gives the transcript CPython gave at build time."""

from pathlib import Path

import pytest
from support.repo_course import built_repo_course, repo_course
from support.pyodide_host import SKIP_REASON, pyodide_available, run_chains


REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def course():
    return built_repo_course()


@pytest.fixture(scope="module")
def pyodide_runs(course):
    if not pyodide_available():
        pytest.skip(SKIP_REASON)
    jobs, keys = [], []
    for key, lesson in sorted(course.lessons.items()):
        for snippet in lesson.snippets.values():
            # What the page runs: the course's setup, the continued chain, the snippet, in its language.
            jobs.append({"setup": lesson.setup(snippet.continues), "code": snippet.code, "timeout": snippet.timeout,
                         "lang": lesson.lang})
            keys.append((key, snippet.id))
    return dict(zip(keys, run_chains(jobs)))


def _snippets():
    for key, lesson in sorted(repo_course().lessons.items()):
        for snippet_id in lesson.snippets:
            yield pytest.param(key, snippet_id, id=f"{key}::snippet:{snippet_id}")


# Node 20 has no WebAssembly stack switching (JSPI), which Pyodide needs to block on an
# event loop (asyncio.run); Chromium has it, and the browser tests run those snippets there.
NEEDS_JSPI = "WebAssembly stack switching not supported"


@pytest.mark.parametrize("key, snippet_id", list(_snippets()))
def test_pyodide_prints_what_cpython_printed(course, pyodide_runs, key, snippet_id):
    in_browser = pyodide_runs[(key, snippet_id)]
    at_build = course.snippet_runs[key][snippet_id]
    if NEEDS_JSPI in in_browser["output"] and NEEDS_JSPI not in at_build["output"]:
        pytest.xfail("asyncio.run needs JSPI, which Node 20 lacks (Chromium has it)")
    assert in_browser["output"] == at_build["output"]
    assert in_browser == at_build
