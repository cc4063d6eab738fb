"""The reference page: one per language of the course, at ``reference/`` of that language's site,
in its menu, its article marked ``data-reference``; its model tables are fake_client's catalogue
(read back from the page and compared field by field, and shown failing when the catalogue
changes); a language's file that lacks a key or has a stray one is a problem at its line; every
lesson that shows a table the page holds links to it. The site tests read the real build."""

import dataclasses
import json
import datetime
import re
import shutil
import textwrap
from html.parser import HTMLParser
from pathlib import Path

import pytest

from fake_client._models import CATALOGUE, ModelCard
from lesson_builder._languages import DIGITS
from lesson_builder._reference_links import missing_reference_link, reference_table_line
from lesson_builder._reference_models import FORCED_KINDS, PROVIDER_NAMES, REFUSABLE, model_cards
from lesson_builder._reference_page import reference_markdown, reference_pages
from lesson_builder._reference_texts import ReferenceProblem, read_reference_texts
from support.repo_course import repo_course

REPO = Path(__file__).resolve().parents[2]
OUTLINE = repo_course().outline
LANGUAGES = OUTLINE.languages
TODAY = datetime.date(2026, 12, 5)


def model_rows(markdown: str, provider: str) -> dict[str, dict[str, str]]:
    """The rows of a provider's model table, read back from the page's markdown: id → cells
    by the table's own headings."""
    section = markdown.split(f"### {PROVIDER_NAMES[provider]}\n", 1)[1]
    lines = section.lstrip("\n").split("\n\n", 1)[0].splitlines()
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0].strip("`")] = dict(zip(header, cells))
    return rows


def as_number(text: str, texts) -> int:
    """A figure as the page writes it, back to an int (the language's digits and separator)."""
    ascii_digits = text.translate(str.maketrans(DIGITS[texts.language.digits], DIGITS["latn"]))
    return int(ascii_digits.replace(texts.language.group, ""))


