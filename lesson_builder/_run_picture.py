"""The run picture rendered at build time: the same markup the page renders after a live run
(``frontend/shared/run-picture-markup.js``, rule for rule), so that a lesson shows the
conversation of every snippet before Python has loaded, and without JavaScript at all.

``tests/unit/test_run_picture_same_markup.py`` renders every lesson's runs with both and
compares the HTML."""

import re
from pathlib import Path
from typing import Callable

from ._markup_tree import el, to_html
from ._plurals import counted, local_digits
from ._run_picture_model import picture_model
from ._strings import translator

PREVIEW = {"fresh": 90, "old": 28, "system": 48}

Translate = Callable[..., str]


def run_picture_html(calls: list[dict], root: Path, lang: str) -> str:
    """The picture of a run's ``calls`` in ``lang`` (UI strings of ``root``'s front end); ""
    for a run that called no model."""
    if not calls:
        return ""
    return to_html(picture_tree(picture_model(calls), translator(root, lang), lang))


def preview(text: str, limit: int) -> str:
    line = re.sub(r"[ \t\n\r]+", " ", str(text)).strip(" ")
    return line[: limit - 1] + "…" if len(line) > limit else line


def per_mille(value: int, largest: int) -> int:
    return (2000 * value + largest) // (2 * largest) if largest > 0 else 0


def summary_text(model: dict, t: Translate, lang: str) -> str:
    totals = model["totals"]
    parts = [
        counted(t, lang, "picture.summary.calls", totals["calls"]),
        counted(t, lang, "picture.summary.toolCalls", totals["tool_calls"]),
        counted(t, lang, "picture.summary.errors", totals["errors"]) if totals["errors"] else "",
        counted(t, lang, "picture.summary.inputTokens", totals["input_tokens"]),
    ]
    return t("picture.summary.separator").join(part for part in parts if part)


def picture_tree(model: dict, t: Translate, lang: str) -> list:
    total = len(model["calls"])
    steps = el(
        "div", {"class": "rp-steps", "role": "group", "aria-label": t("picture.steps"), "hidden": True},
        _step_button("step-prev", t("picture.stepPrev")),
        el("span", {"class": "rp-position", "aria-live": "polite"},
           t("picture.stepAllShown", total=local_digits(lang, total))),
        _step_button("step-next", t("picture.stepNext")),
        _step_button("step-all", t("picture.stepAll")),
    )
    return el(
        "details", {"class": "run-picture", "data-run-picture": True, "data-api": model["api"]},
        el("summary", {"class": "rp-summary"}, el("span", {"class": "rp-title"}, t("picture.title")), " ",
           el("span", {"class": "rp-summary-text"}, summary_text(model, t, lang))),
        el("div", {"class": "rp-body"},
           steps,
           el("ol", {"class": "rp-calls"}, [_call_item(call, model, t, lang) for call in model["calls"]]),
           _token_table(model, t, lang)),
    )


def _step_button(action: str, label: str) -> list:
    return el("button", {"type": "button", "class": f"rp-step rp-step--{action}", "data-action": action}, label)


