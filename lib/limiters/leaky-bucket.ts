import type { Clock } from "./clock";

/**
 * The leaky bucket as a meter: each admitted request pours one unit into a bucket of `capacity` that
 * drains at `leakPerSecond`; a request that would overflow it is refused. As a yes/no decision this
 * admits exactly what a token bucket of the same size and rate admits (the water is the spent tokens).
 */
export class LeakyBucket {
  private readonly perMs: number;
  private water = 0;
  private last: number;

  constructor(
    readonly capacity: number,
    readonly leakPerSecond: number,
    private readonly clock: Clock,
  ) {
    if (!(capacity >= 1)) throw new RangeError(`capacity must be >= 1, got ${capacity}`);
    if (!(leakPerSecond > 0)) {
      throw new RangeError(`leakPerSecond must be > 0, got ${leakPerSecond}`);
    }
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

/**
 * The leaky bucket as a queue, which is what the name originally meant: admitted requests wait in a
 * bucket of `capacity` and leave it at exactly `leakPerSecond`, evenly spaced. It admits the same
 * requests as the meter, but instead of passing an admitted burst straight through it gives each one
 * a release time, so downstream sees a steady rate and never a burst. The price is latency.
 */
export class LeakyShaper {
  private readonly msPerRequest: number;
  private water = 0;
  private last: number;

  constructor(
    readonly capacity: number,
    readonly leakPerSecond: number,
    private readonly clock: Clock,
  ) {
    if (!(capacity >= 1)) throw new RangeError(`capacity must be >= 1, got ${capacity}`);
    if (!(leakPerSecond > 0)) {
      throw new RangeError(`leakPerSecond must be > 0, got ${leakPerSecond}`);
    }
    this.msPerRequest = 1000 / leakPerSecond;
    this.last = clock.now();
  }

  /**
   * Queues a request and returns the time (clock ms) at which it may be sent downstream, or null if
   * the queue is full. The release time is when everything queued ahead of it has drained.
   */
  schedule(): number | null {
    const now = this.clock.now();
    this.water = Math.max(0, this.water - (now - this.last) / this.msPerRequest);
    this.last = now;
    if (this.water + 1 > this.capacity) return null;
    const releaseAt = now + this.water * this.msPerRequest;
    this.water += 1;
    return releaseAt;
  }

  allow(): boolean {
    return this.schedule() !== null;
  }

  /** Requests waiting or in flight right now (fractional: the head leaves gradually). */
  queued(): number {
    const now = this.clock.now();
    return Math.max(0, this.water - (now - this.last) / this.msPerRequest);
  }
}
