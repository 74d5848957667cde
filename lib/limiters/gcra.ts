import type { Clock } from "./clock";

/**
 * GCRA, the generic cell rate algorithm: a token bucket kept as one number per key.
 *
 * Instead of a token count and a refill time it stores `tat`, the theoretical arrival time: the
 * moment the bucket would be full again if nothing else arrived. Each admitted request pushes it
 * later by one emission interval (`1000 / perSecond` ms). A request is refused when admitting it
 * would push `tat` more than `capacity` intervals past now, which is exactly when a token bucket of
 * the same capacity and rate would be short of tokens: the two admit the same requests.
 *
 * One timestamp is all a shared store has to keep, and "retry after" falls out of it for free.
 */
export class Gcra {
  /** Milliseconds between requests at the sustained rate. */
  readonly intervalMs: number;
  private tat: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly clock: Clock,
  ) {
    if (!(capacity > 0)) throw new RangeError(`capacity must be > 0, got ${capacity}`);
    if (!(perSecond > 0)) throw new RangeError(`perSecond must be > 0, got ${perSecond}`);
    this.intervalMs = 1000 / perSecond;
    this.tat = clock.now(); // a tat in the past or now means a full bucket
  }

  allow(): boolean {
    return this.tryAcquire(1);
  }

  /** Admits a request of cost n iff a token bucket holding the same history would have n tokens. */
  tryAcquire(n = 1): boolean {
    if (!(n > 0)) throw new RangeError(`n must be > 0, got ${n}`);
    const now = this.clock.now();
    const next = Math.max(this.tat, now) + n * this.intervalMs;
    if (next - now > this.capacity * this.intervalMs) return false; // nothing is stored on refusal
    this.tat = next;
    return true;
  }

  /** Milliseconds until tryAcquire(n) would succeed: 0 if it would now, Infinity if n > capacity. */
  retryAfterMs(n = 1): number {
    if (n > this.capacity) return Infinity;
    const now = this.clock.now();
    const next = Math.max(this.tat, now) + n * this.intervalMs;
    return Math.max(0, next - now - this.capacity * this.intervalMs);
  }

  /** The one number of state: when the bucket would be full again (ms, on the injected clock). */
  theoreticalArrivalTime(): number {
    return this.tat;
  }
}
