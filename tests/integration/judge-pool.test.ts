import { afterAll, beforeAll, expect, test } from "vitest";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { JudgePool, judgeSubmission, warmupJob } from "@/lib/judge";
import { ReferenceAnswerCache, judgeWithReferenceAnswers } from "@/lib/judge/core";
import { judgeJob } from "@/lib/judge/judge-submission";
import { sharedQuickJS, stable } from "../unit/judge/judge-helpers";

let pool: JudgePool;

beforeAll(async () => {
  pool = new JudgePool({ size: 2, warmup: warmupJob(loadExerciseForJudge("fixed-window")) });
  await pool.whenReady();
}, 60_000);

afterAll(() => pool.close());

test("a worker judges exactly as the core does in this process", async () => {
  const { solution } = loadExerciseForJudge("sliding-counter");
  const viaPool = await judgeSubmission(
    { exerciseId: "sliding-counter", code: solution, mode: "submit" },
    { pool },
  );
  // A fresh worker records the reference's answers on this first judge; so does this process.
  const { quickjs } = await sharedQuickJS();
  const exercise = loadExerciseForJudge("sliding-counter");
  const inProcess = await judgeWithReferenceAnswers(
    { quickjs, ...judgeJob(exercise, solution, "submit") },
    new ReferenceAnswerCache(),
  );
  expect(viaPool.verdict).toBe("accepted");
  expect(stable(viaPool)).toEqual(stable(inProcess));
  // Work is counted in interpreter steps, so it is the same wherever and however busy.
  expect(viaPool.resources.steps).toBe(inProcess.resources.steps);
});

test("Run judges the visible tests only; Submit adds the hidden ones", async () => {
  const { starter } = loadExerciseForJudge("token-bucket");
  const run = await judgeSubmission(
    { exerciseId: "token-bucket", code: starter, mode: "run" },
    { pool },
  );
  const submit = await judgeSubmission(
    { exerciseId: "token-bucket", code: starter, mode: "submit" },
    { pool },
  );
  expect(run.tests.every((t) => !t.hidden)).toBe(true);
  expect(submit.tests.filter((t) => t.hidden).length).toBeGreaterThan(5);
  expect(submit.tests.slice(0, run.tests.length)).toEqual(run.tests);
});

test("jobs queue when every worker is busy, and all are answered", async () => {
  const ids = [
    "fixed-window",
    "sliding-log",
    "token-bucket",
    "leaky-bucket",
    "keyed-limiter",
    "http-answer",
  ];
  const docs = await Promise.all(
    ids.map((exerciseId) =>
      judgeSubmission(
        { exerciseId, code: loadExerciseForJudge(exerciseId).solution, mode: "submit" },
        { pool },
      ),
    ),
  );
  expect(docs.map((d) => d.verdict)).toEqual(ids.map(() => "accepted"));
});

test("a judge killed from outside keeps the results of the tests that finished", async () => {
  // Correct for the first calls, then one built-in call that runs for seconds between interrupt checks.
  const code = `
    let calls = 0;
    export class FixedWindow {
      allow(): boolean {
        if (++calls > 40) return "ab".repeat(4e6).lastIndexOf("ba".repeat(1000) + "c") > 0;
        return true;
      }
    }`;
  const before = pool.stats();
  const doc = await judgeSubmission({ exerciseId: "fixed-window", code, mode: "submit" }, { pool });
  // The headline is the first failing test's (a wrong answer); the document says why it stopped.
  expect(doc.verdict).toBe("wrong_answer");
  expect(doc.message).toMatch(/^stopped from outside after/);
  expect(doc.tests[0]?.status).toBe("fail");
  const stopped = doc.tests.findIndex((t) => t.message?.startsWith("stopped from outside after"));
  expect(stopped).toBeGreaterThan(0);
  expect(
    doc.tests.slice(stopped + 1).every((t) => t.hidden || t.message?.startsWith("not run")),
  ).toBe(true);
  expect(pool.stats().killed).toBe(before.killed + 1);
  await pool.whenReady();
  expect(pool.stats().ready).toBe(2);
});

