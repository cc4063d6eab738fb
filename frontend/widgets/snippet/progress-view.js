// The start-up progress bar a snippet shows when it is run before Python is ready:
// a <progress> element and a localized line saying what is loading.

/**
 * @param {Document} doc
 * @param {(key: string) => string} t UI strings
 */
export function createProgressView(doc, t) {
  const element = doc.createElement("span");
  element.className = "snippet-progress";
  element.hidden = true;
  const bar = doc.createElement("progress");
  const label = doc.createElement("span");
  label.className = "snippet-progress__label";
  bar.setAttribute("aria-label", t("runner.status.loading"));
  element.append(bar, label);
  return {
    element,
    /** @param {{phase: string, loaded: number, total: number}} step */
    show({ phase, loaded, total }) {
      if (phase === "ready") return this.hide();
      element.hidden = false;
      // Count the phase being loaded as half done, so that the bar moves at once.
      bar.max = total;
      bar.value = loaded + 0.5;
      label.textContent = t(`runner.progress.${phase}`);
    },
    hide() {
      element.hidden = true;
    },
  };
}