def mismatches(markdown: str, texts, catalogue) -> list[str]:
    """What the page's model tables say that the catalogue does not, model by model."""
    words = texts.words["models"]
    found = []
    for provider in PROVIDER_NAMES:
        rows = model_rows(markdown, provider)
        expected = [card.id for card in model_cards(catalogue, provider)]
        if list(rows) != expected:
            found.append(f"{provider}: models {list(rows)} != {expected}")
            continue
        for card in model_cards(catalogue, provider):
            row = rows[card.id]
            if as_number(row[words["context"]], texts) != card.context_window:
                found.append(f"{card.id}: context window {row[words['context']]}")
            if as_number(row[words["output"]], texts) != card.max_output:
                found.append(f"{card.id}: output ceiling {row[words['output']]}")
            retires = texts.date(card.retires) if card.retires else words["never"]
            if retires not in row[words["retires"]]:
                found.append(f"{card.id}: retirement {row[words['retires']]}")
            if provider == "anthropic":
                thinks = row[words["thinking"]].startswith(words["yes"])
                if thinks != card.thinks_by_default:
                    found.append(f"{card.id}: thinking by default {row[words['thinking']]}")
                for refusable in REFUSABLE:
                    if (row[words[refusable]] == words["yes"]) != getattr(card, refusable):
                        found.append(f"{card.id}: {refusable} {row[words[refusable]]}")
                # a display the documentation does not state is marked as assumed, in every language
                if (words["assumed"] in row[words["thinking"]]) != (card.thinks_by_default and card.thinking_display_assumed):
                    found.append(f"{card.id}: assumed thinking display {row[words['thinking']]}")
                for kind, tokens in card.tool_prompt.items():
                    colon = re.escape(texts.words["phrases"]["colon"])
                    shown = re.search(rf"`{kind}`[^:：]*{colon}{re.escape(texts.number(tokens))}\b",
                                      row[words["tool_prompt"]]) is not None
                    if shown != (card.forced_tool_choice or kind not in FORCED_KINDS):
                        found.append(f"{card.id}: tool prompt for {kind} {row[words['tool_prompt']]}")
                if (words["tool_prompt_carried"].strip() in row[words["tool_prompt"]]) != card.tool_prompt_carried:
                    found.append(f"{card.id}: carried-over tool prompt {row[words['tool_prompt']]}")
            else:
                for key in ("reasoning", "chat_tools_need_no_reasoning"):
                    if (row[words[key]] == words["yes"]) != getattr(card, key):
                        found.append(f"{card.id}: {key} {row[words[key]]}")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_of_the_course_has_its_reference_page(lang):
    pages = reference_pages(REPO, LANGUAGES, OUTLINE)
    source, markdown = pages[f"{lang}/reference.md"]
    assert source == f"lessons/REFERENCE.{lang}.yaml"
    assert f'<div data-reference="{lang}" markdown>' in markdown
    for field in ("`stop_reason`", "`finish_reason`", "`incomplete_details.reason`", "`pause_turn`",
                  "`model_context_window_exceeded`", "`function_call_output`", "`OverloadedError`",
                  '`"failed"`', "`billing_error`", "`PaymentRequiredError`", "`timeout_error`",
                  "`GatewayTimeoutError`", "`ConflictError`"):
        assert field in markdown, field


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_states_the_facts_its_rows_rest_on(lang):
    # Facts a language's words carry (each checked against the providers' pages, see
    # _reference_data): a Chat "stop" is no answer when `message.refusal` is set; a refusal's
    # category is in `stop_details`; a failed response's reason is in `response.error`;
    # `previous_response_id` does not carry `instructions`; Anthropic's spend limit is named.
    words = read_reference_texts(REPO, lang).words
    rows = words["stops"]["rows"]
    assert "`message.refusal`" in rows["stop"]["loop"]
    assert "`stop_details" in rows["refusal"]["meaning"] + rows["refusal"]["loop"]
    assert "`response.error`" in rows["failed"]["meaning"]
    assert "`instructions`" in words["shapes"]["after"]
    # the 429 cell stays short: the spend cap may be named in the notes below the table
    assert "`enforced_spend_limit_reached`" in words["errors"]["rows"]["429"] + words["errors"]["after"]
    # a Chat `message.refusal` is Structured Outputs' refusal, not every refusal
    assert "Structured Outputs" in rows["stop"]["meaning"]
    assert "Slow Down" not in words["errors"]["rows"]["503"]
    # the caught exception is `e`; `error.…` is only ever a field of the body
    bodies = words["errors"]["bodies"]
    assert all(f"`e.{field}`" in bodies for field in ("body", "status_code", "request_id"))
    texts = json.dumps(words, ensure_ascii=False)
    assert not re.search(r"`(error|exc)\.(body|status_code|request_id)", texts)
    # Responses tries to make a function without "strict" strict: the cell that sends False says so
    assert '`"strict"`' in words["phrases"]["not_strict"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chat_tools_rule_names_the_catalogue_s_models_and_goes_with_them(lang):
    # GPT-5.6 takes Chat Completions function tools only with reasoning_effort="none": the
    # shapes row names the models the catalogue marks, and a catalogue without one has no row
    texts = read_reference_texts(REPO, lang)
    label = texts.words["shapes"]["rows"]["tools_and_reasoning"]
    page = reference_markdown(texts, OUTLINE, today=TODAY)
    row = next(line for line in page.splitlines() if line.startswith(f"| {label} |"))
    marked = [card.id for card in model_cards(CATALOGUE, "openai") if card.chat_tools_need_no_reasoning]
    assert "gpt-5.6-terra" in marked and '`reasoning_effort="none"`' in row
    assert all(f"`{model}`" in row for model in marked) and "[[" not in row
    # the last model is joined by the language's "and", not a bare comma
    assert texts.words["phrases"]["and"] + f"`{marked[-1]}`" in row
    assert "`gpt-4o`" not in row
    unmarked = {card_id: dataclasses.replace(card, chat_tools_need_no_reasoning=False)
                for card_id, card in CATALOGUE.items()}
    assert f"| {label} |" not in reference_markdown(texts, OUTLINE, catalogue=unmarked, today=TODAY)
    # the OpenAI table's column is the catalogue's too: a flag changed there no longer matches
    assert "gpt-5.6-terra: chat_tools_need_no_reasoning " + texts.words["models"]["yes"] in mismatches(
        page, texts, unmarked)


def test_every_stop_row_s_lesson_is_a_lesson_of_the_course():
    # a row points to the lesson that shows the value handled, or to none: never to a slug the
    # course lacks (its link would silently become "—")
    from lesson_builder._reference_data import STOP_ROWS
    for row in STOP_ROWS:
        assert row.lesson is None or OUTLINE.lesson(row.lesson) is not None, row
    lessons = {row.key: row.lesson for row in STOP_ROWS}
    # first-steps and the tool loop only name these; when-calls-fail's loop handles each by name
    assert lessons["pause_turn"] == lessons["refusal"] == lessons["model_context_window_exceeded"] == "when-calls-fail"
    # responses-api's loop only returns None on a completed refusal and sends the reader on:
    # when-calls-fail handles it (tells the person)
    assert lessons["completed_refusal"] == "when-calls-fail"
    # the row's loop cell (retry with a bigger max_tokens, prefill, or stop) is when-calls-fail's,
    # as for `length`; the tool loop only drops the cut reply
    assert lessons["max_tokens"] == lessons["length"] == "when-calls-fail"
    # the two `incomplete` rows go where `status` and `incomplete_details.reason` are taught
    # (responses-api's rule 1; its `cut` snippet runs the cut reply)
    assert lessons["max_output_tokens"] == lessons["incomplete_content_filter"] == "responses-api"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_stop_row_s_lesson_shows_its_value(lang):
    # the "shown in" column sent the reader to a lesson that never wrote the value (or left a
    # lesson that shows it out): the linked page writes every literal of the row's value
    from lesson_builder._reference_data import STOP_ROWS
    for row in STOP_ROWS:
        if row.lesson is None or lang in OUTLINE.lesson(row.lesson).in_progress:
            continue  # a lesson still being written links to its notice page in this language
        page = (REPO / "lessons" / row.lesson / f"{lang}.md").read_text(encoding="utf-8")
        for literal in re.findall(r'`"([a-z_]+)"`', row.value):
            assert literal in page, (row.key, row.lesson, literal)
    assert all(row.lesson for row in STOP_ROWS), "every stop value is shown by a lesson of the course"


def test_a_carried_over_tool_prompt_shown_as_published_is_caught():
    texts = read_reference_texts(REPO, "ru")
    published = {card_id: dataclasses.replace(card, tool_prompt_carried=False) if card.tool_prompt_carried else card
                 for card_id, card in CATALOGUE.items()}
    assert any("carried-over tool prompt" in problem
               for problem in mismatches(reference_markdown(texts, OUTLINE, today=TODAY), texts, published))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_course_model_s_refusals_and_assumed_display_are_shown(lang):
    # claude-sonnet-5 refuses manual thinking and sampling parameters (its migration guide), and
    # assistant prefill (a 400 since the 4.6 models, which it replaces);
    # its thinking display is assumed in the catalogue, and the page says so in every language
    texts = read_reference_texts(REPO, lang)
    words = texts.words["models"]
    row = model_rows(reference_markdown(texts, OUTLINE, today=TODAY), "anthropic")["claude-sonnet-5"]
    assert (row[words["manual_thinking"]], row[words["sampling"]], row[words["prefill"]]) == (
        words["no"], words["no"], words["no"])
    assert words["assumed"] in row[words["thinking"]]
    # the first lesson sends thinking={"type": "disabled"}: the table says which models refuse it
    assert row[words["thinking_off"]] == words["yes"]
    newer = model_rows(reference_markdown(texts, OUTLINE, today=TODAY), "anthropic")["claude-sonnet-5-5"]
    assert newer[words["thinking_off"]] == words["no"]
    published = {card_id: dataclasses.replace(card, manual_thinking=True) if card_id == "claude-sonnet-5" else card
                 for card_id, card in CATALOGUE.items()}
    assert "claude-sonnet-5: manual_thinking " + words["no"] in mismatches(
        reference_markdown(texts, OUTLINE, today=TODAY), texts, published)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_model_tables_are_the_catalogue(lang):
    texts = read_reference_texts(REPO, lang)
    assert mismatches(reference_markdown(texts, OUTLINE, today=TODAY), texts, CATALOGUE) == []


def test_a_change_to_the_catalogue_changes_the_page_and_the_old_page_no_longer_matches():
    texts = read_reference_texts(REPO, "bg")
    page = reference_markdown(texts, OUTLINE, today=TODAY)
    changed = dict(CATALOGUE)
    sonnet = changed["claude-sonnet-5"]
    changed["claude-sonnet-5"] = dataclasses.replace(sonnet, context_window=2_000_000,
                                                     retires=datetime.date(2027, 3, 1))
    newer = ModelCard("claude-sonnet-6", "anthropic", "Claude Sonnet 6", datetime.date(2026, 11, 30),
                      context_window=1_000_000, max_output=128_000)
    changed[newer.id] = newer
    assert mismatches(page, texts, changed) == [
        "anthropic: models ['claude-sonnet-5-5', 'claude-sonnet-5', 'claude-haiku-4-5', 'claude-sonnet-4-20250514', "
        "'claude-sonnet-4-0', 'claude-opus-4-20250514'] != ['claude-sonnet-6', 'claude-sonnet-5-5', 'claude-sonnet-5', "
        "'claude-haiku-4-5', 'claude-sonnet-4-20250514', 'claude-sonnet-4-0', 'claude-opus-4-20250514']"]
    del changed[newer.id]
    assert mismatches(page, texts, changed) == ["claude-sonnet-5: context window 1\u00a0000\u00a0000",
                                                "claude-sonnet-5: retirement не е обявено"]
    new_page = reference_markdown(texts, OUTLINE, catalogue=changed, today=TODAY)
    assert mismatches(new_page, texts, changed) == []
    assert "| `claude-sonnet-5` | `MODEL` | 2\u00a0000\u00a0000 |" in new_page
    assert "01.03.2027 г." in new_page


def test_a_retired_model_says_so_on_the_day_it_retires():
    texts = read_reference_texts(REPO, "ru")
    before = model_rows(reference_markdown(texts, OUTLINE, today=datetime.date(2026, 12, 10)), "openai")
    on_the_day = model_rows(reference_markdown(texts, OUTLINE, today=datetime.date(2026, 12, 11)), "openai")
    heading = texts.words["models"]["retires"]
    assert before["gpt-5"][heading] == "11.12.2026"
    assert on_the_day["gpt-5"][heading] == "выведена 11.12.2026"


def _copy_with(tmp_path: Path, lang: str, old: str, new: str) -> Path:
    (tmp_path / "lessons").mkdir()
    source = (REPO / "lessons" / f"REFERENCE.{lang}.yaml").read_text(encoding="utf-8")
    assert source.count(old) == 1
    (tmp_path / "lessons" / f"REFERENCE.{lang}.yaml").write_text(source.replace(old, new), encoding="utf-8")
    return tmp_path


def _line_of(tmp_path: Path, lang: str, text: str) -> int:
    lines = (tmp_path / "lessons" / f"REFERENCE.{lang}.yaml").read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if text in line)


