"""The language registry (``lessons/languages.yaml``): each language's facts, read once per
change of the file, checked as it loads (a mistake names the file and the line).

Everything in the build that depends on a language asks here: the site's languages and their
order, names, direction, digits and number signs, the theme's locale, the search's stemmers, the script and
reading speed, the Han line-break rule, the site's name and description, the menu's names.
"""

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from ._yaml_lines import LocatedDict, YamlProblem, load_located_yaml

REGISTRY_FILE = "lessons/languages.yaml"
# The project's own registry: for a bare content folder without one (the tests' small courses).
PROJECT_ROOT = Path(__file__).resolve().parents[1]
DIRECTIONS = ("ltr", "rtl")
# Intl's numbering systems the build can write (the front end asks Intl itself).
DIGITS = {"latn": "0123456789", "arabext": "۰۱۲۳۴۵۶۷۸۹"}
SCRIPTS = ("cyrillic", "arabic", "han", "latin")
# Running text groups a number's thousands from five digits on: Bulgarian, Russian and
# Ukrainian typography leave a four-digit number whole ("1000", "12 500"), and the other
# languages read the same way. Tables group every thousand (the reference page's columns).
GROUP_FROM_DIGITS = 5
_NUMBER = re.compile(r"(?P<sign>-?)(?P<whole>\d+)(?:\.(?P<fraction>\d+))?")
FIELDS = ("code", "name", "direction", "digits", "number", "theme", "search", "script", "reading", "han_lines",
          "site", "nav")


class LanguageRegistryError(Exception):
    """The registry is missing or wrong; the message names the file and line."""

    def __init__(self, line: int, message: str):
        super().__init__(f"{REGISTRY_FILE}:{line}: {message}" if line else f"{REGISTRY_FILE}: {message}")
        self.line, self.message = line, message


@dataclass(frozen=True)
class Language:
    code: str
    name: str  # in itself
    direction: str
    digits: str
    group: str  # thousands separator in running text
    decimal: str  # decimal sign
    theme: str
    search: tuple[str, ...]
    script: str
    words_per_minute: int
    han_per_minute: int  # 0: the language is not written in Han characters
    han_lines: bool
    site_name: str
    site_description: str
    nav: dict

    def local_digits(self, text: str) -> str:
        """``text`` with its ASCII digits written in the language's own digits."""
        return text.translate(str.maketrans(DIGITS["latn"], DIGITS[self.digits]))

    def local_number(self, text: str, group_from: int = GROUP_FROM_DIGITS) -> str:
        """A number written in ASCII (``-12345.5``) as the language writes it: its digits, its
        decimal sign, and its thousands grouped once the whole part has ``group_from`` digits.
        Text that is not such a number comes back with only its digits changed."""
        match = _NUMBER.fullmatch(text)
        if match is None:
            return self.local_digits(text)
        whole = match["whole"]
        if len(whole) >= group_from:
            whole = f"{int(whole):,}".replace(",", self.group)
        fraction = self.decimal + match["fraction"] if match["fraction"] is not None else ""
        return self.local_digits(match["sign"] + whole + fraction)


def languages(root: Path) -> list[Language]:
    """The registry of the course at ``root`` (the project's, when it has none), the default
    language first."""
    path = Path(root) / REGISTRY_FILE
    if not path.is_file():
        path = PROJECT_ROOT / REGISTRY_FILE
    try:
        stat = path.stat()
    except OSError:
        raise LanguageRegistryError(0, "missing: the site's languages are listed there") from None
    return _read(path, stat.st_mtime_ns, stat.st_size)


def codes(root: Path) -> list[str]:
    return [language.code for language in languages(root)]


def language(root: Path, code: str) -> Language:
    """One language's facts; an unknown code is an error naming the registry."""
    for entry in languages(root):
        if entry.code == code:
            return entry
    raise LanguageRegistryError(0, f"no language '{code}' (languages: {', '.join(codes(root))})")


def default_language(root: Path) -> Language:
    return languages(root)[0]


@functools.lru_cache(maxsize=8)
def _read(path: Path, mtime_ns: int, size: int) -> list[Language]:
    try:
        data = load_located_yaml(path.read_text(encoding="utf-8"))
    except YamlProblem as problem:
        raise LanguageRegistryError(problem.line, problem.message) from None
    entries = data.get("languages") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not entries:
        raise LanguageRegistryError(1, "'languages' must list the site's languages, the default first")
    found = [_entry(entry, line) for entry, line in zip(entries, entries.lines)]
    seen: set[str] = set()
    for entry, line in zip(found, entries.lines):
        if entry.code in seen:
            raise LanguageRegistryError(line, f"language '{entry.code}' is listed twice")
        seen.add(entry.code)
    return found


def _entry(entry, line: int) -> Language:
    def fail(key: str, message: str):
        at = entry.line_of(key) if isinstance(entry, LocatedDict) else line
        raise LanguageRegistryError(at, message)

    if not isinstance(entry, dict):
        fail("", "each language is a mapping of " + ", ".join(FIELDS))
    for key in FIELDS:
        if key not in entry:
            fail("code", f"language '{entry.get('code', '?')}' has no '{key}'")
    for key in entry:
        if key not in FIELDS:
            fail(key, f"unknown field '{key}' (the fields: {', '.join(FIELDS)})")
    code, reading, site = entry["code"], entry["reading"], entry["site"]
    checks = [
        ("code", isinstance(code, str) and code.isalpha() and code.islower() and 2 <= len(code) <= 3,
         "'code' is the language's ISO 639 code: two or three lowercase letters"),
        ("direction", entry["direction"] in DIRECTIONS, f"'direction' is one of {', '.join(DIRECTIONS)}"),
        ("digits", entry["digits"] in DIGITS, f"'digits' is one of {', '.join(DIGITS)}"),
        ("number", isinstance(entry["number"], dict) and set(entry["number"]) == {"group", "decimal"}
         and all(isinstance(sign, str) and len(sign) == 1 and not sign.isdigit() for sign in entry["number"].values()),
         "'number' is {group: <thousands separator>, decimal: <decimal sign>}, one character each"),
        ("script", entry["script"] in SCRIPTS, f"'script' is one of {', '.join(SCRIPTS)}"),
        ("search", isinstance(entry["search"], list) and all(isinstance(x, str) for x in entry["search"]),
         "'search' lists lunr languages, e.g. [ru]"),
        ("reading", isinstance(reading, dict) and isinstance(reading.get("words"), int)
         and set(reading) <= {"words", "han"}, "'reading' is {words: <per minute>} (and han: <per minute>)"),
        ("han_lines", isinstance(entry["han_lines"], bool), "'han_lines' is true or false"),
        ("site", isinstance(site, dict) and set(site) == {"name", "description"}, "'site' has a name and a description"),
        ("nav", isinstance(entry["nav"], dict), "'nav' maps the menu's section names to the language's"),
    ]
    for key, holds, message in checks:
        if not holds:
            fail(key, f"language '{code}': {message}")
    return Language(code=code, name=str(entry["name"]), direction=entry["direction"],
                    digits=entry["digits"], group=entry["number"]["group"],
                    decimal=entry["number"]["decimal"], theme=str(entry["theme"]), search=tuple(entry["search"]),
                    script=entry["script"], words_per_minute=reading["words"], han_per_minute=reading.get("han", 0),
                    han_lines=entry["han_lines"], site_name=str(site["name"]),
                    site_description=str(site["description"]), nav=dict(entry["nav"]))
