// The learner's saved progress: the one reader and writer of localStorage key
// "tool-lessons:v1" (quiz answers and verdicts, snippet edits, when a lesson was last
// touched), shape as in ARCHITECTURE.md.
// Storage is never trusted: garbage or a foreign shape is ignored and replaced on the next
// save; storage that throws (private mode, quota full, disabled) means no saving, reported
// once, and the page goes on working from memory.

/** The localStorage key; bump the version when the shape changes incompatibly. */
export const STORAGE_KEY = "tool-lessons:v1";

const isPlainObject = (value) =>
  value !== null && typeof value === "object" && !Array.isArray(value);

// JSON.parse makes "__proto__" an own key; copied onto a plain object it would replace that
// object's prototype instead of adding an entry.
const usableKey = (key) => key !== "__proto__";

/** An empty progress document. */
const emptyProgress = () => ({ lessons: {} });

/**
 * Keep only the parts of a parsed document that have our shape; drop the rest.
 * @param {unknown} data
 * @returns {{lessons: Object<string, {quizzes: object, edits: object, touched?: number}>}}
 */
export function sanitise(data) {
  const clean = emptyProgress();
  if (!isPlainObject(data) || !isPlainObject(data.lessons)) return clean;
  for (const [key, lesson] of Object.entries(data.lessons)) {
    if (!usableKey(key) || !isPlainObject(lesson)) continue;
    const quizzes = {};
    if (isPlainObject(lesson.quizzes)) {
      for (const [id, entry] of Object.entries(lesson.quizzes)) {
        if (usableKey(id) && isPlainObject(entry) && typeof entry.result === "string") quizzes[id] = entry;
      }
    }
    const edits = {};
    if (isPlainObject(lesson.edits)) {
      for (const [id, code] of Object.entries(lesson.edits)) {
        if (usableKey(id) && typeof code === "string") edits[id] = code;
      }
    }
    clean.lessons[key] = { quizzes, edits };
    if (Number.isFinite(lesson.touched) && lesson.touched > 0) clean.lessons[key].touched = lesson.touched;
  }
  return clean;
}

/**
 * The key of a lesson in the progress document: "<lang>/<slug>".
 * @param {string} lang
 * @param {string} slug
 */
export function lessonKey(lang, slug) {
  return `${lang || "bg"}/${slug}`;
}

/**
 * The lesson key for an element of a page: the slug from the nearest `data-lesson`, else
 * from the page's first `[data-lesson]`, else the last path segment of the URL; the language
 * from `<html lang>`.
 * @param {Element|Document} node
 */
export function lessonKeyFor(node) {
  const doc = node.ownerDocument || node;
  const holder = (node.closest && node.closest("[data-lesson]")) || doc.querySelector("[data-lesson]");
  let slug = holder ? holder.getAttribute("data-lesson") : "";
  if (!slug) {
    const parts = doc.location ? doc.location.pathname.split("/").filter(Boolean) : [];
    slug = parts.length ? parts[parts.length - 1].replace(/\.html$/, "") : "index";
  }
  const lang = (doc.documentElement.getAttribute("lang") || "bg").split("-")[0];
  return lessonKey(lang, slug);
}

/**
 * Open the progress document. `storage` is a Web Storage object (localStorage) or a getter
 * for one (a getter lets us catch browsers where merely touching `localStorage` throws).
 * `onUnavailable(reason)` is called at most once, the first time saving turns out impossible.
 * `now()` gives the time a lesson is touched at (milliseconds, as Date.now).
 * @param {{storage?: Storage|(() => Storage), onUnavailable?: (reason: string) => void, now?: () => number}} options
 */
