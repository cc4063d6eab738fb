// Where a snippet or a quiz shows the picture of its last run (DESIGN.md: `data-run-picture`
// inside the snippet or quiz root). Small on purpose: the picture's own code
// (run-picture.js) is imported only when there is a picture to show, so a page without runs
// never loads it, and a page with runs loads it after its widgets are up.

/**
 * @param {HTMLElement} host the snippet or quiz root (the build's picture, if any, is inside)
 * @param {object} options
 * @param {(key: string, vars?: object) => string} options.t UI strings of the page
 * @param {(picture: HTMLElement) => void} options.place puts a picture where it belongs
 *   (after the output of a snippet, at the end of a quiz's body)
 * @returns {{show(transcript: object): Promise<void>, restore(): Promise<void>}}
 */
export function createPictureSlot(host, { t, place }) {
  const doc = host.ownerDocument;
  const lang = (doc.documentElement.getAttribute("lang") || "bg").toLowerCase().split("-")[0];
  const built = host.querySelector("[data-run-picture]"); // the build's picture of the lesson's code
  let current = built;
  let module = null;
  const load = () => (module ??= import("./run-picture.js"));
  let queue = Promise.resolve();
  // One change at a time, in the order asked: a later run's picture never loses to an earlier one.
  const change = (work) => (queue = queue.then(work, work));

  if (built) {
    place(built);
    change(async () => (await load()).enhancePicture(built, { t, lang }));
  }

  const put = (picture) => {
    if (current && picture) picture.open = current.open; // as the learner left the one it replaces
    if (current && picture) current.replaceWith(picture);
    else if (picture) place(picture);
    else current?.remove();
    current = picture;
  };

  return {
    /** Show the picture of a finished run (none when the run called no model). */
    show(transcript) {
      const calls = Array.isArray(transcript?.calls) ? transcript.calls : [];
      return change(async () => {
        if (!calls.length) return put(null);
        const { renderPicture } = await load();
        put(await renderPicture(doc, calls, { t, lang, source: "live" }));
      });
    },
    /** Back to the build's picture (the lesson's code is back in the editor). */
    restore() {
      return change(() => put(built));
    },
  };
}
