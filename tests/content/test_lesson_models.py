"""Every model id a lesson, a quiz or the author guide names is in fake_client's catalogue and
does not retire soon: judged against the real date (not the pinned one the other tests use),
so that a lesson is moved to a current model well before its model's retirement day makes
the build fail."""

import datetime
import re
from pathlib import Path

from fake_client._models import CATALOGUE, LESSON_MARGIN_DAYS

REPO = Path(__file__).resolve().parents[2]
# A model id in code: a quoted claude-… or gpt-… name (placeholders such as "gpt-x" aside).
MODEL_ID = re.compile(r"""["'](claude-[a-z0-9.-]+|gpt-[0-9][a-z0-9.-]*)["']""")


def named_models() -> dict[str, set[str]]:
    """model id → the files that name it."""
    found: dict[str, set[str]] = {}
    files = [*REPO.glob("lessons/*/*.md"), *REPO.glob("quizzes/*/*.yaml"), *REPO.glob("docs/authoring/*.md")]
    for path in files:
        for model in MODEL_ID.findall(path.read_text(encoding="utf-8")):
            found.setdefault(model, set()).add(path.relative_to(REPO).as_posix())
    return found


def test_lessons_name_models():
    assert {"claude-sonnet-5", "gpt-5.6-terra"} <= set(named_models())


def test_every_lesson_model_is_in_the_catalogue_and_not_retiring_soon():
    today = datetime.datetime.now(datetime.timezone.utc).date()
    limit = today + datetime.timedelta(days=LESSON_MARGIN_DAYS)
    problems = []
    for model, files in sorted(named_models().items()):
        card = CATALOGUE.get(model)
        where = ", ".join(sorted(files))
        if card is None:
            problems.append(f"{model} (in {where}) is not in fake_client/_models.py: add its card, "
                            "with sources, or name a model that is")
        elif card.retires is not None and card.retires <= limit:
            problems.append(f"{model} (in {where}) retires on {card.retires.isoformat()}, within "
                            f"{LESSON_MARGIN_DAYS} days of {today.isoformat()}: move these lessons to "
                            "a current model (the provider's deprecations page names the replacement)")
    assert not problems, "\n".join(problems)


def test_the_check_refuses_a_retiring_model():
    card = CATALOGUE["gpt-5-mini"]
    assert card.retires is not None
    assert card.retires <= datetime.date(2026, 12, 5) + datetime.timedelta(days=LESSON_MARGIN_DAYS)
