import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { BrowserJudge } from "@/app/_components/exercise/browser-judge";
import type {
  ToJudgeWorker,
  WarmJudgeWorker,
  WorkerMessage,
} from "@/app/_components/exercise/judge-protocol";
import type { ResultsDocument } from "@/lib/judge/results";

/** A stand-in for the judge Web Worker: the test decides what it answers, and when. */
class FakeWorker {
  static created: FakeWorker[] = [];
  listeners: Record<string, ((event: { data?: unknown; message?: string }) => void)[]> = {};
  posted: ToJudgeWorker[] = [];
  terminated = false;

  constructor() {
    FakeWorker.created.push(this);
  }

  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    (this.listeners[type] ??= []).push(listener);
  }

  warmUps = 0;
  warmedWith: WarmJudgeWorker[] = [];

  postMessage(job: ToJudgeWorker | WarmJudgeWorker) {
    if (job.type === "warm") {
      this.warmUps++;
      this.warmedWith.push(job);
    } else this.posted.push(job);
  }

  terminate() {
    this.terminated = true;
  }

  emit(message: WorkerMessage) {
    for (const listener of this.listeners.message ?? []) listener({ data: message });
  }
}

const passing: ResultsDocument = {
  version: 3,
  mode: "run",
  status: "pass",
  verdict: "accepted",
  resources: { wallMs: 3 },
  tests: [{ name: "t1", status: "pass", hidden: false }],
};

const job = { exerciseId: "fixed-window", code: "export class FixedWindow {}", visibleTests: "" };

function makeJudge(killAfterMs = 1000) {
  return new BrowserJudge(() => new FakeWorker() as unknown as Worker, killAfterMs);
}