test("a worker whose module memory grew is replaced before its next judge", async () => {
  const before = pool.stats().replaced;
  const code = `const chunk = "x".repeat(1 << 16);
    export class FixedWindow { private hoard: string[] = []; allow(): boolean { for (;;) this.hoard.push(chunk + this.hoard.length); } }`;
  const doc = await judgeSubmission({ exerciseId: "fixed-window", code, mode: "run" }, { pool });
  // The first test is stopped for time while the heap fills; a later one runs out of memory.
  expect(doc.tests.some((t) => t.message?.startsWith("ran out of memory"))).toBe(true);
  expect(pool.stats().replaced).toBe(before + 1);
  const { solution } = loadExerciseForJudge("fixed-window");
  const next = await judgeSubmission(
    { exerciseId: "fixed-window", code: solution, mode: "submit" },
    { pool },
  );
  expect(next.verdict).toBe("accepted");
});

test("a judge stopped from outside keeps the tests that finished and blames the one running", async () => {
  const suite = `
import { test, expect } from "judge";
import { slow } from "./solution";
test("first", () => { expect(1, "one").toBe(1); });
test("second", () => { expect(2, "two").toBe(2); });
test("the slow one", () => { slow(); });
test("after it", () => { expect(3, "three").toBe(3); });
`;
  // One built-in call that never reaches the interrupt handler: only the pool's kill stops it.
  const code = `export function slow() { return "ab".repeat(4e6).lastIndexOf("ba".repeat(1000) + "c"); }`;
  const doc = await pool.judge({
    code,
    suites: [{ file: "tests.ts", source: suite, hidden: false }],
    limits: { testTimeMs: 100, totalTimeMs: 200 },
  });
  expect(doc.verdict).toBe("time_limit_exceeded");
  expect(doc.tests.map((t) => [t.name, t.status])).toEqual([
    ["first", "pass"],
    ["second", "pass"],
    ["the slow one", "error"],
    ["after it", "error"],
  ]);
  expect(doc.tests[2]!.message).toMatch(/one call into a built-in ran that long/);
  expect(doc.tests[2]!.message).toMatch(/stopped from outside after \d+\.\d s of work/);
  expect(doc.tests[3]!.message).toMatch(/not run/);
});

test("a job waiting behind a slow judge goes to the first worker that is free", async () => {
  // Each worker gets its next job while it judges (sent ahead); until it starts it, a free worker
  // takes it. The slow judge runs to a work budget of 5,000 steps (over a second), the quick ones
  // a few ms: with the default 0.3 s budget, a CI run with every core busy let the slow judge
  // finish before the second quick one, whose worker was still starting.
  const suite = `import { test } from "judge";\nimport { run } from "./solution";\ntest("runs", () => { run(); });`;
  const job = (code: string, limits?: { testTimeMs: number; totalTimeMs: number }) => ({
    code,
    suites: [{ file: "tests.ts", source: suite, hidden: false }],
    ...(limits ? { limits } : {}),
  });
  await pool.whenReady(); // both workers: the last test's was replaced
  const order: string[] = [];
  const slow = pool
    .judge(job(`export function run() { for (;;); }`, { testTimeMs: 5000, totalTimeMs: 5000 }))
    .then((doc) => order.push(`slow ${doc.verdict}`));
  const quick = [1, 2].map((n) =>
    pool
      .judge(job(`export function run() {}`))
      .then((doc) => order.push(`quick${n} ${doc.verdict}`)),
  );
  await Promise.all([slow, ...quick]);
  // The second quick job was sent ahead to the slow judge's worker; the other worker took it back.
  expect(order).toEqual(["quick1 accepted", "quick2 accepted", "slow time_limit_exceeded"]);
});

test("a job sent ahead to a worker that is replaced is judged by its successor", async () => {
  const single = new JudgePool({ size: 1 });
  try {
    await single.whenReady();
    const grow = `const chunk = "x".repeat(1 << 16);
      export class FixedWindow { private hoard: string[] = []; allow(): boolean { for (;;) this.hoard.push(chunk + this.hoard.length); } }`;
    const { solution } = loadExerciseForJudge("fixed-window");
    const [grown, next] = await Promise.all([
      judgeSubmission({ exerciseId: "fixed-window", code: grow, mode: "run" }, { pool: single }),
      judgeSubmission(
        { exerciseId: "fixed-window", code: solution, mode: "run" },
        { pool: single },
      ),
    ]);
    expect(grown.tests.some((t) => t.message?.startsWith("ran out of memory"))).toBe(true);
    expect(single.stats().replaced).toBe(1);
    expect(next.verdict).toBe("accepted");
  } finally {
    await single.close();
  }
});
