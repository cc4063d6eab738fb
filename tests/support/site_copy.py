"""Helpers for the mutation tests (no tests here): a copy of the site with only the sample lesson, for real `mkdocs build` runs.

The copy holds everything git knows (tracked and untracked-but-not-ignored files) except
the lesson writers' lessons, plus the front-end bundle and a link to node_modules; its
mkdocs.yml gets the `lessons` plugin line if it lacks one. Its course file has the sample
lesson only (``tests/sample``), written in Bulgarian and in progress in every other language.
"""

import hashlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml
from support.authoring_copies import SAMPLE_ROOT
from support.languages import COURSE_LANGUAGES
from support.run_kind import refuse_in_fast_run

REPO = Path(__file__).resolve().parents[2]
# The sample lesson's files as the copy holds them; they come from tests/sample (authoring_copies).
SAMPLE = ("lessons/first-steps/bg.md", "quizzes/first-steps/bg.yaml")
SAMPLE_GOLDEN = Path("tests/content/golden/first-steps.bg.json")
COURSE_FILE = "lessons/course.yaml"
REGISTRY_FILE = "lessons/languages.yaml"  # the site's languages: the copy has the repository's
STARTUP_CACHE = Path("build") / "startup-cache"
MKDOCS = [sys.executable, "-m", "mkdocs"]


def repository_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=REPO, capture_output=True,
                            text=True, check=True).stdout.split("\n")
    return [name for name in listed if name and not name.startswith(("lessons/", "quizzes/"))
            and (REPO / name).is_file()]


def make_site_copy(target: Path) -> Path:
    refuse_in_fast_run("a copy of the site")
    # The reference pages come along: the sample lesson links to its language's.
    references = [path.relative_to(REPO).as_posix() for path in sorted((REPO / "lessons").glob("REFERENCE.*.yaml"))]
    for name in repository_files() + references + [REGISTRY_FILE]:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, target / name)
    for name in SAMPLE:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(SAMPLE_ROOT / name, target / name)
    # The copy's golden transcript of its one lesson is the sample's, not the course's lesson's.
    shutil.copy2(SAMPLE_ROOT / "golden" / SAMPLE_GOLDEN.name, target / SAMPLE_GOLDEN)
    (target / COURSE_FILE).write_text(sample_course_file(), encoding="utf-8")
    (target / "node_modules").symlink_to(REPO / "node_modules")
    # The start-up files are named by content hash, and the copy's packages are the repository's:
    # the snapshot the site build made is the copy's too, so it is made once per run, not per copy.
    if (REPO / STARTUP_CACHE).is_dir():
        shutil.copytree(REPO / STARTUP_CACHE, target / STARTUP_CACHE, dirs_exist_ok=True)
    if (REPO / "frontend" / "dist" / "main.js").exists():
        shutil.copytree(REPO / "frontend" / "dist", target / "frontend" / "dist", dirs_exist_ok=True)
    else:
        subprocess.run(["npm", "run", "build"], cwd=target, check=True, capture_output=True)
    config = target / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    if not has_lessons_plugin(text):
        text = text.replace("\nplugins:\n", "\nplugins:\n  - lessons\n", 1)
        config.write_text(text, encoding="utf-8")
    return target


def sample_course_file() -> str:
    """The repository's course file cut down to the sample lesson, in progress but in bg, with
    the course's models (the lesson uses their names)."""
    course = yaml.safe_load((REPO / COURSE_FILE).read_text(encoding="utf-8"))
    sample = next(entry for entry in course["lessons"] if entry["slug"] == "first-steps")
    sample.update(prerequisites=[], in_progress=list(COURSE_LANGUAGES[1:]))
    return yaml.safe_dump({"models": course["models"], "lessons": [sample]},
                          allow_unicode=True, sort_keys=False, default_flow_style=None, width=200)


def has_lessons_plugin(mkdocs_yml: str) -> bool:
    """Whether the `plugins:` list of mkdocs.yml names `lessons` (other lists may too)."""
    block = re.search(r"^plugins:\n((?:[ \t].*\n|\n)*)", mkdocs_yml, re.M)
    return bool(block and re.search(r"^\s*-\s*lessons\s*(:.*)?$", block[1], re.M))


def mkdocs_build(site: Path) -> subprocess.CompletedProcess:
    environment = {"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin", "HOME": str(site)}
    return subprocess.run(MKDOCS + ["build", "--strict", "-f", str(site / "mkdocs.yml")], cwd=site,
                          capture_output=True, text=True, env=environment, timeout=600)


def tree_digest(root: Path) -> dict[str, str]:
    """Every file of the content tree, outputs excluded (site/, the transcript cache, and
    build/, where the start-up files of an earlier build may still be being written)."""
    outputs = ("site", "build", ".lesson-cache", "node_modules")

    def is_output(parts: tuple[str, ...]) -> bool:
        return parts[0] in outputs or "__pycache__" in parts

    return {path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(root.rglob("*"))
            if path.is_file() and not is_output(path.relative_to(root).parts)}
