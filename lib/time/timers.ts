import type { Clock } from "@/lib/limiters/clock";

/**
 * Where code that waits gets its timers: production passes `systemTimers`; a test passes
 * `ManualTimers`, whose timers fire when its clock is advanced past them, so a "waited too long"
 * takes no real time and cannot be flaky on a loaded machine (decision 285).
 */
export interface Timers {
  setTimeout(run: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Opaque: only the Timers that made a handle can clear it. */
export type TimerHandle = { readonly timerHandle: unique symbol };

export const systemTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms) as unknown as TimerHandle,
  clearTimeout: (handle) => clearTimeout(handle as unknown as ReturnType<typeof setTimeout>),
};

interface Pending {
  at: number;
  order: number;
  run: () => void;
}

/** A monotonic clock with timers, both moved only by `advance`. */
export class ManualTimers implements Clock, Timers {
  private current: number;
  private readonly pending = new Map<TimerHandle, Pending>();
  private order = 0;

  constructor(startMs = 0) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  setTimeout(run: () => void, ms: number): TimerHandle {
    const handle = {} as TimerHandle;
    this.pending.set(handle, { at: this.current + Math.max(0, ms), order: this.order++, run });
    return handle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.pending.delete(handle);
  }

  /** Moves time forward, firing each timer that falls due, in time order, at its own time. */
  advance(ms: number): void {
    if (!(ms >= 0) || !Number.isFinite(ms)) {
      throw new RangeError(`a clock can only move forward, got advance(${ms})`);
    }
    const end = this.current + ms;
    for (;;) {
      const due = this.nextDue(end);
      if (!due) break;
      this.pending.delete(due[0]);
      this.current = due[1].at;
      due[1].run();
    }
    this.current = end;
  }

  private nextDue(end: number): [TimerHandle, Pending] | undefined {
    let next: [TimerHandle, Pending] | undefined;
    for (const entry of this.pending) {
      if (entry[1].at > end) continue;
      if (
        !next ||
        entry[1].at < next[1].at ||
        (entry[1].at === next[1].at && entry[1].order < next[1].order)
      ) {
        next = entry;
      }
    }
    return next;
  }
}
