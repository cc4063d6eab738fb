"""Command line: ``python -m lesson_builder check|transcript|coverage|new|fix|sync|schema``.

- ``check [paths…]`` runs and checks the lessons (all, or the named files/folders) and
  prints every problem as ``path:line: message``; exit status 1 when there is any. Warnings
  (a course model that retires soon) are printed as ``warning: path:line: message`` and fail
  nothing.
- ``transcript lessons/<slug>/<lang>.md <snippet-id> [--json]`` prints what the snippet
  really prints (paste it into the lesson's ```output block), or its whole transcript.
- ``coverage`` prints the table of lessons × languages (page, snippets, quizzes per kind, words).
- ``new <slug> <lang> [--from <lang>] [--after <slug>]`` starts a lesson's page and quiz file in a language,
  laid out like a written one, every text to write marked ``TO-WRITE``.
- ``fix [paths…]`` rewrites stale ``output`` blocks and quiz outputs from the real run and
  prints the diff.
- ``sync <slug> --from <lang>`` carries one translation's code into the others' snippets,
  each page keeping its words (strings, print calls, comments); names what it cannot carry.
- ``schema`` prints the JSON Schema of quiz files (``schemas/quiz.schema.json``);
  ``schema --write`` writes every file generated from the quiz kinds' declarations (that
  schema, each ``quiz_kinds/<kind>/config.schema.json``, the author guide's field tables).
"""

import argparse
import json
import os
import shlex
import sys
from pathlib import Path

