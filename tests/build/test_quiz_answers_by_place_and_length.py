"""Quizzes that cannot be answered by the place or the length of an option: the page shows
options in an order drawn from the quiz id, and the build refuses a language whose right
options are the longest more often than chance."""

from pathlib import Path

from support.repo_course import built_repo_course
from support.demo_lesson import problems_of, quiz_lesson, write

from lesson_builder import build_course
from lesson_builder._answer_length import chance_at_least
from lesson_builder._option_order import display_order

REPO = Path(__file__).resolve().parents[2]


def choice_quizzes(count: int, right: str, wrong: str) -> str:
    return "".join(f"""\
- id: q{number}
  kind: multiple-choice
  prompt: Question {number}?
  options:
    - text: "{wrong}"
      explanation: No.
    - text: "{right}"
      correct: true
      explanation: Yes.
    - text: "{wrong} too"
      explanation: No.
""" for number in range(count))


def test_the_shown_order_is_a_permutation_fixed_by_the_quiz_id_alone():
    assert sorted(display_order("stop-reason", 4)) == [0, 1, 2, 3]
    assert display_order("stop-reason", 4) == display_order("stop-reason", 4)
    orders = {tuple(display_order(f"quiz-{n}", 4)) for n in range(200)}
    assert len(orders) > 12, "ids give different orders"


def test_over_many_quizzes_the_right_option_lands_on_every_place_about_equally():
    places = [0, 0, 0]
    for n in range(3000):
        places[display_order(f"q{n}", 3).index(0)] += 1
    assert all(900 < count < 1100 for count in places), places


def test_chance_at_least_is_the_exact_poisson_binomial_tail():
    assert chance_at_least(0, [0.5, 0.5]) == 1.0
    assert abs(chance_at_least(2, [0.5, 0.5]) - 0.25) < 1e-12
    assert abs(chance_at_least(1, [0.5, 1 / 3]) - (1 - 0.5 * 2 / 3)) < 1e-12
    assert chance_at_least(3, [0.5, 0.5]) == 0.0


def test_a_language_whose_right_options_are_the_longest_is_refused_at_each_quiz(tmp_path):
    ids = [f"q{n}" for n in range(6)]
    root = write(tmp_path, quiz_lesson(*ids), choice_quizzes(6, "the right one, explained at length", "no"))
    problems = problems_of(root)
    assert len(problems) == 6, problems
    assert problems[0].startswith("quizzes/demo/bg.yaml:4: quiz 'q0': its right option is the longest, as in 6 of "
                                  "the 6 single-answer quizzes in 'bg' (chance gives 2.0; p = 0.001)")
    # Evened out (a wrong option as long), nothing to report; and five such quizzes of six
    # are within what chance gives.
    assert problems_of(write(tmp_path, quiz_lesson(*ids), choice_quizzes(6, "the right one", "the wrong one"))) == []


def test_the_page_config_carries_the_shown_order_and_keeps_written_indices(tmp_path):
    root = write(tmp_path, quiz_lesson("q0"), choice_quizzes(1, "yes", "no"))
    config = build_course(root, use_cache=False).quiz_configs["bg/demo"]["q0"]
    assert config["order"] == display_order("q0", 3) != [0, 1, 2]
    assert config["correct"] == [1], "indices stay the written ones"


def test_in_every_language_of_the_course_the_right_option_is_first_or_second_no_more_than_chance():
    course = built_repo_course()
    for lang in course.outline.languages:
        shown_early, chances = 0, []
        for quiz_file in course.quiz_files.values():
            if quiz_file.lang != lang:
                continue
            for quiz in quiz_file.quizzes.values():
                options = quiz.data.get("options") if quiz.kind in ("multiple-choice", "predict-output") else None
                keyed = [i for i, option in enumerate(options or []) if option.get("correct") is True]
                if len(keyed) != 1:
                    continue
                shown_early += display_order(quiz.id, len(options)).index(keyed[0]) < 2
                chances.append(min(1.0, 2 / len(options)))
        assert chances, lang
        assert chance_at_least(shown_early, chances) > 0.01, (lang, shown_early, len(chances))
