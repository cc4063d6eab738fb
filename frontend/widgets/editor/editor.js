// The code editor of snippets and exercises: CodeMirror 6 with Python highlighting and line
// numbers, always left-to-right (also on Persian pages), Ctrl/Cmd+Enter to run. Tab is not
// bound, so it moves keyboard focus out of the editor as everywhere else on the page.

import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import { indentUnit } from "@codemirror/language";
import { drawSelection, EditorView, highlightSpecialChars, keymap, lineNumbers } from "@codemirror/view";
import { lessonHighlighting } from "./highlight.js";
import { runShortcut } from "./run-shortcut.js";

/**
 * Create an editor inside `parent`.
 * @param {HTMLElement} parent
 * @param {object} options
 * @param {string} options.doc initial code
 * @param {() => void} [options.onRun] Ctrl/Cmd+Enter
 * @param {(code: string) => void} [options.onChange] called after every edit
 * @param {string} [options.label] accessible name of the editable area
 * @param {import("@codemirror/state").Extension[]} [options.extensions] more behaviour
 * @returns {EditorView} its root (`view.dom`) carries `data-editor` and `dir="ltr"`
 */
export function createEditor(parent, { doc, onRun, onChange, label = "Python", extensions = [] }) {
  return new EditorView({
    doc,
    parent,
    extensions: [
      // What the `codemirror` package's minimalSetup holds, taken from the packages that
      // define it, minus its fallback highlight style (lessonHighlighting is always there).
      highlightSpecialChars(),
      history(),
      drawSelection(),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      lineNumbers(),
      python(),
      lessonHighlighting,
      indentUnit.of("    "),
      EditorView.editorAttributes.of({ "data-editor": "", dir: "ltr" }),
      // tabindex: axe-core does not count a contenteditable as focusable content of the
      // scrolling box, and reports a wide line's scroller as unreachable by keyboard.
      EditorView.contentAttributes.of({ "aria-label": label, tabindex: "0" }),
      onRun ? runShortcut(onRun) : [],
      onChange ? EditorView.updateListener.of((update) => update.docChanged && onChange(update.state.doc.toString())) : [],
      extensions,
    ],
  });
}

/** The editor's code. */
export function editorCode(view) {
  return view.state.doc.toString();
}

/** Replace the whole code (one undoable change). */
export function setEditorCode(view, code) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } });
}
