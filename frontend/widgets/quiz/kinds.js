// The registry of quiz kinds on the page. A kind is a folder of quiz_kinds/ (the manifest:
// lesson_builder/kinds reads the same folders for the build), named after the kind with "_"
// for "-" ("fill-in" → quiz_kinds/fill_in/), whose widget.js exports `mount(ctx)`. esbuild
// bundles every quiz_kinds/*/widget.js from the one pattern below, a chunk each, which a page
// loads only when it has a quiz of that kind: a new kind is a new folder, nothing else here.

/**
 * The folder of a kind, or null for a name no kind folder can have.
 * @param {string} kind the quiz root's `data-kind`
 */
export function kindFolder(kind) {
  return /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(kind || "") ? kind.replaceAll("-", "_") : null;
}

/**
 * The function that builds a kind's widget from a quiz context, or null when the bundle has
 * no such kind (or its module has no `mount`).
 * @param {string} kind
 * @returns {Promise<((ctx: object) => void) | null>}
 */
export async function loadWidget(kind) {
  const folder = kindFolder(kind);
  if (!folder) return null;
  try {
    const module = await import(`../../../quiz_kinds/${folder}/widget.js`);
    return typeof module.mount === "function" ? module.mount : null;
  } catch (error) {
    console.error(`quiz kind ${kind}:`, error);
    return null;
  }
}
