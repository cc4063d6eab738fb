"""`python -m fake_client serve [--port N] [--host H] [--max-threads N] [--faults a,b]`:
serve the fake model over HTTP."""

from __future__ import annotations

import argparse
from typing import Optional, Sequence


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m fake_client",
                                     description="The deterministic fake model API.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve /v1/messages and /v1/chat/completions")
    serve.add_argument("--port", type=int, default=8765, help="port (0: any free one; default 8765)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--max-threads", type=int, default=1000,
                       help="server-held threads kept in memory; the oldest go first (default 1000)")
    serve.add_argument("--faults", default="",
                       help="faults every API key meets first, comma-separated, e.g. rate_limit,refusal "
                            "(names: fake_client.faults.NAMES)")
    arguments = parser.parse_args(argv)
    from .faults import make_faults
    try:
        faults = tuple(make_faults(name.strip() for name in arguments.faults.split(",") if name.strip()))
    except ValueError as error:
        parser.exit(2, f"python -m fake_client serve: --faults: {error}\n")
    from ._server import serve as run  # imported here: http.server is not needed in the browser
    try:
        run(port=arguments.port, host=arguments.host, max_threads=arguments.max_threads, faults=faults)
    except OSError as error:
        parser.exit(2, f"python -m fake_client serve: cannot listen on {arguments.host}:{arguments.port}: "
                       f"{error.strerror or error}\n")


if __name__ == "__main__":
    main()
