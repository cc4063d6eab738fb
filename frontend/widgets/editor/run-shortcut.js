// Ctrl+Enter (Cmd+Enter on a Mac) runs the code. Highest precedence, because CodeMirror's
// default keymap binds the same keys to "insert blank line".

import { Prec } from "@codemirror/state";
import { keymap } from "@codemirror/view";

/** @param {() => void} onRun */
export function runShortcut(onRun) {
  return Prec.highest(
    keymap.of([
      {
        key: "Mod-Enter",
        run: () => {
          onRun();
          return true;
        },
      },
    ]),
  );
}
