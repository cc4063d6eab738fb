// A snippet as a program for the real SDKs, from the learner's code: the build's `program`
// (lesson_builder/_program_export.py) holds everything above the snippet's own code and the
// line swaps that replace fake_client; this applies them to whatever is in the editor now,
// by the same rule as the build's `apply_lines` / `program_text`. Pure.

/**
 * `code` with every line found in `lines` (compared without its indentation) replaced by
 * its value, each line of the value indented as the original was; "" drops the line.
 * @param {string} code
 * @param {Object<string, string>} lines
 */
export function applyLines(code, lines) {
  const out = [];
  for (const line of code.split("\n")) {
    const key = line.trim();
    if (!key || !Object.hasOwn(lines, key)) {
      out.push(line);
      continue;
    }
    const indent = line.match(/^\s*/)[0];
    if (lines[key]) for (const part of lines[key].split("\n")) out.push(indent + part);
  }
  return out.join("\n");
}

/**
 * The whole program for `code` (the snippet's code as the learner has it).
 * @param {{before: string, lines: Object<string, string>}} program the snippet config's `program`
 * @param {string} code
 */
export function programText(program, code) {
  return program.before + applyLines(code, program.lines || {}).replace(/\n+$/, "") + "\n";
}

const FAKE_IMPORT = /^[ \t]*(?:from[ \t]+fake_client\b|import[ \t]+(?:[\w.]+[ \t]*(?:as[ \t]+\w+[ \t]*)?,[ \t]*)*fake_client\b)/m;

/**
 * Whether the program still imports fake_client (the learner wrote an import the build
 * did not know of): it would not run with the real SDK.
 * @param {string} text
 */
export function importsFakeClient(text) {
  return FAKE_IMPORT.test(text);
}

/**
 * A `data:` URL of the program as a UTF-8 Python file: a download that needs no server and
 * works offline.
 * @param {string} text
 */
export function pythonFileUrl(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  const CHUNK = 0x8000; // String.fromCharCode takes its arguments on the stack
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return `data:text/x-python;charset=utf-8;base64,${btoa(binary)}`;
}
