import type { Clock } from "judge";

/** At most `limit` requests in any window of `windowMs`: a log of admission times. */
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
  ) {}

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

  /** How many timestamps the log holds. */
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
