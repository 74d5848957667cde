import type { Clock, SharedStore } from "judge";

interface Counts {
  window: number;
  current: number;
  previous: number;
}

// The fix: one atomic store operation reads both counts, decides, and counts only an admitted
// request. A refusal leaves no trace, and no other instance can slip in between the read and the
// write (in Redis: one Lua script).
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
    const weight = 1 - (now % this.windowMs) / this.windowMs;
    return this.store.update<Counts, boolean>(key, (stored) => {
      let counts = stored ?? { window, current: 0, previous: 0 };
      if (counts.window !== window) {
        // Only the window just before this one still weighs on the estimate.
        const previous = counts.window === window - 1 ? counts.current : 0;
        counts = { window, current: 0, previous };
      }
      if (counts.previous * weight + counts.current >= this.limit) {
        return { value: counts, result: false };
      }
      return { value: { ...counts, current: counts.current + 1 }, result: true };
    });
  }
}
