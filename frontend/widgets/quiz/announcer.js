// One polite live region per page: verdicts and status changes are read out by screen
// readers without moving focus. Every quiz announces through it.

let region = null;

function liveRegion() {
  if (region && region.isConnected) return region;
  region = document.createElement("div");
  region.className = "quiz-live-region";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  region.setAttribute("data-quiz-announcer", "");
  document.body.append(region);
  return region;
}

/**
 * Say `text` to screen-reader users. The region is emptied first and filled on the next
 * frame, so that the same verdict twice in a row is read twice.
 * @param {string} text
 */
export function announce(text) {
  const target = liveRegion();
  target.textContent = "";
  const fill = () => {
    target.textContent = text;
  };
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(fill, 50));
  else setTimeout(fill, 50);
}

/** Create the region up front (some screen readers ignore a region added just before use). */
export function prepareAnnouncer() {
  liveRegion();
}
