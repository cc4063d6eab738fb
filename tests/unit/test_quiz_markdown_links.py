"""Quiz texts link to pages as lessons do, by their markdown source; the HTML the quiz carries
in the page's config has the built site's addresses (MkDocs rewrites only the page's own text)."""

import pytest

from lesson_builder._markdown import markdown_renderer, page_links


@pytest.mark.parametrize("source, address", [
    ("../../reference.md#shapes", "../../reference/#shapes"),
    ("../tool-loop/index.md", "../tool-loop/"),
    ("../tool-loop/index.md#step-limit", "../tool-loop/#step-limit"),
    ("../../reference.md", "../../reference/"),
])
def test_a_link_to_a_page_source_becomes_its_address(source, address):
    assert markdown_renderer()(f"See [the page]({source}).") == f'<p>See <a href="{address}">the page</a>.</p>'


@pytest.mark.parametrize("href", ["https://example.com/notes.md", "/abs/page.md", "#shapes", "../data.json"])
def test_other_links_stay_as_written(href):
    html = f'<a href="{href}">x</a>'
    assert page_links(html) == html