def _call_item(call: dict, model: dict, t: Translate, lang: str) -> list:
    def digits(n: int) -> str:
        return local_digits(lang, n)

    stop_field = {"openai": "finish_reason", "openai_responses": "status"}.get(call["api"], "stop_reason")
    if call["error"]:
        stop = el("span", {"class": "rp-stop rp-stop--error"}, t("picture.error"))
        tokens = ""
    else:
        stop = el("code", {"class": "rp-stop", "dir": "ltr"}, f"{stop_field}: {call['stop']}")
        if call["tool_tokens"] is None:
            text = t("picture.callTokens", input=digits(call["input_tokens"]), output=digits(call["output_tokens"]))
        else:
            text = t("picture.callTokensTools", input=digits(call["input_tokens"]),
                     tools=digits(call["tool_tokens"]), output=digits(call["output_tokens"]))
        tokens = el("span", {"class": "rp-call-tokens"}, text)
    head = el("p", {"class": "rp-call-head"},
              el("span", {"class": "rp-call-title"}, t("picture.call", n=digits(call["n"]))), " ", stop, tokens)
    later = call["n"] > 1
    sent = el(
        "div", {"class": "rp-sent", "data-part": "sent"},
        el("p", {"class": "rp-part-title"}, t("picture.sent")),
        el("p", {"class": "rp-settings"}, [_setting_chip(chip, later) for chip in call["settings"]])
        if call["settings"] else "",
        el("ol", {"class": "rp-messages"}, [_message_item(m, later, t, lang) for m in call["messages"]]),
    )
    if call["reply"]:
        answer = el("ol", {"class": "rp-messages"}, _message_item(call["reply"], False, t, lang))
    else:
        answer = el("div", {"class": "rp-error"},
                    el("p", {"class": "rp-error-type"}, el("code", {"dir": "ltr"}, call["error"]["type"])),
                    el("p", {"class": "rp-error-message", "dir": "ltr"}, call["error"]["message"]))
    reply = el("div", {"class": "rp-reply", "data-part": "reply"},
               el("p", {"class": "rp-part-title"}, t("picture.reply")), answer)
    largest = model["totals"]["largest"]
    tools = call["tool_tokens"] or 0
    bar = "" if call["error"] else el(
        "div", {"class": "rp-bar", "aria-hidden": "true",
                "style": f"--rp-tools:{per_mille(tools, largest)};"
                         f"--rp-input:{per_mille(call['input_tokens'] - tools, largest)};"
                         f"--rp-output:{per_mille(call['output_tokens'], largest)}"},
        el("span", {"class": "rp-bar-tools"}), el("span", {"class": "rp-bar-input"}),
        el("span", {"class": "rp-bar-output"}),
    )
    attributes = {
        "class": "rp-call", "data-call": str(call["n"]), "data-api": call["api"],
        "data-stop": "error" if call["error"] else call["stop"],
        "data-input-tokens": str(call["input_tokens"]), "data-output-tokens": str(call["output_tokens"]),
        "data-tool-tokens": None if call["tool_tokens"] is None else str(call["tool_tokens"]),
    }
    return el("li", attributes, head, el("div", {"class": "rp-exchange"}, sent, reply), bar, _json_details(call, t))


def _json_details(call: dict, t: Translate) -> list:
    def part(which: str, title: str, text: str) -> list:
        copy = el("button", {"type": "button", "class": "rp-copy", "data-action": "copy-json", "data-copy": which,
                             "hidden": True},
                  t("picture.copy"), el("span", {"class": "rp-sr"}, f" {title}"))
        return el("div", {"class": "rp-json-part"},
                  el("p", {"class": "rp-json-title"}, title, " ", copy),
                  el("pre", {"class": "rp-json-text", "dir": "ltr", "tabindex": "0", "data-json": which}, text))

    return el("details", {"class": "rp-json"}, el("summary", {}, t("picture.json")),
              part("request", t("picture.requestJson"), call["request_json"]),
              part("response", t("picture.errorJson" if call["error"] else "picture.responseJson"),
                   call["response_json"]))


def _chip_class(chip: dict) -> str:
    name = f"rp-chip rp-chip--{chip['kind'].replace('_', '-')}"
    if chip.get("pair") is not None:
        name += f" rp-pair-{chip['pair']}"
    if chip.get("is_error"):
        name += " rp-chip--is-error"
    if chip.get("problem"):
        name += " rp-chip--problem"
    return name


def _setting_chip(chip: dict, later: bool) -> list:
    system = chip["kind"] == "system"
    text = preview(chip["text"], PREVIEW["system"] if system else PREVIEW["fresh"])
    label = f"{chip['label']} ({chip['count']})" if chip["kind"] == "tools" else chip["label"]
    return el("span", {"class": _chip_class(chip) + (" rp-new" if later and chip["is_new"] else "")},
              el("code", {"class": "rp-chip-label", "dir": "ltr"}, label),
              el("span" if system else "code", {"class": "rp-chip-text", "dir": None if system else "ltr"}, text)
              if text else "")


