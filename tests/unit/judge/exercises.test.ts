import { describe, expect, test } from "vitest";
import {
  UnknownExerciseError,
  listExercises,
  loadExerciseForClient,
  loadExerciseForJudge,
} from "@/lib/content/exercises";
import { proveExercise } from "@/lib/judge";

const ids = [
  "fixed-window",
  "sliding-log",
  "sliding-counter",
  "token-bucket",
  "leaky-bucket",
  "keyed-limiter",
  "http-answer",
  "distributed-token-bucket",
  "gcra",
  "concurrency-limiter",
  "polite-retries",
];

test("the lesson has its exercises, in order", () => {
  expect(listExercises().map((e) => e.id)).toEqual(ids);
  expect(listExercises().map((e) => e.order)).toEqual(ids.map((_, i) => i + 1));
});

describe.each(ids)("exercise %s", (id) => {
  test("its starter compiles and fails a visible test, and its solution is accepted", async () => {
    const proof = await proveExercise(id);
    expect(proof.problems).toEqual([]);
    expect(proof.starter.verdict).toBe("wrong_answer");
    expect(proof.solution.verdict).toBe("accepted");
    expect(proof.solution.tests.filter((t) => t.hidden).length).toBeGreaterThanOrEqual(5);
  });

  test("the client part carries no hidden test and no solution", () => {
    const client = loadExerciseForClient(id);
    const judge = loadExerciseForJudge(id);
    const sent = JSON.stringify(client);
    expect(sent).not.toContain(judge.hiddenTests.slice(0, 200));
    expect(Object.keys(client)).not.toContain("solution");
    expect(Object.keys(client)).not.toContain("hiddenTests");
    expect(client.hints.length).toBeGreaterThanOrEqual(2);
    expect(client.judgeTypes).toContain('declare module "judge"');
  });
});

test("an unknown exercise id is misuse, with a named error", () => {
  expect(() => loadExerciseForClient("no-such-exercise")).toThrow(UnknownExerciseError);
  expect(() => loadExerciseForJudge("no-such-exercise")).toThrow(UnknownExerciseError);
});
