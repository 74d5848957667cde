import { ManualClock, expect, test } from "judge";
import { LIMIT, WINDOW_MS, createLimiter, type Redis } from "./solution";

/** Redis for these commands on a fake clock. `lose(n)` makes the n-th command from now fail. */
class TestRedis implements Redis {
  private readonly keys = new Map<string, { value: number; expiresAt: number | null }>();
  private failIn = 0;

  constructor(private readonly clock: ManualClock) {}

  lose(commandsFromNow: number) {
    this.failIn = commandsFromNow;
  }

  /** The key's expiry right now, without a round trip: -1 none, -2 no key. */
  ttlNow(key: string) {
    const found = this.live(key);
    if (!found) return -2;
    return found.expiresAt === null ? -1 : found.expiresAt - this.clock.now();
  }

  private live(key: string) {
    const found = this.keys.get(key);
    if (found && found.expiresAt !== null && found.expiresAt <= this.clock.now()) {
      this.keys.delete(key);
      return undefined;
    }
    return found;
  }

  private async round<T>(run: () => T): Promise<T> {
    await Promise.resolve();
    if (this.failIn > 0 && --this.failIn === 0) throw new Error("connection reset");
    return run();
  }

  incr(key: string) {
    return this.round(() => {
      const found = this.live(key);
      if (found) return ++found.value;
      this.keys.set(key, { value: 1, expiresAt: null });
      return 1;
    });
  }

  pexpire(key: string, ms: number) {
    return this.round(() => {
      const found = this.live(key);
      if (found) found.expiresAt = this.clock.now() + ms;
      return found !== undefined;
    });
  }

  pttl(key: string) {
    return this.round(() => this.ttlNow(key));
  }

  set(key: string, value: number, options: { px?: number; nx?: boolean } = {}) {
    return this.round(() => {
      if (options.nx && this.live(key)) return false;
      this.keys.set(key, {
        value,
        expiresAt: options.px === undefined ? null : this.clock.now() + options.px,
      });
      return true;
    });
  }
}

/** One request; a Redis error counts as served (the service fails open). */
async function attempt(limiter: ReturnType<typeof createLimiter>, user = "ada") {
  try {
    return await limiter.allow(user);
  } catch {
    return true;
  }
}

test("a lost reply cannot leave the user's key without an expiry", async () => {
  for (let lost = 1; lost <= 4; lost++) {
    const clock = new ManualClock();
    const redis = new TestRedis(clock);
    const limiter = createLimiter(redis);
    redis.lose(lost);
    await attempt(limiter);
    await attempt(limiter);
    expect(
      redis.ttlNow("rate:ada") !== -1,
      `after losing command ${lost}: the key has an expiry`,
    ).toBe(true);
  }
});

test("a user inside the limit is served for ten minutes, even after a lost reply", async () => {
  for (let lost = 1; lost <= 3; lost++) {
    const clock = new ManualClock();
    const redis = new TestRedis(clock);
    const limiter = createLimiter(redis);
    redis.lose(lost);
    let served = 0;
    for (let i = 0; i < 30; i++) {
      clock.advance(i === 0 ? 0 : 20_000);
      if (await attempt(limiter)) served++;
    }
    expect(served, `served of 30, one every 20 s, command ${lost} lost`).toBe(30);
  }
});

test("the limit still holds within a window", async () => {
  const clock = new ManualClock();
  const limiter = createLimiter(new TestRedis(clock));
  let served = 0;
  for (let i = 0; i < LIMIT + 3; i++) if (await limiter.allow("ada")) served++;
  expect(served, `served of ${LIMIT + 3} at once`).toBe(LIMIT);
  clock.advance(WINDOW_MS - 1);
  expect(await limiter.allow("ada"), "one ms before the window ends").toBe(false);
  clock.advance(1);
  expect(await limiter.allow("ada"), "when the window ends").toBe(true);
});

test("requests in flight together cannot exceed the limit", async () => {
  const limiter = createLimiter(new TestRedis(new ManualClock()));
  const decisions = await Promise.all(Array.from({ length: 12 }, () => limiter.allow("ada")));
  expect(decisions.filter(Boolean).length, "served of 12 sent at once").toBe(LIMIT);
});

test("users have separate counts", async () => {
  const limiter = createLimiter(new TestRedis(new ManualClock()));
  for (let i = 0; i < LIMIT; i++) await limiter.allow("ada");
  expect(await limiter.allow("grace"), "grace's first request").toBe(true);
  expect(await limiter.allow("ada"), "ada's request over the limit").toBe(false);
});
