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

  async tryAcquire(n = 1): Promise<boolean> {
    const now = this.clock.now();
    // Read, decide, write: right on one instance. What happens between the get and the set?
    const state = (await this.store.get(this.key)) as BucketState | undefined;
    const last = state?.last ?? now;
    let tokens = Math.min(
      this.capacity,
      (state?.tokens ?? this.capacity) + Math.max(0, now - last) * this.perMs,
    );
    const allowed = tokens >= n;
    if (allowed) tokens -= n;
    await this.store.set(this.key, { tokens, last: Math.max(last, now) });
    return allowed;
  }
}
