/**
 * The calendar time, for what is stored and shown: when a submission was made, when a card is due,
 * which days make a streak. Never for measuring: the system time can be stepped (NTP, an operator),
 * so durations and limits read the monotonic Clock of lib/limiters instead. bucket4j draws the same
 * line between its wall-clock and nanotime TimeMeters (decision 285). `now()` returns a Date, not a
 * number, so the type checker refuses one clock where the other is wanted.
 */
export interface WallClock {
  now(): Date;
}

/** The machine's calendar time. */
export const systemWallClock: WallClock = { now: () => new Date() };

/** A calendar that moves only when told to: tests and seeds get the same dates on every run. */
export class ManualWallClock implements WallClock {
  private current: number;

  constructor(start: Date | number) {
    this.current = typeof start === "number" ? start : start.getTime();
    if (!Number.isFinite(this.current)) throw new RangeError(`start must be a valid time`);
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves the calendar by `ms` (backwards too: a wall clock can be stepped back). */
  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError(`advance needs a finite ms, got ${ms}`);
    this.current += ms;
  }
}
