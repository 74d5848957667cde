import os from "node:os";
import { env } from "@/lib/env";
import { SANDBOX_RETIRE_BYTES } from "../core/memory";
import type { ResultsDocument } from "../results";
import { hardKillAfterMs, killedDocument } from "./killed-document";
import { readThreadCpuMs } from "./thread-cpu";
import { offerClaim, takeClaim } from "./job-claim";
import {
  elapsed,
  moreTime,
  startSlot,
  withJournal,
  type Queued,
  type Running,
  type Slot,
  type WorkerMemory,
} from "./pool-worker";
import type { FromWorker, JudgeJob, ToWorker } from "./protocol";

export interface JudgePoolOptions {
  /** Worker threads; defaults to the number of cores. */
  size?: number;
  /** Project root holding lib/judge/node/judge-worker.mjs; defaults to process.cwd(). */
  root?: string;
  /**
   * Judged by each worker at start-up (the first twice): a reference judge of each exercise warms
   * the module and records the reference's answers (core/reference-answers.ts).
   */
  warmup?: JudgeJob | JudgeJob[];
  /** Added to a job's work budget (in wall ms) before its worker is killed from outside. */
  killGraceMs?: number;
  /** A worker is replaced after this many judges, whatever its memory says. */
  maxJudgesPerWorker?: number;
  /**
   * The hidden suites and the reference in a second module per worker (decisions 265, 310);
   * defaults to JUDGE_HIDDEN_INSTANCE.
   */
  hiddenInstance?: boolean;
}

export interface PoolStats {
  size: number;
  ready: number;
  busy: number;
  queued: number;
  judged: number;
  replaced: number;
  killed: number;
  warmupMs: number[];
  /** Per live worker, as of its last judge. */
  workerMemory: WorkerMemory[];
}

/**
 * A pool of worker threads, each with its own capped QuickJS module. A job that outlives its time
 * budget (a slow built-in evades the interrupt handler) gets its worker terminated from outside; a
 * worker that crashed, was damaged or whose memory grew is replaced. Jobs queue when all are busy.
 */
