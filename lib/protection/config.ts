import { isIP } from "node:net";
import { z } from "zod";

// The platform's own rate limits (docs/decisions/080-self-protection.md). Pure (zod, node:net), so that
// lib/env.ts can validate the environment with these schemas at start-up.

/** The endpoint classes, by what a request costs us. */
export const ENDPOINT_CLASSES = ["judge", "auth", "write", "read"] as const;
export type EndpointClass = (typeof ENDPOINT_CLASSES)[number];

/**
 * Who a bucket belongs to: the learner (for auth, the account named), the client's IP, and for
 * classes with an `account` bucket the learner across every address.
 */
export type Scope = "learner" | "ip" | "account";

const bucketSchema = z.strictObject({
  /** The burst: requests admitted at once from a full bucket. */
  capacity: z.number().int().min(1).max(1_000_000),
  /** The sustained rate the bucket refills at. */
  perMinute: z.number().positive().max(6_000_000),
});
export type BucketLimit = z.infer<typeof bucketSchema>;

const failureSchema = z.discriminatedUnion("mode", [
  // Admit without checking while the store is unreachable (and log it): for cheap reads.
  z.strictObject({ mode: z.literal("open") }),
  // Each instance limits alone with its own buckets, `fallbackScale` × the shared limits, while the
  // store is unreachable; 0 refuses everything until the store answers again.
  z.strictObject({ mode: z.literal("closed"), fallbackScale: z.number().min(0).max(100) }),
]);
export type FailureMode = z.infer<typeof failureSchema>;

const classSchema = z.strictObject({
  /** Per learner (per account named in the body, for auth); null: this class has no such bucket. */
  learner: bucketSchema.nullable(),
  /** Per client IP (IPv6 per /64): bounds clients without a session and shared networks alike. */
  ip: bucketSchema,
  /**
   * When set, `learner` is per (learner, address) pair and this bucket bounds the learner across
   * all addresses: for sign-in, a stranger exhausts only their own pair, never the owner's access
   * (docs/decisions/114-sign-in-limits.md).
   */
  account: bucketSchema.nullable().optional(),
  failure: failureSchema,
});
export type ClassLimits = z.infer<typeof classSchema>;

export const rateLimitsSchema = z.strictObject({
  judge: classSchema,
  auth: classSchema,
  write: classSchema,
  read: classSchema,
});
export type RateLimits = z.infer<typeof rateLimitsSchema>;

/**
 * The defaults, sized for learners rather than robots. Submit is the expensive call (a worker for
 * up to 3 s), so its burst is small; the IP buckets are several learners wide because a classroom
 * shares one address. Sign-in fails closed with a generous local fallback (2x per instance), reads
 * fail open: the failure policy the course recommends, per endpoint.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  judge: {
    learner: { capacity: 10, perMinute: 6 },
    ip: { capacity: 60, perMinute: 60 },
    account: null,
    failure: { mode: "closed", fallbackScale: 1 },
  },
  auth: {
    // Per account named and address: ten guesses, then one every 30 s.
    learner: { capacity: 10, perMinute: 2 },
    ip: { capacity: 30, perMinute: 10 },
    // Per account from anywhere: five strangers' addresses' worth before the owner notices.
    account: { capacity: 50, perMinute: 5 },
    failure: { mode: "closed", fallbackScale: 2 },
  },
  write: {
    learner: { capacity: 60, perMinute: 60 },
    ip: { capacity: 600, perMinute: 600 },
    account: null,
    failure: { mode: "closed", fallbackScale: 1 },
  },
  read: {
    learner: null,
    ip: { capacity: 600, perMinute: 1200 },
    account: null,
    failure: { mode: "open" },
  },
};

/** What a route class is called in a refusal's detail ("… per learner"). */
export const CLASS_LABELS: Record<EndpointClass, string> = {
  judge: "judge runs and submissions",
  auth: "sign-up and sign-in attempts",
  write: "saves",
  read: "requests",
};

/**
 * Merges a partial override (from RATE_LIMITS) over the defaults, one class and one field at a
 * time: `{"judge":{"learner":{"capacity":5}}}` changes only that burst.
 */
function mergeRateLimits(override: unknown, base: RateLimits = DEFAULT_RATE_LIMITS): unknown {
  if (!isRecord(override)) return override;
  const merged: Record<string, unknown> = { ...base };
  for (const [name, value] of Object.entries(override)) {
    const current = (base as Record<string, unknown>)[name];
    if (!isRecord(value) || !isRecord(current)) {
      merged[name] = value;
      continue;
    }
    const cls: Record<string, unknown> = { ...current };
    for (const [field, part] of Object.entries(value)) {
      const existing = current[field];
      // A new failure mode replaces the old one whole: its fields depend on the mode.
      cls[field] =
        field !== "failure" && isRecord(part) && isRecord(existing)
          ? { ...existing, ...part }
          : part;
    }
    merged[name] = cls;
  }
  return merged;
}

