import os from "node:os";
import path from "node:path";
import { Worker, type WorkerOptions } from "node:worker_threads";
import { env } from "@/lib/env";
import { SANDBOX_RETIRE_BYTES } from "../core/memory";
import type { ResultsDocument, TestResult, Verdict } from "../results";
import { hardKillAfterMs, killedDocument } from "./killed-document";
import { readThreadCpuMs } from "./thread-cpu";
import { createJournal, readJournal } from "./progress-journal";
import { createClaim, offerClaim, takeClaim } from "./job-claim";
import type { FromWorker, JudgeJob, PlannedTest, ToWorker, WorkerData } from "./protocol";

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

interface Queued {
  job: JudgeJob;
  resolve: (document: ResultsDocument) => void;
  reject: (error: Error) => void;
}

/** A job sent to a busy worker ahead of time (decision 400): it starts when the running one ends. */
interface Ahead extends Queued {
  id: number;
}

interface Running extends Queued {
  id: number;
  plan?: PlannedTest[];
  results: TestResult[];
  verdicts: Verdict[];
  timer: NodeJS.Timeout;
  started: number;
  /** The worker thread's CPU ms when the job started, when the pool can read it. */
  cpuStarted?: number;
  killAfter: number;
}

interface Slot {
  worker: Worker;
  journal: SharedArrayBuffer;
  claim: SharedArrayBuffer;
  ready: boolean;
  running?: Running;
  /** Only while a job is running: the next one, already posted to the worker. */
  ahead?: Ahead;
  judged: number;
  retired: boolean;
  memory?: WorkerMemory;
  /** The worker's thread id, to read its CPU time (thread-cpu.ts). */
  tid?: number;
}

/**
 * However little CPU a job's thread gets on a crowded machine, it is killed once this many times
 * its kill delay has passed on the wall clock. Only a starved thread gets there: one stuck in a long
 * built-in call uses CPU, and is killed by its CPU time long before.
 */
const WALL_KILL_FACTOR = 30;

export interface WorkerMemory {
  /** The QuickJS module's linear memory. */
  wasmBytes: number;
  /** The worker's JavaScript heap. */
  heapBytes: number;
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
    const journal = createJournal();
    const claim = createClaim();
    const data: WorkerData = {
      root: this.options.root,
      journal,
      claim,
      ...(this.options.warmup ? { warmup: this.options.warmup } : {}),
      hiddenInstance: this.options.hiddenInstance,
    };
    // Turbopack (16.2+) rewrites `new Worker(path)` of worker_threads into a bundled-module lookup
    // that cannot find this plain file under `next start` (MODULE_NOT_FOUND), and 16.4.6 ignores a
    // turbopackIgnore comment there (verified). Reflect.construct is not the `new Worker` pattern it
    // rewrites, so the file stays a file on disk.
    const entry = path.join(this.options.root, "lib", "judge", "node", "judge-worker.mjs");
    const options: WorkerOptions = {
      workerData: data,
      // The sandbox's stack limit (256 KB) must trip long before the host's own stack does.
      resourceLimits: { stackSizeMb: 4, maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 },
      // Don't inherit loaders (tsx, vitest): the worker entry is plain JavaScript.
      execArgv: [],
      // Only the WebAssembly module writes there (an abort's message); learner output is captured
      // inside the sandbox. Not forwarded, so a hostile submission cannot flood the server's log.
      stderr: true,
      stdout: true,
    };
    const worker = Reflect.construct(Worker, [entry, options]) as Worker;
    worker.stderr.resume();
    worker.stdout.resume();
    const slot: Slot = { worker, journal, claim, ready: false, judged: 0, retired: false };
    worker.on("message", (message: FromWorker) => this.onMessage(slot, message));
    worker.on("error", (error) => this.onExit(slot, error));
    worker.on("exit", (code) =>
      this.onExit(slot, new Error(`judge worker exited with code ${code}`)),
    );
    worker.unref();
    return slot;
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
    // The kill delay is work, as the judge's own limits are: a job whose thread has not used that
    // much CPU yet (the machine is busy) gets more wall time, up to WALL_KILL_FACTOR times.
    const cpuNow = slot.tid === undefined ? undefined : readThreadCpuMs(slot.tid);
    if (cpuNow !== undefined && running.cpuStarted !== undefined) {
      const left = running.killAfter - (cpuNow - running.cpuStarted);
      const wallLeft = running.killAfter * WALL_KILL_FACTOR - elapsed(running);
      if (left > 0 && wallLeft > 0) {
        running.timer = setTimeout(() => this.onTimeout(slot), Math.min(left, wallLeft) + 10);
        return;
      }
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

function elapsed(running: Running): number {
  return performance.now() - running.started;
}

const globalKey = Symbol.for("tradeoff.judgePool");
type PoolHolder = { [globalKey]?: JudgePool };

/**
 * The process's pool, created on first use. Kept on globalThis so that a dev server's module reloads
 * reuse it instead of starting a new set of workers each time.
 */
/** The process's pool; `options` (a function, so that its work is done once) shape its creation. */
/** What the stopped judge had done: its journal, plus anything that came as messages. */
function withJournal(slot: Slot, running: Running): Running {
  const journal = readJournal(slot.journal, running.id);
  const results = [...journal.results];
  running.results.forEach((result, index) => (results[index] = result));
  return {
    ...running,
    plan: running.plan ?? journal.plan,
    results,
    verdicts: [...journal.verdicts, ...running.verdicts],
  };
}

export function getJudgePool(options?: () => JudgePoolOptions): JudgePool {
  const holder = globalThis as PoolHolder;
  holder[globalKey] ??= new JudgePool(options?.());
  return holder[globalKey];
}

export async function shutdownJudgePool(): Promise<void> {
  const holder = globalThis as PoolHolder;
  const pool = holder[globalKey];
  delete holder[globalKey];
  await pool?.close();
}
