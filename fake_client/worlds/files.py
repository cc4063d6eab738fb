"""files — a small coding agent reading a project folder (the Persian seed's world).

Tools it understands: read a file ("read", "بخوان", "прочет") and list the folder ("list",
"فهرست", "списък"). It claims a conversation with such tools or with file names like
`notes.txt` in the question. What it does:

- a question naming files → one read call per file, all in one reply;
- a question about the folder (or about reading, with no file named) → a list call;
- a read that failed (a misspelled name; only a result marked `is_error` counts as failed) →
  it does only what the error's text tells it to do next: if the text names other files
  ("there is no notess.txt; the folder has notes.txt, rent.md"), it reads the name closest
  to the one that failed; if the text names the tool that lists the folder (`list_files`),
  it lists the folder, if that tool is offered, then reads the closest name. The file's
  name alone ("[Errno 2] … 'notess.txt'"), "error" or an empty text say what went wrong
  but not what to do, and it says it could not find the file; it also says so if nothing is
  close, or the tool the text names is not offered. A recovered read is said in the answer
  ("there is no note.txt, so I read notes.txt");
- after the reads → an answer quoting each file's content (and the listing, if the question
  asked for it);
- a thank-you → a plain reply; no fitting tool → a made-up guess at the content;
- after results of other tools only (a call of a tool nobody offered, which failed) → it
  starts afresh, as if no call had been made.
"""

from __future__ import annotations

import difflib
import re
from typing import Optional

from .._conversation import Ask, Call, Conversation, Part, Result, Say
from ._reading import (failed, fill_input, is_empty, is_thanks, key_value, mentions, pick_tool,
                       understood_intents)
from ._voice import Voice

NAME = "files"
INTENTS = ("files.read", "files.list", "files.append")
_FILE_NAME = re.compile(r"(?<![A-Za-z0-9_/.\-])[A-Za-z0-9_\-]+(?:/[A-Za-z0-9_\-]+)*"
                        r"\.[A-Za-z][A-Za-z0-9]{0,7}(?![A-Za-z0-9_])")


def claim(chat: Conversation) -> int:
    """How sure the model is that this conversation is about files."""
    score = sum(3 for tool in chat.tools if understood_intents(tool, INTENTS)[0])
    if _FILE_NAME.search(chat.question):
        score += 2
    return score


def respond(chat: Conversation, voice: Voice) -> list[Part]:
    """The reply to the conversation, by the rules in the module docstring."""
    if chat.last_results:
        return _after_results(chat, voice)
    return _first_reply(chat, voice)


def _first_reply(chat: Conversation, voice: Voice) -> list[Part]:
    question = chat.question
    if is_thanks(question):
        return [voice.say("chat.thanks")]
    appender = pick_tool(chat.tools, "files.append", INTENTS, guess=False)
    note = _note_text(question)
    if appender is not None and note and mentions(question, "files.append"):
        return [Ask(appender.name, fill_input(appender, note))]
    names = _FILE_NAME.findall(question)
    reader = pick_tool(chat.tools, "files.read", INTENTS)
    lister = pick_tool(chat.tools, "files.list", INTENTS)
    if names:
        if reader is None:
            return [voice.say("files.made_up", file=names[0])]
        return [Ask(reader.name, fill_input(reader, name)) for name in names]
    if mentions(question, "files.list") or mentions(question, "files.read"):
        if lister is not None:
            return [Ask(lister.name, {})]
        if reader is None:
            return [voice.say("files.made_up_folder")]
    return [voice.say("files.ask_file")]


def _after_results(chat: Conversation, voice: Voice) -> list[Part]:
    reader = pick_tool(chat.tools, "files.read", INTENTS)
    lister = pick_tool(chat.tools, "files.list", INTENTS)
    steps = [(call, result) for call, result in chat.steps_since_question() if result is not None]
    appender = pick_tool(chat.tools, "files.append", INTENTS, guess=False)
    appends = [(call, result) for call, result in steps if appender and call.name == appender.name]
    if appends:
        return [Say("\n".join(_noted(call, result, voice) for call, result in appends))]
    reads = [(call, result) for call, result in steps if reader and call.name == reader.name]
    lists = [result for call, result in steps
             if lister and call.name == lister.name and not failed(result)]
    if not any(call.name in (reader and reader.name, lister and lister.name) for call, _ in steps):
        # Only calls of other tools so far (one nobody offered, which failed): start afresh.
        return _first_reply(chat, voice)
    tried = {key_value(call.input) for call, _ in reads}
    failures = [(key_value(call.input), result) for call, result in reads if failed(result)]
    missing = [name for name, _ in failures]
    # The model does what the error's text says to do next, and nothing more: read one of the
    # files the text names, or call the listing tool the text names.
    named = [name for _, result in failures for name in _FILE_NAME.findall(result.content)
             if name not in missing]
    points_to_listing = lister is not None and any(lister.name in result.content for _, result in failures)
    listed = _FILE_NAME.findall(lists[-1].content) if lists else list(dict.fromkeys(named))
    if missing and listed and reader is not None:
        retries = [match for name in missing for match in [_closest(name, listed)]
                   if match is not None and match not in tried]
        if retries:
            return [Ask(reader.name, fill_input(reader, name)) for name in dict.fromkeys(retries)]
    if points_to_listing and not lists:
        return [Ask(lister.name, {})]
    return [Say(_answer(chat.question, reads, listed, voice))]


def _note_text(question: str) -> str:
    """What to note down: the question's text after its first colon, ASCII or full-width
    (Chinese), whichever comes first: the note itself may hold a time like 03:12."""
    found = [at for at in (question.find(":"), question.find("：")) if at >= 0]
    return question[min(found) + 1:].strip() if found else ""


def _noted(call: Call, result: Result, voice: Voice) -> str:
    if failed(result):
        return voice.line("files.not_noted", error=result.content.strip())
    return voice.line("files.noted", text=key_value(call.input))


def _closest(name: str, names: list[str]) -> Optional[str]:
    matches = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    return matches[0] if matches else None


def _answer(question: str, reads: list[tuple[Call, Result]], listed: list[str], voice: Voice) -> str:
    # An empty file is said as such, never quoted as nothing.
    lines = [voice.line("files.empty", file=key_value(call.input)) if is_empty(result) else
             voice.line("files.file_says", file=key_value(call.input), content=result.content.strip())
             for call, result in reads if not failed(result)]
    read_names = {key_value(call.input) for call, result in reads if not failed(result)}
    if listed and (mentions(question, "files.list") or not reads):
        lines.insert(0, voice.line("files.folder_has", files=voice.join(listed, short=True)))
    for call, result in reads:
        if not failed(result):
            continue
        name = key_value(call.input)
        found = _closest(name, listed)
        if found in read_names:
            lines.insert(0, voice.line("files.corrected", asked=name, found=found))
        else:
            lines.append(voice.line("files.not_found", file=name))
    return "\n".join(lines) if lines else voice.line("files.ask_file")
