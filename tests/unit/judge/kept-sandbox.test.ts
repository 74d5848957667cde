import { beforeAll, expect, test } from "vitest";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { loadQuickJS, type LoadedQuickJS } from "@/lib/judge/node/load-quickjs";
import { WorkerSandbox } from "@/lib/judge/node/worker-sandbox";
import type { ResultsDocument } from "@/lib/judge/results";
import { judgeExercise, solutionOf, stable } from "./judge-helpers";

// A worker keeps one sandbox in its memory snapshot and every judge runs on it; erasing the memory
// after the judge makes it fresh again (decision 275). A judge on it must be the judge a sandbox made
// on the spot gives, and what one judge left in memory must be gone for the next.

const BROKEN_TOKEN_BUCKET = `export class TokenBucket {
  constructor(private capacity: number, private perSecond: number, private clock: { now(): number }) {}
  tryAcquire(): boolean { return true; }
  available(): number { return this.capacity; }
}`;
/** Only in the fixed window's tests.hidden.ts, and only in its reference solution. */
const HIDDEN_MARKER = "count: second % 7";
const REFERENCE_MARKER = "history is forgotten at the boundary";

let loaded: LoadedQuickJS;
let worker: WorkerSandbox;

beforeAll(async () => {
  worker = await WorkerSandbox.load(async () => (loaded = await loadQuickJS()), { keep: true });
});

/** A judge as a pool worker runs it: on the kept sandbox, erased afterwards. */
async function judgeKept(exerciseId: string, code: string): Promise<ResultsDocument> {
  const document = await judgeExercise(exerciseId, code, "submit", {
    quickjs: worker.quickjs,
    prepared: worker.prepared,
  });
  worker.erase();
  return document;
}

test("a judge on the kept sandbox gets the document and steps of one on a sandbox made on the spot", async () => {
  for (const code of [solutionOf("token-bucket"), BROKEN_TOKEN_BUCKET, "export class {"]) {
    const kept = await judgeKept("token-bucket", code);
    const again = await judgeKept("token-bucket", code);
    const onTheSpot = await judgeExercise("token-bucket", code, "submit");
    expect(stable(kept)).toEqual(stable(onTheSpot));
    expect(stable(again)).toEqual(stable(onTheSpot));
    expect(kept.resources.steps).toBe(onTheSpot.resources.steps);
  }
}, 120_000);

test("the kept sandbox serves one judge until the memory is erased; a second judge makes its own", () => {
  const first = worker.prepared.take(worker.quickjs);
  expect(first).toBeDefined();
  expect(worker.prepared.take(worker.quickjs)).toBeUndefined();
  worker.erase();
  expect(worker.prepared.take(worker.quickjs)).toBe(first);
  worker.erase();
});

test("a judge on the kept sandbox leaves the hidden suite and the reference in memory, and erasing removes both", async () => {
  const exercise = loadExerciseForJudge("fixed-window");
  const holds = (marker: string) =>
    Buffer.from(loaded.memory.buffer).indexOf(marker, 0, "latin1") >= 0;
  // The reference judged as the learner's code: both secrets are in the heap while it runs.
  const doc = await judgeExercise("fixed-window", exercise.solution, "submit", {
    quickjs: worker.quickjs,
    prepared: worker.prepared,
  });
  expect(doc.verdict).toBe("accepted");
  expect([holds(HIDDEN_MARKER), holds(REFERENCE_MARKER)]).toEqual([true, true]);
  worker.erase();
  expect([holds(HIDDEN_MARKER), holds(REFERENCE_MARKER)]).toEqual([false, false]);
}, 120_000);
