"""How two outputs are compared: trailing whitespace trimmed, nothing else."""


def normalise_output(text: str) -> str:
    """Return ``text`` with trailing whitespace removed from the end of the whole output."""
    return text.rstrip()


def outputs_match(actual: str, expected: str) -> bool:
    """True when ``actual`` and ``expected`` agree once trailing whitespace is trimmed."""
    return normalise_output(actual) == normalise_output(expected)
