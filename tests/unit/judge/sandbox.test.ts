import { describe, expect, test } from "vitest";
import { judgeInSandbox, SANDBOX_MAX_BYTES } from "@/lib/judge/core";
import { loadQuickJS } from "@/lib/judge/node/load-quickjs";
import { judgeWithSuite, stable } from "./judge-helpers";

// The sandbox's rules, each with a test. Bombs that need a large host stack run in the worker pool
// (tests/integration/judge-hostile.test.ts); these run in this process.

const runSuite = `
import { expect, test } from "judge";
import { run } from "./solution";
test("run() returns 1", () => { expect(run(), "run()").toBe(1); });
test("a second test still runs", () => { expect(1, "one").toBe(1); });
`;

const asyncSuite = `
import { expect, test } from "judge";
import { run } from "./solution";
test("run() resolves to 1", async () => { expect(await run(), "run()").toBe(1); });
test("a second test still runs", () => { expect(1, "one").toBe(1); });
`;

describe("memory", () => {
  test("a bomb stops at the fixed WebAssembly.Memory maximum even when the runtime limit would not", async () => {
    const { quickjs, memory } = await loadQuickJS();
    const code = `export function run() { const a = []; for (;;) a.push("x".repeat(4096) + a.length); }`;
    const doc = await judgeInSandbox({
      quickjs,
      code,
      suites: [{ file: "tests.ts", source: runSuite, hidden: false }],
      limits: { memoryBytes: 2 ** 31, testTimeMs: 10_000, totalTimeMs: 20_000 },
    });
    expect(doc.verdict).toBe("memory_limit_exceeded");
    expect(memory.buffer.byteLength).toBeLessThanOrEqual(SANDBOX_MAX_BYTES);
    // One bomb is enough to know: the tests after it are not run.
    expect(doc.tests[1]?.message).toBe("not run: an earlier test ran out of memory");
  });

  test("a bomb under the runtime's own limit is reported as out of memory", async () => {
    const code = `export function run() { let s = []; for (;;) s.push(new Array(1000).fill(s.length)); }`;
    // Time to spare: on a loaded CI machine the wall-time net (3x the budget) once tripped first.
    const limits = { memoryBytes: 8 * 2 ** 20, testTimeMs: 5_000, totalTimeMs: 5_000 };
    const doc = await judgeWithSuite(code, runSuite, { limits });
    expect(doc.verdict).toBe("memory_limit_exceeded");
    expect(doc.tests[0]?.message).toContain("ran out of memory");
  });
});

