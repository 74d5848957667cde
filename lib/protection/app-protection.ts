import "server-only";
import { getAuth, requireLearner, type ViewerContext } from "@/lib/auth";
import { env } from "@/lib/env";
import { illFormedStringPath, illFormedStringProblem, readBodyText } from "@/lib/http/body";
import { route } from "@/lib/http/problem";
import { type Clock, SystemClock } from "@/lib/limiters";
import { RedisBucketStore } from "@/lib/limiters/redis-store";
import type { BucketLimit, EndpointClass } from "./config";
import { Gatekeeper } from "./gatekeeper";
import { closeProtectionRedis, protectionRedis } from "./protection-redis";
import { SessionIdentityCache } from "./session-cache";
import {
  createProtection,
  hashedKey,
  type LearnerKey,
  type Protection,
  type Requester,
} from "./protection";
import { Tarpit } from "./tarpit";
import { MemoryCounterStore, RedisCounterStore } from "./failure-counters";
import { SignInFailures, type FailureLimit } from "./sign-in-failures";

// The application's protection, wired from the environment (see README.md beside this file):
// Redis buckets shared by every instance when REDIS_URL (or REDIS_CLUSTER_NODES) is set,
// in-memory buckets otherwise.
// Everything is created on first use, so building the app never connects to Redis.

interface Wiring {
  protection: Protection;
  gatekeeper: Gatekeeper;
  signInFailures: SignInFailures;
}

/**
 * Failed sign-ins admitted (271) per (account, address) pair and per account: the auth class's
 * learner and account buckets read as "capacity failures, forgotten in the time the bucket takes
 * to refill from empty" (defaults: 10 in 5 minutes per pair, 50 in 10 minutes per account).
 */
function failureLimit(bucket: BucketLimit | null | undefined): FailureLimit | null {
  if (!bucket) return null;
  return {
    max: bucket.capacity,
    windowMs: Math.ceil((bucket.capacity / bucket.perMinute) * 60_000),
  };
}

const cache = globalThis as typeof globalThis & { __tradeoffProtection?: Wiring };

function wiring(): Wiring {
  cache.__tradeoffProtection ??= wire();
  return cache.__tradeoffProtection;
}

function wire(): Wiring {
  const clock = new SystemClock();
  const warn = throttledWarning(clock);
  const redis = protectionRedis();
  if (redis) {
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
  const local = new MemoryCounterStore(clock);
  const signInFailures = new SignInFailures({
    store: redis ? new RedisCounterStore(redis, env.RATE_LIMIT_PREFIX) : local,
    fallback: local,
    failure: env.RATE_LIMITS.auth.failure,
    clock,
    pair: failureLimit(env.RATE_LIMITS.auth.learner),
    account: failureLimit(env.RATE_LIMITS.auth.account),
    timeoutMs: env.RATE_LIMIT_TIMEOUT_MS,
    onStoreFailure: (error) =>
      warn("sign-in", `failed sign-ins store failed (${describe(error)}): counting locally`),
  });
  return { protection, gatekeeper, signInFailures };
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
  handler: (request: Request, context: C, requester: Requester) => Promise<Response>,
  learner?: (request: Request) => LearnerKey | Promise<LearnerKey>,
): (request: Request, context: C) => Promise<Response> {
  return (request, context) =>
    wiring().protection.protectedRoute(endpoint, handler, learner)(request, context);
}

/** What a learner route's handler is handed besides the request. */
export interface LearnerVisit {
  /** Who asked, as the gate identified them: the judge's lines and lanes key by it. */
  requester: Requester;
  /**
   * The learner's session, an anonymous one made on first use (lib/auth requireLearner); the same
   * lookup every time it is called, rejecting as requireLearner does.
   */
  learner(): Promise<ViewerContext>;
}

/**
 * A protected route that acts for a learner (judging, traps). The session is looked up once per
 * request: by the gate, when the address's bucket admitted the request and the gate's cache does
 * not know the cookie, or else by the handler's first `learner()`; the lookup and the requester
 * are handed to the handler, never kept beside the request.
 */
export function learnerRoute<C>(
  endpoint: EndpointClass,
  handler: (request: Request, context: C, visit: LearnerVisit) => Promise<Response>,
): (request: Request, context: C) => Promise<Response> {
  return (request, context) => {
    let session: Promise<ViewerContext> | undefined;
    const learner = () => (session ??= requireLearner(request.headers));
    const identify = () => sessionLearner(request, async () => (await learner()).viewer.userId);
    return protectedRoute<C>(
      endpoint,
      (request, context, requester) => handler(request, context, { requester, learner }),
      () => identify,
    )(request, context);
  };
}

/**
 * better-auth's catch-all handler, protected: POSTs (sign-up, sign-in, password changes) are the
 * "auth" class, per address; sign-up and password changes also per account named (or session
 * user) and address, and per account across addresses (114); a sign-in counts against the
 * account only when it fails (271), so the owner's own sign-ins never lock them out. GETs (the
 * session) are reads. A POST's body is read here, at most MAX_AUTH_BODY bytes, and refused when it
 * holds an ill-formed string (112), before the library sees it.
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
  const signIns = protectedRoute<undefined>(
    "auth",
    route(async (request, _context, requester: Requester) => {
      const bounded = await boundedAuthRequest(request);
      const account = await accountNamed(bounded);
      if (typeof account !== "string") return handler(bounded);
      const attempt = await wiring().signInFailures.attempt(account, requester.ip);
      if (attempt.refusal) return attempt.refusal;
      const response = await handler(bounded);
      // A 5xx tried no password (the database was down): it counts no more than a success.
      await attempt.settle(response.ok || response.status >= 500);
      return response;
    }),
    () => null,
  );
  return (request) => {
    if (request.method !== "POST") return reads(request, undefined);
    return (isSignIn(request) ? signIns : writes)(request, undefined);
  };
}

function isSignIn(request: Request): boolean {
  return new URL(request.url).pathname.endsWith("/sign-in/email");
}

/**
 * Closes the Redis connection, the judge guard's too (CLI scripts and tests; a server simply
 * exits). Call it last: a guard made before keeps the closed connection and counts on its own.
 */
export async function closeProtection(): Promise<void> {
  delete cache.__tradeoffProtection;
  closeProtectionRedis();
}

const sessionIdentities = new SessionIdentityCache(new SystemClock());

/**
 * The session's user id, remembered for a few seconds (087). `lookUp` is the route's own lookup
 * when it has one (learnerRoute: the handler reuses it); otherwise the session is read without
 * being refreshed (the handler's response does that).
 */
async function sessionLearner(
  request: Request,
  lookUp: () => Promise<string | null> = () => sessionUserId(request.headers),
): Promise<string | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes("session_token")) return null;
  try {
    return await sessionIdentities.identify(cookie, lookUp);
  } catch {
    // The database is down: the IP bucket still holds, and the handler will report the outage.
    return null;
  }
}

async function sessionUserId(headers: Headers): Promise<string | null> {
  const session = await getAuth().api.getSession({ headers, query: { disableRefresh: true } });
  return session?.user.id ?? null;
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
