import { ManualClock, SharedStore, describe, expect, test } from "judge";
import * as learner from "./solution";

async function countAllowed(requests: Promise<boolean>[]): Promise<number> {
  return (await Promise.all(requests)).filter(Boolean).length;
}

function instances(
  store: SharedStore,
  clock: ManualClock,
  count: number,
  capacity: number,
  perSecond: number,
) {
  return Array.from(
    { length: count },
    () => new learner.DistributedTokenBucket(store, "k", capacity, perSecond, clock),
  );
}

describe("concurrency", () => {
  test("many instances, one request each, admit exactly the capacity", async () => {
    const clock = new ManualClock();
    const all = instances(new SharedStore(), clock, 25, 7, 1);
    expect(await countAllowed(all.map((b) => b.allow())), "allowed of 25 instances").toBe(7);
  });

  test("tryAcquire(n) is atomic too", async () => {
    const clock = new ManualClock();
    const all = instances(new SharedStore(), clock, 4, 10, 1);
    const results = await Promise.all(all.map((b) => b.tryAcquire(3)));
    expect(results.filter(Boolean).length, "tryAcquire(3) admitted of 4 against 10 tokens").toBe(3);
  });

  test("waves over a minute never admit more than the bucket allows", async () => {
    const clock = new ManualClock();
    const all = instances(new SharedStore(), clock, 3, 5, 2);
    let admitted = 0;
    for (let second = 0; second < 30; second++) {
      const requests = [];
      for (let i = 0; i < 9; i++) requests.push(all[i % 3]!.allow());
      admitted += await countAllowed(requests);
      clock.advance(1000);
    }
    // 5 to start with, then 2 per second for the 29 seconds between waves.
    expect(admitted, "admitted over 30 waves").toBe(5 + 29 * 2);
  });

  test("a fractional rate shared across instances", async () => {
    const clock = new ManualClock();
    const all = instances(new SharedStore(), clock, 3, 1, 2.5);
    let admitted = 0;
    for (let step = 0; step < 25; step++) {
      admitted += await countAllowed(all.map((b) => b.allow()));
      clock.advance(100);
    }
    // 1 at the start, then 2.5 per second for 2.4 s: 6 tokens, and the partial one never spent.
    expect(admitted, "admitted over 2.4 s").toBe(7);
  });
});

describe("shared state", () => {
  test("a new instance sees the tokens others spent", async () => {
    const clock = new ManualClock();
    const store = new SharedStore();
    const first = new learner.DistributedTokenBucket(store, "k", 3, 1, clock);
    for (let i = 0; i < 3; i++) await first.allow();
    const late = new learner.DistributedTokenBucket(store, "k", 3, 1, clock);
    expect(await late.allow(), "a new instance's first request").toBe(false);
  });

  test("different keys are different buckets", async () => {
    const clock = new ManualClock();
    const store = new SharedStore();
    const a = new learner.DistributedTokenBucket(store, "user:a", 1, 1, clock);
    const b = new learner.DistributedTokenBucket(store, "user:b", 1, 1, clock);
    expect(await a.allow(), "a").toBe(true);
    expect(await b.allow(), "b").toBe(true);
    expect(await a.allow(), "a again").toBe(false);
  });
});

describe("clock skew", () => {
  test("an instance whose clock is behind does not take refill back", async () => {
    const ahead = new ManualClock(10_000);
    const behind = new ManualClock(9_000);
    const store = new SharedStore();
    const a = new learner.DistributedTokenBucket(store, "k", 2, 1, ahead);
    const b = new learner.DistributedTokenBucket(store, "k", 2, 1, behind);
    expect(await a.tryAcquire(2), "a empties the bucket at t=10s").toBe(true);
    expect(await b.allow(), "b at its t=9s").toBe(false);
    ahead.advance(1000);
    expect(await a.allow(), "a at t=11s").toBe(true);
    expect(await a.allow(), "a again at t=11s").toBe(false);
  });

  test("an instance that is behind still gets the token the one ahead left", async () => {
    // Neither instance emptied the bucket: a refill that goes negative on the late clock, or a
    // stored time that moves back, shows here and nowhere else.
    const ahead = new ManualClock(10_000);
    const behind = new ManualClock(9_000);
    const store = new SharedStore();
    const a = new learner.DistributedTokenBucket(store, "k", 2, 1, ahead);
    const b = new learner.DistributedTokenBucket(store, "k", 2, 1, behind);
    expect(await a.allow(), "a takes one of the two tokens at t=10s").toBe(true);
    expect(await b.allow(), "b takes the other at its t=9s").toBe(true);
    expect(await a.allow(), "a again at t=10s, the bucket empty").toBe(false);
  });

  test("an instance that is behind sees no refill until its clock passes the last write", async () => {
    const ahead = new ManualClock(5_000);
    const behind = new ManualClock(4_000);
    const store = new SharedStore();
    const a = new learner.DistributedTokenBucket(store, "k", 1, 1, ahead);
    const b = new learner.DistributedTokenBucket(store, "k", 1, 1, behind);
    expect(await a.allow(), "a").toBe(true);
    behind.advance(1500);
    expect(await b.allow(), "b at its t=5.5s").toBe(false);
    behind.advance(500);
    expect(await b.allow(), "b at its t=6s").toBe(true);
  });
});
