"""predict-output: code and possible outputs; exactly one option is what the code prints."""

from lesson_runtime import outputs_match

from lesson_builder.kinds.kit import (Boolean, Field, ListOf, QuizKind, Record, Text,
                                     describe_run, display_order, page)

OPTION = Record([
    Field("output", Text("output"), required=True, doc="An output the code might print."),
    Field("correct", Boolean(), doc="true on the one option the code really prints."),
    Field("explanation", Text("markdown"), required=True, doc="Why this option is (not) what it prints."),
], what="option")


class PredictOutput(QuizKind):
    name = "predict-output"
    fields = [
        Field("code", Text("code"), required=True, doc="The program whose output is to be predicted."),
        Field("options", ListOf(OPTION, min_items=2), required=True, doc="Possible outputs, one keyed correct."),
    ]
    page_config = [
        page.Field("code", page.String(), "the program"),
        page.Field("options", page.ArrayOf(page.String()), "the outputs, as written"),
        page.Field("correct", page.Integer(0), "the index of the output the code prints"),
        page.Field("explanations_html", page.ArrayOf(page.String()), "one per option, rendered"),
        page.Field("order", page.ArrayOf(page.Integer(0)), "the written indices in the order shown"),
    ]
    short_name = "predict"
    option_text = "output"

    def validate(self, ctx):
        options = ctx.quiz.data["options"]
        keyed = [i for i, option in enumerate(options) if option.get("correct") is True]
        if len(keyed) != 1:
            ctx.problem("options", f"exactly one option must have 'correct: true' ({len(keyed)} have)")
            return False
        return True

    def runs(self, quiz):
        return {"code": quiz.data["code"]}

    def check(self, ctx, runs):
        run = runs["code"]
        if run["status"] == "timeout":
            ctx.problem("code", "the code " + describe_run(run))
            return
        options = ctx.quiz.data["options"]
        matching = [i for i, option in enumerate(options) if outputs_match(run["output"], option["output"])]
        keyed = next(i for i, option in enumerate(options) if option.get("correct") is True)
        line_of = options.line_of if hasattr(options, "line_of") else (lambda i: ctx.quiz.line)
        if not matching:
            ctx.problem_at(line_of(keyed), "no option equals what the code prints; it " + describe_run(run))
        elif len(matching) > 1:
            ctx.problem("options", f"options {', '.join(str(i + 1) for i in matching)} are the same output")
        elif matching[0] != keyed:
            ctx.problem_at(line_of(keyed), f"option {keyed + 1} is keyed correct, but the code prints "
                                           f"option {matching[0] + 1} (line {line_of(matching[0])})")

    def config(self, ctx, runs):
        options = ctx.quiz.data["options"]
        return {
            "code": ctx.quiz.data["code"],
            "options": [option["output"] for option in options],
            "correct": next(i for i, option in enumerate(options) if option.get("correct") is True),
            "explanations_html": [ctx.markdown(option["explanation"]) for option in options],
            "order": display_order(ctx.quiz.id, len(options)),
        }

    def rewrites(self, quiz, runs):
        """The keyed option's output, when the code now prints none of the options."""
        run, options = runs.get("code"), quiz.data["options"]
        if not run or run["status"] == "timeout" or any(outputs_match(run["output"], o["output"]) for o in options):
            return []
        keyed = [option for option in options if option.get("correct") is True]
        return [(keyed[0].line_of("output"), "output", run["output"])] if len(keyed) == 1 else []
