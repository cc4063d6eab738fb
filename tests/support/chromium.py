"""How the browser tests and the benchmarks start Debian's Chromium (one place for the flags).

Without the background-networking flags Chromium tries hosts this machine cannot reach; never
`playwright install` (it downloads a browser of its own)."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# The states a snippet run ends in (data-state on the snippet root, ARCHITECTURE.md).
END_STATES = ("done", "error", "timeout", "stopped")


def in_front(page) -> None:
    """Make ``page`` the tab in front, as a person looks at the tab they click in. A tab behind
    another is hidden: Chromium runs its animation frames and timers rarely, and every wait on
    it (Playwright polls on animation frames) takes seconds."""
    page.bring_to_front()
