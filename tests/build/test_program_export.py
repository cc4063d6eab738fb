"""Take the code home: every shown snippet of every lesson becomes a program for the real
SDKs that needs nothing of fake_client; the swap of the stand-in's names, the page's rule
for the learner's code (one table for both), and the build's refusal, at file and line, of a
snippet whose program would still need fake_client."""

import ast
import importlib
import json
from pathlib import Path

import pytest

from lesson_builder import build_course
from lesson_builder._lesson_parser import parse_lesson
from lesson_builder._problems import Problems
from lesson_builder._program_export import lesson_programs, program_text
from lesson_builder._sdk_imports import REAL_HOME, rewrite
from support.repo_course import repo_course

REPO = Path(__file__).resolve().parents[2]
COURSE = repo_course()
LESSONS = sorted(COURSE.lessons)
CASES = json.loads((REPO / "frontend" / "shared" / "program-export-cases.json").read_text(encoding="utf-8"))["cases"]


MODELS = COURSE.outline.model_ids()


def programs_of(key: str):
    lesson = COURSE.lessons[key]
    problems = Problems()
    return lesson, lesson_programs(lesson, REPO, lesson.slug, problems), problems


def assigned_models(text: str) -> dict[str, str]:
    """The program's module-level assignments of a constant string to a course model's name."""
    return {target.id: node.value.value for node in ast.parse(text).body if isinstance(node, ast.Assign)
            for target in node.targets if isinstance(target, ast.Name) and target.id in MODELS
            and isinstance(node.value, ast.Constant)}


def used_names(text: str) -> set[str]:
    return {node.id for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Name) and node.id in MODELS
            and isinstance(node.ctx, ast.Load)}


def fake_client_imports(text: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] == "fake_client"]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "fake_client":
            found.append(node.module)
        elif isinstance(node, ast.Name) and node.id == "fake_client":
            found.append("the name fake_client")
    return found


@pytest.mark.parametrize("key", LESSONS)
def test_every_shown_snippet_exports_a_program_without_fake_client(key):
    lesson, programs, problems = programs_of(key)
    assert not problems, problems.report()
    shown = [snippet.id for snippet in lesson.snippets.values() if not snippet.hidden]
    assert sorted(programs) == sorted(shown), "a shown snippet has no program"
    for snippet_id, program in programs.items():
        assert fake_client_imports(program.text) == [], f"{key} {snippet_id}"
        # The page's language is the page's runtime's, never the program's: at home a real
        # model answers in the language it is asked in.
        assert "page_language" not in program.text, f"{key} {snippet_id}"
        assert program.file == f"{lesson.slug}-{snippet_id}.py"
        # The snippet's own code is the last part, after everything it continues.
        assert program.text.endswith(program_text("", program.lines, program.code))


@pytest.mark.parametrize("key", LESSONS)
def test_take_home_programs_carry_the_course_models_they_use_as_plain_assignments(key):
    """Lesson code names no model id; the program taken home names the ids current when the
    site was built, assigned before any code uses them, and only the ones it uses."""
    _, programs, _ = programs_of(key)
    for snippet_id, program in programs.items():
        text = program.text
        used = used_names(text)
        assert assigned_models(text) == {name: MODELS[name] for name in used}, f"{key} {snippet_id}"
        for name in used:
            assignment = f'{name} = "{MODELS[name]}"\n'
            assert text.index(assignment) < text.index("# --- ", text.index(assignment)), f"{key} {snippet_id}"
            assert text.count(assignment) == 1


def test_the_course_models_reach_programs_of_both_sdks():
    carried = set()
    for key in LESSONS:
        for program in programs_of(key)[1].values():
            carried |= set(assigned_models(program.text).items())
    assert carried == set(MODELS.items())


