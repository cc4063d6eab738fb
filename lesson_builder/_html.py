"""The HTML the front end enhances (ARCHITECTURE.md, "Rendered HTML")."""

import html
import json
from typing import Optional


def json_for_script(data: dict) -> str:
    """JSON safe inside ``<script>``: no ``</script>``, ``<!--`` or stray ``&`` can close it."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _code_block(code: str, css_class: Optional[str] = None) -> str:
    attribute = f' class="{css_class}"' if css_class else ""
    return f'<pre{attribute} dir="ltr"><code>{html.escape(code.rstrip(chr(10)))}</code></pre>'


def snippet_html(snippet_id: str, code: str, setup: list[str], timeout: float,
                 shown_output: Optional[str], expected: Optional[str], picture: str = "",
                 program: Optional[dict] = None) -> str:
    """``picture``: the run picture's HTML of the snippet's own run (``_run_picture``), or "";
    ``program``: the snippet taken home as a program (``_program_export``), or None."""
    config = {"id": snippet_id, "code": code, "setup": setup, "timeout": timeout, "expected": expected}
    if program is not None:  # take the code home (_program_export.py)
        config["program"] = program
    parts = [
        f'<div class="lesson-snippet" data-snippet="{html.escape(snippet_id)}" data-state="idle">',
        f'<script type="application/json" data-config>{json_for_script(config)}</script>',
        _code_block(code, "snippet-source"),
        *([picture] if picture else []),
        "</div>",
    ]
    if shown_output is not None:
        parts.append(f'<div class="snippet-expected" data-expected-for="{html.escape(snippet_id)}">'
                     f"{_code_block(shown_output)}</div>")
    return "\n".join(parts)


def hidden_snippet_html(snippet_id: str, code: str, label: str) -> str:
    return (f'<details class="lesson-setup" data-setup-for="{html.escape(snippet_id)}">'
            f"<summary>{html.escape(label)}</summary>{_code_block(code)}</details>")


def course_models_html(code: str, label: str) -> str:
    """The course's setup (its models), collapsed and read-only, where a page first uses them."""
    return (f'<details class="lesson-setup" data-course-models>'
            f"<summary>{html.escape(label)}</summary>{_code_block(code)}</details>")


def quiz_html(quiz_id: str, kind: str, slug: str, config: dict, prompt_html: str) -> str:
    return "\n".join([
        f'<div class="lesson-quiz" data-quiz="{html.escape(quiz_id)}" data-kind="{html.escape(kind)}" '
        f'data-lesson="{html.escape(slug)}">',
        f'<script type="application/json" data-config>{json_for_script(config)}</script>',
        f'<div class="quiz-prompt">{prompt_html}</div>',
        "</div>",
    ])
