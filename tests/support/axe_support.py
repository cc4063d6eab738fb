"""axe-core (from npm) run in a page of the real site, under the site's Content-Security-Policy.

The policy forbids inline script, so axe is not added as a ``<script>`` element (Playwright's
``add_script_tag`` inlines the file, which the policy blocks and the harness reports as a
violation): its source is evaluated through the DevTools protocol, which the page's policy does
not govern, as a browser extension's content script would be.
"""

from __future__ import annotations

from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


def inject_axe(page) -> None:
    """Make ``window.axe`` available in ``page`` without running inline script."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci`", pytrace=False)
    if page.evaluate("() => typeof window.axe === 'object'"):
        return
    # Wrapped in a function so that axe's UMD wrapper sees no `module`/`define` and sets window.axe.
    page.evaluate(f"() => {{ {AXE.read_text(encoding='utf-8')}\n }}")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        pytest.fail("axe-core did not load in the page", pytrace=False)


def axe_violations(page) -> list[dict]:
    """Every violation axe finds in the page: id, impact, help and up to five targets."""
    inject_axe(page)
    return page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map((v) => ({id: v.id, impact: v.impact, help: v.help,
                          targets: v.nodes.slice(0, 5).map((n) => n.target.join(' '))}))"""
    )


def serious_violations(page) -> list[str]:
    """The serious and critical violations, one line each (an empty list is a pass)."""
    # Judge the settled page, not a colour half-way through one of Material's transitions.
    page.wait_for_timeout(500)
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {v['targets']}"
        for v in axe_violations(page)
        if v["impact"] in BLOCKING
    ]
