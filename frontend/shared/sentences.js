// Joining sentences into one status message. Latin, Cyrillic and Persian text put a space
// between sentences; Chinese full-width punctuation (。！？ and the like) already carries its
// own spacing, so a half-width space after it is a typographic error.

/** Full-width (CJK) punctuation that ends a clause and needs no space after it. */
const FULL_WIDTH_END = /[\u3001\u3002\uff01\uff09\uff0c\uff1a\uff1b\uff1f\u300d\u300f\u201d]$/u;

/**
 * The sentences as one text: a space between two, none after full-width punctuation.
 * @param {string[]} sentences
 * @returns {string}
 */
export function joinSentences(sentences) {
  return sentences.reduce((text, sentence) => {
    if (!text) return sentence;
    return FULL_WIDTH_END.test(text) ? text + sentence : `${text} ${sentence}`;
  }, "");
}
