"""Exceptions named and shaped like the SDKs', and the error bodies the real APIs send."""

from __future__ import annotations

import json
from typing import Any, Optional

__all__ = ["APIError", "APIStatusError", "BadRequestError", "AuthenticationError",
           "PermissionDeniedError", "NotFoundError", "ConflictError", "UnprocessableEntityError",
           "RateLimitError", "EnforcedSpendLimitReachedError", "InternalServerError", "OverloadedError",
           "APIConnectionError", "APITimeoutError", "RequestRefused", "OpenAIError", "LengthFinishReasonError",
           "ValidationError", "Headers", "HTTPResponse"]


class APIError(Exception):
    """Base of every error the API reports. `message` is the text, `body` the decoded body."""

    message: str
    body: Optional[object]

    def __init__(self, message: str, *, body: Optional[object] = None) -> None:
        super().__init__(message)
        self.message = message
        self.body = body


class Headers(dict):
    """HTTP headers read without regard to case, as httpx's `Headers` are
    (`error.response.headers["Retry-After"]`)."""

    def __init__(self, items: Optional[dict[str, str]] = None) -> None:
        super().__init__({key.lower(): value for key, value in (items or {}).items()})

    def __getitem__(self, key: str) -> str:
        return super().__getitem__(key.lower())

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        return super().get(key.lower(), default)

    def __contains__(self, key: object) -> bool:
        return super().__contains__(key.lower() if isinstance(key, str) else key)


class HTTPResponse:
    """The little of an HTTP response that error handling reads (`error.response`):
    `status_code` and `headers` (`retry-after`, `request-id`, the rate-limit headers)."""

    def __init__(self, status_code: int, headers: Optional[dict[str, str]] = None) -> None:
        self.status_code = status_code
        self.headers = Headers(headers)

    def __repr__(self) -> str:
        return f"<Response [{self.status_code}]>"


class APIStatusError(APIError):
    """The API answered with an HTTP error status (4xx or 5xx).

    `status_code` is that status; `type`, `code` and `param` come from the error body when it
    has them (Anthropic fills `type`; OpenAI fills all three, often with `code` None);
    `error_code` from Anthropic's `error.details` when it has one; `request_id` from the
    answer's request-id header; `response` has the answer's `status_code` and `headers`.
    """

    status_code: int = 0
    request_id: Optional[str] = None
    response: Optional[HTTPResponse] = None

    def __init__(self, message: str, *, body: Optional[object] = None,
                 status_code: Optional[int] = None, request_id: Optional[str] = None,
                 response: Optional[HTTPResponse] = None) -> None:
        super().__init__(message, body=body)
        if status_code is not None:
            self.status_code = status_code
        self.request_id = request_id
        self.response = response if response is not None else HTTPResponse(self.status_code)
        error = body.get("error", body) if isinstance(body, dict) else None
        error = error if isinstance(error, dict) else {}
        self.type: Optional[str] = error.get("type")
        self.code: Optional[str] = error.get("code")
        self.param: Optional[str] = error.get("param")
        details = error.get("details")
        # Anthropic's machine-readable cause ("thread_not_found", …): branch on it, not on the text.
        self.error_code: Optional[str] = details.get("error_code") if isinstance(details, dict) else None


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


class EnforcedSpendLimitReachedError(RateLimitError):
    """HTTP 429 whose `error.details.error_code` is `enforced_spend_limit_reached`: the
    organization reached its API tier's monthly spend cap (anthropic 2.17 picks this class by
    status and code, `_error_classes.ERROR_CLASSES`). Waiting does not help; the SDK, which
    retries by status, still retries it."""


class InternalServerError(APIStatusError):
    status_code = 500


class OverloadedError(InternalServerError):
    """HTTP 529 `overloaded_error`: the Anthropic API is busy for everyone; the SDK retries
    it. (OpenAI answers 503, an `InternalServerError`.)"""

    status_code = 529


class APIConnectionError(APIError):
    """No answer came: the connection failed (`message` "Connection error.")."""

    def __init__(self, *, message: str = "Connection error.", request: Any = None) -> None:
        super().__init__(message, body=None)
        self.request = request


class APITimeoutError(APIConnectionError):
    """No answer in time (the client's `timeout`); the SDK retries it. The text is the
    SDK's: anthropic's "Request to <host> timed out after <N>s", openai's "Request timed out."."""

    def __init__(self, request: Any = None, *, message: str = "Request timed out.") -> None:
        super().__init__(message=message, request=request)



