"""A run on a page answers in the page's language: the page says it (<html lang>) with every
run, and fake_client answers in it, in real Pyodide in a real browser. The question below is
Russian with no letter or word only Russian has, so without the page's word the fake guessed
Bulgarian (fake_client._language)."""

from fake_client.locales import phrase

ASK = ("from fake_client import Anthropic\n"
       "reply = Anthropic().messages.create(model='claude-haiku-4-5', max_tokens=100,\n"
       "    messages=[{'role': 'user', 'content': 'Нужна помощь'}])\n"
       "print(reply.content[0].text)\n")


def _ask_on(page, site_url, snippets, path):
    page.goto(site_url(path))
    snippets.set_code("try-tools", ASK)
    state, output = snippets.run("try-tools")
    assert state == "done", output
    return output.rstrip()


def test_a_russian_question_without_marker_words_is_answered_in_russian_on_the_russian_page(page, site_url, snippets):
    assert page.goto(site_url("ru/playground/")) and page.get_attribute("html", "lang") == "ru"
    assert _ask_on(page, site_url, snippets, "ru/playground/") == phrase("ru", "chat.help")
    picture = snippets.root("try-tools").locator("[data-run-picture]").text_content()
    assert phrase("ru", "chat.help") in picture
    assert phrase("bg", "chat.help") not in picture
    # The next page of the visit finds the same (shared) Python: the language goes with each
    # run, not with the worker.
    assert _ask_on(page, site_url, snippets, "playground/") == phrase("bg", "chat.help")
    assert _ask_on(page, site_url, snippets, "uk/playground/") == phrase("uk", "chat.help")
