import { ManualClock, TokenBucket, burst } from "@/lib/limiters";

// 5 requests per second sustained, but allow a burst of 10 that has built up during idle time.
// Capacity is the burst; the refill rate is the real limit.
export function run(print: (line: string) => void) {
  const clock = new ManualClock(0);
  const bucket = new TokenBucket(10, 5, clock);

  const atStart = burst(bucket, 15);
  print(`  idle start, 15 arrive at once -> ${atStart} allowed`);
  const tokensLeft = bucket.available().toFixed(1);
  print(`  tokens left: ${tokensLeft}`);

  clock.advance(1_000);
  const afterOneSecond = burst(bucket, 15);
  print(`  +1s, 15 arrive at once       -> ${afterOneSecond} allowed`);

  clock.advance(2_000);
  const afterTwoMoreSeconds = burst(bucket, 15);
  print(`  +2s, 15 arrive at once       -> ${afterTwoMoreSeconds} allowed`);

  // Idle long enough and the bucket refills to capacity, but no further.
  clock.advance(60_000);
  const tokensAfterIdle = bucket.available().toFixed(1);
  const uncappedCredit = 60 * bucket.perSecond;
  print(`  after 60s idle, tokens: ${tokensAfterIdle} (capacity 10, not ${uncappedCredit})`);
  const afterIdle = burst(bucket, 15);
  print(`  so the burst is bounded    -> ${afterIdle} allowed`);

  return {
    capacity: bucket.capacity,
    perSecond: bucket.perSecond,
    atStart,
    tokensLeft,
    afterOneSecond,
    afterTwoMoreSeconds,
    tokensAfterIdle,
    uncappedCredit,
    afterIdle,
  };
}
