/**
 * A limiter's answer with the numbers a client needs to pace itself. Times are whole milliseconds
 * from the moment of the decision.
 */
export interface Decision {
  allowed: boolean;
  /** The quota as the client should understand it (RateLimit-Limit). */
  limit: number;
  /** Requests of cost 1 that would be admitted right now, after this decision (RateLimit-Remaining). */
  remaining: number;
  /** Until the quota is fully restored (RateLimit-Reset). */
  resetMs: number;
  /** 0 if allowed; else until this request, at this cost, would be admitted. Infinity if never. */
  retryAfterMs: number;
  /**
   * Set when the decision did not come from the authoritative store: "fail-open" admitted without
   * checking, "fallback" was decided by a local limiter. Absent for a normal decision.
   */
  degraded?: "fail-open" | "fallback";
}
