// UI strings of the five languages: one JSON file per language in strings/, flat
// "area.name" keys, "{name}" placeholders. The page's language comes from <html lang>.

import bg from "./strings/bg.json" with { type: "json" };
import fa from "./strings/fa.json" with { type: "json" };
import ru from "./strings/ru.json" with { type: "json" };
import uk from "./strings/uk.json" with { type: "json" };
import zh from "./strings/zh.json" with { type: "json" };

/** Every language's table; Bulgarian is the default and the fallback. */
export const STRINGS = { bg, fa, zh, ru, uk };
export const DEFAULT_LANGUAGE = "bg";

/**
 * The page's language ("bg", "fa", ...), from `<html lang>`; the default when unknown.
 * @param {Document} [doc]
 */
export function pageLanguage(doc = globalThis.document) {
  const lang = (doc?.documentElement?.getAttribute("lang") || "").toLowerCase().split("-")[0];
  return lang in STRINGS ? lang : DEFAULT_LANGUAGE;
}

/**
 * Fill "{name}" placeholders from `vars`; a placeholder without a value stays as written.
 * @param {string} template
 * @param {Record<string, string|number>} [vars]
 */
export function fill(template, vars = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/**
 * A translator for one language: `t(key, vars)`. A key missing in that language falls back
 * to Bulgarian, then to the key itself (visible, so that a gap is noticed, never a crash).
 * @param {string} lang
 */
export function translator(lang) {
  const table = STRINGS[lang] || STRINGS[DEFAULT_LANGUAGE];
  const numbers = numberFormat(lang);
  return (key, vars) => fill(table[key] ?? STRINGS[DEFAULT_LANGUAGE][key] ?? key, localNumbers(vars, numbers));
}

// A number put into a sentence is written in the sentence's digits (Persian digits on
// Persian pages, as the lessons' prose writes them); text values are left as they are.
function numberFormat(lang) {
  try {
    return new Intl.NumberFormat(lang in STRINGS ? lang : DEFAULT_LANGUAGE, { useGrouping: false });
  } catch {
    return { format: String };
  }
}

function localNumbers(vars, numbers) {
  if (!vars) return vars;
  return Object.fromEntries(
    Object.entries(vars).map(([name, value]) => [name, typeof value === "number" ? numbers.format(value) : value]),
  );
}

let pageTranslator = null;
// Every key this page has asked for: the strings a translator of the page must check, and
// what the browser test of the strings reads (a key is proved used by a render asking for
// it, not by a search of the source).
const asked = new Set();

/** Translate `key` into the page's language. */
export function t(key, vars) {
  pageTranslator ??= translator(pageLanguage());
  asked.add(key);
  return pageTranslator(key, vars);
}

/** The UI string keys this page has asked `t` for so far, sorted. */
export function stringsAsked() {
  return [...asked].sort();
}
