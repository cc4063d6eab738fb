"""Links inside quiz texts (hints, explanations, options), which travel as HTML in each quiz's
config on the built page, lead to files the site has: MkDocs rewrites only a page's own text,
so a link written to a page's source (`../../reference.md#shapes`) would be a 404 there."""

import html
import json
import re
from pathlib import Path
from urllib.parse import urlsplit

CONFIG = re.compile(r'<script type="application/json" data-config>(.*?)</script>', re.S)
HREF = re.compile(r'href="([^"]+)"')


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _broken_links(site: Path, page: Path) -> list[str]:
    broken = []
    for config in CONFIG.findall(page.read_text(encoding="utf-8")):
        for text in _strings(json.loads(config)):
            for href in HREF.findall(text):
                parts = urlsplit(html.unescape(href))
                if parts.scheme or parts.netloc or not parts.path or parts.path.startswith("/"):
                    continue
                target = (page.parent / parts.path).resolve()
                if not (target / "index.html" if parts.path.endswith("/") else target).is_file():
                    broken.append(f"{page.relative_to(site)}: {href}")
    return broken


def test_every_link_in_a_quiz_text_leads_to_a_page_of_the_site(site):
    pages = sorted(site.rglob("lessons/*/index.html"))
    assert len(pages) >= 25
    broken = [link for page in pages for link in _broken_links(site, page)]
    assert broken == []


def test_the_check_finds_a_link_to_a_markdown_source(tmp_path):
    page = tmp_path / "lessons" / "one" / "index.html"
    page.parent.mkdir(parents=True)
    (tmp_path / "reference").mkdir()
    (tmp_path / "reference" / "index.html").write_text("", encoding="utf-8")
    config = {"explanation_html": '<a href="../../reference.md#shapes">x</a> <a href="../../reference/#shapes">y</a>'}
    page.write_text(f'<script type="application/json" data-config>{json.dumps(config)}</script>', encoding="utf-8")
    assert _broken_links(tmp_path, page) == ["lessons/one/index.html: ../../reference.md#shapes"]
