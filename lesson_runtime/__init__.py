"""Run one snippet chain and return its transcript.

The same code runs at build time (CPython, called by ``lesson_builder``) and in the
learner's browser (Pyodide, called by the runner's worker), so both produce byte-identical
transcripts. Standard library only.

Public names:

- :func:`run_chain` runs ``setup`` snippets silently, then ``code``, in a fresh
  ``__main__`` namespace, and returns the transcript dict described in ARCHITECTURE.md;
  ``should_stop`` lets its caller stop it (the browser's Stop button). Whatever the code
  changes in the interpreter (builtins, ``fake_client``, ``sys``, the recursion limit, …)
  is put back when it ends (``_isolation``), so one run never changes the next; ``lang``
  says the page's language, which fake_client then answers in (``fake_client.page_language``).
- :func:`same_run` is the one rule for "the same run" (status, and output as
  :func:`outputs_match` compares it: trailing whitespace trimmed, nothing else);
  :func:`normalise_output` is that normalisation.
- :mod:`lesson_runtime.conversation_checks` (a subpackage, imported on its own) judges a
  run's recorded model calls on named rules, for exercises graded on the conversation.
- :func:`warm_up` makes the throw-away runs (:data:`WARM_UP_CHAINS`) that an interpreter
  makes before its first lesson's chains, in the browser and at build time alike.
"""

from ._compare import normalise_output, outputs_match, same_run
from ._run import SNIPPET_FILENAME, run_chain, setup_filename
from ._warm_up import WARM_UP_CHAINS, warm_up

__all__ = ["SNIPPET_FILENAME", "WARM_UP_CHAINS", "normalise_output", "outputs_match", "run_chain", "same_run",
           "setup_filename", "warm_up"]
