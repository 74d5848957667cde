export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetMs: number;
  retryAfterMs: number;
  degraded?: "fail-open" | "fallback";
}

export interface RateLimitProblem {
  type: string;
  title: "Too Many Requests";
  status: 429;
  detail: string;
  retryAfter?: number;
  limit: number;
  remaining: number;
}

export interface HttpAnswer {
  status: 200 | 429;
  headers: Record<string, string>;
  body?: RateLimitProblem;
}

export interface RefusalOptions {
  /** The quota in words, e.g. "100 requests per minute per API key". */
  policy?: string;
  /** A URI identifying the problem type. */
  type?: string;
}

/** The quota headers every response carries, allowed or not. */
export function rateLimitHeaders(decision: Decision): Record<string, string> {
  return { "RateLimit-Limit": String(decision.limit) };
}

/** What the HTTP layer sends: proceed (200) or a 429 problem. */
export function httpAnswer(decision: Decision, _options: RefusalOptions = {}): HttpAnswer {
  // A refusal is not an outage: which status says "you, slow down"?
  return { status: 200, headers: rateLimitHeaders(decision) };
}
