"""exercise: a task, starter code and a reference solution; the expected output is the
solution's own output (never typed), and the starter must not produce it."""

from lesson_runtime import same_run

from .._fields import Field, Text
from ._base import QuizKind, browser_transcript, describe_run


class Exercise(QuizKind):
    name = "exercise"
    fields = [
        Field("starter", Text("code"), required=True, doc="The code the learner starts from."),
        Field("solution", Text("code"), required=True,
              doc="The reference solution; its output is the expected output. Hidden until revealed."),
        Field("hint", Text("markdown"), doc="A hint (markdown)."),
    ]

    def runs(self, quiz):
        return {"solution": quiz.data["solution"], "starter": quiz.data["starter"]}

    def check(self, ctx, runs):
        if runs["solution"]["status"] != "done":
            ctx.problem("solution", "the solution " + describe_run(runs["solution"]))
        elif same_run(runs["starter"], runs["solution"]):
            ctx.problem("starter", "the starter code already prints the expected output: nothing is left to do")

    def config(self, ctx, runs):
        data = ctx.quiz.data
        return {"task_html": ctx.html("prompt"), "starter": data["starter"], "solution": data["solution"],
                "expected": browser_transcript(runs["solution"]), "hint_html": ctx.html("hint")}
