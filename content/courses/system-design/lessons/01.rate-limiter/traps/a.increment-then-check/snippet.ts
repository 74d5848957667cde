import type { Clock, SharedStore } from "judge";

// A sliding-window counter whose counts live in a store that every instance of the service shares
// (Redis, in production). Each instance builds its own SlidingCounter over the same store.
export class SlidingCounter {
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly store: SharedStore,
    private readonly clock: Clock,
  ) {}

  async allow(key: string): Promise<boolean> {
    const now = this.clock.now();
    const window = Math.floor(now / this.windowMs);
    const previous = ((await this.store.get(`${key}:${window - 1}`)) as number | undefined) ?? 0;
    const current = ((await this.store.get(`${key}:${window}`)) as number | undefined) ?? 0;

    const count = current + 1;
    await this.store.set(`${key}:${window}`, count); // count the request...

    const weight = 1 - (now % this.windowMs) / this.windowMs;
    return previous * weight + count <= this.limit; // ...then decide
  }
}
