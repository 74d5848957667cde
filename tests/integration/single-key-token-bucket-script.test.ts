import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ManualClock, TokenBucket } from "@/lib/limiters";
import { SINGLE_KEY_TOKEN_BUCKET_SCRIPT } from "@/lib/limiters/single-key-token-bucket-script";
import { redisUrl, uniquePrefix } from "@/tests/fixtures/services";

// The Reference's whiteboard script, against the shared Redis at REDIS_URL, under this run's prefix.
const prefix = uniquePrefix("single-key-script");
let redis: Redis;

beforeAll(() => {
  redis = new Redis(redisUrl, { lazyConnect: false });
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function take(key: string, capacity: number, perSecond: number, now: number, cost = 1) {
  const [admitted, tokens] = (await redis.eval(
    SINGLE_KEY_TOKEN_BUCKET_SCRIPT,
    1,
    `${prefix}${key}`,
    capacity,
    perSecond,
    now,
    cost,
  )) as [number, string];
  return { admitted: admitted === 1, tokens: Number(tokens) };
}

describe("the whiteboard token bucket script", () => {
  test("admits 10, 5, 10 and 10 of four bursts of 15, like the lesson's bucket", async () => {
    const t0 = 1_700_000_000_000;
    const burst = async (now: number) => {
      let admitted = 0;
      for (let i = 0; i < 15; i++) if ((await take("bursts", 10, 5, now)).admitted) admitted++;
      return admitted;
    };
    expect([
      await burst(t0),
      await burst(t0 + 1_000),
      await burst(t0 + 3_000),
      await burst(t0 + 63_000),
    ]).toEqual([10, 5, 10, 10]);
  });

  test("decides every request as the in-process TokenBucket does", async () => {
    const clock = new ManualClock(0);
    const bucket = new TokenBucket(7, 3, clock);
    let now = 0;
    for (let i = 0; i < 200; i++) {
      const gap = (i * 7919) % 450; // irregular, deterministic gaps
      now += gap;
      clock.advance(gap);
      expect((await take("same", 7, 3, now)).admitted, `request ${i}`).toBe(bucket.allow());
    }
  });

  test("never refills backwards when a caller's clock is behind", async () => {
    await take("skew", 2, 1, 10_000);
    await take("skew", 2, 1, 10_000);
    const behind = await take("skew", 2, 1, 5_000);
    expect(behind).toEqual({ admitted: false, tokens: 0 });
  });

  test("lets an idle key expire after twice the time to refill from empty", async () => {
    await take("ttl", 10, 5, 0);
    const ttl = await redis.pttl(`${prefix}ttl`);
    expect(ttl).toBeGreaterThan(3_000);
    expect(ttl).toBeLessThanOrEqual(4_000);
  });
});
