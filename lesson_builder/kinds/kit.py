"""What a quiz kind's declaration (``quiz_kinds/<kind>/kind.py``) is written with, and all it
imports from the build: the base class and its context, the field types of the quiz file,
the page config's types (``page.Field``, ``page.String``, …), and the helpers the kinds
share. Only re-exports, like the widgets' ``frontend/widgets/quiz/kit.js``."""

from .._fields import Boolean, Choice, Field, Integer, LineMap, ListOf, Record, Scalar, Text, TextOrTexts
from .._figures import FigureError, format_figure, resolve_figure
from .._option_order import display_order
from .._problems import output_diff
from . import _config as page
from ._base import QuizContext, QuizKind, browser_transcript, describe_run, diff_runs

__all__ = ["Boolean", "Choice", "Field", "FigureError", "Integer", "LineMap", "ListOf", "QuizContext", "QuizKind",
           "Record", "Scalar", "Text", "TextOrTexts", "browser_transcript", "describe_run", "diff_runs",
           "display_order", "format_figure", "output_diff", "page", "resolve_figure"]
