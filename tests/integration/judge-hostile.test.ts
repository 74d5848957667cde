import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { JudgePool, judgeSubmission, warmupJob, type ResultsDocument } from "@/lib/judge";

// The hostile corpus (tests/fixtures/judge/hostile) through the worker pool, exactly as Submit does:
// each gets its verdict within 3 s while the other worker keeps judging honest submissions.

const corpusDir = path.join(process.cwd(), "tests", "fixtures", "judge", "hostile");
const corpus = fs
  .readdirSync(corpusDir)
  .filter((name) => name.endsWith(".ts"))
  .sort()
  .map((name) => {
    const code = fs.readFileSync(path.join(corpusDir, name), "utf8");
    const header = (key: string) => new RegExp(`^// ${key}: (.+)$`, "m").exec(code)?.[1]?.trim();
    return {
      name,
      code,
      exercise: header("exercise")!,
      expected: header("expect")!,
      // Text that would mean the attack read memory it had no business reading.
      mustNotPrint: header("must-not-print"),
    };
  });

const escapeMarker = "/tmp/tradeoff-judge-escaped";
let pool: JudgePool;
let honest: { running: boolean; done: number; verdicts: Set<string>; loop?: Promise<void> };

beforeAll(async () => {
  fs.rmSync(escapeMarker, { force: true });
  pool = new JudgePool({ size: 2, warmup: warmupJob(loadExerciseForJudge("fixed-window")) });
  await pool.whenReady();
  honest = { running: true, done: 0, verdicts: new Set() };
  const reference = loadExerciseForJudge("token-bucket").solution;
  honest.loop = (async () => {
    while (honest.running) {
      const doc = await judgeSubmission(
        { exerciseId: "token-bucket", code: reference, mode: "submit" },
        { pool },
      );
      honest.verdicts.add(doc.verdict);
      honest.done++;
    }
  })();
}, 60_000);

afterAll(async () => {
  honest.running = false;
  await honest.loop;
  await pool.close();
});

test("the corpus covers every kind of attack the issue lists", () => {
  expect(corpus.map((c) => c.name.replace(/\.ts$/, ""))).toEqual(
    expect.arrayContaining([
      "infinite-loop",
      "slow-builtin",
      "memory-bomb-array",
      "stack-bomb",
      "constructor-escape",
      "prototype-pollution",
      "endless-microtasks",
      "never-settling-promise",
      "huge-output",
      "throwing-non-errors",
      "forged-plan-category",
      "forged-plan-flood",
      "forged-plan-many-small",
      "heap-window-resizable",
      "typed-array-with-over-read",
      "sort-comparator-resize",
      "transfer-detach",
      "growable-shared-atomics",
      "finalization-registry",
      "stack-capture-recursion",
      "stack-capture-per-limiter",
      "bigint-arithmetic",
      "sparse-array-join",
      "regexp-backtracking",
    ]),
  );
});

test.each(corpus)(
  "$name gets $expected within 3 s of work while honest judges keep running",
  async (entry) => {
    const honestBefore = honest.done;
    const started = performance.now();
    const doc: ResultsDocument = await judgeSubmission(
      { exerciseId: entry.exercise, code: entry.code, mode: "submit" },
      { pool },
    );
    const elapsed = performance.now() - started;

    if (entry.expected.startsWith("not:")) expect(doc.verdict).not.toBe(entry.expected.slice(4));
    else expect(doc.verdict).toBe(entry.expected);
    // Within 3 s of the worker's CPU (its wall time where that cannot be read): the judge's limits
    // are work, so on a crowded machine the same verdict may take longer on the wall clock.
    expect(doc.resources.cpuMs ?? elapsed).toBeLessThan(3000);
    if (entry.mustNotPrint) expect(JSON.stringify(doc)).not.toContain(entry.mustNotPrint);
    // The results document stays small whatever the submission printed or threw.
    expect(JSON.stringify(doc).length).toBeLessThan(64_000);
    // The other worker judged honest submissions meanwhile (one judge is ~20 ms when warm).
    await waitFor(() => honest.done > honestBefore, 2000);
    expect([...honest.verdicts]).toEqual(["accepted"]);
  },
  // Work, not wall time, bounds a judge: on a machine busy with other builds one can take 10x longer.
  90_000,
);

test("no attempt reached the host's filesystem", () => {
  expect(fs.existsSync(escapeMarker)).toBe(false);
});

test("workers that were killed or damaged were replaced", () => {
  const stats = pool.stats();
  expect(stats.killed).toBeGreaterThanOrEqual(1);
  expect(stats.replaced).toBeGreaterThanOrEqual(stats.killed);
  expect(stats.size).toBe(2);
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!condition() && performance.now() < until) await new Promise((r) => setTimeout(r, 10));
}
