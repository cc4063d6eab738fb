"""exercise: a task, starter code and a reference solution; the expected output is the
solution's own output (never typed), and the starter must not produce it.

Graded on the conversation when the quiz lists ``checks``: named rules over the run's
recorded model calls (lesson_runtime.conversation_checks), judged under the ``faults`` the
model commits during the check. The solution must keep every check; the starter must break
at least one or print something else."""

from fake_client.faults import NAMES as FAULT_NAMES
from lesson_runtime import same_run
from lesson_runtime.conversation_checks import CHECKS, faults_setup, run_checks

from lesson_builder.kinds.kit import Choice, Field, ListOf, QuizKind, Text, browser_transcript, describe_run, page
from .fault_choices import fault_choices


class Exercise(QuizKind):
    name = "exercise"
    fields = [
        Field("starter", Text("code"), required=True, doc="The code the learner starts from."),
        Field("solution", Text("code"), required=True,
              doc="The reference solution; its output is the expected output. Hidden until revealed."),
        Field("hint", Text("markdown"), doc="A hint (markdown)."),
        Field("checks", ListOf(Choice(list(CHECKS), "conversation check"), min_items=1),
              doc="Conversation checks the learner's run must keep (graded on the conversation): "
                  + ", ".join(CHECKS) + "."),
        Field("faults", ListOf(Choice(list(FAULT_NAMES), "fault")),
              doc="Faults of fake_client the model commits during the check, in order (needs checks)."),
    ]
    page_config = [
        page.Field("task_html", page.String(), "the task (the prompt), rendered"),
        page.Field("starter", page.String(), "the code the editor starts with"),
        page.Field("solution", page.String(), "the reference solution, shown when asked for"),
        page.Field("expected", page.TRANSCRIPT, "the solution's run"),
        page.Field("hint_html", page.Nullable(page.String()), "the hint, rendered"),
        page.Field("grading", page.OneOf("conversation"), "graded on the conversation too (with checks)",
                   optional=True),
        page.Field("checks", page.ArrayOf(page.String()), "the conversation checks to keep", optional=True),
        page.Field("faults", page.ArrayOf(page.String()), "the model's faults during a check, in order", optional=True),
        page.Field("fault_choices", page.ArrayOf(page.String()),
                   "the faults the learner may add: those fake_client has for the solution's API shapes", optional=True),
    ]

    def validate(self, ctx):
        if ctx.quiz.data.get("faults") and not ctx.quiz.data.get("checks"):
            ctx.problem("faults", "faults are for an exercise graded on the conversation: list its checks too")
            return False
        return True

    def setup_after(self, quiz):
        faults = quiz.data.get("faults") or []
        return [faults_setup(faults)] if faults else []

    def runs(self, quiz):
        return {"solution": quiz.data["solution"], "starter": quiz.data["starter"]}

    def check(self, ctx, runs):
        names = ctx.quiz.data.get("checks") or []
        if runs["solution"]["status"] != "done":
            ctx.problem("solution", "the solution " + describe_run(runs["solution"]))
        elif names:
            broken = [v for v in run_checks(names, runs["solution"]) if not v["passed"]]
            for verdict in broken:
                ctx.problem("solution", f"the solution breaks the check {verdict['name']} "
                                        f"(at call {verdict['call']}) under the faults {_listed(ctx)}")
            # A starter that keeps every check must still be wrong in its output: some tasks
            # are about what the model does with a result (it recovers), which the output
            # shows; the checks then only prove the output came from a real conversation.
            if (not broken and all(v["passed"] for v in run_checks(names, runs["starter"]))
                    and same_run(runs["starter"], runs["solution"])):
                ctx.problem("starter", "the starter code keeps every check under the faults "
                                       f"{_listed(ctx)} and prints the expected output: nothing is left to do")
        elif same_run(runs["starter"], runs["solution"]):
            ctx.problem("starter", "the starter code already prints the expected output: nothing is left to do")

    def config(self, ctx, runs):
        data = ctx.quiz.data
        config = {"task_html": ctx.html("prompt"), "starter": data["starter"], "solution": data["solution"],
                  "expected": browser_transcript(runs["solution"]), "hint_html": ctx.html("hint")}
        if data.get("checks"):
            config.update({"grading": "conversation", "checks": list(data["checks"]),
                           "faults": list(data.get("faults") or []),
                           "fault_choices": fault_choices(runs["solution"])})
        return config


def _listed(ctx) -> str:
    return ", ".join(ctx.quiz.data.get("faults") or []) or "(none)"
