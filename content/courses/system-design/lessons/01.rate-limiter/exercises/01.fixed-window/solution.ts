import type { Clock } from "judge";

/** At most `limit` requests per window of `windowMs`, windows aligned to clock zero. */
export class FixedWindow {
  private window: number;
  private count = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock,
  ) {
    this.window = Math.floor(clock.now() / windowMs);
  }

  allow(): boolean {
    const window = Math.floor(this.clock.now() / this.windowMs);
    if (window !== this.window) {
      // The reset is the whole algorithm, and also its flaw: history is forgotten at the boundary.
      this.window = window;
      this.count = 0;
    }
    if (this.count < this.limit) {
      this.count++;
      return true;
    }
    return false;
  }
}
