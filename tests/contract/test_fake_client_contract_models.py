"""The model catalogue through the real SDKs against `serve`: the 404 of an unknown or retired
model, the per-model 400s, thinking by default, every usage field, and the models endpoints,
each parsed strictly and equal to what fake_client gives in process."""

import itertools

import anthropic
import openai
import pytest

import fake_client

_keys = itertools.count(1)
HELLO = [{"role": "user", "content": "Здравей, как си?"}]


def real_anthropic(url):
    return anthropic.Anthropic(base_url=url, api_key=f"models-{next(_keys)}", max_retries=0,
                               _strict_response_validation=True)


def real_openai(url):
    return openai.OpenAI(base_url=f"{url}/v1", api_key=f"models-{next(_keys)}", max_retries=0,
                         _strict_response_validation=True)


def error_of(call):
    try:
        call()
    except Exception as error:  # noqa: BLE001: the very exception is compared
        return error
    raise AssertionError("nothing was raised")


@pytest.mark.parametrize("model", ["claude-x", "claude-sonnet-4-20250514"])
def test_an_unknown_or_retired_anthropic_model_is_the_same_404(fake_server, model):
    request = dict(model=model, max_tokens=50, messages=HELLO)
    real = error_of(lambda: real_anthropic(fake_server).messages.create(**request))
    fake = error_of(lambda: fake_client.Anthropic().messages.create(**request))
    assert isinstance(real, anthropic.NotFoundError) and isinstance(fake, fake_client.NotFoundError)
    assert real.body == fake.body
    assert {key: value for key, value in fake.body.items() if key != "request_id"} == {
        "type": "error", "error": {"type": "not_found_error", "message": f"model: {model}"}}
    assert str(real) == str(fake)


def test_a_retired_openai_model_is_the_same_404(fake_server, monkeypatch):
    monkeypatch.setenv("FAKE_CLIENT_TODAY", "2026-12-11")  # gpt-5-mini's shutdown day
    request = dict(model="gpt-5-mini", messages=HELLO)
    real = error_of(lambda: real_openai(fake_server).chat.completions.create(**request))
    fake = error_of(lambda: fake_client.OpenAI().chat.completions.create(**request))
    assert isinstance(real, openai.NotFoundError) and isinstance(fake, fake_client.NotFoundError)
    assert real.body == fake.body and real.code == "model_not_found"


@pytest.mark.parametrize("options", [{"extra_body": {"temperature": 0.5}},  # the locked SDK has no keyword
                                     {"thinking": {"type": "enabled", "budget_tokens": 1024}},
                                     {"max_tokens": 200_000, "timeout": 60}])  # the SDK asks for a timeout
def test_sonnet_5_refuses_what_the_api_refuses(fake_server, options):
    request = dict(model="claude-sonnet-5", messages=HELLO, **{"max_tokens": 4000, **options})
    real = error_of(lambda: real_anthropic(fake_server).messages.create(**request))
    fake = error_of(lambda: fake_client.Anthropic().messages.create(**request))
    assert isinstance(real, anthropic.BadRequestError)
    assert real.body == fake.body and str(real) == str(fake)


@pytest.mark.parametrize("options", [{"max_tokens": 100}, {"temperature": 0.2}, {"stop": ["\n"]}])
def test_reasoning_models_refuse_what_the_api_refuses(fake_server, options):
    request = dict(model="gpt-5.6-terra", messages=HELLO, **options)
    real = error_of(lambda: real_openai(fake_server).chat.completions.create(**request))
    fake = error_of(lambda: fake_client.OpenAI().chat.completions.create(**request))
    assert isinstance(real, openai.BadRequestError)
    assert real.body == fake.body and real.param == next(iter(options))


def test_sonnet_5_thinks_by_default_with_every_usage_field(fake_server):
    request = dict(model="claude-sonnet-5", max_tokens=1024, messages=HELLO)
    real = real_anthropic(fake_server).messages.create(**request)
    assert [block.type for block in real.content] == ["thinking", "text"]
    usage = real.usage
    assert (usage.cache_creation_input_tokens, usage.cache_read_input_tokens, usage.service_tier) == (0, 0, "standard")
    assert 0 < usage.output_tokens_details.thinking_tokens < usage.output_tokens
    fake = fake_client.Anthropic().messages.create(**request)
    assert real.model_dump(exclude_none=True) == fake.model_dump(exclude_none=True)
    with real_anthropic(fake_server).messages.stream(**request) as stream:
        assert stream.get_final_message().model_dump() == real.model_dump()


