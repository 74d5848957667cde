import { describe, expect, test } from "vitest";
import { headlineVerdict, hiddenErrorDetail } from "@/lib/judge/results";
import { learnerFrames, missingGlobalAdvice, withAdvice } from "@/lib/judge/core/outcomes";

describe("the headline verdict", () => {
  test("follows the first test that did not pass, in file order", () => {
    expect(headlineVerdict(["accepted", "wrong_answer", "wrong_answer", "runtime_error"])).toBe(
      "wrong_answer",
    );
    expect(headlineVerdict(["accepted", "time_limit_exceeded", "wrong_answer"])).toBe(
      "time_limit_exceeded",
    );
  });

  test("is accepted only when every test passed", () => {
    expect(headlineVerdict(["accepted", "accepted"])).toBe("accepted");
    expect(headlineVerdict([])).toBe("accepted");
  });
});

describe("a hidden test that threw", () => {
  test("says which error and where, with the engine's own wording", () => {
    const message =
      "TypeError: cannot read property 'tokens' of undefined\n    at tryAcquire (solution.ts:25)";
    expect(hiddenErrorDetail(message)).toBe(message);
  });

  test("keeps the learner's own message text to itself, since it could carry the test's inputs", () => {
    const detail = hiddenErrorDetail(
      "RangeError: idle for 3600000 ms\n    at available (solution.ts:32)",
    );
    expect(detail).toBe(
      "RangeError (its message is not shown for hidden tests)\n    at available (solution.ts:32)",
    );
    expect(detail).not.toContain("3600000");
  });
});

describe("facilities the judge does not have", () => {
  test.each(["setInterval", "setTimeout", "process", "module", "exports", "require"])(
    "%s gets an explanation of what to write instead",
    (name) => {
      const advice = missingGlobalAdvice(`ReferenceError: '${name}' is not defined`);
      expect(advice).toContain(name);
    },
  );

  test("timers are explained by the fake clock: refill from the elapsed time on each call", () => {
    expect(withAdvice("ReferenceError: 'setInterval' is not defined")).toMatch(
      /time moves only when a test moves the clock[\s\S]*clock\.now\(\) - last on each call/,
    );
  });

  test("CommonJS is told to use export class", () => {
    expect(missingGlobalAdvice("ReferenceError: 'module' is not defined")).toContain(
      "export class",
    );
  });

  test("a name the judge does define, or any other error, gets no advice", () => {
    expect(missingGlobalAdvice("ReferenceError: 'tokenz' is not defined")).toBeUndefined();
    expect(missingGlobalAdvice("TypeError: not a function")).toBeUndefined();
  });
});

test("stack frames name the learner's file and line, without QuickJS's column", () => {
  const stack = "    at tryAcquire (solution.ts:25:20)\n    at drive (judge:internal:1:2)";
  expect(learnerFrames(stack, "solution.ts")).toEqual(["at tryAcquire (solution.ts:25)"]);
});
