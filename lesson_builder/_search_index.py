"""One search index per language, in place of Material's one for the whole site.

Material's search fetches ``search/search_index.json`` on every page and parses it on the
page's main thread before its worker builds the index. With five languages in one file that
was 5.5 MB of JSON (Cyrillic, Persian and Han text written as ``\\uXXXX``) on every page, of
which a learner searches one language: a page's own file is a fifth of it, written as UTF-8.
``frontend/page/search-on-demand.js`` asks for the page's language's file, and only once the
learner turns to search.
"""

from __future__ import annotations

import json
from pathlib import Path

from ._site_files import write_if_changed

SEARCH_DIR = "search"
COMBINED_INDEX = "search_index.json"


def language_index_name(language: str) -> str:
    """The file name, inside ``search/``, of one language's index (the front end names it so too)."""
    return f"search_index.{language}.json"


def page_language(location: str, languages: list[str]) -> str:
    """The language of an index entry by its location: its first folder, or the default
    language (``languages[0]``, built at the site's root)."""
    first = location.split("/", 1)[0]
    return first if first in languages[1:] else languages[0]


def split_search_index(site_dir: Path, languages: list[str]) -> None:
    """Replace the site's combined index by one file per language (the same ``config``, that
    language's entries). Does nothing without an index (a site built without search) or
    without languages."""
    combined = site_dir / SEARCH_DIR / COMBINED_INDEX
    if not languages or not combined.is_file():
        return
    index = json.loads(combined.read_text(encoding="utf-8"))
    docs = {language: [] for language in languages}
    for doc in index.get("docs", []):
        docs[page_language(doc.get("location", ""), languages)].append(doc)
    for language, entries in docs.items():
        text = json.dumps({**index, "docs": entries}, ensure_ascii=False, separators=(",", ":"))
        write_if_changed(site_dir / SEARCH_DIR / language_index_name(language), text.encode("utf-8"))
    combined.unlink()
