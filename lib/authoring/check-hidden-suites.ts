import fs from "node:fs";
import path from "node:path";
import type { ContentIndex } from "./content-index";
import { error, type AuthoringProblem } from "./problem";
import { findLoadTimeCode } from "./suite-load-time";

// A hidden suite's top level (and its describe() bodies) must not run the learner's code: the judge
// blanks the suite's text from the sandbox's memory only once the suite has loaded (decision 460),
// so learner code running before then could read the hidden tests. Checked from the source, not
// by the judge: an exercise whose suite happens not to reach the learner's code today still fails.

const FIX =
  "move it into the test() that needs it, or into a function the tests call: until the hidden suite " +
  "has loaded, its text is in the sandbox's memory, where code of the learner's running then could read it";

export function checkHiddenSuites(index: ContentIndex): AuthoringProblem[] {
  const problems: AuthoringProblem[] = [];
  for (const course of index.catalog.courses) {
    for (const lesson of course.lessons) {
      for (const exercise of lesson.exercises) {
        // A missing suite is the judge's to report, when it proves the exercise.
        const file = path.join(exercise.dir, "tests.hidden.ts");
        if (!fs.existsSync(file)) continue;
        for (const found of findLoadTimeCode(file, fs.readFileSync(file, "utf8"))) {
          problems.push(
            error(
              file,
              `${found.code}: runs as the hidden suite loads; ${found.rule}`,
              FIX,
              found.line,
            ),
          );
        }
      }
    }
  }
  return problems;
}
