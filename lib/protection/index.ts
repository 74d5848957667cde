import os from "node:os";
import { Redis } from "ioredis";
import { getAuth } from "@/lib/auth";
import { env } from "@/lib/env";
import { illFormedStringPath, illFormedStringProblem, readBodyText } from "@/lib/http/body";
import { route } from "@/lib/http/problem";
import { type Clock, SystemClock } from "@/lib/limiters";
import { RedisBucketStore } from "@/lib/limiters/redis-store";
import type { EndpointClass } from "./config";
import { Gatekeeper } from "./gatekeeper";
import { JudgeAdmission } from "./judge-admission";
import { SessionIdentityCache } from "./session-cache";
import { createProtection, hashedKey, type LearnerKey, type Protection } from "./protection";
import { Tarpit } from "./tarpit";

// The application's protection, wired from the environment (see README.md beside this file):
// Redis buckets shared by every instance when REDIS_URL is set, in-memory buckets otherwise.
// Everything is created on first use, so building the app never connects to Redis.

export type { Gate, LearnerKey } from "./protection";
export type { EndpointClass } from "./config";
export { JudgeBusyError } from "./judge-admission";
export { requesterDetails, requesterOf, type Requester } from "./protection";

interface Wiring {
  protection: Protection;
  gatekeeper: Gatekeeper;
  redis?: Redis;
}

const cache = globalThis as typeof globalThis & {
  __tradeoffProtection?: Wiring;
  __tradeoffJudgeAdmission?: JudgeAdmission;
};

function wiring(): Wiring {
  cache.__tradeoffProtection ??= wire();
  return cache.__tradeoffProtection;
}

function wire(): Wiring {
  const clock = new SystemClock();
  const warn = throttledWarning(clock);
  let redis: Redis | undefined;
  if (env.REDIS_URL) {
    redis = new Redis(env.REDIS_URL, {
      // Fail fast: the limiter's own timeout bounds every call, and its policy decides.
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      enableAutoPipelining: true,
    });
    redis.on("error", (error: Error) => warn("redis", `rate-limit store: ${error.message}`));
  }
  const gatekeeper = new Gatekeeper({
    limits: env.RATE_LIMITS,
    clock,
    ...(redis ? { store: new RedisBucketStore(redis, env.RATE_LIMIT_PREFIX) } : {}),
    timeoutMs: env.RATE_LIMIT_TIMEOUT_MS,
    onStoreFailure: (endpoint, error) => {
      const policy = env.RATE_LIMITS[endpoint].failure;
      const action =
        policy.mode === "open" ? "admitting without a limit" : "limiting locally on this instance";
      warn(endpoint, `rate-limit store failed (${describe(error)}): ${endpoint} is ${action}`);
    },
  });
  const protection = createProtection({
    gatekeeper,
    trustProxy: env.TRUST_PROXY,
    identifyLearner: sessionLearner,
    tarpit: new Tarpit({
      patience: 10,
      forgivenPerMinute: 6,
      delayMs: env.RATE_LIMIT_TARPIT_MS,
      maxHeld: 1_000,
      clock,
    }),
  });
  return { protection, gatekeeper, ...(redis ? { redis } : {}) };
}

/** See Protection.protect: `const gate = await protect(request, "judge", viewer?.userId)`. */
export function protect(request: Request, endpoint: EndpointClass, learner?: LearnerKey) {
  return wiring().protection.protect(request, endpoint, learner);
}

/**
 * Wraps a route handler (usually `route(...)`): 429 before the handler when a bucket is empty,
 * quota headers on every response. `export const PUT = protectedRoute("write", route(...))`.
 */
export function protectedRoute<C>(
  endpoint: EndpointClass,
  handler: (request: Request, context: C) => Promise<Response>,
  learner?: (request: Request) => Promise<LearnerKey>,
): (request: Request, context: C) => Promise<Response> {
  return (request, context) =>
    wiring().protection.protectedRoute(endpoint, handler, learner)(request, context);
}

