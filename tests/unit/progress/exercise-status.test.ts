import { describe, expect, test } from "vitest";
import { EXERCISE_STATUS_LABELS, exerciseStatus } from "@/lib/progress/exercise-status";

describe("an exercise's standing", () => {
  test("an exercise with no record is not started", () => {
    expect(exerciseStatus(undefined)).toBe("untouched");
    expect(exerciseStatus({ attempts: 0, runs: 0, solved: false })).toBe("untouched");
    expect(EXERCISE_STATUS_LABELS.untouched).toBe("Not started");
  });

  test("a Run without any Submit makes an exercise attempted", () => {
    expect(exerciseStatus({ attempts: 0, runs: 1, solved: false })).toBe("attempted");
  });

  test("a Submit that was not accepted makes it attempted, an accepted one solved", () => {
    expect(exerciseStatus({ attempts: 2, runs: 0, solved: false })).toBe("attempted");
    expect(exerciseStatus({ attempts: 2, runs: 5, solved: true })).toBe("solved");
  });
});
