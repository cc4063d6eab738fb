"""The search entries the build's worker process makes are the ones Material's search plugin
makes itself, and a worker that goes away leaves them to the build, which still makes them."""

from __future__ import annotations

import time

import pytest

from lesson_builder._search_worker import SearchWorker, _Page, entries_for

pytest.importorskip("material.plugins.search.plugin")
from material.plugins.search.plugin import SearchIndex  # noqa: E402

CONFIG = {"lang": ["en", "ru", "zh"], "separator": r"[\s\u200b\-_,:!=\[\]()\"`/]+|\.(?!\d)", "pipeline": None,
          "fields": {}}
STATE = {
    "url": "zh/lessons/tool-loop/",
    "title": "工具循环",
    "meta": {"search": {"boost": 2}, "tags": ["循环"]},
    "toc": [["tool-loop", "#tool-loop", "工具循环", 1, [["why", "#why", "为什么", 2, []]]]],
    "content": ('<h1 id="tool-loop">工具循环</h1><p>模型请求工具，程序运行它，结果返回给模型。</p>'
                '<h2 id="why">为什么</h2><p>Модель просит инструмент.</p>'
                '<div data-search-exclude><p>не в индексе</p></div>'
                '<script type="application/json">{"code": "print(1)"}</script>'),
}


def _materials_own(config: dict, state: dict) -> list[dict]:
    index = SearchIndex(**config)
    index.add_entry_from_context(_Page(state))
    return index.entries


@pytest.fixture
def worker():
    started = SearchWorker()
    yield started
    started.close()


def test_the_worker_makes_the_entries_material_makes(worker):
    made = worker.result(worker.submit(CONFIG, STATE), CONFIG, STATE)
    assert made == _materials_own(CONFIG, STATE) == entries_for(CONFIG, STATE)
    assert [entry["location"] for entry in made] == ["zh/lessons/tool-loop/", "zh/lessons/tool-loop/#why"]
    assert "\u200b" in made[0]["text"]  # jieba segmented the Chinese text, in the worker too
    assert made[0]["boost"] == 2 and made[0]["tags"] == ["循环"]
    assert not any("не в индексе" in entry["text"] for entry in made)


def test_pages_come_back_each_with_its_own_entries(worker):
    states = [{**STATE, "url": f"page-{n}/", "content": STATE["content"].replace("为什么", f"第{n}节")} for n in range(6)]
    futures = [worker.submit(CONFIG, state) for state in states]
    for state, future in zip(reversed(states), reversed(futures)):
        assert worker.result(future, CONFIG, state) == _materials_own(CONFIG, state)


def test_a_worker_that_goes_away_leaves_the_entries_to_the_build(worker):
    worker.result(worker.submit(CONFIG, STATE), CONFIG, STATE)  # it runs
    waiting = worker.submit(CONFIG, STATE)
    worker._process.kill()
    # Whether it answered before it died or not, the entries are there.
    assert worker.result(waiting, CONFIG, STATE) == _materials_own(CONFIG, STATE)
    deadline = time.monotonic() + 10
    while worker.submit(CONFIG, STATE) is not None:  # once it is seen gone, the build makes them
        assert time.monotonic() < deadline, "the dead worker was never noticed"
        time.sleep(0.05)