def test_a_program_from_a_course_with_other_ids_carries_those(tmp_path):
    lesson = parse_lesson("lessons/demo/bg.md", "---\ntitle: x\nsummary: y\n---\n\n```python id=ask\n"
                          "from fake_client import Anthropic\n\nprint(Anthropic().messages.create(model=MODEL, "
                          "max_tokens=9, messages=[]))\n```\n", "demo", "bg", Problems())
    lesson.models = {"MODEL": "claude-sonnet-5-5", "OPENAI_MODEL": "gpt-5.6-sol"}  # as the build sets them
    programs = lesson_programs(lesson, REPO, "demo", Problems())
    text = programs["ask"].text
    assert assigned_models(text) == {"MODEL": "claude-sonnet-5-5"}  # OPENAI_MODEL: not used, not carried
    header = json.loads((REPO / "frontend/page/strings/bg.json").read_text(encoding="utf-8"))["export.header.models"]
    assert f"# --- {header} ---\nMODEL = \"claude-sonnet-5-5\"\n" in text


def test_the_programs_use_both_sdks_and_the_recording_helper_somewhere():
    """The course's programs cover both SDK shapes and fake_client.recording()."""
    seen, recording = set(), 0
    for key in LESSONS:
        for program in programs_of(key)[1].values():
            seen |= program.sdks
            recording += "def recording():" in program.text
    assert seen == {"anthropic", "openai"}
    assert recording >= 1  # the lessons that record calls change as they are rewritten; one is enough here


def test_a_program_carries_its_chain_in_order_and_a_header_in_the_page_language():
    lesson, programs, _ = programs_of("bg/first-steps")
    program = programs["round-trip"]  # continues ask, which continues shop
    text = program.text
    order = [text.index(f"пример „{snippet_id}“") for snippet_id in ("shop", "ask", "round-trip")]
    assert order == sorted(order)
    assert lesson.snippets["shop"].code.split("\n")[-1].strip() in text
    header = text.split("\n\n", 1)[0]
    # The header's first line is the page language's own string, filled in (not typed twice here).
    title = json.loads((Path(__file__).resolve().parents[2] / "frontend/page/strings/bg.json").read_text(encoding="utf-8"))["export.header.title"]
    assert header.startswith("# " + title.format(lesson="first-steps", snippet="round-trip"))
    assert "pip install anthropic" in header and "ANTHROPIC_API_KEY" in header
    assert "from anthropic import Anthropic" in text and "from fake_client" not in text


def test_the_recording_helper_replaces_fake_client_recording():
    _, programs, _ = programs_of("zh/agent-loop")
    text = programs["no-agent"].text  # from fake_client import recording, over the Anthropic shape
    assert "from anthropic.resources.messages import Messages" in text
    assert "with recording() as agent_calls:" in text
    assert "from fake_client" not in text and "import fake_client" not in text


@pytest.mark.parametrize("name", sorted(REAL_HOME))
def test_every_swapped_name_exists_in_the_real_sdk(name):
    homes = [REAL_HOME[name]] if REAL_HOME[name] else ["anthropic", "openai"]
    for home in homes:
        assert hasattr(importlib.import_module(home), name), f"{home}.{name}"


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_program_text_follows_the_table_the_page_is_tested_on(case):
    assert program_text(case["before"], case["lines"], case["code"]) == case["program"]


