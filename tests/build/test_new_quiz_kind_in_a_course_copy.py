"""A new quiz kind is one folder: on a copy of the project, a toy kind (`type-the-output`: the
learner types what a program prints) is added as quiz_kinds/type_the_output/ (its
declaration, its widget, its generated config schema, its sample quiz and its test) and used
by one quiz of the sample lesson. Nothing else is touched: the front end is bundled and the
site built as always (a real `mkdocs build --strict`), the page carries the quiz with the
config the kind declared, the copy's own tests take the kind in (its test, the contract test
of every kind's sample, the widget held to its schema), and in Chromium the widget mounts
and judges an answer."""

import importlib.util
import json
import os
import re
import subprocess
import sys

import pytest

from lesson_builder._generated import as_json
from lesson_builder.kinds import kind_config_schema
from support.browser_harness import QuietHandler, serve
from support.site_copy import make_site_copy, mkdocs_build, tree_digest

FOLDER = "quiz_kinds/type_the_output"

KIND = '''"""type-the-output: the learner types what a program prints (a toy kind: its folder is all
it takes). The build proves the program runs; its output is the answer."""

from lesson_builder.kinds.kit import Field, QuizKind, Text, describe_run, page


class TypeTheOutput(QuizKind):
    name = "type-the-output"
    fields = [Field("code", Text("code"), required=True, doc="The program whose output the learner types.")]
    page_config = [page.Field("code", page.String(), "the program"),
                   page.Field("expected", page.String(), "what it prints")]

    def runs(self, quiz):
        return {"code": quiz.data["code"]}

    def check(self, ctx, runs):
        if runs["code"]["status"] != "done":
            ctx.problem("code", "the code " + describe_run(runs["code"]))

    def config(self, ctx, runs):
        return {"code": ctx.quiz.data["code"], "expected": runs["code"]["output"]}
'''

WIDGET = '''// type-the-output: the program, a line to type its output into, and Check.

import { button, codeBlock, h, verdictLine } from "../../frontend/widgets/quiz/kit.js";

export function mount(ctx) {
  const { config, t, body } = ctx;
  const typed = h("input", { type: "text", "data-typed": "", "aria-label": t("quiz.yourOutput") });
  const check = button(t("quiz.check"), { "data-action": "check" });
  const feedback = h("div", { class: "quiz-feedback", "data-feedback": "" });
  body.append(codeBlock(config.code), typed, h("div", { class: "quiz-actions" }, check), feedback);
  check.addEventListener("click", () => {
    const result = typed.value.trim() === config.expected.trim() ? "correct" : "incorrect";
    feedback.replaceChildren(verdictLine(t, result));
    ctx.settle(result, { typed: typed.value });
  });
}
'''

SAMPLE = """\
- id: type-sample
  kind: type-the-output
  prompt: What does it print?
  continues: shop
  code: |
    print(len(TOOLS))
"""

TEST = '''"""type-the-output: its config carries what the code prints."""

from support.demo_lesson import quiz_config, quiz_lesson, sample, write


def test_type_the_output_config_carries_what_the_code_prints(tmp_path):
    config = quiz_config(write(tmp_path, quiz_lesson("type-sample"), sample("type-the-output")), "type-sample")
    assert (config["code"], config["expected"]) == ("print(len(TOOLS))\\n", "1\\n")
'''

QUIZ = """
- id: type-it
  kind: type-the-output
  prompt: Какво отпечатва тази програма?
  code: |
    print(6 * 7)
"""


