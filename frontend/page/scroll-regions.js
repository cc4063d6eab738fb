// A block that scrolls sideways (Material wraps each wide table in `.md-typeset__scrollwrap`
// when the page loads) must be reachable by keyboard, or its hidden columns cannot be read
// without a mouse (axe-core: scrollable-region-focusable). Each one that overflows becomes a
// focusable region named after the heading above it; one that fits stays out of the tab order.

const WRAPPER = ".md-typeset__scrollwrap";

function headingBefore(element) {
  for (let node = element.previousElementSibling; node; node = node.previousElementSibling) {
    if (/^H[1-6]$/.test(node.tagName) && node.id) return node;
  }
  return null;
}

/** Make the page's overflowing wrappers focusable regions (again after a resize). */
export function markScrollRegions(doc = document) {
  for (const wrapper of doc.querySelectorAll(WRAPPER)) {
    const overflows = wrapper.scrollWidth > wrapper.clientWidth + 1;
    if (!overflows) {
      if (wrapper.hasAttribute("data-scroll-region")) {
        for (const name of ["tabindex", "role", "aria-labelledby", "data-scroll-region"]) wrapper.removeAttribute(name);
      }
      continue;
    }
    wrapper.setAttribute("tabindex", "0");
    wrapper.setAttribute("role", "region");
    wrapper.setAttribute("data-scroll-region", "");
    const heading = headingBefore(wrapper);
    if (heading) wrapper.setAttribute("aria-labelledby", heading.id);
  }
}

/** Watch the page: Material adds the wrappers after our entry runs, and widths change. */
export function watchScrollRegions(doc = document) {
  const view = doc.defaultView;
  let pending = 0;
  const soon = () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => markScrollRegions(doc));
  };
  new MutationObserver((changes) => {
    if (changes.some((change) => [...change.addedNodes].some((node) => node.nodeType === 1 && (node.matches(WRAPPER) || node.querySelector?.(WRAPPER))))) soon();
  }).observe(doc.body, { childList: true, subtree: true });
  view.addEventListener("resize", soon);
  soon();
}
