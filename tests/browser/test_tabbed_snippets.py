"""A runnable snippet inside a content tab (pymdownx.tabbed, when-calls-fail's three API shapes):
hidden until its tab is chosen, it must then mount, run and print what the build printed."""

import json

LESSON = "ru/lessons/when-calls-fail/"


def expected_output(page, snippet_id: str) -> str:
    config = page.locator(f'[data-snippet="{snippet_id}"] > script[data-config]').text_content()
    return json.loads(config)["expected"]


def test_a_snippet_in_a_second_tab_runs_once_its_tab_is_chosen(page, site_url, snippets):
    page.goto(site_url(LESSON))
    root = snippets.root("non-answers-chat")
    assert not root.is_visible(), "the Chat Completions tab starts hidden behind the Messages tab"
    tabs = root.locator("xpath=ancestor::div[contains(@class, 'tabbed-set')][1]")
    tabs.locator(".tabbed-labels label", has_text="Chat Completions").click()
    assert root.is_visible()
    state, output = snippets.run("non-answers-chat")
    assert state == "done", output
    assert output.rstrip() == expected_output(page, "non-answers-chat").rstrip()
    assert "content_filter →" in output
