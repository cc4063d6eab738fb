"""lesson_builder: read lessons and quizzes, run every snippet chain, prove every output and
answer key, render the widgets' HTML. A plain library; ``mkdocs_plugin`` is the thin MkDocs
adapter and ``python -m lesson_builder`` the command line.

Public names:

- :func:`scan_course` only reads and checks what needs no run (ids, fields, placements).
- :func:`build_course` does it all for a content root and returns a :class:`Course`
  (``problems``, ``artifacts``, and their views ``snippet_runs``, ``quiz_configs``, ``pages``).
- :func:`compile_lesson` compiles one lesson in one language (:class:`LessonInputs`, from
  ``Course.lesson_inputs``) to a :class:`LessonArtifact`, with the tools of a build
  (:func:`compile_tools`), loaded when one was made from the same inputs;
  :func:`check_across_course` runs the checks across lessons and languages over artifacts.
- :class:`Problem` (``path:line: message``), :class:`ContentError` (raised by callers
  that must fail, holding every problem).
- :class:`RenderedLesson` (``markdown`` for the page; ``finish(html)`` puts the widgets in).
- :func:`markdown_renderer`, :func:`quiz_schema`, :data:`QUIZ_KINDS` (the registry).
"""

try:
    from ._artifact import LessonArtifact, LessonInputs
    from ._build import CACHE_FOLDER, Course, build_course, check_across_course, scan_course
    from ._compile import compile_lesson, compile_tools
    from ._markdown import markdown_renderer
    from ._problems import ContentError, Problem
    from ._render import RenderedLesson
    from ._schema import quiz_schema
    from .kinds import QUIZ_KINDS
except ModuleNotFoundError as missing:  # a Python without the packages: said in one line
    from ._missing_packages import explain_missing

    explain_missing(missing)

__all__ = ["CACHE_FOLDER", "ContentError", "Course", "LessonArtifact", "LessonInputs", "Problem", "QUIZ_KINDS",
           "RenderedLesson", "build_course", "check_across_course", "compile_lesson", "compile_tools",
           "markdown_renderer", "quiz_schema", "scan_course"]