beforeEach(() => {
  FakeWorker.created = [];
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("BrowserJudge", () => {
  test("sends only the visible tests to the worker and returns its results", async () => {
    const judge = makeJudge();
    const ready = judge.warm();
    const worker = FakeWorker.created[0]!;
    worker.emit({ type: "ready", loadMs: 5 });
    await ready;

    const running = judge.run({ ...job, visibleTests: "visible source" });
    await vi.advanceTimersByTimeAsync(0);
    const sent = worker.posted[0]!;
    expect(Object.keys(sent).sort()).toEqual(["code", "exerciseId", "id", "type", "visibleTests"]);
    expect(sent.visibleTests).toBe("visible source");
    worker.emit({ type: "results", id: sent.id, results: passing });
    await expect(running).resolves.toEqual({ kind: "results", results: passing });
  });

  test("the warm-up carries the exercise's starter and visible tests, once, and none when not given", async () => {
    const judge = makeJudge();
    const starter = {
      exerciseId: "fixed-window",
      code: "export class FixedWindow {}",
      visibleTests: "tests",
    };
    void judge.warm(starter);
    void judge.warm(starter);
    const worker = FakeWorker.created.at(-1)!;
    expect(worker.warmedWith).toEqual([{ type: "warm", job: starter }]);

    const bare = makeJudge();
    void bare.warm();
    expect(FakeWorker.created.at(-1)!.warmedWith).toEqual([{ type: "warm" }]);
  });

  test("a worker that outlives the deadline is killed and the tests that finished are kept", async () => {
    const judge = makeJudge(1000);
    const worker = FakeWorker.created[0] ?? (judge.warm(), FakeWorker.created[0]!);
    worker.emit({ type: "ready", loadMs: 5 });
    const running = judge.run(job);
    await vi.advanceTimersByTimeAsync(0);
    const id = worker.posted[0]!.id;
    worker.emit({
      type: "progress",
      id,
      index: 0,
      result: { name: "first", status: "pass", hidden: false },
    });

    await vi.advanceTimersByTimeAsync(1000);
    const outcome = await running;
    expect(worker.terminated).toBe(true);
    expect(outcome.kind).toBe("results");
    if (outcome.kind !== "results") return;
    expect(outcome.results.verdict).toBe("time_limit_exceeded");
    expect(outcome.results.status).toBe("error");
    expect(outcome.results.tests.map((t) => t.name)).toEqual(["first"]);
  });

  test("after a kill the next run starts a fresh worker", async () => {
    const judge = makeJudge(1000);
    const ready = judge.warm();
    FakeWorker.created[0]!.emit({ type: "ready", loadMs: 1 });
    expect(await ready).toBe(true);
    const first = judge.run(job);
    await vi.advanceTimersByTimeAsync(1000);
    await first;

    const second = judge.run(job);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorker.created).toHaveLength(2);
    const fresh = FakeWorker.created[1]!;
    fresh.emit({ type: "ready", loadMs: 1 });
    await vi.advanceTimersByTimeAsync(0);
    fresh.emit({ type: "results", id: fresh.posted[0]!.id, results: passing });
    await expect(second).resolves.toMatchObject({ kind: "results" });
  });

  test("a sandbox that hit its memory wall gets its worker replaced", async () => {
    const judge = makeJudge();
    const ready = judge.warm();
    const worker = FakeWorker.created[0]!;
    worker.emit({ type: "ready", loadMs: 1 });
    expect(await ready).toBe(true);
    const running = judge.run(job);
    await vi.advanceTimersByTimeAsync(0);
    worker.emit({
      type: "results",
      id: worker.posted[0]!.id,
      results: { ...passing, status: "error", verdict: "memory_limit_exceeded", tests: [] },
    });
    await running;
    expect(worker.terminated).toBe(true);
  });

  test("a worker whose module was damaged is replaced, and its results still shown", async () => {
    const judge = makeJudge();
    const ready = judge.warm();
    const worker = FakeWorker.created[0]!;
    worker.emit({ type: "ready", loadMs: 1 });
    expect(await ready).toBe(true);
    const running = judge.run(job);
    await vi.advanceTimersByTimeAsync(0);
    const crashed: ResultsDocument = { ...passing, status: "fail", verdict: "runtime_error" };
    worker.emit({ type: "results", id: worker.posted[0]!.id, results: crashed, damaged: true });
    expect(await running).toEqual({ kind: "results", results: crashed });
    expect(worker.terminated).toBe(true);
    void judge.run(job);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorker.created).toHaveLength(2);
  });

  test("a worker that cannot load QuickJS makes Run fall back instead of hanging", async () => {
    const judge = makeJudge();
    const running = judge.run(job);
    FakeWorker.created[0]!.emit({ type: "load-failed", message: "no WebAssembly" });
    await expect(running).resolves.toEqual({ kind: "unavailable", message: "no WebAssembly" });
  });

  test("a Run before QuickJS has loaded is posted at once, with no warm-up, and its deadline counts from the load", async () => {
    const judge = makeJudge(1000);
    const running = judge.run(job);
    const worker = FakeWorker.created[0]!;
    expect(worker.posted).toHaveLength(1);
    expect(worker.warmUps).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(worker.terminated).toBe(false);
    worker.emit({ type: "ready", loadMs: 5000 });
    await vi.advanceTimersByTimeAsync(999);
    worker.emit({ type: "results", id: worker.posted[0]!.id, results: passing });
    await expect(running).resolves.toEqual({ kind: "results", results: passing });
    expect(worker.terminated).toBe(false);
  });

  test("a worker started while the page is idle is asked for its warm-up, once", async () => {
    const judge = makeJudge();
    void judge.warm();
    void judge.warm();
    void judge.run(job);
    expect(FakeWorker.created).toHaveLength(1);
    expect(FakeWorker.created[0]!.warmUps).toBe(1);
  });

  test("an answer to an older job is ignored", async () => {
    const judge = makeJudge();
    const ready = judge.warm();
    const worker = FakeWorker.created[0]!;
    worker.emit({ type: "ready", loadMs: 1 });
    expect(await ready).toBe(true);
    const running = judge.run(job);
    await vi.advanceTimersByTimeAsync(0);
    const id = worker.posted[0]!.id;
    worker.emit({
      type: "results",
      id: id + 100,
      results: { ...passing, verdict: "wrong_answer" },
    });
    worker.emit({ type: "results", id, results: passing });
    await expect(running).resolves.toEqual({ kind: "results", results: passing });
  });
});
