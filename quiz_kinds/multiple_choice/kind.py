"""multiple-choice: options, the correct one(s), an explanation for each; optionally a check
that ties the keyed answer to a figure of a lesson snippet's run."""

from lesson_builder.kinds.kit import (Boolean, Field, FigureError, ListOf, QuizKind, Record,
                                     Scalar, Text, display_order, format_figure, page, resolve_figure)

OPTION = Record([
    Field("text", Text("markdown"), required=True, doc="The option (markdown)."),
    Field("correct", Boolean(), doc="true on the correct option(s)."),
    Field("explanation", Text("markdown"), required=True, doc="Why this option is right or wrong."),
    Field("value", Scalar(), doc="With 'check': the figure's value if this option were true."),
], what="option")

CHECK = Record([
    Field("run", Text("snippet id"), required=True, doc="A snippet id of the lesson."),
    Field("figure", Text("figure path"), required=True,
          doc="A path into that run's transcript, e.g. calls|length or calls[-1].response.stop_reason."),
], what="check")


class MultipleChoice(QuizKind):
    name = "multiple-choice"
    fields = [
        Field("options", ListOf(OPTION, min_items=2), required=True, doc="The options."),
        Field("multiple", Boolean(), doc="true when more than one option may be correct."),
        Field("check", CHECK, doc="Ties the options' 'value' to a figure of a lesson snippet's run."),
    ]
    page_config = [
        page.Field("options_html", page.ArrayOf(page.String()), "the options, rendered"),
        page.Field("correct", page.ArrayOf(page.Integer(0)), "the indices of the correct options"),
        page.Field("multiple", page.Boolean(), "whether several options may be chosen"),
        page.Field("explanations_html", page.ArrayOf(page.String()), "one per option, rendered"),
        page.Field("order", page.ArrayOf(page.Integer(0)), "the written indices in the order shown"),
    ]
    short_name = "choice"
    option_text = "text"

    def validate(self, ctx):
        data = ctx.quiz.data
        keyed = [option for option in data["options"] if option.get("correct") is True]
        if data.get("multiple") is True:
            if not keyed:
                ctx.problem("options", "no option has 'correct: true'")
        elif len(keyed) != 1:
            ctx.problem("options", f"exactly one option must have 'correct: true' ({len(keyed)} have); "
                                   "set 'multiple: true' if several are right")
        check = data.get("check")
        if check is not None:
            if check["run"] not in ctx.lesson.snippets:
                if not ctx.lesson.reported(check["run"]):
                    ctx.problem("check", f"check runs unknown snippet '{check['run']}'")
            elif any("value" not in option for option in keyed):
                ctx.problem("check", "with 'check', every correct option needs a 'value'")
        return True

    def check(self, ctx, runs):
        check = ctx.quiz.data.get("check")
        if check is None or check["run"] not in ctx.lesson.snippets:
            return
        transcript = ctx.snippet_transcript(check["run"])
        if transcript is None:
            return
        try:
            actual = resolve_figure(transcript, check["figure"])
        except FigureError as error:
            ctx.problem("check", f"figure '{check['figure']}' of snippet '{check['run']}': {error}")
            return
        options = ctx.quiz.data["options"]
        for number, option in enumerate(options, start=1):
            if "value" not in option:
                continue
            holds = format_figure(option["value"]) == format_figure(actual)
            line = options.line_of(number - 1) if hasattr(options, "line_of") else ctx.quiz.line
            if option.get("correct") is True and not holds:
                ctx.problem_at(line, f"option {number} is keyed correct with "
                                 f"value {format_figure(option['value'])}, but {check['figure']} of snippet "
                                 f"'{check['run']}' is {format_figure(actual)}")
            elif option.get("correct") is not True and holds:
                ctx.problem_at(line, f"option {number} is not keyed correct, "
                                 f"yet its value {format_figure(actual)} is what {check['figure']} of snippet "
                                 f"'{check['run']}' gives")

    def config(self, ctx, runs):
        data = ctx.quiz.data
        return {
            "options_html": [ctx.markdown(option["text"]) for option in data["options"]],
            "correct": [i for i, option in enumerate(data["options"]) if option.get("correct") is True],
            "multiple": data.get("multiple") is True,
            "explanations_html": [ctx.markdown(option["explanation"]) for option in data["options"]],
            "order": display_order(ctx.quiz.id, len(data["options"])),
        }
