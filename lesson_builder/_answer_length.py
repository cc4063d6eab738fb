"""A course-wide check of single-answer quizzes: the right option must not be the longest
one more often than chance would make it.

Writers explain the right answer and leave the wrong ones short, so "pick the longest" can
pass a quiz without understanding it. Per language, over every single-answer
multiple-choice and predict-output quiz, the number whose keyed option is strictly the
longest is compared with what picking an option at random gives (each quiz with its own
number of options); a count that chance reaches less than once in a hundred courses is a
problem, reported at each such quiz so the author sees which ones to even out. (Where the
options appear is not checked: the page shows them in an order drawn from the quiz id,
``_option_order``.)
"""

from typing import Iterable, Optional

from ._model import Quiz, QuizFile
from ._problems import Problems
from .kinds import QUIZ_KINDS

SIGNIFICANCE = 0.01  # how unlikely under chance a count must be to count as a habit


def check_answers_by_length(quiz_files: Iterable[QuizFile], problems: Problems,
                            report_on: Optional[set[str]] = None) -> None:
    by_lang: dict[str, list[Quiz]] = {}
    for quiz_file in quiz_files:
        by_lang.setdefault(quiz_file.lang, []).extend(quiz_file.quizzes.values())
    for lang, quizzes in sorted(by_lang.items()):
        judged = [(quiz, lengths) for quiz in quizzes if (lengths := _option_lengths(quiz)) is not None]
        longest = [quiz for quiz, (keyed, lengths) in judged if _strictly_longest(lengths, keyed)]
        chance = chance_at_least(len(longest), [1 / len(lengths) for _, (_, lengths) in judged])
        if not longest or chance >= SIGNIFICANCE:
            continue
        expected = sum(1 / len(lengths) for _, (_, lengths) in judged)
        for quiz in longest:
            if report_on is not None and _lesson_key(quiz, lang) not in report_on:
                continue
            problems.add(quiz.path, quiz.line_of("options"),
                         f"quiz '{quiz.id}': its right option is the longest, as in {len(longest)} of the "
                         f"{len(judged)} single-answer quizzes in '{lang}' (chance gives {expected:.1f}; "
                         f"p = {chance:.3f}): a learner can answer by length. Shorten the right option or "
                         f"give a wrong one the same detail", f"quiz {quiz.id}")


def chance_at_least(count: int, probabilities: list[float]) -> float:
    """P(at least ``count`` successes) for independent trials with these probabilities (the
    Poisson binomial distribution, computed exactly)."""
    distribution = [1.0]
    for p in probabilities:
        following = [0.0] * (len(distribution) + 1)
        for successes, weight in enumerate(distribution):
            following[successes] += weight * (1 - p)
            following[successes + 1] += weight * p
        distribution = following
    return sum(distribution[count:])


def _option_lengths(quiz: Quiz) -> Optional[tuple[int, list[int]]]:
    """(index of the keyed option, length of each option's shown text), or None when the
    quiz is not a single-answer choice or is malformed (reported elsewhere)."""
    field, options = _shown_options(quiz)
    if not isinstance(options, list) or len(options) < 2 or quiz.data.get("multiple") is True:
        return None
    keyed = [index for index, option in enumerate(options) if isinstance(option, dict) and option.get("correct") is True]
    if len(keyed) != 1 or not all(isinstance(option, dict) for option in options):
        return None
    return keyed[0], [len(str(option.get(field, "")).strip()) for option in options]


def repeated_option(quiz: Quiz) -> Optional[tuple[int, int]]:
    """(index of the first, index of the second) of two options of a choice quiz that show the
    same text (a learner sees the same answer twice, one right and one wrong, or two wrong), or
    None. Malformed options are reported elsewhere."""
    field, options = _shown_options(quiz)
    if not isinstance(options, list):
        return None
    seen: dict[str, int] = {}
    for index, option in enumerate(options):
        if not isinstance(option, dict) or not isinstance(option.get(field), str):
            continue
        shown = " ".join(option[field].split())
        if shown in seen:
            return seen[shown], index
        seen[shown] = index
    return None


def _shown_options(quiz: Quiz) -> tuple[Optional[str], object]:
    """The field holding each option's shown text and the quiz's options (None, None for a
    kind without one-answer-among-others options)."""
    kind = QUIZ_KINDS.get(quiz.kind)
    field = kind.option_text if kind else None
    return field, quiz.data.get("options") if field and hasattr(quiz.data, "get") else None


def _strictly_longest(lengths: list[int], keyed: int) -> bool:
    return all(lengths[keyed] > length for index, length in enumerate(lengths) if index != keyed)


def _lesson_key(quiz: Quiz, lang: str) -> str:
    slug = quiz.path.split("/")[1] if quiz.path.count("/") >= 2 else ""
    return f"{lang}/{slug}"