@pytest.mark.parametrize(("code", "sdks", "becomes"), [
    ("from fake_client import Anthropic  # real: from anthropic import Anthropic",
     {"anthropic"}, {"from fake_client import Anthropic  # real: from anthropic import Anthropic":
                     "from anthropic import Anthropic"}),
    ("from fake_client import Anthropic, OpenAI, recording",
     {"anthropic", "openai"}, {"from fake_client import Anthropic, OpenAI, recording":
                               "from anthropic import Anthropic\nfrom openai import OpenAI"}),
    ("def f():\n    import fake_client as openai\n    return openai.OpenAI()",
     {"openai"}, {"import fake_client as openai": "import openai"}),
    ("import json, fake_client\nwith fake_client.recording() as calls:\n    client = fake_client.OpenAI()",
     {"openai"}, {"import json, fake_client": "import json\nimport openai",
                  "with fake_client.recording() as calls:": "with recording() as calls:",
                  "client = fake_client.OpenAI()": "client = openai.OpenAI()"}),
    ("from fake_client import OpenAI, BadRequestError", {"openai"},
     {"from fake_client import OpenAI, BadRequestError": "from openai import OpenAI, BadRequestError"}),
    # a fault on demand is the course's own: in the program the call is a comment
    ("import fake_client\nfake_client.faults.next(\"rate_limit\", times=3)  # three 429s\n"
     "client = fake_client.Anthropic()", {"anthropic"},
     {"import fake_client": "import anthropic",
      "fake_client.faults.next(\"rate_limit\", times=3)  # three 429s":
          "# fake_client.faults.next(\"rate_limit\", times=3)  # three 429s",
      "client = fake_client.Anthropic()": "client = anthropic.Anthropic()"}),
    # a block left with nothing but the comment keeps a `pass`, so the program still parses
    ("from fake_client import AsyncAnthropic, OverloadedError, faults\nif True:\n    faults.next(\"overloaded\")",
     {"anthropic"}, {"from fake_client import AsyncAnthropic, OverloadedError, faults":
                     "from anthropic import AsyncAnthropic, OverloadedError",
                     "faults.next(\"overloaded\")": "pass  # faults.next(\"overloaded\")"}),
    ("from fake_client import faults\nfor fault in []:\n    faults.next(fault)\n    faults.next(\"refusal\")\n"
     "    print(fault)",
     set(), {"from fake_client import faults": "",
             "faults.next(fault)": "# faults.next(fault)",
             "faults.next(\"refusal\")": "# faults.next(\"refusal\")"}),
])
def test_the_stand_ins_names_are_swapped_line_by_line(code, sdks, becomes):
    result = rewrite(code, sdks)
    assert result.problems == []
    assert result.lines == becomes
    assert result.sdks == sdks


@pytest.mark.parametrize(("code", "line", "says"), [
    ("x = 1\nimport fake_client as fc", 2, "name it after the SDK"),
    ("from fake_client.worlds import shop", 1, "part of the course's stand-in"),
    ("import fake_client\nprint(fake_client.worlds)", 2, "'worlds' exists only in fake_client"),
    ("from fake_client import Anthropic, OpenAI, BadRequestError", 1, "in both SDKs"),
    ("from fake_client import (\n    Anthropic,\n)", 1, "on a line of its own, in one line"),
    ("import fake_client as openai; x = 1", 1, "on a line of its own"),
    ("import fake_client\nmodules = [fake_client]", 2, "used here as a whole"),
    ("import fake_client\nprint(fake_client.faults.NAMES)", 2, "'faults' exists only in fake_client"),
    ("import fake_client\nfake_client.faults.next(\n    \"refusal\")", 2, "on one line"),
])
def test_what_only_the_stand_in_has_is_refused_at_its_line(code, line, says):
    result = rewrite(code, {"anthropic", "openai"} if "BadRequestError" in code else {"openai"})
    assert [problem_line for problem_line, _ in result.problems] == [line]
    assert says in result.problems[0][1]


def test_the_build_refuses_a_snippet_whose_program_needs_fake_client(tmp_path):
    folder = tmp_path / "lessons" / "demo"
    folder.mkdir(parents=True)
    (folder / "bg.md").write_text(
        "---\ntitle: Демо\nsummary: проба\n---\n\n# Демо\n\n"
        "```python id=setup hidden\nimport fake_client as fc\n```\n\n"
        "```python id=ask continues=setup\nprint(fc.__name__)\n```\n\n"
        "```output\nfake_client\n```\n", encoding="utf-8")
    course = build_course(tmp_path, render=False, use_cache=False)
    messages = [str(problem) for problem in course.problems]
    assert messages == ["lessons/demo/bg.md:9: snippet 'setup' cannot be taken home as a program for the real "
                        "SDK: `import fake_client as fc`: name it after the SDK it stands for (`as anthropic` or "
                        "`as openai`), so that the program can import the real one"]


def test_a_snippet_that_does_not_parse_has_no_program_and_no_problem():
    lesson = parse_lesson("lessons/demo/bg.md", "---\ntitle: x\nsummary: y\n---\n\n```python id=broken\nprint(\n```\n"
                          "\n```output\n  File \"<snippet>\", line 1\n```\n", "demo", "bg", Problems())
    problems = Problems()
    assert lesson_programs(lesson, REPO, "demo", problems) == {}
    assert not problems