def _problem(tmp_path: Path, lang: str, old: str, new: str) -> tuple[str, Path]:
    """The problem the page's build reports for the language's file with ``old`` made ``new``."""
    root = _copy_with(tmp_path, lang, old, new)
    with pytest.raises(ReferenceProblem) as caught:
        reference_pages(root, [lang], OUTLINE)
    return str(caught.value), root


def test_a_missing_row_label_is_a_problem_at_the_mapping_that_lacks_it(tmp_path):
    problem, root = _problem(tmp_path, "uk", "    failure: результат із помилкою\n", "")
    assert problem == f"lessons/REFERENCE.uk.yaml:{_line_of(root, 'uk', '  rows:')}: missing 'shapes.rows.failure'"


def test_a_misspelt_key_is_a_problem_at_its_line(tmp_path):
    problem, root = _problem(tmp_path, "zh", "  retires: 下线日期\n", "  retire: 下线日期\n")
    assert problem.startswith(f"lessons/REFERENCE.zh.yaml:{_line_of(root, 'zh', 'retire:')}: "
                              "unknown key 'models.retire' (expected one of: heading, ")


def test_a_slot_the_page_cannot_fill_is_a_problem_at_its_line(tmp_path):
    problem, root = _problem(tmp_path, "ru", 'retired: "выведена [[date]]"', 'retired: "выведена [[day]]"')
    assert problem == (f"lessons/REFERENCE.ru.yaml:{_line_of(root, 'ru', 'retired:')}: "
                       "'models.retired' must hold [[date]] (the page fills them in)")


