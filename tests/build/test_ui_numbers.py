"""A number the builder puts into a UI sentence is written in that language's digits, as the
front end's translator writes it (frontend/page/i18n.js): «درس ۲ از ۶» on a Persian page."""

from pathlib import Path

from lesson_builder._strings import local_value, ui_text

REPO = Path(__file__).resolve().parents[2]


def test_a_position_on_a_persian_page_has_persian_digits():
    assert ui_text(REPO, "fa", "course.position", n=2, total=6) == "درس ۲ از ۶"


def test_other_languages_keep_their_digits_and_text_stays_text():
    assert "2" in ui_text(REPO, "bg", "course.position", n=2, total=6)
    assert "2" in ui_text(REPO, "zh", "course.position", n=2, total=6)
    assert local_value("fa", "HTTP 404") == "HTTP 404"
    assert local_value("fa", True) == "True"
