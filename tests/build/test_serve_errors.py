"""`mkdocs serve` on a broken copy of the site: every page answers with the build's problems
(file, line, message) instead of hanging; once fixed, the page is back; broken again while
serving, the page shows the problems again."""

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from support.site_copy import SAMPLE, make_site_copy

LESSON = SAMPLE[0]
GOOD, BAD = "{'order_id': '1042'}", "{'order_id': '1043'}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=300) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def wait_for(url: str, status: int, serve: subprocess.Popen, limit: float = 600) -> str:
    """The page once it answers with ``status`` (a guard against a server that never does)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        assert serve.poll() is None, "mkdocs serve exited"
        try:
            code, body = fetch(url)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            code, body = None, ""
        if code == status:
            return body
        time.sleep(1)
    raise AssertionError(f"{url} never answered {status}")


@pytest.fixture
def broken_site(tmp_path):
    site = make_site_copy(tmp_path / "site")  # with the start-up files: reused, not made again
    page = site / LESSON
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace(GOOD, BAD, 1), encoding="utf-8")
    line = next(n for n, row in enumerate(page.read_text(encoding="utf-8").split("\n"), 1) if BAD in row)
    return site, line


def test_a_build_error_is_an_error_page_under_serve_and_goes_away_when_fixed(broken_site):
    site, line = broken_site
    port = free_port()
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "HOME": str(site)}
    serve = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}",
                              "-f", str(site / "mkdocs.yml")], cwd=site, env=environment,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}/lessons/first-steps/"
    try:
        body = wait_for(url, 500, serve)
        text = re.sub(r"<[^>]+>", "", body).replace("&#x27;", "'")
        assert "data-build-errors" in body
        assert f"{LESSON}:{line}: shown output of snippet 'ask' differs" in text
        assert f"-get_order_status {BAD}" in text or BAD in text
        assert "livereload" in body  # it reloads by itself once fixed
        page = site / LESSON
        page.write_text(page.read_text(encoding="utf-8").replace(BAD, GOOD, 1), encoding="utf-8")
        assert 'data-snippet="ask"' in wait_for(url, 200, serve)
        page.write_text(page.read_text(encoding="utf-8").replace(GOOD, BAD, 1), encoding="utf-8")
        assert f"{LESSON}:{line}: shown output" in re.sub(r"<[^>]+>", "", wait_for(url, 500, serve)).replace("&#x27;", "'")
    finally:
        serve.terminate()
        output, _ = serve.communicate(timeout=60)
    # the terminal names the problem after the build's own lines, without the search's noise
    assert f"{LESSON}:{line}: shown output of snippet 'ask' differs" in output
    assert "Prefix dict" not in output and "Loading model" not in output


def test_serve_on_a_busy_port_says_so_in_one_line_and_how_to_choose_another():
    serve_script = Path(__file__).resolve().parents[2] / "scripts" / "serve"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        ran = subprocess.run([str(serve_script), "--port", str(port)], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 1
    assert ran.stderr.splitlines() == [
        f"scripts/serve: port {port} is taken (another server is running there); stop it, or choose another "
        f"port: scripts/serve --port {port + 1}"]