def test_a_double_quote_in_a_code_block_title_is_a_problem_at_its_line(tmp_path):
    # title="…" would end at it and the block would not render (the openai e.body caption did)
    problem, root = _problem(tmp_path, "ru", "  openai_body: \"e.body в openai (по сети он лежит в поле error)\"",
                             "  openai_body: 'e.body в openai (по сети — {\"error\": …})'")
    assert problem == (f"lessons/REFERENCE.ru.yaml:{_line_of(root, 'ru', 'openai_body:')}: "
                       "'errors.openai_body' is a code block's title: no double quote")


def test_a_lesson_named_in_a_sentence_is_linked_only_when_the_course_has_it():
    texts = read_reference_texts(REPO, "ru")
    with_course = reference_markdown(texts, OUTLINE, today=TODAY)
    assert "[«Когда вызовы не удаются»](lessons/when-calls-fail/index.md)" in with_course
    without = reference_markdown(texts, None, today=TODAY)
    assert "(lessons/when-calls-fail/index.md)" not in without and "«Когда вызовы не удаются»" in without


def test_the_example_text_shows_its_question():
    for lang in LANGUAGES:
        texts = read_reference_texts(REPO, lang)
        markdown = reference_markdown(texts, OUTLINE, today=TODAY)
        assert texts.digits(texts.words["example"]["question"].strip()) in markdown