def test_a_small_max_tokens_ends_in_thinking_alone(fake_server):
    real = real_anthropic(fake_server).messages.create(model="claude-sonnet-5", max_tokens=5, messages=HELLO)
    assert (real.stop_reason, [block.type for block in real.content], real.usage.output_tokens) == (
        "max_tokens", ["thinking"], 5)


def test_openai_usage_has_its_detail_fields(fake_server):
    real = real_openai(fake_server).chat.completions.create(model="gpt-5.6-terra", messages=HELLO)
    assert real.usage.prompt_tokens_details.cached_tokens == 0
    assert real.usage.completion_tokens_details.reasoning_tokens == 0
    fake = fake_client.OpenAI().chat.completions.create(model="gpt-5.6-terra", messages=HELLO)
    assert real.usage.model_dump(exclude_none=True) == fake.usage.model_dump(exclude_none=True)


def test_the_models_endpoints_answer_as_in_process(fake_server):
    real = real_anthropic(fake_server)
    assert [model.model_dump(mode="json") for model in real.models.list()] == [
        model.to_dict() for model in fake_client.Anthropic().models.list()]
    sonnet = real.models.retrieve("claude-sonnet-5")
    assert (sonnet.max_input_tokens, sonnet.max_tokens, sonnet.lifecycle) == (1_000_000, 128_000, "active")
    assert real.models.retrieve("claude-sonnet-4-20250514").lifecycle == "retired"
    assert isinstance(error_of(lambda: real.models.retrieve("claude-x")), anthropic.NotFoundError)
    real = real_openai(fake_server)
    assert [model.model_dump() for model in real.models.list()] == [
        model.to_dict() for model in fake_client.OpenAI().models.list()]
    assert real.models.retrieve("gpt-5-mini").shutdown_date == "2026-12-11"
    assert isinstance(error_of(lambda: real.models.retrieve("gpt-x")), openai.NotFoundError)


DOC = "Магазинът продава чайници и чаши. " * 200  # 1300 tokens by the estimate


def test_prompt_caching_reads_the_second_identical_prefix(fake_server):
    def ask(client, question):
        return client.messages.create(
            model="claude-sonnet-5", max_tokens=300,
            system=[{"type": "text", "text": DOC, "cache_control": {"type": "ephemeral"}}],
            messages=[{"role": "user", "content": question}])
    real, fake = real_anthropic(fake_server), fake_client.Anthropic()
    for question in ("Къде е поръчка 1042?", "А поръчка 1187?"):
        got, expected = ask(real, question), ask(fake, question)
        assert got.usage.model_dump(exclude_none=True) == expected.usage.model_dump(exclude_none=True)
    assert (got.usage.cache_read_input_tokens, got.usage.cache_creation_input_tokens) == (1300, 0)
    with real.messages.stream(model="claude-sonnet-5", max_tokens=300, cache_control={"type": "ephemeral"},
                              system=DOC, messages=[{"role": "user", "content": "Къде е поръчка 1042?"}]) as stream:
        assert stream.get_final_message().usage.cache_creation_input_tokens == 1300 + 6


def test_openai_reports_cached_tokens_of_a_long_prefix(fake_server):
    messages = [{"role": "system", "content": DOC}, {"role": "user", "content": "Where is 1042?"}]
    real, fake = real_openai(fake_server), fake_client.OpenAI()
    for _ in range(2):
        got = real.chat.completions.create(model="gpt-5.6-terra", messages=messages)
        expected = fake.chat.completions.create(model="gpt-5.6-terra", messages=messages)
        assert got.usage.model_dump(exclude_none=True) == expected.usage.model_dump(exclude_none=True)
    assert got.usage.prompt_tokens_details.cached_tokens == 1280


def test_sonnet_5_5_omitted_thinking_parses_and_streams_alike(fake_server):
    request = dict(model="claude-sonnet-5-5", max_tokens=1024, messages=HELLO)
    real = real_anthropic(fake_server).messages.create(**request)
    assert (real.content[0].type, real.content[0].thinking) == ("thinking", "")
    assert real.model_dump(exclude_none=True) == fake_client.Anthropic().messages.create(**request).model_dump(
        exclude_none=True)
    with real_anthropic(fake_server).messages.stream(**request) as stream:
        assert stream.get_final_message().model_dump() == real.model_dump()
