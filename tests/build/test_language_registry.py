"""The language registry (lessons/languages.yaml) is the one list of the site's languages: what
derives from it is made from it, and what cannot read it (fake_client in the browser, the front
end's strings and default, the translation check's signs) is checked against it here."""

import re
from pathlib import Path

import pytest
from fake_client import locales
from lesson_builder._languages import REGISTRY_FILE, LanguageRegistryError, languages
from lesson_builder._place_words import PLACE_WORDS
from lesson_builder._reading_time import reading_minutes
from lesson_builder._site_languages import search_languages
from lesson_builder._text_language import NAMES, SIGNS
from support.languages import COURSE_LANGUAGES, REGISTRY
from support.repo_course import repo_course

REPO = Path(__file__).resolve().parents[2]
FAKE_SCRIPTS = {"cyrillic", "arabic", "han", "latin"}


def test_the_course_the_strings_and_the_fake_model_have_the_registrys_languages():
    assert repo_course().outline.languages == list(COURSE_LANGUAGES)
    strings = sorted(path.stem for path in (REPO / "frontend/page/strings").glob("*.json"))
    assert strings == sorted(COURSE_LANGUAGES)
    for language in REGISTRY:  # the fake answers in every course language, in its script
        assert locales.LANGUAGES[language.code].SCRIPT == language.script, language.code
    assert {module.SCRIPT for module in locales.LANGUAGES.values()} <= FAKE_SCRIPTS


def test_the_front_ends_default_language_is_the_registrys_first():
    source = (REPO / "frontend/page/i18n.js").read_text(encoding="utf-8")
    assert re.search(r'export const DEFAULT_LANGUAGE = "(\w+)";', source)[1] == COURSE_LANGUAGES[0]


def test_the_build_core_tables_of_words_name_only_registry_languages():
    assert set(SIGNS) <= set(COURSE_LANGUAGES) and set(NAMES) <= set(COURSE_LANGUAGES)
    assert set(PLACE_WORDS) <= set(COURSE_LANGUAGES)


def test_the_site_configuration_comes_from_the_registry():
    assert [search_languages(language) for language in REGISTRY] == [["en", "ru"], ["en", "ar"], ["en", "zh"],
                                                                      ["en", "ru"], ["en", "ru"]]
    mkdocs = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    assert "site_description" not in mkdocs and "nav_translations" not in mkdocs  # only the registry has them


def test_reading_speed_and_digits_are_the_registrys():
    by_code = {language.code: language for language in REGISTRY}
    words = " ".join(["слово"] * 360)
    assert reading_minutes(words, by_code["ru"]) == 2  # 180 words a minute
    assert reading_minutes("字" * 510, by_code["zh"]) == 2  # 255 characters a minute
    assert by_code["fa"].local_digits("12") == "۱۲" and by_code["bg"].local_digits("12") == "12"


@pytest.mark.parametrize(("code", "text", "written"), [
    ("ru", "156000", "156\u00a0000"),  # a no-break space: the number never breaks at a line's end
    ("uk", "1250000", "1\u00a0250\u00a0000"),
    ("bg", "-12345", "-12\u00a0345"),
    ("ru", "4096", "4096"),  # four digits stay whole in running text
    ("ru", "2.5", "2,5"),  # the decimal sign
    ("fa", "156000.5", "۱۵۶٬۰۰۰٫۵"),
    ("zh", "156000", "156,000"),
    ("ru", "claude-sonnet-5", "claude-sonnet-5"),  # not a number: as it is
])
def test_a_figure_is_written_as_its_language_writes_numbers(code, text, written):
    by_code = {language.code: language for language in REGISTRY}
    assert by_code[code].local_number(text) == written


def test_a_table_groups_every_thousand():
    ru = next(language for language in REGISTRY if language.code == "ru")
    assert ru.local_number("4096", group_from=4) == "4\u00a0096"


# (what is changed, the line the error must name: the first line of the changed text that holds it)
@pytest.mark.parametrize(("mistake", "at", "words"), [
    (("direction: rtl", "direction: right"), "direction: right", "'direction' is one of ltr, rtl"),
    (("    han_lines: true\n", ""), "code: zh", "language 'zh' has no 'han_lines'"),
    (("  - code: ru", "  - code: fa"), "code: fa\n    name: Рус", "language 'fa' is listed twice"),
    (("    theme: uk\n", "    theme: uk\n    flag: UA\n"), "flag: UA", "unknown field 'flag'"),
    (('number: {group: "\\u00a0", decimal: ","}', 'number: {group: "", decimal: ","}'), 'number: {group: ""',
     "'number' is {group: <thousands separator>, decimal: <decimal sign>}"),
])
def test_a_mistake_in_the_registry_names_its_line(tmp_path, mistake, at, words):
    text = (REPO / REGISTRY_FILE).read_text(encoding="utf-8")
    assert mistake[0] in text
    changed = text.replace(mistake[0], mistake[1], 1)
    line = changed[:changed.index(at)].count("\n") + 1
    (tmp_path / REGISTRY_FILE).parent.mkdir(parents=True)
    (tmp_path / REGISTRY_FILE).write_text(changed, encoding="utf-8")
    with pytest.raises(LanguageRegistryError) as raised:
        languages(tmp_path)
    assert str(raised.value).startswith(f"{REGISTRY_FILE}:{line}: ") and words in str(raised.value), raised.value
