import type { Clock } from "./clock";

/** What a request is worth when the server is short of room: critical work is shed last. */
export type Priority = "critical" | "normal";

export interface ConcurrencyLimiterOptions {
  /** Requests allowed in flight at once, across every priority. */
  maxInFlight: number;
  /** Slots only critical requests may take: normal ones are refused once the rest are in use. */
  reservedForCritical: number;
  /** A permit nobody finishes (a crashed handler, a lost callback) is reclaimed after this long. */
  leaseMs: number;
  clock: Clock;
}

/**
 * Limits how many requests are being worked on at once, not how many arrive per second. A rate
 * limiter cannot see a slow dependency: at the same arrival rate, requests that take ten times
 * longer hold ten times as many workers. Counting what is in flight caps that directly.
 *
 * Permits are leases: one that is never finished expires `leaseMs` after it was granted, so a bug
 * that forgets to call finish() costs capacity for a while instead of forever. Finishing a permit
 * that already expired, or finishing one twice, changes nothing.
 */
export class ConcurrencyLimiter {
  private readonly maxInFlight: number;
  private readonly reservedForCritical: number;
  private readonly leaseMs: number;
  private readonly clock: Clock;
  /** permit id -> when its lease runs out; Map keeps grant order, so the oldest come first. */
  private readonly leases = new Map<number, number>();
  private nextPermit = 1;

  constructor(options: ConcurrencyLimiterOptions) {
    const { maxInFlight, reservedForCritical, leaseMs } = options;
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1) {
      throw new RangeError(`maxInFlight must be a whole number >= 1, got ${maxInFlight}`);
    }
    if (!Number.isInteger(reservedForCritical) || reservedForCritical < 0) {
      throw new RangeError(
        `reservedForCritical must be a whole number >= 0, got ${reservedForCritical}`,
      );
    }
    if (reservedForCritical > maxInFlight) {
      throw new RangeError(
        `reservedForCritical (${reservedForCritical}) exceeds maxInFlight (${maxInFlight})`,
      );
    }
    if (!(leaseMs > 0)) throw new RangeError(`leaseMs must be > 0, got ${leaseMs}`);
    this.maxInFlight = maxInFlight;
    this.reservedForCritical = reservedForCritical;
    this.leaseMs = leaseMs;
    this.clock = options.clock;
  }

  /** A permit to start work, or null when there is no room for this priority. */
  tryStart(priority: Priority = "normal"): number | null {
    this.reclaimExpired();
    const room =
      priority === "critical" ? this.maxInFlight : this.maxInFlight - this.reservedForCritical;
    if (this.leases.size >= room) return null;
    const permit = this.nextPermit++;
    this.leases.set(permit, this.clock.now() + this.leaseMs);
    return permit;
  }

  /** Returns a permit's slot; false (and nothing freed) if it was not in flight. */
  finish(permit: number): boolean {
    this.reclaimExpired();
    return this.leases.delete(permit);
  }

  /** Requests holding a permit right now. */
  inFlight(): number {
    this.reclaimExpired();
    return this.leases.size;
  }

  private reclaimExpired(): void {
    const now = this.clock.now();
    // All leases have the same length, so grant order is expiry order: stop at the first live one.
    for (const [permit, expiresAt] of this.leases) {
      if (expiresAt > now) break;
      this.leases.delete(permit);
    }
  }
}
