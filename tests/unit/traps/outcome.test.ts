import { describe, expect, test } from "vitest";
import type { ResultsDocument } from "@/lib/judge/results";
import { OUTCOME_MARKER, readOutcome, scenarioOutput } from "@/lib/traps";

function doc(test: Partial<ResultsDocument["tests"][number]>, top: Partial<ResultsDocument> = {}) {
  return {
    version: 3,
    status: "pass",
    verdict: "accepted",
    resources: { wallMs: 1 },
    tests: [{ name: "scenario", status: "pass", hidden: false, ...test }],
    ...top,
  } as ResultsDocument;
}

const line = (outcome: unknown) => OUTCOME_MARKER + JSON.stringify(outcome);
const good = { answer: 3, summary: "3 of 12.", facts: [{ label: "a", value: 1 }] };

describe("reading a scenario's outcome out of the sandbox", () => {
  test("takes the marked line and leaves the rest as the learner's output", () => {
    const results = doc({ output: `hello\n${line(good)}\n` });
    expect(readOutcome(results)).toEqual({ ok: true, outcome: good });
    expect(scenarioOutput(results)).toBe("hello");
  });

  test("the last marked line wins, so code under test cannot forge the outcome", () => {
    const forged = { ...good, answer: 999 };
    const results = doc({ output: `${line(forged)}\n${line(good)}\n` });
    expect(readOutcome(results)).toMatchObject({ ok: true, outcome: { answer: 3 } });
  });

  test("a scenario that threw reports the test's message", () => {
    const results = doc(
      { status: "error", message: "TypeError: not a function" },
      { status: "fail", verdict: "runtime_error" },
    );
    expect(readOutcome(results)).toEqual({ ok: false, reason: "TypeError: not a function" });
  });

  test("code that did not compile reports the judge's message", () => {
    const results = {
      ...doc({}),
      status: "error",
      verdict: "compile_error",
      message: "solution.ts does not compile (line 1, column 5): Unexpected token",
      tests: [],
    } as ResultsDocument;
    expect(readOutcome(results)).toMatchObject({ ok: false, reason: /does not compile/ });
  });

  test("a malformed outcome is refused, naming the field", () => {
    const results = doc({ output: line({ answer: "three", summary: "x" }) });
    expect(readOutcome(results)).toMatchObject({ ok: false, reason: /answer/ });
  });

  test("no outcome line at all is a problem, not a crash", () => {
    expect(readOutcome(doc({ output: "just talk" }))).toEqual({
      ok: false,
      reason: "the scenario printed no outcome",
    });
  });
});