class OpenAIError(Exception):
    """Base of the OpenAI SDK's own errors that are no API answer (`openai.OpenAIError`)."""


class LengthFinishReasonError(OpenAIError):
    """`chat.completions.parse(...)` on a reply cut by `max_tokens` (`finish_reason ==
    "length"`): there is no whole JSON to read, so the SDK raises this before parsing, with
    its wording and the usage. `completion` is the cut reply (a `ChatCompletion`)."""

    def __init__(self, *, completion: Any) -> None:
        message = "Could not parse response content as the length limit was reached"
        usage = getattr(completion, "usage", None)
        if usage is not None:
            # as the SDK prints its CompletionUsage (pydantic repr, nested objects included)
            message += f" - {usage!r}"
        super().__init__(message)
        self.completion = completion


class ValidationError(ValueError):
    """What pydantic raises when a reply is not valid for the type `parse` reads it into; the
    fake raises it where it reads a dataclass (a pydantic model raises pydantic's own). It
    mirrors `pydantic_core.ValidationError`, which the fake (stdlib only) cannot raise: the
    same name, message and `errors()`; a ValueError as pydantic's is. Today the one case is
    JSON that is not whole (a reply cut by `max_tokens`): `title` is the type's name."""

    def __init__(self, title: str, errors: list[dict[str, Any]]) -> None:
        self.title = title
        self._errors = errors
        lines = [f"{len(errors)} validation error{'s' if len(errors) != 1 else ''} for {title}"]
        for error in errors:
            lines.append(f"  {error['msg']} [type={error['type']}, input_value={error['input_shown']}, "
                         f"input_type={type(error['input']).__name__}]")
            lines.append(f"    For further information visit {error['url']}")
        super().__init__("\n".join(lines))

    def errors(self) -> list[dict[str, Any]]:
        """The errors as pydantic lists them: `type`, `loc`, `msg`, `input`, `ctx`, `url`."""
        return [{key: error[key] for key in ("type", "loc", "msg", "input", "ctx", "url")} for error in self._errors]

    def error_count(self) -> int:
        return len(self._errors)


class RequestRefused(Exception):
    """Raised inside the fake when a request breaks a rule; each API layer turns it into its
    own error body and status (the client raises the SDK's exception, the server answers
    `status`). Most refusals are HTTP 400 `invalid_request_error`; a few (an unknown server-held
    thread: 404 `not_found_error`) carry another `status` and `error_type`, and `details`
    (`{"error_code": ...}`, the machine-readable cause the Anthropic API adds)."""

    def __init__(self, message: str, *, param: Optional[str] = None,
                 code: Optional[str] = None, status: int = 400,
                 error_type: str = "invalid_request_error",
                 details: Optional[dict[str, Any]] = None) -> None:
        super().__init__(message)
        self.message = message
        self.param = param
        self.code = code
        self.status = status
        self.error_type = error_type
        self.details = details


def json_type(value: Any) -> str:
    """How OpenAI's validator names the JSON type of a value ("an object", "null", …)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a decimal"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "an array"
    return "an object"


def tagged_type(where: str, value: Any, tags) -> Any:
    """The `type` of a tagged object (a content block, `tool_choice`, `thinking`), refused as
    the real API's validator refuses a value that is not an object or names no known tag."""
    if not isinstance(value, dict):
        raise RequestRefused(f"{where}: Input should be a valid dictionary")
    if "type" not in value:
        raise RequestRefused(f"{where}: Unable to extract tag using discriminator 'type'")
    kind = value["type"]
    if not isinstance(kind, str) or kind not in tags:
        expected = ", ".join(f"'{tag}'" for tag in tags)
        raise RequestRefused(f"{where}: Input tag '{kind}' found using 'type' does not match any "
                             f"of the expected tags: {expected}")
    return kind


def anthropic_error_body(refused: RequestRefused, request_id: Optional[str] = None) -> dict[str, Any]:
    """The body Anthropic sends with the refusal's HTTP status; with the answer's
    `request_id` when there is one (every error body has it, docs.claude.com/en/api/errors)."""
    error: dict[str, Any] = {"type": refused.error_type, "message": refused.message}
    if refused.details is not None:
        error["details"] = refused.details
    body: dict[str, Any] = {"type": "error", "error": error}
    if request_id is not None:
        body["request_id"] = request_id
    return body


