"""A Python without the project's packages (a bare ``python`` outside the venv) said in one
line, with what to do, instead of an import traceback. Imports only the standard library."""

import sys

# The project's own packages: a missing one of these is a bug, not a set-up gap.
_OWN = ("lesson_builder", "lesson_runtime", "fake_client")


def missing_package_message(error: ModuleNotFoundError) -> str:
    """The one line for ``error``, or "" when it is no missing third-party package."""
    name = (error.name or "").split(".")[0]
    if not name or name in _OWN:
        return ""
    return (f"lesson_builder: this Python ({sys.executable}) lacks the package '{name}' that requirements.txt "
            f"installs: run the command with .venv/bin/python (scripts/serve or scripts/test --fast makes "
            f".venv with every package)")


def explain_missing(error: ModuleNotFoundError) -> None:
    """Raise the clearest form of ``error``: under ``python -m lesson_builder`` (while the
    package is imported, ``sys.argv[0]`` is ``-m``) one line and exit status 1; imported by
    other code, a ModuleNotFoundError whose message says the same."""
    message = missing_package_message(error)
    if not message:
        raise error
    if sys.argv[:1] == ["-m"]:
        raise SystemExit(message) from None
    raise ModuleNotFoundError(message, name=error.name) from None
