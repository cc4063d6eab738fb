// What the quiz editors add to the shared editor (frontend/editor/editor.js), as CodeMirror
// extensions.

import { EditorView } from "@codemirror/view";

/**
 * - `tabindex="0"` on the editable area: it is focusable anyway (contenteditable), but
 *   axe-core only counts an explicit tab stop as "focusable content" of the scrolling box
 *   around it (scrollable-region-focusable, serious) when a line is wider than the box.
 * - long lines wrap: the exercise editor shares its row with the expected output, and a
 *   learner should see the whole line they are asked to change.
 */
export const editorExtensions = [EditorView.contentAttributes.of({ tabindex: "0" }), EditorView.lineWrapping];
