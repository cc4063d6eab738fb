"""The thin MkDocs adapter of lesson_builder: a plain build of one language's site.

A build of ``mkdocs.yml`` for a language (``LESSONS_LANGUAGE``) makes that language's pages: the
registry's facts for it (``_site_languages``), ``docs/<lang>/`` and the course's
:class:`PageSet` (``lessons/<slug>/<lang>.md`` as ``<lang>/lessons/<slug>/index.md``), the
widgets' HTML, the checks of its inline code, the runtime's tags and the pages' policy. The
build of ``mkdocs.yml`` as it is, the site build, runs the course, starts every language's
build (``_language_builds``) and copies the theme's files, then puts the languages' pages, the
runtime, the policy and the service worker into the site.
"""

import logging
import os
from pathlib import Path
from typing import Optional
from urllib.parse import urlsplit

from jinja2 import FileSystemBytecodeCache
from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files

from ._build import CACHE_FOLDER, LessonMemo
from ._content_security import content_problems, inline_code_refusal, page_script_hashes, with_meta_policy
from ._course_site import PageSet, author_guide_link, run_course, stub_lesson_pages
from ._language_builds import (LANGUAGE_ENV, SERVING_ENV, LanguageBuildError, LanguageBuilds, handed_page_set,
                               record_script_hashes)
from ._languages import LanguageRegistryError, codes
from ._markdown import markdown_renderer
from ._page_programs import PageProgramError, add_programs
from ._render import finish_html
from ._serve_errors import ServeErrors
from ._site_files import MissingRuntimeFile, write_empty_sitemap
from ._site_languages import apply_language, page_alternates, site_nav
from ._site_runtime import SiteRuntime, page_chunks, runtime_signature
from ._startup_files import StartupFiles

log = logging.getLogger("mkdocs.plugins.lessons")

WATCHED = ("lessons", "quizzes", "quiz_kinds", "fake_client", "lesson_runtime", "lesson_builder")
COVERAGE_MARK = "<!-- lesson_builder coverage -->"  # the author guide's place for the coverage table


class LessonsConfig(Config):
    # Where lessons/, quizzes/ and fake_client/ live; default: the folder of mkdocs.yml.
    content_root = config_options.Optional(config_options.Type(str))
    # Keep finished runs under <content_root>/.lesson-cache (off: run everything each build).
    cache = config_options.Type(bool, default=True)


