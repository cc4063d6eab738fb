"""Under ``mkdocs serve``: a page's template output given back when nothing it is made of
changed, instead of rendering the theme's templates for it again.

An edit of one lesson in one language rebuilds all five languages' builds (mkdocs-static-i18n
runs each in full), and rendering Material's templates was a quarter of such a rebuild, for
pages that come out byte for byte the same. The key holds what a page's template reads, taken
from the very context it is rendered with: the page (address, title, HTML, table of contents,
front matter, its neighbours and parents), the navigation of its language build, the site's
settings (``extra`` holds mkdocs-static-i18n's language links of the page), every other value
the plugins put in the context, and the theme's template files. A value that cannot be told
apart by content (an object without a data-like ``repr``) makes the key new each build, so it
is never served stale: the page is rendered again, as without the cache.

Everything before and after the render still runs for every page (the page's events, the
search entries, the head tags and the page's Content-Security-Policy).
"""

from __future__ import annotations

import hashlib
import json
from importlib import metadata
from pathlib import Path
from typing import Optional

from ._search_worker import toc_data

# Context entries the key takes apart (below) or leaves out: the build's date (the templates
# do not show it, and it would make every key new).
_TAKEN_APART = {"page", "nav", "config", "pages", "build_date_utc"}
# What the theme's templates read of the site's settings.
_SETTINGS = ("site_name", "site_url", "site_description", "site_author", "copyright", "repo_url", "repo_name",
             "edit_uri", "extra", "extra_css", "extra_javascript", "use_directory_urls")


class PageOutputCache:
    """The last output of each page (by its address), with the key it was made with."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[str, str]] = {}
        self._templates_key = ""

    def attach(self, env, config) -> None:
        """Make the pages' template renders of this build (``env``, from ``on_env``) look here."""
        self._templates_key = _templates_key(config)
        get_template = env.get_template
        if getattr(get_template, "_lessons_cached", False):
            return

        def page_template(name, parent=None, globals=None):
            template = get_template(name, parent, globals)
            # A page's own template, as mkdocs asks for it; never a template included or
            # extended by another (Jinja passes that one's parent).
            return _PageTemplate(template, name, self) if parent is None and globals is None else template

        page_template._lessons_cached = True
        env.get_template = page_template

    def render(self, template, name: str, context) -> str:
        page = context.get("page")
        if page is None or getattr(page, "file", None) is None:
            return template.render(context)
        key = self._key(name, context)
        known = self._known.get(page.file.dest_uri)
        if known is not None and known[0] == key:
            return known[1]
        output = template.render(context)
        self._known[page.file.dest_uri] = (key, output)
        return output

    def _key(self, name: str, context) -> str:
        page, config = context["page"], context["config"]
        made_of = {
            "template": [name, self._templates_key],
            "page": _page(page),
            "neighbours": [_link(page.previous_page), _link(page.next_page), [_link(a) for a in page.ancestors]],
            "nav": _nav(context["nav"]),
            "settings": {setting: config.get(setting) for setting in _SETTINGS},
            "theme": [config.theme.name, dict(config.theme.items())],
            "context": {key: value for key, value in context.items() if key not in _TAKEN_APART},
        }
        text = json.dumps(made_of, ensure_ascii=False, sort_keys=True, default=repr)
        digest = hashlib.sha256(text.encode("utf-8"))
        digest.update(b"\0" + (page.content or "").encode("utf-8"))  # the HTML as it is, not JSON-escaped
        return digest.hexdigest()


class _PageTemplate:
    """A page's template whose ``render`` goes through the cache; all else is the template's."""

    def __init__(self, template, name: str, cache: PageOutputCache) -> None:
        self._template, self._name, self._cache = template, name, cache

    def render(self, *args, **kwargs) -> str:
        if len(args) == 1 and not kwargs and isinstance(args[0], dict):
            return self._cache.render(self._template, self._name, args[0])
        return self._template.render(*args, **kwargs)

    def __getattr__(self, attribute):
        return getattr(self._template, attribute)


def _page(page) -> list:
    return [page.url, page.file.src_uri, str(page.title), page.meta, toc_data(page.toc),
            page.canonical_url, page.edit_url, page.is_homepage, page.active]


def _link(item) -> Optional[list]:
    return None if item is None else [type(item).__name__, str(item.title), getattr(item, "url", None)]


def _nav(nav) -> list:
    def items(entries) -> list:
        return [[*_link(entry), bool(getattr(entry, "active", False)), items(getattr(entry, "children", None) or [])]
                for entry in entries]
    return items(nav.items)


def _templates_key(config) -> str:
    """The theme's own version and the site's template overrides (their files' sizes and times)."""
    try:
        version = metadata.version("mkdocs-material")
    except metadata.PackageNotFoundError:
        version = "-"
    overrides = []
    custom_dir = config.theme.custom_dir
    if custom_dir:
        for path in sorted(Path(custom_dir).rglob("*")):
            if path.is_file():
                stat = path.stat()
                overrides.append([str(path), stat.st_size, stat.st_mtime_ns])
    return hashlib.sha256(json.dumps([config.theme.name, version, overrides]).encode("utf-8")).hexdigest()
