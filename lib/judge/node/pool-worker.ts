import path from "node:path";
import { Worker, type WorkerOptions } from "node:worker_threads";
import type { ResultsDocument, TestResult, Verdict } from "../results";
import { createClaim } from "./job-claim";
import { createJournal, readJournal } from "./progress-journal";
import type { FromWorker, JudgeJob, PlannedTest, WorkerData } from "./protocol";

// One worker thread of the judge pool (pool.ts): how it is started, what the pool keeps about it
// and the job it runs, and what a job that had to be stopped had done.

export interface Queued {
  job: JudgeJob;
  resolve: (document: ResultsDocument) => void;
  reject: (error: Error) => void;
}

/** A job sent to a busy worker ahead of time (decision 400): it starts when the running one ends. */
export interface Ahead extends Queued {
  id: number;
}

export interface Running extends Queued {
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

export interface Slot {
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

export interface WorkerMemory {
  /** The QuickJS module's linear memory. */
  wasmBytes: number;
  /** The worker's JavaScript heap. */
  heapBytes: number;
}

/**
 * However little CPU a job's thread gets on a crowded machine, it is killed once this many times
 * its kill delay has passed on the wall clock. Only a starved thread gets there: one stuck in a long
 * built-in call uses CPU, and is killed by its CPU time long before.
 */
const WALL_KILL_FACTOR = 30;

/**
 * A new worker and what the pool keeps about it: its journal and its claim (shared memory), and its
 * messages and its end passed on to the pool. Unreferenced: an idle pool must not keep a CLI alive.
 */
export function startSlot(
  data: Omit<WorkerData, "journal" | "claim">,
  events: { message(slot: Slot, message: FromWorker): void; exit(slot: Slot, error: Error): void },
): Slot {
  const journal = createJournal();
  const claim = createClaim();
  const worker = startWorkerThread(data.root, { ...data, journal, claim });
  const slot: Slot = { worker, journal, claim, ready: false, judged: 0, retired: false };
  worker.on("message", (message: FromWorker) => events.message(slot, message));
  worker.on("error", (error) => events.exit(slot, error));
  worker.on("exit", (code) =>
    events.exit(slot, new Error(`judge worker exited with code ${code}`)),
  );
  worker.unref();
  return slot;
}

/** A worker thread running lib/judge/node/judge-worker.mjs of the project at `root`. */
function startWorkerThread(root: string, data: WorkerData): Worker {
  // Turbopack (16.2+) rewrites `new Worker(path)` of worker_threads into a bundled-module lookup
  // that cannot find this plain file under `next start` (MODULE_NOT_FOUND), and 16.4.6 ignores a
  // turbopackIgnore comment there (verified). Reflect.construct is not the `new Worker` pattern it
  // rewrites, so the file stays a file on disk.
  const entry = path.join(root, "lib", "judge", "node", "judge-worker.mjs");
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
  return worker;
}

/**
 * The wall ms a job's worker gets before it is killed, after its kill delay has passed: the delay
 * is work, as the judge's own limits are, so a job whose thread has not used that much CPU yet (the
 * machine is busy) gets more wall time, up to WALL_KILL_FACTOR times. None: kill it now.
 */
export function moreTime(running: Running, cpuNow: number | undefined): number | undefined {
  if (cpuNow === undefined || running.cpuStarted === undefined) return undefined;
  const left = running.killAfter - (cpuNow - running.cpuStarted);
  const wallLeft = running.killAfter * WALL_KILL_FACTOR - elapsed(running);
  return left > 0 && wallLeft > 0 ? Math.min(left, wallLeft) : undefined;
}

export function elapsed(running: Running): number {
  return performance.now() - running.started;
}

/** What the stopped judge had done: its journal, plus anything that came as messages. */
export function withJournal(slot: Slot, running: Running): Running {
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
