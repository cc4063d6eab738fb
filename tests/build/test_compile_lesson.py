"""compile_lesson: one lesson in one language → its artifact, kept by a hash of its inputs.
The same inputs give the same artifact back from the cache (nothing run, nothing drawn), a
changed input compiles the lesson again, and the checks across the course read artifacts."""

import shutil
from pathlib import Path

from test_lesson_builder import SHOP, quiz_lesson, write

from lesson_builder import Problem, check_across_course, compile_lesson, compile_tools, scan_course
from lesson_builder._problems import Problems

QUIZ = """\
- id: pick
  kind: multiple-choice
  prompt: Which one asks for the tool?
  options:
    - {text: ask, correct: true, explanation: It sends the question.}
    - {text: shop, explanation: It only sets up.}
"""
QUIZ_FILE = "quizzes/demo/bg.yaml"
REPO = Path(__file__).resolve().parents[2]


def compiled(root: Path, key: str = "bg/demo", **options):
    """The artifact of ``key`` with the tools of a new build (its memory empty), and those tools."""
    with compile_tools(root, **options) as tools:
        return compile_lesson(scan_course(root).lesson_inputs(key, tools), tools), tools


def test_the_same_inputs_give_the_same_artifact_back_from_the_cache(tmp_path):
    root = write(tmp_path, quiz_lesson("pick"), QUIZ)
    first, tools = compiled(root)
    assert not first.loaded and first.problems == [] and tools.runner.ran == 2 and tools.pictures.drawn == 1
    assert first.snippet_runs["ask"]["output"] == "tool_use\n" and "data-run-picture" in "".join(first.page.blocks.values())
    again, tools = compiled(root)
    assert again.loaded and tools.runner.ran == 0 and tools.pictures.drawn == 0
    assert again.digest == first.digest and again.outcome() == first.outcome()
    assert again.lesson is not first.lesson  # the lesson as this build read it, not a stored copy


def test_a_changed_quiz_file_compiles_the_lesson_again(tmp_path):
    root = write(tmp_path, quiz_lesson("pick"), QUIZ)
    first, _ = compiled(root)
    quiz_file = root / QUIZ_FILE
    quiz_file.write_text(quiz_file.read_text(encoding="utf-8").replace("Which one", "Which snippet"), encoding="utf-8")
    changed, tools = compiled(root)
    assert not changed.loaded and changed.digest != first.digest
    assert "Which snippet" in changed.quiz_configs["pick"]["prompt_html"]
    assert tools.runner.ran == 0  # its chains did not change: their transcripts came from the cache
    assert compiled(root)[0].loaded


def test_a_change_to_the_strings_or_the_runtime_compiles_it_again(tmp_path):
    root = write(tmp_path, SHOP)
    shutil.copytree(REPO / "fake_client", root / "fake_client", ignore=shutil.ignore_patterns("__pycache__"))
    compiled(root)
    strings = root / "frontend" / "page" / "strings"
    strings.mkdir(parents=True)
    (strings / "bg.json").write_text('{"lesson.setupCode": "Код за начало"}', encoding="utf-8")
    again, tools = compiled(root)
    assert not again.loaded and tools.runner.ran == 0 and "Код за начало" in "".join(again.page.blocks.values())
    assert compiled(root)[0].loaded
    init = root / "fake_client" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + "\n# a comment changes the source\n", encoding="utf-8")
    changed, tools = compiled(root)
    assert not changed.loaded and tools.runner.ran == 2


def test_inputs_made_without_the_tools_fingerprints_are_compiled_but_never_kept(tmp_path):
    root = write(tmp_path, SHOP)
    inputs = scan_course(root).lesson_inputs("bg/demo")  # no runtime, builder or markdown fingerprint
    assert not compile_lesson(inputs).problems
    assert not compile_lesson(inputs).loaded and not (root / ".lesson-cache" / "artifacts").exists()


def test_an_artifact_with_a_problem_is_not_kept(tmp_path):
    root = write(tmp_path, SHOP.replace("tool_use\n```", "end_turn\n```"))
    first, _ = compiled(root)
    assert [problem.subject for problem in first.problems] == ["snippet ask"]
    again, _ = compiled(root)
    assert not again.loaded and again.problems == first.problems


def test_the_disk_keeps_the_artifacts_of_a_lesson_used_last_and_lets_the_older_go(tmp_path):
    root = write(tmp_path, SHOP)
    page = root / "lessons" / "demo" / "bg.md"
    text = page.read_text(encoding="utf-8")
    for edit in range(6):
        page.write_text(f"{text}\nEdit {edit}.\n", encoding="utf-8")
        compiled(root)
    assert len(list((root / ".lesson-cache" / "artifacts").glob("bg.demo.*.pickle"))) == 4
    assert compiled(root)[0].loaded  # the last one is among them
    page.write_text(f"{text}\nEdit 0.\n", encoding="utf-8")
    assert not compiled(root)[0].loaded  # the first one is let go


def test_without_a_cache_nothing_is_kept(tmp_path):
    root = write(tmp_path, SHOP)
    compiled(root, use_cache=False)
    assert not (root / ".lesson-cache").exists()
    assert not compiled(root, use_cache=False)[0].loaded


def test_a_check_across_the_course_reads_the_artifacts_and_fails_on_code_out_of_step(tmp_path):
    root = write(tmp_path, SHOP)
    russian = root / "lessons" / "demo" / "ru.md"
    russian.write_text((root / "lessons" / "demo" / "bg.md").read_text(encoding="utf-8"), encoding="utf-8")

    def across() -> list[Problem]:
        course = scan_course(root)
        with compile_tools(root) as tools:
            artifacts = [compile_lesson(course.lesson_inputs(key, tools), tools) for key in ("bg/demo", "ru/demo")]
        assert all(artifact.problems == [] for artifact in artifacts)  # each lesson is right on its own
        problems = Problems()
        check_across_course(artifacts, ["bg", "ru"], ["demo"], problems)
        return list(problems)

    assert across() == []
    russian.write_text(russian.read_text(encoding="utf-8").replace("max_tokens=100", "max_tokens=200"),
                       encoding="utf-8")
    [problem] = across()
    line = next(n for n, text in enumerate(russian.read_text(encoding="utf-8").split("\n"), 1) if "max_tokens" in text)
    assert (problem.path, problem.line, problem.subject) == ("lessons/demo/ru.md", line, "snippet ask")
    assert problem.message.startswith("snippet 'ask' is not the code of lessons/demo/bg.md")
