import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { SystemClock } from "@/lib/limiters";
import { RedisBucketStore } from "@/lib/limiters/redis-store";
import { DEFAULT_RATE_LIMITS, type EndpointClass, type RateLimits } from "@/lib/protection/config";
import { Gatekeeper } from "@/lib/protection/gatekeeper";
import { createProtection, type Protection } from "@/lib/protection/protection";
import { createSqliteTestDb, type TestDb } from "../fixtures/db";
import { request } from "../fixtures/http";
import {
  redisUrl,
  startThrowawayRedis,
  uniquePrefix,
  type ThrowawayRedis,
} from "../fixtures/services";

// The platform's protection against real Redis servers: the shared one (unique key prefixes) for
// the limits, a private one that is killed mid-run for the failure policy.

const clients: Redis[] = [];
const servers: ThrowawayRedis[] = [];

function client(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => 100 });
  redis.on("error", () => {}); // outages are reported through the limiter
  clients.push(redis);
  return redis;
}

afterAll(async () => {
  for (const redis of clients) redis.disconnect();
  await Promise.all(servers.map((server) => server.kill()));
});

const limits: RateLimits = {
  judge: {
    learner: { capacity: 5, perMinute: 0.6 },
    ip: { capacity: 1_000, perMinute: 1_000 },
    failure: { mode: "closed", fallbackScale: 1 },
  },
  auth: {
    learner: { capacity: 2, perMinute: 0.6 },
    ip: { capacity: 1_000, perMinute: 1_000 },
    failure: { mode: "closed", fallbackScale: 2 },
  },
  write: DEFAULT_RATE_LIMITS.write,
  read: { learner: null, ip: { capacity: 2, perMinute: 0.6 }, failure: { mode: "open" } },
};

function instance(redis: Redis | null, prefix: string, retryStoreAfterMs = 1_000): Protection {
  const gatekeeper = new Gatekeeper({
    limits,
    clock: new SystemClock(),
    ...(redis ? { store: new RedisBucketStore(redis, prefix) } : {}),
    timeoutMs: 150,
    retryStoreAfterMs,
  });
  return createProtection({
    gatekeeper,
    trustProxy: { kind: "hops", hops: 1 },
    identifyLearner: async () => "ada",
  });
}

async function statuses(
  protections: Protection[],
  endpoint: EndpointClass,
  n: number,
  ip = "203.0.113.5",
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const req = new Request("http://localhost/api/x", {
      method: "POST",
      headers: { "x-forwarded-for": ip },
    });
    const gate = await protections[i % protections.length]!.protect(req, endpoint);
    out.push(gate.refusal?.status ?? 200);
  }
  return out;
}

const admitted = (list: number[]) => list.filter((status) => status === 200).length;

describe("buckets shared in Redis", () => {
  test("three instances sharing Redis admit a learner's limit once, where memory admits it three times", async () => {
    const prefix = uniquePrefix("protect-shared");
    const shared = [0, 1, 2].map(() => instance(client(redisUrl), prefix));
    const local = [0, 1, 2].map(() => instance(null, prefix));
    expect(admitted(await statuses(shared, "judge", 30))).toBe(5);
    expect(admitted(await statuses(local, "judge", 30))).toBe(15);
    await client(redisUrl).eval(
      "for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) end",
      0,
      `${prefix}*`,
    );
  });
});

