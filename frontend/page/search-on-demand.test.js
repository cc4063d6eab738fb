// holdSearchIndex: Material's request for the combined index goes to the page's language's
// file, and is sent only once the learner turns to search (or the address asks Material to
// highlight a search); every other request goes out untouched, at once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { holdSearchIndex, languageIndexAddress } from "./search-on-demand.js";

/** A window with a recording XMLHttpRequest and a document that dispatches to its listeners. */
function fakeWindow({ lang = "ru", search = "" } = {}) {
  const sent = [];
  class XMLHttpRequest {
    open(method, address) {
      this.address = address;
    }
    send(body) {
      sent.push([this.address, body]);
    }
  }
  const listeners = {};
  const document = {
    documentElement: { getAttribute: (name) => (name === "lang" ? lang : null) },
    addEventListener: (type, listener) => (listeners[type] ??= new Set()).add(listener),
    removeEventListener: (type, listener) => listeners[type]?.delete(listener),
  };
  const dispatch = (type, target) => [...(listeners[type] ?? [])].forEach((listener) => listener({ target }));
  const element = (matches, id = "") => ({ id, closest: (selector) => (matches && selector.includes("search") ? {} : null) });
  return { XMLHttpRequest, document, location: { search }, sent, dispatch, element, listeners };
}

function request(win, address) {
  const xhr = new win.XMLHttpRequest();
  xhr.open("GET", address);
  xhr.send(null);
  return xhr;
}

test("the combined index's address becomes the language's, query and fragment kept", () => {
  assert.equal(languageIndexAddress("https://x.org/ru/../search/search_index.json", "ru"), "https://x.org/ru/../search/search_index.ru.json");
  assert.equal(languageIndexAddress("search/search_index.json?v=1#a", "fa"), "search/search_index.fa.json?v=1#a");
  assert.equal(languageIndexAddress(new URL("http://h/site/search/search_index.json"), "zh"), "http://h/site/search/search_index.zh.json");
  assert.equal(languageIndexAddress("search/search_index.js", "ru"), null); // Material's file:// variant
  assert.equal(languageIndexAddress("lessons/search/search_index.json.map", "ru"), null);
  assert.equal(languageIndexAddress("mysearch/search_index.json", "ru"), null);
  assert.equal(languageIndexAddress("search/search_index.json", ""), null); // no language: left alone
});

test("the index is held until focus enters the search form, then sent once, to the language's file", () => {
  const win = fakeWindow({ lang: "uk" });
  holdSearchIndex(win);
  request(win, "/site/search/search_index.json");
  request(win, "/site/sitemap.xml");
  assert.deepEqual(win.sent, [["/site/sitemap.xml", null]]);
  win.dispatch("focusin", win.element(false)); // focus elsewhere on the page
  assert.equal(win.sent.length, 1);
  win.dispatch("focusin", win.element(true));
  assert.deepEqual(win.sent, [["/site/sitemap.xml", null], ["/site/search/search_index.uk.json", null]]);
  win.dispatch("focusin", win.element(true));
  assert.equal(win.sent.length, 2);
  // Released for good: its listeners are gone, a later request goes out at once.
  assert.equal([...Object.values(win.listeners)].every((set) => set.size === 0), true);
  request(win, "/site/search/search_index.json");
  assert.deepEqual(win.sent.at(-1), ["/site/search/search_index.uk.json", null]);
});

test("a tap on the search toggle, or Material's shortcut opening it, sends the index", () => {
  for (const [type, target] of [["pointerdown", "label"], ["change", "toggle"]]) {
    const win = fakeWindow();
    holdSearchIndex(win);
    request(win, "search/search_index.json");
    assert.equal(win.sent.length, 0);
    win.dispatch(type, target === "label" ? win.element(true) : { id: "__search" });
    assert.deepEqual(win.sent, [["search/search_index.ru.json", null]], type);
  }
});

test("an address that asks for search highlighting sends the index at once", () => {
  const win = fakeWindow({ lang: "fa", search: "?h=%D8%A7%D8%A8%D8%B2%D8%A7%D8%B1" });
  holdSearchIndex(win);
  request(win, "../search/search_index.json");
  assert.deepEqual(win.sent, [["../search/search_index.fa.json", null]]);
});

test("release() sends what is held, as the learner turning to search would", () => {
  const win = fakeWindow();
  const { release } = holdSearchIndex(win);
  request(win, "search/search_index.json");
  release();
  assert.deepEqual(win.sent, [["search/search_index.ru.json", null]]);
});
