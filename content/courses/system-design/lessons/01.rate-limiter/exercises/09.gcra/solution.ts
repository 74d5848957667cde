import type { Clock } from "judge";

/** A token bucket kept as one number: the time at which it would be full again. */
export class Gcra {
  /** Milliseconds between requests at the sustained rate. */
  readonly intervalMs: number;
  private tat: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly clock: Clock,
  ) {
    this.intervalMs = 1000 / perSecond;
    this.tat = clock.now(); // at or before now: the bucket is full
  }

  allow(): boolean {
    return this.tryAcquire(1);
  }

  /** Admits n requests at once, or none. */
  tryAcquire(n = 1): boolean {
    const now = this.clock.now();
    const next = Math.max(this.tat, now) + n * this.intervalMs;
    // A refusal stores nothing: otherwise a client that keeps knocking would never get back in.
    if (next - now > this.capacity * this.intervalMs) return false;
    this.tat = next;
    return true;
  }

  /** Milliseconds until tryAcquire(n) would succeed. */
  retryAfterMs(n = 1): number {
    if (n > this.capacity) return Infinity;
    const now = this.clock.now();
    const next = Math.max(this.tat, now) + n * this.intervalMs;
    return Math.max(0, next - now - this.capacity * this.intervalMs);
  }

  /** The one number of state. */
  theoreticalArrivalTime(): number {
    return this.tat;
  }
}
