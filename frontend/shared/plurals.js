// Counted words and figures in the five languages: which plural form a count takes, and the
// digits a figure is written with. The build's Python (lesson_builder/_plurals.py) follows the
// same two rules, so that a picture rendered at build time reads as the page renders it.

/**
 * The plural category of a whole number `n` in `lang`, by CLDR's cardinal rules for the
 * site's languages: "one" | "few" | "many" | "other".
 * @param {string} lang "bg" | "fa" | "zh" | "ru" | "uk"
 * @param {number} n a whole number ≥ 0
 */
export function pluralCategory(lang, n) {
  if (lang === "zh") return "other";
  if (lang === "fa") return n === 0 || n === 1 ? "one" : "other";
  if (lang === "ru" || lang === "uk") {
    const last = n % 10;
    const lastTwo = n % 100;
    if (last === 1 && lastTwo !== 11) return "one";
    if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return "few";
    return "many";
  }
  return n === 1 ? "one" : "other";
}

/** The categories a language's strings must spell out (every `<key>.<category>`). */
export const PLURAL_CATEGORIES = {
  bg: ["one", "other"],
  fa: ["one", "other"],
  zh: ["other"],
  ru: ["one", "few", "many"],
  uk: ["one", "few", "many"],
};

const PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹";

/**
 * A whole number as the language writes figures in running text: Persian digits on Persian
 * pages (the course's rule: Persian digits in text, Latin digits in code), Latin elsewhere;
 * no grouping.
 * @param {string} lang
 * @param {number} n
 */
export function localDigits(lang, n) {
  const text = String(n);
  return lang === "fa" ? text.replace(/[0-9]/g, (digit) => PERSIAN_DIGITS[Number(digit)]) : text;
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
