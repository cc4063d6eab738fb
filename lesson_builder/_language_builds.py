"""The site's languages, each a plain ``mkdocs build`` in a process of its own.

The build of ``mkdocs.yml`` as it is, the site build, runs the course, hands every language its
:class:`PageSet` (a JSON file) and starts that language's build: the same configuration,
``LESSONS_LANGUAGE=<code>``, into a folder of its own under ``build/languages/<code>/`` (as many
at once as the machine has cores). Its pages are ``<code>/...`` (the default language's at the
root), so their addresses and their links to the theme's files are those of the site; when
every build is done, each language's pages and search index are moved into the site. A language whose inputs did not
change since its last build (its page set, its docs, the theme, the runtime, the code) is not
built again: its folder is used as it is (``mkdocs serve`` rebuilds the language an edit
touched, and serves the others as built).
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from ._content_security import HEADERS_FILE, headers_file
from ._course_site import PageSet
from ._site_files import write_if_changed

LANGUAGE_ENV = "LESSONS_LANGUAGE"  # the language a build of mkdocs.yml makes (default: the registry's first)
PAGE_SET_ENV = "LESSONS_PAGE_SET"  # the file of that language's pages
SERVING_ENV = "LESSONS_SERVING"  # set under `mkdocs serve`: pages without the <meta> policy
BUILDS_FOLDER = Path("build") / "languages"
SCRIPT_HASHES_FILE = "script-hashes.json"  # a language build's inline scripts, for the site's policy
SEARCH_INDEX = Path("search") / "search_index.json"
# What every build writes for itself (the site's 404 page and sitemap are the default language's,
# which has the menu and the pages: the site build has no page).
SITE_FILES = frozenset({"search", SCRIPT_HASHES_FILE})
# What a language's pages are made of, beside its page set and docs (paths from the root).
INPUTS = ("mkdocs.yml", "lessons/languages.yaml", "frontend/theme", "frontend/page/strings", "lesson_builder")
PACKAGES = ("mkdocs", "mkdocs-material", "pymdown-extensions", "markdown", "jieba")


class LanguageBuildError(Exception):
    pass


def page_set_file(root: Path, lang: str) -> Path:
    """Where the default language's build leaves a language's page set."""
    return root / BUILDS_FOLDER / lang / "pages.json"


def handed_page_set(root: Path, lang: str) -> PageSet:
    """The page set of this language's build: the one the default language's build handed
    over (``LESSONS_PAGE_SET``), or for a build of this language alone, its last one."""
    path = Path(os.environ.get(PAGE_SET_ENV) or page_set_file(root, lang))
    if not path.is_file():
        raise LanguageBuildError(f"no pages for '{lang}' yet: build the site (mkdocs build), which runs the course "
                                 f"and builds every language")
    return PageSet.from_json(path.read_text(encoding="utf-8"))


def language_index_name(lang: str) -> str:
    """The file name, inside ``search/``, of one language's index (frontend/page/search-on-demand.js
    asks for the page's language's)."""
    return f"search_index.{lang}.json"


@dataclass
class _Build:
    lang: str
    folder: Path
    key: str
    future: concurrent.futures.Future | None = None  # None: its last build is used as it is


class LanguageBuilds:
    """The languages' builds of one site build."""

    def __init__(self, root: Path, config_file: Path, default: str, *, strict: bool, serving: bool,
                 runtime_version: str):
        self._root, self._config_file, self._default = root, config_file, default
        self._strict, self._serving, self._runtime_version = strict, serving, runtime_version
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
        self._builds: list[_Build] = []

    def start(self, page_sets: list[PageSet]) -> None:
        shared = _digest([self._runtime_version, str(self._serving), str(self._strict), _versions(),
                          *(_tree_digest(self._root / name) for name in INPUTS)])
        for page_set in page_sets:
            folder = page_set_file(self._root, page_set.language).parent
            text = page_set.to_json()
            write_if_changed(folder / "pages.json", text.encode("utf-8"))
            key = _digest([shared, text, _tree_digest(self._root / "docs" / page_set.language)])
            build = _Build(page_set.language, folder, key)
            if _read(folder / "key") != key or not (folder / "site").is_dir():
                (folder / "key").unlink(missing_ok=True)
                build.future = self._pool.submit(self._run, build)
            self._builds.append(build)

    def finish(self, site_dir: Path, script_hashes: set[str]) -> list[str]:
        """Wait for every language, move its pages and search index into ``site_dir``, write
        the site's policy of every page's inline scripts (``script_hashes``: the site build's
        own); the languages built again."""
        (site_dir / SEARCH_INDEX).unlink(missing_ok=True)  # this build's: it has no page
        built, hashes = [], set(script_hashes)
        try:
            for build in self._builds:
                if build.future is not None:
                    build.future.result()
                    (build.folder / "key").write_text(build.key, encoding="utf-8")
                    built.append(build.lang)
                hashes |= _merge(build.folder / "site", build.lang, self._default, site_dir)
        finally:
            self._pool.shutdown(wait=True, cancel_futures=True)
        (site_dir / HEADERS_FILE).write_text(headers_file(hashes), encoding="utf-8")
        return built

    def abandon(self) -> None:
        """The default language's build failed: no language waiting is started, those running
        end as they do (their folders are not used: their keys are written only by ``finish``)."""
        self._pool.shutdown(wait=True, cancel_futures=True)

    def _run(self, build: _Build) -> None:
        command = [sys.executable, "-m", "mkdocs", "build", "-f", str(self._config_file),
                   "--site-dir", str(build.folder / "site")] + (["--strict"] if self._strict else [])
        environment = {**os.environ, LANGUAGE_ENV: build.lang, PAGE_SET_ENV: str(build.folder / "pages.json"),
                       "NO_MKDOCS_2_WARNING": "1"}
        environment.pop(SERVING_ENV, None)
        if self._serving:
            environment[SERVING_ENV] = "1"
        done = subprocess.run(command, cwd=self._root, env=environment, capture_output=True, text=True)
        if done.returncode != 0:
            raise LanguageBuildError(f"the '{build.lang}' pages did not build:\n{_problems(done.stdout + done.stderr)}")


