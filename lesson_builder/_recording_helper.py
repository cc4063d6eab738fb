"""``recording()`` for a program that runs with the real SDKs: the stand-in that an exported
program defines where the lesson used ``fake_client.recording()``.

It yields the same list: one entry per ``create`` call made inside the ``with`` block,
``{"api", "request", "response", "error"}``, the request as the call's fields and the reply
as the SDK's own JSON (``model_dump``). It watches the SDK's public resource classes
(``Messages.create``, ``Completions.create``) for the time of the block, so that it sees the
calls of every client, as the lesson's recording did.
"""

# The SDK's create methods that a recording watches, and the name a call is recorded under.
WATCHED = {
    "anthropic": ("from anthropic.resources.messages import Messages", "Messages", "anthropic"),
    "openai": ("from openai.resources.chat.completions import Completions", "Completions", "openai"),
}

BODY = '''\
@contextlib.contextmanager
def recording():
    calls = []
    watched = [{watched}]
    originals = [(resource, resource.create) for resource, _ in watched]

    def recorder(create, api):
        def recorded(self, *args, **kwargs):
            entry = {{"api": api, "request": _as_json(kwargs), "response": None, "error": None}}
            calls.append(entry)
            try:
                response = create(self, *args, **kwargs)
            except Exception as error:
                entry["error"] = _as_json(getattr(error, "body", None) or str(error))
                raise
            entry["response"] = _as_json(response)
            return response
        return recorded

    for resource, api in watched:
        resource.create = recorder(resource.create, api)
    try:
        yield calls
    finally:
        for resource, create in originals:
            resource.create = create


def _as_json(value):
    """Plain JSON data: the SDK's objects as their own JSON (model_dump)."""
    def plain(item):
        if hasattr(item, "model_dump"):
            return item.model_dump(mode="json", exclude_unset=True)
        return repr(item)
    return json.loads(json.dumps(value, default=plain, ensure_ascii=False))
'''


def recording_helper(sdks: set[str], comment: str) -> str:
    """The helper's code for a program that uses ``sdks``, under a ``comment`` line in the
    page's language."""
    chosen = [WATCHED[sdk] for sdk in sorted(sdks) if sdk in WATCHED]
    imports = ["import contextlib", "import json", ""] + [statement for statement, _, _ in chosen]
    watched = ", ".join(f'({name}, "{api}")' for _, name, api in chosen)
    return "\n".join([f"# {comment}"] + imports) + "\n\n\n" + BODY.format(watched=watched)
