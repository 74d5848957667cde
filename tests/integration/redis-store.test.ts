import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MemoryBucketStore, TOKEN_BUCKET_SCRIPT } from "@/lib/limiters";
import { decodeBucketState } from "@/lib/limiters/token-bucket-script";
import { RedisBucketStore } from "@/lib/limiters/redis-store";
import { redisUrl, uniquePrefix } from "@/tests/fixtures/services";

// Against the shared Redis server at REDIS_URL; every key lives under this run's own prefix.
const prefix = uniquePrefix("redis-store");
const clients: Redis[] = [];

function connect(): Redis {
  const client = new Redis(redisUrl, { lazyConnect: false });
  clients.push(client);
  return client;
}

let redis: Redis;
beforeAll(() => {
  redis = connect();
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await Promise.all(clients.map((c) => c.quit()));
});

describe("RedisBucketStore against a real Redis", () => {
  test("reproduces the notes' token bucket sequence: 10, 5, 10, then capped at 10", async () => {
    const store = new RedisBucketStore(redis, prefix);
    const burst = async (now: number) => {
      let allowed = 0;
      for (let i = 0; i < 15; i++) {
        const decision = await store.take("notes", { capacity: 10, perSecond: 5, cost: 1, now });
        if (decision.allowed) allowed++;
      }
      return allowed;
    };
    const t0 = 1_700_000_000_000;
    expect([
      await burst(t0),
      await burst(t0 + 1_000),
      await burst(t0 + 3_000),
      await burst(t0 + 63_000),
    ]).toEqual([10, 5, 10, 10]);
  });

  test("gives the same decision, number for number, as the in-memory store", async () => {
    const store = new RedisBucketStore(redis, prefix);
    const memory = new MemoryBucketStore();
    let now = 1_700_000_000_000;
    for (let i = 0; i < 300; i++) {
      now += (i * 7919) % 450; // irregular, deterministic gaps
      const request = { capacity: 7, perSecond: 3.3, cost: 1 + (i % 3), now };
      expect(await store.take("same", request)).toEqual(await memory.take("same", request));
    }
  });

  test("both stores work in whole milliseconds: a fractional time is dropped", async () => {
    const store = new RedisBucketStore(redis, prefix);
    const memory = new MemoryBucketStore();
    const at = (now: number) => ({ capacity: 1, perSecond: 1, cost: 1, now });
    for (const s of [store, memory]) {
      expect((await s.take(`ms-${s === store}`, at(10_000.9))).allowed).toBe(true);
      // 999.2 ms later by the caller's clock, but 1000 ms by the store's: a whole token again.
      expect((await s.take(`ms-${s === store}`, at(11_000.1))).allowed).toBe(true);
      expect((await s.take(`ms-${s === store}`, at(11_000.9))).allowed).toBe(false);
    }
    expect(decodeBucketState((await redis.getBuffer(`${prefix}ms-true`))!).ts).toBe(11_000);
  });

  test("every bucket key carries an expiry of twice its refill time", async () => {
    const store = new RedisBucketStore(redis, prefix);
    await store.take("ttl", { capacity: 10, perSecond: 5, cost: 1, now: 1_000 });
    const ttl = await redis.pttl(`${prefix}ttl`);
    expect(ttl).toBeGreaterThan(3_000);
    expect(ttl).toBeLessThanOrEqual(4_000);
  });

  test("concurrent clients on separate connections admit exactly capacity from a full bucket", async () => {
    const connections = Array.from({ length: 8 }, () => connect());
    const stores = connections.map((c) => new RedisBucketStore(c, prefix));
    const now = 1_700_000_000_000; // one instant: no refill, so capacity is the exact answer
    const decisions = await Promise.all(
      stores.flatMap((store) =>
        Array.from({ length: 250 }, () =>
          store.take("contended", { capacity: 100, perSecond: 0.001, cost: 1, now }),
        ),
      ),
    );
    expect(decisions).toHaveLength(2_000);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(100);
    const state = decodeBucketState((await redis.getBuffer(`${prefix}contended`))!);
    expect(state.tokens).toBe(0);
  });

  test("a caller whose clock is behind gets no refill and cannot rewind the bucket", async () => {
    const store = new RedisBucketStore(redis, prefix);
    const take = (now: number) => store.take("skew", { capacity: 2, perSecond: 1, cost: 1, now });
    await take(10_000);
    await take(10_000);
    expect((await take(9_000)).allowed).toBe(false);
    expect(decodeBucketState((await redis.getBuffer(`${prefix}skew`))!).ts).toBe(10_000);
    expect((await take(10_999)).allowed).toBe(false);
    expect((await take(11_000)).allowed).toBe(true);
  });

  test("an instance whose clock runs 30 s fast makes the others refuse 30 requests in a row", async () => {
    // The lesson's clock-skew example, on real Redis: one bucket of 1 refilled at 1/s, one request a
    // second. Instance A (30 s fast) takes the first; B, whose clock is right, takes the next 31.
    const store = new RedisBucketStore(redis, prefix);
    const plan = { capacity: 1, perSecond: 1, cost: 1 };
    const realStart = 1_000_000;
    expect((await store.take("fast-clock", { ...plan, now: realStart + 30_000 })).allowed).toBe(
      true,
    );
    const onB: boolean[] = [];
    for (let second = 1; second <= 31; second++) {
      onB.push(
        (await store.take("fast-clock", { ...plan, now: realStart + second * 1000 })).allowed,
      );
    }
    expect(onB.slice(0, 30)).toEqual(Array(30).fill(false));
    expect(onB[30]).toBe(true);

    // The same requests with one clock for every instance (what reading TIME in the script gives):
    // each second earns the token the next request spends.
    const honest: boolean[] = [];
    for (let second = 0; second <= 31; second++) {
      honest.push(
        (await store.take("one-clock", { ...plan, now: realStart + second * 1000 })).allowed,
      );
    }
    expect(honest.every(Boolean)).toBe(true);
  });

  test("Redis accepts a script that reads the server's TIME and then writes (effects replication)", async () => {
    // Before Redis 5 a write after a non-deterministic command was refused unless the script asked
    // for effects replication; from 5 it is the default, and from 7 the only mode.
    const script = `
      local t = redis.call('TIME')
      local ms = t[1] * 1000 + math.floor(t[2] / 1000)
      redis.call('SET', KEYS[1], ms, 'PX', 60000)
      return ms`;
    const before = Math.floor(Number((await redis.time())[0]) * 1000);
    const written = Number(await redis.eval(script, 1, `${prefix}server-time`));
    expect(written).toBeGreaterThanOrEqual(before);
    expect(written - before).toBeLessThan(5_000);
    expect(Number(await redis.get(`${prefix}server-time`))).toBe(written);
  });

  test("a key left in another format by an older version counts as a fresh bucket", async () => {
    const store = new RedisBucketStore(redis, prefix);
    await redis.hset(`${prefix}legacy`, "tokens", "0", "ts", "5000");
    const decision = await store.take("legacy", { capacity: 3, perSecond: 1, cost: 1, now: 5_000 });
    expect(decision.allowed).toBe(true);
    expect(decodeBucketState((await redis.getBuffer(`${prefix}legacy`))!)).toEqual({
      tokens: 2,
      ts: 5_000,
    });
  });

  test("decisions asked in the same tick travel as one script call, decided in the order asked", async () => {
    const client = connect();
    let sent = 0;
    const send = client.sendCommand.bind(client);
    client.sendCommand = (...args: Parameters<Redis["sendCommand"]>) => {
      sent++;
      return send(...args);
    };
    const store = new RedisBucketStore(client, prefix);
    await store.take("warm-batch", { capacity: 1, perSecond: 1, cost: 1, now: 0 });
    sent = 0;
    const now = 5_000_000;
    const decisions = await Promise.all([
      store.take("batch-a", { capacity: 2, perSecond: 0.001, cost: 1, now }),
      store.take("batch-b", { capacity: 1, perSecond: 0.001, cost: 1, now }),
      store.take("batch-a", { capacity: 2, perSecond: 0.001, cost: 1, now }),
      store.take("batch-a", { capacity: 2, perSecond: 0.001, cost: 1, now }),
      store.take("batch-b", { capacity: 1, perSecond: 0.001, cost: 2, now }),
    ]);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([1, 0, 0, 0, 0]);
    expect(sent).toBe(1);
  });

  test("a failed call fails every decision it carried, and the next call works", async () => {
    const client = connect();
    const store = new RedisBucketStore(client, prefix);
    const at = { capacity: 1, perSecond: 1, cost: 1, now: 1 };
    const send = client.sendCommand.bind(client);
    client.sendCommand = () => Promise.reject(new Error("connection reset")) as never;
    const failed = await Promise.allSettled([store.take("f1", at), store.take("f2", at)]);
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    client.sendCommand = send;
    expect((await store.take("f1", at)).allowed).toBe(true);
  });

  test("the script loads by its SHA-1, the hash EVALSHA sends instead of the script", async () => {
    const { createHash } = await import("node:crypto");
    const sha = await redis.script("LOAD", TOKEN_BUCKET_SCRIPT);
    expect(sha).toBe(createHash("sha1").update(TOKEN_BUCKET_SCRIPT).digest("hex"));
  });
});
