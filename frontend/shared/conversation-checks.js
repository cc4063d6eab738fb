// An exercise graded on the conversation, the part without DOM: the Python that makes the
// model commit faults during a run, the Python that judges a run's recorded calls on the
// named checks (lesson_runtime.conversation_checks, the build's own code, run in the worker),
// and reading its verdicts back.

/**
 * The setup line that queues fake_client faults, as lesson_runtime.conversation_checks'
 * faults_setup writes it (the same text, so that a page run is the build's run).
 * @param {string[]} names fault names (fake_client.faults.NAMES)
 * @returns {string}
 */
export function faultsSetup(names) {
  return `__import__("fake_client").faults.next(${names.map((name) => JSON.stringify(String(name))).join(", ")})`;
}

/**
 * A program that prints the verdicts of `names` on a finished run, as one JSON line. The run
 * travels as a JSON text inside a Python string literal: a JSON string is one (its escapes
 * are Python's too).
 * @param {string[]} names
 * @param {{calls?: object[], status?: string, output?: string}} transcript
 * @returns {string}
 */
export function checksProgram(names, transcript) {
  const run = { calls: transcript.calls || [], status: transcript.status, output: transcript.output || "" };
  // U+2028/2029 are line ends to JavaScript and to str.splitlines (tracebacks): escaped.
  const literal = (value) => JSON.stringify(JSON.stringify(value)).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  return [
    "import json",
    "from lesson_runtime.conversation_checks import run_checks",
    `print(json.dumps(run_checks(json.loads(${literal(names)}), json.loads(${literal(run)}))))`,
  ].join("\n");
}

/**
 * The verdicts a checksProgram run printed, or null when it did not finish with them.
 * @param {{status: string, output: string}} run
 * @returns {{name: string, passed: boolean, call: number|null}[] | null}
 */
export function readVerdicts(run) {
  if (!run || run.status !== "done") return null;
  try {
    const verdicts = JSON.parse(run.output);
    return Array.isArray(verdicts) && verdicts.every((v) => v && typeof v.name === "string" && typeof v.passed === "boolean") ? verdicts : null;
  } catch {
    return null;
  }
}
