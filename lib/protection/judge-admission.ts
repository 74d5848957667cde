/**
 * Admission to the judge (docs/decisions/082-judge-admission.md). The worker pool runs one judge
 * per core and would queue the rest without limit; this sits in front of it so that at most
 * `concurrency` judges run, at most `maxQueued` wait, and none waits longer than `maxWaitMs`.
 * When the queue is full a judge is refused at once: a clear "busy, retry in n s" beats a request
 * that hangs until the browser gives up.
 *
 * The queue is fair (086): each requester (learner, or address when anonymous) has a line of their
 * own, free workers serve the lines in turn, and one requester may hold only `maxQueuedPerOwner`
 * places. A client that fires ten submissions at once therefore waits behind itself, not in front
 * of everyone else, and cannot fill the shared queue on its own.
 */
import type { Clock } from "@/lib/limiters/clock";
import type { TimerHandle, Timers } from "@/lib/time/timers";
import type { RecentAsks } from "./recent-asks";

export interface JudgeAdmissionOptions {
  /** Judges running at once: the pool's size (one worker per core). */
  concurrency: number;
  /** Judges waiting for a free worker; one more is refused at once. */
  maxQueued: number;
  /** A judge still waiting after this long is refused (it never starts). */
  maxWaitMs: number;
  /** Places one requester may hold in the queue; their next judge is refused at once. */
  maxQueuedPerOwner?: number;
  /** Monotonic: times each judge for the retry estimate. */
  clock: Clock;
  /** Ends a wait at `maxWaitMs`. */
  timers: Timers;
  /**
   * How a free worker picks the next line. Without it the lines take turns (086). With it, every
   * ask is counted and the line of the owner who asked least lately goes first (ties: in turn),
   * and a full queue makes room for an owner who asked less by refusing the newest waiter of the
   * one who asked most (the probation lane, decision 420).
   */
  fewestAsks?: RecentAsks;
}

export type BusyReason = "queue-full" | "yours-waiting" | "waited-too-long" | "unreachable";

const BUSY_MESSAGES: Record<BusyReason, string> = {
  "queue-full": "The judge is busy with other submissions right now.",
  "yours-waiting":
    "The judge is still busy with your earlier submissions; this one was not started.",
  "waited-too-long": "The judge is busy: your submission waited too long for a free worker.",
  // The judge queue (decision 230) could not be reached: nothing was judged.
  unreachable: "The judge cannot be reached right now; your submission was not judged.",
};

/** The judge is saturated: the route answers 503 with Retry-After. */
export class JudgeBusyError extends Error {
  override readonly name = "JudgeBusyError";
  constructor(
    readonly reason: BusyReason,
    /** A fair guess of when a worker will be free, from recent judge times. */
    readonly retryAfterMs: number,
  ) {
    super(BUSY_MESSAGES[reason]);
  }
}

export interface AdmissionStats {
  running: number;
  queued: number;
  admitted: number;
  refusedFull: number;
  refusedOwner: number;
  refusedWaiting: number;
}

interface Waiter {
  start(): void;
  /** Takes it out of its line and the queue, and refuses it. */
  refuse(reason: BusyReason): void;
  timer: TimerHandle;
}

export class JudgeAdmission {
  private running = 0;
  /** One line per requester; Map iteration order is the order the lines are served in. */
  private readonly lines = new Map<string, Waiter[]>();
  private queued = 0;
  private averageMs = 250;
  private readonly counters = { admitted: 0, refusedFull: 0, refusedOwner: 0, refusedWaiting: 0 };

