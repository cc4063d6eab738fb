"""The course's glossaries: one per language, ``lessons/GLOSSARY.<lang>.md``, each built as
the page ``<lang>/glossary.md`` of that language (``/glossary/``, ``/<lang>/glossary/``)."""

from pathlib import Path


def glossary_file(root: Path, lang: str) -> Path:
    return Path(root) / "lessons" / f"GLOSSARY.{lang}.md"


def glossary_page(lang: str) -> str:
    return f"{lang}/glossary.md"


def glossary_pages(root: Path, languages: list[str]) -> dict[str, Path]:
    """Docs path of each language's glossary page → its source file (languages that have one)."""
    return {glossary_page(lang): glossary_file(root, lang) for lang in languages
            if glossary_file(root, lang).is_file()}
