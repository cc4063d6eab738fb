// A runnable snippet: turns the builder's `.lesson-snippet` HTML (ARCHITECTURE.md,
// "Rendered HTML") into an editor with Run / Stop / Reset, a status line and an output area,
// and keeps the learner's edits in the page's progress store.

import { createEditor, editorCode, setEditorCode } from "../editor/editor.js";
import { createOutputView } from "./output-view.js";
import { createProgressView } from "./progress-view.js";
import { createPictureSlot } from "../run-picture/picture-slot.js";
import { lostReason } from "../../shared/transcripts.js";

const SAVE_DELAY_MS = 300;
const END_STATES = new Set(["done", "error", "timeout", "stopped"]);

/**
 * Read a snippet's JSON config; null when it is missing or unreadable.
 * @param {HTMLElement} root
 */
export function readSnippetConfig(root) {
  const script = root.querySelector(":scope > script[data-config]");
  try {
    const config = JSON.parse(script?.textContent ?? "null");
    return config && typeof config.code === "string" ? config : null;
  } catch {
    return null;
  }
}

function button(doc, action, label) {
  const element = doc.createElement("button");
  element.type = "button";
  element.className = `md-button snippet-button snippet-button--${action}`;
  element.dataset.action = action;
  element.textContent = label;
  return element;
}

/**
 * Mount the widget on one snippet root.
 * @param {HTMLElement} root `.lesson-snippet[data-snippet]`
 * @param {object} services
 * @param {(key: string, vars?: object) => string} services.t UI strings
 * @param {ReturnType<import("../../page/storage.js").openProgress>} services.store progress store
 * @param {string} services.lessonKey "<lang>/<slug>"
 * @param {ReturnType<import("../../runtime/worker-client.js").createWorkerClient>} services.python
 *   the page's worker client
 */
