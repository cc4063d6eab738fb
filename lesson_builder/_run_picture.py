"""The run pictures of one build: each snippet's conversation drawn into its page, so that a
lesson shows it before Python has loaded, and without JavaScript at all.

The page's renderer draws them (``_picture_renderer``: one Node process per build, started
only for a picture no cache holds). A picture's HTML is kept by a hash of everything it is
made of: the run's calls, the language, that language's UI strings and the default
language's (its fallback), the renderer's sources (its script and every module it imports,
followed from file to file) and the Node it runs on. It is kept in memory for the build and
on disk beside the transcripts, so a warm build, or a rebuild after an edit of prose, starts
no Node at all.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import threading
from pathlib import Path
from typing import Optional

from ._picture_renderer import BUILDER_HOME, RENDERER, PictureError, PictureRenderer
from ._languages import default_language

# Inside the build's cache folder, beside the transcripts: one HTML file per picture.
PICTURES_FOLDER = "pictures"
# A module's relative imports ("./x.js", "../page/i18n.js"), static or dynamic.
_RELATIVE_IMPORT = re.compile(r"""["'](\.\.?/[^"'\s]+\.(?:m?js|json))["']""")


class RunPictures:
    """Asks for pictures, gives back their HTML; :meth:`close` ends the renderer, if any."""

    def __init__(self, root: Path, cache_folder: Optional[Path]) -> None:
        self._strings_folder = root / "frontend" / "page" / "strings"
        self._default = default_language(root).code  # the renderer's fallback table
        self._folder = cache_folder / PICTURES_FOLDER if cache_folder is not None else None
        self._made_of: Optional[str] = None  # renderer_fingerprint(), once a picture is asked for
        self._strings: dict[str, str] = {}  # language → its strings file's text ("" without one)
        self._asked: dict[str, concurrent.futures.Future] = {}  # key → the HTML (this build)
        self._renderer = PictureRenderer(self._strings_folder)
        self.drawn = 0  # pictures handed to the renderer (none: no Node was started)

    def __enter__(self) -> "RunPictures":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def ask(self, calls: list, lang: str) -> concurrent.futures.Future:
        """The future HTML of the picture of a run's ``calls`` in ``lang``; done at once when
        a cache holds it. Fails with :class:`PictureError` (a number JSON cannot carry, or the
        renderer did not draw it)."""
        try:
            # As the page gets them (JSON), in ASCII: any string survives, a lone surrogate too.
            calls_json = json.dumps(calls, allow_nan=False)
        except ValueError as error:
            failed: concurrent.futures.Future = concurrent.futures.Future()
            failed.set_exception(PictureError(f"the run's calls hold a number JSON cannot carry ({error}); "
                                              f"the page could not receive this run either"))
            return failed
        key = self._key(calls_json, lang)
        if key not in self._asked:
            kept = self._from_disk(key)
            self._asked[key] = kept if kept is not None else self._draw(key, calls_json, lang)
        return self._asked[key]

    def html(self, future: concurrent.futures.Future) -> str:
        """The HTML of a future :meth:`ask` gave; raises :class:`PictureError`."""
        return self._renderer.result(future)

    def close(self) -> None:
        self._renderer.close()

    def _key(self, calls_json: str, lang: str) -> str:
        if self._made_of is None:
            self._made_of = renderer_fingerprint()
        made_of = [self._made_of, lang, self._strings_text(lang), self._strings_text(self._default), calls_json]
        return hashlib.sha256(json.dumps(made_of).encode("ascii")).hexdigest()

    def _strings_text(self, lang: str) -> str:
        if lang not in self._strings:
            try:
                self._strings[lang] = (self._strings_folder / f"{lang}.json").read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                self._strings[lang] = ""
        return self._strings[lang]

    def _from_disk(self, key: str) -> Optional[concurrent.futures.Future]:
        if self._folder is None:
            return None
        try:
            html = (self._folder / f"{key}.html").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        found: concurrent.futures.Future = concurrent.futures.Future()
        found.set_result(html)
        return found

    def _draw(self, key: str, calls_json: str, lang: str) -> concurrent.futures.Future:
        self.drawn += 1
        future = self._renderer.submit(lang, calls_json)
        if self._folder is not None:
            future.add_done_callback(lambda done: self._keep(key, done))
        return future

    def _keep(self, key: str, done: concurrent.futures.Future) -> None:
        if done.exception() is not None:  # never kept: the next build asks again
            return
        target = self._folder / f"{key}.html"
        temporary = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            if not self._folder.is_dir():
                self._folder.mkdir(parents=True, exist_ok=True)
            temporary.write_text(done.result(), encoding="utf-8")
            os.replace(temporary, target)
        except (OSError, UnicodeError):  # a full disk, a lone surrogate: drawn again next time
            temporary.unlink(missing_ok=True)


def renderer_fingerprint() -> str:
    """Hash of what draws a picture besides its input: the renderer's script and every
    module it imports (followed from file to file), and the Node it runs on (its ICU data
    gives plural forms and digits). Read from disk: no Node is started to tell."""
    digest = hashlib.sha256()
    for path in _imported_files(RENDERER):
        digest.update(path.relative_to(BUILDER_HOME).as_posix().encode() + b"\0" + path.read_bytes())
    node = shutil.which("node")
    if node is not None:
        stat = Path(node).resolve().stat()
        digest.update(f"{Path(node).resolve()}\0{stat.st_size}\0{stat.st_mtime_ns}".encode())
    return digest.hexdigest()


def _imported_files(entry: Path) -> list[Path]:
    """``entry`` and every file it reaches by relative imports, each once, in a fixed order."""
    found: dict[Path, None] = {}
    waiting = [entry.resolve()]
    while waiting:
        path = waiting.pop()
        if path in found or not path.is_file():
            continue
        found[path] = None
        if path.suffix in (".js", ".mjs"):
            text = path.read_text(encoding="utf-8")
            waiting.extend((path.parent / name).resolve() for name in _RELATIVE_IMPORT.findall(text))
    return sorted(found)