def _message_item(message: dict, later: bool, t: Translate, lang: str) -> list:
    fresh = later and message["is_new"]
    compact = later and not message["is_new"]
    chips = ([_content_chip(chip, compact, t) for chip in message["chips"]] if message["chips"]
             else el("code", {"class": "rp-chip rp-chip--empty", "dir": "ltr"}, "[]"))
    return el(
        "li", {"class": "rp-message" + (" rp-new" if fresh else "") + (" rp-old" if compact else ""),
               "data-role": message["role"]},
        el("span", {"class": "rp-sr"}, t("picture.new")) if fresh else "",
        el("code", {"class": "rp-role", "dir": "ltr"}, message["role"]),
        el("span", {"class": "rp-blocks"},
           chips,
           el("span", {"class": "rp-from"}, t("picture.fromCall", n=local_digits(lang, message["from_call"])))
           if message["from_call"] else ""),
    )


def _content_chip(chip: dict, compact: bool, t: Translate) -> list:
    limit = PREVIEW["old"] if compact else PREVIEW["fresh"]
    attributes = {"class": _chip_class(chip)}
    if chip["kind"] == "tool_use":
        attributes["data-tool-use"] = chip["id"]
    if chip["kind"] == "tool_result":
        attributes["data-tool-result"] = chip["id"]
    label = el("code", {"class": "rp-chip-label", "dir": "ltr"}, chip["label"])
    problem = el("span", {"class": "rp-chip-problem"}, t(f"picture.problem.{chip['problem']}")) \
        if chip.get("problem") else ""

    def ident() -> list:
        return el("code", {"class": "rp-chip-id", "dir": "ltr"}, f"{chip['id_field']}: {chip['id']}")

    if chip["kind"] == "tool_use":
        return el("span", attributes, label,
                  el("code", {"class": "rp-chip-call", "dir": "ltr"}, f"{chip['name']}({preview(chip['input'], limit)})"),
                  ident(), problem)
    if chip["kind"] == "tool_result":
        text = preview(chip["text"], limit)
        return el("span", attributes, label, ident(),
                  el("code", {"class": "rp-chip-flag", "dir": "ltr"}, "is_error: true") if chip["is_error"] else "",
                  el("span", {"class": "rp-chip-text"}, text) if text else "",
                  problem)
    text = preview(chip.get("text") or "", limit)
    return el("span", attributes, label, el("span", {"class": "rp-chip-text"}, text) if text else "")


def _token_table(model: dict, t: Translate, lang: str) -> list:
    def digits(n: int) -> str:
        return local_digits(lang, n)

    with_tools = model["totals"]["tool_tokens_known"]
    head = [("", t("picture.tokens.call")), ("rp-key rp-key--input", t("picture.tokens.input")),
            ("rp-key rp-key--tools", t("picture.tokens.tools")) if with_tools else None,
            ("rp-key rp-key--output", t("picture.tokens.output")), ("", t("picture.tokens.total"))]
    rows = [
        el("tr", {"data-token-row": str(call["n"])},
           el("th", {"scope": "row"}, digits(call["n"])),
           el("td", {"class": "rp-num"}, digits(call["input_tokens"])),
           el("td", {"class": "rp-num"}, "—" if call["tool_tokens"] is None else digits(call["tool_tokens"]))
           if with_tools else "",
           el("td", {"class": "rp-num"}, digits(call["output_tokens"])),
           el("td", {"class": "rp-num"}, digits(call["running_total"])))
        for call in model["calls"]
    ]
    return el("table", {"class": "rp-tokens"},
              el("caption", {}, t("picture.tokens.caption")),
              el("thead", {}, el("tr", {}, [el("th", {"scope": "col", "class": key or None}, text)
                                            for key, text in filter(None, head)])),
              el("tbody", {}, rows))