def add_the_kind(site) -> None:
    folder = site / FOLDER
    folder.mkdir()
    (folder / "kind.py").write_text(KIND, encoding="utf-8")
    (folder / "widget.js").write_text(WIDGET, encoding="utf-8")
    (folder / "sample.yaml").write_text(SAMPLE, encoding="utf-8")
    (folder / "test_type_the_output.py").write_text(TEST, encoding="utf-8")
    # Its config schema, as `python -m lesson_builder schema --write` makes it (that command
    # also rewrites the course-wide quiz schema and the guide, which a new kind may leave
    # for its own commit: the build needs neither).
    spec = importlib.util.spec_from_file_location("type_the_output_kind", folder / "kind.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    (folder / "config.schema.json").write_text(as_json(kind_config_schema(module.TypeTheOutput())), encoding="utf-8")
    quizzes = site / "quizzes/first-steps/bg.yaml"
    quizzes.write_text(quizzes.read_text(encoding="utf-8").rstrip("\n") + "\n" + QUIZ, encoding="utf-8")
    page = site / "lessons/first-steps/bg.md"
    page.write_text(page.read_text(encoding="utf-8").rstrip("\n") + "\n\n::: quiz type-it\n", encoding="utf-8")


@pytest.fixture(scope="module")
def site_copy(tmp_path_factory):
    site = make_site_copy(tmp_path_factory.mktemp("kind") / "project")
    before = tree_digest(site)
    add_the_kind(site)
    after = tree_digest(site)
    changed = sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))
    bundled = subprocess.run(["npm", "run", "build"], cwd=site, capture_output=True, text=True, timeout=300)
    assert bundled.returncode == 0, bundled.stdout[-2000:] + bundled.stderr[-2000:]
    built = mkdocs_build(site)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return site, changed


def test_the_kind_is_one_folder_and_the_page_carries_its_quiz(site_copy):
    site, changed = site_copy
    assert changed == ["lessons/first-steps/bg.md", f"{FOLDER}/config.schema.json", f"{FOLDER}/kind.py",
                       f"{FOLDER}/sample.yaml", f"{FOLDER}/test_type_the_output.py", f"{FOLDER}/widget.js",
                       "quizzes/first-steps/bg.yaml"]
    html = (site / "site/lessons/first-steps/index.html").read_text(encoding="utf-8")
    root = re.search(r'<div class="lesson-quiz" data-quiz="type-it" data-kind="type-the-output"[^>]*>\s*'
                     r'<script type="application/json" data-config>(.*?)</script>', html, re.S)
    assert root, "the quiz's root and config are on the page"
    config = json.loads(root[1])
    assert (config["code"], config["expected"]) == ("print(6 * 7)\n", "42\n")
    bundle = [path for path in (site / "frontend/dist/chunks").glob("*.js") if "data-typed" in path.read_text()]
    assert len(bundle) == 1, "the bundle has the kind's widget as a chunk of its own"


def test_the_copys_tests_take_the_kind_in(site_copy):
    site, _ = site_copy
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("PYTEST_", "TESTS_FAST"))}
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", FOLDER,
                            "tests/build/test_lesson_builder.py", "-k", "type_the_output or contract_says"],
                           cwd=site, capture_output=True, text=True, timeout=600, env=environment)
    assert tests.returncode == 0 and "2 passed" in tests.stdout, tests.stdout[-3000:]
    widget = subprocess.run(["node", "--test", "frontend/widgets/quiz/kind-folders.test.js"], cwd=site,
                            capture_output=True, text=True, timeout=300)
    assert widget.returncode == 0, widget.stdout[-3000:]
    assert re.search(r"^ok \d+ - type_the_output: the widget reads what the build sends", widget.stdout, re.M)


def test_the_widget_mounts_from_its_folder_and_judges_the_answer(site_copy, page):
    site, _ = site_copy
    server, base = serve(site / "site", QuietHandler)
    try:
        page.goto(base + "lessons/first-steps/")
        page.wait_for_selector("[data-lesson-progress]")
        quiz = page.locator('[data-quiz="type-it"]')
        quiz.locator("[data-typed]").fill("41")
        quiz.locator('[data-action="check"]').click()
        assert quiz.get_attribute("data-result") == "incorrect"
        quiz.locator("[data-typed]").fill("42")
        quiz.locator('[data-action="check"]').click()
        assert quiz.get_attribute("data-result") == "correct"
    finally:
        server.shutdown()
        server.server_close()
