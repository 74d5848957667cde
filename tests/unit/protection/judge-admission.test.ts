import { describe, expect, test } from "vitest";
import {
  JudgeAdmission,
  JudgeBusyError,
  type JudgeAdmissionOptions,
} from "@/lib/protection/judge-admission";
import { RecentAsks } from "@/lib/protection/recent-asks";
import { ManualTimers } from "@/lib/time/timers";

/** A judge that finishes when told to. */
function controllable() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const judge = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finish.set(name, () => resolve(name));
    });
  return { started, finish: (name: string) => finish.get(name)!(), judge };
}

// Lets settled promises run their callbacks; no time passes on the manual clock meanwhile.
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** An admission on a manual clock: waits end only when the test moves time. */
function admissionAt(options: Omit<JudgeAdmissionOptions, "clock" | "timers">) {
  const time = new ManualTimers();
  return { time, admission: new JudgeAdmission({ ...options, clock: time, timers: time }) };
}

describe("judge admission", () => {
  test("no more judges run at once than there are workers; the rest wait in order", async () => {
    const { admission } = admissionAt({ concurrency: 2, maxQueued: 5, maxWaitMs: 10_000 });
    const { started, finish, judge } = controllable();
    const results = ["a", "b", "c", "d"].map((name) => admission.run(judge(name)));
    await tick();
    expect(started).toEqual(["a", "b"]);
    expect(admission.stats()).toMatchObject({ running: 2, queued: 2 });
    finish("b");
    await tick();
    expect(started).toEqual(["a", "b", "c"]);
    finish("a");
    finish("c");
    await tick();
    finish("d");
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect(admission.stats()).toMatchObject({ running: 0, queued: 0, admitted: 4 });
  });

  test("a full queue refuses at once with a clear message and a retry estimate", async () => {
    const { admission } = admissionAt({ concurrency: 1, maxQueued: 1, maxWaitMs: 10_000 });
    const { finish, judge } = controllable();
    const running = admission.run(judge("a"));
    const waiting = admission.run(judge("b"));
    // No time passes on the manual clock: a refusal that waited for any timer would never settle.
    const refused = await admission.run(judge("c")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(JudgeBusyError);
    expect((refused as JudgeBusyError).reason).toBe("queue-full");
    expect((refused as JudgeBusyError).message).toMatch(/busy/);
    expect((refused as JudgeBusyError).retryAfterMs).toBeGreaterThanOrEqual(1_000);
    finish("a");
    await tick();
    finish("b");
    expect(await Promise.all([running, waiting])).toEqual(["a", "b"]);
    expect(admission.stats().refusedFull).toBe(1);
  });

  test("a judge that waits longer than the limit is refused and never starts", async () => {
    const { time, admission } = admissionAt({ concurrency: 1, maxQueued: 3, maxWaitMs: 30 });
    const { started, finish, judge } = controllable();
    const running = admission.run(judge("a"));
    const late = admission.run(judge("b")).catch((error: unknown) => error);
    time.advance(29);
    await tick();
    expect(admission.stats()).toMatchObject({ queued: 1, refusedWaiting: 0 });
    time.advance(1);
    const refused = await late;
    expect((refused as JudgeBusyError).reason).toBe("waited-too-long");
    finish("a");
    await running;
    await tick();
    expect(started).toEqual(["a"]);
    expect(admission.stats()).toMatchObject({ running: 0, queued: 0, refusedWaiting: 1 });
  });

  test("the retry estimate follows how long recent judges took", async () => {
    const { time, admission } = admissionAt({ concurrency: 1, maxQueued: 1, maxWaitMs: 60_000 });
    const { finish, judge } = controllable();
    const slow = admission.run(judge("slow"));
    await tick();
    time.advance(5_000);
    finish("slow");
    await slow;
    // 0.8 × 250 ms (the first guess) + 0.2 × 5,000 ms = 1,200 ms a judge; two ahead on one worker.
    const running = admission.run(judge("a"));
    const waiting = admission.run(judge("b"));
    const refused = await admission.run(judge("c")).catch((error: unknown) => error);
    expect((refused as JudgeBusyError).retryAfterMs).toBe(2_400);
    finish("a");
    await tick();
    finish("b");
    await Promise.all([running, waiting]);
  });

  test("a judge that throws frees its worker for the next one", async () => {
    const { admission } = admissionAt({ concurrency: 1, maxQueued: 1, maxWaitMs: 1_000 });
    const failed = admission.run(() => Promise.reject(new Error("worker crashed")));
    const next = admission.run(async () => "next");
    await expect(failed).rejects.toThrow("worker crashed");
    expect(await next).toBe("next");
    expect(admission.stats().running).toBe(0);
  });
});

describe("a fair queue", () => {
  test("learners waiting for the judge are served in turn, not in order of arrival", async () => {
    const { admission } = admissionAt({ concurrency: 1, maxQueued: 10, maxWaitMs: 10_000 });
    const { started, finish, judge } = controllable();
    const all = [
      admission.run(judge("busy"), "someone"),
      // An eager learner queues three submissions before a quiet one sends a single one.
      admission.run(judge("eager-1"), "eager"),
      admission.run(judge("eager-2"), "eager"),
      admission.run(judge("eager-3"), "eager"),
      admission.run(judge("quiet-1"), "quiet"),
    ];
    for (const name of ["busy", "eager-1", "quiet-1", "eager-2", "eager-3"]) {
      await tick();
      expect(started.at(-1)).toBe(name);
      finish(name);
    }
    await Promise.all(all);
    expect(started).toEqual(["busy", "eager-1", "quiet-1", "eager-2", "eager-3"]);
  });

  test("one learner cannot hold more than their share of the queue", async () => {
    const { admission } = admissionAt({
      concurrency: 1,
      maxQueued: 8,
      maxWaitMs: 10_000,
      maxQueuedPerOwner: 2,
    });
    const { finish, judge } = controllable();
    const running = admission.run(judge("a"), "abuser");
    const queued = [admission.run(judge("b"), "abuser"), admission.run(judge("c"), "abuser")];
    const refused = await admission.run(judge("d"), "abuser").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(JudgeBusyError);
    expect((refused as JudgeBusyError).reason).toBe("yours-waiting");
    expect((refused as JudgeBusyError).message).toMatch(/your earlier submissions/);
    // Someone else still gets a place.
    const other = admission.run(judge("e"), "learner");
    expect(admission.stats()).toMatchObject({ queued: 3, refusedOwner: 1 });
    for (const name of ["a", "b", "e", "c"]) {
      await tick();
      finish(name);
    }
    await Promise.all([running, ...queued, other]);
  });

  test("a waiter that gives up leaves its line, and the others keep their turns", async () => {
    const { time, admission } = admissionAt({ concurrency: 1, maxQueued: 8, maxWaitMs: 30 });
    const { started, finish, judge } = controllable();
    const running = admission.run(judge("a"), "x");
    const late = admission.run(judge("b"), "y").catch((error: unknown) => error);
    time.advance(30);
    expect(await late).toBeInstanceOf(JudgeBusyError);
    expect(admission.stats()).toMatchObject({ queued: 0, refusedWaiting: 1 });
    const next = admission.run(judge("c"), "y");
    finish("a");
    await tick();
    expect(started).toEqual(["a", "c"]);
    finish("c");
    await Promise.all([running, next]);
  });
});

describe("fewest asks first (the probation lane, decision 420)", () => {
  function fewestAsks(maxQueued: number) {
    const time = new ManualTimers();
    const admission = new JudgeAdmission({
      concurrency: 1,
      maxQueued,
      maxWaitMs: 10_000,
      fewestAsks: new RecentAsks(time, 60_000),
      clock: time,
      timers: time,
    });
    return { time, admission };
  }

  test("the owner who asked least lately is served first, whoever came first", async () => {
    const { admission } = fewestAsks(10);
    const { started, finish, judge } = controllable();
    const all = [
      admission.run(judge("busy"), "loud"),
      admission.run(judge("loud-1"), "loud"),
      admission.run(judge("loud-2"), "loud"),
      admission.run(judge("quiet-1"), "quiet"),
      admission.run(judge("new-1"), "new"),
    ];
    for (const name of ["busy", "quiet-1", "new-1", "loud-1", "loud-2"]) {
      await tick();
      expect(started.at(-1)).toBe(name);
      finish(name);
    }
    await Promise.all(all);
  });

  test("asks count less as they age, by half every half-life", () => {
    const time = new ManualTimers();
    const asks = new RecentAsks(time, 60_000);
    asks.ask("loud");
    asks.ask("loud");
    expect(asks.score("loud")).toBe(2);
    time.advance(60_000);
    expect(asks.score("loud")).toBeCloseTo(1);
    asks.ask("loud");
    time.advance(60_000);
    expect(asks.score("loud")).toBeCloseTo(1);
    expect(asks.score("never")).toBe(0);
  });

  test("a full queue refuses the newest waiter of whoever asked most to make room for who asked less", async () => {
    const { admission } = fewestAsks(2);
    const { started, finish, judge } = controllable();
    const running = admission.run(judge("a"), "loud");
    const first = admission.run(judge("b"), "loud");
    const newest = admission.run(judge("c"), "loud").catch((error: unknown) => error);
    const newcomer = admission.run(judge("n"), "new");
    const refused = await newest;
    expect(refused).toBeInstanceOf(JudgeBusyError);
    expect((refused as JudgeBusyError).reason).toBe("queue-full");
    // Someone who asked as much as the others gets no such place.
    const loud = await admission.run(judge("d"), "loud").catch((error: unknown) => error);
    expect((loud as JudgeBusyError).reason).toBe("queue-full");
    for (const name of ["a", "n", "b"]) {
      await tick();
      expect(started.at(-1)).toBe(name);
      finish(name);
    }
    await Promise.all([running, first, newcomer]);
  });
});
