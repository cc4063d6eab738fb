"""How two runs are compared: they end the same way (status) and print the same, trailing
whitespace trimmed, nothing else. The page applies the very same rule
(``frontend/shared/same-run.js``); ``frontend/shared/same-run-cases.json`` holds the cases
both are tested on."""


def normalise_output(text: str) -> str:
    """Return ``text`` with trailing whitespace removed from the end of the whole output."""
    return text.rstrip()


def outputs_match(actual: str, expected: str) -> bool:
    """True when ``actual`` and ``expected`` agree once trailing whitespace is trimmed."""
    return normalise_output(actual) == normalise_output(expected)


def same_run(actual: dict, expected: dict) -> bool:
    """True when two transcripts end the same way (``status``) and their outputs match.

    A run that prints the expected output and then exits with an error, or loops until its
    time runs out, is not the same run."""
    return actual["status"] == expected["status"] and outputs_match(actual["output"], expected["output"])