describe("the application's wiring (lib/protection) on the auth routes", () => {
  let testDb: TestDb;
  const prefix = uniquePrefix("protect-auth");

  beforeAll(async () => {
    testDb = await createSqliteTestDb();
    vi.stubEnv("DATABASE_URL", testDb.url);
    vi.stubEnv("DATA_DIR", mkdtempSync(join(tmpdir(), "tradeoff-data-")));
    vi.stubEnv("REDIS_URL", redisUrl);
    vi.stubEnv("RATE_LIMIT_PREFIX", prefix);
    vi.stubEnv("TRUST_PROXY", "1");
    vi.stubEnv(
      "RATE_LIMITS",
      JSON.stringify({
        auth: { learner: { capacity: 3 }, account: { capacity: 5, perMinute: 1 } },
      }),
    );
    vi.resetModules();
  });

  afterAll(async () => {
    const { closeProtection } = await import("@/lib/protection/app-protection");
    await closeProtection();
    vi.unstubAllEnvs();
    await testDb?.cleanup();
  });

  test("failed sign-ins are limited per account and address, and per account by a wider cap, in Redis", async () => {
    const auth = await import("@/app/api/auth/[...all]/route");
    const email = "ada@example.com";
    const from = (ip: string, path: string, json: unknown) =>
      auth.POST(request("POST", path, { json, headers: { "x-forwarded-for": ip } }));
    const guess = (ip: string) =>
      from(ip, "/api/auth/sign-in/email", { email, password: "wrong guess" });

    const answers = [
      await from("198.51.100.1", "/api/auth/sign-up/email", {
        email,
        password: "correct horse battery",
        name: "Ada",
      }),
    ];
    // One address: three attempts on the account, then its share is spent.
    for (let i = 0; i < 4; i++) answers.push(await guess("198.51.100.2"));
    expect(answers.map((r) => r.status)).toEqual([200, 401, 401, 401, 429]);
    const byPair = answers[4]!;
    expect(byPair.headers.get("ratelimit-limit")).toBe("3");
    expect(byPair.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(byPair.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await byPair.json()) as { detail: string }).detail).toMatch(
      /per account and network address/,
    );

    // Other addresses still may, until the account's own cap (5 failures) is spent by all of
    // them (the sign-up and the refused attempt tried no password: they are not counted).
    expect((await guess("198.51.100.3")).status).toBe(401);
    expect((await guess("198.51.100.4")).status).toBe(401);
    const byAccount = await guess("198.51.100.4");
    expect(byAccount.status).toBe(429);
    expect(((await byAccount.json()) as { detail: string }).detail).toMatch(
      /5 per 5 minutes per account\./,
    );

    // Another account from the same address is not affected; the buckets are in Redis.
    const other = await from("198.51.100.4", "/api/auth/sign-in/email", {
      email: "eve@example.com",
      password: "whatever1",
    });
    expect(other.status).toBe(401);
    const keys = await client(redisUrl).keys(`${prefix}*`);
    expect(keys.some((key) => key.startsWith(`${prefix}{signin-failures:pair:account:`))).toBe(
      true,
    );
    expect(keys.some((key) => key.startsWith(`${prefix}{signin-failures:account:`))).toBe(true);
    expect(keys.join(" ")).not.toContain("example.com");
    await client(redisUrl).del(...keys);
  });
});

describe("when a private Redis dies mid-run", () => {
  test("each class follows its policy: the judge limits locally, sign-in locally at twice the limit, reads admit", async () => {
    const server = await startThrowawayRedis();
    servers.push(server);
    const redis = client(server.url);
    await redis.ping();
    const protection = [instance(redis, "policy:")];

    expect(await statuses(protection, "read", 3)).toEqual([200, 200, 429]);
    expect(await statuses(protection, "judge", 2)).toEqual([200, 200]);

    await server.kill();
    const started = performance.now();
    // Reads fail open: everything passes, with no invented remaining count.
    expect(await statuses(protection, "read", 5)).toEqual([200, 200, 200, 200, 200]);
    const gate = await protection[0]!.protect(new Request("http://localhost/x"), "read");
    expect(gate.headers).toEqual({ "RateLimit-Limit": "2" });
    // The judge fails closed onto a local bucket of the configured size (it starts full).
    expect(await statuses(protection, "judge", 7)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Sign-in fails closed onto a generous local bucket: twice the shared burst.
    expect(await statuses(protection, "auth", 6)).toEqual([200, 200, 200, 200, 429, 429]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test("when Redis is back, the shared buckets decide again", async () => {
    const server = await startThrowawayRedis();
    servers.push(server);
    const redis = client(server.url);
    await redis.ping();
    const protection = [instance(redis, "back:", 200)];
    await server.kill();
    expect(await statuses(protection, "read", 4)).toEqual([200, 200, 200, 200]);

    const revived = await startThrowawayRedis(server.port);
    servers.push(revived);
    await redis.ping().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await statuses(protection, "read", 3)).toEqual([200, 200, 429]);
  });
});
