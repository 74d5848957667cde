import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { ReferenceAnswerCache, judgeWithReferenceAnswers } from "@/lib/judge/core";
import { HARNESS_SOURCE } from "@/lib/judge/core/harness";
import { transpileTypeScript } from "@/lib/judge/core/transpile";
import { judgeJob } from "@/lib/judge/judge-submission";
import { loadQuickJS, type LoadedQuickJS } from "@/lib/judge/node/load-quickjs";
import { WorkerSandbox } from "@/lib/judge/node/worker-sandbox";
import type { ResultsDocument } from "@/lib/judge/results";
import { countingCode, memoryHolds, probeCode, watchMemory } from "./memory-scan";

// Issue 12, defence in depth (decision 190): even with a bug that let it read any byte of the
// sandbox's memory, learner code must find neither the reference nor, where it can print what it
// finds (while its module loads and in the visible tests), the hidden suite. The host looks at the
// module's memory at the moments learner code runs, in a worker's module: warmed with a judge of
// the reference, which records the answers later judges replay, and after another learner's
// judge that ran the reference live.

const exercise = loadExerciseForJudge("fixed-window");
/** Only in tests.hidden.ts: how its busy minute is built. */
const HIDDEN_MARKER = "count: second % 7";
/** Only in the reference solution: a comment inside its allow(). */
const REFERENCE_MARKER = "history is forgotten at the boundary";

let loaded: LoadedQuickJS;
const holds = (marker: string) => memoryHolds(loaded.memory, marker);

interface Scan {
  phase: "visible" | "hidden";
  hidden: boolean;
  reference: boolean;
}
const scans: Scan[] = [];
let watch: { restore(): void } | undefined;

beforeAll(() => {
  watch = watchMemory({
    onScan(_, inHiddenPhase) {
      scans.push({
        phase: inHiddenPhase ? "hidden" : "visible",
        hidden: holds(HIDDEN_MARKER),
        reference: holds(REFERENCE_MARKER),
      });
    },
    searchable: () => loaded.memory,
  });
});

afterAll(() => watch?.restore());

let worker: WorkerSandbox;
let cache: ReferenceAnswerCache;

beforeAll(async () => {
  worker = await WorkerSandbox.load(async () => (loaded = await loadQuickJS()));
  cache = new ReferenceAnswerCache();
});

/** Judges as a pool worker does: its module, its cache of the reference's answers. */
async function judge(code: string): Promise<ResultsDocument> {
  const job = judgeJob(exercise, code, "submit");
  const document = await judgeWithReferenceAnswers(
    // Looking at the memory takes host time: the safety nets must not mistake it for the learner's.
    { quickjs: worker.quickjs, ...job, limits: { testTimeMs: 5000, totalTimeMs: 20_000 } },
    cache,
    { afterRecording: () => worker.erase() },
  );
  worker.erase();
  return document;
}

describe("the markers", () => {
  test("are in the secret files only, not in anything the learner can read anyway", () => {
    const hidden = transpileTypeScript(exercise.hiddenTests);
    const reference = transpileTypeScript(exercise.solution);
    expect(hidden.ok && hidden.code.includes(HIDDEN_MARKER)).toBe(true);
    expect(reference.ok && reference.code.includes(REFERENCE_MARKER)).toBe(true);
    for (const text of [HARNESS_SOURCE, exercise.visibleTests, exercise.starter, probeCode]) {
      expect(text).not.toContain(HIDDEN_MARKER);
      expect(text).not.toContain(REFERENCE_MARKER);
    }
  });
});

describe("learner code finds no secret in its memory", () => {
  test("after a judge of the reference and another learner's failure, the module's memory holds neither", async () => {
    expect((await judge(exercise.solution)).verdict).toBe("accepted");
    const failing = await judge(countingCode);
    expect(failing.tests.find((t) => t.name.startsWith("random traces"))?.status).toBe("fail");
    expect(holds(REFERENCE_MARKER)).toBe(false);
    expect(holds(HIDDEN_MARKER)).toBe(false);
  }, 120_000);

  test("neither secret while its module loads or a visible test runs, nor the reference in a hidden test", async () => {
    scans.length = 0;
    const doc = await judge(probeCode);
    expect(doc.verdict).toBe("accepted");
    const visible = scans.filter((s) => s.phase === "visible");
    const hidden = scans.filter((s) => s.phase === "hidden");
    expect(visible.filter((s) => s.hidden || s.reference)).toEqual([]);
    expect(hidden.filter((s) => s.reference)).toEqual([]);
    // It looked: while the module loaded, then at least once per visible test; and in the hidden
    // tests, where the scan does see the hidden suite it cannot print.
    expect(visible.length).toBeGreaterThanOrEqual(1 + doc.tests.filter((t) => !t.hidden).length);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((s) => s.hidden)).toBe(true);
  }, 120_000);

  test("a learner that could read any byte of its memory prints nothing of either", async () => {
    const code = fs.readFileSync(
      path.join(process.cwd(), "tests/fixtures/judge/hostile/heap-read-anywhere.ts"),
      "utf8",
    );
    const doc = await judge(code);
    const printed = JSON.stringify(doc);
    // The attack ran, and says so where the learner sees it.
    expect(doc.output).toMatch(/searched the heap: [1-9]\d* copies/);
    expect(printed).not.toContain(REFERENCE_MARKER);
    expect(printed).not.toContain(HIDDEN_MARKER);
    expect(printed).not.toContain("expectSameAs(learner");
    expect(doc.verdict).toBe("accepted");
  }, 120_000);

  test("a judge that has to record the reference's answers first erases them before the learner's code runs", async () => {
    cache = new ReferenceAnswerCache();
    scans.length = 0;
    const doc = await judge(probeCode);
    expect(doc.verdict).toBe("accepted");
    expect(scans.filter((s) => s.phase === "visible" && (s.hidden || s.reference))).toEqual([]);
  }, 120_000);
});

describe("erasing the module's memory", () => {
  test("leaves a module that judges as before", async () => {
    const before = await judge(countingCode);
    worker.erase();
    worker.erase();
    const after = await judge(countingCode);
    expect({ ...after, resources: {} }).toEqual({ ...before, resources: {} });
  }, 120_000);
});
