"""The thin MkDocs adapter of lesson_builder: inject the lesson pages, fail the build on any
problem, put the widgets' HTML in place, put the runtime's files into the site and link them
from every page, watch the content for ``mkdocs serve``.

Each ``lessons/<slug>/<lang>.md`` becomes the page ``<lang>/lessons/<slug>/index.md`` (the
folder layout of mkdocs-static-i18n), so a lesson's URL is ``/lessons/<slug>/`` in the
default language and ``/<lang>/lessons/<slug>/`` in the others, and a lesson links to
another as ``../<slug>/index.md``.
"""

import logging
import os
from pathlib import Path
from typing import Optional
from urllib.parse import urlsplit

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files

from ._build import CACHE_FOLDER, Course, LessonMemo, build_course
from ._content_security import (HEADERS_FILE, content_problems, headers_file, line_in, page_script_hashes,
                                with_meta_policy)
from ._course_site import CourseSite
from ._markdown import markdown_renderer
from ._languages import LanguageRegistryError
from ._mkdocs_caches import SEARCH_FILE, TEMPLATES_FOLDER, PageRenderCache, SearchEntryCache, TemplateCodeCache
from ._coverage import coverage, coverage_markdown
from ._page_output_cache import PageOutputCache
from ._page_programs import PageProgramError, add_programs
from ._render import finish_html
from ._serve_errors import ServeErrors
from ._site_languages import SiteLanguageError, configure as configure_languages
from ._site_files import MissingRuntimeFile, write_empty_sitemap
from ._search_index import split_search_index
from ._search_worker import SearchWorker
from ._site_runtime import SiteRuntime, page_chunks, runtime_signature
from ._startup_files import StartupFiles
from ._theme_listing import quicken_theme_listing

log = logging.getLogger("mkdocs.plugins.lessons")

WATCHED = ("lessons", "quizzes", "fake_client", "lesson_runtime", "lesson_builder")
# The author guide's place for the coverage table, filled at build time.
COVERAGE_MARK = "<!-- lesson_builder coverage -->"


class LessonsConfig(Config):
    # Where lessons/, quizzes/ and fake_client/ live; default: the folder of mkdocs.yml.
    content_root = config_options.Optional(config_options.Type(str))
    # Keep finished runs under <content_root>/.lesson-cache (off: run everything each build).
    cache = config_options.Type(bool, default=True)


