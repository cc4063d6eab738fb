// Every language's UI strings at once, for what needs them all: the unit tests (which check
// that the five tables agree, and translate with `translator(lang, STRINGS)`) and tools. A
// page loads only its own table (i18n.js), so this module is never part of its bundle.

import bg from "./bg.json" with { type: "json" };
import fa from "./fa.json" with { type: "json" };
import ru from "./ru.json" with { type: "json" };
import uk from "./uk.json" with { type: "json" };
import zh from "./zh.json" with { type: "json" };

export const STRINGS = { bg, fa, zh, ru, uk };
