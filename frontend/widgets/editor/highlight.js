// Python highlighting colours with at least 4.5:1 contrast on the code background of
// mkdocs-material's light scheme (#f5f5f5); CodeMirror's default style fails axe-core's
// contrast check for some tokens.

import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";

export const lessonHighlightStyle = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword], color: "#6f1a96" },
  { tag: [tags.string, tags.special(tags.string)], color: "#a0171b" },
  { tag: [tags.number, tags.bool, tags.null], color: "#0b6138" },
  { tag: tags.comment, color: "#5c5f66", fontStyle: "italic" },
  { tag: [tags.function(tags.definition(tags.variableName)), tags.definition(tags.className)], color: "#1b4d9c" },
  { tag: [tags.self, tags.atom], color: "#8a3b00" },
  { tag: tags.invalid, color: "#b3261e" },
]);

/** The highlighting extension used by every editor. */
export const lessonHighlighting = syntaxHighlighting(lessonHighlightStyle);
