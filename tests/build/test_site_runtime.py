"""The runtime's files in a built site, made by the build core without MkDocs
(lesson_builder._site_runtime): what is copied where, the service worker's manifest, the
tags every page gets, and the start-up files' maker called once per packages zip."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from lesson_builder._offline_manifest import read_manifest
from lesson_builder._site_files import MissingRuntimeFile
from lesson_builder._site_runtime import PYODIDE_FILES, SiteRuntime, page_chunks
from lesson_builder._startup_files import StartupFiles

# A stand-in for tools/startup/make-startup-files.mjs with its output contract: it makes two
# files named by content, counts its calls, and prints where they are as one JSON line.
MAKER = """
import { appendFileSync, writeFileSync } from "node:fs";
appendFileSync("maker-calls.txt", "call\\n");
writeFileSync("stdlib-1.zip", "stdlib");
writeFileSync("snapshot-2.bin", "snapshot");
console.log(JSON.stringify({stdlib: process.cwd() + "/stdlib-1.zip", snapshot: process.cwd() + "/snapshot-2.bin",
                            snapshotError: null}));
"""


def write(path: Path, text: str = "x") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def project(tmp_path) -> Path:
    """A project with a bundle, a Pyodide package and the two lesson packages."""
    root = tmp_path / "project"
    for name in ("main.js", "main.css", "worker.js", "chunks/mount-1.js", "main.js.map", "sw.js", "sw.js.map"):
        write(root / "frontend" / "dist" / name, f"// {name}")
    write(root / "node_modules" / "pyodide" / "package.json", json.dumps({"version": "9.9.9"}))
    for name in PYODIDE_FILES:
        write(root / "node_modules" / "pyodide" / name)
    for package in ("fake_client", "lesson_runtime"):
        write(root / package / "__init__.py", "VALUE = 1\n")
        write(root / package / "__pycache__" / "__init__.cpython-311.pyc")
        write(root / package / "notes.py~")
    return root


def built_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    write(site / "index.html", "<html><head></head></html>")
    write(site / "fa" / "lessons" / "x" / "index.html", "<html><head></head></html>")
    write(site / "assets" / "stylesheets" / "main.css")
    return site


def test_the_runtime_goes_to_the_site_root_and_every_file_into_the_offline_manifest(project, tmp_path):
    reasons = []
    runtime = SiteRuntime(project, StartupFiles(project, report=reasons.append))
    site = built_site(tmp_path)
    runtime.write(site)

    folder = site / "assets" / "runtime"
    assert (folder / "main.js").is_file() and (folder / "chunks" / "mount-1.js").is_file()
    assert not (folder / "sw.js").exists() and not (folder / "sw.js.map").exists()
    assert sorted(p.name for p in (folder / "pyodide-9.9.9").iterdir()) == sorted(PYODIDE_FILES)
    names = zipfile.ZipFile(folder / "lessons-python.zip").namelist()
    assert names == ["fake_client/__init__.py", "lesson_runtime/__init__.py"]
    # No maker in this project: no start-up files, said once, and the site works without.
    assert len(reasons) == 1 and "no start-up files" in reasons[0]
    assert not (folder / "startup").exists() or not any((folder / "startup").iterdir())

    text = (site / "sw.js").read_text(encoding="utf-8")
    manifest = read_manifest(text)
    assert text.endswith("// sw.js")
    urls = {entry["url"] for entry in manifest["entries"]}
    assert {"", "fa/lessons/x/", "assets/stylesheets/main.css", f"assets/runtime/main.js?v={runtime.version}",
            f"assets/runtime/lessons-python.zip?v={runtime.version}",
            "assets/runtime/pyodide-9.9.9/python_stdlib.zip"} <= urls
    assert not [url for url in urls if url.endswith(".map") or url == "sw.js"]


def test_a_rebuild_with_one_page_changed_changes_that_page_s_revision_only(project, tmp_path):
    runtime = SiteRuntime(project, StartupFiles(project, report=lambda reason: None))
    site = built_site(tmp_path)
    runtime.write(site)
    first = read_manifest((site / "sw.js").read_text(encoding="utf-8"))
    write(site / "fa" / "lessons" / "x" / "index.html", "<html><head></head><p>new</p></html>")
    write(site / "fa" / "lessons" / "y" / "index.html", "<html></html>")  # a page added: listed too
    runtime.write(site)
    second = read_manifest((site / "sw.js").read_text(encoding="utf-8"))

    changed = [entry for entry in second["entries"] if entry not in first["entries"]]
    assert [entry["url"] for entry in changed] == ["fa/lessons/x/", "fa/lessons/y/"]
    assert all(entry.get("revision") for entry in changed)
    assert second["version"] != first["version"]
    versioned = [entry for entry in second["entries"] if "?v=" in entry["url"]]
    assert versioned and all("revision" not in entry for entry in versioned), "the query is their revision"


def test_a_page_links_the_bundle_relative_to_itself(project):
    runtime = SiteRuntime(project, StartupFiles(project, report=lambda reason: None))
    tags = runtime.head_tags("fa/lessons/x/index.html")
    assert f'href="../../../assets/runtime/main.css?v={runtime.version}"' in tags
    assert f'src="../../../assets/runtime/main.js?v={runtime.version}"' in tags
    assert 'data-pyodide="pyodide-9.9.9/"' in tags and 'data-service-worker="../../sw.js"' in tags
    assert "data-stdlib" not in tags
    assert 'src="assets/runtime/main.js' in runtime.head_tags("index.html")


PRELOAD = {"main": ["chunks/chunk-A.js"], "mount-widgets": ["chunks/mount-widgets-B.js", "chunks/chunk-A.js"],
           "mount-course-map": ["chunks/mount-course-map-C.js"], "fa": ["chunks/fa-D.js"], "bg": ["chunks/bg-E.js"]}


def test_a_page_announces_the_chunks_main_js_will_load_on_it(project):
    write(project / "frontend" / "dist" / "preload.json", json.dumps(PRELOAD))
    runtime = SiteRuntime(project, StartupFiles(project, report=lambda reason: None))
    lesson = '<html lang="fa" class="no-js"><body><div class="lesson-quiz" data-quiz="q1"></div></body></html>'
    assert page_chunks(lesson) == ("mount-widgets", "fa")
    tags = runtime.head_tags("fa/lessons/x/index.html", page_chunks(lesson))
    links = [tag.split('"')[3] for tag in tags.split("><") if "modulepreload" in tag]
    # Each once, no ?v= (the URL main.js's import resolves to), before the script that needs them.
    assert links == ["../../../assets/runtime/chunks/chunk-A.js", "../../../assets/runtime/chunks/mount-widgets-B.js",
                     "../../../assets/runtime/chunks/fa-D.js"]
    assert tags.index("modulepreload") < tags.index("main.js")
    home = '<html lang="bg"><body><nav class="course-map" data-course-map aria-label="x"></nav></body></html>'
    assert page_chunks(home) == ("mount-course-map", "bg")
    plain = '<html lang="bg"><body><p>data-snippet is explained here</p></body></html>'
    assert page_chunks(plain) == (), "a page without widgets loads none of their code"
    assert runtime.head_tags("index.html").count("modulepreload") == 1, "main.js's own imports, everywhere"
    assert "preload.json" not in {path.name for path in runtime.dist_files}, "build data, not served"


def test_a_bundle_without_preload_lists_still_builds_pages(project):
    runtime = SiteRuntime(project, StartupFiles(project, report=lambda reason: None))
    assert "modulepreload" not in runtime.head_tags("index.html", ("mount-widgets", "bg"))


def test_the_version_follows_the_bundle_and_the_packages(project):
    startup = StartupFiles(project, report=lambda reason: None)
    first = SiteRuntime(project, startup).version
    assert SiteRuntime(project, startup).version == first
    write(project / "lesson_runtime" / "__init__.py", "VALUE = 2\n")
    second = SiteRuntime(project, startup).version
    write(project / "frontend" / "dist" / "worker.js", "// changed")
    assert len({first, second, SiteRuntime(project, startup).version}) == 3


def test_start_up_files_are_made_once_per_packages_zip_and_linked(project, tmp_path):
    write(project / "tools" / "startup" / "make-startup-files.mjs", MAKER)
    startup = StartupFiles(project, report=lambda reason: pytest.fail(reason))
    for _ in range(3):  # one build per language
        runtime = SiteRuntime(project, startup)
    assert (project / "maker-calls.txt").read_text().count("call") == 1
    site = built_site(tmp_path)
    runtime.write(site)
    assert (site / "assets" / "runtime" / "startup" / "snapshot-2.bin").read_text() == "snapshot"
    tags = runtime.head_tags("index.html")
    assert 'data-stdlib="startup/stdlib-1.zip" data-snapshot="startup/snapshot-2.bin"' in tags
    entries = read_manifest((site / "sw.js").read_text(encoding="utf-8"))["entries"]
    urls = [entry["url"] for entry in entries]
    assert {"url": "assets/runtime/startup/stdlib-1.zip"} in entries, "named by its hash: no revision"
    assert "assets/runtime/pyodide-9.9.9/python_stdlib.zip" not in urls, "the precompiled stdlib replaces it"


def test_without_the_bundle_the_build_says_how_to_make_it(project):
    (project / "frontend" / "dist" / "main.js").unlink()
    with pytest.raises(MissingRuntimeFile, match="npm run build"):
        SiteRuntime(project, StartupFiles(project, report=lambda reason: None))
