import { ManualClock, SharedStore, expect, test } from "judge";
import { DistributedTokenBucket } from "./solution";

async function countAllowed(requests: Promise<boolean>[]): Promise<number> {
  return (await Promise.all(requests)).filter(Boolean).length;
}

test("one instance behaves like a token bucket", async () => {
  const clock = new ManualClock();
  const bucket = new DistributedTokenBucket(new SharedStore(), "user:1", 10, 5, clock);
  let allowed = 0;
  for (let i = 0; i < 15; i++) if (await bucket.allow()) allowed++;
  expect(allowed, "allowed of 15 at once").toBe(10);
  clock.advance(1000);
  allowed = 0;
  for (let i = 0; i < 15; i++) if (await bucket.allow()) allowed++;
  expect(allowed, "allowed of 15 one second later").toBe(5);
});

test("three instances sharing the store admit the capacity, not three times it", async () => {
  const clock = new ManualClock();
  const store = new SharedStore();
  const instances = [0, 1, 2].map(() => new DistributedTokenBucket(store, "user:1", 10, 5, clock));
  const requests = [];
  for (let i = 0; i < 30; i++) requests.push(instances[i % 3]!.allow());
  expect(
    await countAllowed(requests),
    "allowed of 30 concurrent requests through 3 instances",
  ).toBe(10);
});

test("interleaved instances across a refill admit exactly what the bucket holds", async () => {
  const clock = new ManualClock();
  const store = new SharedStore();
  const instances = [0, 1, 2].map(() => new DistributedTokenBucket(store, "user:1", 4, 2, clock));
  const wave = () => {
    const requests = [];
    for (let i = 0; i < 12; i++) requests.push(instances[i % 3]!.allow());
    return countAllowed(requests);
  };
  expect(await wave(), "first wave").toBe(4);
  clock.advance(1000);
  expect(await wave(), "a wave 1 s later at 2/s").toBe(2);
  clock.advance(500);
  expect(await wave(), "a wave 0.5 s after that").toBe(1);
});
