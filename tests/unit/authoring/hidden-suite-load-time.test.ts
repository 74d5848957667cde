import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { findLoadTimeCode } from "@/lib/authoring/suite-load-time";
import { listExercises } from "@/lib/content/exercises";

// A hidden suite's load time (its top level and its describe() bodies) must not run the learner's
// code (decision 460). Each allowed form is checked inside a suite that also has one forbidden
// line, so a check that flags nothing fails as surely as one that flags the allowed form.

const HEADER = [
  'import { ManualClock, describe, differential, test, test as check, type Clock } from "judge";',
  'import * as reference from "reference";',
  'import * as learner from "./solution";',
  'import { FixedWindow } from "./solution";',
].join("\n");

function findings(body: string) {
  return findLoadTimeCode("tests.hidden.ts", `${HEADER}\n${body}\n`).map((f) => ({
    line: f.line,
    code: f.code,
    rule: f.rule,
  }));
}

/** The line of `marker` in the suite `findings` reads. */
function lineOf(body: string, marker: string): number {
  const lines = `${HEADER}\n${body}`.split("\n");
  return lines.findIndex((line) => line.includes(marker)) + 1;
}

const allowed: [string, string][] = [
  [
    "type declarations",
    "type W = InstanceType<typeof learner.FixedWindow>;\ninterface S { at: number }",
  ],
  [
    "a function declaration that builds a limiter when a test calls it",
    "function make(clock: Clock) {\n  return new learner.FixedWindow(1, 1000, clock);\n}",
  ],
  [
    "a class declaration with a literal static field",
    'class Fake {\n  static label = "fake";\n  allow() { return true; }\n}',
  ],
  [
    "literal constants",
    'const limits = [1, 2, -3] as const;\nconst base = { limit: 10, name: "a" };',
  ],
  [
    "an arrow function constant",
    "const setup = (c: { limit: number }) => `new FixedWindow(${c.limit})`;",
  ],
  [
    "an object of names cast to the learner's module",
    "const fake = { FixedWindow: learner.FixedWindow } as unknown as typeof learner;",
  ],
  [
    "a property of a namespace import",
    "const Window = learner.FixedWindow;\nconst Ref = reference;",
  ],
  [
    "a new WeakMap or Map of literals",
    'const held = new WeakMap<object, number>();\nconst m = new Map([["a", 1]]);',
  ],
  ["a template of literal constants", "const n = 3;\nconst title = `limit ${n * 2}`;"],
  [
    "test() with a function and literal options",
    'test("named", () => {\n  new learner.FixedWindow(1, 1000, new ManualClock()).allow();\n}, { category: "edge" });',
  ],
  ["test() given a declared function", 'function run() {}\ntest("by name", run);'],
  ["an aliased test()", 'check("aliased", () => {});'],
  [
    "differential() with an object literal of names and functions",
    'differential("random", {\n  kind: "window",\n  learner,\n  reference,\n  create: (m: typeof learner, clock) => new m.FixedWindow(1, 1000, clock),\n});',
  ],
  [
    "describe() with constants and a for…of over literals that registers tests",
    'describe("group", () => {\n  const cases = [[1, 1000], [2, 500]] as const;\n  for (const [limit, windowMs] of cases) {\n    test(`limit ${limit} per ${windowMs} ms`, () => {});\n  }\n  describe("inner", () => test("nested", () => {}));\n});',
  ],
];

