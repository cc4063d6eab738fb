"""fill-in: code with blanks ``[[answer]]``; any answer that reproduces the transcript is right."""

import re

from lesson_runtime import same_run

from lesson_builder.kinds.kit import (Field, ListOf, QuizKind, Text, TextOrTexts, browser_transcript,
                                     describe_run, diff_runs, page)


BLANK = re.compile(r"\[\[(.*?)\]\]")


def split_blanks(code: str) -> tuple[list[str], list[str]]:
    """``(segments, answers)``: the code around the blanks, and the text inside each blank."""
    segments = BLANK.split(code)
    return segments[0::2], segments[1::2]


def fill(segments: list[str], answers: list[str]) -> str:
    code = segments[0]
    for answer, segment in zip(answers, segments[1:]):
        code += answer + segment
    return code


class FillIn(QuizKind):
    name = "fill-in"
    fields = [
        Field("code", Text("code"), required=True,
              doc="The program, blanks as `[[answer]]`: the text inside is the answer shown when the learner "
                  "gives up (write a literal `[[` as `[ [`)."),
        Field("accept", ListOf(TextOrTexts()),
              doc="More accepted spellings: a list of texts when there is one blank; one list per blank when "
                  "there are several (`[[], [\"call.id\"]]`)."),
        Field("wrong", ListOf(TextOrTexts()),
              doc="Answers that must *not* work: texts (one blank) or lists of texts (one per blank)."),
        Field("hint", Text("markdown"), doc="Markdown, offered after a few wrong tries."),
        Field("explanation", Text("markdown"), doc="Markdown, shown once answered right."),
    ]
    page_config = [
        page.Field("segments", page.ArrayOf(page.String()), "the code split at the blanks: n blanks, n + 1 segments"),
        page.Field("answers", page.ArrayOf(page.ArrayOf(page.String())), "per blank, its accepted spellings"),
        page.Field("expected", page.TRANSCRIPT, "the run with the answers filled in"),
        page.Field("hint_html", page.Nullable(page.String()), "the hint, rendered"),
        page.Field("explanation_html", page.Nullable(page.String()), "the explanation, rendered"),
    ]
    short_name = "fill"

    def _answers(self, data: dict) -> list[list[str]]:
        segments, canonical = split_blanks(data["code"])
        accepted = [[answer] for answer in canonical]
        accept = data.get("accept", [])
        if len(canonical) == 1 and all(isinstance(item, str) for item in accept):
            accepted[0] += accept
        else:
            for index, alternatives in enumerate(accept[: len(canonical)]):
                accepted[index] += [alternatives] if isinstance(alternatives, str) else list(alternatives)
        return accepted

    def _wrong(self, data: dict) -> list[list[str]]:
        return [[item] if isinstance(item, str) else list(item) for item in data.get("wrong", [])]

    def validate(self, ctx):
        segments, canonical = split_blanks(ctx.quiz.data["code"])
        if not canonical:
            ctx.problem("code", "the code has no blank; write each blank as [[answer]]")
            return False
        if any(not answer.strip() for answer in canonical):
            ctx.problem("code", "a blank is empty: write the accepted answer inside [[…]]")
            return False
        for number, (answer, after) in enumerate(zip(canonical, segments[1:]), start=1):
            # `d[[["key"]]]` reads as the blank `["key"` followed by `]`: the learner, who sees
            # `d[____]`, types `"key"` and gets a syntax error.
            if answer.startswith("[") and after.startswith("]"):
                ctx.problem("code", f"blank {number} reads as [[{answer}]] followed by ']': a blank inside "
                                    f"brackets needs spaces around it, e.g. d[ [[\"key\"]] ]")
                return False
        accept = ctx.quiz.data.get("accept", [])
        if len(canonical) > 1 and (len(accept) > len(canonical) or any(isinstance(a, str) for a in accept)):
            ctx.problem("accept", f"with {len(canonical)} blanks, 'accept' is one list per blank "
                                  f"(at most {len(canonical)}), e.g. [[\"a\"], []]")
            return False
        for number, wrong in enumerate(self._wrong(ctx.quiz.data), start=1):
            if len(wrong) != len(canonical):
                ctx.problem("wrong", f"wrong answer {number} fills {len(wrong)} blank(s); the code has {len(canonical)}")
                return False
        return True

    def runs(self, quiz):
        segments, canonical = split_blanks(quiz.data["code"])
        runs = {"expected": fill(segments, canonical), "empty": fill(segments, [""] * len(canonical))}
        for blank, alternatives in enumerate(self._answers(quiz.data)):
            for number, alternative in enumerate(alternatives[1:], start=1):
                answers = list(canonical)
                answers[blank] = alternative
                runs[f"accept-{blank}-{number}"] = fill(segments, answers)
        for number, wrong in enumerate(self._wrong(quiz.data), start=1):
            runs[f"wrong-{number}"] = fill(segments, wrong)
        return runs

    def check(self, ctx, runs):
        expected = runs["expected"]
        if expected["status"] != "done":
            ctx.problem("code", "with the answers filled in, the code " + describe_run(expected))
            return
        if same_run(runs["empty"], expected):
            ctx.problem("code", "the code with the blanks left empty prints the same output, "
                                "so any answer would pass: make the output depend on the blanks")
        for blank, alternatives in enumerate(self._answers(ctx.quiz.data)):
            for number, alternative in enumerate(alternatives[1:], start=1):
                run = runs[f"accept-{blank}-{number}"]
                if not same_run(run, expected):
                    ctx.problem("accept", f"accepted answer {alternative!r} for blank {blank + 1} does not reproduce "
                                          "the output:\n" + diff_runs(expected, run, "with [[answer]]", "with it"))
        for number, wrong in enumerate(self._wrong(ctx.quiz.data), start=1):
            if same_run(runs[f"wrong-{number}"], expected):
                ctx.problem("wrong", f"wrong answer {number} {wrong!r} reproduces the expected output, "
                                     "so the check could not tell it apart")

    def config(self, ctx, runs):
        segments, _ = split_blanks(ctx.quiz.data["code"])
        return {"segments": segments, "answers": self._answers(ctx.quiz.data), "expected": browser_transcript(runs["expected"]),
                "hint_html": ctx.html("hint"), "explanation_html": ctx.html("explanation")}
