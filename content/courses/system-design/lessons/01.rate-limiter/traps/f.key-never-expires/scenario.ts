import { ManualClock } from "judge";
import { WINDOW_MS, createLimiter, type Redis } from "./solution";

/** Redis as far as these commands go, on a fake clock, with one reply that never arrives. */
class FlakyRedis implements Redis {
  private readonly keys = new Map<string, { value: number; expiresAt: number | null }>();
  private dropAfterFirstIncr = true;
  private armed = false;

  constructor(private readonly clock: ManualClock) {}

  private entry(key: string) {
    const found = this.keys.get(key);
    if (found && found.expiresAt !== null && found.expiresAt <= this.clock.now()) {
      this.keys.delete(key);
      return undefined;
    }
    return found;
  }

  /** Every command is a round trip; the one after the first INCR is lost with the connection. */
  private async send<T>(name: string, run: () => T): Promise<T> {
    await Promise.resolve();
    if (this.armed) {
      this.armed = false;
      throw new Error(`connection reset while sending ${name}`);
    }
    const reply = run();
    if (name === "INCR" && this.dropAfterFirstIncr) {
      this.dropAfterFirstIncr = false;
      this.armed = true;
    }
    return reply;
  }

  incr(key: string) {
    return this.send("INCR", () => {
      const found = this.entry(key);
      if (found) return ++found.value;
      this.keys.set(key, { value: 1, expiresAt: null });
      return 1;
    });
  }

  pexpire(key: string, ms: number) {
    return this.send("PEXPIRE", () => {
      const found = this.entry(key);
      if (found) found.expiresAt = this.clock.now() + ms;
      return found !== undefined;
    });
  }

  pttl(key: string) {
    return this.send("PTTL", () => {
      const found = this.entry(key);
      if (!found) return -2;
      return found.expiresAt === null ? -1 : found.expiresAt - this.clock.now();
    });
  }

  set(key: string, value: number, options: { px?: number; nx?: boolean } = {}) {
    return this.send("SET", () => {
      if (options.nx && this.entry(key)) return false;
      const expiresAt = options.px === undefined ? null : this.clock.now() + options.px;
      this.keys.set(key, { value, expiresAt });
      return true;
    });
  }

  /** For the report: what is stored now, without a round trip. */
  peek(key: string) {
    const found = this.entry(key);
    if (!found) return { count: 0, ttl: "gone" };
    const ttl =
      found.expiresAt === null ? "none" : `${(found.expiresAt - this.clock.now()) / 1000} s`;
    return { count: found.value, ttl };
  }
}

/**
 * Limit 5 a minute. One user sends a request every 20 seconds for 10 minutes: 30 requests, 3 a
 * minute. The reply to the command sent right after the very first INCR is lost to a connection
 * reset; the service fails open on a Redis error and serves that request anyway.
 */
export async function scenario() {
  const clock = new ManualClock();
  const redis = new FlakyRedis(clock);
  const limiter = createLimiter(redis);
  let served = 0;
  let errors = 0;
  const rows: (string | number)[][] = [];
  for (let i = 0; i < 30; i++) {
    clock.advance(i === 0 ? 0 : 20_000);
    let allowed: boolean;
    try {
      allowed = await limiter.allow("ada");
    } catch {
      errors++;
      allowed = true; // fail open: a Redis error must not take the API down
    }
    if (allowed) served++;
    if (i % 3 === 2) {
      const { count, ttl } = redis.peek("rate:ada");
      rows.push([`${clock.now() / 1000} s`, served, count, ttl]);
    }
  }
  const end = redis.peek("rate:ada");
  return {
    answer: served,
    summary: `${served} of the 30 requests were served, though the user never sent more than 3 a minute.`,
    facts: [
      { label: "Requests sent (one every 20 s, limit 5 per minute)", value: 30 },
      { label: "Served", value: served },
      { label: "Redis errors, served by failing open", value: errors },
      { label: "Count stored at the end", value: end.count },
      { label: "Expiry on the key at the end", value: end.ttl },
      { label: "Window length (s)", value: WINDOW_MS / 1000 },
    ],
    table: { columns: ["Time", "Served so far", "Stored count", "Expires in"], rows },
  };
}