class LessonsPlugin(BasePlugin[LessonsConfig]):
    def __init__(self) -> None:
        super().__init__()
        self._course: Optional[Course] = None
        self._signature: Optional[tuple] = None
        self._blocks: dict[str, str] = {}
        self._sources: dict[str, str] = {}  # page src_uri → its markdown
        self._orders: dict[str, int] = {}  # page src_uri → the lesson's place in the course
        self._site: Optional[CourseSite] = None  # the course file's pages and frames
        self._root = Path(".")
        self._markdown = None
        self._startup: Optional[StartupFiles] = None  # made once per session, cached per zip
        self._runtime: Optional[SiteRuntime] = None  # of the build in progress
        self._runtime_signature: Optional[tuple] = None  # what it was made from
        self._templates: Optional[TemplateCodeCache] = None  # for the process
        self._search_entries: Optional[SearchEntryCache] = None
        # For the session (mkdocs serve keeps it); LESSONS_SEARCH_WORKER=0: Material's way, in
        # this process (the build tests compare the two).
        self._search_worker = SearchWorker() if os.environ.get("LESSONS_SEARCH_WORKER") != "0" else None
        self._renders: Optional[PageRenderCache] = None  # under `mkdocs serve`: unchanged pages kept
        self._page_outputs: Optional[PageOutputCache] = None  # under `mkdocs serve`: the same
        self._lesson_memo: Optional[LessonMemo] = None  # under `mkdocs serve`
        self._lesson_memo_settings = ""
        self._builds_open = 0  # mkdocs-static-i18n runs the other languages' builds inside the first
        self._serve_errors: Optional[ServeErrors] = None  # under `mkdocs serve`: problems as a page
        self._not_found: Optional[str] = None  # the default language's 404 page of this build
        self._owners: dict[str, str] = {}  # generated page src_uri → the source file that owns it
        self._script_hashes: dict[str, set[str]] = {}  # page dest_uri → its inline scripts' hashes
        self._serving = False

    def on_startup(self, *, command, dirty) -> None:
        if command == "serve":
            self._serve_errors = ServeErrors()
            self._renders = PageRenderCache()
            self._page_outputs = PageOutputCache()
            self._serving = True

    def on_config(self, config):
        configured = self.config.content_root
        base = Path(config.config_file_path).resolve().parent
        self._root = (base / configured).resolve() if configured else base
        self._markdown = markdown_renderer(list(config.markdown_extensions), dict(config.mdx_configs))
        if self._renders is not None:  # previewing: lessons that did not change are not done again
            settings = repr([list(config.markdown_extensions), dict(config.mdx_configs)])
            if self._lesson_memo is None or self._lesson_memo_settings != settings:
                self._lesson_memo, self._lesson_memo_settings = LessonMemo(settings), settings
        if self._startup is None:
            # The runtime (bundle, node_modules, tools/) lives beside mkdocs.yml.
            self._startup = StartupFiles(base, report=lambda message: log.info("lessons: %s", message))
        try:
            configure_languages(config, self._root)  # i18n's languages and the search's stemmers
        except (LanguageRegistryError, SiteLanguageError) as error:
            raise PluginError(f"lessons: {error}") from None
        self._site = CourseSite.from_registry(self._root)
        if self._templates is None:
            cache = self._root / CACHE_FOLDER if self.config.cache else None
            self._templates = TemplateCodeCache(cache / TEMPLATES_FOLDER if cache else None)
            self._search_entries = SearchEntryCache(cache / SEARCH_FILE if cache else None, self._search_worker)
        _quiet_search_segmenter()
        return config

    def on_pre_build(self, config) -> None:
        self._builds_open += 1
        # Each language build (and each rebuild of `mkdocs serve`) asks again: the runtime's
        # files are made again only when one of them changed.
        base = Path(config.config_file_path).resolve().parent
        signature = runtime_signature(base)
        if self._runtime is None or signature != self._runtime_signature:
            try:
                self._runtime = SiteRuntime(base, self._startup)
            except MissingRuntimeFile as error:
                raise PluginError(f"lessons: {error}") from None
            self._runtime_signature = signature
        quicken_theme_listing(config.theme)  # before this build lists the theme's files
        search = _search_plugin(config)
        if getattr(search, "search_index", None) is not None:  # Material's: made in its on_config
            self._search_entries.wrap(search.search_index)

    def on_env(self, env, config, files):
        env.bytecode_cache = self._templates  # the theme compiled once, not once per language build
        if self._page_outputs is not None:
            self._page_outputs.attach(env, config)
        return env

    # Before mkdocs-static-i18n (priority -100) sorts the files into languages.
    @event_priority(50)
    def on_files(self, files: Files, config) -> Files:
        course = self._build()
        pages = {f"{key.split('/', 1)[0]}/lessons/{key.split('/', 1)[1]}/index.md": (page.lesson.path, page.markdown)
                 for key, page in course.pages.items()}
        pages.update(self._site.extra_pages(course))
        for uri, (owner, markdown) in sorted(pages.items()):
            if files.get_file_from_path(uri) is not None:
                raise PluginError(f"{owner}: docs/{uri} already exists; {owner} owns that page")
            # A File under docs_dir that is not on disk: mkdocs-static-i18n rebuilds every
            # File from its docs_dir path (dropping generated content), so the page's
            # source is handed over in on_page_read_source instead.
            files.append(File(uri, config.docs_dir, config.site_dir, config.use_directory_urls))
            self._sources[uri] = markdown
            self._owners[uri] = str(owner)
        self._orders = self._site.lesson_positions(course)
        return files

    def on_nav(self, nav, config, files):
        """One nav entry per lesson (not a folder holding one page), lessons in course order."""
        if self._renders is not None:
            self._renders.start_build(files, config)
        orders = {uri: order for uri, order in self._orders.items()}
        nav.items = _lesson_nav(nav.items, None, orders)
        nav.pages = [item for item in _walk(nav.items) if getattr(item, "is_page", False)]
        for previous, page in zip([None] + nav.pages[:-1], nav.pages):
            page.previous_page = previous
            if previous is not None:
                previous.next_page = page
        if nav.pages:
            nav.pages[-1].next_page = None
        return nav

    def on_pre_page(self, page, config, files):
        if self._renders is not None:
            self._renders.attach(page)
        return page

    def on_page_read_source(self, page, config) -> Optional[str]:
        return self._sources.get(page.file.src_uri)

    def on_page_markdown(self, markdown: str, page, config, files) -> str:
        self._site.name_page(page, self._course)  # menus name lessons as the course file does
        markdown = self._site.fill_course_map(markdown, page.file.src_uri, self._course)
        if COVERAGE_MARK in markdown and self._course is not None:
            markdown = markdown.replace(COVERAGE_MARK, coverage_markdown(coverage(self._course)))
        return markdown

    def on_page_context(self, context, page, config, nav):
        context["author_guide"] = self._site.author_guide_link(page.file.dest_uri)  # the theme's footer
        return context

    def on_post_template(self, output: str, template_name: str, config) -> str:
        """The 404 page gets the site's stylesheet (footer contrast) and the search script, and
        stays in the default language: every language's build writes the one 404.html at the
        site root, the default language's first, so the others give back the default one."""
        if template_name != "404.html" or self._runtime is None:
            return output
        if config.theme.get("language") not in (None, self._site.languages[0]) and self._not_found is not None:
            return self._not_found
        base = urlsplit(config.site_url or "/").path or "/"
        output = output.replace("</head>", self._runtime.not_found_tags(base) + "</head>", 1)
        output = self._with_policy(output, "404.html")
        self._not_found = output
        return output

    def on_page_content(self, html: str, page, config, files) -> str:
        html = finish_html(html, self._blocks) if "LESSONBLOCK" in html else html
        if page.file.src_uri not in self._sources and 'class="lesson-snippet"' in html:
            html = self._page_programs(html, page)  # the playground's hand-written snippets
        problems = content_problems(html)
        if problems:
            self._refuse_inline_code(page, config, *problems[0])
        html = self._site.frame(html, page.file.src_uri, self._course)
        search = _search_plugin(config)
        if getattr(search, "search_index", None) is not None:
            self._search_entries.prepare(search.search_index, page, html)
        return html

    # After the other plugins' page and build work (as a hook would run), before
    # mkdocs-static-i18n (priority -100) starts the other languages' builds.
    @event_priority(-50)
    def on_post_page(self, output: str, page, config) -> str:
        write_empty_sitemap(Path(config.site_dir), page.file.dest_uri)
        tags = self._runtime.head_tags(page.file.dest_uri, page_chunks(output))
        output = output.replace("</head>", tags + "</head>", 1)
        return self._with_policy(output, page.file.dest_uri)

    # Before Material's search (priority 0) writes the index and mkdocs-static-i18n (-100)
    # gathers its entries: the entries made in the search worker go in their places.
    @event_priority(100)
    def _collect_search_entries(self, config) -> None:
        search = _search_plugin(config)
        if getattr(search, "search_index", None) is not None:
            self._search_entries.collect(search.search_index)

    # After mkdocs-static-i18n (priority -100), whose on_post_build runs the other languages'
    # builds: the runtime's files and the service worker (whose manifest hashes every file of
    # the site, the final search index included) are written once, when the last language
    # is built, not once per language.
    @event_priority(-200)
    def _finish_site(self, config) -> None:
        self._builds_open -= 1
        if self._builds_open > 0:  # a language build inside the outermost one
            return
        site_dir = Path(config.site_dir)
        # The outermost build ends last and sees every page of every language.
        hashes = set().union(*(found for dest, found in self._script_hashes.items() if (site_dir / dest).is_file()))
        (site_dir / HEADERS_FILE).write_text(headers_file(hashes), encoding="utf-8")
        split_search_index(site_dir, self._site.languages)  # before the offline manifest lists the files
        self._runtime.write(site_dir)
        self._search_entries.save()

    on_post_build = CombinedEvent(_collect_search_entries, _finish_site)

    def on_build_error(self, error) -> None:
        self._builds_open = 0

    def on_shutdown(self) -> None:
        if self._search_worker is not None:
            self._search_worker.close()

    def on_serve(self, server, config, builder):
        for name in WATCHED:
            if (self._root / name).exists():
                server.watch(str(self._root / name))
        if self._serve_errors is not None:
            self._serve_errors.attach(server)
        return server

    def _with_policy(self, output: str, dest_uri: str) -> str:
        """The page with its own Content-Security-Policy in a <meta> element (not under
        ``mkdocs serve``, whose live reload is an inline script); its inline scripts' hashes
        go into the site's policy (``_headers``)."""
        try:
            hashes = self._script_hashes[dest_uri] = page_script_hashes(output)
        except ValueError as error:  # the theme wrote an event handler or a javascript: address
            raise PluginError(f"{dest_uri}, {error}") from None
        return output if self._serving else with_meta_policy(output, hashes)

    def _refuse_inline_code(self, page, config, needle: str, sentence: str) -> None:
        """Fail the build at the line of the page's source that holds the inline code."""
        owner = self._owners.get(page.file.src_uri)
        source = self._root / owner if owner else Path(page.file.abs_src_path or "")
        shown = owner or f"{Path(config.docs_dir).name}/{page.file.src_uri}"
        try:
            line = line_in(source.read_text(encoding="utf-8"), needle)
        except (OSError, UnicodeDecodeError):
            line = 0
        raise PluginError(f"{shown}{f':{line}' if line else ''}: {sentence}")

    def _page_programs(self, html: str, page) -> str:
        src = page.file.src_uri
        lang = src.split("/", 1)[0] if src.split("/", 1)[0] in self._site.languages else self._site.languages[0]
        try:
            return add_programs(html, root=self._root, lang=lang, title=page.title or "",
                                name=Path(src).stem if Path(src).stem != "index" else Path(src).parent.name)
        except PageProgramError as error:
            raise PluginError(f"docs/{src}: {error}") from None

    def _build(self) -> Course:
        # mkdocs-static-i18n runs one build per language: do the work once per change.
        signature = _content_signature(self._root)
        if self._course is None or signature != self._signature:
            cache = self._root / CACHE_FOLDER if self.config.cache else None
            course = build_course(self._root, markdown=self._markdown, cache_folder=cache,
                                  use_cache=self.config.cache, memo=self._lesson_memo)
            self._site.check(course)
            for warning in sorted(course.warnings, key=lambda p: (p.path, p.line)):
                # INFO, not WARNING: `mkdocs build --strict` fails on a logged warning, and a
                # model retiring soon is no reason to stop a build (_course_models).
                log.info("lessons: warning: %s", warning)
            if self._serve_errors is not None:  # previewing: every page shows the problems
                self._serve_errors.report(_problem_list(course))
                if course.problems:
                    _stub_lesson_pages(course)
            elif course.problems:
                self._course = None
                raise PluginError(f"{len(course.problems)} problem(s) in the lessons:\n{course.problems.report()}")
            self._course, self._signature = course, signature
            self._blocks = {token: html for page in course.pages.values() for token, html in page.blocks.items()}
            if not course.problems:
                log.info("lessons: %d pages, every output and answer key checked (%d runs and %d run pictures "
                         "made, the others cached)", len(course.pages), course.chains_run, course.pictures_drawn)
        return self._course


