import { describe, expect, it } from "vitest";
import { judgeLimitsOf } from "@/lib/judge/exercise-limits";

describe("an exercise's limits as the judge's", () => {
  it("turns the author's milliseconds per test and megabytes into the judge's units", () => {
    expect(judgeLimitsOf({ timeMs: 1500, memoryMb: 32 })).toEqual({
      testTimeMs: 1500,
      memoryBytes: 32 * 1024 * 1024,
    });
  });

  it("leaves out what the exercise does not set, so the judge's defaults hold", () => {
    expect(judgeLimitsOf(undefined)).toEqual({});
    expect(judgeLimitsOf({ memoryMb: 8 })).toEqual({ memoryBytes: 8 * 1024 * 1024 });
    expect(Object.keys(judgeLimitsOf({ timeMs: 200 }))).toEqual(["testTimeMs"]);
  });
});
