// The part every quiz kind shares: its config, its saved progress, the verdict on the root
// (`data-result`), the live-region announcement, running code in the worker, and teardown for
// "Start the lesson over". A kind's module only builds its own controls on top of this.

import { createProgressView } from "../snippet/progress-view.js";
import { createPictureSlot } from "../run-picture/picture-slot.js";
import { h, uniqueId } from "./dom.js";
import { lostReason } from "../../shared/transcripts.js";

const VERDICTS = new Set(["correct", "incorrect"]);

/**
 * Read the JSON config a quiz root carries (`<script type="application/json" data-config>`).
 * @param {Element} root
 * @returns {object|null} null when missing or unreadable
 */
export function readConfig(root) {
  const script = root.querySelector(":scope > script[data-config], script[data-config]");
  if (!script) return null;
  try {
    const config = JSON.parse(script.textContent);
    return config && typeof config === "object" ? config : null;
  } catch {
    return null;
  }
}

/**
 * Build the shared context of one quiz.
 * @param {HTMLElement} root the `[data-quiz]` element
 * @param {object} services
 * @param {(key: string, vars?: object) => string} services.t UI strings
 * @param {ReturnType<import("../../page/storage.js").openProgress>} services.store progress store
 * @param {string} services.lessonKey "<lang>/<slug>"
 * @param {(text: string) => void} services.announce live region
 * @param {(code: string, options: object) => Promise<object>} services.run worker-client run
 * @param {(listener: Function) => () => void} services.onProgress worker start-up progress
 * @param {() => void} services.onVerdict called after every saved verdict (progress bar)
 */
export function createQuizContext(root, config, { t, store, lessonKey, announce, run, onProgress, onVerdict }) {
  const id = config.id || root.dataset.quiz;
  const prompt = root.querySelector(".quiz-prompt");
  if (prompt && !prompt.id) prompt.id = uniqueId(`quiz-prompt-${id}`);
  const body = h("div", { class: "quiz-body", "data-quiz-body": "" });
  root.append(body);
  const teardowns = [];
  const stored = store.getQuiz(lessonKey, id);
  // Only a real verdict counts; anything else stored under this quiz is ignored.
  const saved = stored && VERDICTS.has(stored.result) ? stored : null;
  let settled = saved ? saved.result : null;

  const setResult = (result) => {
    if (result) root.setAttribute("data-result", result);
    else root.removeAttribute("data-result");
    root.setAttribute("aria-busy", result === "pending" ? "true" : "false");
  };
  if (settled) setResult(settled);

  const progressView = createProgressView(root.ownerDocument, t);
  // The picture of the learner's last run, at the end of the quiz (a quiz has none before a
  // run: the build draws none, so no picture gives an answer away).
  const picture = createPictureSlot(root, { t, place: (element) => body.append(element) });
  let pictureShown = Promise.resolve();

  return {
    id,
    root,
    /** the runner's start-up progress bar, shown while a check waits for Python */
    progressView,
    /** Feed progressView while Python starts; returns the unsubscribe function. */
    watchProgress() {
      return onProgress ? onProgress((step) => progressView.show(step)) : () => {};
    },
    config,
    t,
    body,
    /** id of the rendered prompt, for aria-labelledby (null when the quiz has none) */
    promptId: prompt ? prompt.id : null,
    /** the saved answer (kind-specific shape) or null */
    savedAnswer: saved ? saved.answer : null,
    /** the saved verdict, "correct" | "incorrect" | null */
    get result() {
      return settled;
    },

    /** Mark the quiz as being checked (a run is under way). */
    pending() {
      setResult("pending");
    },

    /** A check could not finish (the worker failed): go back to the previous verdict. */
    abandon(message) {
      setResult(settled);
      if (message) announce(message);
    },

    /**
     * Record a verdict: on the root, in storage, to screen readers, to the progress bar.
     * The latest verdict stands.
     * @param {"correct"|"incorrect"} result
     * @param {any} answer what the learner answered (restored after a reload)
     * @param {string} spoken what the live region says
     */
    settle(result, answer, spoken) {
      settled = result;
      setResult(result);
      store.setQuiz(lessonKey, id, { answer, result });
      announce(spoken || t(result === "correct" ? "quiz.correct" : "quiz.incorrect"));
      onVerdict();
    },

    /** Save the answer without a new verdict (e.g. how many hints were seen). */
    remember(answer) {
      if (settled) store.setQuiz(lessonKey, id, { answer, result: settled });
    },

    /** Announce without a verdict (run finished, hint shown, ...). */
    announce,

    /** A saved edit of this quiz's editor, or null. */
    savedEdit() {
      return store.getEdit(lessonKey, `quiz:${id}`);
    },
    /** Save (or with null forget) this quiz's editor content. */
    saveEdit(code) {
      store.setEdit(lessonKey, `quiz:${id}`, code);
    },

    /**
     * Run code in the worker with this quiz's setup chain.
     * @param {string} code
     * @param {{onOutput?: Function}} [options]
     */
    run(code, options = {}) {
      return run(code, { setup: config.setup || [], timeout: config.timeout || 10, ...options }).then((transcript) => {
        pictureShown = picture.show(transcript);
        return transcript;
      });
    },

    /** Resolves once the picture of the last run is on the page. */
    pictureShown() {
      return pictureShown;
    },

    /**
     * Run a program of the page's own in the worker: no setup, no picture (an exercise's
     * conversation checks, judged in Python).
     * @param {string} code
     */
    evaluate(code) {
      return run(code, { setup: [], timeout: config.timeout || 10 });
    },

    /** Register clean-up for teardown (editors to destroy, listeners to remove). */
    onTeardown(fn) {
      teardowns.push(fn);
    },

    /** Remove everything this quiz added, so that it can be mounted afresh. */
    teardown() {
      for (const fn of teardowns.splice(0)) {
        try {
          fn();
        } catch {
          /* a failing clean-up must not block the others */
        }
      }
      body.remove();
      settled = null;
      setResult(null);
      root.removeAttribute("aria-busy");
    },
  };
}

