import { test } from "node:test";
import assert from "node:assert/strict";
import { el, toDom, toHtml } from "./markup-tree.js";

test("text and attribute values are escaped, bare and missing attributes follow their value", () => {
  const tree = el("p", { title: 'a "b" <c> & d', hidden: true, open: false, lang: null }, "<b>&amp;</b>", el("code", {}, "x"));
  assert.equal(toHtml(tree), '<p title="a &quot;b&quot; &lt;c&gt; &amp; d" hidden>&lt;b&gt;&amp;amp;&lt;/b&gt;<code>x</code></p>');
});

test("el drops empty children and flattens lists of nodes one level", () => {
  const items = ["a", "b"].map((text) => el("li", {}, text));
  assert.deepEqual(el("ol", {}, "", null, false, items, []), ["ol", {}, ["li", {}, "a"], ["li", {}, "b"]]);
});

test("toDom builds elements through the DOM's own calls, never by parsing HTML", () => {
  const made = [];
  const doc = {
    createTextNode: (text) => ({ text }),
    createElement: (tag) => {
      const element = { tag, attributes: {}, children: [], setAttribute: (n, v) => (element.attributes[n] = v), append: (c) => element.children.push(c) };
      made.push(element);
      return element;
    },
  };
  const element = toDom(doc, el("details", { open: true, "data-call": "1", hidden: false }, el("summary", {}, "<x>")));
  assert.deepEqual(element.attributes, { open: "", "data-call": "1" });
  assert.deepEqual(element.children[0].children, [{ text: "<x>" }]);
  assert.equal(made.length, 2);
});
