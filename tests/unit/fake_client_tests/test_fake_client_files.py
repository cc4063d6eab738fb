"""The files world (read_file / list_files over a project folder), in every language."""

import pytest

import fake_client

from fake_client import Anthropic, OpenAI
from fake_client.locales import phrase
from support.fake_client_programs import (TOOLU, FILES, LANGUAGES, anthropic_loop, files_runner, files_tools,
                                  openai_loop, openai_tools)

Q = {
    "typo": {"bg": "Прочети notess.txt", "ru": "Что в файле notess.txt?",
             "uk": "Прочитай, будь ласка, файл notess.txt",
             "zh": "读一下 notess.txt", "fa": "notess.txt را بخوان", "en": "Read notess.txt"},
    "two": {"bg": "Прочети march.md и april.md", "ru": "Прочитай, пожалуйста, march.md и april.md",
            "uk": "Прочитай march.md і april.md", "zh": "读一下 march.md 和 april.md",
            "fa": "march.md و april.md را بخوان", "en": "Read march.md and april.md"},
    "list": {"bg": "Кои файлове има в папката?", "ru": "Какие файлы есть в папке?",
             "uk": "Які файли є в папці?", "zh": "文件夹里有哪些文件？",
             "fa": "چه فایل‌هایی در پوشه هست؟", "en": "Which files are in the folder?"},
    "gone": {"bg": "Прочети budget.xlsx", "ru": "Что в файле budget.xlsx?",
             "uk": "Прочитай, будь ласка, budget.xlsx",
             "zh": "读一下 budget.xlsx", "fa": "budget.xlsx را بخوان", "en": "Read budget.xlsx"},
}


def hinting_runner(name, arguments):
    """files_runner whose missing-file error also says what to do next: call list_files."""
    content, is_error = files_runner(name, arguments)
    return (f"{content}; list_files names the files" if is_error else content), is_error


def ask(lang, kind, tools=None, max_calls=5, run=hinting_runner):
    return anthropic_loop(Anthropic(), Q[kind][lang], system="",
                          tools=files_tools(lang) if tools is None else tools,
                          run=run, max_calls=max_calls)["steps"]


