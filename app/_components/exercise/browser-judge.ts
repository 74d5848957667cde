import { DEFAULT_LIMITS } from "@/lib/judge/core/types";
import type { ResultsDocument, TestResult } from "@/lib/judge/results";
import type { ToJudgeWorker, WarmJudgeWorker, WarmUpJob, WorkerMessage } from "./judge-protocol";

// The page's side of the Run worker: starts it early so the first Run is instant, enforces a hard
// deadline by terminating the worker (a slow built-in call can outlast the sandbox's own interrupt),
// and replaces a worker that was killed or whose sandbox hit its memory wall.

export type BrowserRunOutcome =
  | { kind: "results"; results: ResultsDocument }
  /** The worker or WebAssembly is not available here; the caller falls back to the server. */
  | { kind: "unavailable"; message: string };

export interface BrowserRunOptions {
  onProgress?: (index: number, result: TestResult) => void;
}

/** How long the worker may take to load QuickJS before Run gives up on the browser. */
const LOAD_TIMEOUT_MS = 20_000;
/** Beyond the judge's own total budget, the grace before the host kills the worker. */
const KILL_GRACE_MS = 1_500;

type Pending = {
  id: number;
  resolve: (outcome: BrowserRunOutcome) => void;
  progress: TestResult[];
  options: BrowserRunOptions;
  timer: ReturnType<typeof setTimeout> | undefined;
};

export function createJudgeWorker(): Worker {
  return new Worker(new URL("./judge.worker.ts", import.meta.url), {
    type: "module",
    name: "judge",
  });
}

export class BrowserJudge {
  private worker: Worker | null = null;
  private ready: Promise<boolean> | null = null;
  private pending: Pending | null = null;
  private nextId = 1;
  private lastLoadError = "";

  constructor(
    private readonly createWorker: () => Worker = createJudgeWorker,
    private readonly killAfterMs: number = DEFAULT_LIMITS.totalTimeMs + KILL_GRACE_MS,
  ) {}

  /** Starts the worker (and its QuickJS download) ahead of the first Run, and its warm-up judge. */
  warm(job?: WarmUpJob): Promise<boolean> {
    if (this.ready) return this.ready;
    const ready = this.start();
    this.worker?.postMessage({ type: "warm", ...(job ? { job } : {}) } satisfies WarmJudgeWorker);
    return ready;
  }

  /** Starts the worker; a Run that starts it sends its job at once, and no warm-up. */
  private start(): Promise<boolean> {
    if (this.ready) return this.ready;
    let worker: Worker;
    try {
      worker = this.createWorker();
    } catch (error) {
      this.lastLoadError = error instanceof Error ? error.message : String(error);
      this.ready = Promise.resolve(false);
      return this.ready;
    }
    this.worker = worker;
    this.ready = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.lastLoadError = "the judge took too long to load";
        resolve(false);
      }, LOAD_TIMEOUT_MS);
      worker.addEventListener("message", (event: MessageEvent<WorkerMessage>) => {
        const message = event.data;
        if (message.type === "ready") {
          clearTimeout(timer);
          resolve(true);
        } else if (message.type === "load-failed") {
          clearTimeout(timer);
          this.lastLoadError = message.message;
          resolve(false);
        } else {
          this.handle(message);
        }
      });
      worker.addEventListener("error", (event) => {
        clearTimeout(timer);
        this.lastLoadError = event.message || "the judge worker failed to start";
        resolve(false);
        this.failPending(`The in-browser judge crashed: ${this.lastLoadError}`);
      });
    });
    return this.ready;
  }

  async run(
    job: Omit<ToJudgeWorker, "type" | "id">,
    options: BrowserRunOptions = {},
  ): Promise<BrowserRunOutcome> {
    const ready = this.start();
    const worker = this.worker;
    if (!worker) {
      this.discard();
      return { kind: "unavailable", message: this.lastLoadError };
    }
    if (this.pending) throw new Error("BrowserJudge.run called while a run is in progress");
    const id = this.nextId++;
    const answered = new Promise<BrowserRunOutcome>((resolve) => {
      const pending: Pending = { id, resolve, progress: [], options, timer: undefined };
      this.pending = pending;
      // Posted at once, not once QuickJS has loaded, and with no warm-up judge ahead of it in a
      // worker this Run started. The deadline counts from the load.
      worker.postMessage({ type: "judge", id, ...job } satisfies ToJudgeWorker);
      void ready.then((ok) => {
        if (ok && this.pending === pending) {
          pending.timer = setTimeout(() => this.kill(pending), this.killAfterMs);
        }
      });
    });
    if (!(await ready)) {
      this.failPending(this.lastLoadError);
      this.discard();
    }
    return answered;
  }

  dispose(): void {
    this.failPending("The page was closed.");
    this.discard();
  }

  private handle(message: WorkerMessage) {
    const pending = this.pending;
    if (!pending || !("id" in message) || message.id !== pending.id) return;
    if (message.type === "progress") {
      pending.progress[message.index] = message.result;
      pending.options.onProgress?.(message.index, message.result);
      return;
    }
    this.settle(pending);
    if (message.type === "results") {
      // A sandbox that hit its memory wall may have left the module in a bad state; a damaged one
      // (the host's stack overflowed, or the module trapped) certainly did.
      if (message.damaged || message.results.verdict === "memory_limit_exceeded") this.discard();
      pending.resolve({ kind: "results", results: message.results });
    } else {
      this.discard();
      pending.resolve({ kind: "unavailable", message: message.message });
    }
  }

  /** The host-side hard kill: the worker is terminated and a fresh one starts for the next Run. */
  private kill(pending: Pending) {
    if (this.pending !== pending) return;
    this.settle(pending);
    this.discard();
    pending.resolve({
      kind: "results",
      results: killedResults(pending.progress, this.killAfterMs),
    });
  }

  private failPending(message: string) {
    const pending = this.pending;
    if (!pending) return;
    this.settle(pending);
    pending.resolve({ kind: "unavailable", message });
  }

  private settle(pending: Pending) {
    clearTimeout(pending.timer);
    if (this.pending === pending) this.pending = null;
  }

  private discard() {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
  }
}

/** What the learner sees when the worker had to be killed: the tests that finished, then the verdict. */
export function killedResults(finished: readonly TestResult[], wallMs: number): ResultsDocument {
  return {
    version: 3,
    mode: "run",
    status: "error",
    verdict: "time_limit_exceeded",
    message:
      "Your code was still running when the time ran out, so the judge was stopped. " +
      "Look for a loop that never ends or work that grows with every request.",
    resources: { wallMs },
    tests: finished.filter((t): t is TestResult => t !== undefined),
  };
}
