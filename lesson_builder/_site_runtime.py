"""What the browser needs to run lesson code, put into the built site.

For one build, :class:`SiteRuntime`
- copies the esbuild output (``frontend/dist/``, made by ``npm run build``) to
  ``assets/runtime/`` at the site root,
- copies the five Pyodide files of the pinned npm package to
  ``assets/runtime/pyodide-<version>/`` (never into ``docs/``: its README would become a page),
- puts the lesson packages' zip there (``_python_packages``) and the start-up files
  (``_startup_files``) in ``assets/runtime/startup/``,
- writes the service worker (``sw.js``, at the site root so that it serves the whole site)
  with the list of every file to keep for offline use and its revision (``_offline_manifest``),
- gives each page the tags that link the bundle, with paths relative to that page.

The runtime has one copy at the site root, shared by all languages (and by the browser
cache). No MkDocs here: the plugin calls :meth:`SiteRuntime.write` and
:meth:`SiteRuntime.head_tags`.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from pathlib import Path

from ._offline_manifest import SERVICE_WORKER, relative_service_worker, service_worker_script
from ._python_packages import PYTHON_PACKAGES, python_packages_zip
from ._site_files import MissingRuntimeFile, copy_if_changed, remove_others, write_if_changed
from ._startup_files import StartupFiles

DIST = Path("frontend") / "dist"
PYODIDE_PACKAGE = Path("node_modules") / "pyodide"
# What a self-hosted Pyodide 314 needs (DESIGN.md, "Platform facts").
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
RUNTIME_DIR = "assets/runtime"
PACKAGES_ZIP = "lessons-python.zip"
STARTUP_DIR = "startup"  # inside RUNTIME_DIR: the build-time stdlib and snapshot
# Runtime files the pages request with the build's ?v= query (the offline cache keeps them
# under the very URL the page asks for).
SEARCH_SCRIPT = "search-on-demand.js"
VERSIONED_FILES = ("main.js", "main.css", "worker.js", SEARCH_SCRIPT, PACKAGES_ZIP)
# Written by tools/build-frontend.mjs: the chunks each piece of the page's code needs. Read by
# the build (head_tags), not served.
PRELOAD_LISTS = "preload.json"


def runtime_signature(root: Path) -> tuple:
    """Changes whenever a file :class:`SiteRuntime` is made from may have changed (the
    bundle, the Pyodide package, the lesson packages): names, sizes and modification times."""
    entries = []
    folders = [root / DIST, root / PYODIDE_PACKAGE] + [root / package for package in PYTHON_PACKAGES]
    for folder in folders:
        paths = folder.rglob("*") if folder != root / PYODIDE_PACKAGE else (folder / "package.json",)
        for path in sorted(paths):
            try:
                stat = path.stat()
            except OSError:
                continue
            entries.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(entries)


class SiteRuntime:
    """The runtime's files for one build of the project at ``root``; raises
    :class:`MissingRuntimeFile` when the bundle or Pyodide is not installed."""

    def __init__(self, root: Path, startup: StartupFiles) -> None:
        self._dist = root / DIST
        self._pyodide = root / PYODIDE_PACKAGE
        if not (self._dist / "main.js").is_file():
            raise MissingRuntimeFile(
                "frontend/dist/main.js is missing; run `npm ci && npm run build` first "
                "(scripts/serve and scripts/test do it for you)"
            )
        if not (self._pyodide / "package.json").is_file():
            raise MissingRuntimeFile("node_modules/pyodide is missing; run `npm ci` first")
        version = json.loads((self._pyodide / "package.json").read_text(encoding="utf-8"))["version"]
        self.pyodide_dir = f"pyodide-{version}"
        self.packages_zip = python_packages_zip(root)
        # sw.js goes to the site root (with its manifest), not beside the bundle; its source
        # map is left out (it would be looked for beside sw.js).
        self.dist_files = sorted(
            p for p in self._dist.rglob("*")
            if p.is_file() and not p.name.startswith(SERVICE_WORKER) and p.name != PRELOAD_LISTS
        )
        self._preload = self._preload_lists()
        self.startup = startup.for_packages(self.packages_zip).made()
        self.version = self._version()

    def _preload_lists(self) -> dict[str, list[str]]:
        """tools/build-frontend.mjs's lists; none from a bundle made before it wrote them."""
        try:
            lists = json.loads((self._dist / PRELOAD_LISTS).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return lists if isinstance(lists, dict) else {}

    def _version(self) -> str:
        """Changes whenever the bundle or the Python packages change; main.js passes it on
        to the worker and the zip, so a browser never mixes old and new files."""
        digest = hashlib.sha256(self.packages_zip)
        for path in self.dist_files:
            digest.update(path.relative_to(self._dist).as_posix().encode())
            digest.update(path.read_bytes())
        for path in self.startup.values():  # their names are content hashes
            digest.update(path.name.encode())
        return digest.hexdigest()[:12]

    def write(self, site_dir: Path) -> None:
        """Put every runtime file into the built site, then the service worker."""
        runtime = site_dir / RUNTIME_DIR
        for path in self.dist_files:
            copy_if_changed(path, runtime / path.relative_to(self._dist))
        for name in PYODIDE_FILES:
            copy_if_changed(self._pyodide / name, runtime / self.pyodide_dir / name)
        write_if_changed(runtime / PACKAGES_ZIP, self.packages_zip)
        for path in self.startup.values():
            copy_if_changed(path, runtime / STARTUP_DIR / path.name)
        remove_others(runtime / STARTUP_DIR, {path.name for path in self.startup.values()})  # earlier builds'
        self._write_service_worker(site_dir)

    def _write_service_worker(self, site_dir: Path) -> None:
        source = self._dist / SERVICE_WORKER
        if not source.is_file():
            return
        skip = set()
        if "stdlib" in self.startup:  # the precompiled one replaces it
            skip.add(f"{RUNTIME_DIR}/{self.pyodide_dir}/python_stdlib.zip")
        versioned = {f"{RUNTIME_DIR}/{name}": f"v={self.version}" for name in VERSIONED_FILES}
        # Their names are content hashes: the URL is the revision.
        named_by_content = frozenset(f"{RUNTIME_DIR}/{STARTUP_DIR}/{path.name}" for path in self.startup.values())
        script = service_worker_script(site_dir, source.read_bytes(), versioned, skip, named_by_content)
        write_if_changed(site_dir / SERVICE_WORKER, script)

    def not_found_tags(self, base_path: str) -> str:
        """The search script and the site's stylesheet for a page that may be served from any
        address (the 404 page): ``base_path`` is the site's root path, as Material links its
        own assets there."""
        root = f'{base_path.rstrip("/")}/{RUNTIME_DIR}'
        return self._search_tag(root) + f'<link rel="stylesheet" href="{root}/main.css?v={self.version}">'

    def _search_tag(self, root: str) -> str:
        """The classic script that points Material's search at the page's language's index
        and holds it back until wanted (frontend/page/search-on-demand.js): in the <head>,
        so that it runs before Material's bundle asks. ``root``: the runtime folder's address."""
        return f'<script src="{root}/{SEARCH_SCRIPT}?v={self.version}"></script>'

    def head_tags(self, page_dest_uri: str, wanted: tuple[str, ...] = ()) -> str:
        """The stylesheet and the bundle's script for the page written to ``page_dest_uri``,
        with a ``modulepreload`` link for each chunk main.js will load on it: its own
        imports, and the lists named in ``wanted`` (``"mount-widgets"``, a language's
        strings, ...; see :func:`page_chunks`)."""
        root = posixpath.relpath(RUNTIME_DIR, posixpath.dirname(page_dest_uri) or ".")
        chunks = dict.fromkeys(path for name in ("main", *wanted) for path in self._preload.get(name, ()))
        # The very URLs main.js's imports resolve to (hash-named: no ?v= query), or the
        # browser would download each twice.
        preload = "".join(f'<link rel="modulepreload" href="{root}/{path}">' for path in chunks)
        query = f"?v={self.version}"
        # data-* tell main.js where the versioned Pyodide folder, the zip, the start-up files
        # and the service worker are, relative to main.js itself, so that no version is
        # hard-coded in the bundle.
        startup = "".join(f' data-{kind}="{STARTUP_DIR}/{path.name}"' for kind, path in self.startup.items())
        return (
            f"{self._search_tag(root)}"
            f'<link rel="stylesheet" href="{root}/main.css{query}">'
            f"{preload}"
            f'<script type="module" src="{root}/main.js{query}"'
            f' data-pyodide="{self.pyodide_dir}/" data-packages="{PACKAGES_ZIP}"{startup}'
            f' data-service-worker="{relative_service_worker(RUNTIME_DIR)}"></script>'
        )


# Attribute values are quoted and prose is escaped (`&quot;`), so `name="` is only ever an
# attribute: plain substring tests, fast on every page of every language.
_WIDGET_ATTRIBUTES = ('data-snippet="', 'data-quiz="')
_COURSE_MAP = re.compile(r"<nav\b[^>]*\bdata-course-map\b")
_LANGUAGE = re.compile(r'<html\b[^>]*\blang="([A-Za-z]+)')


def page_chunks(html: str) -> tuple[str, ...]:
    """What main.js will load on the page ``html``, as head_tags names it: the widgets' code
    where there are snippets or quizzes, the course map's where there is a map, and then the
    strings of the page's language (as main.js decides, page/main.js)."""
    wanted = []
    if any(attribute in html for attribute in _WIDGET_ATTRIBUTES):
        wanted.append("mount-widgets")
    if "data-course-map" in html and _COURSE_MAP.search(html):
        wanted.append("mount-course-map")
    language = _LANGUAGE.search(html)
    if wanted and language:
        wanted.append(language.group(1).lower())
    return tuple(wanted)
