"""The registry of quiz kinds: name → handler, one for each folder of ``quiz_kinds/`` (the
manifest the page's registry reads too). A new kind is a new folder, nothing here."""

from .._fields import Field, ListOf, Record, Text
from ._base import COMMON_CONFIG, COMMON_FIELDS, QuizContext, QuizKind, browser_transcript, kind_folder, page_config
from ._config import config_schema
from ._manifest import KindFolderError, discover, kinds_home

QUIZ_KINDS: dict[str, QuizKind] = discover()
KINDS_HOME = kinds_home()


def kind_config_schema(kind: QuizKind) -> dict:
    """The JSON Schema of a kind's page config (``quiz_kinds/<kind>/config.schema.json``)."""
    return config_schema(kind.name, COMMON_CONFIG, kind.page_config)


def text_fields(description: str) -> frozenset[str]:
    """The names of the text fields of that kind of text ("code", "markdown", "output") in any
    kind's quiz file, an option's fields included: what `new` marks for translation and the
    one-language check reads, as the kinds declare them."""
    def names(fields: list[Field]):
        for field in fields:
            inner = field.type.item if isinstance(field.type, ListOf) else field.type
            if isinstance(inner, Text) and inner.description == description:
                yield field.name
            elif isinstance(inner, Record):
                yield from names(list(inner.fields.values()))
    return frozenset(name for kind in QUIZ_KINDS.values() for name in names(COMMON_FIELDS + kind.fields))


__all__ = ["COMMON_CONFIG", "COMMON_FIELDS", "KINDS_HOME", "KindFolderError", "QUIZ_KINDS", "QuizContext", "QuizKind",
           "browser_transcript", "kind_config_schema", "kind_folder", "page_config", "text_fields"]
