import { describe, expect, test } from "vitest";
import { resultsDocumentSchema, type ResultsDocument } from "@/lib/judge/results";
import { MAX_RESULTS_BYTES, boundResultsDocument } from "@/lib/judge/results-bounds";
import { judgeWithSuite } from "./judge-helpers";

const bytes = (doc: unknown) => new TextEncoder().encode(JSON.stringify(doc)).length;

function documentOf(tests: ResultsDocument["tests"]): ResultsDocument {
  return { version: 3, status: "fail", verdict: "wrong_answer", resources: { wallMs: 1 }, tests };
}

describe("results documents are bounded", () => {
  test("9,000 failing tests with long messages fit in 256 KB and keep the verdict", () => {
    const tests = Array.from({ length: 9000 }, (_, i) => ({
      name: `test ${i}`,
      status: "fail" as const,
      hidden: false,
      message: "m".repeat(1000),
      output: "o".repeat(4000),
    }));
    const bounded = boundResultsDocument(documentOf(tests));
    expect(bytes(bounded)).toBeLessThanOrEqual(MAX_RESULTS_BYTES);
    expect(bounded.truncated).toBe(true);
    expect(bounded.verdict).toBe("wrong_answer");
    expect(resultsDocumentSchema.safeParse(bounded).success).toBe(true);
  });

  test("a small document is returned as it was, without a truncated flag", () => {
    const doc = documentOf([{ name: "a", status: "pass", hidden: false }]);
    expect(boundResultsDocument(doc)).toBe(doc);
  });

  test("a judge whose every test prints to its cap still returns a bounded document", async () => {
    const suite = `import { test } from "judge";
for (let i = 0; i < 200; i++) test("prints " + i, () => { console.log("y".repeat(5000)); throw new Error("e".repeat(5000)); });`;
    const doc = await judgeWithSuite(`export {};`, suite);
    expect(doc.tests).toHaveLength(200);
    expect(bytes(doc)).toBeLessThanOrEqual(MAX_RESULTS_BYTES);
    expect(doc.truncated).toBe(true);
  });
});
