"""Take the code home: a snippet's "copy as a program" puts the build's program in the
clipboard (the learner's edits included, and the confirmation says which it is), and its
"download .py" link saves the same program as a file, from a data: URL that needs no server."""

from __future__ import annotations

import json
from pathlib import Path

from lesson_builder._problems import Problems
from lesson_builder._program_export import lesson_programs, program_text
from support.quiz_support import REPO_ROOT
from support.repo_course import repo_course

COURSE = repo_course()
LANG, SLUG, SNIPPET = "bg", "attaching-tools", "three-shapes"  # its own code swaps lines: the OpenAI import
STRINGS = json.loads((REPO_ROOT / "frontend" / "page" / "strings" / f"{LANG}.json").read_text(encoding="utf-8"))


def built_program():
    lesson = COURSE.lessons[f"{LANG}/{SLUG}"]
    title = COURSE.outline.lesson(SLUG).title[LANG]
    return lesson_programs(lesson, REPO_ROOT, title, Problems())[SNIPPET]


def open_snippet(page, site_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(site_url(f"lessons/{SLUG}/"))
    root = page.locator(f'[data-snippet="{SNIPPET}"]')
    root.locator('[data-action="copy-program"]').wait_for()
    return root


def wait_status(page, root, text: str):
    status = root.locator("[data-take-home-status]")
    page.wait_for_function("([el, text]) => el.textContent === text", arg=[status.element_handle(), text])
    assert status.get_attribute("role") == "status" and status.is_visible()


def test_copy_gives_the_build_s_program_and_says_so(page, site_url, snippets):
    root = open_snippet(page, site_url)
    program = built_program()
    config = json.loads(root.locator("script[data-config]").text_content())
    assert config["program"] == program.config()
    assert program.lines, "the chosen snippet swaps lines of its own code"
    button = root.locator('[data-action="copy-program"]')
    assert button.text_content() == STRINGS["export.copy"]
    note = root.locator(".snippet-take-home__note")
    assert note.is_visible() and note.text_content() == STRINGS["export.note"]
    assert button.get_attribute("aria-describedby") == note.get_attribute("id")
    button.focus()
    page.keyboard.press("Enter")
    wait_status(page, root, STRINGS["export.copied"])
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == program.text
    assert "fake_client import" not in copied and "import fake_client" not in copied


def test_copy_and_download_take_the_learner_s_edits(page, site_url, snippets):
    root = open_snippet(page, site_url)
    program = built_program()
    edited = program.code.rstrip("\n") + "\nprint('моята промяна')\n"
    snippets.set_code(SNIPPET, edited)
    root.locator('[data-action="copy-program"]').click()
    wait_status(page, root, STRINGS["export.copiedEdited"])
    expected = program_text(program.before, program.lines, edited)
    assert page.evaluate("() => navigator.clipboard.readText()") == expected
    assert expected.endswith("print('моята промяна')\n")

    link = root.locator('a[data-action="download-program"]')
    assert link.get_attribute("download") == f"{SLUG}-{SNIPPET}.py"
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename == f"{SLUG}-{SNIPPET}.py"
    assert Path(download.value.path()).read_text(encoding="utf-8") == expected
    assert link.get_attribute("href").startswith("data:text/x-python;charset=utf-8;base64,")


NO_CLIPBOARD_API = "Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})"


def test_without_the_clipboard_api_the_old_copy_command_copies(page, site_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(NO_CLIPBOARD_API)
    page.goto(site_url(f"lessons/{SLUG}/"))
    root = page.locator(f'[data-snippet="{SNIPPET}"]')
    button = root.locator('[data-action="copy-program"]')
    button.click()
    wait_status(page, root, STRINGS["export.copied"])
    assert page.evaluate("() => document.activeElement.dataset.action") == "copy-program"  # focus given back
    reader = page.context.new_page()  # a page that has the API reads what was copied
    reader.goto(site_url("playground/"))
    assert reader.evaluate("() => navigator.clipboard.readText()") == built_program().text
    reader.close()


def test_when_copying_is_refused_the_program_is_shown_selected(page, site_url):
    page.add_init_script(NO_CLIPBOARD_API + "; Document.prototype.execCommand = () => false")
    page.goto(site_url(f"lessons/{SLUG}/"))
    root = page.locator(f'[data-snippet="{SNIPPET}"]')
    root.locator('[data-action="copy-program"]').click()
    wait_status(page, root, STRINGS["export.copyManual"])
    manual = root.locator("textarea.snippet-take-home__manual")
    program = built_program().text
    assert manual.input_value() == program
    assert manual.get_attribute("aria-label") == STRINGS["export.programLabel"]
    assert manual.evaluate("el => document.activeElement === el && el.value.slice(el.selectionStart, el.selectionEnd)") == program


def test_a_learner_s_own_fake_client_import_is_pointed_out(page, site_url, snippets):
    root = open_snippet(page, site_url)
    snippets.set_code(SNIPPET, "from fake_client import Anthropic, recording\nprint(1)\n")
    root.locator('[data-action="copy-program"]').click()
    wait_status(page, root, f"{STRINGS['export.copiedEdited']} {STRINGS['export.stillFake']}")
