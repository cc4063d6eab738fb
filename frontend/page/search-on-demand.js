// Material's search index: the page's own language's, and only once the learner turns to
// search. Material fetches `search/search_index.json` as its bundle starts and parses it on
// the main thread, on every page, while our widgets mount and Python starts: with five
// languages' lessons that was 5.5 MB, a long task on every page, for a search most visits
// never use. Each language's build writes its own index (lesson_builder/_language_builds.py,
// `search/search_index.<lang>.json`); this classic script, in the <head> before Material's
// bundle, points Material's request at the page's language's file and holds it back until
// focus enters the search form, the search toggle is used, or the address asks for search
// highlighting (`?h=`, Material's search.highlight). Material shows "initializing search"
// meanwhile, as it always did until its index was built.

const COMBINED_INDEX = /(^|\/)search\/search_index\.json$/;

/** The address of `language`'s index in place of the combined `address` (absolute or
 * relative; its query and fragment kept), or null when `address` is not the combined one. */
export function languageIndexAddress(address, language) {
  const text = String(address);
  const end = text.search(/[?#]/);
  const path = end < 0 ? text : text.slice(0, end);
  if (!language || !COMBINED_INDEX.test(path)) return null;
  return `${path.replace(/search_index\.json$/, `search_index.${language}.json`)}${end < 0 ? "" : text.slice(end)}`;
}

/** Whether the page's address asks Material to highlight a search's words. */
export function highlightAsked(search) {
  return new URLSearchParams(search).has("h");
}

const HELD = Symbol("search index request");

/** Install the redirect and the hold on `win` (a window: its XMLHttpRequest, document and
 * location). Gives `release()`, which sends what is held (the same as the learner turning
 * to search). */
export function holdSearchIndex(win) {
  const { document } = win;
  const language = document.documentElement.getAttribute("lang") || "";
  const proto = win.XMLHttpRequest.prototype;
  const open = proto.open;
  const send = proto.send;
  const held = [];
  let wanted = highlightAsked(win.location.search);

  proto.open = function (method, address, ...rest) {
    const own = languageIndexAddress(address, language);
    if (own === null) return open.call(this, method, address, ...rest);
    this[HELD] = true;
    return open.call(this, method, own, ...rest);
  };
  proto.send = function (...body) {
    if (this[HELD] && !wanted) {
      held.push(() => send.apply(this, body));
      return undefined;
    }
    return send.apply(this, body);
  };

  const release = () => {
    if (wanted) return;
    wanted = true;
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
    for (const sendHeld of held.splice(0)) sendHeld();
  };
  const inSearch = (target) => Boolean(target?.closest?.('form[name="search"], label[for="__search"], #__search'));
  const listeners = [
    ["focusin", (event) => inSearch(event.target) && release()],
    ["pointerdown", (event) => inSearch(event.target) && release()],
    // Material's own shortcut keys open the search (and focus its field: focusin too).
    ["change", (event) => event.target?.id === "__search" && release()],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
  return { release };
}