class LessonsPlugin(BasePlugin[LessonsConfig]):
    def __init__(self) -> None:
        super().__init__()
        self._root, self._lang, self._default = Path("."), "", ""
        self._pages = PageSet("")
        self._startup: Optional[StartupFiles] = None
        self._runtime: Optional[SiteRuntime] = None
        self._runtime_signature: Optional[tuple] = None
        self._memo: Optional[LessonMemo] = None  # under `mkdocs serve`: unchanged lessons not done again
        self._serve_errors: Optional[ServeErrors] = None  # under `mkdocs serve`: problems as a page
        self._others: Optional[LanguageBuilds] = None
        self._script_hashes: set[str] = set()
        self._serving = os.environ.get(SERVING_ENV) == "1"
        self._site_build = LANGUAGE_ENV not in os.environ  # mkdocs.yml as it is: the whole site

    def on_startup(self, *, command, dirty) -> None:
        if command == "serve":
            self._serving, self._serve_errors = True, ServeErrors()

    def on_config(self, config):
        base = Path(config.config_file_path).resolve().parent
        self._root = (base / self.config.content_root).resolve() if self.config.content_root else base
        try:
            languages = codes(self._root)
            self._default, self._lang = languages[0], os.environ.get(LANGUAGE_ENV) or languages[0]
            apply_language(config, self._root, self._lang)
        except LanguageRegistryError as error:
            raise PluginError(f"lessons: {error}") from None
        if self._serving and self._memo is None:  # previewing: lessons that did not change are not done again
            self._memo = LessonMemo(repr([list(config.markdown_extensions), dict(config.mdx_configs)]))
        if self._startup is None:  # the runtime (bundle, node_modules, tools/) lives beside mkdocs.yml
            self._startup = StartupFiles(base, report=lambda message: log.info("lessons: %s", message))
        return config

    def on_pre_build(self, config) -> None:
        base = Path(config.config_file_path).resolve().parent
        signature = runtime_signature(base)  # made again only when one of its files changed
        if self._runtime is None or signature != self._runtime_signature:
            try:
                self._runtime = SiteRuntime(base, self._startup)
            except MissingRuntimeFile as error:
                raise PluginError(f"lessons: {error}") from None
            self._runtime_signature = signature
        self._script_hashes = set()

    def on_env(self, env, config, files):
        if self.config.cache:  # the theme's templates compiled once, not once per language's build
            folder = self._root / CACHE_FOLDER / "site" / "templates"
            folder.mkdir(parents=True, exist_ok=True)
            env.bytecode_cache = FileSystemBytecodeCache(str(folder))
        return env

    def on_files(self, files: Files, config) -> Files:
        if self._site_build:  # the course, every language's build, and the theme's files
            self._start_languages(config)
            return Files([file for file in files if Path(file.src_dir) != Path(config.docs_dir)])
        try:
            self._pages = handed_page_set(self._root, self._lang)
        except LanguageBuildError as error:
            raise PluginError(f"lessons: {error}") from None
        kept = Files([self._placed(file, config) for file in files if self._belongs(file, config)])
        for uri in sorted(self._pages.pages):
            if kept.get_file_from_path(uri) is not None:
                raise PluginError(f"{self._pages.pages[uri]['owner']}: docs/{uri} already exists; it owns that page")
            kept.append(self._placed(File(uri, config.docs_dir, config.site_dir, config.use_directory_urls), config))
        return kept

    def on_nav(self, nav, config, files):
        return site_nav(nav, self._root, self._lang, self._pages.positions())

    def on_page_read_source(self, page, config) -> Optional[str]:
        return self._pages.pages.get(page.file.src_uri, {}).get("markdown")

    def on_page_markdown(self, markdown: str, page, config, files) -> str:
        page.title = self._pages.pages.get(page.file.src_uri, {}).get("title") or page.title
        markdown = self._pages.fill_course_map(markdown, page.file.src_uri)
        return markdown.replace(COVERAGE_MARK, self._pages.coverage) if COVERAGE_MARK in markdown else markdown

    def on_page_context(self, context, page, config, nav):
        context["author_guide"] = author_guide_link(self._root, page.file.dest_uri, self._lang)
        # Material's switcher (and its <link rel="alternate">) from this page: the same page in
        # each language that has it. The template reads it as it renders this page.
        config.extra["alternate"] = page_alternates(self._root, self._lang, page.file.src_uri)
        return context

    def on_page_content(self, html: str, page, config, files) -> str:
        html = finish_html(html, self._pages.blocks) if "LESSONBLOCK" in html else html
        if page.file.src_uri not in self._pages.pages and 'class="lesson-snippet"' in html:
            html = self._page_programs(html, page)  # the playground's hand-written snippets
        problems = content_problems(html)
        if problems:
            self._refuse_inline_code(page, config, *problems[0])
        return self._pages.frame(html, page.file.src_uri)

    def on_post_page(self, output: str, page, config) -> str:
        write_empty_sitemap(Path(config.site_dir), page.file.dest_uri)
        tags = self._runtime.head_tags(page.file.dest_uri, page_chunks(output))
        return self._with_policy(output.replace("</head>", tags + "</head>", 1), page.file.dest_uri)

    def on_post_template(self, output: str, template_name: str, config) -> str:
        """The 404 page (the default language's; served at any address) gets the site's
        stylesheet and the search script by the site's root path."""
        if template_name != "404.html" or self._runtime is None:
            return output
        root_path = urlsplit(config.site_url or "/").path or "/"
        output = output.replace("</head>", self._runtime.not_found_tags(root_path) + "</head>", 1)
        return self._with_policy(output, "404.html")

    @event_priority(-100)  # after Material's search has written the index
    def on_post_build(self, config) -> None:
        site_dir = Path(config.site_dir)
        if not self._site_build:
            return record_script_hashes(site_dir, self._script_hashes)
        try:
            built = self._others.finish(site_dir, self._script_hashes)
        except LanguageBuildError as error:
            raise PluginError(f"lessons: {error}") from None
        log.info("lessons: languages built again: %s", ", ".join(built) or "none (each as built before)")
        self._runtime.write(site_dir)  # after every page: the offline manifest lists the site's files

    def on_build_error(self, error) -> None:
        if self._others is not None:
            self._others.abandon()

    def on_serve(self, server, config, builder):
        for name in WATCHED:
            if (self._root / name).exists():
                server.watch(str(self._root / name))
        if self._serve_errors is not None:
            self._serve_errors.attach(server)
        return server

    def _start_languages(self, config) -> None:
        """Run and check the course (every language), start every language's build."""
        markdown = markdown_renderer(list(config.markdown_extensions), dict(config.mdx_configs))
        course, site = run_course(self._root, markdown, cache=self.config.cache, memo=self._memo)
        for warning in sorted(course.warnings, key=lambda p: (p.path, p.line)):
            log.info("lessons: warning: %s", warning)  # INFO: --strict fails on a logged warning
        problems = [str(p) for p in sorted(course.problems, key=lambda p: (p.path, p.line))]
        if self._serve_errors is not None:  # previewing: every page shows the problems
            self._serve_errors.report(problems)
            if problems:
                stub_lesson_pages(course)
        elif problems:
            raise PluginError(f"{len(problems)} problem(s) in the lessons:\n{course.problems.report()}")
        if not problems:
            log.info("lessons: %d pages, every output and answer key checked (%d runs and %d run pictures "
                     "made, the others cached)", len(course.pages), course.chains_run, course.pictures_drawn)
        self._others = LanguageBuilds(self._root, Path(config.config_file_path), self._lang, strict=bool(config.strict),
                                      serving=self._serving, runtime_version=self._runtime.version)
        self._others.start([site.page_set(course, lang) for lang in site.languages])

    def _belongs(self, file: File, config) -> bool:
        """A file of this language's site: its docs folder, and in the default language's also
        the docs no language owns (the author guide, docs/assets/); the theme's are the site's."""
        first = file.src_uri.split("/", 1)[0]
        shared = self._lang == self._default and first not in codes(self._root)
        return (first == self._lang or shared) and Path(file.src_dir) == Path(config.docs_dir)

    def _placed(self, file: File, config) -> File:
        """The default language's pages at the site root, the others' under /<lang>/ (where
        their docs path puts them)."""
        prefix = f"{self._default}/"
        if self._lang != self._default or not file.src_uri.startswith(prefix):
            return file
        return File(file.src_uri, file.src_dir, config.site_dir, config.use_directory_urls,
                    dest_uri=file.dest_uri[len(prefix):])

    def _with_policy(self, output: str, dest_uri: str) -> str:
        """The page with its own Content-Security-Policy in a <meta> element (not under
        ``mkdocs serve``, whose live reload is an inline script); its inline scripts' hashes
        go into the site's policy (``_headers``)."""
        try:
            hashes = page_script_hashes(output)
        except ValueError as error:  # the theme wrote an event handler or a javascript: address
            raise PluginError(f"{dest_uri}, {error}") from None
        self._script_hashes |= hashes
        return output if self._serving else with_meta_policy(output, hashes)

    def _refuse_inline_code(self, page, config, needle: str, sentence: str) -> None:
        """Fail the build at the line of the page's source that holds the inline code."""
        owner = self._pages.pages.get(page.file.src_uri, {}).get("owner")
        source = self._root / owner if owner else Path(page.file.abs_src_path or "")
        shown = owner or f"{Path(config.docs_dir).name}/{page.file.src_uri}"
        raise PluginError(inline_code_refusal(source, shown, needle, sentence))

    def _page_programs(self, html: str, page) -> str:
        src = page.file.src_uri
        name = Path(src).stem if Path(src).stem != "index" else Path(src).parent.name
        try:
            return add_programs(html, root=self._root, lang=self._lang, title=page.title or "", name=name)
        except PageProgramError as error:
            raise PluginError(f"docs/{src}: {error}") from None
