"""The built site follows the course file: every lesson in every language, a translation in
progress as a notice in that language (never another language's page), menus in course
order, the language switcher on the same lesson, one glossary page per language.

Notices are checked on the real site while the course has a translation in progress, else
on the mutation tests' copy of the site, which has some: they are always checked."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from lesson_builder import scan_course
from support.site_copy import make_site_copy, mkdocs_build
from support.repo_course import repo_course

REPO = Path(__file__).resolve().parents[2]
OUTLINE = repo_course().outline
LANGUAGES = OUTLINE.languages
DEFAULT = LANGUAGES[0]


def page_of(site: Path, lang: str, path: str) -> str:
    prefix = site if lang == DEFAULT else site / lang
    return (prefix / path / "index.html").read_text(encoding="utf-8")


def front_title(root: Path, slug: str, lang: str) -> str:
    text = (root / "lessons" / slug / f"{lang}.md").read_text(encoding="utf-8")
    return re.search(r'^title: "?(.*?)"?$', text, re.M)[1]


class Links(HTMLParser):
    """Every <a>'s attributes and text, and the <html lang>."""

    def __init__(self):
        super().__init__()
        self.lang, self.links, self._open = None, [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        elif tag == "a":
            self._open = [attrs, ""]
            self.links.append(self._open)

    def handle_data(self, data):
        if self._open is not None:
            self._open[1] += data

    def handle_endtag(self, tag):
        if tag == "a":
            self._open = None


def parse(html: str) -> Links:
    parser = Links()
    parser.feed(html)
    return parser


@pytest.fixture(scope="module")
def notice_site(site, tmp_path_factory):
    """A built site with notice pages, its content root and its outline: the real site while
    a translation is in progress, else the mutation tests' copy (the sample lesson, written
    in Bulgarian only, in progress in every other language)."""
    if any(entry.in_progress for entry in OUTLINE.lessons):
        return site, REPO, OUTLINE
    copy = make_site_copy(tmp_path_factory.mktemp("notice-site"))
    result = mkdocs_build(copy)
    assert result.returncode == 0, result.stdout + result.stderr
    return copy / "site", copy, scan_course(copy).outline


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_written_lesson_is_built_in_its_language_from_that_languages_source(site, lang):
    for entry in OUTLINE.lessons:
        if lang in entry.in_progress:
            continue  # a notice: the tests below
        html = page_of(site, lang, f"lessons/{entry.slug}")
        assert parse(html).lang == lang
        assert "data-lesson-notice" not in html
        assert front_title(REPO, entry.slug, lang).replace('\\"', '"') in html.replace("&quot;", '"')


def notices(outline) -> list[tuple[str, object]]:
    """(language, course entry) of every translation in progress."""
    return [(lang, entry) for entry in outline.lessons for lang in sorted(entry.in_progress)]


def test_a_notice_is_built_in_its_language_without_another_languages_lesson(notice_site):
    site, root, outline = notice_site
    assert notices(outline), "no translation in progress to build a notice for"
    for lang, entry in notices(outline):
        html = page_of(site, lang, f"lessons/{entry.slug}")
        assert parse(html).lang == lang
        assert f'data-lesson-notice="{entry.slug}"' in html, f"{lang}/{entry.slug}"
        # No other language's lesson under this language's menu: no snippet, no quiz,
        # no other language's title.
        assert "data-snippet=" not in html and "data-quiz=" not in html
        for other in outline.languages:
            if other not in entry.in_progress:
                assert front_title(root, entry.slug, other) not in html
        assert entry.focus[lang] in html


def test_a_notice_links_to_the_lesson_in_each_language_it_is_written_in(notice_site):
    site, _, outline = notice_site
    assert notices(outline), "no translation in progress to build a notice for"
    for lang, entry in notices(outline):
        html = page_of(site, lang, f"lessons/{entry.slug}")
        notice = html[html.index("data-lesson-notice"):html.index("</div>", html.index("data-lesson-notice"))]
        targets = {attrs["hreflang"]: attrs["href"] for attrs, _ in parse(notice).links}
        assert set(targets) == set(outline.languages) - entry.in_progress
        page_dir = (site if lang == DEFAULT else site / lang) / "lessons" / entry.slug
        for other, href in targets.items():
            target = (page_dir / href / "index.html").resolve()
            assert target.is_file() and "data-lesson-notice" not in target.read_text(encoding="utf-8")
            assert parse(target.read_text(encoding="utf-8")).lang == other


@pytest.mark.parametrize("lang", LANGUAGES)
def test_menus_list_the_lessons_in_course_order_under_their_short_names(site, lang):
    html = page_of(site, lang, f"lessons/{OUTLINE.lessons[-1].slug}")
    primary = html[html.index("md-nav--primary"):html.index("md-sidebar--secondary")]
    named = [(attrs.get("href"), " ".join(text.split())) for attrs, text in parse(primary).links]
    lessons = [text for href, text in named if href and re.fullmatch(r"\.\./[a-z0-9-]+/|\./", href)
               and "glossary" not in href and text]
    assert lessons == [entry.title[lang] for entry in OUTLINE.lessons]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_lesson_shows_its_prerequisites_glossary_and_next_lesson_in_its_language(site, lang):
    for entry in OUTLINE.lessons:
        html = page_of(site, lang, f"lessons/{entry.slug}")
        links = {attrs.get("data-prerequisite") or attrs.get("data-next-lesson") or
                 ("glossary" if "data-glossary-link" in attrs else None): (attrs["href"], text)
                 for attrs, text in parse(html).links}
        for needed in entry.prerequisites:
            assert links[needed] == (f"../{needed}/", OUTLINE.lesson(needed).title[lang])
        following = OUTLINE.next_of(entry.slug)
        if following is not None:
            assert links[following.slug] == (f"../{following.slug}/", following.title[lang])
        assert links["glossary"][0] == "../../glossary/"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_glossary_page_per_language_from_the_course_glossary(site, lang):
    html = page_of(site, lang, "glossary")
    source = (REPO / "lessons" / f"GLOSSARY.{lang}.md").read_text(encoding="utf-8")
    heading = source.split("\n", 1)[0].lstrip("# ").strip()
    assert parse(html).lang == lang and heading in html
    assert not list(REPO.glob("lessons/*/GLOSSARY.*.md")), "glossaries live in lessons/GLOSSARY.<lang>.md"


def test_the_language_switcher_of_a_lesson_offers_the_same_lesson(site):
    for entry in OUTLINE.lessons:
        for lang in LANGUAGES:
            html = page_of(site, lang, f"lessons/{entry.slug}")
            switcher = html[html.index('class="md-select__list"'):]
            switcher = switcher[:switcher.index("</ul>")]
            page_dir = (site if lang == DEFAULT else site / lang) / "lessons" / entry.slug
            offered = {attrs["hreflang"]: (page_dir / attrs["href"]).resolve() for attrs, _ in parse(switcher).links}
            assert set(offered) == set(LANGUAGES)
            for other, target in offered.items():
                expected = ((site if other == DEFAULT else site / other) / "lessons" / entry.slug).resolve()
                assert target == expected, f"{lang}/{entry.slug} → {other}"


def test_no_team_notes_in_the_repository():
    assert not (REPO / ".team").exists()
