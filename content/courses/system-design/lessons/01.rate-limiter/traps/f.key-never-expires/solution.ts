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
      // The key is born with its expiry, in one command: there is no moment at which it exists
      // without one, so a crash or a dropped connection can no longer leave it immortal. INCR keeps
      // the expiry it finds. (In production, one Lua script doing both is the other clean fix.)
      await redis.set(key, 0, { px: WINDOW_MS, nx: true });
      const count = await redis.incr(key);
      return count <= LIMIT;
    },
  };
}
