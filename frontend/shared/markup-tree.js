// Markup as plain data: a node is a string (text) or an array `[tag, attributes, ...children]`.
// The run picture describes its structure once as such a tree; the page turns it into
// elements (widgets/run-picture), and `toHtml` writes its HTML (the build's, in Node:
// tools/run-picture).
//
// Attributes keep their order; `true` writes a bare attribute (`hidden`), `false`, null and
// undefined leave it out. There are no void elements: every element is closed.

import { drain } from "./steps.js";

/**
 * An element node, children that are null, false or empty arrays of nodes dropped.
 * @param {string} tag
 * @param {Record<string, string|number|boolean|null|undefined>} [attributes]
 * @param {...any} children nodes, or arrays of nodes (flattened one level)
 */
export function el(tag, attributes = {}, ...children) {
  const kept = [];
  for (const child of children) {
    if (Array.isArray(child) && typeof child[0] !== "string") kept.push(...child.filter(isNode));
    else if (isNode(child)) kept.push(child);
  }
  return [tag, attributes, ...kept];
}

function isNode(child) {
  return typeof child === "string" ? child !== "" : Array.isArray(child);
}

const TEXT_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const ATTRIBUTE_ESCAPES = { ...TEXT_ESCAPES, '"': "&quot;" };

/** Text escaped for HTML text content. */
export function escapeText(text) {
  return String(text).replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]);
}

/** Text escaped for a double-quoted attribute value. */
export function escapeAttribute(text) {
  return String(text).replace(/[&<>"]/g, (c) => ATTRIBUTE_ESCAPES[c]);
}

/**
 * The tree's HTML, without any whitespace of its own (a browser parses it back into the same
 * elements, attributes and text: no `<p>` around blocks, tables with their `<tbody>`).
 * @param {any} node
 */
export function toHtml(node) {
  if (typeof node === "string") return escapeText(node);
  const [tag, attributes, ...children] = node;
  let html = `<${tag}`;
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === true) html += ` ${name}`;
    else if (value !== false && value != null) html += ` ${name}="${escapeAttribute(value)}"`;
  }
  html += ">";
  for (const child of children) html += toHtml(child);
  return `${html}</${tag}>`;
}

/**
 * The tree as DOM elements of `doc`: text through text nodes, attributes through
 * setAttribute, never HTML parsing.
 * @param {Document} doc
 * @param {any} node
 * @returns {Node}
 */
export function toDom(doc, node) {
  return drain(toDomSteps(doc, node));
}

/**
 * `toDom` as a generator that yields after each element (steps.js), returning the node.
 * @param {Document} doc
 * @param {any} node
 * @returns {Generator<undefined, Node>}
 */
export function* toDomSteps(doc, node) {
  if (typeof node === "string") return doc.createTextNode(node);
  const [tag, attributes, ...children] = node;
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === true) element.setAttribute(name, "");
    else if (value !== false && value != null) element.setAttribute(name, String(value));
  }
  for (const child of children) element.append(yield* toDomSteps(doc, child));
  yield;
  return element;
}
