import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { judgeInSandbox } from "@/lib/judge/core";
import { judgeExercise, sharedQuickJS } from "./judge-helpers";

// Issue 12, "the hidden suite and the reference stay secret". The engine build has bugs that turn a
// typed array into a window over the sandbox's heap; the features behind them are removed before
// any learner code runs (decision 100).

const probe = (expression: string) => `export const seen = (() => {
  try { return String(${expression}); } catch (e) { return "threw " + (e as Error).name; }
})();
export class FixedWindow { allow(): boolean { return false; } }`;

const seenSuite = `import { expect, test } from "judge";
import { seen } from "./solution";
test("what the learner saw", () => { expect(seen, "seen").toBe("nothing"); });`;

describe("features tied to the engine's memory bugs are gone", () => {
  test.each([
    ["a resizable buffer", "new (ArrayBuffer as any)(8, { maxByteLength: 16 }).resizable", "false"],
    ["resize()", "typeof (ArrayBuffer.prototype as any).resize", "undefined"],
    ["transfer()", "typeof (ArrayBuffer.prototype as any).transfer", "undefined"],
    [
      "transferToFixedLength()",
      "typeof (ArrayBuffer.prototype as any).transferToFixedLength",
      "undefined",
    ],
    ["TypedArray.prototype.with", "typeof (Uint8Array.prototype as any).with", "undefined"],
    ["SharedArrayBuffer", "typeof (globalThis as any).SharedArrayBuffer", "undefined"],
    ["Atomics", "typeof (globalThis as any).Atomics", "undefined"],
    ["FinalizationRegistry", "typeof (globalThis as any).FinalizationRegistry", "undefined"],
    ["WeakRef", "typeof (globalThis as any).WeakRef", "undefined"],
    ["the real ArrayBuffer", "new Uint8Array(4).buffer.constructor === ArrayBuffer", "true"],
  ])("%s is gone (%s is %s)", async (_what, expression, expected) => {
    const doc = await judgeInSandbox({
      quickjs: (await sharedQuickJS()).quickjs,
      code: probe(expression),
      suites: [{ file: "tests.ts", source: seenSuite, hidden: false }],
    });
    expect(/got "([^"]*)"/.exec(doc.tests[0]?.message ?? "")?.[1]).toBe(expected);
  });

  test("an ArrayBuffer still works as one: typed arrays, slices and subclasses", async () => {
    const code = probe(
      "[new Uint8Array(new ArrayBuffer(4)).length, new ArrayBuffer(8).slice(2).byteLength, new (class extends ArrayBuffer {})(3).byteLength].join()",
    );
    const doc = await judgeInSandbox({
      quickjs: (await sharedQuickJS()).quickjs,
      code,
      suites: [{ file: "tests.ts", source: seenSuite, hidden: false }],
    });
    expect(doc.tests[0]?.message).toContain('got "4,6,3"');
  });
});

const corpus = path.join(process.cwd(), "tests", "fixtures", "judge", "hostile");

describe("what a window over the heap would find", () => {
  test("the heap-window exploit of the engine build reads nothing of the hidden suite", async () => {
    const code = fs.readFileSync(path.join(corpus, "heap-window-resizable.ts"), "utf8");
    const doc = await judgeExercise("fixed-window", code);
    expect(doc.verdict).not.toBe("accepted");
    const printed = JSON.stringify(doc);
    expect(printed).not.toContain("expectSameAs(");
  });
});
