// Take the code home: "copy as a program" and "download .py" for one runnable snippet. The
// build put the program's parts in the snippet's config (`program`: ARCHITECTURE.md, "Take
// the code home"); the program is made from the code in the editor at the moment of the click,
// so it carries the learner's edits, and the note under the buttons says so.

import { importsFakeClient, programText, pythonFileUrl } from "../../shared/program-export.js";
import { joinSentences } from "../../shared/sentences.js";

let counter = 0;

/**
 * Add the two controls to a mounted snippet; nothing when its config has no program.
 * @param {HTMLElement} root `.lesson-snippet[data-snippet]`, already mounted
 * @param {object} services
 * @param {(key: string, vars?: object) => string} services.t UI strings
 * @param {{file: string, before: string, lines: Object<string, string>}} services.program
 * @param {string} services.original the snippet's code as the lesson shows it
 * @param {() => string} services.code the code in the editor now
 */
export function mountTakeHome(root, { t, program, original, code }) {
  if (!program || typeof program.before !== "string" || !/\.py$/.test(program.file || "")) return null;
  const doc = root.ownerDocument;
  const make = (tag, attributes = {}, text = "") => {
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    if (text) element.textContent = text;
    return element;
  };
  const noteId = `take-home-note-${++counter}`;

  const copyButton = make("button", { type: "button", class: "md-button snippet-button", "data-action": "copy-program",
                                      "aria-describedby": noteId }, t("export.copy"));
  const link = make("a", { class: "md-button snippet-button", "data-action": "download-program", download: program.file,
                           href: "#", "aria-describedby": noteId }, t("export.download"));
  const group = make("div", { class: "snippet-take-home", role: "group", "aria-label": t("export.group") });
  group.append(copyButton, link);
  const note = make("p", { class: "snippet-take-home__note", id: noteId }, t("export.note"));
  // Its own live region: the confirmation is seen beside the buttons and heard at once.
  const status = make("p", { class: "snippet-take-home__status", role: "status", "aria-live": "polite",
                             "data-take-home-status": "" });
  let manual = null;

  const current = () => programText(program, code());
  const say = (text) => {
    status.textContent = "";
    // Emptied first and filled a moment later: the same confirmation twice is read twice.
    setTimeout(() => {
      status.textContent = text;
    }, 50);
  };
  const confirm = (text) => {
    const edited = code() !== original;
    const words = [t(edited ? "export.copiedEdited" : "export.copied")];
    if (importsFakeClient(text)) words.push(t("export.stillFake"));
    say(joinSentences(words));
  };

  copyButton.addEventListener("click", async () => {
    const text = current();
    manual?.remove();
    manual = null;
    if ((await clipboardWrite(doc, text)) || legacyCopy(doc, text, copyButton)) {
      confirm(text);
      return;
    }
    // Neither way was allowed: show the program selected, for the learner's own Ctrl+C.
    manual = make("textarea", { class: "snippet-take-home__manual", readonly: "", dir: "ltr", spellcheck: "false",
                                "aria-label": t("export.programLabel"), rows: "8" });
    manual.value = text;
    status.after(manual);
    say(t("export.copyManual"));
    manual.focus();
    manual.select();
  });

  // The link always downloads the program as the editor holds it at that moment.
  const refreshLink = () => {
    link.href = pythonFileUrl(current());
  };
  for (const event of ["pointerdown", "focus", "mouseenter", "contextmenu", "click"]) link.addEventListener(event, refreshLink);
  refreshLink();

  const toolbar = root.querySelector(":scope > .snippet-toolbar");
  if (toolbar) {
    toolbar.append(group);
    toolbar.after(note, status);
  } else {
    root.append(group, note, status);
  }
  return { element: group, program: current };
}

async function clipboardWrite(doc, text) {
  const clipboard = doc.defaultView?.navigator?.clipboard;
  if (!clipboard?.writeText) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false; // not allowed (permissions, an insecure page, no focus)
  }
}

// The old way, for browsers and pages without the Clipboard API: copy a selected textarea.
function legacyCopy(doc, text, returnFocus) {
  const area = doc.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.insetInlineStart = "-10000px";
  doc.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = doc.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  returnFocus.focus();
  return copied;
}
