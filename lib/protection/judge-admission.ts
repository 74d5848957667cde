/**
 * Admission to the judge (docs/decisions/082-judge-admission.md). The worker pool runs one judge
 * per core and would queue the rest without limit; this sits in front of it so that at most
 * `concurrency` judges run, at most `maxQueued` wait, and none waits longer than `maxWaitMs`.
 * When the queue is full a judge is refused at once: a clear "busy, retry in n s" beats a request
 * that hangs until the browser gives up.
 */
export interface JudgeAdmissionOptions {
  /** Judges running at once: the pool's size (one worker per core). */
  concurrency: number;
  /** Judges waiting for a free worker; one more is refused at once. */
  maxQueued: number;
  /** A judge still waiting after this long is refused (it never starts). */
  maxWaitMs: number;
}

export type BusyReason = "queue-full" | "waited-too-long";

/** The judge is saturated: the route answers 503 with Retry-After. */
export class JudgeBusyError extends Error {
  override readonly name = "JudgeBusyError";
  constructor(
    readonly reason: BusyReason,
    /** A fair guess of when a worker will be free, from recent judge times. */
    readonly retryAfterMs: number,
  ) {
    super(
      reason === "queue-full"
        ? "The judge is busy with other submissions right now."
        : "The judge is busy: your submission waited too long for a free worker.",
    );
  }
}

export interface AdmissionStats {
  running: number;
  queued: number;
  admitted: number;
  refusedFull: number;
  refusedWaiting: number;
}

interface Waiter {
  start(): void;
  timer: ReturnType<typeof setTimeout>;
}

export class JudgeAdmission {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private averageMs = 250;
  private readonly counters = { admitted: 0, refusedFull: 0, refusedWaiting: 0 };

  constructor(private readonly options: JudgeAdmissionOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
      throw new RangeError(`concurrency must be a whole number >= 1, got ${options.concurrency}`);
    }
    if (!Number.isInteger(options.maxQueued) || options.maxQueued < 0) {
      throw new RangeError(`maxQueued must be a whole number >= 0, got ${options.maxQueued}`);
    }
    if (!(options.maxWaitMs >= 0)) throw new RangeError("maxWaitMs must be >= 0");
  }

  /** Runs `judge` when a worker is free; throws JudgeBusyError if that is not soon enough. */
  async run<T>(judge: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) await this.waitForTurn();
    else this.running++;
    this.counters.admitted++;
    const started = performance.now();
    try {
      return await judge();
    } finally {
      // A moving average: the estimate follows the recent mix of quick and slow submissions.
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      this.release();
    }
  }

  stats(): AdmissionStats {
    return { running: this.running, queued: this.waiting.length, ...this.counters };
  }

  private waitForTurn(): Promise<void> {
    if (this.waiting.length >= this.options.maxQueued) {
      this.counters.refusedFull++;
      return Promise.reject(new JudgeBusyError("queue-full", this.estimateWaitMs()));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          this.counters.refusedWaiting++;
          reject(new JudgeBusyError("waited-too-long", this.estimateWaitMs()));
        }, this.options.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter, so a newcomer can never jump the queue.
    if (next) next.start();
    else this.running--;
  }

  private estimateWaitMs(): number {
    const ahead = this.waiting.length + this.running;
    return Math.max(1_000, Math.ceil((ahead / this.options.concurrency) * this.averageMs));
  }
}
