import type { Clock } from "./clock";

/**
 * The exact sliding window: remembers when each admitted request happened and admits while fewer
 * than `limit` of them fall inside the last `windowMs`. Correct at every instant, and its memory
 * grows with the limit: one timestamp per admitted request, per key.
 */
export class SlidingLog {
  // A ring buffer of admission times, oldest first. Never more than `limit` entries are needed,
  // because a request is only admitted while fewer than `limit` are remembered.
  private readonly times: number[] = [];
  private head = 0;
  private size = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock,
  ) {
    if (!Number.isInteger(limit) || limit < 0) {
      throw new RangeError(`limit must be a whole number >= 0, got ${limit}`);
    }
    if (!(windowMs > 0)) throw new RangeError(`windowMs must be > 0, got ${windowMs}`);
  }

  allow(): boolean {
    const now = this.clock.now();
    this.forgetOlderThanWindow(now);
    if (this.size < this.limit) {
      this.times[(this.head + this.size) % this.limit] = now;
      this.size++;
      return true;
    }
    return false;
  }

  /** How many timestamps this key is holding: the memory cost of exactness. */
  tracked(): number {
    return this.size;
  }

  private forgetOlderThanWindow(now: number): void {
    // A request at time t counts for the window (t - W, t]: at exactly t + W it has aged out.
    while (this.size > 0 && (this.times[this.head] as number) <= now - this.windowMs) {
      this.head = (this.head + 1) % this.limit;
      this.size--;
    }
  }
}
