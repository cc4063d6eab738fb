"""While previewing (``mkdocs serve``), a build that found problems answers every page with
an error page listing them, instead of a page that never loads.

The development server is used only through what any WSGI server has (``set_app``), its
``builder`` callable and its ``root`` folder: a failed rebuild is caught here, so the server
shows the new state (the error page) and reloads the browser, as after a good rebuild. The
error page goes through the server's own file serving, which adds its live-reload script:
once the problems are fixed, the browser shows the page again by itself.
"""

import logging
import sys
from html import escape
from pathlib import Path
from typing import Callable, Optional

ERROR_FILE = "lesson-build-errors.html"


def error_page(messages: list[str]) -> str:
    """A self-contained page (no site assets, which a failed build may lack)."""
    items = "\n".join(f"<li><pre>{escape(message)}</pre></li>" for message in messages)
    return f"""<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Build problems</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1b1b1b; }}
h1 {{ color: #a4000f; font-size: 1.5rem; }}
li {{ margin: 0 0 1rem; }}
pre {{ white-space: pre-wrap; background: #fff4f4; border-left: 4px solid #a4000f; padding: .5rem .75rem; margin: 0; }}
</style></head>
<body><main data-build-errors>
<h1>The site did not build: {len(messages)} problem(s)</h1>
<p>Fix them and save: this page reloads by itself.</p>
<ol>
{items}
</ol>
</main></body></html>
"""


class _Collector(logging.Handler):
    """Warnings and errors logged during a build: what strict mode aborts on."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


class ServeErrors:
    """Holds the problems of the latest build and shows them in place of every page."""

    def __init__(self, logger_name: str = "mkdocs"):
        self.content: list[str] = []  # the lessons' problems, from the latest build of the content
        self.failure: list[str] = []  # what made the latest build fail otherwise
        self._logger_name = logger_name
        self._root: Optional[Path] = None
        self._mount = "/"
        self._announced: list[str] = []

    @property
    def messages(self) -> list[str]:
        return self.content + self.failure

    def report(self, messages: list[str]) -> None:
        """The lessons' problems (an empty list: none), found during a build."""
        self.content = list(messages)
        self._write()

    def announce(self) -> None:
        """Print the problems in the terminal after the build's own lines, once per change."""
        if self.messages and self.messages != self._announced:
            print("\n".join(["", f"ERROR   -  the site did not build: {len(self.messages)} problem(s), shown "
                                  "on every page of the preview:"] + self.messages + [""]), file=sys.stderr)
        self._announced = list(self.messages)

    def attach(self, server) -> None:
        """Wrap the server's builder and its WSGI app."""
        self._root = Path(server.root)
        self._mount = getattr(server, "mount_path", "/")
        builder: Callable[[], None] = server.builder
        serve_file = server.get_app()

        def build() -> None:
            collector = _Collector()
            logger = logging.getLogger(self._logger_name)
            logger.addHandler(collector)
            self.failure = []
            try:
                builder()
            except (Exception, SystemExit) as error:  # mkdocs' strict abort is a SystemExit
                self.failure = [m for m in collector.messages if m not in self.content] + [f"{error}"]
            finally:
                logger.removeHandler(collector)
            self._write()
            self.announce()

        def app(environ, start_response):
            path = environ.get("PATH_INFO", "")
            if self.messages and (path.endswith("/") or path.endswith(".html")) and not path.startswith("/livereload/"):
                environ = dict(environ, PATH_INFO=self._mount + ERROR_FILE)

                def failed(status, headers, *rest):
                    return start_response("500 Internal Server Error", headers, *rest)

                return serve_file(environ, failed)
            return serve_file(environ, start_response)

        server.builder = build
        server.set_app(app)
        self._write()
        self.announce()  # the first build ran before the server existed

    def _write(self) -> None:
        if self._root is not None and self.messages:
            self._root.mkdir(parents=True, exist_ok=True)
            (self._root / ERROR_FILE).write_text(error_page(self.messages), encoding="utf-8")
