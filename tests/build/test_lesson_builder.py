"""lesson_builder without MkDocs: parsing with lines, every check failing where it must,
rendering, the command line. Content is written to a temporary folder; chains run for real
(subprocess, fake_client, lesson_runtime)."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema

import lesson_builder
from lesson_builder import QUIZ_KINDS, build_course, markdown_renderer
from lesson_builder.kinds import kind_folder
from support.demo_lesson import SHOP, line_of, one_problem, problems_of, quiz_lesson, sample, sample_id, write
from support.languages import COURSE_LANGUAGES

REPO = Path(__file__).resolve().parents[2]


# --- lessons ---------------------------------------------------------------------------

def test_a_lesson_whose_outputs_are_right_has_no_problems(tmp_path):
    assert problems_of(write(tmp_path, SHOP)) == []


def test_front_matter_fields_are_required(tmp_path):
    root = write(tmp_path, "")
    path = root / "lessons/demo/bg.md"
    path.write_text(path.read_text(encoding="utf-8").replace('summary: "Кратко"\n', 'summary: [3]\n'), encoding="utf-8")
    assert one_problem(root) == "lessons/demo/bg.md:3: front matter 'summary' must be text"
    # an unquoted scalar is the text as written, whatever YAML 1.1 makes of it (3, 1:30 → 90)
    path.write_text(path.read_text(encoding="utf-8").replace('summary: [3]\n', 'summary: 1:30\n'), encoding="utf-8")
    assert problems_of(root) == []


def test_place_and_neighbours_of_a_lesson_belong_to_the_course_file(tmp_path):
    root = write(tmp_path, "")
    path = root / "lessons/demo/bg.md"
    path.write_text(path.read_text(encoding="utf-8").replace("summary", "next: [demo]\nsummary"), encoding="utf-8")
    assert one_problem(root) == ("lessons/demo/bg.md:3: front matter 'next': a lesson's place, prerequisites and "
                                 "next lesson are in lessons/course.yaml; delete this line")


def test_stale_output_names_the_differing_line_and_shows_a_diff(tmp_path):
    root = write(tmp_path, SHOP.replace("tool_use\n```", "tool_use\nend_turn\n```"))
    problem = one_problem(root)
    assert problem.startswith(f"lessons/demo/bg.md:{line_of(root, 'lessons/demo/bg.md', 'end_turn')}: "
                              "shown output of snippet 'ask' differs from what it prints:\n")
    assert "-end_turn" in problem and "--- lessons/demo/bg.md (shown)" in problem


def test_a_raising_snippet_is_reported_at_its_failing_line(tmp_path):
    root = write(tmp_path, "```python id=boom\nx = 1\nprint({}['missing'])\n```\n")
    assert one_problem(root).startswith(
        "lessons/demo/bg.md:7: snippet 'boom' raises KeyError: 'missing'")


def test_a_raising_snippet_is_fine_when_its_traceback_is_shown(tmp_path):
    lesson = ("```python id=boom\nprint({}['missing'])\n```\n\n```output\nTraceback (most recent call last):\n"
              '  File "<snippet>", line 1\n    print({}[\'missing\'])\nKeyError: \'missing\'\n```\n')
    assert problems_of(write(tmp_path, lesson)) == []


def test_an_endless_snippet_is_stopped_and_reported(tmp_path):
    root = write(tmp_path, "```python id=spin timeout=1\nwhile True: pass\n```\n")
    assert one_problem(root) == ("lessons/demo/bg.md:6: snippet 'spin' does not finish: "
                                 "the run did not finish within 1 s (an endless loop?)")


def test_a_run_that_times_out_is_tried_once_more_alone(tmp_path):
    # A loaded machine can make a second-long chain miss its limit: the build tries it again
    # before it reports an endless loop. Each try leaves a line in the file.
    tries = tmp_path / "tries.txt"
    root = write(tmp_path, f"```python id=spin timeout=1\nopen({str(tries)!r}, 'a').write('try\\n')\n"
                           "while True: pass\n```\n")
    assert one_problem(root).endswith("the run did not finish within 1 s (an endless loop?)")
    assert tries.read_text() == "try\ntry\n"


def test_snippet_ids_must_be_unique_and_continues_must_exist(tmp_path):
    lesson = "```python id=a\nx = 1\n```\n\n```python id=a\nx = 2\n```\n\n```python id=b continues=aa\nprint(x)\n```\n"
    problems = problems_of(write(tmp_path, lesson))
    assert problems[0] == "lessons/demo/bg.md:9: duplicate snippet id 'a' (first used at line 5)"
    assert problems[1] == ("lessons/demo/bg.md:13: snippet 'b' continues unknown snippet 'aa' "
                           "(did you mean 'a'?)")


def test_an_output_block_must_follow_a_snippet(tmp_path):
    assert one_problem(write(tmp_path, "Text.\n\n```output\n1\n```\n")) == (
        "lessons/demo/bg.md:7: an ```output block must come right after a ```python id=... snippet")


def test_figures_come_from_the_run_and_bad_ones_are_reported(tmp_path):
    lesson = SHOP + "\nTokens: {{ run.ask.calls[0].response.usage.input_tokens }}, " \
                    "{{ run.ask.calls|length }} call, {{ run.ask.calls[3].x }} {{ run.nope.output }}\n"
    root = write(tmp_path, lesson)
    course = build_course(root, use_cache=False)
    line = line_of(root, "lessons/demo/bg.md", "Tokens:")
    assert [str(p) for p in course.problems] == [
        f"lessons/demo/bg.md:{line}: figure run.ask.calls[3].x: 'calls' has 1 items, so [3] does not exist",
        f"lessons/demo/bg.md:{line}: figure run.nope.output: unknown snippet 'nope'",
    ]
    tokens = course.snippet_runs["bg/demo"]["ask"]["calls"][0]["response"]["usage"]["input_tokens"]
    assert f"Tokens: {tokens}, 1 call," in course.pages["bg/demo"].markdown


def test_a_figure_in_prose_takes_the_pages_digits_and_one_in_code_keeps_ascii(tmp_path):
    lesson = SHOP + "\nTokens: {{ run.ask.calls[0].response.usage.input_tokens }}, in code " \
                    "`{{ run.ask.calls[0].response.usage.input_tokens }}`, {{ run.ask.calls[0].response.model }}\n"
    root = write(tmp_path, lesson)
    page = root / "lessons" / "demo"
    (page / "fa.md").write_text((page / "bg.md").read_text(encoding="utf-8"), encoding="utf-8")
    course = build_course(root, use_cache=False)
    call = course.snippet_runs["fa/demo"]["ask"]["calls"][0]["response"]
    tokens, model = str(call["usage"]["input_tokens"]), call["model"]
    persian = tokens.translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    assert persian != tokens
    # A number in Persian prose is written in Persian digits; in code, and any text, as it is.
    assert f"Tokens: {persian}, in code `{tokens}`, {model}" in course.pages["fa/demo"].markdown
    assert f"Tokens: {tokens}, in code `{tokens}`, {model}" in course.pages["bg/demo"].markdown


def test_quiz_placement_problems(tmp_path):
    quizzes = """\
    - id: pick
      kind: multiple-choice
      prompt: Which?
      options:
        - {text: a, correct: true, explanation: Right.}
        - {text: b, explanation: Wrong.}
    - id: unplaced
      kind: multiple-choice
      prompt: Which?
      options:
        - {text: a, correct: true, explanation: Right.}
        - {text: b, explanation: Wrong.}
    """
    root = write(tmp_path, "::: quiz pick\n\n::: quiz pick\n\n::: quiz pik2\n", quizzes)
    assert problems_of(root) == [
        "lessons/demo/bg.md:7: quiz 'pick' is already placed at line 5",
        "lessons/demo/bg.md:9: unknown quiz id 'pik2' (did you mean 'pick'?) (looked in quizzes/demo/bg.yaml)",
        "quizzes/demo/bg.yaml:7: quiz 'unplaced' is not placed in lessons/demo/bg.md (add a line '::: quiz unplaced')",
    ]


# --- quiz files: format ----------------------------------------------------------------

def test_malformed_yaml_names_its_line(tmp_path):
    root = write(tmp_path, "::: quiz q\n", "- id: q\n  kind: exercise\n  prompt: [unclosed\n  starter: x\n")
    problems = problems_of(root)
    assert problems[0].startswith("quizzes/demo/bg.yaml:4: malformed YAML: ")


def test_an_indentation_slip_is_said_in_plain_words_not_the_parsers(tmp_path):
    # PyYAML says "expected <block end>, but found '<block mapping start>'" for both.
    one_space_short = "- id: q\n  kind: exercise\n  prompt: Hi\n starter: x\n"
    assert problems_of(write(tmp_path, "::: quiz q\n", one_space_short)) == [
        "quizzes/demo/bg.yaml:4: malformed YAML: line 4 is indented 1 space, a level none of the lines above it "
        "has (they use 0, 2): indent it like the key or list item it belongs with"]
    option_off = ("- id: q\n  kind: multiple-choice\n  prompt: Hi\n  options:\n    - text: a\n      correct: true\n"
                  "     explanation: b\n")
    assert problems_of(write(tmp_path, "::: quiz q\n", option_off)) == [
        "quizzes/demo/bg.yaml:7: malformed YAML: line 7 is indented 5 spaces, a level none of the lines above it "
        "has (they use 0, 2, 4, 6): indent it like the key or list item it belongs with"]
    key_at_the_dash = ("- id: q\n  kind: multiple-choice\n  prompt: Hi\n  options:\n    - text: a\n    correct: true\n")
    assert problems_of(write(tmp_path, "::: quiz q\n", key_at_the_dash)) == [
        "quizzes/demo/bg.yaml:6: malformed YAML: line 6 is indented 4 spaces, like the '- ' of the list item at "
        "line 5, but it is no list item: indent it 6 spaces to belong to that item, or start it with '- '"]
    # PyYAML: "mapping values are not allowed here"
    too_deep = "- id: q\n  kind: exercise\n  prompt: Hi\n    starter: x\n"
    assert problems_of(write(tmp_path, "::: quiz q\n", too_deep)) == [
        "quizzes/demo/bg.yaml:4: malformed YAML: a key where YAML cannot take one: either this line is indented "
        "deeper than the key above it (indent it like that key), or a text on it holds ': ' (put the text in "
        "quotes, or write it as a block after |)"]


def test_an_option_shown_twice_is_named_at_its_line(tmp_path):
    # The same answer twice (here after an edit swapped one option's text for another's) shows
    # the learner one choice as two: the build names the second copy.
    twice = ("- id: q\n  kind: multiple-choice\n  prompt: Hi\n  options:\n"
             "    - text: 869\n      explanation: one\n"
             "    - text: 522\n      correct: true\n      explanation: two\n"
             "    - text: \" 869 \"\n      explanation: three\n")
    assert problems_of(write(tmp_path, "::: quiz q\n", twice)) == [
        "quizzes/demo/bg.yaml:10: quiz 'q': option 3 shows the same text as option 1: remove one or make it "
        "say something else"]


def test_unknown_kind_missing_and_unknown_fields_and_duplicate_ids(tmp_path):
    quizzes = """\
    - id: a
      kind: multiple-choise
      prompt: Which?
    - id: b
      kind: exercise
      prompt: Do it.
      starter: print(1)
    - id: c
      kind: exercise
      prompt: Do it.
      starter: print(1)
      solution: print(2)
      hnit: typo
    - id: d
      kind: exercise
      prompt: Do it.
      starter: print(1)
      solution: print(2)
    - id: d
      kind: exercise
      prompt: Again.
      starter: print(1)
      solution: print(2)
    """
    root = write(tmp_path, "::: quiz d\n", quizzes)
    assert problems_of(root) == [
        "quizzes/demo/bg.yaml:2: quiz 'a': unknown kind 'multiple-choise' (did you mean 'multiple-choice'?) "
        "(known: exercise, fill-in, find-bug, multiple-choice, predict-output)",
        "quizzes/demo/bg.yaml:4: quiz 'b' lacks required field 'solution'",
        "quizzes/demo/bg.yaml:13: unknown field 'hnit' in quiz 'c' (did you mean 'hint'?)",
        "quizzes/demo/bg.yaml:19: duplicate quiz id 'd' (first used at line 14)",
    ]


def test_quiz_continues_must_name_a_snippet(tmp_path):
    quizzes = "- id: q\n  kind: exercise\n  prompt: Do it.\n  continues: shopp\n  starter: print(1)\n  solution: print(2)\n"
    assert one_problem(write(tmp_path, quiz_lesson("q"), quizzes)) == (
        "quizzes/demo/bg.yaml:4: quiz 'q' continues unknown snippet 'shopp' (did you mean 'shop'?) "
        "of lessons/demo/bg.md")


# --- rendering -------------------------------------------------------------------------

def test_rendered_page_carries_snippets_and_quiz_configs_as_the_contract_says(tmp_path):
    # Every kind's sample quiz (quiz_kinds/<kind>/sample.yaml; the kind's own tests check its
    # config's values), each config valid for its kind's generated schema.
    root = write(tmp_path, quiz_lesson(*map(sample_id, QUIZ_KINDS)), "".join(map(sample, QUIZ_KINDS)))
    course = build_course(root, use_cache=False)
    assert not course.problems, course.problems.report()
    page = course.pages["bg/demo"]
    html = page.finish(markdown_renderer()(page.markdown.split("---\n", 2)[2]))
    assert "LESSONBLOCK" not in html
    assert '<details class="lesson-setup" data-setup-for="shop"><summary>' in html
    assert '<div class="lesson-snippet" data-snippet="ask" data-state="idle">' in html
    assert '<div class="snippet-expected" data-expected-for="ask"><pre dir="ltr"><code>tool_use</code></pre></div>' in html
    configs = {}
    for chunk in html.split('<script type="application/json" data-config>')[1:]:
        config = json.loads(chunk.split("</script>")[0])
        configs[config["id"]] = config
    assert configs["ask"]["setup"] == [course.lessons["bg/demo"].snippets["shop"].code]
    assert configs["ask"]["expected"] == "tool_use\n"
    assert configs["fill"]["setup"] == configs["ask"]["setup"]  # a quiz that continues `shop`
    for kind in QUIZ_KINDS:
        config = configs[sample_id(kind)]
        assert config == course.quiz_configs["bg/demo"][config["id"]] and config["kind"] == kind
        schema = json.loads((REPO / kind_folder(kind) / "config.schema.json").read_text(encoding="utf-8"))
        assert list(jsonschema.Draft202012Validator(schema).iter_errors(config)) == [], kind
        assert f'<div class="lesson-quiz" data-quiz="{config["id"]}" data-kind="{kind}" data-lesson="demo">' in html


def test_a_snippet_that_calls_the_model_carries_the_picture_of_its_run_and_a_quiz_none(tmp_path):
    lesson = quiz_lesson("guess", "bug") + "\n```python id=plain\nprint(1)\n```\n"
    course = build_course(write(tmp_path, lesson, sample("predict-output") + sample("find-bug")), use_cache=False)
    assert not course.problems, course.problems.report()
    page = course.pages["bg/demo"]
    html = page.finish(markdown_renderer()(page.markdown.split("---\n", 2)[2]))
    ask = html.split('data-snippet="ask"')[1].split('<div class="snippet-expected"')[0]
    calls = course.snippet_runs["bg/demo"]["ask"]["calls"]
    usage = calls[0]["response"]["usage"]
    assert ask.count("data-run-picture") == 1
    assert (f'<li class="rp-call" data-call="1" data-api="anthropic" data-stop="tool_use" '
            f'data-input-tokens="{usage["input_tokens"]}" data-output-tokens="{usage["output_tokens"]}" '
            f'data-tool-tokens="{calls[0]["tool_tokens"]}">') in ask
    assert f'data-tool-use="{calls[0]["response"]["content"][-1]["id"]}"' in ask
    assert ask.index("snippet-source") < ask.index("data-run-picture")  # the widget moves it under the output
    assert html.count("data-run-picture") == 1  # none for the plain snippet, none in the quizzes
    assert 'data-quiz="guess"' in html and 'data-quiz="bug"' in html


def test_json_in_script_tags_cannot_close_them(tmp_path):
    root = write(tmp_path, "```python id=evil\nprint('</script><script>alert(1)</script>')\n```\n")
    page = build_course(root, use_cache=False).pages["bg/demo"]
    block = next(iter(page.blocks.values()))
    assert block.count("</script>") == 1
    assert "&lt;/script&gt;" in block


def test_snippets_inside_admonitions_keep_their_place(tmp_path):
    lesson = '!!! note "Inside"\n    Text.\n\n    ```python id=inner\n    print("hi")\n    ```\n\n    ```output\n    hi\n    ```\n'
    course = build_course(write(tmp_path, lesson), use_cache=False)
    assert not course.problems
    page = course.pages["bg/demo"]
    html = page.finish(markdown_renderer()(page.markdown.split("---\n", 2)[2]))
    inside = html.split('<div class="admonition note">')[1]
    assert inside.index('data-snippet="inner"') < inside.index("</div>\n<div class=\"snippet-expected\"")


# --- runner, cache, command line -------------------------------------------------------

def test_each_distinct_chain_runs_once_and_is_cached(tmp_path):
    root = write(tmp_path, SHOP)
    build_course(root)
    cached = sorted((root / ".lesson-cache").glob("*.json"))
    assert len(cached) == 2  # shop and ask
    assert (root / ".lesson-cache" / ".gitignore").read_text().strip().endswith("*")
    for path in cached:  # a cached transcript is what the next compile of the lesson uses
        transcript = json.loads(path.read_text(encoding="utf-8"))
        if transcript["output"] == "tool_use\n":
            transcript["output"] = "from the cache\n"
            path.write_text(json.dumps(transcript), encoding="utf-8")
    assert not problems_of(root, use_cache=True)  # the lesson's artifact is loaded: its inputs are the same
    shutil.rmtree(root / ".lesson-cache" / "artifacts")
    assert "+from the cache" in problems_of(root, use_cache=True)[0]


def test_lessons_that_wait_start_first_and_the_rest_longest_first():
    from lesson_builder._runner import RunRequest, _schedule

    short = [RunRequest((), "print(1)", 5)]
    long = [RunRequest((), "print(1)", 5), RunRequest(("x = 1",), "print(x)", 5)]
    napping = [RunRequest((), "import asyncio\nasyncio.run(asyncio.sleep(1))", 5)]
    waiting = [RunRequest((), "import threading\nthreading.Event().wait(0.1)", 5)]
    assert _schedule([short, long, napping]) == [napping, long, short]
    assert _schedule([waiting, short]) == [waiting, short]


def test_a_lessons_waiting_chains_run_apart_from_its_others():
    from lesson_builder._runner import RunRequest, _waiting_apart

    quick = [RunRequest((), f"print({n})", 5) for n in range(3)]
    nap = RunRequest(("import time",), "time.sleep(0.5)", 5)
    assert _waiting_apart(quick[:2] + [nap] + quick[2:]) == [[nap], quick]
    assert _waiting_apart(quick) == [quick]


def test_a_chain_blocked_in_c_is_stopped_from_outside(tmp_path, monkeypatch):
    from lesson_builder import _runner

    monkeypatch.setattr(_runner, "GRACE_SECONDS", 1.0)
    # (time.sleep is cut at the time limit inside Python: an Event's wait is not)
    root = write(tmp_path, "```python id=nap timeout=1\nimport threading\nthreading.Event().wait(60)\n```\n\n"
                           "```python id=after\nprint(1)\n```\n")
    course = build_course(root, use_cache=False)
    assert [str(p) for p in course.problems] == [
        "lessons/demo/bg.md:5: snippet 'nap' does not finish: the run did not finish within 1 s "
        "(stopped by the build) (an endless loop?)"]
    assert course.snippet_runs["bg/demo"]["after"]["output"] == "1\n"


def test_cli_check_prints_every_problem_and_fails(tmp_path):
    root = write(tmp_path, SHOP.replace("tool_use\n```", "tool_uze\n```") + "\n::: quiz nope\n")
    result = subprocess.run([sys.executable, "-m", "lesson_builder", "--root", str(root), "--no-cache", "check"],
                            capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 1
    assert "lessons/demo/bg.md:20: shown output of snippet 'ask' differs" in result.stdout
    assert "lessons/demo/bg.md:23: the page places quizzes (nope), but quizzes/demo/bg.yaml does not exist" in result.stdout


def test_cli_transcript_prints_the_real_output(tmp_path):
    root = write(tmp_path, SHOP)
    result = subprocess.run([sys.executable, "-m", "lesson_builder", "--root", str(root), "transcript",
                             str(root / "lessons/demo/bg.md"), "ask"], capture_output=True, text=True, cwd=REPO)
    assert (result.returncode, result.stdout) == (0, "tool_use\n")


def test_public_names_are_pinned():
    assert sorted(lesson_builder.__all__) == sorted([
        "CACHE_FOLDER", "ContentError", "Course", "LessonArtifact", "LessonInputs", "Problem", "QUIZ_KINDS",
        "RenderedLesson", "build_course", "check_across_course", "compile_lesson", "compile_tools",
        "markdown_renderer", "quiz_schema", "scan_course"])
    # One kind a folder of quiz_kinds/, in the order of the folders.
    assert list(lesson_builder.QUIZ_KINDS) == ["exercise", "fill-in", "find-bug", "multiple-choice", "predict-output"]


def test_the_setup_code_label_comes_from_the_front_ends_strings_in_every_language():
    from lesson_builder._strings import FALLBACK, SETUP_CODE_KEY, setup_code_label

    for lang in COURSE_LANGUAGES:
        strings = json.loads((REPO / "frontend" / "page" / "strings" / f"{lang}.json").read_text(encoding="utf-8"))
        assert setup_code_label(REPO, lang) == strings[SETUP_CODE_KEY] != FALLBACK


_ASK_FOR_HELP = ("from fake_client import Anthropic\n"
                 "reply = Anthropic().messages.create(model='claude-haiku-4-5', max_tokens=100,\n"
                 "    messages=[{'role': 'user', 'content': 'Нужна помощь'}])\n"  # no Russian-only letter or word
                 "print(reply.content[0].text)\n")


def test_each_chain_runs_in_the_lesson_worker_with_its_page_language_and_is_cached_by_it(tmp_path):
    from fake_client.locales import phrase
    from lesson_builder._runner import ChainRunner, RunRequest

    requests = [RunRequest((), _ASK_FOR_HELP, 10, lang) for lang in ("ru", "uk", None)]
    runner = ChainRunner(tmp_path, tmp_path / "cache", workers=1)
    results = runner.run_groups([requests])
    assert [results[request]["output"] for request in requests] == [
        phrase("ru", "chat.help") + "\n", phrase("uk", "chat.help") + "\n", phrase("bg", "chat.help") + "\n"]
    assert len({request.key(runner.fingerprint) for request in requests}) == 3
    again = ChainRunner(tmp_path, tmp_path / "cache", workers=1)
    assert again.run_groups([requests]) == results and again.ran == 0


def test_every_run_a_lesson_plans_carries_the_lessons_language():
    from lesson_builder._compile import plan_runs
    from support.repo_course import repo_course

    course = repo_course()
    for key in ("ru/agent-loop", "zh/first-steps"):
        lesson = course.lessons[key]
        plan = plan_runs(course.lesson_inputs(key))
        assert plan and {request.lang for request in plan.values()} == {lesson.lang}
