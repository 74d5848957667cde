import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { JudgePool, judgeSubmission, warmupJob } from "@/lib/judge";

// Issue 12, "a verdict depends on the code, not on the machine's load": work the step counter does
// not see (stack capture in deep recursion, BigInt products, a sparse join) is caught by safety
// nets that count the worker thread's CPU time, not wall time. Each file is judged on the machine
// as it is, then again while threads spin on every core, and must get the same verdict.

const corpusDir = path.join(process.cwd(), "tests", "fixtures", "judge", "hostile");
// The finding (TLE whatever the load) and a correct limiter with uncounted work (accepted whatever
// the load). The other classes are in the hostile corpus (judge-hostile.test.ts).
const files = ["stack-capture-recursion", "stack-capture-per-limiter"];
const cases = files.map((name) => {
  const code = fs.readFileSync(path.join(corpusDir, `${name}.ts`), "utf8");
  const expected = /^\/\/ expect: (.+)$/m.exec(code)?.[1]?.trim();
  return { name, code, expected };
});

let pool: JudgePool;

beforeAll(async () => {
  pool = new JudgePool({ size: 1, warmup: warmupJob(loadExerciseForJudge("fixed-window")) });
  await pool.whenReady();
}, 60_000);

afterAll(async () => {
  await pool.close();
});

async function verdicts(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of cases) {
    const doc = await judgeSubmission(
      { exerciseId: "fixed-window", code: entry.code, mode: "submit" },
      { pool },
    );
    out[entry.name] = doc.verdict;
  }
  const honest = loadExerciseForJudge("fixed-window").solution;
  out.honest = (
    await judgeSubmission({ exerciseId: "fixed-window", code: honest, mode: "submit" }, { pool })
  ).verdict;
  return out;
}

/** Threads that spin until terminated: a CPU hog on every core of this machine. */
function startHog(threads: number): Worker[] {
  return Array.from(
    { length: threads },
    () => new Worker("for (;;) {}", { eval: true, resourceLimits: { maxOldGenerationSizeMb: 16 } }),
  );
}

test(
  "the same files get the same verdicts idle and under a CPU hog",
  { timeout: 300_000 },
  async () => {
    const quiet = await verdicts();
    expect(quiet).toEqual({
      ...Object.fromEntries(cases.map((c) => [c.name, c.expected])),
      honest: "accepted",
    });
    // Eight spinning threads: on two cores the judge's thread gets about a fifth of the time it had.
    const hog = startHog(8);
    try {
      expect(await verdicts()).toEqual(quiet);
    } finally {
      await Promise.all(hog.map((worker) => worker.terminate()));
    }
  },
);
