// find-bug: the program as a listbox of lines (arrow keys move, Enter or Space chooses, a
// click chooses). The chosen line gets a verdict and an explanation; once the faulty line is
// found, an editor opens on the program so the learner can fix that line and run it, and see
// the fake API's error give way to the expected output.

import {
  button, createEditor, debounce, editorCode, editorExtensions, h, nextLineIndex, outputBlock, outputOf,
  runWithStatus, sameRun, setBusy, setEditorCode, transcriptComparison, trustedHtml, uniqueId, verdictLine
} from "../../frontend/widgets/quiz/kit.js";

// A code line's number is written as the editor's gutter writes it (ASCII digits, also on
// Persian pages), so it is handed to the strings as text, not as a number to localize.
const gutterNumber = (line) => String(line);

const SAVE_DELAY_MS = 300;

/** @param {ReturnType<import("../../frontend/widgets/quiz/context.js").createQuizContext>} ctx */
export function mount(ctx) {
  const { config, t, body, root } = ctx;
  const lines = String(config.code || "").replace(/\n$/, "").split("\n");
  const hints = Array.isArray(config.line_hints_html) ? config.line_hints_html : [];
  const saved = ctx.savedAnswer && typeof ctx.savedAnswer === "object" ? ctx.savedAnswer : {};

  const list = h("ol", {
    class: "quiz-lines",
    role: "listbox",
    dir: "ltr",
    "aria-label": t("quiz.linesLabel"),
    "aria-describedby": ctx.promptId || false,
  });
  const items = lines.map((text, index) =>
    h(
      "li",
      { class: "quiz-line", role: "option", id: uniqueId(`quiz-${ctx.id}-line`), "data-line": index + 1, "aria-selected": "false", tabindex: index === 0 ? "0" : "-1" },
      h("span", { class: "quiz-line-number", "aria-hidden": "true" }, String(index + 1)),
      h("span", { class: "quiz-visually-hidden" }, `${t("quiz.lineN", { n: gutterNumber(index + 1) })}: `),
      h("code", { class: "quiz-line-code" }, text === "" ? " " : text),
    ),
  );
  list.append(...items);

  const feedback = h("div", { class: "quiz-feedback", "data-feedback": "" });
  const fixPanel = h("div", { class: "quiz-fix", hidden: true });
  body.append(
    h("p", { class: "quiz-instructions" }, t("quiz.findBugInstructions")),
    list,
    outputBlock(t("quiz.programPrints"), config.actual, t),
    feedback,
    fixPanel,
  );

  const focusLine = (index) => {
    items.forEach((item, i) => item.setAttribute("tabindex", i === index ? "0" : "-1"));
    items[index].focus();
  };

  const markChosen = (line) => {
    items.forEach((item, i) => item.setAttribute("aria-selected", String(i + 1 === line)));
  };

  /** The verdict on a chosen line and what it says about it (nothing else). */
  const showVerdict = (line) => {
    const right = line === config.bug_line;
    markChosen(line);
    feedback.replaceChildren(verdictLine(t, right ? "correct" : "incorrect", t("quiz.youChoseLine", { n: gutterNumber(line) })));
    const html = right ? config.explanation_html : hints[line - 1] || "";
    if (html) feedback.append(trustedHtml("div", { class: "quiz-explanation" }, html));
    else if (!right) feedback.append(h("p", { class: "quiz-explanation" }, t("quiz.bugElsewhere")));
  };

  /** A line is chosen (now, or in an earlier visit): its verdict, and the fix once found. */
  const present = (line) => {
    showVerdict(line);
    if (line === config.bug_line) openFix();
  };

  const choose = (line) => {
    present(line);
    const right = line === config.bug_line;
    ctx.settle(right ? "correct" : "incorrect", { line }, `${t(right ? "quiz.correct" : "quiz.incorrect")} ${t("quiz.youChoseLine", { n: gutterNumber(line) })}`);
  };

  list.addEventListener("keydown", (event) => {
    const current = items.indexOf(document.activeElement);
    if (current < 0) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(current + 1);
      return;
    }
    const next = nextLineIndex(event.key, current, items.length);
    if (next !== null) {
      event.preventDefault();
      focusLine(next);
    }
  });
  items.forEach((item, index) =>
    item.addEventListener("click", () => {
      focusLine(index);
      choose(index + 1);
    }),
  );

  // The fix: an editor on the whole program (the faulty line is the one to change).
  let editor = null;
  function openFix() {
    if (editor) return;
    const runButton = button(t("quiz.runProgram"), { "data-action": "run" });
    const stopButton = button(t("runner.stop"), { "data-action": "stop", hidden: true, class: "md-button quiz-button quiz-button--secondary" });
    const resetButton = button(t("quiz.resetCode"), { "data-action": "reset", class: "md-button quiz-button quiz-button--secondary" });
    const status = h("p", { class: "quiz-status", "data-status": "" });
    const result = h("div", { class: "quiz-live" });
    const editorHolder = h("div", { class: "quiz-editor" });
    fixPanel.replaceChildren(
      h("p", { class: "quiz-instructions" }, t("quiz.fixInstructions", { n: gutterNumber(config.bug_line) })),
      editorHolder,
      h("div", { class: "quiz-actions" }, runButton, stopButton, resetButton),
      status,
      result,
    );
    fixPanel.hidden = false;
    const runFix = async () => {
      if (runButton.hasAttribute("aria-disabled")) return true; // a run is under way
      const code = editorCode(editor);
      ctx.saveEdit(code === config.code ? null : code);
      setBusy(runButton, true);
      result.replaceChildren();
      try {
        const { transcript } = await runWithStatus(ctx, status, code, t("quiz.running"), { stopButton, returnFocusTo: runButton });
        if (!transcript) return;
        const fixed = sameRun(transcript, config.expected);
        root.setAttribute("data-fix", fixed ? "fixed" : "failing");
        const said = t(fixed ? "quiz.fixWorks" : "quiz.fixNotYet");
        status.textContent = said;
        result.replaceChildren(fixed ? outputBlock(t("quiz.liveOutput"), transcript, t) : transcriptComparison(t, outputOf(config.expected), transcript));
        ctx.announce(said);
      } finally {
        setBusy(runButton, false);
      }
    };
    editor = createEditor(editorHolder, {
      doc: ctx.savedEdit() ?? config.code ?? "",
      onRun: runFix,
      onChange: debounce((code) => ctx.saveEdit(code === config.code ? null : code), SAVE_DELAY_MS),
      label: t("quiz.fixEditorLabel"),
      extensions: editorExtensions,
    });
    runButton.addEventListener("click", runFix);
    resetButton.addEventListener("click", () => {
      setEditorCode(editor, config.code || "");
      ctx.saveEdit(null);
      root.removeAttribute("data-fix");
      result.replaceChildren();
      status.textContent = "";
      editor.focus();
    });
  }
  ctx.onTeardown(() => {
    if (editor) editor.destroy();
    root.removeAttribute("data-fix");
  });

  // Restore after a reload.
  if (Number.isInteger(saved.line) && saved.line >= 1 && saved.line <= items.length) {
    present(saved.line);
    items.forEach((item, i) => item.setAttribute("tabindex", i + 1 === saved.line ? "0" : "-1"));
  }
}
