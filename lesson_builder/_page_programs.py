"""Take the code home from a site page that writes its snippets by hand as HTML (the
playground, ``docs/<lang>/playground.md``): each snippet's config gets the same ``program``
as a lesson snippet's (``_program_export``), at build time.

A continued snippet is named after the snippet of the page that has its code (a setup code
no snippet of the page has is just "setup").
"""

import json
import re
from pathlib import Path

from ._html import json_for_script
from ._program_export import Piece, build_program

SNIPPET_CONFIG = re.compile(
    r'(?P<open><div class="lesson-snippet" data-snippet="[^"]+"[^>]*>\s*<script type="application/json" data-config>)'
    r"(?P<json>.*?)(?P<close></script>)", re.S)


class PageProgramError(ValueError):
    """A hand-written snippet whose program would still need fake_client (or whose config is unreadable)."""


def add_programs(html: str, *, root: Path, lang: str, title: str, name: str) -> str:
    """``html`` with a ``program`` in every snippet config that has none; ``name`` (the
    page's) starts each file name: ``<name>-<snippet id>.py``."""
    found = list(SNIPPET_CONFIG.finditer(html))
    configs = []
    for match in found:
        try:
            configs.append(json.loads(match["json"]))
        except ValueError as error:
            raise PageProgramError(f"the data-config of a snippet is not JSON ({error})") from None
    by_code = {config.get("code"): config.get("id") for config in configs}

    def with_program(match: re.Match, config: dict) -> str:
        if "program" in config or not isinstance(config.get("code"), str):
            return match[0]
        chain = [Piece(by_code.get(code) or "setup", code) for code in config.get("setup") or []]
        chain.append(Piece(config["id"], config["code"]))
        problems: list = []
        program = build_program(chain, root=root, lang=lang, title=title, file=f"{name}-{config['id']}.py",
                                problems=problems)
        if problems:
            piece, line, message = problems[0]
            raise PageProgramError(f"snippet '{piece.id}', line {line} of its code: {message}")
        if program is None:
            return match[0]
        return match["open"] + json_for_script({**config, "program": program.config()}) + match["close"]

    out, last = [], 0
    for match, config in zip(found, configs):
        out += [html[last:match.start()], with_program(match, config)]
        last = match.end()
    return "".join(out) + html[last:]