from ._build import build_course, scan_course
from ._coverage import coverage, coverage_markdown
from ._fix import fix_course
from ._generated import write_generated
from ._scaffold import MARK, ScaffoldError, new_page
from ._discover import slug_and_lang
from ._schema import quiz_schema
from ._sync import SyncError, sync_lesson


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lesson_builder", description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=".", help="folder holding lessons/ and quizzes/ (default: .)")
    parser.add_argument("--no-cache", action="store_true", help="run every chain again")
    # The same options after the command name (`check --no-cache`); SUPPRESS keeps the
    # values given before it.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--root", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    common.add_argument("--no-cache", action="store_true", default=argparse.SUPPRESS, help="run every chain again")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", parents=[common], help="run and check lessons; print every problem")
    check.add_argument("paths", nargs="*", type=Path, help="lesson/quiz files or folders (default: all)")
    transcript = commands.add_parser("transcript", parents=[common], help="print a snippet's real output")
    transcript.add_argument("lesson", type=Path, help="lessons/<slug>/<lang>.md")
    transcript.add_argument("snippet", help="the snippet id")
    transcript.add_argument("--json", action="store_true", help="the whole transcript as JSON")
    schema = commands.add_parser("schema", help="print the JSON Schema of quiz files")
    schema.add_argument("--write", action="store_true",
                        help="write every file generated from the quiz kinds (schemas, the guide's field tables)")
    commands.add_parser("coverage", parents=[common], help="table of lessons × languages")
    new = commands.add_parser("new", parents=[common], help="start a lesson's page in a language")
    new.add_argument("slug", help="the lesson's folder name (a new one is added to the course)")
    new.add_argument("lang", help="the language of the new page")
    new.add_argument("--from", dest="source", help="the written language to lay out (default: the first)")
    new.add_argument("--after", help="a new lesson's place: after this lesson (default: at the end of the course)")
    fix = commands.add_parser("fix", parents=[common], help="rewrite stale outputs from the real run")
    fix.add_argument("paths", nargs="*", type=Path, help="lesson/quiz files or folders (default: all)")
    sync = commands.add_parser("sync", parents=[common], help="carry one translation's code into the others")
    sync.add_argument("slug", help="the lesson's folder name")
    sync.add_argument("--from", dest="source", required=True, help="the language whose code is right")
    args = parser.parse_args(argv)
    root = Path(args.root).resolve()
    if args.command != "schema" and not (root / "lessons").is_dir():
        print(f"lesson_builder: no lessons/ folder in {root}: run it from the repository's folder, or name "
              f"that folder with --root", file=sys.stderr)
        return 2

    if args.command == "coverage":
        print(coverage_markdown(coverage(scan_course(root))))
        return 0
    if args.command == "new":
        return _new(root, args.slug, args.lang, args.source, args.after)
    if args.command == "fix":
        return _fix(root, [p.resolve() for p in args.paths] or None, not args.no_cache)
    if args.command == "sync":
        return _sync(root, args.slug, args.source)

    if args.command == "schema":
        if args.write:
            for name in write_generated():
                print(f"wrote {name}")
            return 0
        print(json.dumps(quiz_schema(), indent=2, ensure_ascii=False))
        return 0
    if args.command == "check":
        course = build_course(root, only=[p.resolve() for p in args.paths] or None, use_cache=not args.no_cache,
                              render=False)
        _print_warnings(course)
        if course.problems:
            print(course.problems.report())
            print(f"\n{len(course.problems)} problem(s) in {len(course.lessons)} lesson file(s)", file=sys.stderr)
            return 1
        print(f"{len(course.lessons)} lesson file(s): every output and answer key checked, no problems")
        return 0
    lesson_path = args.lesson.resolve()
    course = build_course(root, only=[lesson_path], use_cache=not args.no_cache, render=False)
    slug, lang = slug_and_lang(lesson_path)
    lesson = course.lessons.get(f"{lang}/{slug}")
    if lesson is None or args.snippet not in lesson.snippets:
        known = ", ".join(lesson.snippets) if lesson else "none: no such lesson"
        print(f"no snippet '{args.snippet}' in {args.lesson} (snippets: {known})", file=sys.stderr)
        return 2
    run = course.transcript(lesson.key, args.snippet)
    if args.json:
        print(json.dumps(run, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(run["output"])
    return 0


def _new(root: Path, slug: str, lang: str, source, after) -> int:
    try:
        made = new_page(root, slug, lang, source, after)
    except ScaffoldError as error:
        print(f"new: {error}", file=sys.stderr)
        return 2
    placed = f"after '{after}'" if after else "at the end of the course (--after <slug> places it elsewhere)"
    laid_out = f"laid out like {made.source}" if made.source else f"a new lesson, added to the course {placed}"
    print(f"{slug}/{lang}: {laid_out}; wrote " + ", ".join(made.written))
    builder, python = _builder_command(root), _shown_path(Path(sys.executable))
    page = _shown_path(root / "lessons" / slug / f"{lang}.md")
    steps = [f"write the text (lessons/GLOSSARY.{lang}.md for the terms), and the strings in the code",
             f"{builder} fix {page}     # outputs from the real run",
             f"{builder} check {page}"]
    if root == Path.cwd() and (root / "tests" / "content").is_dir():  # the repository's own tests
        steps.append(f"FIX_TESTS=1 {python} -m pytest tests/content -q -k {slug}   # its golden transcripts")
    print(f"{made.marks} {MARK} mark(s) to replace; the build refuses the page until none is left. Next:\n"
          + "\n".join(f"  {number}. {step}" for number, step in enumerate(steps, start=1)))
    return 0


def _builder_command(root: Path) -> str:
    """This command line as it can be typed again where it was typed: the same interpreter
    (the venv's, which has the packages: a bare ``python`` may not), the same ``--root``."""
    command = f"{_shown_path(Path(sys.executable))} -m lesson_builder"
    if root != Path.cwd():
        command += f" --root {_shown_path(root)}"
    return command


def _shown_path(path: Path) -> str:
    """``path`` relative to the working directory when inside it (``.venv/bin/python``), quoted
    for a shell. Not resolved: a venv's python is a link to the system's, which lacks the packages."""
    path = Path(os.path.abspath(path))
    try:
        shown = path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        shown = path.as_posix()
    return shlex.quote(shown)


def _sync(root: Path, slug: str, source: str) -> int:
    try:
        result = sync_lesson(root, slug, source)
    except SyncError as error:
        print(f"sync: {error}", file=sys.stderr)
        return 2
    for path, ids in sorted(result.carried.items()):
        print(f"{path}: code of {', '.join(ids)} carried over from {source}")
    for line in result.by_hand:
        print(line, file=sys.stderr)
    if not result.carried and not result.by_hand:
        print(f"every translation of '{slug}' already runs the code of {source}")
    elif result.carried:
        print(f"next: {_builder_command(root)} fix lessons/{slug}   # outputs the new code prints", file=sys.stderr)
    return 1 if result.by_hand else 0


def _print_warnings(course) -> None:
    """What the build says without failing (a course model that retires soon), on stderr."""
    for warning in sorted(course.warnings, key=lambda p: (p.path, p.line)):
        print(f"warning: {warning}", file=sys.stderr)


def _fix(root: Path, only, use_cache: bool) -> int:
    course = build_course(root, only=only, use_cache=use_cache, render=False)
    _print_warnings(course)
    result = fix_course(course)
    for diff in result.diffs.values():
        print(diff)
    for reason in result.skipped:
        print(reason, file=sys.stderr)
    left = [problem for problem in course.problems if (problem.path, problem.subject) not in result.fixed]
    print(f"\n{len(result.fixed)} output(s) rewritten in {len(result.diffs)} file(s)", file=sys.stderr)
    if left:
        print(f"{len(left)} problem(s) left to fix by hand:", file=sys.stderr)
        for problem in sorted(left, key=lambda p: (p.path, p.line)):
            print(str(problem), file=sys.stderr)
    return 1 if left or result.skipped else 0


if __name__ == "__main__":
    sys.exit(main())
