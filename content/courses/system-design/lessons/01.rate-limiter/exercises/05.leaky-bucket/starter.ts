import type { Clock } from "judge";

/** The meter: admitted requests pour into a bucket that drains at leakPerSecond. */
export class LeakyBucket {
  constructor(
    readonly capacity: number,
    readonly leakPerSecond: number,
    private readonly clock: Clock,
  ) {}

  allow(): boolean {
    // Drain from the elapsed time, then admit if one more unit fits.
    return true;
  }

  /** Units in the bucket right now (fractional). */
  level(): number {
    return 0;
  }
}

/** The queue: admitted requests leave the bucket evenly spaced, at leakPerSecond. */
export class LeakyShaper {
  constructor(
    readonly capacity: number,
    readonly leakPerSecond: number,
    private readonly clock: Clock,
  ) {}

  /** When this request may be sent downstream (clock ms), or null if the queue is full. */
  schedule(): number | null {
    return this.clock.now();
  }

  allow(): boolean {
    return this.schedule() !== null;
  }

  /** Requests waiting right now (fractional). */
  queued(): number {
    return 0;
  }
}