export class JudgePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Queued[] = [];
  private readonly options: Required<Omit<JudgePoolOptions, "warmup">> & { warmup?: JudgeJob[] };
  private nextId = 1;
  private closed = false;
  private readonly counters = { judged: 0, replaced: 0, killed: 0 };
  private readonly warmupTimes: number[] = [];

  constructor(options: JudgePoolOptions = {}) {
    this.options = {
      size: options.size ?? Math.max(1, os.availableParallelism()),
      root: options.root ?? process.cwd(),
      killGraceMs: options.killGraceMs ?? 700,
      maxJudgesPerWorker: options.maxJudgesPerWorker ?? 2000,
      hiddenInstance: options.hiddenInstance ?? env.JUDGE_HIDDEN_INSTANCE === "on",
      ...(options.warmup ? { warmup: [options.warmup].flat() } : {}),
    };
    for (let i = 0; i < this.options.size; i++) this.slots.push(this.spawn());
  }

  judge(job: JudgeJob): Promise<ResultsDocument> {
    if (this.closed) return Promise.reject(new Error("the judge pool is closed"));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  /** Resolves once every worker has finished its warm-up. */
  async whenReady(): Promise<void> {
    while (!this.closed && this.slots.some((slot) => !slot.ready)) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  stats(): PoolStats {
    return {
      size: this.slots.length,
      ready: this.slots.filter((s) => s.ready).length,
      busy: this.slots.filter((s) => s.running).length,
      queued: this.queue.length + this.slots.filter((s) => s.ahead).length,
      ...this.counters,
      warmupMs: [...this.warmupTimes],
      workerMemory: this.slots.flatMap((s) => (s.memory ? [s.memory] : [])),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.queue.splice(0)) queued.reject(new Error("the judge pool is closed"));
    await Promise.all(
      this.slots.map((slot) => {
        slot.retired = true;
        if (slot.running) {
          clearTimeout(slot.running.timer);
          slot.running.reject(new Error("the judge pool is closed"));
        }
        slot.ahead?.reject(new Error("the judge pool is closed"));
        return slot.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const { root, warmup, hiddenInstance } = this.options;
    return startSlot(
      { root, ...(warmup ? { warmup } : {}), hiddenInstance },
      {
        message: (slot, message) => this.onMessage(slot, message),
        exit: (slot, error) => this.onExit(slot, error),
      },
    );
  }

  private dispatch(): void {
    // Free workers first, with a queued job or one sent ahead to a busy worker that has not begun it.
    for (const slot of this.slots) {
      if (!this.usable(slot) || slot.running) continue;
      const queued = this.queue.shift() ?? this.takeBackAhead();
      if (!queued) return;
      this.start(slot, queued);
    }
    // Then each busy worker gets its next job now, so that it starts it as soon as it has erased its
    // memory instead of waiting for this thread to hear of the last one and answer (decision 400).
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!this.usable(slot) || !slot.running || slot.ahead) continue;
      // Within the worker's quota, counting the one running.
      if (slot.judged + 2 > this.options.maxJudgesPerWorker) continue;
      const queued = this.queue.shift()!;
      const id = this.nextId++;
      slot.ahead = { ...queued, id };
      offerClaim(slot.claim, id);
      slot.worker.postMessage({
        type: "judge",
        id,
        job: queued.job,
        ahead: true,
      } satisfies ToWorker);
    }
  }

  private usable(slot: Slot): boolean {
    return slot.ready && !slot.retired;
  }

  /** A job sent ahead that its worker has not started yet, taken back for a free worker. */
  private takeBackAhead(): Queued | undefined {
    for (const slot of this.slots) {
      const ahead = slot.ahead;
      if (ahead && takeClaim(slot.claim, ahead.id)) {
        slot.ahead = undefined;
        return ahead;
      }
    }
    return undefined;
  }

  /** Starts the job's clocks; posts it unless it was sent ahead (then it has its id). */
  private start(slot: Slot, queued: Queued, aheadId?: number): void {
    const id = aheadId ?? this.nextId++;
    const killAfter = hardKillAfterMs(queued.job, this.options.killGraceMs);
    const cpuStarted = slot.tid === undefined ? undefined : readThreadCpuMs(slot.tid);
    const running: Running = {
      job: queued.job,
      resolve: queued.resolve,
      reject: queued.reject,
      id,
      results: [],
      verdicts: [],
      started: performance.now(),
      ...(cpuStarted === undefined ? {} : { cpuStarted }),
      killAfter,
      timer: setTimeout(() => this.onTimeout(slot), killAfter),
    };
    slot.running = running;
    // An idle pool must not keep a CLI alive; a busy one must, or its caller would never hear back.
    slot.worker.ref();
    if (aheadId === undefined) {
      slot.worker.postMessage({ type: "judge", id, job: queued.job } satisfies ToWorker);
    }
  }

  private onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === "ready") {
      slot.ready = true;
      if (message.tid !== undefined) slot.tid = message.tid;
      this.warmupTimes.push(message.warmupMs);
      this.dispatch();
      return;
    }
    const running = slot.running;
    if (!running || running.id !== message.id) return;
    switch (message.type) {
      case "plan":
        running.plan = message.tests;
        return;
      case "test":
        running.results[message.index] = message.result;
        running.verdicts.push(message.verdict);
        return;
      case "done":
        this.finish(slot, running);
        running.resolve(message.document);
        slot.judged++;
        slot.memory = { wasmBytes: message.wasmBytes, heapBytes: message.heapBytes };
        if (message.damaged || message.wasmBytes > SANDBOX_RETIRE_BYTES) this.replace(slot);
        else if (slot.judged >= this.options.maxJudgesPerWorker) this.replace(slot);
        else if (slot.ahead) {
          // Its clocks start now. If the worker has not claimed it yet (it is still erasing), this
          // thread claims it and posts it again, so that the claim is free for the next one ahead.
          const ahead = slot.ahead;
          slot.ahead = undefined;
          this.start(slot, ahead, takeClaim(slot.claim, ahead.id) ? undefined : ahead.id);
        }
        this.dispatch();
        return;
      case "failed":
        this.finish(slot, running);
        running.reject(new Error(`the judge failed: ${message.message}`));
        this.replace(slot);
        this.dispatch();
        return;
    }
  }

  private onTimeout(slot: Slot): void {
    const running = slot.running;
    if (!running) return;
    const cpuNow = slot.tid === undefined ? undefined : readThreadCpuMs(slot.tid);
    const more = moreTime(running, cpuNow);
    if (more !== undefined) {
      running.timer = setTimeout(() => this.onTimeout(slot), more + 10);
      return;
    }
    this.counters.killed++;
    this.finish(slot, running);
    const cpuMs =
      cpuNow === undefined || running.cpuStarted === undefined
        ? undefined
        : cpuNow - running.cpuStarted;
    running.resolve(killedDocument(withJournal(slot, running), "time", elapsed(running), cpuMs));
    this.replace(slot);
    this.dispatch();
  }

  private onExit(slot: Slot, error: Error): void {
    if (slot.retired) return;
    const running = slot.running;
    if (running) {
      this.finish(slot, running);
      const memory =
        /out of memory/i.test(error.message) ||
        (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
      const reason = memory ? "memory" : "crash";
      running.resolve(killedDocument(withJournal(slot, running), reason, elapsed(running)));
    }
    this.replace(slot);
    this.dispatch();
  }

  private finish(slot: Slot, running: Running): void {
    clearTimeout(running.timer);
    slot.running = undefined;
    slot.worker.unref();
    this.counters.judged++;
  }

  private replace(slot: Slot): void {
    if (slot.retired) return;
    slot.retired = true;
    void slot.worker.terminate();
    // The job sent ahead goes back to the front of the queue, for another worker.
    if (slot.ahead) this.queue.unshift(slot.ahead);
    slot.ahead = undefined;
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return;
    this.counters.replaced++;
    this.slots[index] = this.spawn();
  }
}