export function mountSnippet(root, { t, store, lessonKey, python }) {
  const config = readSnippetConfig(root);
  if (!config) return null;
  const id = config.id || root.dataset.snippet;
  const timeout = Number(config.timeout) || 10;
  const doc = root.ownerDocument;

  const toolbar = doc.createElement("div");
  toolbar.className = "snippet-toolbar";
  toolbar.setAttribute("role", "group");
  toolbar.setAttribute("aria-label", t("runner.toolbar"));
  const runButton = button(doc, "run", t("runner.run"));
  const stopButton = button(doc, "stop", t("runner.stop"));
  const resetButton = button(doc, "reset", t("runner.reset"));
  stopButton.disabled = true;
  const status = doc.createElement("p");
  status.className = "snippet-status";
  status.setAttribute("role", "status");
  const statusText = doc.createElement("span");
  const progress = createProgressView(doc, t);
  status.append(statusText, progress.element);
  toolbar.append(runButton, stopButton, resetButton);

  const outputElement = doc.createElement("pre");
  outputElement.className = "snippet-output";
  outputElement.dataset.output = "";
  outputElement.dir = "ltr";
  // Focusable so that long output can be scrolled by keyboard; a named region for that.
  outputElement.tabIndex = 0;
  outputElement.setAttribute("role", "region");
  outputElement.setAttribute("aria-label", t("runner.outputLabel"));
  outputElement.hidden = true;

  // The status line: what happened, plus a notice when the output had to be cut.
  let message = "";
  let cut = false;
  const render = () => {
    statusText.textContent = [message, cut && t("runner.truncated", { limit: python.outputLimit })].filter(Boolean).join(" ");
  };
  const say = (text = "") => {
    message = text;
    render();
  };
  const output = createOutputView(outputElement, {
    limit: python.outputLimit,
    onCut: () => {
      cut = true;
      render();
    },
  });
  const clearOutput = () => {
    output.clear();
    cut = false;
    render();
  };

  const saved = store.getEdit(lessonKey, id);
  let saveTimer = null;
  const saveNow = () => {
    clearTimeout(saveTimer);
    saveTimer = null;
    const code = editorCode(editor);
    store.setEdit(lessonKey, id, code === config.code ? null : code);
    root.toggleAttribute("data-edited", code !== config.code);
  };
  const editorHost = doc.createElement("div");
  editorHost.className = "snippet-editor";
  const editor = createEditor(editorHost, {
    doc: saved ?? config.code,
    label: t("runner.editorLabel"),
    onRun: () => start(),
    onChange: () => {
      clearTimeout(saveTimer);
      saveTimer = setTimeout(saveNow, SAVE_DELAY_MS);
    },
  });
  // A reload or a link must not lose the last keystrokes.
  doc.defaultView?.addEventListener("pagehide", () => saveTimer && saveNow());

  const source = root.querySelector(":scope > .snippet-source");
  if (source) source.replaceWith(editorHost);
  else root.append(editorHost);
  root.append(toolbar, status, outputElement);
  // The picture of the conversation goes under the output; the build's shows the lesson's code.
  const picture = createPictureSlot(root, { t, place: (element) => root.append(element) });
  if (saved != null && saved !== config.code) {
    root.setAttribute("data-edited", "");
    say(t("runner.restored"));
    picture.show({ calls: [] }); // the build's picture is of other code than the editor holds
  }

  let controller = null;
  let runNumber = 0; // a run that Reset abandoned must not write its result
  const setState = (state) => {
    root.dataset.state = state;
    const busy = state === "loading" || state === "running";
    runButton.disabled = busy;
    stopButton.disabled = !busy;
    root.setAttribute("aria-busy", String(busy));
  };

  async function start() {
    if (controller) return; // already running: Ctrl+Enter again does nothing
    controller = new AbortController();
    const thisRun = ++runNumber;
    clearOutput();
    progress.hide();
    let unsubscribe = () => {};
    if (python.isReady()) {
      setState("running");
      say(t("runner.status.running"));
    } else {
      setState("loading");
      say(t("runner.status.loading"));
      unsubscribe = python.onProgress((step) => progress.show(step));
    }
    const transcript = await python.run(editorCode(editor), {
      setup: config.setup || [],
      timeout,
      signal: controller.signal,
      onOutput: (stream, text) => thisRun === runNumber && output.append(stream, text),
      onStart: () => {
        if (thisRun !== runNumber) return;
        unsubscribe();
        progress.hide();
        setState("running");
        say(t("runner.status.running"));
      },
    });
    unsubscribe();
    if (thisRun !== runNumber) return;
    progress.hide();
    controller = null;
    finish(transcript);
  }

  function finish(transcript) {
    // The finished transcript is the authority (it has the traceback): it replaces what
    // was streamed.
    clearOutput();
    output.show(transcript.chunks?.length ? transcript.chunks : [["stdout", transcript.output || ""]]);
    picture.show(transcript);
    if (transcript.status === "failed") {
      setState("error");
      say(t("runner.status.failed", { message: transcript.error?.message || "" }));
      return;
    }
    if (transcript.status === "lost") {
      // The worker went away under the run: say why; the next run gets a fresh one.
      setState("error");
      say(t(`runner.lost.${lostReason(transcript)}`));
      return;
    }
    const state = END_STATES.has(transcript.status) ? transcript.status : "error";
    setState(state);
    say(t(`runner.status.${state}`, { seconds: timeout }));
  }

  runButton.addEventListener("click", () => start());
  stopButton.addEventListener("click", () => controller?.abort());
  const reset = () => {
    controller?.abort();
    controller = null;
    runNumber += 1;
    setEditorCode(editor, config.code);
    saveNow();
    clearOutput();
    progress.hide();
    picture.restore();
    say();
    setState("idle");
  };
  resetButton.addEventListener("click", () => {
    reset();
    editor.focus();
  });
  setState("idle");
  return { id, editor, start, reset };
}
