/**
 * Where a limiter gets the time. A rate limiter is a function of time, so every limiter takes a
 * Clock instead of reading the wall clock: tests and lesson examples drive a ManualClock and get
 * the same answer on every run; production passes a SystemClock.
 */
export interface Clock {
  /** Milliseconds. Only differences matter, but they must never go backwards. */
  now(): number;
}

/** A clock that moves only when told to. */
export class ManualClock implements Clock {
  private current: number;

  constructor(startMs = 0) {
    if (!Number.isFinite(startMs)) throw new RangeError(`startMs must be finite, got ${startMs}`);
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    // Time that runs backwards would let a limiter "un-spend" quota; refuse it loudly.
    if (!(ms >= 0) || !Number.isFinite(ms)) {
      throw new RangeError(`a clock can only move forward, got advance(${ms})`);
    }
    this.current += ms;
  }
}

/**
 * The production clock. The Date API follows the system time, which NTP or an operator may step at
 * any moment; stepped back, it would leave every bucket owing tokens, and the limiter would say no
 * to everyone until the lost interval had passed again. performance.now() only moves forward.
 * Adding timeOrigin puts processes on one shared scale, which a shared store needs.
 */
export class SystemClock implements Clock {
  now(): number {
    return performance.timeOrigin + performance.now();
  }
}