def test_a_language_without_a_reference_file_gets_no_page(tmp_path):
    (tmp_path / "lessons").mkdir()
    shutil.copy(REPO / "lessons" / "REFERENCE.fa.yaml", tmp_path / "lessons" / "REFERENCE.fa.yaml")
    assert list(reference_pages(tmp_path, ["bg", "fa"], OUTLINE)) == ["fa/reference.md"]


@pytest.mark.parametrize("path", sorted((REPO / "lessons").glob("*/*.md")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_lesson_that_shows_a_reference_table_links_to_the_reference(path):
    assert missing_reference_link(path.read_text(encoding="utf-8")) is None


SHAPES_TABLE = """\
Две форми:

| | Anthropic Messages | OpenAI Chat Completions |
| --- | --- | --- |
| искане | `tool_use` | `tool_calls` |
"""

STOP_TABLE = """\
| причина | какво прави цикълът |
| --- | --- |
| `end_turn` | показва отговора |
"""


def test_a_shape_or_stop_table_without_the_link_is_found_at_its_line():
    assert missing_reference_link(SHAPES_TABLE) == 3
    assert missing_reference_link(STOP_TABLE) == 3
    assert missing_reference_link(SHAPES_TABLE + "\nВсичко е в [справочника](../../reference.md).\n") is None
    assert reference_table_line("```text\n| `end_turn` | a table in code |\n```\n") is None
    assert reference_table_line("| поле | стойност |\n| --- | --- |\n| `name` | име |\n") is None


class _Page(HTMLParser):
    """The <html lang>, the element marked data-reference, and every link's address."""

    def __init__(self):
        super().__init__()
        self.lang, self.marked, self.links = None, [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if "data-reference" in attrs:
            self.marked.append(attrs["data-reference"])
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])


def _parse(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


def _built(site: Path, lang: str, path: str) -> str:
    folder = site if lang == LANGUAGES[0] else site / lang
    return (folder / path / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_built_page_is_in_its_language_and_in_its_menu(site, lang):
    page = _parse(_built(site, lang, "reference"))
    assert page.lang == lang
    assert page.marked == [lang]
    home = _parse(_built(site, lang, "."))
    assert "reference/" in home.links
    title = read_reference_texts(REPO, lang).words["title"]
    assert f"<title>{title} - " in _built(site, lang, "reference")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_built_model_table_names_every_model_of_the_catalogue(site, lang):
    html = _built(site, lang, "reference")
    for card in CATALOGUE.values():
        assert f"<code>{card.id}</code>" in html, card.id


@pytest.mark.parametrize("slug", ["first-steps", "tool-loop", "attaching-tools", "agent-loop", "interview-card"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_lessons_that_showed_the_tables_link_to_the_built_reference(site, lang, slug):
    links = _parse(_built(site, lang, f"lessons/{slug}")).links
    to_reference = [link for link in links if link.split("#")[0] == "../../reference/"]
    assert len(to_reference) >= 2  # the menu's and the lesson's own (to the page or one of its sections)



def _json_blocks(markdown: str, shape_name: str) -> list:
    tab = markdown.split(f'=== "{shape_name}"\n', 1)[1].split("\n=== ", 1)[0].split("\n## ", 1)[0]
    return [json.loads(textwrap.dedent(block)) for block in re.findall(r'```json title="[^"]*"\n(.*?)\n\s*```', tab, re.S)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_example_is_a_run_whose_results_answer_its_calls(lang):
    markdown = reference_markdown(read_reference_texts(REPO, lang), OUTLINE, today=TODAY)
    tool, block, sent = _json_blocks(markdown, "Anthropic Messages")
    assert block["type"] == "tool_use" and block["name"] == tool["name"] and block["input"] == {"order_id": "1042"}
    assert sent["content"][0]["tool_use_id"] == block["id"]
    tool, call, sent = _json_blocks(markdown, "OpenAI Chat Completions")
    assert json.loads(call["function"]["arguments"]) == {"order_id": "1042"}
    assert sent == {"role": "tool", "tool_call_id": call["id"], "content": sent["content"]}
    tool, item, sent = _json_blocks(markdown, "OpenAI Responses")
    assert item["type"] == "function_call" and json.loads(item["arguments"]) == {"order_id": "1042"}
    assert sent["call_id"] == item["call_id"] and sent["type"] == "function_call_output"


def test_a_course_without_both_models_has_no_example():
    texts = read_reference_texts(REPO, "bg")
    assert '=== "Anthropic Messages"' in reference_markdown(texts, OUTLINE, today=TODAY)
    assert '=== "Anthropic Messages"' not in reference_markdown(texts, None, today=TODAY)


def intro_names_missing_from_tables(intro: str, markdown: str) -> list[str]:
    """The names the introduction promises (`messages`, …) that no table cell uses."""
    tables = "\n".join(line for line in markdown.splitlines() if line.startswith("|"))
    return [name for name in re.findall(r"`([A-Za-z_]+)`", intro) if not re.search(rf"\b{name}\b", tables)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_introduction_names_only_what_the_tables_use(lang):
    texts = read_reference_texts(REPO, lang)
    markdown = reference_markdown(texts, OUTLINE, today=TODAY)
    assert intro_names_missing_from_tables(texts.words["intro"], markdown) == []
    assert intro_names_missing_from_tables("`TOOLS`, `messages`", markdown) == ["TOOLS"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_example_is_the_first_steps_lessons_own_round(lang):
    # The page's example promises the first lesson's round in the other shapes: the same
    # question, tool description and result, word for word, in each language.
    lesson = (REPO / "lessons" / "first-steps" / f"{lang}.md").read_text(encoding="utf-8")
    description = re.search(r'"description": \(((?:\s*"[^"\n]*")+)\s*\)', lesson).group(1)
    words = read_reference_texts(REPO, lang).words["example"]
    assert f'question = "{words["question"].strip()}"' in lesson
    assert "".join(re.findall(r'"([^"\n]*)"', description)) == words["description"].strip()
    assert f'"1042": "{words["result"].strip()}"' in lesson


def test_the_site_reports_a_broken_reference_file_as_a_problem_of_the_course_at_its_line(tmp_path):
    # What the site build does with it: a problem at file:line among the course's, and a page
    # set without that language's reference page (a preview goes on showing the problem).
    from lesson_builder._build import Course
    from lesson_builder._course_site import CourseSite

    root = _copy_with(tmp_path, "ru", "  retires: ", "  retire: ")
    course, site = Course(root=root), CourseSite(root, ["ru"])
    site.check(course)
    reported = [problem for problem in course.problems if problem.path == "lessons/REFERENCE.ru.yaml"]
    assert [problem.line for problem in reported] == [_line_of(root, "ru", "retire:")]
    assert not any("reference" in uri for uri in site.page_set(course, "ru").pages)


@pytest.mark.parametrize("lang", ["bg", "fa", "zh", "ru", "uk"])
def test_each_section_has_the_same_anchor_in_every_language(lang):
    # Cyrillic, Persian and Chinese headings slugify to "_1", "_2": a lesson could not link
    # to a table. The anchors are fixed, the same in every language.
    from lesson_builder._reference_page import ANCHORS

    (_, markdown), = reference_pages(REPO, [lang], OUTLINE).values()
    anchors = re.findall(r"^## .+ \{#([a-z-]+)\}$", markdown, re.M)
    assert anchors == ["shapes", "example", "stop-reasons", "errors", "models"] == list(ANCHORS.values())


def test_a_build_renders_each_reference_page_once(monkeypatch):
    # check() renders the page to find its problems; the page set of the same build takes that
    # rendering instead of making it again (the real function, counted)
    from lesson_builder import _course_site
    from lesson_builder._build import Course

    calls = []
    real = _course_site.reference_pages

    def counted(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(_course_site, "reference_pages", counted)
    course, site = Course(root=REPO), _course_site.CourseSite(REPO, ["ru"])
    course.outline = OUTLINE
    site.check(course)
    pages = site.page_set(course, "ru").pages
    assert calls == [["ru"]]
    assert pages["ru/reference.md"]["markdown"] == reference_pages(REPO, ["ru"], OUTLINE)["ru/reference.md"][1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_completed_refusal_is_listed_before_the_plain_completed_answer(lang):
    # a refusal is "completed" with no function call too: read top-down, the table must
    # have the reader check for it before taking "completed" as an answer
    texts = read_reference_texts(REPO, lang)
    markdown = reference_markdown(texts, OUTLINE, today=TODAY)
    phrases = texts.words["phrases"]
    refusal = markdown.index('`"completed"`' + phrases["with_refusal"])
    answer = markdown.index('`"completed"`' + phrases["no_function_call"])
    assert refusal < answer


@pytest.mark.parametrize("lang", ["zh", "fa"])
def test_lists_of_code_are_separated_as_the_language_writes_them(lang):
    # shared cells listed code with a Latin comma or a middle dot: in Persian they break the
    # right-to-left line, in Chinese they are the wrong (half-width) mark
    texts = read_reference_texts(REPO, lang)
    markdown = reference_markdown(texts, OUTLINE, today=TODAY)
    phrases = texts.words["phrases"]
    comma = phrases["comma"]
    block_id = f"`block.id`{phrases['open']}`toolu_…`{phrases['close']}"
    for listed in ('`"auto"`', '`"required"`'), (block_id, "`block.name`"), (
            '`"incomplete"`', '`"max_output_tokens"`'), ("`status`", "`incomplete_details.reason`"):
        assert comma.join(listed) in markdown
        for latin in (", ", " · "):
            assert latin.join(listed) not in markdown


def test_chinese_cells_and_headings_use_full_width_brackets_and_colons():
    # a shared cell wrote "(`toolu_…`)" and a heading "Anthropic Messages: `stop_reason`" with
    # half-width marks on the Chinese page, beside full-width ones in the language's own cells
    markdown = reference_markdown(read_reference_texts(REPO, "zh"), OUTLINE, today=TODAY)
    assert "`block.id`（`toolu_…`）" in markdown and "`block.id` (`toolu_…`)" not in markdown
    assert "### Anthropic Messages：`stop_reason`" in markdown
    assert "`text_of(response)`：" in markdown
