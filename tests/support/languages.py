"""The course's languages, from its registry (lessons/languages.yaml): the tests that go through
every language take them from here, so that a new language is tested with no list to edit."""

from pathlib import Path

from lesson_builder._languages import languages

REPO = Path(__file__).resolve().parents[2]
REGISTRY = languages(REPO)
COURSE_LANGUAGES = tuple(language.code for language in REGISTRY)  # the default first
DEFAULT_LANGUAGE = COURSE_LANGUAGES[0]
NATIVE_NAMES = {language.code: language.name for language in REGISTRY}
