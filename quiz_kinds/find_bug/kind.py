"""find-bug: code with one faulty line; the fix on that line makes it print ``output``."""

from lesson_runtime import outputs_match, same_run

from lesson_builder.kinds.kit import (Field, Integer, LineMap, QuizKind, Text, browser_transcript,
                                     describe_run, output_diff, page)


def apply_fix(code: str, line: int, fix: str) -> str:
    """``code`` with line ``line`` replaced; a fix written without indentation keeps the line's."""
    lines = code.split("\n")
    original = lines[line - 1]
    indent = original[: len(original) - len(original.lstrip())]
    lines[line - 1] = fix if fix[:1].isspace() else indent + fix
    return "\n".join(lines)


def code_lines(code: str) -> list[str]:
    return code.rstrip("\n").split("\n")


def _words(text: object) -> str:
    return " ".join(str(text).split()).casefold()


class FindBug(QuizKind):
    name = "find-bug"
    fields = [
        Field("code", Text("code"), required=True, doc="The program as shown, with one faulty line."),
        Field("line", Integer(1), required=True, doc="The faulty line, counted from 1 in `code`."),
        Field("fix", Text("code"), required=True,
              doc="The corrected line; without leading spaces it keeps the line's indentation."),
        Field("output", Text("output"), required=True, doc="What the program prints once fixed."),
        Field("explanation", Text("markdown"), required=True,
              doc="Markdown, shown when the learner picks the right line."),
        Field("line_hints", LineMap(), doc="Line number → a hint shown when that (wrong) line is picked."),
    ]
    page_config = [
        page.Field("code", page.String(), "the program as shown"),
        page.Field("bug_line", page.Integer(1), "the faulty line, counted from 1"),
        page.Field("actual", page.TRANSCRIPT, "the run of the code as shown (an API error, say)"),
        page.Field("expected", page.TRANSCRIPT, "the run with the fix"),
        page.Field("explanation_html", page.String(), "the explanation, rendered"),
        page.Field("line_hints_html", page.ArrayOf(page.Nullable(page.String())),
                   "per line of the code, its hint rendered, or null"),
    ]
    short_name = "bug"
    repeated, repeated_field = "the same find-the-bug (the same faulty line and fix)", "line"

    def repeat_key(self, quiz):
        """The change of code, spacing and case ignored: one language asks it once."""
        lines = code_lines(str(quiz.data.get("code", "")))
        line = quiz.data.get("line")
        if not isinstance(line, int) or isinstance(line, bool) or not 1 <= line <= len(lines):
            return None
        return _words(lines[line - 1]), _words(quiz.data.get("fix", ""))

    def rewrites(self, quiz, runs):
        """``output``, when the fixed program now prints something else."""
        fixed = runs.get("fixed")
        if fixed and fixed["status"] == "done" and not outputs_match(fixed["output"], quiz.data["output"]):
            return [(quiz.line_of("output"), "output", fixed["output"])]
        return []

    def validate(self, ctx):
        lines = code_lines(ctx.quiz.data["code"])
        line = ctx.quiz.data["line"]
        if line > len(lines):
            ctx.problem("line", f"line {line} is past the end of the code ({len(lines)} lines)")
            return False
        if lines[line - 1].strip() == ctx.quiz.data["fix"].strip():
            ctx.problem("fix", f"the fix is what line {line} already says")
            return False
        for hinted in ctx.quiz.data.get("line_hints", {}):
            if isinstance(hinted, int) and hinted > len(lines):
                ctx.problem("line_hints", f"hint for line {hinted}, but the code has {len(lines)} lines")
        return True

    def runs(self, quiz):
        data = quiz.data
        return {"actual": data["code"], "fixed": apply_fix(data["code"], data["line"], data["fix"])}

    def check(self, ctx, runs):
        line = ctx.quiz.data["line"]
        fixed, actual = runs["fixed"], runs["actual"]
        wanted = ctx.quiz.data["output"]
        if fixed["status"] != "done" or not outputs_match(fixed["output"], wanted):
            detail = describe_run(fixed) if fixed["status"] != "done" else \
                "prints something else:\n" + output_diff(wanted, fixed["output"], "output (quiz)", "with the fix")
            ctx.problem("line", f"{self._lines_that_work(ctx, line)}; with the fix on line {line}, the code {detail}")
            return
        if same_run(actual, fixed):
            ctx.problem("code", "the code as shown already prints the expected output: there is no bug to find")

    @staticmethod
    def _lines_that_work(ctx, line: int) -> str:
        """What to do, first: the other lines where the fix makes the code print ``output``
        (the key is most often one line off), or that it works on none."""
        data = ctx.quiz.data
        if ctx.run_more is None:
            return f"the fix on line {line} does not make the code print 'output'"
        others = {f"fix-on-{n}": apply_fix(data["code"], n, data["fix"])
                  for n, text in enumerate(code_lines(data["code"]), start=1)
                  if n != line and text.strip() != data["fix"].strip()}
        runs = ctx.run_more(others)
        working = [int(name.rsplit("-", 1)[1]) for name, run in runs.items()
                   if run["status"] == "done" and outputs_match(run["output"], data["output"])]
        if not working:
            return ("the fix works on no line of the code: with it on any line the code does not print "
                    "'output'; check 'fix' and 'output'")
        lines = " or ".join(str(n) for n in working)
        return f"line {line} is not the faulty line: the fix works on line {lines} (set 'line: {working[0]}')"

    def config(self, ctx, runs):
        data = ctx.quiz.data
        count = len(code_lines(data["code"]))
        hints = data.get("line_hints", {})
        return {
            "code": data["code"],
            "bug_line": data["line"],
            "actual": browser_transcript(runs["actual"]),
            "expected": browser_transcript(runs["fixed"]),
            "explanation_html": ctx.html("explanation"),
            "line_hints_html": [ctx.markdown(hints[n]) if n in hints else None for n in range(1, count + 1)],
        }
