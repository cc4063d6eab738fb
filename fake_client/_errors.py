"""Exceptions named and shaped like the SDKs', and the error bodies the real APIs send."""

from __future__ import annotations

from typing import Any, Optional

__all__ = ["APIError", "APIStatusError", "BadRequestError", "AuthenticationError",
           "PermissionDeniedError", "NotFoundError", "ConflictError", "UnprocessableEntityError",
           "RateLimitError", "InternalServerError", "RequestRefused"]


class APIError(Exception):
    """Base of every error the API reports. `message` is the text, `body` the decoded body."""

    message: str
    body: Optional[object]

    def __init__(self, message: str, *, body: Optional[object] = None) -> None:
        super().__init__(message)
        self.message = message
        self.body = body


class APIStatusError(APIError):
    """The API answered with an HTTP error status (4xx or 5xx).

    `status_code` is that status; `type`, `code` and `param` come from the error body when it
    has them (Anthropic fills `type`; OpenAI fills all three, often with `code` None).
    """

    status_code: int = 0
    request_id: Optional[str] = None
    response: Optional[object] = None  # the SDKs keep the HTTP response here; there is none

    def __init__(self, message: str, *, body: Optional[object] = None,
                 status_code: Optional[int] = None) -> None:
        super().__init__(message, body=body)
        if status_code is not None:
            self.status_code = status_code
        error = body.get("error", body) if isinstance(body, dict) else None
        error = error if isinstance(error, dict) else {}
        self.type: Optional[str] = error.get("type")
        self.code: Optional[str] = error.get("code")
        self.param: Optional[str] = error.get("param")


class BadRequestError(APIStatusError):
    """HTTP 400: the request is malformed (a broken conversation, a tool without a name, …)."""

    status_code = 400


class AuthenticationError(APIStatusError):
    status_code = 401


class PermissionDeniedError(APIStatusError):
    status_code = 403


class NotFoundError(APIStatusError):
    status_code = 404


class ConflictError(APIStatusError):
    status_code = 409


class UnprocessableEntityError(APIStatusError):
    status_code = 422


class RateLimitError(APIStatusError):
    status_code = 429


class InternalServerError(APIStatusError):
    status_code = 500


class RequestRefused(Exception):
    """Raised inside the fake when a request breaks a rule; each API layer turns it into its
    own error body and status (the client raises `BadRequestError`, the server answers 400)."""

    def __init__(self, message: str, *, param: Optional[str] = None,
                 code: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.param = param
        self.code = code


def tagged_type(where: str, value: Any, tags) -> Any:
    """The `type` of a tagged object (a content block, `tool_choice`, `thinking`), refused as
    the real API's validator refuses a value that is not an object or names no known tag."""
    if not isinstance(value, dict):
        raise RequestRefused(f"{where}: Input should be a valid dictionary")
    kind = value.get("type")
    if kind not in tags:
        expected = ", ".join(f"'{tag}'" for tag in tags)
        raise RequestRefused(f"{where}: Input tag '{kind}' found using 'type' does not match any "
                             f"of the expected tags: {expected}")
    return kind


def anthropic_error_body(message: str) -> dict[str, Any]:
    """The body Anthropic sends with an HTTP 400."""
    return {"type": "error", "error": {"type": "invalid_request_error", "message": message}}


def openai_error_body(message: str, param: Optional[str], code: Optional[str]) -> dict[str, Any]:
    """The body OpenAI sends with an HTTP 400."""
    return {"error": {"message": message, "type": "invalid_request_error",
                      "param": param, "code": code}}


def anthropic_bad_request(refused: RequestRefused) -> BadRequestError:
    """The exception the Anthropic SDK raises for this refusal, with the same text."""
    body = anthropic_error_body(refused.message)
    return BadRequestError(f"Error code: 400 - {body}", body=body)


def openai_bad_request(refused: RequestRefused) -> BadRequestError:
    """The exception the OpenAI SDK raises for this refusal; like the SDK, `body` is the
    inner `error` object and the text quotes only its message."""
    body = openai_error_body(refused.message, refused.param, refused.code)
    return BadRequestError(f"Error code: 400 - {refused.message}", body=body["error"])
