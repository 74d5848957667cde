import type { Clock } from "judge";

/** What a request is worth when the server is short of room: critical work is shed last. */
export type Priority = "critical" | "normal";

export interface ConcurrencyLimiterOptions {
  maxInFlight: number;
  reservedForCritical: number;
  leaseMs: number;
  clock: Clock;
}

/** Limits how many requests are being worked on at once. */
export class ConcurrencyLimiter {
  private inProgress = 0;
  private nextPermit = 1;

  constructor(private readonly options: ConcurrencyLimiterOptions) {}

  /** A permit to start work, or null when there is no room for this priority. */
  tryStart(priority: Priority = "normal"): number | null {
    if (priority === "normal" && this.inProgress >= this.options.maxInFlight) return null;
    if (this.inProgress >= this.options.maxInFlight) return null;
    this.inProgress++;
    return this.nextPermit++;
  }

  /** Returns a permit's slot; false (and nothing freed) if it was not in flight. */
  finish(permit: number): boolean {
    this.inProgress--;
    return permit > 0;
  }

  /** Requests holding a permit right now. */
  inFlight(): number {
    return this.inProgress;
  }
}