def _problem_list(course: Course) -> list[str]:
    return [str(problem) for problem in sorted(course.problems, key=lambda p: (p.path, p.line))]


def _stub_lesson_pages(course: Course) -> None:
    """While the preview shows problems, lesson pages hold nothing that could fail the build
    again (a broken link would abort it in strict mode before the error page is up)."""
    for page in course.pages.values():
        page.markdown = f"# {page.lesson.slug}\n"
        page.blocks.clear()


def _search_plugin(config):
    return config.plugins.get("material/search") or config.plugins.get("search")


def _quiet_search_segmenter() -> None:
    """jieba (the search index's Chinese segmenter) logs its dictionary loading on every
    build; only its warnings matter."""
    try:
        import jieba
    except ImportError:
        return
    jieba.setLogLevel(logging.WARNING)


def _lesson_nav(items: list, parent, orders: dict[str, int]) -> list:
    result = []
    for item in items:
        if getattr(item, "is_section", False):
            item.children = _lesson_nav(item.children, item, orders)
            only = item.children[0] if len(item.children) == 1 else None
            if only is not None and getattr(only, "is_page", False) and only.file.src_uri in orders:
                item = only  # the folder lessons/<slug>/ holds just the lesson: show the lesson
        item.parent = parent
        result.append(item)
    if result and all(getattr(i, "is_page", False) and i.file.src_uri in orders for i in result):
        result.sort(key=lambda page: orders[page.file.src_uri])
    return result


def _walk(items: list):
    for item in items:
        yield item
        if getattr(item, "is_section", False):
            yield from _walk(item.children)


def _content_signature(root: Path) -> tuple:
    entries = []
    for name in WATCHED + ("frontend/page/strings",):
        folder = root / name
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts:
                    stat = path.stat()
                    entries.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(entries)
