"""What the contract tests ask of a response parsed by the real SDK's pydantic types."""

import pydantic


def assert_no_extra_fields(value, where="response"):
    """pydantic keeps unknown fields in `model_extra`: there must be none, at any depth."""
    if isinstance(value, pydantic.BaseModel):
        assert not value.model_extra, f"{where} has extra fields {value.model_extra}"
        for name in type(value).model_fields:
            assert_no_extra_fields(getattr(value, name), f"{where}.{name}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            assert_no_extra_fields(item, f"{where}[{index}]")
