import "@/lib/http/zod-without-eval";
import { resultsDocumentSchema, type ResultsDocument } from "@/lib/judge/results";
import { problemParts, problemSummary } from "@/lib/http/read-problem";

// Talks to the judge routes and turns every way a request can go wrong into something the toolbar
// can say: the results, a rate limit with its countdown, a network failure, a server error.

export type JudgeOutcome = (
  | { kind: "results"; results: ResultsDocument }
  | { kind: "rate-limited"; retryAfterSeconds: number; message: string }
  | { kind: "network"; message: string }
  | { kind: "rejected"; status: number; message: string }
  | { kind: "server"; status: number; message: string }
) & { quota?: Quota };

/** The submissions quota the server published with its answer (RateLimit-* headers). */
export interface Quota {
  limit: number;
  remaining: number;
  /** Seconds until the allowance is full again (RateLimit-Reset), when sent. */
  resetSeconds?: number;
}

export interface JudgeRequestBody {
  exerciseId: string;
  code: string;
}

/** POST /api/judge/submit: the full suite on the server. */
export function submitToServer(body: JudgeRequestBody, signal?: AbortSignal) {
  return postJudge("/api/judge/submit", body, signal);
}

/** POST /api/judge/run: the visible tests on the server, for browsers that cannot run the worker. */
export function runOnServer(body: JudgeRequestBody, signal?: AbortSignal) {
  return postJudge("/api/judge/run", body, signal);
}

async function postJudge(
  url: string,
  body: JudgeRequestBody,
  signal?: AbortSignal,
): Promise<JudgeOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      kind: "network",
      message:
        "Could not reach the server. Check your connection and try again; your code is saved.",
    };
  }
  return interpretJudgeResponse(response);
}

export async function interpretJudgeResponse(
  response: Response,
  nowMs: number = Date.now(),
): Promise<JudgeOutcome> {
  const quota = readQuota(response.headers);
  return { ...(await interpretBody(response, nowMs)), ...(quota ? { quota } : {}) };
}

/** RateLimit-Limit and RateLimit-Remaining (and RateLimit-Reset), when the server sent both. */
export function readQuota(headers: Headers): Quota | null {
  const limit = Number(headers.get("ratelimit-limit") ?? NaN);
  const remaining = Number(headers.get("ratelimit-remaining") ?? NaN);
  if (!Number.isInteger(limit) || !Number.isInteger(remaining) || limit < 1) return null;
  const reset = Number(headers.get("ratelimit-reset") ?? NaN);
  return {
    limit,
    remaining: Math.max(0, Math.min(remaining, limit)),
    ...(Number.isFinite(reset) && reset >= 0 ? { resetSeconds: reset } : {}),
  };
}

async function interpretBody(response: Response, nowMs: number): Promise<JudgeOutcome> {
  const payload = await readJson(response);
  const problem = problemParts(payload);
  // The judge's queue is full (503 with Retry-After): a wait, like a rate limit, not a failure.
  if (response.status === 503 && response.headers.has("retry-after")) {
    return {
      kind: "rate-limited",
      retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after"), nowMs) ?? 5,
      message: problemSummary(problem) ?? "The judge is busy right now.",
    };
  }
  if (response.status === 429) {
    const retryAfterSeconds = parseRetryAfter(response.headers.get("retry-after"), nowMs) ?? 10;
    // The judge guard's refusals explain themselves (a pause after a stopped judge); the rate
    // limiter's are all the same story.
    const guard = /^(The judge is paused|Too many judges)/.test(problem?.title ?? "");
    return {
      kind: "rate-limited",
      retryAfterSeconds,
      message: (guard ? problemSummary(problem) : null) ?? "Too many submissions in a short time.",
    };
  }
  if (response.ok) {
    const parsed = resultsDocumentSchema.safeParse(payload);
    if (parsed.success) return { kind: "results", results: parsed.data };
    return {
      kind: "server",
      status: response.status,
      message: "The judge answered with something this page cannot read. Try again in a moment.",
    };
  }
  const detail = problemSummary(problem);
  // The judge queue's deadline passed (504): the submission is still judged and recorded, and
  // the detail says where to find it.
  if (response.status === 504 && detail) {
    return { kind: "server", status: 504, message: detail };
  }
  if (response.status >= 500) {
    return {
      kind: "server",
      status: response.status,
      message: `The judge failed (HTTP ${response.status}). Try again in a moment; your code is saved.`,
    };
  }
  return {
    kind: "rejected",
    status: response.status,
    message: detail ?? `The server refused the request (HTTP ${response.status}).`,
  };
}

/**
 * Retry-After is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3). Returns whole seconds,
 * at least 1, or null when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.max(1, Number(trimmed));
  // Every HTTP-date form starts with a day name; Date.parse alone would read "-3" as a year.
  if (!/^[A-Za-z]{3}/.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(1, Math.ceil((date - nowMs) / 1000));
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

const runsRecorded = new Set<string>();

/**
 * POST /api/progress/runs after a Run in the browser, once per exercise and page view: enough for
 * the exercise to show as attempted, without a request per click. True when this call recorded it
 * (the caller refreshes what the page shows of the learner's progress); a failure is let go, and the
 * next Run tries again.
 */
export async function recordBrowserRun(exerciseId: string): Promise<boolean> {
  if (runsRecorded.has(exerciseId)) return false;
  runsRecorded.add(exerciseId);
  try {
    const response = await fetch("/api/progress/runs", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ exerciseId }),
    });
    if (response.ok) return true;
  } catch {
    // Offline: the Run still showed its results.
  }
  runsRecorded.delete(exerciseId);
  return false;
}