const forbidden: [string, string, string, RegExp][] = [
  [
    "a learner's limiter built at the top level",
    "const w = new learner.FixedWindow(1, 1000, new ManualClock());",
    "new learner.FixedWindow",
    /^nothing may be constructed outside a test/,
  ],
  [
    "a call to a learner's function",
    "learner.reset();",
    "learner.reset()",
    /^only test\(\), describe\(\) and differential\(\) from "judge"/,
  ],
  [
    "a call inside a constant's initialiser",
    "const n = FixedWindow.create();",
    "FixedWindow.create()",
    /^only test\(\)/,
  ],
  [
    "a top-level await",
    "await learner.ready;",
    "await learner.ready",
    /^nothing may be awaited outside a test/,
  ],
  [
    "a static getter's read",
    "const max = learner.FixedWindow.max;",
    "learner.FixedWindow.max",
    /only a module imported with `import \* as` may have a property read/,
  ],
  [
    "a property of a named import",
    "const max = FixedWindow.max;",
    "FixedWindow.max",
    /property read/,
  ],
  [
    "a learner's class converted to text in a test's name",
    "test(`${FixedWindow}`, () => {});",
    "`${FixedWindow}`",
    /only literals may be put in a template/,
  ],
  [
    "a learner's limiter built inside describe()",
    'describe("g", () => {\n  const w = new FixedWindow(1, 1000, new ManualClock());\n});',
    "new FixedWindow",
    /^nothing may be constructed/,
  ],
  [
    "an async describe() callback",
    'describe("g", async () => {});',
    "async () => {}",
    /^describe\(\)'s callback/,
  ],
  [
    "a for…of over a learner's value",
    "for (const c of learner.cases) {}",
    "learner.cases",
    /may only loop over literals/,
  ],
  [
    "a class that extends the learner's",
    "class Mine extends FixedWindow {}",
    "class Mine extends FixedWindow {}",
    /may not extend another/,
  ],
  [
    "a static field that calls the learner",
    "class Made {\n  static made = learner.make();\n}",
    "learner.make()",
    /^only test\(\)/,
  ],
  [
    "a spread of a learner's object",
    "const copy = { ...learner.config };",
    "...learner.config",
    /^nothing may be spread/,
  ],
  [
    "a getter handed to differential()",
    'differential("x", { get reference() { return reference; } });',
    "get reference()",
    /object literals without getters/,
  ],
  [
    "a WeakMap the suite imported from the learner",
    'import { WeakMap } from "./solution";\nconst m = new WeakMap();',
    "new WeakMap()",
    /^nothing may be constructed/,
  ],
  [
    "a test() that is not the harness's",
    'import { test as mine } from "./solution";\nmine("x", () => {});',
    'mine("x", () => {})',
    /^only test\(\)/,
  ],
  [
    "an if statement",
    "if (learner.FixedWindow) {}",
    "if (learner.FixedWindow) {}",
    /a hidden suite may only import/,
  ],
];

describe("a hidden suite's load-time code", () => {
  test.each(allowed)("allows %s", (_name, form) => {
    const body = `${form}\nlearner.reset();`;
    expect(findings(body)).toEqual([
      {
        line: lineOf(body, "learner.reset();"),
        code: "learner.reset()",
        rule: expect.stringMatching(/^only test\(\)/),
      },
    ]);
  });

  test.each(forbidden)("rejects %s, naming its line and the rule", (_name, form, code, rule) => {
    const found = findings(form);
    expect(found).toHaveLength(1);
    expect(found[0]!.code).toContain(code);
    expect(found[0]!.rule).toMatch(rule);
    expect(found[0]!.line).toBe(lineOf(form, code.split("\n")[0]!));
  });

  test("reports every offending statement of a suite, each on its own line", () => {
    const body = "const a = learner.make();\nconst b = 1;\nlearner.reset();";
    expect(findings(body).map((f) => f.line)).toEqual([
      lineOf(body, "make"),
      lineOf(body, "reset"),
    ]);
  });

  test("every exercise's hidden suite loads without running anything", () => {
    const suites = listExercises().map((exercise) => path.join(exercise.dir, "tests.hidden.ts"));
    expect(suites.length).toBeGreaterThanOrEqual(11);
    for (const file of suites) {
      expect(findLoadTimeCode(file, fs.readFileSync(file, "utf8")), file).toEqual([]);
    }
  });
});
