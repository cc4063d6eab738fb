// The output area of a snippet: the program's stdout and stderr, told apart, written as
// text only (never parsed as HTML), cut at a limit. Status text never goes in here.

/**
 * How much of `text` still fits when `used` characters are shown out of `limit`.
 * @returns {{part: string, cut: boolean}} `cut` when something had to be left out
 */
export function fitToLimit(used, text, limit) {
  const room = Math.max(0, limit - used);
  return text.length > room ? { part: text.slice(0, room), cut: true } : { part: text, cut: false };
}

/**
 * @param {HTMLElement} element the `[data-output]` element
 * @param {object} options
 * @param {number} options.limit characters shown at most
 * @param {() => void} options.onCut called once per run when output had to be cut
 */
export function createOutputView(element, { limit, onCut }) {
  let shown = 0;
  let cut = false;

  const append = (stream, text) => {
    if (cut || !text) return;
    const fitted = fitToLimit(shown, text, limit);
    if (fitted.part) {
      shown += fitted.part.length;
      let span = element.lastElementChild;
      if (!span || span.dataset.stream !== stream) {
        span = element.ownerDocument.createElement("span");
        span.dataset.stream = stream;
        span.className = `snippet-output__${stream}`;
        span.append(element.ownerDocument.createTextNode(""));
        element.append(span);
      }
      span.lastChild.appendData(fitted.part);
      element.hidden = false;
    }
    if (fitted.cut) {
      cut = true;
      onCut();
    }
  };

  const clear = () => {
    element.replaceChildren();
    element.hidden = true;
    shown = 0;
    cut = false;
  };

  return {
    append,
    clear,
    /** Replace what is shown by a finished run's chunks (`[[stream, text], ...]`). */
    show(chunks) {
      clear();
      for (const [stream, text] of chunks) append(stream, text);
    },
    /** Whether anything is shown. */
    get empty() {
      return shown === 0;
    },
  };
}
