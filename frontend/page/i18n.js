// UI strings of the site's languages: one JSON file per language in strings/, flat
// "area.name" keys, "{name}" placeholders. The page's language comes from <html lang>, and a
// page downloads only that language's table (loadPageStrings, before any widget mounts):
// each table is a chunk of its own. strings/all.js holds them all, for tests and tools.
// The languages are those of lessons/languages.yaml; a language is known here by its table
// (a test checks that the tables are the registry's).

/** The site's default language (the registry's first; a test keeps them the same). */
export const DEFAULT_LANGUAGE = "bg";

// esbuild makes each file this pattern matches its own chunk, so no page carries another's
// words, and a new strings file is a new language with no list to edit.
const load = (lang) => import(`./strings/${lang}.json`, { with: { type: "json" } });

/** The tables loaded so far, by language. */
const tables = {};

/**
 * The page's language ("bg", "fa", ...), from `<html lang>`; the default when it names none.
 * @param {Document} [doc]
 */
export function pageLanguage(doc = globalThis.document) {
  const lang = (doc?.documentElement?.getAttribute("lang") || "").toLowerCase().split("-")[0];
  return /^[a-z]{2,3}$/.test(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * Download the page's table (once) so that `t` can answer; resolves when it can. A language
 * with no table gets the default language's.
 * @param {Document} [doc]
 */
export async function loadPageStrings(doc = globalThis.document) {
  const lang = pageLanguage(doc);
  if (tables[lang]) return;
  try {
    tables[lang] = (await load(lang)).default;
  } catch {
    tables[lang] = (await load(DEFAULT_LANGUAGE)).default;
  }
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
 * to Bulgarian where its table is at hand, then to the key itself (visible, so that a gap is
 * noticed, never a crash; the unit tests keep every table complete).
 * @param {string} lang
 * @param {Record<string, Record<string, string>>} [from] tables by language: those the page
 *   loaded, unless given (strings/all.js has them all)
 */
export function translator(lang, from = tables) {
  const known = lang in from;
  const numbers = numberFormat(known ? lang : DEFAULT_LANGUAGE);
  return (key, vars) => {
    const table = from[known ? lang : DEFAULT_LANGUAGE] ?? {};
    return fill(table[key] ?? from[DEFAULT_LANGUAGE]?.[key] ?? key, localNumbers(vars, numbers));
  };
}

// A number put into a sentence is written in the sentence's digits (Persian digits on
// Persian pages, as the lessons' prose writes them); text values are left as they are.
function numberFormat(lang) {
  try {
    return new Intl.NumberFormat(lang, { useGrouping: false });
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
