import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { ReferenceAnswerCache, judgeWithReferenceAnswers } from "@/lib/judge/core";
import { HARNESS_SOURCE } from "@/lib/judge/core/harness";
import { transpileTypeScript } from "@/lib/judge/core/transpile";
import { Sandbox } from "@/lib/judge/core/sandbox";
import { judgeJob } from "@/lib/judge/judge-submission";
import { loadQuickJS, type LoadedQuickJS } from "@/lib/judge/node/load-quickjs";
import { WorkerSandbox } from "@/lib/judge/node/worker-sandbox";
import type { ResultsDocument } from "@/lib/judge/results";
import { countingCode, memoryHolds, probeCode, watchMemory } from "./memory-scan";

// Issue 12, defence in depth (decisions 190, 460): even with a bug that let it read any byte of the
// sandbox's memory, learner code must find neither the reference's text nor the hidden suite's: not
// while its module loads and in the visible tests (neither is loaded yet), and not in the hidden
// tests either, where both are loaded in its heap but their text was blanked as soon as each was
// evaluated. The host looks at the module's memory at the moments learner code runs, in a worker's
// module: warmed with a judge of the reference, which records the answers later judges replay, and
// after another learner's judge that ran the reference live.

const exercise = loadExerciseForJudge("fixed-window");
/** Only in tests.hidden.ts: how its busy minute is built. */
const HIDDEN_MARKER = "count: second % 7";
/** Only in the reference solution: a comment inside its allow(). */
const REFERENCE_MARKER = "history is forgotten at the boundary";

const js = (ts: string) => {
  const result = transpileTypeScript(ts);
  if (!result.ok) throw new Error("the exercise does not transpile");
  return result.code;
};
/** What the learner can read anyway: any text of these is no secret. */
const learnerVisible = [
  HARNESS_SOURCE,
  exercise.visibleTests,
  js(exercise.visibleTests),
  exercise.starter,
  probeCode,
  js(probeCode),
  js(countingCode),
].join("\n");

/**
 * Lines of a secret file's code that a live string cannot hold (no quote in them, in none of the
 * file's literals), and that nothing the learner can read holds: found in memory, they are the
 * file's source text (a function's kept source, the evaluated buffer), not one of its atoms.
 */
function codeLines(source: string, count: number): string[] {
  const literals = source.match(/"(?:[^"\\\n]|\\.)*"|`[^`]*`/g) ?? [];
  const all = new Set(source.split("\n").map((line) => line.trim()));
  const lines = [...all]
    .filter((line) => line.length >= 24 && !/["'`]/.test(line))
    .filter((line) => !learnerVisible.includes(line) && !literals.some((l) => l.includes(line)));
  const step = Math.max(1, Math.floor(lines.length / count));
  return lines.filter((_, i) => i % step === 0).slice(0, count);
}
const HIDDEN_LINES = [HIDDEN_MARKER, ...codeLines(js(exercise.hiddenTests), 5)];
const REFERENCE_LINES = [REFERENCE_MARKER, ...codeLines(js(exercise.solution), 3)];

let loaded: LoadedQuickJS;
const holds = (marker: string) => memoryHolds(loaded.memory, marker);
const holdsAny = (markers: readonly string[]) => markers.filter(holds);

interface Scan {
  phase: "visible" | "hidden";
  /** The secret lines the memory held at that moment. */
  hidden: string[];
  reference: string[];
  /** Whether the reference had been evaluated in this judge before then. */
  afterReference: boolean;
}
const scans: Scan[] = [];
let watch: { restore(): void } | undefined;
/** Judges whose reference was evaluated in their sandbox (loaded live), since last cleared. */
let referenceLoads = 0;
let referenceLoaded = false;
const sandboxProto = Sandbox.prototype as unknown as { loadReference(this: Sandbox): unknown };
const loadReference = sandboxProto.loadReference;

beforeAll(() => {
  watch = watchMemory({
    onScan(_, inHiddenPhase) {
      scans.push({
        phase: inHiddenPhase ? "hidden" : "visible",
        hidden: holdsAny(HIDDEN_LINES),
        reference: holdsAny(REFERENCE_LINES),
        afterReference: referenceLoaded,
      });
    },
    searchable: () => loaded.memory,
  });
  sandboxProto.loadReference = function () {
    referenceLoads++;
    referenceLoaded = true;
    return loadReference.call(this);
  };
});

afterAll(() => {
  watch?.restore();
  sandboxProto.loadReference = loadReference;
});

let worker: WorkerSandbox;
let cache: ReferenceAnswerCache;

beforeAll(async () => {
  worker = await WorkerSandbox.load(async () => (loaded = await loadQuickJS()));
  cache = new ReferenceAnswerCache();
});

/** Judges as a pool worker does: its module, its cache of the reference's answers. */
async function judge(code: string): Promise<ResultsDocument> {
  const job = judgeJob(exercise, code, "submit");
  referenceLoaded = false;
  const document = await judgeWithReferenceAnswers(
    // Looking at the memory takes host time: the safety nets must not mistake it for the learner's.
    {
      quickjs: worker.quickjs,
      scrubber: worker.scrubber,
      ...job,
      limits: { testTimeMs: 5000, totalTimeMs: 20_000 },
    },
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

  test("include lines of code from all over both secret files, none the learner can read", () => {
    expect(HIDDEN_LINES.length).toBeGreaterThanOrEqual(5);
    expect(REFERENCE_LINES.length).toBeGreaterThanOrEqual(3);
    for (const line of [...HIDDEN_LINES, ...REFERENCE_LINES])
      expect(learnerVisible).not.toContain(line);
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

  test("neither secret at any moment its code runs: while its module loads, in a visible test or in a hidden test", async () => {
    scans.length = 0;
    const doc = await judge(probeCode);
    expect(doc.verdict).toBe("accepted");
    const visible = scans.filter((s) => s.phase === "visible");
    const hidden = scans.filter((s) => s.phase === "hidden");
    const seen = (s: Scan) => s.hidden.length > 0 || s.reference.length > 0;
    expect(visible.filter(seen)).toEqual([]);
    // Decision 460: the hidden suite is loaded in this heap by then, its text blanked.
    expect(hidden.filter(seen)).toEqual([]);
    // It looked: while the module loaded, then at least once per visible test, and in the hidden tests.
    expect(visible.length).toBeGreaterThanOrEqual(1 + doc.tests.filter((t) => !t.hidden).length);
    expect(hidden.length).toBeGreaterThan(0);
  }, 120_000);

  test("neither secret in the hidden tests of a failure that evaluates the reference live", async () => {
    scans.length = 0;
    referenceLoads = 0;
    const doc = await judge(countingCode);
    expect(doc.tests.find((t) => t.name.startsWith("random traces"))?.status).toBe("fail");
    // The failure's shrinking ran the reference in this heap, and learner code ran after that.
    expect(referenceLoads).toBe(1);
    const hidden = scans.filter((s) => s.phase === "hidden");
    expect(hidden.filter((s) => s.afterReference).length).toBeGreaterThan(0);
    expect(hidden.filter((s) => s.hidden.length > 0 || s.reference.length > 0)).toEqual([]);
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
    expect(scans.filter((s) => s.hidden.length > 0 || s.reference.length > 0)).toEqual([]);
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
