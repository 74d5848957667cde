import { describe, expect, test } from "vitest";
import {
  FixedWindow,
  JavaRandom,
  ManualClock,
  SlidingCounter,
  SlidingLog,
  TokenBucket,
  burst,
} from "@/lib/limiters";

describe("the course notes' printed figures", () => {
  test("fixed window admits 200 in one second across a boundary while the log admits 100", () => {
    const clock = new ManualClock(0);
    const fixed = new FixedWindow(100, 60_000, clock);
    const log = new SlidingLog(100, 60_000, clock);
    clock.advance(59_000);
    expect([burst(fixed, 100), burst(log, 100)]).toEqual([100, 100]);
    clock.advance(1_000);
    expect([burst(fixed, 100), burst(log, 100)]).toEqual([100, 0]);
  });

  test("token bucket of 10 at 5/s admits 10, 5, 10 and caps idle credit at capacity", () => {
    const clock = new ManualClock(0);
    const bucket = new TokenBucket(10, 5, clock);
    expect(burst(bucket, 15)).toBe(10);
    expect(bucket.available().toFixed(1)).toBe("0.0");
    clock.advance(1_000);
    expect(burst(bucket, 15)).toBe(5);
    clock.advance(2_000);
    expect(burst(bucket, 15)).toBe(10);
    clock.advance(60_000);
    expect(bucket.available().toFixed(1)).toBe("10.0");
    expect(burst(bucket, 15)).toBe(10);
  });

  test("sliding counter refuses the boundary burst the fixed window let through", () => {
    const clock = new ManualClock(0);
    const counter = new SlidingCounter(100, 60_000, clock);
    clock.advance(59_000);
    expect(burst(counter, 100)).toBe(100);
    clock.advance(1_000);
    expect(burst(counter, 100)).toBe(0);
  });

  test("log and counter replayed on JavaRandom(4) traces give the notes' table", () => {
    const rows = [2, 4, 6, 10].map((max) => {
      const clock = new ManualClock(0);
      const exact = new SlidingLog(100, 60_000, clock);
      const approx = new SlidingCounter(100, 60_000, clock);
      const rng = new JavaRandom(4);
      let decisions = 0;
      let differ = 0;
      let exactOk = 0;
      let approxOk = 0;
      for (let second = 0; second < 600; second++) {
        const arriving = rng.nextInt(max);
        for (let i = 0; i < arriving; i++) {
          const e = exact.allow();
          const a = approx.allow();
          decisions++;
          if (e !== a) differ++;
          if (e) exactOk++;
          if (a) approxOk++;
        }
        clock.advance(1_000);
      }
      return [(max - 1) * 30, exactOk, approxOk, Math.trunc((differ * 100) / decisions)];
    });
    expect(rows).toEqual([
      [30, 308, 308, 0],
      [90, 909, 911, 1],
      [150, 993, 987, 30],
      [270, 1000, 990, 34],
    ]);
  });

  test("a full sliding log at limit 100 tracks 100 timestamps", () => {
    const log = new SlidingLog(100, 60_000, new ManualClock(0));
    burst(log, 100);
    expect(log.tracked()).toBe(100);
  });
});
