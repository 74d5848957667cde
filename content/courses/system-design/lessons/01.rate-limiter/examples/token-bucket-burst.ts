import { ManualClock, TokenBucket, burst } from "@/lib/limiters";

// A bucket of 10 refilled at 5 per second: 10 is how big a spike may be, 5/s is what a client may
// keep up. The same wave of 15 requests comes back four times; only the gaps between waves differ.
export function run(print: (line: string) => void) {
  const clock = new ManualClock(0);
  const bucket = new TokenBucket(10, 5, clock);
  const WAVE = 15;
  const level = () => bucket.available().toFixed(1);
  const report = (label: string, admitted: number, note = "") =>
    print(`  ${label.padEnd(20)} wave of ${WAVE}: ${String(admitted).padStart(2)} admitted${note}`);

  print(`  bucket of ${bucket.capacity}, refilled at ${bucket.perSecond}/s, starting full`);
  const atStart = burst(bucket, WAVE);
  const tokensLeft = level();
  report("t=0s (full)", atStart, `, ${tokensLeft} left`);

  clock.advance(1_000);
  const afterOneSecond = burst(bucket, WAVE);
  report("t=1s (1s of refill)", afterOneSecond);

  clock.advance(2_000);
  const afterTwoMoreSeconds = burst(bucket, WAVE);
  report("t=3s (2s of refill)", afterTwoMoreSeconds);

  // A long silence: the refill would be worth 60 s × rate, but the bucket stops at its capacity.
  clock.advance(60_000);
  const tokensAfterIdle = level();
  const uncappedCredit = 60 * bucket.perSecond;
  print(
    `  t=63s, after 60s idle: ${tokensAfterIdle} in the bucket, though 60s earns ${uncappedCredit}`,
  );
  const afterIdle = burst(bucket, WAVE);
  report("t=63s", afterIdle);

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