def record_script_hashes(site_dir: Path, hashes: set[str]) -> None:
    """A language's build: its pages' inline scripts, for the site's policy (``finish``)."""
    (site_dir / SCRIPT_HASHES_FILE).write_text(json.dumps(sorted(hashes)), encoding="utf-8")


def move_search_index(built: Path, lang: str, site_dir: Path) -> None:
    """Material's index of a language's build as ``search/search_index.<lang>.json`` of the
    site, written as UTF-8 (Material writes \\uXXXX: six bytes for a Cyrillic letter)."""
    index = built / SEARCH_INDEX
    if index.is_file():
        text = json.dumps(json.loads(index.read_text(encoding="utf-8")), ensure_ascii=False, separators=(",", ":"))
        write_if_changed(site_dir / SEARCH_INDEX.parent / language_index_name(lang), text.encode("utf-8"))
        if built == site_dir:
            index.unlink()


def _merge(built: Path, lang: str, default: str, site_dir: Path) -> set[str]:
    """A language's pages into the site (linked, not copied, where the file system allows);
    what every build writes for itself (its index, its policy) is not its to give."""
    if lang == default:  # built at its root, beside the author guide and docs/assets/
        own = [path for path in built.iterdir() if path.name not in SITE_FILES]
    else:
        own = [built / lang]
    for path in own:
        if path.is_dir():
            shutil.copytree(path, site_dir / path.name, dirs_exist_ok=True, copy_function=_link_or_copy)
        else:
            _link_or_copy(path, site_dir / path.name)
    move_search_index(built, lang, site_dir)
    return set(json.loads(_read(built / SCRIPT_HASHES_FILE) or "[]"))


def _link_or_copy(source, target) -> None:
    Path(target).unlink(missing_ok=True)
    try:
        os.link(source, target)
    except OSError:  # another file system
        shutil.copy2(source, target)


def _problems(output: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith(("ERROR", "WARNING")) or line.startswith("  ")]
    return "\n".join(lines or output.splitlines()[-30:])


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


def _digest(parts: list[str]) -> str:
    return hashlib.sha256(json.dumps(parts).encode("utf-8")).hexdigest()


def _tree_digest(path: Path) -> str:
    digest = hashlib.sha256()
    files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else []
    for file in files:
        if "__pycache__" not in file.parts:
            digest.update(file.relative_to(path.parent).as_posix().encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()


def _versions() -> str:
    found = []
    for package in PACKAGES:
        try:
            found.append(f"{package}=={metadata.version(package)}")
        except metadata.PackageNotFoundError:
            found.append(package)
    return ",".join(found)
