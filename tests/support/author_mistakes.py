"""Mistakes a new author makes, one at a time, on a copy of the sample lesson (no tests here):
each changes the copy's files and says where the build must report it and with what words.

The sample is ``lessons/first-steps/bg.md`` with ``quizzes/first-steps/bg.yaml``, alone in a
course of one language (bg) for ``check``, or in the site copy of ``site_copy`` for
``mkdocs build``. Lines are found by the text on them, so the table survives edits of the
lesson."""

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

PAGE = "lessons/first-steps/bg.md"
QUIZZES = "quizzes/first-steps/bg.yaml"
COURSE = "lessons/course.yaml"

# (path, line) where the problem must be reported; line 0: the file (or path) as a whole.
Where = tuple[str, int]


@dataclass
class Mistake:
    """``make(root)`` breaks the copy under ``root`` and returns where the build must say so.
    ``says``: words the one problem must hold. ``problems``: how many problems (one, unless the
    mistake is a cheat that no build can see: 0). ``check``: extra arguments of ``check``."""

    make: Callable[[Path], Optional[Where]]
    says: str
    problems: int = 1
    check: tuple[str, ...] = ()
    mkdocs: bool = True  # also through a real mkdocs build (a ``check`` argument has no build)
    notes: str = ""


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    found = [number for number, line in enumerate(text.split("\n"), start=1) if needle in line]
    assert len(found) >= occurrence, f"{needle!r} not in the sample"
    return found[occurrence - 1]


def edit(relative: str, change: Callable[[str], tuple[str, int]]) -> Callable[[Path], Where]:
    """A mistake made by rewriting one file: ``change(text) -> (new text, line to report)``."""

    def make(root: Path) -> Where:
        path = root / relative
        new, line = change(path.read_text(encoding="utf-8"))
        path.write_text(new, encoding="utf-8", newline="")
        return relative, line

    return make


def replace_line(needle: str, new: str, occurrence: int = 1) -> Callable[[str], tuple[str, int]]:
    """The line holding ``needle`` becomes ``new`` (reported at that line)."""

    def change(text: str) -> tuple[str, int]:
        number = line_of(text, needle, occurrence)
        lines = text.split("\n")
        lines[number - 1] = new
        return "\n".join(lines), number

    return change


def substitute(needle: str, new: str, occurrence: int = 1, report: Optional[str] = None):
    """``needle`` becomes ``new`` on its line; reported at the line holding ``report`` (its own by default)."""

    def change(text: str) -> tuple[str, int]:
        number = line_of(text, needle, occurrence)
        lines = text.split("\n")
        lines[number - 1] = lines[number - 1].replace(needle, new, 1)
        changed = "\n".join(lines)
        return changed, line_of(changed, report) if report else number

    return change


def insert_before(needle: str, block: str, report_offset: int = 0):
    """``block`` (lines) inserted before the line holding ``needle``; reported at the first
    inserted line plus ``report_offset``."""

    def change(text: str) -> tuple[str, int]:
        number = line_of(text, needle)
        lines = text.split("\n")
        lines[number - 1:number - 1] = block.split("\n")
        return "\n".join(lines), number + report_offset

    return change


def not_utf8(relative: str, needle: str) -> Callable[[Path], Where]:
    """A line of the file saved in Windows-1251 instead of UTF-8 (what an old editor does)."""

    def make(root: Path) -> Where:
        path = root / relative
        text = path.read_text(encoding="utf-8")
        number = line_of(text, needle)
        lines = [line.encode() for line in text.split("\n")]
        lines[number - 1] = (text.split("\n")[number - 1] + " Ж").encode("cp1251", "replace")
        data = b"\n".join(lines)
        path.write_bytes(data)
        return relative, number

    return make


def other_language(root: Path) -> Where:
    """The lesson translated into German, a language the course does not have."""
    for folder, suffix in (("lessons", "md"), ("quizzes", "yaml")):
        source = root / folder / "first-steps" / f"bg.{suffix}"
        (source.parent / f"de.{suffix}").write_bytes(source.read_bytes())
    return "lessons/first-steps/de.md", 1


def lesson_outside_the_course(root: Path) -> Where:
    page = root / "lessons" / "second-steps" / "bg.md"
    page.parent.mkdir(parents=True)
    page.write_text('---\ntitle: "Втори стъпки"\nsummary: "Още."\n---\n\n# Втори стъпки\n\n::: quiz later\n',
                    encoding="utf-8")
    return "lessons/second-steps/bg.md", 1


