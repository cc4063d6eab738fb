"""Subprocess that runs snippet chains for the builder: one fresh interpreter per lesson.

Reads one JSON job per line on stdin (``{"key", "setup", "code", "timeout"}``) and writes
one JSON line ``{"key", "transcript"}`` per finished job on stdout. Each job runs through
``lesson_runtime.run_chain``, exactly as the browser worker does.
"""

import json
import sys


def main() -> None:
    protocol = sys.stdout  # run_chain swaps sys.stdout while lesson code runs
    from lesson_runtime import run_chain

    for line in sys.stdin:
        if not line.strip():
            continue
        job = json.loads(line)
        transcript = run_chain(job["setup"], job["code"], timeout=job["timeout"])
        protocol.write(json.dumps({"key": job["key"], "transcript": transcript}, ensure_ascii=False) + "\n")
        protocol.flush()


if __name__ == "__main__":
    main()
