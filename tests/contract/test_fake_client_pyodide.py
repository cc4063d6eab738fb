"""fake_client runs in Pyodide (Python 3.14, as in the browser) and prints there, byte for
byte, what it prints in CPython."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
RUNNER = Path(__file__).with_name("run_in_pyodide.mjs")

PROGRAM = '''
import json, sys
import fake_client
from fake_client import Anthropic, OpenAI, BadRequestError

TOOLS = [{"name": "get_order_status", "description": "Статус и дата на доставка на поръчка по номер.",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                           "required": ["order_id"]}},
         {"name": "get_return_window", "description": "До коя дата може да се върне поръчка по номер.",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                           "required": ["order_id"]}}]
FLOWERS = [{"type": "function", "function": {"name": "get_flower_inventory", "description": "获取指定城市的鲜花库存",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]

with fake_client.recording() as calls:
    client = Anthropic()
    for question in ["Кога пристига 1042 и до кога мога да върна 1187?", "سفارش 9999 کجاست؟",
                     "Где мой заказ SP-1024?", "Не помня номера, около 1050 беше."]:
        messages = [{"role": "user", "content": question}]
        for _ in range(3):
            reply = client.messages.create(model="m", max_tokens=300, tools=TOOLS, messages=messages)
            if reply.stop_reason != "tool_use":
                break
            messages.append({"role": "assistant", "content": reply.content})
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "content": "няма поръчка", "is_error": True}
                for b in reply.content if b.type == "tool_use"]})
    openai = OpenAI()
    messages = [{"role": "user", "content": "北京、上海和深圳的鲜花库存是多少？"}]
    reply = openai.chat.completions.create(model="m", messages=messages, tools=FLOWERS)
    messages.append(reply.choices[0].message)
    for call in reply.choices[0].message.tool_calls:
        messages.append({"role": "tool", "tool_call_id": call.id, "content": "玫瑰: 100"})
    openai.chat.completions.create(model="m", messages=messages, tools=FLOWERS)
    try:
        client.messages.create(model="m", max_tokens=10, messages=[{"role": "assistant", "content": "x"}])
    except BadRequestError as error:
        print(error)
print(json.dumps(calls, ensure_ascii=False))
print(reply.to_json())
'''


@pytest.mark.skipif(shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
                    reason="needs Node and the pyodide npm package (npm install)")
def test_pyodide_prints_what_cpython_prints(tmp_path):
    script = tmp_path / "program.py"
    script.write_text(PROGRAM, encoding="utf-8")
    cpython = subprocess.run([sys.executable, str(script)], capture_output=True, check=True,
                             env={"PYTHONPATH": str(ROOT)}).stdout.decode("utf-8")
    pyodide = subprocess.run(["node", str(RUNNER), str(ROOT), str(script)], capture_output=True,
                             check=True, timeout=180).stdout.decode("utf-8")
    assert "toolu_01" in cpython and "chatcmpl-" in cpython and "Error code: 400" in cpython
    assert pyodide == cpython
