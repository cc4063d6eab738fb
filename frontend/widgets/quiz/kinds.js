// The registry of quiz kinds: a new kind is a new entry here (and its module), nothing else.

import { mountExercise } from "./exercise.js";
import { mountFillIn } from "./fill-in.js";
import { mountFindBug } from "./find-bug.js";
import { mountMultipleChoice } from "./multiple-choice.js";
import { mountPredictOutput } from "./predict-output.js";

/** Quiz kind (the root's `data-kind`) → the function that builds its widget from a quiz context. */
export const KINDS = {
  "fill-in": mountFillIn,
  "predict-output": mountPredictOutput,
  "find-bug": mountFindBug,
  "multiple-choice": mountMultipleChoice,
  exercise: mountExercise,
};
