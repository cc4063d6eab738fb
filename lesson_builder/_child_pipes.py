"""What the build's long-lived helper processes (the search worker, the run-picture renderer)
share: their requests are written on a thread of their own, so that a child slow to read
never blocks the build, and a child that is gone ends the writing quietly."""

import queue
import subprocess


def feed_requests(process: subprocess.Popen, requests: queue.SimpleQueue) -> None:
    """Write each request to the child's stdin until a ``None`` is queued; then close it."""
    try:
        while (request := requests.get()) is not None:
            process.stdin.write(request)
            process.stdin.flush()
    except OSError:
        pass  # it is gone: the reader sees the end of its replies
    finally:
        try:
            process.stdin.close()
        except OSError:
            pass