/**
 * Run code for a quiz with the status line saying so (and the start-up progress bar while
 * Python is still loading).
 * @param {ReturnType<typeof createQuizContext>} ctx
 * @param {HTMLElement} statusLine
 * @param {string} code
 * @param {string} busyText e.g. "Checking…"
 * @param {{stopButton?: HTMLButtonElement, returnFocusTo?: HTMLElement, setup?: string[]}} [options] a Stop
 *   button shown while this run lasts (it ends this run only); where focus goes if it was on
 *   Stop when the run ends; the setup to run instead of the quiz's
 * @returns {Promise<{transcript: object|null, problem: string|null}>} `problem` says why the run
 *   gave nothing to judge (Python failed to start, or a Stop ended it)
 */
export async function runWithStatus(ctx, statusLine, code, busyText, { stopButton, returnFocusTo, setup } = {}) {
  statusLine.replaceChildren(busyText, " ", ctx.progressView.element);
  const unsubscribe = ctx.watchProgress();
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (stopButton) {
    stopButton.hidden = false;
    stopButton.addEventListener("click", stop);
  }
  let transcript = null;
  let failure = null;
  try {
    transcript = await ctx.run(code, setup ? { signal: controller.signal, setup } : { signal: controller.signal });
  } catch (error) {
    failure = error && error.message ? error.message : String(error);
  } finally {
    unsubscribe();
    ctx.progressView.hide();
    if (stopButton) {
      const hadFocus = stopButton.ownerDocument.activeElement === stopButton;
      stopButton.removeEventListener("click", stop);
      stopButton.hidden = true;
      if (hadFocus && returnFocusTo) returnFocusTo.focus();
    }
  }
  if (transcript && transcript.status === "failed") failure = transcript.error ? transcript.error.message : "";
  let problem = null;
  if (failure !== null) problem = ctx.t("quiz.runFailed", { message: failure });
  else if (transcript && transcript.status === "lost") {
    problem = ctx.t(`runner.lost.${lostReason(transcript)}`);
  }
  else if (transcript && transcript.status === "stopped") problem = ctx.t("quiz.runStopped");
  statusLine.textContent = problem || "";
  return problem ? { transcript: null, problem } : { transcript, problem: null };
}

/**
 * Run a check: pending while the worker runs, then the transcript for the kind to judge. A
 * run that reached no verdict restores the previous one and says why, never a false
 * "incorrect". `options` as for runWithStatus.
 * @returns {Promise<object|null>} the transcript, or null when there is nothing to judge
 */
export async function runForCheck(ctx, statusLine, code, options) {
  ctx.pending();
  const { transcript, problem } = await runWithStatus(ctx, statusLine, code, ctx.t("quiz.checking"), options);
  if (problem) ctx.abandon(problem);
  return transcript;
}
