import type { Clock } from "judge";

/** The meter: admitted requests pour into a bucket that drains at leakPerSecond. */
export class LeakyBucket {
  private readonly perMs: number;
  private water = 0;
  private last: number;

  constructor(
    readonly capacity: number,
    readonly leakPerSecond: number,
    private readonly clock: Clock,
  ) {
    this.perMs = leakPerSecond / 1000;
    this.last = clock.now(); // a new client starts with an empty bucket
  }

  allow(): boolean {
    this.leak();
    if (this.water + 1 <= this.capacity) {
      this.water += 1;
      return true;
    }
    return false;
  }

  /** Units in the bucket right now (fractional). */
  level(): number {
    this.leak();
    return this.water;
  }

  private leak(): void {
    const now = this.clock.now();
    this.water = Math.max(0, this.water - (now - this.last) * this.perMs);
    this.last = now;
  }
}

/** The queue: admitted requests leave the bucket evenly spaced, at leakPerSecond. */
export class LeakyShaper {
  private readonly msPerRequest: number;
  private water = 0;
  private last: number;

  constructor(
    readonly capacity: number,
    readonly leakPerSecond: number,
    private readonly clock: Clock,
  ) {
    this.msPerRequest = 1000 / leakPerSecond;
    this.last = clock.now();
  }

  /** When this request may be sent downstream (clock ms), or null if the queue is full. */
  schedule(): number | null {
    const now = this.clock.now();
    this.water = Math.max(0, this.water - (now - this.last) / this.msPerRequest);
    this.last = now;
    if (this.water + 1 > this.capacity) return null;
    // It leaves when everything queued ahead of it has drained.
    const releaseAt = now + this.water * this.msPerRequest;
    this.water += 1;
    return releaseAt;
  }

  allow(): boolean {
    return this.schedule() !== null;
  }

  /** Requests waiting right now (fractional). */
  queued(): number {
    const now = this.clock.now();
    return Math.max(0, this.water - (now - this.last) / this.msPerRequest);
  }
}
