"""Markdown → HTML for quiz texts, with the site's extensions where the plugin passes them."""

import re
from typing import Callable, Optional

import markdown as markdown_library

DEFAULT_EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "pymdownx.superfences",
                      "pymdownx.inlinehilite", "pymdownx.highlight"]
# Extensions that make no sense for a fragment (they need a page, a TOC or the theme).
FRAGMENT_UNSAFE = {"toc"}


def markdown_renderer(extensions: Optional[list] = None, configs: Optional[dict] = None) -> Callable[[str], str]:
    names = [e for e in (extensions if extensions is not None else DEFAULT_EXTENSIONS)
             if not (isinstance(e, str) and e in FRAGMENT_UNSAFE)]
    converter = markdown_library.Markdown(
        extensions=names, extension_configs={k: v for k, v in (configs or {}).items() if k in names})

    def render(text: str) -> str:
        converter.reset()
        return page_links(converter.convert(text.strip()))

    # Part of every lesson artifact's inputs (``_artifact``): the same in every process.
    render.settings = settings_text([extensions, configs])
    return render


# A link to a page's source (`../../reference.md#shapes`, `../tool-loop/index.md`), as authors
# write it in lessons. MkDocs turns those into the page's address in a lesson's text, but quiz
# texts travel as HTML inside the page's config, where nothing rewrites them.
_SOURCE_LINK = re.compile(r'href="(?![a-z][a-z0-9+.-]*:|/|#)([^"#]*?)(index)?\.md(#[^"]*)?"')


def page_links(html: str) -> str:
    """Relative links to markdown sources as the built site's addresses (directory URLs)."""
    def address(match: re.Match) -> str:
        path, index, anchor = match[1], match[2], match[3] or ""
        return f'href="{path if index else path + "/"}{anchor}"'

    return _SOURCE_LINK.sub(address, html)


def settings_text(settings: object) -> str:
    """Markdown settings as text that is the same in every process (no object addresses)."""
    return re.sub(r" at 0x[0-9a-fA-F]+", "", repr(settings))
