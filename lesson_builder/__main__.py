"""Command line: ``python -m lesson_builder check|transcript|schema``.

- ``check [paths…]`` runs and checks the lessons (all, or the named files/folders) and
  prints every problem as ``path:line: message``; exit status 1 when there is any.
- ``transcript lessons/<slug>/<lang>.md <snippet-id> [--json]`` prints what the snippet
  really prints (paste it into the lesson's ```output block), or its whole transcript.
- ``schema`` prints the JSON Schema of quiz files (``schemas/quiz.schema.json``).
"""

import argparse
import json
import sys
from pathlib import Path

from ._build import build_course
from ._discover import slug_and_lang
from ._schema import quiz_schema


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
    commands.add_parser("schema", help="print the JSON Schema of quiz files")
    args = parser.parse_args(argv)
    root = Path(args.root).resolve()

    if args.command == "schema":
        print(json.dumps(quiz_schema(), indent=2, ensure_ascii=False))
        return 0
    if args.command == "check":
        course = build_course(root, only=[p.resolve() for p in args.paths] or None, use_cache=not args.no_cache,
                              render=False)
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


if __name__ == "__main__":
    sys.exit(main())
