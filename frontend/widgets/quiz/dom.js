// Small DOM helpers shared by the quiz widgets: build elements without innerHTML for
// anything the learner or a program produced (their text is always set with textContent).

/**
 * Create an element. `attrs`: attributes (`class`, `data-*`, `aria-*`, ...); `on<Event>`
 * keys add listeners; `false`/`null` values are skipped. Children: nodes or strings (text).
 * @param {string} tag
 * @param {Object<string, any>} [attrs]
 * @param {...(Node|string|null|false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value == null) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2).toLowerCase(), value);
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === false || child == null) continue;
    element.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return element;
}

/**
 * An element holding HTML rendered by the build (prompts, explanations, hints). That HTML
 * comes from the lesson's own sources, escaped by the builder; never pass learner input here.
 * @param {string} tag
 * @param {Object<string, any>} attrs
 * @param {string} html
 */
export function trustedHtml(tag, attrs, html) {
  const element = h(tag, attrs);
  element.innerHTML = html || "";
  return element;
}

/**
 * A program's text shown as code: left-to-right even on Persian pages; its lines scroll, so
 * the block is a tab stop (keyboard users scroll it with the arrow keys).
 */
export function codeBlock(text, attrs = {}) {
  return h("pre", { dir: "ltr", ...attrs, class: ["quiz-pre", attrs.class].filter(Boolean).join(" ") }, h("code", { tabindex: "0" }, text));
}

/** A program's output (or an option that is one): `<samp>`, not `<code>`, so that it reads as
 * output and gets no copy button; left-to-right like code. */
export function outputPre(text, attrs = {}) {
  return h("pre", { dir: "ltr", ...attrs, class: ["quiz-pre quiz-pre--output", attrs.class].filter(Boolean).join(" ") }, h("samp", {}, text));
}

let numberFormat = null;
/**
 * A count or an ordinal in the page's own digits (Persian pages: ۱، ۲، ۳). Not for code line
 * numbers, which must match the Latin digits in the code's gutter.
 * @param {number} value
 */
export function localNumber(value) {
  if (!numberFormat) {
    try {
      numberFormat = new Intl.NumberFormat(document.documentElement.lang || undefined, { useGrouping: false });
    } catch {
      numberFormat = { format: String };
    }
  }
  return numberFormat.format(value);
}

let counter = 0;
/** A page-unique id for aria-labelledby / aria-describedby links. */
export function uniqueId(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}

/**
 * Mark a button as busy while its run is under way. Not `disabled`: a disabled button drops
 * the keyboard focus to the page's start; `aria-disabled` keeps focus where the learner is
 * (the handlers ignore presses meanwhile).
 * @param {HTMLButtonElement} element
 * @param {boolean} busy
 */
export function setBusy(element, busy) {
  if (busy) element.setAttribute("aria-disabled", "true");
  else element.removeAttribute("aria-disabled");
}

/** A button (type=button, so that it never submits a surrounding form). */
export function button(label, attrs = {}) {
  return h("button", { type: "button", class: "md-button quiz-button", ...attrs }, label);
}

/** `fn` called once calls stop for `ms` (saving edits while the learner types). */
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