def empty(relative: str) -> Callable[[Path], Where]:
    def make(root: Path) -> Where:
        (root / relative).write_text("", encoding="utf-8")
        return relative, 1

    return make


def page_change_reported_in_quizzes(change: Callable[[str], tuple[str, int]], needle: str):
    """A change of the page that the build reports in the quiz file, at the line holding ``needle``."""

    def make(root: Path) -> Where:
        edit(PAGE, change)(root)
        return QUIZZES, line_of((root / QUIZZES).read_text(encoding="utf-8"), needle)

    return make


def missing(relative: str, report: str, needle: str) -> Callable[[Path], Where]:
    def make(root: Path) -> Where:
        text = (root / report).read_text(encoding="utf-8")
        (root / relative).unlink()
        return report, line_of(text, needle)

    return make


def crlf(root: Path) -> None:
    for relative in (PAGE, QUIZZES, COURSE):
        path = root / relative
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))


def bom(root: Path) -> None:
    for relative in (PAGE, QUIZZES):
        path = root / relative
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())


def crash_once(root: Path) -> Where:
    """A snippet whose Python is killed the first time it runs (as the out-of-memory killer
    would), and runs well after: the crash is reported, and not remembered by the cache."""
    marker = root.parent / f"{root.name}-killed-once"  # outside the copy: its files stay as they were
    code = (f"import os, pathlib, signal\nmarker = pathlib.Path({str(marker)!r})\nif not marker.exists():\n"
            "    marker.touch()\n    os.kill(os.getpid(), signal.SIGKILL)\nprint('survived')")
    page = root / PAGE
    text = page.read_text(encoding="utf-8")
    number = line_of(text, "## Упражнение")
    lines = text.split("\n")
    lines[number - 1:number - 1] = ["```python id=crashes", *code.split("\n"), "```", "", "```output", "survived",
                                     "```", ""]
    page.write_text("\n".join(lines), encoding="utf-8")
    return PAGE, number


