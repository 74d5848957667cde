import type { Clock } from "judge";

export interface KeyedLimiterOptions {
  /** Burst per key. */
  capacity: number;
  /** Sustained rate per key. */
  perSecond: number;
  /** Hard cap on keys held; past it the least recently used key is forgotten. */
  maxKeys: number;
  /** A key idle this long whose bucket is full again may be forgotten (default 10 s). */
  forgetIdleAfterMs?: number;
  clock: Clock;
}

/** A token bucket per key, in bounded memory. */
export class KeyedLimiter {
  private readonly buckets = new Map<string, { tokens: number; last: number }>();

  constructor(private readonly options: KeyedLimiterOptions) {}

  allow(key: string): boolean {
    return this.tryAcquire(key, 1);
  }

  tryAcquire(key: string, cost = 1): boolean {
    // Unbounded: every key ever seen stays in the map forever. Fix the memory, then the buckets.
    const bucket = this.buckets.get(key) ?? { tokens: this.options.capacity, last: 0 };
    this.buckets.set(key, bucket);
    return cost > 0;
  }

  /** Keys currently held. */
  get size(): number {
    return this.buckets.size;
  }
}
