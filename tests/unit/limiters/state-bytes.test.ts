import { expect, test } from "vitest";
import {
  KeyedLimiter,
  ManualClock,
  keyedFixedWindow,
  keyedSlidingCounter,
  keyedSlidingLog,
  keyedTokenBucket,
  stateBytesPerKey,
} from "@/lib/limiters";

test("stateBytesPerKey equals the typed-array bytes a KeyedLimiter really allocates per slot", () => {
  const cases = [
    [keyedTokenBucket, { capacity: 10, perSecond: 5 }],
    [keyedFixedWindow, { limit: 100, windowMs: 60_000 }],
    [keyedSlidingCounter, { limit: 100, windowMs: 60_000 }],
    [keyedSlidingLog, { limit: 100, windowMs: 60_000 }],
  ] as const;
  for (const [algorithm, plan] of cases) {
    const limiter = new KeyedLimiter<typeof plan>({
      algorithm: algorithm as never,
      plans: { only: plan },
      maxKeys: 64,
      clock: new ManualClock(0),
    });
    const fields = limiter as unknown as Record<string, { byteLength: number } | undefined>;
    const arrays = ["state", "planOf", "lastSeen", "newer", "older"].map((f) => fields[f]!);
    const slots = (limiter as unknown as { capacity: number }).capacity;
    const allocated = arrays.reduce((sum, a) => sum + a.byteLength, 0) / slots;
    expect({
      algorithm: algorithm.name,
      bytes: stateBytesPerKey(algorithm as never, plan),
    }).toEqual({
      algorithm: algorithm.name,
      bytes: allocated,
    });
  }
});