/** RATE_LIMITS: a JSON override of DEFAULT_RATE_LIMITS; unset means the defaults. */
const rateLimitsEnvSchema = z
  .string()
  .optional()
  .transform((text, ctx): RateLimits => {
    if (text === undefined || text.trim() === "") return DEFAULT_RATE_LIMITS;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({
        code: "custom",
        message: "must be a JSON object (see lib/protection/config.ts)",
      });
      return z.NEVER;
    }
    const parsed = rateLimitsSchema.safeParse(mergeRateLimits(json));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });

/**
 * Which hops of a request may speak for the client (docs/decisions/081 and 110), as Express's
 * `trust proxy` does (the same library, proxy-addr, decides):
 * - "false" / "0" (default): no proxy; the socket's address, and X-Forwarded-* are never read;
 * - a whole number N >= 1 ("true" = 1): the socket and the N - 1 hops nearest it are proxies, so
 *   the client is the N-th X-Forwarded-For entry from the right (our cluster proxy counts as one);
 * - addresses and subnets, comma-separated ("loopback", "10.0.0.0/8", "192.0.2.7", also
 *   "linklocal" and "uniquelocal"): hops from these addresses are proxies, walked from the socket;
 * - "x-real-ip": a trusted proxy (nginx) sets X-Real-IP.
 */
export type TrustProxy =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; addresses: readonly string[] }
  | { kind: "x-real-ip" };

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

export const trustProxyEnvSchema = z
  .string()
  .default("false")
  .transform((value, ctx): TrustProxy => {
    const text = value.trim().toLowerCase();
    if (text === "false" || text === "0" || text === "") return { kind: "none" };
    if (text === "true") return { kind: "hops", hops: 1 };
    if (text === "x-real-ip") return { kind: "x-real-ip" };
    if (/^\d+$/.test(text) && Number(text) <= 10) return { kind: "hops", hops: Number(text) };
    const addresses = text
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const wrong = addresses.filter((entry) => !isAddressOrSubnet(entry));
    if (addresses.length > 0 && wrong.length === 0) return { kind: "addresses", addresses };
    ctx.addIssue({
      code: "custom",
      message:
        'must be "false", a number of proxy hops (1-10), "x-real-ip", or comma-separated proxy ' +
        `addresses/subnets (loopback, 10.0.0.0/8, 192.0.2.7)${wrong.length ? `; not an address: ${wrong.join(", ")}` : ""}`,
    });
    return z.NEVER;
  });

/** "192.0.2.7", "2001:db8::1", "10.0.0.0/8", "2001:db8::/32", or a named range. */
function isAddressOrSubnet(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  if (extra !== undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const redisClusterNodesSchema = z.string().transform((value, ctx) => {
  const nodes = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => /^([\w.-]+|\[[\da-f:]+\]):(\d{1,5})$/i.exec(part));
  if (nodes.length === 0 || nodes.some((node) => node === null || Number(node[2]) > 65_535)) {
    ctx.addIssue({ code: "custom", message: 'must be "host:port" entries separated by commas' });
    return z.NEVER;
  }
  return nodes.map((node) => ({ host: node![1]!.replace(/^\[|\]$/g, ""), port: Number(node![2]) }));
});

/** The protection's environment variables, spread into lib/env.ts's schema. */
export const protectionEnvShape = {
  RATE_LIMITS: rateLimitsEnvSchema,
  /** Prepended to every Redis key: environments and test runs sharing a server never collide. */
  RATE_LIMIT_PREFIX: z.string().min(1).max(200).default("tradeoff:ratelimit:"),
  /**
   * Redis Cluster seed nodes for the rate-limit buckets, "host:port,host:port" (decision 221); when
   * set, the buckets live there instead of REDIS_URL.
   */
  REDIS_CLUSTER_NODES: redisClusterNodesSchema.optional(),
  /** Bounds each Redis call; past it the endpoint class's failure policy decides. */
  RATE_LIMIT_TIMEOUT_MS: z.coerce.number().int().min(1).max(10_000).default(100),
  TRUST_PROXY: trustProxyEnvSchema,
  /** A client refused again and again despite Retry-After gets its refusals this much later. */
  RATE_LIMIT_TARPIT_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Judges running at once; default: one core fewer than the machine has (at least 1). */
  JUDGE_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** Judges waiting for a worker beyond the running ones; past it, Submit is refused at once. */
  JUDGE_MAX_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Places one learner (or address) may hold in that queue; the fair queue serves learners in turn. */
  JUDGE_MAX_QUEUE_PER_LEARNER: z.coerce.number().int().min(1).max(10_000).default(2),
  /** How long a judge may wait for a worker before it is refused. */
  JUDGE_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** Judges one learner (session) may have running or waiting at once (116). */
  JUDGE_MAX_ACTIVE_PER_LEARNER: z.coerce.number().int().min(1).max(1_000).default(2),
  /** Judges one address may have running or waiting at once, all its sessions together. */
  JUDGE_MAX_ACTIVE_PER_IP: z.coerce.number().int().min(1).max(10_000).default(4),
  /** Judges running at once in the probation lane (its own workers). */
  JUDGE_PROBATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** The first cooldown after a hard-killed or out-of-memory judge; doubles per repeat, to 5 min. */
  JUDGE_COOLDOWN_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
