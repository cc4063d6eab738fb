"""The built site's start-up files (issue 7): the precompiled standard library and the memory
snapshot made at build time, every page pointing at them, and the service worker's list of
files to keep for offline use."""

from __future__ import annotations

import gzip
import hashlib
import re
import zipfile
from pathlib import Path
from urllib.parse import urljoin


from lesson_builder._offline_manifest import read_manifest

REPO = Path(__file__).resolve().parents[2]
SCRIPT_TAG = re.compile(r'<script type="module" src="([^"]+)"([^>]*)></script>')


def pages(site: Path) -> list[Path]:
    return sorted(path for path in site.rglob("index.html") if "assets" not in path.parts)


def runtime_attributes(site: Path, page: Path) -> tuple[str, dict]:
    """(URL of main.js relative to the site root, the script's data-* attributes)."""
    match = SCRIPT_TAG.search(page.read_text(encoding="utf-8"))
    assert match, f"{page} does not load the runtime bundle"
    page_url = page.relative_to(site).parent.as_posix() + "/"
    script = urljoin("http://site/" + page_url.lstrip("./"), match.group(1)).removeprefix("http://site/")
    return script, dict(re.findall(r'data-([a-z-]+)="([^"]*)"', match.group(2)))


def test_every_page_points_at_the_same_startup_files(site):
    seen = set()
    for page in pages(site):
        script, data = runtime_attributes(site, page)
        base = script.split("?")[0].rsplit("/", 1)[0] + "/"
        for kind in ("stdlib", "snapshot"):
            assert kind in data, f"{page}: no data-{kind} (the build made no start-up files?)"
            assert (site / (base + data[kind])).is_file(), f"{page}: {data[kind]} is missing"
        assert (site / urljoin(base, data["service-worker"])).resolve() == (site / "sw.js").resolve()
        seen.add((data["stdlib"], data["snapshot"]))
    assert len(seen) == 1, seen


def test_the_standard_library_is_precompiled(site):
    (stdlib,) = (site / "assets" / "runtime" / "startup").glob("stdlib-*.zip")
    names = zipfile.ZipFile(stdlib).namelist()
    assert "os.pyc" in names and "json/__init__.pyc" in names
    assert not [name for name in names if name.endswith(".py")], "modules left as source"


def test_the_snapshot_is_a_gzipped_pyodide_snapshot(site):
    (snapshot,) = (site / "assets" / "runtime" / "startup").glob("snapshot-*.bin")
    with gzip.open(snapshot) as stream:
        head = stream.read(16)
    assert len(head) == 16  # a gzip stream that unpacks; Pyodide checks its own header
    assert snapshot.stat().st_size > 1_000_000


def manifest(site: Path) -> dict:
    text = (site / "sw.js").read_text(encoding="utf-8")
    assert text.startswith("self.__LESSONS_PRECACHE__ = "), "sw.js does not start with its manifest"
    return read_manifest(text)


def test_the_service_worker_keeps_every_page_and_the_whole_runtime(site):
    listed = manifest(site)
    urls = {entry["url"] for entry in listed["entries"]}
    assert re.fullmatch(r"[0-9a-f]{16}", listed["version"])
    for page in pages(site):
        url = page.relative_to(site).parent.as_posix() + "/"
        assert (url if url != "./" else "") in urls, f"{page} is not kept for offline use"
    script, data = runtime_attributes(site, site / "lessons" / "first-steps" / "index.html")
    base = script.split("?")[0].rsplit("/", 1)[0] + "/"
    version = script.split("?v=")[1]
    for needed in (f"main.js?v={version}", f"worker.js?v={version}", f"lessons-python.zip?v={version}",
                   data["stdlib"], data["snapshot"], data["pyodide"] + "pyodide.asm.wasm"):
        assert base + needed in urls, f"{needed} is not kept for offline use"
    # Every listed file exists; source maps and the service worker itself are not listed.
    for url in urls:
        path = url.split("?")[0]
        assert (site / (path + "index.html" if path.endswith("/") or not path else path)).is_file(), url
        assert not url.endswith(".map") and url != "sw.js"


def test_each_kept_file_has_its_content_hash_unless_its_url_names_its_content(site):
    entries = manifest(site)["entries"]
    unrevised = sorted(entry["url"] for entry in entries if "revision" not in entry)
    # The runtime's files under the build's ?v= query and the start-up files (named by hash).
    assert unrevised and all("?v=" in url or "/startup/" in url for url in unrevised), unrevised
    for entry in entries:
        if "revision" in entry:
            path = site / (entry["url"] + "index.html" if entry["url"].endswith("/") or not entry["url"] else entry["url"])
            assert entry["revision"] == hashlib.sha256(path.read_bytes()).hexdigest()[:16], entry