def calls(steps):
    return [[(c["name"], c["input"]) for c in step["calls"]] for step in steps]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_misspelled_name_leads_to_listing_then_the_right_file(lang):
    steps = ask(lang, "typo")
    assert calls(steps) == [[("read_file", {"path": "notess.txt"})], [("list_files", {})],
                            [("read_file", {"path": "notes.txt"})], []]
    assert steps[-1]["text"] == "\n".join([
        phrase(lang, "files.corrected", asked="notess.txt", found="notes.txt"),
        phrase(lang, "files.file_says", file="notes.txt", content=FILES["notes.txt"])])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_several_files_in_one_turn(lang):
    first, second = ask(lang, "two")
    assert [(c["id"], c["input"]["path"]) for c in first["calls"]] == [(TOOLU[0], "march.md"),
                                                                      (TOOLU[1], "april.md")]
    assert second["text"] == "\n".join(
        phrase(lang, "files.file_says", file=name, content=FILES[name]) for name in ("march.md", "april.md"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_listing_the_folder(lang):
    first, second = ask(lang, "list")
    assert calls([first]) == [[("list_files", {})]]
    # The names joined with the language's comma ("、" in Chinese, "،" in Persian).
    names = phrase(lang, "short_separator").join(FILES)
    assert second["text"] == phrase(lang, "files.folder_has", files=names)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_list_tool_it_reports_the_missing_file(lang):
    steps = ask(lang, "typo", tools=files_tools(lang, with_list=False))
    assert calls(steps) == [[("read_file", {"path": "notess.txt"})], []]
    assert steps[-1]["text"] == phrase(lang, "files.not_found", file="notess.txt")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_file_that_is_not_there_at_all(lang):
    steps = ask(lang, "gone")
    assert calls(steps) == [[("read_file", {"path": "budget.xlsx"})], [("list_files", {})], []]
    assert steps[-1]["text"] == phrase(lang, "files.not_found", file="budget.xlsx")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_tools_it_guesses(lang):
    (only,) = ask(lang, "typo", tools=[])
    assert only["text"] == phrase(lang, "files.made_up", file="notess.txt")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_error_text_without_the_flag_passes_for_content(lang):
    def unflagged(name, arguments):
        content, _ = files_runner(name, arguments)
        return content, False

    steps = anthropic_loop(Anthropic(), Q["typo"][lang], system="", tools=files_tools(lang),
                           run=unflagged)["steps"]
    assert calls(steps) == [[("read_file", {"path": "notess.txt"})], []]
    assert "No such file or directory" in steps[-1]["text"]


@pytest.mark.parametrize("failure, read_as_failure", [
    ("خطا: فایلی به نام 'notess.txt' در پروژه نیست", True),
    ("شکست خورد: فایلی به نام 'notess.txt' در پروژه نیست", True),
    ("ابزار شکست خورد: فایلی به نام 'notess.txt' در پروژه نیست", True),  # tool-loop's wording
    ("فایلی به نام 'notess.txt' در پروژه نیست", False),  # no word says it failed
])
def test_persian_failure_texts_in_the_chat_completions_shape(failure, read_as_failure):
    # Chat Completions has no is_error flag: the text's first word says it failed.
    def persian(name, arguments):
        content, is_error = files_runner(name, arguments)
        return (f"{failure}; list_files" if is_error else content), False

    steps = openai_loop(OpenAI(), Q["typo"]["fa"], system="", tools=openai_tools(files_tools("fa")),
                        run=persian)["steps"]
    if read_as_failure:
        assert calls(steps) == [[("read_file", {"path": "notess.txt"})], [("list_files", {})],
                                [("read_file", {"path": "notes.txt"})], []]
    else:
        assert calls(steps) == [[("read_file", {"path": "notess.txt"})], []]
        assert failure in steps[-1]["text"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_error_that_names_the_file_but_not_the_next_step_is_reported_not_explored(lang):
    # "[Errno 2] No such file or directory: 'notess.txt'" says what went wrong, not what to do
    # next: the teaching model does not go looking on its own.
    steps = ask(lang, "typo", run=files_runner)
    assert calls(steps) == [[("read_file", {"path": "notess.txt"})], []]
    assert steps[-1]["text"] == phrase(lang, "files.not_found", file="notess.txt")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_error_that_names_the_listing_tool_is_followed_without_the_file_name(lang):
    def pointing(name, arguments):
        content, is_error = files_runner(name, arguments)
        return ("not found; list_files names the files" if is_error else content), is_error

    steps = ask(lang, "typo", run=pointing)
    assert calls(steps) == [[("read_file", {"path": "notess.txt"})], [("list_files", {})],
                            [("read_file", {"path": "notes.txt"})], []]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_error_that_lists_the_files_is_read_from_even_without_a_listing_tool(lang):
    def listing(name, arguments):
        content, is_error = files_runner(name, arguments)
        folder = ", ".join(FILES)
        return (f"there is no {arguments.get('path')}; the folder has {folder}" if is_error else content), is_error

    steps = ask(lang, "typo", tools=files_tools(lang, with_list=False), run=listing)
    assert calls(steps) == [[("read_file", {"path": "notess.txt"})], [("read_file", {"path": "notes.txt"})], []]
    assert steps[-1]["text"] == "\n".join([
        phrase(lang, "files.corrected", asked="notess.txt", found="notes.txt"),
        phrase(lang, "files.file_says", file="notes.txt", content=FILES["notes.txt"])])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_error_that_names_a_listing_tool_nobody_offered_is_reported(lang):
    steps = ask(lang, "typo", tools=files_tools(lang, with_list=False))
    assert calls(steps) == [[("read_file", {"path": "notess.txt"})], []]
    assert steps[-1]["text"] == phrase(lang, "files.not_found", file="notess.txt")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_empty_file_is_said_to_be_empty_never_quoted_as_nothing(lang):
    def empty_april(name, arguments):
        return ("", False) if arguments.get("path") == "april.md" else files_runner(name, arguments)

    steps = anthropic_loop(Anthropic(), Q["two"][lang], system="", tools=files_tools(lang), run=empty_april)["steps"]
    assert phrase(lang, "files.empty", file="april.md") in steps[-1]["text"]
    assert phrase(lang, "files.file_says", file="april.md", content="") not in steps[-1]["text"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("silent_text", ["", "error"])
def test_an_error_that_does_not_name_the_file_is_reported_not_explored(lang, silent_text):
    # The error's words are what the model acts on: one that does not say which file is
    # missing gives it no reason to look at the folder, so it says it could not find the file.
    def unexplained(name, arguments):
        content, is_error = files_runner(name, arguments)
        return (silent_text if is_error else content), is_error

    steps = anthropic_loop(Anthropic(), Q["typo"][lang], system="", tools=files_tools(lang),
                           run=unexplained)["steps"]
    assert calls(steps) == [[("read_file", {"path": "notess.txt"})], []]
    assert steps[-1]["text"] == phrase(lang, "files.not_found", file="notess.txt")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_after_a_tool_nobody_offered_it_starts_afresh(lang):
    # The unoffered_tool fault makes the first call run_command; once its error comes back,
    # the model reads the file the question names, as if that call had not been made.
    fake_client.faults.next("unoffered_tool")
    steps = ask(lang, "two")
    assert calls(steps)[:2] == [[("run_command", {"command": "ls"})],
                                [("read_file", {"path": "march.md"}), ("read_file", {"path": "april.md"})]]
    assert steps[-1]["text"] == "\n".join(
        phrase(lang, "files.file_says", file=name, content=FILES[name]) for name in ("march.md", "april.md"))


# --- appending a note: a tool with a side effect (when-calls-fail) ---------------------------

APPEND = {
    "bg": ("Запиши в дневника: сървърът е рестартиран", "Дописва един ред в края на дневника journal.md."),
    "ru": ("Запиши в журнал: сервер перезапущен, всё в порядке", "Дописывает одну строку в конец журнала journal.md."),
    "uk": ("Запиши в журнал: сервер перезапущено, усе під контролем", "Дописує один рядок у кінець журналу journal.md."),
    "zh": ("记下：服务器已重启", "在 journal.md 末尾追加一行。"),
    "fa": ("در دفتر یادداشت کن: سرور دوباره راه‌اندازی شد", "یک خط به انتهای journal.md اضافه کن."),
    "en": ("Append to the journal: the server was restarted", "Append one line to the end of journal.md."),
}


def append_tools(lang):
    return files_tools(lang) + [{"name": "append_note", "description": APPEND[lang][1],
                                 "input_schema": {"type": "object", "properties": {"text": {"type": "string"}},
                                                  "required": ["text"]}}]


def _noted_text(lang):
    return APPEND[lang][0].replace("：", ":").partition(":")[2].strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_request_to_note_something_down_calls_the_append_tool_once(lang):
    written = []

    def append(name, arguments):
        written.append(arguments)
        return "ok", False

    steps = anthropic_loop(Anthropic(), APPEND[lang][0], system="", tools=append_tools(lang), run=append)["steps"]
    assert calls(steps) == [[("append_note", {"text": _noted_text(lang)})], []]
    assert written == [{"text": _noted_text(lang)}]
    assert steps[-1]["text"] == phrase(lang, "files.noted", text=_noted_text(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_failed_append_is_reported_and_never_retried_by_the_model(lang):
    # Whether a side effect is retried, and safely, is the program's decision, not the model's.
    steps = anthropic_loop(Anthropic(), APPEND[lang][0], system="", tools=append_tools(lang),
                           run=lambda name, arguments: ("timed out after 2 s", True))["steps"]
    assert calls(steps) == [[("append_note", {"text": _noted_text(lang)})], []]
    assert steps[-1]["text"] == phrase(lang, "files.not_noted", error="timed out after 2 s")


def test_without_an_append_tool_a_note_request_is_not_a_read():
    steps = ask("ru", "list")
    assert calls(steps)[0] == [("list_files", {})]


@pytest.mark.parametrize("question, note", [
    ("在值班记录里记一笔：03:12 stage-2 磁盘满了", "03:12 stage-2 磁盘满了"),    # full-width first
    ("Запиши в журнал: 03:12 место кончилось", "03:12 место кончилось"),          # ASCII first
])
def test_the_note_is_the_text_after_the_first_colon_of_either_kind(question, note):
    # A note often starts with a time: its own colon must stay in the note.
    steps = anthropic_loop(Anthropic(), question, system="", tools=append_tools("zh"),
                           run=lambda name, arguments: ("ok", False))["steps"]
    assert calls(steps)[0] == [("append_note", {"text": note})]


def test_the_ukrainian_folder_replies_say_teka_as_the_glossary_does():
    """GLOSSARY.uk.md: folder = «тека»; the teaching model's own words say so too."""
    for key in ("files.folder_has", "files.made_up_folder"):
        text = phrase("uk", key, files="README.md")
        assert "тец" in text and "папц" not in text, text
