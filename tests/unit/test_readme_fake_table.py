"""The README's "How close the fake model is to the real APIs" table is the one in
fake_client's package docstring, row for row, so that updating one and not the other fails."""

import re
from pathlib import Path

import fake_client

REPO = Path(__file__).resolve().parents[2]
TABLE = re.compile(r"^\| real behaviour.*?^\| the model reads[^\n]*\n", re.S | re.M)


def test_the_readme_shows_the_docstrings_table():
    readme = TABLE.search((REPO / "README.md").read_text(encoding="utf-8"))
    docstring = TABLE.search(fake_client.__doc__)
    assert readme and docstring
    assert readme.group(0) == docstring.group(0)


def test_the_table_is_dated():
    assert re.search(r"Brought up to date on \d{4}-\d{2}-\d{2}", fake_client.__doc__)
