"""MkDocs hook that puts the runner's front end into the built site.

At every build it
- copies the esbuild output (``frontend/dist/``, made by ``npm run build``) to
  ``assets/runtime/`` at the site root,
- copies the five Pyodide files of the pinned npm package to
  ``assets/runtime/pyodide-<version>/`` (never into ``docs/``: its README would become a page),
- zips ``fake_client/`` and ``lesson_runtime/`` from the repository's own source into
  ``assets/runtime/lessons-python.zip`` (no second copy to keep in sync),
- makes (or takes from its cache) the standard library precompiled to ``.pyc`` (the pinned
  Pyodide in Node) and a memory snapshot of Python with those packages imported (taken in
  headless Chromium), with ``frontend/startup/make-startup-files.mjs``, into
  ``assets/runtime/startup/``; without Node or Chromium, or when it fails, the site still
  works and Python starts the slow way,
- writes the service worker (``sw.js``, at the site root so that it serves the whole site)
  with the list of every file to keep for offline use,
- links the bundle from every page with a path relative to that page,
- writes an empty ``sitemap.xml`` beside every page (see ``EMPTY_SITEMAP``).

mkdocs-static-i18n builds each language into a sub-folder of the same ``site_dir`` and calls
these events once per language; the runtime has one copy at the site root, shared by all
languages (and by the browser cache), so copies are made only when a file changed.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import posixpath
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError

log = logging.getLogger("mkdocs.hooks.frontend")

REPO = Path(__file__).resolve().parent.parent
DIST = REPO / "frontend" / "dist"
PYODIDE_PACKAGE = REPO / "node_modules" / "pyodide"
# What a self-hosted Pyodide 314 needs (DESIGN.md, "Platform facts").
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYTHON_PACKAGES = ("fake_client", "lesson_runtime")
PACKAGE_SUFFIXES = {".py", ".json", ".txt"}
RUNTIME_DIR = "assets/runtime"
PACKAGES_ZIP = "lessons-python.zip"
STARTUP_DIR = "startup"  # inside RUNTIME_DIR: the build-time stdlib and snapshot
STARTUP_MAKER = REPO / "frontend" / "startup" / "make-startup-files.mjs"
SERVICE_WORKER = "sw.js"  # at the site root: a service worker serves only below its folder
# Runtime files the pages request with the build's ?v= query (the offline cache keeps them
# under the very URL the page asks for).
VERSIONED_FILES = ("main.js", "main.css", "worker.js", PACKAGES_ZIP)
# Never kept for offline use: source maps, compressed sitemaps, the service worker itself.
NOT_PRECACHED_SUFFIXES = (".map", ".gz", ".tmp")
# Material's language switcher fetches `sitemap.xml` relative to each `<link rel=alternate>`
# of the page, and mkdocs-static-i18n points those at the same page in each language, so
# it asks for `<lang>/<page>/sitemap.xml`: without a file there, every page logs 404s as
# console errors. An empty one is valid and lets the switcher follow its own link (which
# already keeps the learner on the same page); the site's real sitemap stays at the root.
EMPTY_SITEMAP = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n'
)
# A fixed timestamp makes the zip byte-identical for identical sources.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def pyodide_version() -> str:
    package = json.loads((PYODIDE_PACKAGE / "package.json").read_text(encoding="utf-8"))
    return package["version"]


def python_packages_zip() -> bytes:
    """The lesson packages as one zip, paths relative to the repository root."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for package in PYTHON_PACKAGES:
            root = REPO / package
            if not (root / "__init__.py").is_file():
                raise PluginError(f"frontend hook: the Python package {package}/ is missing")
            for path in sorted(root.rglob("*")):
                # Source and data files only: no caches, no editors' or sed's temporary files.
                if path.is_dir() or "__pycache__" in path.parts or path.suffix not in PACKAGE_SUFFIXES:
                    continue
                info = zipfile.ZipInfo(path.relative_to(REPO).as_posix(), date_time=ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


_startup_cache: dict[str, dict] = {}


def startup_files(packages_zip: bytes) -> dict:
    """``{"stdlib": Path | None, "snapshot": Path | None}``: the build-time start-up files
    for this packages zip (made once per zip and process; the maker caches across builds)."""
    key = hashlib.sha256(packages_zip).hexdigest()
    if key in _startup_cache:
        return _startup_cache[key]
    found = {"stdlib": None, "snapshot": None}
    with tempfile.TemporaryDirectory(prefix="lessons-python-") as folder:
        packages = Path(folder) / PACKAGES_ZIP
        packages.write_bytes(packages_zip)
        try:
            result = subprocess.run(
                ["node", str(STARTUP_MAKER), "--packages", str(packages)],
                cwd=REPO,
                capture_output=True,
                text=True,
                timeout=600,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            log.info("frontend hook: no start-up files (%s); Python will start the slow way", error)
            _startup_cache[key] = found
            return found
    if result.returncode != 0:
        log.info("frontend hook: no start-up files; Python will start the slow way:\n%s", result.stderr.strip())
    else:
        made = json.loads(result.stdout.strip().splitlines()[-1])
        found["stdlib"] = Path(made["stdlib"])
        if made["snapshot"]:
            found["snapshot"] = Path(made["snapshot"])
        else:
            log.info("frontend hook: no memory snapshot (%s); Python will start without it", made["snapshotError"])
    _startup_cache[key] = found
    return found


def precache_urls(site_dir: Path, version: str, skip: set[str]) -> list[str]:
    """Every page and file of the built site, as site-relative URLs the way pages request
    them: a page by its folder (``fa/lessons/x/``), the runtime bundle with ``?v=``."""
    urls = []
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.name.endswith(NOT_PRECACHED_SUFFIXES):
            continue
        relative = path.relative_to(site_dir).as_posix()
        if relative == SERVICE_WORKER or relative in skip:
            continue
        if path.name == "index.html":
            urls.append(relative[: -len("index.html")])
        elif posixpath.dirname(relative) == RUNTIME_DIR and path.name in VERSIONED_FILES:
            urls.append(f"{relative}?v={version}")
        else:
            urls.append(relative)
    return urls


def remove_others(folder: Path, keep: set[str]) -> None:
    if folder.is_dir():
        for path in folder.iterdir():
            if path.is_file() and path.name not in keep:
                path.unlink()


def copy_if_changed(source: Path, target: Path) -> None:
    if target.exists() and target.stat().st_size == source.stat().st_size:
        if target.stat().st_mtime >= source.stat().st_mtime:
            return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


def write_if_changed(target: Path, data: bytes) -> None:
    if target.exists() and target.read_bytes() == data:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


class RuntimeAssets:
    """What one build puts in the site, computed once per language build."""

    def __init__(self) -> None:
        if not (DIST / "main.js").is_file():
            raise PluginError(
                "frontend hook: frontend/dist/main.js is missing; run `npm ci && npm run build` "
                "first (scripts/serve and scripts/test do it for you)"
            )
        if not (PYODIDE_PACKAGE / "package.json").is_file():
            raise PluginError("frontend hook: node_modules/pyodide is missing; run `npm ci` first")
        self.pyodide_dir = f"pyodide-{pyodide_version()}"
        self.packages_zip = python_packages_zip()
        # sw.js goes to the site root (with its manifest), not beside the bundle; its source
        # map is left out (it would be looked for beside sw.js).
        self.dist_files = sorted(
            p for p in DIST.rglob("*") if p.is_file() and not p.name.startswith(SERVICE_WORKER)
        )
        self.startup = startup_files(self.packages_zip)
        digest = hashlib.sha256(self.packages_zip)
        for path in self.dist_files:
            digest.update(path.relative_to(DIST).as_posix().encode())
            digest.update(path.read_bytes())
        for path in self.startup.values():
            if path is not None:  # their names are content hashes
                digest.update(path.name.encode())
        # Changes whenever the bundle or the Python packages change; main.js passes it on
        # to the worker and the zip, so a browser never mixes old and new files.
        self.version = digest.hexdigest()[:12]

    def write(self, site_dir: Path) -> None:
        runtime = site_dir / RUNTIME_DIR
        for path in self.dist_files:
            copy_if_changed(path, runtime / path.relative_to(DIST))
        for name in PYODIDE_FILES:
            copy_if_changed(PYODIDE_PACKAGE / name, runtime / self.pyodide_dir / name)
        write_if_changed(runtime / PACKAGES_ZIP, self.packages_zip)
        startup = {path.name: path for path in self.startup.values() if path is not None}
        for name, path in startup.items():
            copy_if_changed(path, runtime / STARTUP_DIR / name)
        remove_others(runtime / STARTUP_DIR, set(startup))  # files of earlier builds
        self.write_service_worker(site_dir)

    def write_service_worker(self, site_dir: Path) -> None:
        """The service worker with this build's manifest: a new build changes the
        manifest, so browsers install the new worker and drop the old cache."""
        source = DIST / SERVICE_WORKER
        if not source.is_file():
            return
        skip = set()
        if self.startup["stdlib"] is not None:  # the precompiled one replaces it
            skip.add(f"{RUNTIME_DIR}/{self.pyodide_dir}/python_stdlib.zip")
        urls = precache_urls(site_dir, self.version, skip)
        # The cache's version: every file's URL and content, so that any change of the site
        # (a page's text too, which the runtime version does not see) replaces the cache.
        content = hashlib.sha256()
        for url in urls:
            relative = url.split("?")[0]
            path = site_dir / (relative + "index.html" if relative.endswith("/") or not relative else relative)
            content.update(url.encode() + b"\0")
            content.update(path.read_bytes())
        manifest = {"version": content.hexdigest()[:16], "urls": urls}
        prefix = f"self.__LESSONS_PRECACHE__ = {json.dumps(manifest, ensure_ascii=False)};\n"
        write_if_changed(site_dir / SERVICE_WORKER, prefix.encode() + source.read_bytes())

    def head_tags(self, page_dest_uri: str) -> str:
        root = posixpath.relpath(RUNTIME_DIR, posixpath.dirname(page_dest_uri) or ".")
        query = f"?v={self.version}"
        # data-* tell main.js where the versioned Pyodide folder, the zip, the start-up files
        # and the service worker are, relative to main.js itself, so that no version is
        # hard-coded in the bundle.
        startup = "".join(
            f' data-{kind}="{STARTUP_DIR}/{path.name}"' for kind, path in self.startup.items() if path is not None
        )
        service_worker = posixpath.relpath(SERVICE_WORKER, RUNTIME_DIR)
        return (
            f'<link rel="stylesheet" href="{root}/main.css{query}">'
            f'<script type="module" src="{root}/main.js{query}"'
            f' data-pyodide="{self.pyodide_dir}/" data-packages="{PACKAGES_ZIP}"{startup}'
            f' data-service-worker="{service_worker}"></script>'
        )


_assets: RuntimeAssets | None = None


def on_pre_build(config) -> None:
    global _assets
    _assets = RuntimeAssets()


def on_post_page(output: str, page, config) -> str:
    assert _assets is not None
    page_dir = posixpath.dirname(page.file.dest_uri)
    if page_dir:  # the site root keeps the real sitemap.xml
        write_if_changed(Path(config.site_dir) / page_dir / "sitemap.xml", EMPTY_SITEMAP)
    return output.replace("</head>", _assets.head_tags(page.file.dest_uri) + "</head>", 1)


def on_post_build(config) -> None:
    assert _assets is not None
    _assets.write(Path(config.site_dir))
