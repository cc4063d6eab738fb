"""MkDocs hook that puts the runner's front end into the built site.

At every build it
- copies the esbuild output (``frontend/dist/``, made by ``npm run build``) to
  ``assets/runtime/`` at the site root,
- copies the five Pyodide files of the pinned npm package to
  ``assets/runtime/pyodide-<version>/`` (never into ``docs/``: its README would become a page),
- zips ``fake_client/`` and ``lesson_runtime/`` from the repository's own source into
  ``assets/runtime/lessons-python.zip`` (no second copy to keep in sync),
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
        self.dist_files = sorted(p for p in DIST.rglob("*") if p.is_file())
        digest = hashlib.sha256(self.packages_zip)
        for path in self.dist_files:
            digest.update(path.relative_to(DIST).as_posix().encode())
            digest.update(path.read_bytes())
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

    def head_tags(self, page_dest_uri: str) -> str:
        root = posixpath.relpath(RUNTIME_DIR, posixpath.dirname(page_dest_uri) or ".")
        query = f"?v={self.version}"
        # data-* tell main.js where the versioned Pyodide folder and the zip are, relative
        # to main.js itself, so that no version is hard-coded in the bundle.
        return (
            f'<link rel="stylesheet" href="{root}/main.css{query}">'
            f'<script type="module" src="{root}/main.js{query}"'
            f' data-pyodide="{self.pyodide_dir}/" data-packages="{PACKAGES_ZIP}"></script>'
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