export function openProgress({ storage, onUnavailable = () => {}, now = Date.now } = {}) {
  let backend = null;
  let saving = true;
  let reported = false;
  const giveUp = (reason) => {
    saving = false;
    if (!reported) {
      reported = true;
      onUnavailable(reason);
    }
  };

  try {
    backend = typeof storage === "function" ? storage() : storage;
    if (!backend) throw new Error("no storage");
  } catch (error) {
    giveUp("unavailable");
  }

  let data = emptyProgress();
  if (saving) {
    try {
      const raw = backend.getItem(STORAGE_KEY);
      if (raw != null) {
        try {
          data = sanitise(JSON.parse(raw));
        } catch {
          data = emptyProgress(); // garbage: ignored, replaced on the next save
        }
      }
    } catch {
      giveUp("unavailable");
    }
  }

  const write = () => {
    if (!saving) return false;
    try {
      backend.setItem(STORAGE_KEY, JSON.stringify(data));
      return true;
    } catch {
      giveUp("write-failed");
      return false;
    }
  };

  const lesson = (key, create) => {
    if (!data.lessons[key] && create) data.lessons[key] = { quizzes: {}, edits: {} };
    return data.lessons[key];
  };
  // A lesson the learner has just worked on: the one the course map offers to continue.
  const touched = (key) => {
    const entry = lesson(key, true);
    entry.touched = now();
    return entry;
  };

  // Another tab saved: take its document so that our next save does not undo its changes.
  const reload = () => {
    if (!saving) return;
    try {
      const raw = backend.getItem(STORAGE_KEY);
      data = raw == null ? emptyProgress() : sanitise(JSON.parse(raw));
    } catch {
      /* keep what we have */
    }
  };

  return {
    /** The localStorage key it reads and writes (to tell its changes in a `storage` event). */
    key: STORAGE_KEY,
    /** false once storage has proven unusable: changes then live in memory only */
    get saving() {
      return saving;
    },
    /** Re-read the stored document (e.g. after another tab changed it). */
    reload,
    /** The saved `{answer, result}` of a quiz, or null. */
    getQuiz(key, quizId) {
      const entry = lesson(key, false)?.quizzes[quizId];
      return entry ? structuredCloneSafe(entry) : null;
    },
    /** Save a quiz's latest answer and verdict (`result`: "correct" | "incorrect" | ...). */
    setQuiz(key, quizId, entry) {
      reload();
      touched(key).quizzes[quizId] = structuredCloneSafe(entry);
      return write();
    },
    /** The learner's edited code of a snippet (or of a quiz editor), or null. */
    getEdit(key, snippetId) {
      const code = lesson(key, false)?.edits[snippetId];
      return typeof code === "string" ? code : null;
    },
    /** Save an edit; null forgets it (back to the lesson's code). */
    setEdit(key, snippetId, code) {
      reload();
      if (code == null) {
        const existing = lesson(key, false);
        if (!existing || !(snippetId in existing.edits)) return true;
        delete touched(key).edits[snippetId];
      } else {
        touched(key).edits[snippetId] = String(code);
      }
      return write();
    },
    /** Note that the learner opened a lesson (the course map's "continue" goes to it). */
    touchLesson(key) {
      reload();
      touched(key);
      return write();
    },
    /**
     * What the course map needs of a lesson: the verdict of each answered quiz ("correct" or
     * "incorrect"; other saved results are no verdict) and when it was last touched (or null).
     * @returns {{verdicts: Object<string, string>, touched: number|null}}
     */
    lessonRecord(key) {
      const entry = lesson(key, false);
      const verdicts = {};
      for (const [id, saved] of Object.entries(entry?.quizzes || {})) {
        if (saved.result === "correct" || saved.result === "incorrect") verdicts[id] = saved.result;
      }
      return { verdicts, touched: entry?.touched ?? null };
    },
    /** Ids of the quizzes of a lesson that have a saved verdict. */
    answeredQuizzes(key) {
      return Object.keys(lesson(key, false)?.quizzes || {});
    },
    /** Forget everything saved for one lesson (answers, verdicts, edits); others stay. */
    clearLesson(key) {
      reload();
      delete data.lessons[key];
      return write();
    },
  };
}

// JSON round trip: entries are plain data; this also keeps callers from sharing our objects.
function structuredCloneSafe(value) {
  return JSON.parse(JSON.stringify(value));
}

/**
 * The page's progress store, opened once on first use (shared by the snippet runner and the
 * quizzes, so both write one document). `onUnavailable` listeners hear about a storage
 * failure once, however many modules subscribe.
 */
let pageStore = null;
const unavailableListeners = new Set();
let unavailableReason = null;

export function pageProgress() {
  if (!pageStore) {
    pageStore = openProgress({
      storage: () => globalThis.localStorage,
      onUnavailable: (reason) => {
        unavailableReason = reason;
        for (const listener of unavailableListeners) listener(reason);
      },
    });
  }
  return pageStore;
}

/**
 * Be told (once) when progress cannot be saved on this page; called at once if that is
 * already known.
 * @param {(reason: string) => void} listener
 */
export function onProgressUnavailable(listener) {
  if (unavailableReason) listener(unavailableReason);
  else unavailableListeners.add(listener);
}

let noticeClaimed = false;
/**
 * The no-saving note is said once per page, by whichever widget gets there first: call this
 * before showing it, and show it only when it returns true.
 */
export function claimStorageNotice() {
  if (noticeClaimed) return false;
  noticeClaimed = true;
  return true;
}
