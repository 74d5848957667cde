import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import {
  KeyedLimiter,
  SharedLimiter,
  StoreTimeoutError,
  SystemClock,
  keyedTokenBucket,
} from "@/lib/limiters";
import { RedisBucketStore } from "@/lib/limiters/redis-store";
import { startThrowawayRedis, type ThrowawayRedis } from "@/tests/fixtures/services";

// These tests stop a server mid-run, so they run their own throwaway redis-server, never the shared one.
const servers: ThrowawayRedis[] = [];
const clients: Redis[] = [];

async function throwaway(port?: number) {
  const server = await startThrowawayRedis(port);
  servers.push(server);
  // A client tuned to give up quickly: the limiter's own timeout is what bounds each call.
  const client = new Redis(server.url, { maxRetriesPerRequest: 1, retryStrategy: () => 100 });
  client.on("error", () => {}); // outages are reported through the limiter, not as crashes
  clients.push(client);
  await client.ping();
  return { server, client };
}

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await Promise.all(servers.map((s) => s.kill()));
});

const plans = { api: { capacity: 5, perSecond: 1 } };

async function decide(limiter: SharedLimiter, n: number) {
  const decisions = [];
  for (let i = 0; i < n; i++) decisions.push(await limiter.tryAcquire("user"));
  return decisions;
}

describe("Redis store failure", () => {
  test("one round trip per decision, and EVALSHA falls back to EVAL after SCRIPT FLUSH", async () => {
    const { client } = await throwaway();
    const store = new RedisBucketStore(client, "t:");
    const take = () => store.take("k", { capacity: 50, perSecond: 1, cost: 1, now: 0 });
    await take(); // a fresh server: NOSCRIPT, then EVAL, which also caches the script
    await client.config("RESETSTAT");
    for (let i = 0; i < 19; i++) await take();
    await client.script("FLUSH");
    expect(await take()).toMatchObject({ allowed: true, remaining: 29 });

    const stats = String(await client.info("commandstats"));
    const calls = (name: string) =>
      Number(stats.match(new RegExp(`cmdstat_${name}:calls=(\\d+)`))?.[1] ?? 0);
    // 19 decisions in 19 EVALSHA calls; after the flush, one NOSCRIPT miss and one EVAL.
    expect(calls("evalsha")).toBe(20);
    expect(calls("eval")).toBe(1);
  });

  test("fail-open keeps admitting when the server dies mid-run, and reports the outage", async () => {
    const { server, client } = await throwaway();
    const failures: unknown[] = [];
    const limiter = new SharedLimiter({
      store: new RedisBucketStore(client, "open:"),
      plans,
      policy: { mode: "fail-open" },
      timeoutMs: 200,
      clock: new SystemClock(),
      onStoreFailure: (error) => failures.push(error),
    });
    const before = await decide(limiter, 7);
    expect(before.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false]);

    await server.kill();
    const started = performance.now();
    const during = await decide(limiter, 10);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(during.every((d) => d.allowed && d.degraded === "fail-open")).toBe(true);
    expect(failures.length).toBeGreaterThanOrEqual(1);
  });

  test("fail-closed falls back to the local limiter when the server dies mid-run", async () => {
    const { server, client } = await throwaway();
    const clock = new SystemClock();
    const fallback = new KeyedLimiter({
      algorithm: keyedTokenBucket,
      plans: { api: { capacity: 2, perSecond: 0.5 } },
      maxKeys: 1_000,
      clock,
    });
    const failures: unknown[] = [];
    const limiter = new SharedLimiter({
      store: new RedisBucketStore(client, "closed:"),
      plans,
      policy: { mode: "fail-closed", fallback },
      timeoutMs: 200,
      clock,
      onStoreFailure: (error) => failures.push(error),
    });
    expect((await decide(limiter, 3)).every((d) => d.allowed && !d.degraded)).toBe(true);

    await server.kill();
    const started = performance.now();
    const during = await decide(limiter, 6);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(during.map((d) => d.allowed)).toEqual([true, true, false, false, false, false]);
    expect(during.every((d) => d.degraded === "fallback")).toBe(true);
    expect(failures.length).toBeGreaterThanOrEqual(1);
  });

  test("a store that stops answering is bounded by the timeout, then used again when back", async () => {
    const { server, client } = await throwaway();
    const failures: unknown[] = [];
    const limiter = new SharedLimiter({
      store: new RedisBucketStore(client, "pause:"),
      plans,
      policy: { mode: "fail-closed" },
      timeoutMs: 150,
      retryStoreAfterMs: 300,
      clock: new SystemClock(),
      onStoreFailure: (error) => failures.push(error),
    });
    expect(await limiter.tryAcquire("user")).toMatchObject({ allowed: true, remaining: 4 });

    // Freeze the server: connected, but silent, the hardest failure to notice.
    server.pause();
    const started = performance.now();
    const refused = await limiter.tryAcquire("user");
    const waited = performance.now() - started;
    expect(refused).toMatchObject({ allowed: false, degraded: "fallback" });
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(1_000);
    expect(failures[0]).toBeInstanceOf(StoreTimeoutError);

    // While the retry interval runs, the store is not asked: refusals come without waiting.
    const quick = performance.now();
    expect(await limiter.tryAcquire("user")).toMatchObject({
      allowed: false,
      degraded: "fallback",
    });
    expect(performance.now() - quick).toBeLessThan(100);

    server.resume();
    await new Promise((r) => setTimeout(r, 350));
    const recovered = await limiter.tryAcquire("user");
    expect(recovered.degraded).toBeUndefined();
    expect(recovered.allowed).toBe(true);
  });
});
