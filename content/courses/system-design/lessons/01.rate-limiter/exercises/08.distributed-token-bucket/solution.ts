import type { Clock, SharedStore } from "judge";

interface BucketState {
  tokens: number;
  last: number;
}

/** A token bucket whose state lives in a store shared by every instance. */
export class DistributedTokenBucket {
  private readonly perMs: number;

  constructor(
    private readonly store: SharedStore,
    private readonly key: string,
    readonly capacity: number,
    readonly perSecond: number,
    private readonly clock: Clock,
  ) {
    this.perMs = perSecond / 1000;
  }

  allow(): Promise<boolean> {
    return this.tryAcquire(1);
  }

  tryAcquire(n = 1): Promise<boolean> {
    // The time is read here and passed in, as the Redis script takes `now` as an argument: a step
    // that read the clock inside the store would not be deterministic.
    const now = this.clock.now();
    // Refill, decide and write in one atomic step: no other instance can read in between.
    return this.store.update<BucketState, boolean>(this.key, (state) => {
      const last = state?.last ?? now;
      let tokens = Math.min(
        this.capacity,
        (state?.tokens ?? this.capacity) + Math.max(0, now - last) * this.perMs,
      );
      const allowed = tokens >= n;
      if (allowed) tokens -= n;
      return { value: { tokens, last: Math.max(last, now) }, result: allowed };
    });
  }
}
