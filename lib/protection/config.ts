import { z } from "zod";

// The platform's own rate limits (docs/decisions/080-self-protection.md). Pure: zod only, so that
// lib/env.ts can validate the environment with these schemas at start-up.

/** The endpoint classes, by what a request costs us. */
export const ENDPOINT_CLASSES = ["judge", "auth", "write", "read"] as const;
export type EndpointClass = (typeof ENDPOINT_CLASSES)[number];

/** Who a bucket belongs to: the learner (or, for auth, the account named) and the client's IP. */
export type Scope = "learner" | "ip";

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
    failure: { mode: "closed", fallbackScale: 1 },
  },
  auth: {
    learner: { capacity: 10, perMinute: 2 },
    ip: { capacity: 30, perMinute: 10 },
    failure: { mode: "closed", fallbackScale: 2 },
  },
  write: {
    learner: { capacity: 60, perMinute: 60 },
    ip: { capacity: 600, perMinute: 600 },
    failure: { mode: "closed", fallbackScale: 1 },
  },
  read: {
    learner: null,
    ip: { capacity: 600, perMinute: 1200 },
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
export function mergeRateLimits(
  override: unknown,
  base: RateLimits = DEFAULT_RATE_LIMITS,
): unknown {
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
export const rateLimitsEnvSchema = z
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
 * Where the client's address comes from (docs/decisions/081-client-ip.md):
 * - "false" / "0" (default): no proxy is trusted; the address `next start` took from the socket;
 * - a whole number N >= 1: N trusted proxies append to X-Forwarded-For, so the client is the N-th
 *   entry from the right (our cluster proxy counts as one);
 * - "x-real-ip": a trusted proxy (nginx) sets X-Real-IP.
 */
export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "x-real-ip" };

export const trustProxyEnvSchema = z
  .string()
  .default("false")
  .transform((value, ctx): TrustProxy => {
    const text = value.trim().toLowerCase();
    if (text === "false" || text === "0" || text === "") return { kind: "none" };
    if (text === "true") return { kind: "hops", hops: 1 };
    if (text === "x-real-ip") return { kind: "x-real-ip" };
    if (/^\d+$/.test(text) && Number(text) <= 10) return { kind: "hops", hops: Number(text) };
    ctx.addIssue({
      code: "custom",
      message: 'must be "false", "true", a number of proxy hops (1-10) or "x-real-ip"',
    });
    return z.NEVER;
  });

/** The protection's environment variables, spread into lib/env.ts's schema. */
export const protectionEnvShape = {
  RATE_LIMITS: rateLimitsEnvSchema,
  /** Prepended to every Redis key: environments and test runs sharing a server never collide. */
  RATE_LIMIT_PREFIX: z.string().min(1).max(200).default("tradeoff:ratelimit:"),
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
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
