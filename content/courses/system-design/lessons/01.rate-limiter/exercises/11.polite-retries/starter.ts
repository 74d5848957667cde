import type { Clock } from "judge";

/** What a client needs from a refused response: its status and its Retry-After header, if any. */
export interface RefusedResponse {
  status: number;
  retryAfter?: string | null;
}

export interface RetryPolicyOptions {
  baseMs: number;
  capMs: number;
  maxAttempts: number;
  maxWaitMs: number;
  random: () => number;
  clock: Clock;
}

/** When a client should try again, if at all. */
export class RetryPolicy {
  constructor(private readonly options: RetryPolicyOptions) {}

  /** After attempt `attempt` was refused: ms to wait before the next one, or null to stop. */
  delayAfter(attempt: number, response: RefusedResponse): number | null {
    if (attempt >= this.options.maxAttempts) return null;
    // Do exactly what the server asked, to the millisecond.
    return this.retryAfterMs(response.retryAfter);
  }

  /** Retry-After as a wait in ms; 0 when there is none. */
  retryAfterMs(header: string | null | undefined): number {
    const value = header?.trim() ?? "";
    return /^\d+$/.test(value) ? Number(value) * 1000 : 0;
  }
}
