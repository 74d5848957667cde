import fs from "node:fs";
import * as fc from "fast-check";
import { describe, expect, test } from "vitest";
import { diffInputArbitrary } from "@/lib/judge/core/differential";
import { positionOf, transpileTypeScript } from "@/lib/judge/core/transpile";
import {
  redactHidden,
  resultsDocumentSchema,
  worstVerdict,
  type ResultsDocument,
} from "@/lib/judge";
import { judgeExercise } from "./judge-helpers";

describe("the results document", () => {
  test("the verdict names the most fundamental problem", () => {
    expect(worstVerdict([])).toBe("accepted");
    expect(worstVerdict(["accepted", "wrong_answer", "runtime_error"])).toBe("runtime_error");
    expect(worstVerdict(["wrong_answer", "time_limit_exceeded", "memory_limit_exceeded"])).toBe(
      "memory_limit_exceeded",
    );
    expect(worstVerdict(["memory_limit_exceeded", "compile_error"])).toBe("compile_error");
  });

  test("a hidden test keeps only its name, status and category", () => {
    const redacted = redactHidden({
      name: "n",
      status: "fail",
      hidden: true,
      category: "c",
      message: "secret",
      output: "secret",
      trace: { requests: [], firstDivergence: null },
    });
    expect(redacted).toEqual({ name: "n", status: "fail", hidden: true, category: "c" });
  });

  test("the schema refuses a verdict it does not know", () => {
    const doc: ResultsDocument = {
      version: 3,
      status: "pass",
      verdict: "accepted",
      resources: { wallMs: 1 },
      tests: [],
    };
    expect(resultsDocumentSchema.safeParse(doc).success).toBe(true);
    expect(resultsDocumentSchema.safeParse({ ...doc, verdict: "ok" }).success).toBe(false);
  });
});

describe("transpiling", () => {
  test("type-only imports vanish without moving a line", () => {
    const result = transpileTypeScript(
      'import type { Clock } from "judge";\nexport const x: number = 1;\n',
    );
    expect(result.ok && result.code.split("\n")[1]).toBe("export const x = 1;");
  });

  test("positions are 1-based lines and columns", () => {
    expect(positionOf("ab\ncd", 0)).toEqual({ line: 1, column: 1 });
    expect(positionOf("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
  });

  test("a file larger than any honest solution is refused before parsing", () => {
    const result = transpileTypeScript("//".padEnd(200_000, "x"));
    expect(result.ok).toBe(false);
  });
});

describe("differential testing", () => {
  test("generated traces never go back in time, and some land exactly on window edges", () => {
    const inputs = fc.sample(diffInputArbitrary(fc, "window"), { seed: 7, numRuns: 200 });
    let onEdge = 0;
    for (const { config, steps } of inputs) {
      steps.forEach((step, i) => {
        if (i > 0) expect(step.at).toBeGreaterThanOrEqual(steps[i - 1]!.at);
        if (step.at > 0 && step.at % config.windowMs! === 0) onEdge++;
      });
    }
    expect(onEdge).toBeGreaterThan(50);
  });

  test("a disagreement shrinks to a minimal trace, the same on every run", async () => {
    const code = fs.readFileSync(
      "tests/fixtures/judge/fail/sliding-log-as-fixed-window/submission.ts",
      "utf8",
    );
    // The random-trace test alone: with the whole suite, a fixed hidden test fails first and its
    // trace is the counterexample.
    const suites = [
      {
        file: "tests.hidden.ts",
        hidden: true,
        source: `import { differential } from "judge";
import * as reference from "reference";
import * as learner from "./solution";
differential("random traces agree with the reference", {
  kind: "window",
  learner,
  reference,
  setup: (c) => \`new SlidingLog(\${c.limit}, \${c.windowMs}, clock)\`,
  create: (m, clock, c) => new m.SlidingLog(c.limit, c.windowMs, clock),
});`,
      },
    ];
    const first = await judgeExercise("sliding-log", code, "submit", { suites });
    const second = await judgeExercise("sliding-log", code, "submit", { suites });
    const trace = first.counterexample?.trace;
    expect(trace?.requests.length).toBeLessThanOrEqual(3);
    expect(trace?.firstDivergence).toBeLessThan(trace?.requests.length ?? 0);
    expect(second.counterexample).toEqual(first.counterexample);
  });
});