/**
 * better-auth's catch-all handler, protected: POSTs (sign-up, sign-in, password changes) are the
 * "auth" class, per account named and address, and per account across addresses (so a stranger
 * cannot lock the owner out, 114); GETs (the session) are reads. A POST's body is read here, at
 * most MAX_AUTH_BODY bytes, and refused when it holds an ill-formed string (112), before the
 * library sees it.
 */
export function protectedAuthHandler(
  handler: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  const reads = protectedRoute<undefined>("read", (request) => handler(request));
  const writes = protectedRoute<undefined>(
    "auth",
    route(async (request) => handler(await boundedAuthRequest(request))),
    accountNamed,
  );
  return (request) => (request.method === "POST" ? writes : reads)(request, undefined);
}

/**
 * The admission in front of the judge pool (one per process). One core is left to the thread that
 * answers HTTP: with every core judging, page latencies follow the judge queue (084).
 */
export function judgeAdmission(): JudgeAdmission {
  const concurrency = env.JUDGE_CONCURRENCY ?? Math.max(1, os.availableParallelism() - 1);
  cache.__tradeoffJudgeAdmission ??= new JudgeAdmission({
    concurrency,
    maxQueued: env.JUDGE_MAX_QUEUE ?? 4 * Math.max(1, os.availableParallelism()),
    maxWaitMs: env.JUDGE_MAX_WAIT_MS,
    maxQueuedPerOwner: env.JUDGE_MAX_QUEUE_PER_LEARNER,
  });
  return cache.__tradeoffJudgeAdmission;
}

/** Closes the Redis connection (CLI scripts and tests; a server simply exits). */
export async function closeProtection(): Promise<void> {
  const current = cache.__tradeoffProtection;
  delete cache.__tradeoffProtection;
  current?.redis?.disconnect();
}

const sessionIdentities = new SessionIdentityCache(new SystemClock());

/** The session's user id, without refreshing the session (the handler's response does that). */
async function sessionLearner(request: Request): Promise<string | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes("session_token")) return null;
  try {
    return await sessionIdentities.identify(cookie, async () => {
      const session = await getAuth().api.getSession({
        headers: request.headers,
        query: { disableRefresh: true },
      });
      return session?.user.id ?? null;
    });
  } catch {
    // The database is down: the IP bucket still holds, and the handler will report the outage.
    return null;
  }
}

const MAX_AUTH_BODY = 16_384;

/** The request again with its body read (bounded, checked), so the library cannot read more. */
async function boundedAuthRequest(request: Request): Promise<Request> {
  const text = await readBodyText(request, MAX_AUTH_BODY);
  try {
    const illFormed = illFormedStringPath(JSON.parse(text));
    if (illFormed !== null) throw illFormedStringProblem(illFormed);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // Not JSON: better-auth answers it.
  }
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body: text });
}

/** The account a sign-in or sign-up names (hashed), else the session's user. */
async function accountNamed(request: Request): Promise<LearnerKey> {
  const declared = request.headers.get("content-length");
  if (request.body === null || (declared !== null && Number(declared) > MAX_AUTH_BODY)) {
    return undefined;
  }
  try {
    const text = await readBodyText(request.clone(), MAX_AUTH_BODY);
    const body: unknown = JSON.parse(text);
    const email = (body as { email?: unknown } | null)?.email;
    if (typeof email === "string" && email.length <= 320) {
      return hashedKey("account", email.trim().toLowerCase());
    }
  } catch {
    // Too large, not JSON: the handler answers it; the IP bucket has already counted it.
  }
  return undefined;
}

/** One line per topic on the first failure, then at most one every 30 s: an outage, not a flood. */
function throttledWarning(clock: Clock) {
  const last = new Map<string, number>();
  return (topic: string, message: string) => {
    const now = clock.now();
    if (now - (last.get(topic) ?? -Infinity) < 30_000) return;
    last.set(topic, now);
    console.warn(`[protection] ${message}`);
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
