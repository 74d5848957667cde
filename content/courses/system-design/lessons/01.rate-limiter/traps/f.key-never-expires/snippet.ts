/** The Redis commands this limiter uses, as a client library exposes them. */
export interface Redis {
  /** Adds 1 (creating the key at 1) and returns the new value; an existing expiry is kept. */
  incr(key: string): Promise<number>;
  /** Sets the key to expire `ms` from now; false if the key does not exist. */
  pexpire(key: string, ms: number): Promise<boolean>;
  /** Milliseconds left before the key expires: -1 if it never will, -2 if it does not exist. */
  pttl(key: string): Promise<number>;
  /** SET with optional PX (expire after ms) and NX (only if absent); false if NX found the key. */
  set(key: string, value: number, options?: { px?: number; nx?: boolean }): Promise<boolean>;
}

export const LIMIT = 5; // requests per user per window
export const WINDOW_MS = 60_000;

/** A fixed window per user, counted in Redis so every instance shares it. */
export function createLimiter(redis: Redis) {
  return {
    async allow(user: string): Promise<boolean> {
      const key = `rate:${user}`;
      const count = await redis.incr(key);
      // The first request of a window starts the window's clock.
      if (count === 1) await redis.pexpire(key, WINDOW_MS);
      return count <= LIMIT;
    },
  };
}
