// What a quiz kind's widget (quiz_kinds/<kind>/widget.js) may use, and all it may import from
// the front end: the quiz context's helpers, the DOM builders, the shared feedback, the
// editor, and the pure answer and transcript logic. Only re-exports, so that the surface a
// kind is written against is one file (frontend/imports.test.js holds the kinds to it).

export { runForCheck, runWithStatus } from "./context.js";
export { button, codeBlock, debounce, h, localNumber, outputPre, setBusy, trustedHtml, uniqueId } from "./dom.js";
export { mismatchDetail, outputBlock, transcriptComparison, verdictLine } from "./feedback.js";
export { editorExtensions } from "./editor-extensions.js";
export { createEditor, editorCode, setEditorCode } from "../editor/editor.js";
export { allListed, fillBlanks, helpOffered, nextLineIndex, sameChoice, shownOrder } from "../../shared/answers.js";
export { outputOf, outputsMatch, sameRun } from "../../shared/same-run.js";
export { checksProgram, faultsSetup, readVerdicts } from "../../shared/conversation-checks.js";