describe("measuring the heap", () => {
  test("heapBytes() sees the heap grow, and the host function behind it is not left on the global", async () => {
    const code = `import { heapBytes } from "judge";
export function run() {
  const before = heapBytes();
  const kept: { i: number }[] = [];
  for (let i = 0; i < 10_000; i++) kept.push({ i });
  const grown = heapBytes() - before;
  return grown > 10_000 * 16 && !("__judgeHeapBytes" in globalThis) ? 1 : grown;
}`;
    const doc = await judgeWithSuite(code, runSuite);
    expect(doc.tests[0]?.message).toBeUndefined();
    expect(doc.verdict).toBe("accepted");
  });

  test("calling it in a loop on a large heap is stopped by the time limit", async () => {
    const code = `import { heapBytes } from "judge";
export function run() {
  const kept: number[][] = [];
  for (let i = 0; i < 100_000; i++) kept.push([i]);
  for (;;) heapBytes();
}`;
    const started = performance.now();
    const doc = await judgeWithSuite(code, runSuite, { limits: { testTimeMs: 300 } });
    expect(doc.verdict).toBe("time_limit_exceeded");
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe("time", () => {
  test("an endless loop is stopped at the test's deadline and the next test still runs", async () => {
    const started = performance.now();
    const doc = await judgeWithSuite(`export function run() { for (;;) {} }`, runSuite, {
      limits: { testTimeMs: 100 },
    });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(doc.verdict).toBe("time_limit_exceeded");
    expect(doc.status).toBe("fail");
    expect(doc.tests.map((t) => t.status)).toEqual(["error", "pass"]);
    expect(doc.tests[0]?.message).toContain("stopped after 100 ms of work");
  });

  test("an endless chain of microtasks is stopped", async () => {
    const code = `export async function run() { const spin = () => Promise.resolve().then(spin); spin(); await new Promise(() => {}); }`;
    const doc = await judgeWithSuite(code, asyncSuite, { limits: { testTimeMs: 100 } });
    expect(doc.verdict).toBe("time_limit_exceeded");
    expect(doc.tests[1]?.status).toBe("pass");
  });

  test("a promise that never settles ends its test with a message", async () => {
    const doc = await judgeWithSuite(
      `export function run() { return new Promise(() => {}); }`,
      asyncSuite,
    );
    expect(doc.verdict).toBe("time_limit_exceeded");
    expect(doc.tests[0]?.message).toContain("never finished");
    expect(doc.tests[1]?.status).toBe("pass");
  });

  test("tests after the judge's budget is spent are reported as not run", async () => {
    const suite = `
      import { test } from "judge";
      import { run } from "./solution";
      for (let i = 0; i < 5; i++) test("loop " + i, () => { run(); });`;
    const doc = await judgeWithSuite(`export function run() { for (;;) {} }`, suite, {
      limits: { testTimeMs: 100, totalTimeMs: 250 },
    });
    expect(doc.tests.map((t) => t.message?.slice(0, 7))).toEqual([
      "stopped",
      "stopped",
      "stopped",
      "not run",
      "not run",
    ]);
  });
});

describe("stack", () => {
  // Endless recursion is in the hostile corpus: it needs the pool worker's 4 MB host stack.
  test("deep but finite recursion is allowed", async () => {
    const code = `export function run(): number { const down = (n: number): number => (n === 0 ? 1 : down(n - 1)); return down(1000); }`;
    expect((await judgeWithSuite(code, runSuite)).verdict).toBe("accepted");
  });
});

describe("what the sandbox does not offer", () => {
  test("no process, require, timers, network or filesystem", async () => {
    const code = `export function run() {
      return [typeof process, typeof require, typeof setTimeout, typeof setInterval, typeof fetch,
        typeof queueMicrotask, typeof WebAssembly, typeof std, typeof os].join(",");
    }`;
    const suite = `import { expect, test } from "judge"; import { run } from "./solution";
      test("nothing", () => { expect(run(), "globals").toBe(Array(9).fill("undefined").join(",")); });`;
    expect((await judgeWithSuite(code, suite)).verdict).toBe("accepted");
  });

  test("import() of anything is refused", async () => {
    const code = `export async function run() {
      for (const name of ["fs", "node:fs", "reference", "judge:internal", "./tests"]) {
        try { await import(name); return name; } catch { /* refused */ }
      }
      return 1;
    }`;
    expect((await judgeWithSuite(code, asyncSuite)).verdict).toBe("accepted");
  });

  test("a static import of anything but judge fails with a clear message", async () => {
    const doc = await judgeWithSuite(
      `import fs from "fs";\nexport const run = () => fs;`,
      runSuite,
    );
    expect(doc.status).toBe("error");
    expect(doc.message).toContain('cannot import "fs"');
  });

  test("a visible suite cannot import the reference", async () => {
    const suite = `import * as reference from "reference"; import { test } from "judge"; test("t", () => { void reference; });`;
    const doc = await judgeWithSuite(`export const run = () => 1;`, suite, {
      reference: `export const secret = 1;`,
    });
    expect(doc.status).toBe("error");
    expect(doc.tests).toEqual([]);
  });
});

describe("the wall clock (trap B)", () => {
  test.each(["Date.now()", "new Date()", "performance.now()"])(
    "%s fails with a message pointing at the injected clock",
    async (call) => {
      const doc = await judgeWithSuite(
        `export function run() { return ${call} > 0 ? 1 : 1; }`,
        runSuite,
      );
      expect(doc.verdict).toBe("runtime_error");
      expect(doc.tests[0]?.message).toContain(`${call} does not tell the time in the judge`);
      expect(doc.tests[0]?.message).toContain("clock.now()");
    },
  );

  test("a limiter that swallows the error is still told it read the wall clock", async () => {
    const doc = await judgeWithSuite(
      `export function run() { try { Date.now(); } catch {} return 2; }`,
      runSuite,
    );
    expect(doc.tests[0]?.message).toContain("Your limiter read the wall clock");
  });

  test("dates from a number still work", async () => {
    const doc = await judgeWithSuite(
      `export const run = () => new Date(0).getTime() + 1;`,
      runSuite,
    );
    expect(doc.verdict).toBe("accepted");
  });
});

describe("determinism", () => {
  test("Math.random is seeded, so a verdict is a pure function of the code and the suite", async () => {
    const code = `export const run = () => Math.random();`;
    const first = stable(await judgeWithSuite(code, runSuite));
    const second = stable(await judgeWithSuite(code, runSuite));
    expect(first.tests[0]?.message).toMatch(/expected 1, got 0\.\d+/);
    expect(second).toEqual(first);
  });
});

describe("prototype pollution", () => {
  test("a polluted built-in cannot forge a pass", async () => {
    const code = `
      const attempts = [
        () => { Array.prototype.filter = () => [1, 1, 1]; },
        () => { Object.prototype.toJSON = () => ({ status: "pass" }); },
        () => { JSON.stringify = () => '{"status":"pass"}'; },
        () => { Function.prototype.call = () => undefined; },
        () => { Promise.prototype.then = function (ok) { ok(); }; },
        () => { Object.defineProperty(Object.prototype, "status", { get: () => "pass" }); },
        () => { globalThis.Object = function () {}; },
        () => { (globalThis as any).expect = () => ({ toBe() {} }); },
      ];
      let blocked = 0;
      for (const attempt of attempts) { try { attempt(); } catch { blocked++; } }
      export const run = () => blocked;`;
    const suite = `import { expect, test } from "judge"; import { run } from "./solution";
      test("all blocked", () => { expect(run(), "blocked").toBe(8); });
      test("and the limiter is still wrong", () => { expect([run()].filter((n) => n === 0).length, "zeros").toBe(1); });`;
    const doc = await judgeWithSuite(code, suite);
    expect(doc.tests.map((t) => t.status)).toEqual(["pass", "fail"]);
    expect(doc.verdict).toBe("wrong_answer");
  });

  test("an Error subclass can still name itself", async () => {
    const code = `class LimitError extends Error { constructor() { super("x"); this.name = "LimitError"; } }
      export const run = () => new LimitError().name === "LimitError" ? 1 : 0;`;
    expect((await judgeWithSuite(code, runSuite)).verdict).toBe("accepted");
  });

  test("the judge's own clock cannot be tampered with by the limiter it is given to", async () => {
    const code = `export class Limiter { constructor(clock: any) { try { clock.now = () => 0; } catch {} this.clock = clock; }
      clock: any; allow() { return this.clock.now() >= 1000; } }`;
    const suite = `import { ManualClock, expectTrace, test } from "judge"; import { Limiter } from "./solution";
      test("time", () => { const clock = new ManualClock(); expectTrace(new Limiter(clock), clock, [{ at: 1000, expect: "allowed" }]); });`;
    expect((await judgeWithSuite(code, suite)).verdict).toBe("accepted");
  });
});

describe("output and errors", () => {
  test("console output is kept per test and capped, and the learner is told what was cut", async () => {
    const code = `export function run() { for (let i = 0; i < 5000; i++) console.log("line " + i + " " + "x".repeat(100)); return 1; }`;
    const doc = await judgeWithSuite(code, runSuite, { limits: { outputChars: 1000 } });
    const output = doc.tests[0]?.output ?? "";
    expect(doc.tests[0]?.status).toBe("pass");
    expect(output.length).toBeLessThan(1300);
    expect(output).toMatch(
      /output cut: the judge keeps the first 1000 characters a test prints; 4991 more lines \(\d+ characters\) not shown/,
    );
    expect(JSON.stringify(doc).length).toBeLessThan(8000);
  });

  test("a test that prints past the output limit is stopped with its own verdict, naming the line", async () => {
    const code = [
      "export function run() {",
      "  for (let i = 0; i < 1e6; i++) {",
      '    console.log("#".repeat(1000));',
      "  }",
      "  return 0;",
      "}",
    ].join("\n");
    const started = performance.now();
    const doc = await judgeWithSuite(code, runSuite);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(doc.verdict).toBe("output_limit_exceeded");
    expect(doc.tests[0]?.message).toMatch(
      /^stopped: this test printed more than 1,000,000 characters \(console\.log at solution\.ts:3\)/,
    );
    expect(doc.tests[1]?.message).toBe("not run: an earlier test printed past the output limit");
  });

  test("catching the output limit's error does not get a test past it", async () => {
    const code = `export function run() { for (let i = 0; i < 3000; i++) { try { console.log("#".repeat(1000)); } catch {} } return 0; }`;
    const doc = await judgeWithSuite(code, runSuite);
    expect(doc.verdict).toBe("output_limit_exceeded");
  });

  test.each([
    ["42", "not an Error: 42"],
    ["null", "not an Error: null"],
    ['{ get message() { throw new Error("no"); } }', "not an Error"],
    ["Symbol('s')", "not an Error: Symbol()"],
  ])("throwing %s is a runtime error with a readable message", async (value, text) => {
    const doc = await judgeWithSuite(`export function run() { throw ${value}; }`, runSuite);
    expect(doc.verdict).toBe("runtime_error");
    expect(doc.tests[0]?.message).toContain(text);
  });

  test("an error whose getters never return cannot hang the judge", async () => {
    const code = `export function run() { const e = new Error("x"); Object.defineProperty(e, "message", { get() { for (;;) {} } }); throw e; }`;
    const started = performance.now();
    const doc = await judgeWithSuite(code, runSuite, { limits: { testTimeMs: 200 } });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(doc.tests[0]?.status).toBe("error");
    expect(doc.tests[1]?.status).toBe("pass");
  });

  test("a runtime error shows the learner's own stack frames", async () => {
    const code = `export function run() {\n  const o: any = undefined;\n  return o.x;\n}`;
    const doc = await judgeWithSuite(code, runSuite);
    expect(doc.tests[0]?.message).toMatch(/TypeError: .*\n\s+at run \(solution\.ts:3\)/);
  });

  test("an error thrown while a test makes requests names the learner's line, as written in TypeScript", async () => {
    // Types, an interface and a parameter property move columns but not lines.
    const code = [
      "interface State {",
      "  tokens: number;",
      "}",
      "export class Limiter {",
      "  private state: State | undefined;",
      "  constructor(private readonly clock: { now(): number }) {}",
      "  allow(): boolean {",
      "    return (this.state as State).tokens > 0;",
      "  }",
      "}",
    ].join("\n");
    const tests = `import { test, expectTrace, ManualClock } from "judge";
import { Limiter } from "./solution";
test("one request", () => {
  const clock = new ManualClock();
  expectTrace(new Limiter(clock), clock, [{ at: 0, expect: "allowed" }]);
});`;
    const doc = await judgeWithSuite(code, tests);
    expect(doc.tests[0]?.message).toContain(
      "your limiter threw TypeError: cannot read property 'tokens' of undefined (at solution.ts:8)",
    );
  });
});

describe("compile errors", () => {
  test("a syntax error points at its line and column", async () => {
    const doc = await judgeWithSuite(`export function run() {\n  return 1 +;\n}`, runSuite);
    expect(doc.status).toBe("error");
    expect(doc.verdict).toBe("compile_error");
    expect(doc.compileErrors).toEqual([{ line: 2, column: 13, message: "Unexpected token" }]);
    expect(doc.tests).toEqual([]);
  });

  test("an error only the engine finds is placed too", async () => {
    const doc = await judgeWithSuite(
      `let x = 1;\nlet x = 2;\nexport const run = () => x;`,
      runSuite,
    );
    expect(doc.verdict).toBe("compile_error");
    expect(doc.compileErrors?.[0]?.line).toBe(2);
  });

  test("a missing export names the export the tests need", async () => {
    const doc = await judgeWithSuite(`export const walk = () => 1;`, runSuite);
    expect(doc.verdict).toBe("compile_error");
    expect(doc.message).toBe("solution.ts must export run (the tests import it)");
  });

  test("a module that throws while loading is reported as such", async () => {
    const doc = await judgeWithSuite(
      `throw new RangeError("bad config");\nexport const run = () => 1;`,
      runSuite,
    );
    expect(doc.status).toBe("error");
    expect(doc.verdict).toBe("runtime_error");
    expect(doc.message).toContain("solution.ts failed while loading: RangeError: bad config");
  });
});

describe("hidden tests", () => {
  test("a failing hidden test reports only its name, status and category", async () => {
    const hidden = `import { describe, expect, test } from "judge"; import { run } from "./solution";
      describe("secret category", () => { test("secret", () => { console.log("psst"); expect(run(), "run()").toBe(2); }); });`;
    const { quickjs } = await loadQuickJS();
    const doc = await judgeInSandbox({
      quickjs,
      code: `export const run = () => 1;`,
      suites: [{ file: "tests.hidden.ts", source: hidden, hidden: true }],
    });
    expect(doc.tests).toEqual([
      { name: "secret", status: "fail", hidden: true, category: "secret category" },
    ]);
  });
});
