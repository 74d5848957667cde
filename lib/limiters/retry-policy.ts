import type { Clock } from "./clock";

/** What a client needs from a refused response: its status and its Retry-After header, if any. */
export interface RefusedResponse {
  status: number;
  retryAfter?: string | null;
}

export interface RetryPolicyOptions {
  /** The first retry waits up to this long; each further one up to twice as long as the last. */
  baseMs: number;
  /** No single backoff window is longer than this. */
  capMs: number;
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /**
   * The longest this caller may wait in-process. A longer wait is handed back as null: park the
   * work in a durable queue rather than hold a request, a socket and memory for that long.
   */
  maxWaitMs: number;
  /** Uniform in [0, 1). Injected so a test can replay it; in production, Math.random. */
  random: () => number;
  clock: Clock;
}

/** Statuses that mean "later might work": the caller's limit (429) or the server's (503). */
const RETRYABLE = new Set([429, 503]);

/**
 * When a client should try again, if at all. It honours Retry-After as a floor and spreads the
 * retries over a random window on top of it ("full jitter"), a window that doubles with every attempt
 * up to `capMs`. Without the spread, every client refused in the same instant comes back in the same
 * instant, and the server that asked them to wait is hit by all of them at once.
 */
export class RetryPolicy {
  constructor(private readonly options: RetryPolicyOptions) {
    const { baseMs, capMs, maxAttempts, maxWaitMs } = options;
    if (!(baseMs > 0)) throw new RangeError(`baseMs must be > 0, got ${baseMs}`);
    if (!(capMs >= baseMs)) throw new RangeError(`capMs must be >= baseMs, got ${capMs}`);
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new RangeError(`maxAttempts must be a whole number >= 1, got ${maxAttempts}`);
    }
    if (!(maxWaitMs >= 0)) throw new RangeError(`maxWaitMs must be >= 0, got ${maxWaitMs}`);
  }

  /**
   * Called after attempt number `attempt` (1 for the first try) was refused with `response`:
   * milliseconds to wait before the next attempt, or null to stop trying in-process.
   */
  delayAfter(attempt: number, response: RefusedResponse): number | null {
    const { baseMs, capMs, maxAttempts, maxWaitMs, random } = this.options;
    if (!RETRYABLE.has(response.status) || attempt >= maxAttempts) return null;
    const window = Math.min(capMs, baseMs * 2 ** (attempt - 1));
    const delay = this.retryAfterMs(response.retryAfter) + Math.floor(random() * window);
    return delay > maxWaitMs ? null : delay;
  }

  /** Retry-After as a wait: whole seconds or an HTTP date; anything unreadable counts as absent. */
  retryAfterMs(header: string | null | undefined): number {
    const value = header?.trim() ?? "";
    if (/^\d+$/.test(value)) return Number(value) * 1000;
    // HTTP dates end in "GMT" (RFC 9110); Date.parse alone would read "1.5" as a day in 2001.
    const at = /GMT$/.test(value) ? Date.parse(value) : NaN;
    return Number.isNaN(at) ? 0 : Math.max(0, at - this.options.clock.now());
  }
}
