"""The registry of quiz kinds: name → handler, one for each folder of ``quiz_kinds/`` (the
manifest the page's registry reads too). A new kind is a new folder, nothing here."""

from ._base import COMMON_CONFIG, COMMON_FIELDS, QuizContext, QuizKind, browser_transcript, kind_folder, page_config
from ._config import config_schema
from ._manifest import KindFolderError, discover

QUIZ_KINDS: dict[str, QuizKind] = discover()


def kind_config_schema(kind: QuizKind) -> dict:
    """The JSON Schema of a kind's page config (``quiz_kinds/<kind>/config.schema.json``)."""
    return config_schema(kind.name, COMMON_CONFIG, kind.page_config)


__all__ = ["COMMON_CONFIG", "COMMON_FIELDS", "KindFolderError", "QUIZ_KINDS", "QuizContext", "QuizKind",
           "browser_transcript", "kind_config_schema", "kind_folder", "page_config"]
