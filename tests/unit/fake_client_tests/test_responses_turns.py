"""Which turn each Responses input item belongs to: the one rule the teaching model and the
conversation checks share (`fake_client.responses_turns`)."""

from fake_client.responses_turns import group_items


def _shape(items):
    return [(group.kind, [item.get("call_id") or item.get("type") or item.get("role") for item in group.items])
            for group in group_items(items)]


def call(call_id):
    return {"type": "function_call", "call_id": call_id, "name": "f", "arguments": "{}"}


def output(call_id):
    return {"type": "function_call_output", "call_id": call_id, "output": "ok"}


REASONING = {"type": "reasoning", "summary": []}
USER = {"role": "user", "content": "hi"}


def test_calls_then_their_outputs_are_one_reply_and_its_results():
    assert _shape([USER, call("a"), call("b"), output("a"), output("b")]) == [
        ("message", ["user"]), ("assistant", ["a", "b"]), ("results", ["a", "b"])]


def test_without_reasoning_an_output_ends_the_reply():
    # Nothing else tells one reply's calls from the next one's.
    assert _shape([call("a"), output("a"), call("b"), output("b")]) == [
        ("assistant", ["a"]), ("results", ["a"]), ("assistant", ["b"]), ("results", ["b"])]


def test_in_a_reasoned_reply_outputs_may_sit_right_after_their_calls():
    assert _shape([REASONING, call("a"), output("a"), call("b"), output("b")]) == [
        ("assistant", ["reasoning", "a", "b"]), ("results", ["a", "b"])]


def test_a_reasoning_item_after_outputs_starts_the_next_reply():
    assert _shape([REASONING, call("a"), output("a"), REASONING, call("b"), output("b")]) == [
        ("assistant", ["reasoning", "a"]), ("results", ["a"]),
        ("assistant", ["reasoning", "b"]), ("results", ["b"])]


def test_a_user_message_ends_a_reply_and_stands_alone():
    assert _shape([REASONING, call("a"), output("a"), USER, call("b")]) == [
        ("assistant", ["reasoning", "a"]), ("results", ["a"]), ("message", ["user"]), ("assistant", ["b"])]


def test_an_assistant_message_is_part_of_the_reply():
    said = {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "x"}]}
    assert _shape([REASONING, said, call("a"), output("a")]) == [
        ("assistant", ["reasoning", "message", "a"]), ("results", ["a"])]
