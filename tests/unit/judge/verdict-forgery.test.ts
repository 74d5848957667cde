import { describe, expect, test } from "vitest";
import { ReferenceAnswerCache, judgeWithReferenceAnswers } from "@/lib/judge/core";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { judgeJob } from "@/lib/judge/judge-submission";
import { MAX_RESULTS_BYTES } from "@/lib/judge/results-bounds";
import { judgeExercise, judgeWithSuite, sharedQuickJS, solutionOf } from "./judge-helpers";

// Issue 12, "the verdict cannot be forged": the plan comes from the exercise's suites alone, and a
// judge whose plan is empty, unreadable or not the one expected is an error, never accepted.

const wrong = `export class FixedWindow { allow(): boolean { return false; } }`;

describe("the learner's module cannot change the plan", () => {
  test("registering a test whose options cannot become a string does not empty the plan", async () => {
    const code = `import { test } from "judge";
test("x", () => {}, { category: Object.create(null) } as never);
${wrong}`;
    const doc = await judgeExercise("fixed-window", code);
    expect(doc.verdict).not.toBe("accepted");
    expect(doc.message).toMatch(/cannot import test from "judge"/);
  });

  test("thousands of tests with long names registered by the learner are refused", async () => {
    const code = `import * as judge from "judge";
const register = (judge as unknown as Record<string, (n: string, f: () => void) => void>).test;
for (let i = 0; i < 3000; i++) register?.("n".repeat(20_000) + i, () => {});
${wrong}`;
    const doc = await judgeExercise("fixed-window", code);
    expect(doc.verdict).not.toBe("accepted");
    const reference = await judgeExercise("fixed-window", solutionOf("fixed-window"));
    expect(doc.tests.map((t) => t.name)).toEqual(reference.tests.map((t) => t.name));
    expect(JSON.stringify(doc).length).toBeLessThan(MAX_RESULTS_BYTES);
  });

  test("a dynamic import of judge gets no test() either", async () => {
    const code = `export const got = (async () => {
  const judge = (await import("judge")) as Record<string, unknown>;
  return typeof judge.test + "," + typeof judge.describe + "," + typeof judge.differential;
})();
${wrong}`;
    const suite = `import { expect, test } from "judge";
import { got } from "./solution";
test("the learner's view of judge", async () => { expect(await got, "what eval'd code got").toBe("x"); });`;
    const doc = await judgeWithSuite(code, suite);
    expect(doc.tests[0]?.message ?? "").toContain("undefined,undefined,undefined");
  });

  test("a test registered later, from inside a running test, is refused", async () => {
    const suite = `import { expect, test } from "judge";
test("registers another", () => { test("late", () => {}); });`;
    const doc = await judgeWithSuite(`export {};`, suite);
    expect(doc.tests.map((t) => t.name)).toEqual(["registers another"]);
    expect(doc.tests[0]?.message).toMatch(/only by the exercise's test files/);
  });
});

describe("the host checks the plan", () => {
  test("a suite that registers no test is an error, not accepted", async () => {
    const doc = await judgeWithSuite(`export {};`, `import { test } from "judge";`);
    expect(doc.status).toBe("error");
    expect(doc.verdict).toBe("runtime_error");
    expect(doc.message).toMatch(/registered no test/);
  });

  test("a test whose name is not a string stops the suite from loading", async () => {
    const suite = `import { test } from "judge";
test({ toString() { return "forged"; } } as never, () => {});`;
    const doc = await judgeWithSuite(`export {};`, suite);
    expect(doc.verdict).not.toBe("accepted");
    expect(doc.message).toMatch(/name must be a string/);
  });

  test("a plan other than the expected one is an error", async () => {
    const suite = `import { test } from "judge";
test("one", () => {});
test("two", () => {});`;
    const expectedPlan = [
      { name: "one", hidden: false },
      { name: "three", hidden: false },
    ];
    const doc = await judgeWithSuite(`export {};`, suite, { expectedPlan });
    expect(doc.status).toBe("error");
    expect(doc.verdict).toBe("runtime_error");
    expect(doc.message).toMatch(/not the exercise's tests/);
  });

  test("the expected plan is recorded from the reference's judge and then enforced", async () => {
    const { quickjs } = await sharedQuickJS();
    const exercise = loadExerciseForJudge("fixed-window");
    const cache = new ReferenceAnswerCache();
    const job = judgeJob(exercise, exercise.solution, "submit");
    const reference = await judgeWithReferenceAnswers({ quickjs, ...job }, cache);
    expect(reference.verdict).toBe("accepted");
    expect(cache.planFor(job.suites)?.map((t) => t.name)).toEqual(
      reference.tests.map((t) => t.name),
    );
    const run = judgeJob(exercise, exercise.solution, "run");
    expect(cache.planFor(run.suites)?.length).toBe(reference.tests.filter((t) => !t.hidden).length);
    // Suites that now list other tests (an edited file the worker has not seen) do not pass.
    const renamed = job.suites.map((s) =>
      s.hidden ? s : { ...s, source: s.source.replace(/test\("/, 'test("renamed: ') },
    );
    const planned = cache.planFor(job.suites);
    const doc = await judgeWithReferenceAnswers(
      { quickjs, ...job, suites: renamed, ...(planned ? { expectedPlan: planned } : {}) },
      cache,
    );
    expect(doc.verdict).toBe("runtime_error");
  });
});