  constructor(private readonly options: JudgeAdmissionOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
      throw new RangeError(`concurrency must be a whole number >= 1, got ${options.concurrency}`);
    }
    if (!Number.isInteger(options.maxQueued) || options.maxQueued < 0) {
      throw new RangeError(`maxQueued must be a whole number >= 0, got ${options.maxQueued}`);
    }
    if (!(options.maxWaitMs >= 0)) throw new RangeError("maxWaitMs must be >= 0");
  }

  /**
   * Runs `judge` when a worker is free; throws JudgeBusyError if that is not soon enough. `owner`
   * names the requester whose line it waits in.
   */
  async run<T>(judge: () => Promise<T>, owner = "anonymous"): Promise<T> {
    this.options.fewestAsks?.ask(owner);
    if (this.running >= this.options.concurrency) await this.waitForTurn(owner);
    else this.running++;
    this.counters.admitted++;
    const { clock } = this.options;
    const started = clock.now();
    try {
      return await judge();
    } finally {
      // A moving average: the estimate follows the recent mix of quick and slow submissions.
      this.averageMs = 0.8 * this.averageMs + 0.2 * (clock.now() - started);
      this.release();
    }
  }

  stats(): AdmissionStats {
    return { running: this.running, queued: this.queued, ...this.counters };
  }

  private waitForTurn(owner: string): Promise<void> {
    const line = this.lines.get(owner) ?? [];
    if (line.length >= (this.options.maxQueuedPerOwner ?? Infinity)) {
      this.counters.refusedOwner++;
      return Promise.reject(new JudgeBusyError("yours-waiting", this.estimateWaitMs()));
    }
    if (this.queued >= this.options.maxQueued && !this.makeRoomFor(owner)) {
      this.counters.refusedFull++;
      return Promise.reject(new JudgeBusyError("queue-full", this.estimateWaitMs()));
    }
    const { timers } = this.options;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          timers.clearTimeout(waiter.timer);
          resolve();
        },
        refuse: (reason) => {
          timers.clearTimeout(waiter.timer);
          const index = line.indexOf(waiter);
          if (index >= 0) line.splice(index, 1);
          if (line.length === 0 && this.lines.get(owner) === line) this.lines.delete(owner);
          this.queued--;
          reject(new JudgeBusyError(reason, this.estimateWaitMs()));
        },
        timer: timers.setTimeout(() => {
          this.counters.refusedWaiting++;
          waiter.refuse("waited-too-long");
        }, this.options.maxWaitMs),
      };
      line.push(waiter);
      this.lines.set(owner, line);
      this.queued++;
    });
  }

  /**
   * With `fewestAsks`, a full queue refuses the newest waiter of the owner who asked most, if that
   * owner asked more than `owner`; true when a place was made.
   */
  private makeRoomFor(owner: string): boolean {
    const asks = this.options.fewestAsks;
    if (!asks) return false;
    let most: Waiter[] | undefined;
    let mostScore = asks.score(owner);
    for (const [other, line] of this.lines) {
      const score = asks.score(other);
      if (score > mostScore) [most, mostScore] = [line, score];
    }
    const last = most?.at(-1);
    if (!last) return false;
    this.counters.refusedFull++;
    last.refuse("queue-full");
    return true;
  }

  private release(): void {
    const next = this.nextInTurn();
    // The slot passes straight to the next waiter, so a newcomer can never jump the queue.
    if (next) next.start();
    else this.running--;
  }

  /**
   * The head of the line whose turn it is: the first line, or with `fewestAsks` the first of those
   * whose owner asked least. That line then goes to the back, so equal lines take turns.
   */
  private nextInTurn(): Waiter | undefined {
    let chosen: [string, Waiter[]] | undefined;
    let least = Infinity;
    for (const entry of this.lines) {
      if (!this.options.fewestAsks) {
        chosen = entry;
        break;
      }
      const score = this.options.fewestAsks.score(entry[0]);
      if (score < least) [chosen, least] = [entry, score];
    }
    if (!chosen) return undefined;
    const [owner, line] = chosen;
    const next = line.shift();
    this.lines.delete(owner);
    if (line.length > 0) this.lines.set(owner, line);
    this.queued--;
    return next;
  }

  private estimateWaitMs(): number {
    const ahead = this.queued + this.running;
    return Math.max(1_000, Math.ceil((ahead / this.options.concurrency) * this.averageMs));
  }
}
