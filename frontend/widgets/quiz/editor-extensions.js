// What the quiz editors add to the shared editor (frontend/widgets/editor/editor.js), as CodeMirror
// extensions.

import { EditorView } from "@codemirror/view";

/**
 * - `tabindex="0"` on the editable area: it is focusable anyway (contenteditable), but
 *   axe-core only counts an explicit tab stop as "focusable content" of the scrolling box
 *   around it (scrollable-region-focusable, serious) when a line is wider than the box.
 * Long lines scroll rather than wrap, as in the snippet editors: a wrapped line that holds
 * a Persian string breaks into pieces whose order is hard to follow.
 */
export const editorExtensions = [EditorView.contentAttributes.of({ tabindex: "0" })];
