"""The registry of quiz kinds: name → handler. A new kind is a new module and one entry here."""

from ._base import COMMON_FIELDS, QuizContext, QuizKind, browser_transcript
from .exercise import Exercise
from .fill_in import FillIn
from .find_bug import FindBug
from .multiple_choice import MultipleChoice
from .predict_output import PredictOutput

QUIZ_KINDS: dict[str, QuizKind] = {kind.name: kind for kind in
                                   (FillIn(), PredictOutput(), FindBug(), MultipleChoice(), Exercise())}

__all__ = ["COMMON_FIELDS", "QUIZ_KINDS", "QuizContext", "QuizKind", "browser_transcript"]
