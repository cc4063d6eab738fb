"""Snippets mount where and when they are wanted (frontend/page/mount-queue.js), in real
Chromium on the built site: the ones in view first, the rest as they come near it or when the
browser is idle. A page opened at the section of its last snippet mounts that section's first
snippet before the page's first; an editor mounted late still shows the learner's saved edit; a
Run clicked while other snippets are still mounting runs the code of the snippet clicked."""

from __future__ import annotations

LESSON = "lessons/tool-loop/"  # a long lesson: many snippets and quizzes
def mount_order(widgets: str, key: str, mounted_part: str, record: str) -> str:
    """An init script that records in ``window[record]``, in order, the ``dataset[key]`` of each
    of the ``widgets`` as it gets its ``mounted_part`` (what mounting adds to it)."""
    return f"""
window.{record} = [];
new MutationObserver(() => {{
  for (const root of document.querySelectorAll("{widgets}")) {{
    if (root.querySelector("{mounted_part}") && !window.{record}.includes(root.dataset.{key})) {{
      window.{record}.push(root.dataset.{key});
    }}
  }}
}}).observe(document, {{ subtree: true, childList: true }});
"""


# The order in which snippets get their editor, and quizzes their body (mount-quizzes.js).
MOUNT_ORDER = mount_order(".lesson-snippet[data-snippet]", "snippet", "[data-editor]", "__mountOrder")
QUIZ_ORDER = mount_order("[data-quiz]", "quiz", "[data-quiz-body]", "__quizOrder")
ALL_MOUNTED = """() => [...document.querySelectorAll(".lesson-snippet[data-snippet]")]
    .every((root) => root.querySelector("[data-editor]"))"""
ALL_QUIZZES_MOUNTED = """() => [...document.querySelectorAll("[data-quiz]")].every((root) => root.querySelector("[data-quiz-body]"))
    && document.querySelector("[data-lesson-progress]")"""


def snippet_ids(page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('.lesson-snippet[data-snippet]')].map((r) => r.dataset.snippet)")


def heading_before(page, widget: str) -> str:
    """The id of the nearest heading above the element ``widget`` (a selector): an address
    that opens the page there."""
    return page.evaluate(
        """(selector) => {
            const root = document.querySelector(selector);
            const headings = [...document.querySelectorAll("article h2[id], article h3[id]")];
            return headings.filter((h) => h.compareDocumentPosition(root) & Node.DOCUMENT_POSITION_FOLLOWING).pop().id;
        }""",
        widget,
    )


def first_snippet_after(page, heading_id: str) -> str:
    """The first snippet below the heading ``heading_id``."""
    return page.evaluate(
        """(id) => {
            const heading = document.getElementById(id);
            return [...document.querySelectorAll(".lesson-snippet[data-snippet]")]
                .find((root) => heading.compareDocumentPosition(root) & Node.DOCUMENT_POSITION_FOLLOWING).dataset.snippet;
        }""",
        heading_id,
    )


def expected_output(page, snippet_id: str) -> str:
    return page.evaluate(
        "(id) => JSON.parse(document.querySelector(`[data-snippet=\"${id}\"] > script[data-config]`).textContent).expected",
        snippet_id,
    )


def test_a_page_opened_at_its_last_snippet_mounts_that_one_first(page, site_url):
    page.add_init_script(MOUNT_ORDER)
    page.goto(site_url(LESSON))
    ids = snippet_ids(page)
    assert len(ids) >= 4, "the test needs a long lesson"
    page.wait_for_function(ALL_MOUNTED, timeout=30_000)
    assert page.evaluate("() => window.__mountOrder")[0] == ids[0], "opened at the top: the first first"
    anchor = heading_before(page, f'[data-snippet="{ids[-1]}"]')
    # The section may hold more than the last snippet (and a quiz between them): the one in
    # view when the page opens there is the section's first.
    in_view = first_snippet_after(page, anchor)
    page.goto("about:blank")
    page.goto(site_url(LESSON) + "#" + anchor)
    page.wait_for_function(ALL_MOUNTED, timeout=30_000)
    order = page.evaluate("() => window.__mountOrder")
    assert sorted(order) == sorted(ids), "every snippet mounts, each once"
    assert in_view != ids[0]
    assert order.index(in_view) < order.index(ids[0]), f"the snippet in view mounts before the top one: {order}"


def test_an_editor_mounted_late_shows_the_saved_edit(page, site_url, snippets):
    page.goto(site_url(LESSON))
    last = snippet_ids(page)[-1]
    snippets.set_code(last, "print('промяна в края')\n")
    page.wait_for_timeout(600)  # edits are saved a moment after typing stops
    page.goto("about:blank")
    page.add_init_script(MOUNT_ORDER)
    page.goto(site_url(LESSON))  # at the top: the last snippet mounts late
    page.wait_for_function(ALL_MOUNTED, timeout=30_000)
    order = page.evaluate("() => window.__mountOrder")
    assert order.index(last) > order.index(snippet_ids(page)[0]), f"the last snippet mounted late: {order}"
    assert snippets.code(last).strip() == "print('промяна в края')"
    assert snippets.root(last).get_attribute("data-edited") is not None
    state, output = snippets.run(last)
    assert (state, output) == ("done", "промяна в края\n")


def test_a_run_clicked_while_others_mount_runs_that_snippet(page, site_url, snippets):
    page.add_init_script(MOUNT_ORDER)
    page.goto(site_url(LESSON))
    shown = [snippet_id for snippet_id in snippet_ids(page) if expected_output(page, snippet_id) is not None]
    first, far = shown[0], shown[-1]
    # Clicked as soon as the button exists, while the snippets further down wait their turn.
    snippets.root(first).locator('[data-action="run"]').click()
    state = snippets.wait_state(first)
    assert (state, snippets.output(first).rstrip()) == ("done", expected_output(page, first).rstrip())
    # A snippet far down, reached by scrolling: it mounts as it comes near and runs its own code.
    snippets.root(far).scroll_into_view_if_needed()
    state, output = snippets.run(far)
    assert (state, output.rstrip()) == ("done", expected_output(page, far).rstrip())



def test_a_page_opened_at_its_last_quiz_mounts_that_one_first_and_then_the_progress_bar(page, site_url):
    page.add_init_script(QUIZ_ORDER)
    page.goto(site_url(LESSON))
    quizzes = page.evaluate("() => [...document.querySelectorAll('[data-quiz]')].map((root) => root.dataset.quiz)")
    assert len(quizzes) >= 3, "the test needs a lesson with several quizzes"
    anchor = heading_before(page, f'[data-quiz="{quizzes[-1]}"]')
    page.goto("about:blank")
    page.goto(site_url(LESSON) + "#" + anchor)
    page.wait_for_function(ALL_QUIZZES_MOUNTED, timeout=30_000)
    order = page.evaluate("() => window.__quizOrder")
    assert sorted(order) == sorted(quizzes), "every quiz mounts, each once"
    assert order.index(quizzes[-1]) < order.index(quizzes[0]), f"the quiz in view mounts before the top one: {order}"
