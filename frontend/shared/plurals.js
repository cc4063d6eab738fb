// Counted words and figures, as each language writes them: which plural form a count takes,
// and the digits a figure is written with. Both come from the platform's CLDR data (Intl),
// in the browser and in the build's Node alike (tools/run-picture), so a language of the
// site needs no rules of its own here.

const rulesByLanguage = new Map();
const numbersByLanguage = new Map();

function pluralRules(lang) {
  if (!rulesByLanguage.has(lang)) rulesByLanguage.set(lang, new Intl.PluralRules(lang));
  return rulesByLanguage.get(lang);
}

function numberFormat(lang) {
  // The language's own numbering system (Persian digits for fa), never grouped: a figure in
  // running text reads as the lessons' prose writes it.
  if (!numbersByLanguage.has(lang)) numbersByLanguage.set(lang, new Intl.NumberFormat(lang, { useGrouping: false }));
  return numbersByLanguage.get(lang);
}

/**
 * The plural category of a whole number `n` in `lang`, by CLDR's cardinal rules:
 * "zero" | "one" | "two" | "few" | "many" | "other".
 * @param {string} lang e.g. "bg", "fa", "zh", "ru", "uk"
 * @param {number} n a whole number ≥ 0
 */
export function pluralCategory(lang, n) {
  return pluralRules(lang).select(n);
}

// Whole numbers enough to meet every category a whole number can take: CLDR's rules for
// integers look at the last two or three digits, and a few languages at large round numbers.
const SAMPLES = [...Array.from({ length: 1000 }, (_, n) => n), ...Array.from({ length: 10 }, (_, k) => 10 ** (k + 3))];
const CLDR_ORDER = ["zero", "one", "two", "few", "many", "other"];

/**
 * The categories a count (a whole number) takes in `lang`: the forms its strings must spell
 * out as `<key>.<category>` (Russian: one, few, many; its "other" is for fractions only).
 * @param {string} lang
 * @returns {string[]} in CLDR's order (zero, one, two, few, many, other)
 */
export function pluralCategories(lang) {
  const taken = new Set(SAMPLES.map((n) => pluralCategory(lang, n)));
  return CLDR_ORDER.filter((category) => taken.has(category));
}

/**
 * A whole number as the language writes figures in running text: Persian digits on Persian
 * pages (the course's rule: local digits in text, Latin digits in code), Latin elsewhere;
 * no grouping.
 * @param {string} lang
 * @param {number} n
 */
export function localDigits(lang, n) {
  return numberFormat(lang).format(n);
}

/**
 * The string `<key>.<category>` for `n`, its `{n}` filled with the figure in local digits.
 * @param {(key: string, vars?: object) => string} t a translator of `lang`
 * @param {string} lang
 * @param {string} key e.g. "picture.summary.calls"
 * @param {number} n
 */
export function counted(t, lang, key, n) {
  return t(`${key}.${pluralCategory(lang, n)}`, { n: localDigits(lang, n) });
}
