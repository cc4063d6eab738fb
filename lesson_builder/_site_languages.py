"""One language's site in MkDocs terms, from the language registry (``lessons/languages.yaml``):
its name and description, Material's language (its translations, and right-to-left for fa),
the search's stemmers, Material's language switcher (``extra.alternate``: the languages' home
pages, and for each page the same page in each language where there is one), and its menu
(the language's docs folder as the top level with its home page, the course's order, the
registry's section names).
"""

from __future__ import annotations

import logging
from pathlib import Path

from ._glossary import glossary_file
from ._languages import Language, language, languages


def search_languages(lang: Language) -> list[str]:
    """The search index's lunr languages: English (code and ids are English words) and the
    language's stemmers."""
    return ["en"] + [stemmer for stemmer in lang.search if stemmer != "en"]


def home_path(root: Path, code: str) -> str:
    """A language's folder in the site: ``""`` for the default, ``"<code>/"`` for the others."""
    return "" if code == languages(root)[0].code else f"{code}/"


def apply_language(config, root: Path, code: str) -> None:
    """The registry's facts for ``code`` in this build's configuration."""
    here = language(root, code)
    config.site_name, config.site_description = here.site_name, here.site_description
    config.theme["language"] = here.theme
    config.extra["alternate"] = [{"name": other.name, "lang": other.code, "link": _site_path(home_path(root, other.code))}
                                 for other in languages(root)]
    search = config.plugins.get("material/search") or config.plugins.get("search")
    if search is not None:
        search.config["lang"] = search_languages(here)
        if here.script != "han":
            search.config["jieba_dict"] = str(_small_han_dictionary(root))
    # jieba (the search's Chinese segmenter) logs its dictionary loading: only its warnings matter.
    logging.getLogger("jieba").setLevel(logging.WARNING)


def _small_han_dictionary(root: Path) -> Path:
    """A one-word dictionary for jieba (Material segments any Han text it indexes) in a language
    not written in Han: its few Chinese words are segmented by jieba's model alone, and the build
    skips loading the full dictionary (half a second per build)."""
    path = root / "build" / "search" / "jieba-small.txt"
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("的 1 uj\n", encoding="utf-8")
    return path


def page_alternates(root: Path, code: str, src_uri: str) -> list[dict]:
    """The switcher's links from the page ``src_uri`` (``<code>/...``), as site paths (the theme
    makes them relative): the same page in each language that has it, else its home page."""
    rest = src_uri.split("/", 1)[1] if "/" in src_uri else ""
    page = rest.removesuffix("index.md").removesuffix(".md")
    page = page + "/" if page and not page.endswith("/") else page
    found = []
    for other in languages(root):
        there = _has_page(root, other.code, rest)
        link = _site_path(home_path(root, other.code) + (page if there else ""))
        found.append({"name": other.name, "lang": other.code, "link": link})
    return found


def _site_path(path: str) -> str:
    # Relative to the site's root: MkDocs' `url` filter makes it relative to the page, so the
    # site may be served from any folder.
    return path or "./"


def _has_page(root: Path, code: str, rest: str) -> bool:
    if rest.startswith("lessons/"):  # every lesson has a page in every language (written, or a notice)
        return True
    if rest == "glossary.md":
        return glossary_file(root, code).is_file()
    return (root / "docs" / code / rest).is_file()


def site_nav(nav, root: Path, code: str, positions: dict[str, int]):
    """The menu of one language: its docs folder's content as the top level, a lesson folder
    shown as its lesson, the lessons in course order, section names in the language."""
    names = language(root, code).nav
    home = next((page for page in nav.pages if page.file.src_uri == f"{code}/index.md"), None)
    if home is not None:
        nav.homepage = home  # the logo's link: this language's home, not the site's root
    items = nav.items
    if len(items) == 1 and getattr(items[0], "is_section", False):
        items = items[0].children  # the language's folder (docs/<code>/) is the whole site
    nav.items = _lesson_nav(items, None, positions, names)
    nav.pages = [item for item in _walk(nav.items) if getattr(item, "is_page", False)]
    for previous, page in zip([None] + nav.pages[:-1], nav.pages):
        page.previous_page = previous
        if previous is not None:
            previous.next_page = page
    if nav.pages:
        nav.pages[-1].next_page = None
    return nav


def _lesson_nav(items: list, parent, positions: dict[str, int], names: dict) -> list:
    result = []
    for item in items:
        if getattr(item, "is_section", False):
            item.title = names.get(item.title, item.title)
            item.children = _lesson_nav(item.children, item, positions, names)
            only = item.children[0] if len(item.children) == 1 else None
            if only is not None and getattr(only, "is_page", False) and only.file.src_uri in positions:
                item = only  # the folder lessons/<slug>/ holds just the lesson: show the lesson
        item.parent = parent
        result.append(item)
    if result and all(getattr(i, "is_page", False) and i.file.src_uri in positions for i in result):
        result.sort(key=lambda page: positions[page.file.src_uri])
    return result


def _walk(items: list):
    for item in items:
        yield item
        if getattr(item, "is_section", False):
            yield from _walk(item.children)