# A loop on one line: the time limit stops it on that line whatever ran before. In a loop over
# two lines the deadline, which reads the clock every 200 trace events, lands on either line
# depending on how many events the course's setup made first.
SNIPPET = "```python id=spin timeout=1\nwhile True: pass\n```\n"
MISTAKES: dict[str, Mistake] = {
    # the files themselves
    "a page that is not UTF-8": Mistake(not_utf8(PAGE, "Клиентът на API-то"), "not UTF-8"),
    "a quiz file that is not UTF-8": Mistake(not_utf8(QUIZZES, "Допиши условието"), "not UTF-8"),
    "a course file that is not UTF-8": Mistake(not_utf8(COURSE, "slug: first-steps"), "not UTF-8"),
    "an empty page": Mistake(empty(PAGE), "is empty"),
    "an empty quiz file": Mistake(empty(QUIZZES), "is empty"),
    "a missing quiz file": Mistake(missing(QUIZZES, PAGE, "::: quiz stop-reason"), "does not exist"),
    "a page in a language the course does not have": Mistake(other_language, "'de' is not one of the course's languages"),
    "a lesson not in the course file": Mistake(lesson_outside_the_course, "is not in lessons/course.yaml"),
    "a misspelled folder given to check": Mistake(lambda root: ("lessons/firs-steps", 0), "no such file or folder",
                                                 check=("lessons/firs-steps",), mkdocs=False),
    # front matter
    "no front matter": Mistake(edit(PAGE, lambda text: (text.split("---\n", 2)[2], 1)), "front matter"),
    "front matter never closed": Mistake(edit(PAGE, lambda text: (text.replace("---\n\n# ", "\n# ", 1), 1)),
                                         "front matter is not closed"),
    "broken YAML in the front matter": Mistake(edit(PAGE, lambda text: (
        replace_line("title:", 'title: "Първи стъпки')(text)[0], line_of(text, "summary:"))),
                                               "front matter: malformed YAML"),
    "an unknown front matter key": Mistake(edit(PAGE, substitute("summary:", "sumary:")), "unknown front matter key 'sumary'"),
    "a lesson's place in its front matter": Mistake(edit(PAGE, insert_before("summary:", "order: 1")), "lessons/course.yaml"),
    # snippets
    "a continues= to a misspelled snippet": Mistake(edit(PAGE, substitute("continues=ask timeout=5", "continues=aks timeout=5")),
                                                    "continues unknown snippet 'aks' (did you mean 'ask'?)"),
    "a continues= to a snippet that is not there": Mistake(edit(PAGE, substitute("id=first-block continues=ask",
                                                                                 "id=first-block continues=nowhere")),
                                                           "continues unknown snippet 'nowhere'"),
    "snippets that continue each other in a circle": Mistake(edit(PAGE, substitute("id=shop hidden",
                                                                                   "id=shop hidden continues=first-block")),
                                                             "continue each other in a circle"),
    "an upper-case snippet id": Mistake(edit(PAGE, substitute("id=ask continues=shop", "id=Ask continues=shop")),
                                        "snippet id 'Ask' must be lower-case"),
    "a duplicate snippet id": Mistake(edit(PAGE, substitute("id=first-block", "id=hello")), "duplicate snippet id 'hello'"),
    "an unknown snippet option": Mistake(edit(PAGE, substitute("id=ask continues=shop", "id=ask contineus=shop")),
                                         "unknown snippet option 'contineus' (did you mean 'continues'?)"),
    "a timeout that is no number": Mistake(edit(PAGE, substitute("timeout=5", "timeout=five")), "timeout=five"),
    "a stale output": Mistake(edit(PAGE, substitute("get_order_status {'order_id': '1042'}",
                                                    "get_order_status {'order_id': '1043'}")),
                              "shown output of snippet 'ask' differs"),
    "a snippet that loops forever": Mistake(edit(PAGE, insert_before("## Упражнение", SNIPPET, 1)),
                                            "snippet 'spin' does not finish"),
    "a snippet that raises": Mistake(edit(PAGE, insert_before("## Упражнение", "```python id=broken\n1 / 0\n```\n", 1)),
                                     "snippet 'broken' raises ZeroDivisionError"),
    "a hidden setup snippet that raises": Mistake(edit(PAGE, lambda text: (
        text.replace("client = Anthropic()\n\n\ndef", "client = Anthropic()\nclient.messages.create()\n\n\ndef", 1),
        line_of(text, "client = Anthropic()", 2) + 1)), "snippet 'shop' raises TypeError"),
    "a snippet with a syntax error": Mistake(edit(PAGE, insert_before("## Упражнение", "```python id=typo\nprint('a'\n```\n", 1)),
                                             "snippet 'typo' raises SyntaxError"),
    "a snippet that writes to sys.__stdout__": Mistake(edit(PAGE, insert_before(
        "## Упражнение", "```python id=real-stdout\nimport sys\nprint('{\"key\": 0}', file=sys.__stdout__)\n"
                         "print('shown')\n```\n\n```output\nshown\n```\n", 1)), "", problems=0),
    "a runner killed while it runs a snippet": Mistake(crash_once, "was killed by SIGKILL"),
    "an output block after no snippet": Mistake(edit(PAGE, insert_before("## Упражнение", "Ето:\n\n```output\n42\n```\n", 2)),
                                                "must come right after"),
    "a code fence never closed": Mistake(edit(PAGE, lambda text: (text[:text.rindex("```")] + text[text.rindex("```") + 3:],
                                                                  line_of(text, "```output", 5))), "never closed"),
    "a figure that reads past the end": Mistake(edit(PAGE, substitute("calls[0].response.usage.output_tokens",
                                                                      "calls[9].response.usage.output_tokens")),
                                                "[9] does not exist"),
    "a figure of an unknown snippet": Mistake(edit(PAGE, substitute("run.round-trip.calls", "run.round-trp.calls")),
                                              "unknown snippet 'round-trp' (did you mean 'round-trip'?)"),
    # quizzes, as placed in the page
    "a quiz line with an unknown id": Mistake(edit(PAGE, substitute("::: quiz second-call", "::: quiz second-cal")),
                                              "unknown quiz id 'second-cal' (did you mean 'second-call'?)"),
    "a quiz never placed": Mistake(page_change_reported_in_quizzes(replace_line("::: quiz second-call", ""),
                                                                   "- id: second-call"),
                                   "quiz 'second-call' is not placed"),
    "a quiz placed twice": Mistake(edit(PAGE, insert_before("::: quiz find-the-id", "::: quiz stop-reason\n")),
                                   "quiz 'stop-reason' is already placed at line"),
    # quiz files
    "broken YAML in a quiz file": Mistake(edit(QUIZZES, replace_line("kind: predict-output", "  kind: predict-output: [oops")),
                                          "malformed YAML"),
    "a tab indenting a quiz file": Mistake(edit(QUIZZES, substitute("  kind: predict-output", "\tkind: predict-output")),
                                           "tab"),
    "an unknown quiz kind": Mistake(edit(QUIZZES, substitute("kind: fill-in", "kind: fillin")),
                                    "unknown kind 'fillin' (did you mean 'fill-in'?)"),
    "a misspelled quiz field": Mistake(edit(QUIZZES, substitute("  prompt: |", "  promt: |", 3)),
                                       "unknown field 'promt' in quiz 'second-call' (did you mean 'prompt'?)"),
    "a duplicate quiz id": Mistake(edit(QUIZZES, substitute("- id: second-call", "- id: stop-reason")),
                                   "duplicate quiz id 'stop-reason'"),
    "a quiz that continues an unknown snippet": Mistake(edit(QUIZZES, substitute("continues: round-trip", "continues: round-trp")),
                                                        "continues unknown snippet 'round-trp'"),
    "a find-bug line past the end of the code": Mistake(edit(QUIZZES, substitute("  line: 4", "  line: 40")),
                                                        "line 40 is past the end of the code"),
    "a find-bug output given as a YAML number": Mistake(edit(QUIZZES, lambda text: (
        text.replace("  output: |\n    Намерих: изпратена на 31.10, пристига на 03.11.\n", "  output: 42\n", 1),
        line_of(text, "  line: 4"))), "with the fix on line 4, the code prints something else"),
    "a fill-in without blanks": Mistake(edit(QUIZZES, substitute('== [["tool_use"]]:', '== "tool_use":',
                                                                 report="  code: |")), "the code has no blank"),
    "a predict-output with no option keyed correct": Mistake(edit(QUIZZES, substitute(
        "      correct: true", "      correct: false", report="  options:")),
        "exactly one option must have 'correct: true' (0 have)"),
    "a predict-output with two options keyed correct": Mistake(edit(QUIZZES, substitute(
        '    - output: "4 end_turn"', '    - output: "4 end_turn"\n      correct: true', report="  options:")),
        "exactly one option must have 'correct: true' (2 have)"),
    "a 'correct' written as text": Mistake(edit(QUIZZES, substitute("      correct: true", '      correct: "yes"', 1)),
                                           "must be true or false"),
    "a quiz whose code ends its Python": Mistake(edit(QUIZZES, lambda text: (text.replace(
        "  solution: |\n", "  solution: |\n    import os\n    os._exit(0)\n", 1), line_of(text, "  solution: |"))),
        "the solution raises RunnerCrashed: the Python process running this chain exited with status 0"),
    # the course file
    "broken YAML in the course file": Mistake(edit(COURSE, lambda text: (
        replace_line("models:", "models: [bg")(text)[0], line_of(text, "models:") + 1)), "malformed YAML"),
    # the course's models: one problem at the course file, and no run of a lesson reports the 404 again
    "a course model the catalogue does not know": Mistake(edit(COURSE, substitute("claude-sonnet-5", "claude-sonet-5")),
                                                          "model 'claude-sonet-5' (MODEL) is not in fake_client's "
                                                          "catalogue (fake_client/_models.py) (did you mean "
                                                          "'claude-sonnet-5'?)"),
    "a course model that has retired": Mistake(edit(COURSE, substitute("claude-sonnet-5", "claude-sonnet-4-0")),
                                               "model 'claude-sonnet-4-0' (MODEL) retired on 2026-06-15"),
    "a model id typed into a snippet": Mistake(edit(PAGE, substitute("model=MODEL", 'model="claude-sonnet-5"')),
                                               "snippet 'hello' types the model id 'claude-sonnet-5': lesson code "
                                               "names no model id; use MODEL"),
}

# Not mistakes: what an author's editor may do, which must build as if it had not.
HARMLESS: dict[str, Callable[[Path], None]] = {"Windows line ends (CRLF)": crlf, "a byte order mark": bom}
