"""Subprocess that runs snippet chains for the builder: one fresh interpreter per lesson.

``python -m lesson_builder._chain_worker <jobs fd> <replies fd>`` (or a child of
``lesson_builder._zygote``, which calls :func:`serve`): reads one JSON job per
line from the jobs pipe (``{"key", "setup", "code", "timeout", "lang"}``; ``lang``, the
lesson's language, is what fake_client answers in) and writes one JSON line
``{"key", "transcript"}`` per finished job on the replies pipe. Its own stdin, stdout and
stderr are left to the lesson code (which may use ``sys.__stdout__``). Each job runs
through ``lesson_runtime.run_chain``, exactly as the browser worker does.
"""

import json
import os
import sys

from lesson_runtime import run_chain


def main() -> None:
    serve(int(sys.argv[1]), int(sys.argv[2]))


def serve(jobs_fd: int, replies_fd: int) -> None:
    """Run every job read from ``jobs_fd`` and write its reply on ``replies_fd``."""
    jobs = os.fdopen(jobs_fd, "r", encoding="utf-8")
    replies = os.fdopen(replies_fd, "w", encoding="utf-8")
    dumps = json.dumps  # kept: the code run may rebind json's names (each run puts them back)
    for line in jobs:
        if not line.strip():
            continue
        job = json.loads(line)
        transcript = run_chain(job["setup"], job["code"], timeout=job["timeout"], lang=job.get("lang"))
        # ASCII JSON: a lone surrogate in the code's strings cannot break the pipe's UTF-8.
        replies.write(dumps({"key": job["key"], "transcript": transcript}) + "\n")
        replies.flush()


if __name__ == "__main__":
    main()