def openai_error_body(message: str, param: Optional[str], code: Optional[str]) -> dict[str, Any]:
    """The body OpenAI sends with an HTTP 400."""
    return {"error": {"message": message, "type": "invalid_request_error",
                      "param": param, "code": code}}


_BY_STATUS = {400: BadRequestError, 401: AuthenticationError, 403: PermissionDeniedError,
              404: NotFoundError, 409: ConflictError, 422: UnprocessableEntityError,
              429: RateLimitError, 500: InternalServerError, 529: OverloadedError}


# The Anthropic SDK's narrower classes, chosen by status and `error.details.error_code`.
_BY_STATUS_AND_CODE = {(429, "enforced_spend_limit_reached"): EnforcedSpendLimitReachedError}


def status_error_class(status: int) -> type:
    """The SDKs' class for an HTTP error status (any other 5xx: `InternalServerError`)."""
    return _BY_STATUS.get(status) or (InternalServerError if status >= 500 else APIStatusError)


def anthropic_bad_request(refused: RequestRefused, path: str = "/v1/messages",
                          request_id: Optional[str] = None,
                          headers: Optional[dict[str, str]] = None) -> APIStatusError:
    """The exception the Anthropic SDK raises for this refusal (`BadRequestError` for a 400,
    `NotFoundError` for a 404), with the text it prints. `path` is the endpoint the request
    went to (`/v1/messages`, `/v1/messages/count_tokens`); `request_id` the answer's."""
    body = anthropic_error_body(refused, request_id)
    code = (refused.details or {}).get("error_code")
    return _BY_STATUS_AND_CODE.get((refused.status, code), status_error_class(refused.status))(
        anthropic_error_text(refused, path, request_id), body=body, status_code=refused.status,
        request_id=request_id, response=HTTPResponse(refused.status, headers))


def anthropic_error_text(refused: RequestRefused, path: str, request_id: Optional[str] = None) -> str:
    """`str(error)` as the locked anthropic SDK (2.17, `_error_classes.make_status_error`)
    makes it: the status and the API's message, then what names the failure in brackets
    (`error_code`, `request_id`, `path`, `type`, each only when there is one), then any
    details beyond `error_code` as indented JSON."""
    named = {"error_code": (refused.details or {}).get("error_code"), "request_id": request_id,
             "path": path, "type": refused.error_type}
    brackets = ", ".join(f"{label}: {value}" for label, value in named.items() if value)
    text = f"{refused.status} {refused.message} ({brackets})"
    if refused.details is not None and refused.details.keys() - {"error_code"}:
        text += "\n\n" + json.dumps(refused.details, indent=2, ensure_ascii=False)
    return text


def openai_bad_request(refused: RequestRefused, request_id: Optional[str] = None,
                       headers: Optional[dict[str, str]] = None) -> APIStatusError:
    """The exception the OpenAI SDK raises for this refusal; like the SDK, `body` is the
    inner `error` object and the text quotes only its message."""
    body = openai_error_body(refused.message, refused.param, refused.code)
    return openai_status_error(refused.status, body, request_id, headers)


def openai_status_error(status: int, body: dict[str, Any], request_id: Optional[str] = None,
                        headers: Optional[dict[str, str]] = None) -> APIStatusError:
    """The exception the OpenAI SDK (3.63, `_make_status_error_from_response`) raises for an
    error answer: "Error code: N - <the error's message>"; `body` is the inner `error`."""
    error = body.get("error", body)
    text = f"Error code: {status}"
    if isinstance(error, dict) and isinstance(error.get("message"), str) and error["message"]:
        text += f" - {error['message']}"
    # OpenAI's SDK has no OverloadedError: any 5xx is an InternalServerError.
    kind = InternalServerError if status >= 500 else status_error_class(status)
    return kind(text, body=error, status_code=status, request_id=request_id,
                response=HTTPResponse(status, headers))


def anthropic_status_error(status: int, body: dict[str, Any], path: str, request_id: Optional[str] = None,
                           headers: Optional[dict[str, str]] = None) -> APIStatusError:
    """The exception the Anthropic SDK raises for an error answer `body` (an HTTP-error fault)."""
    error = body["error"]
    refused = RequestRefused(error["message"], status=status, error_type=error["type"],
                             details=error.get("details"))
    return anthropic_bad_request(refused, path, request_id, headers)
