import { Gcra, JavaRandom, ManualClock, TokenBucket } from "@/lib/limiters";

// Two limiters with the same burst (10) and rate (5/s) see an identical, irregular stream of
// requests. One counts tokens; the other remembers a single instant. Do they ever disagree?
export function run(print: (line: string) => void) {
  const clock = new ManualClock(0);
  const bucket = new TokenBucket(10, 5, clock);
  const gcra = new Gcra(10, 5, clock);
  const dice = new JavaRandom(7);

  let offered = 0;
  let disagreements = 0;
  let bucketAdmitted = 0;
  let gcraAdmitted = 0;
  for (let tick = 0; tick < 3000; tick++) {
    // Every 100 ms: usually quiet, sometimes a clump of up to five requests.
    const clump = dice.nextInt(4) === 0 ? dice.nextInt(6) : 0;
    for (let i = 0; i < clump; i++) {
      offered++;
      const a = bucket.allow();
      const b = gcra.allow();
      if (a) bucketAdmitted++;
      if (b) gcraAdmitted++;
      if (a !== b) disagreements++;
    }
    clock.advance(100);
  }

  const seconds = clock.now() / 1000;
  print(`  ${offered} requests over ${seconds} s, burst 10, 5 per second`);
  print(`  token bucket admitted ${bucketAdmitted}, GCRA admitted ${gcraAdmitted}`);
  print(`  requests on which they decided differently: ${disagreements}`);

  // Empty both, then ask GCRA how long a client must wait: the answer is read off its one number.
  while (gcra.allow()) bucket.allow();
  const waitMs = gcra.retryAfterMs();
  const tat = gcra.theoreticalArrivalTime() - clock.now();
  print(`  state kept per key: token bucket 2 numbers (tokens, last refill), GCRA 1 (tat)`);
  print(`  once empty, tat is ${tat} ms ahead of now; the next request may come in ${waitMs} ms`);

  return {
    offered,
    bucketAdmitted,
    gcraAdmitted,
    disagreements,
    intervalMs: gcra.intervalMs,
    tatAheadMs: tat,
    waitMs,
  };
}
