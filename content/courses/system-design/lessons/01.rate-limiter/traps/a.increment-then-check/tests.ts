import { ManualClock, SharedStore, expect, test } from "judge";
import { SlidingCounter } from "./solution";

const MINUTE = 60_000;

async function admitted(limiter: SlidingCounter, n: number, key = "client"): Promise<number> {
  let count = 0;
  for (let i = 0; i < n; i++) if (await limiter.allow(key)) count++;
  return count;
}

test("admits exactly the limit within one window", async () => {
  const clock = new ManualClock();
  const limiter = new SlidingCounter(100, MINUTE, new SharedStore(), clock);
  expect(await admitted(limiter, 150), "admitted of 150 at t = 0").toBe(100);
});

test("refused requests leave no trace: after 300 in minute zero, minute one serves the client", async () => {
  const clock = new ManualClock();
  const limiter = new SlidingCounter(100, MINUTE, new SharedStore(), clock);
  for (let i = 0; i < 300; i++) {
    clock.advance(i === 0 ? 0 : 200);
    await limiter.allow("client");
  }
  let served = 0;
  for (let i = 0; i < 12; i++) {
    clock.advance(MINUTE + i * 5_000 - clock.now());
    if (await limiter.allow("client")) served++;
  }
  // At t = 60 s the previous minute's 100 admitted requests still fill the budget; from 65 s on the
  // weight has decayed enough for each request.
  expect(served, "admitted of the 12 requests in minute one").toBe(11);
});

test("the previous window still counts, weighted by how much of it is left", async () => {
  const clock = new ManualClock();
  const limiter = new SlidingCounter(100, MINUTE, new SharedStore(), clock);
  expect(await admitted(limiter, 100), "admitted at t = 0").toBe(100);
  clock.advance(90_000); // halfway through the next window: half of the previous 100 remain
  expect(await admitted(limiter, 100), "admitted at t = 90 s").toBe(50);
});

test("keys are counted separately", async () => {
  const clock = new ManualClock();
  const limiter = new SlidingCounter(3, MINUTE, new SharedStore(), clock);
  expect(await admitted(limiter, 5, "ada"), "ada").toBe(3);
  expect(await admitted(limiter, 5, "bob"), "bob").toBe(3);
});

test("two instances sharing the store never admit more than the limit together", async () => {
  const store = new SharedStore();
  const clock = new ManualClock(10 * MINUTE);
  const instances = [
    new SlidingCounter(100, MINUTE, store, clock),
    new SlidingCounter(100, MINUTE, store, clock),
  ];
  // 120 requests in flight at once, alternating between the instances: the store interleaves them.
  const decisions = await Promise.all(
    Array.from({ length: 120 }, (_, i) => instances[i % 2]!.allow("client")),
  );
  expect(decisions.filter(Boolean).length, "admitted by both instances together").toBe(100);
});
