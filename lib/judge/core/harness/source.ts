// What the host hands the sandbox besides the harness itself: the names "judge" exports to test
// files and to the learner's code, and the two small modules that re-export them from
// "judge:internal" (sandbox/judge-internal.ts).

/** What test files may import from "judge". */
export const PUBLIC_EXPORTS = [
  "test",
  "describe",
  "expect",
  "expectTrace",
  "expectSameAs",
  "differential",
  "ManualClock",
  "SharedStore",
  "burst",
  "javaRandom",
  "heapBytes",
  "traceOf",
  "offerEachSecond",
] as const;

/**
 * What the learner's module (and any code it evaluates) gets from "judge": the clock and store it is
 * handed anyway, never the functions that register tests.
 */
export const LEARNER_EXPORTS = [
  "ManualClock",
  "SharedStore",
  "burst",
  "javaRandom",
  "heapBytes",
] as const;

/** The module "judge" that test files import. */
export const JUDGE_MODULE_SOURCE = `export { ${PUBLIC_EXPORTS.join(", ")} } from "judge:internal";\n`;

/** The module "judge" as the learner's code sees it. */
export const LEARNER_JUDGE_MODULE_SOURCE = `export { ${LEARNER_EXPORTS.join(", ")} } from "judge:internal";\n`;
