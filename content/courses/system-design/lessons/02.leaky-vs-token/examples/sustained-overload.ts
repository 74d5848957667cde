import { LeakyShaper, ManualClock, TokenBucket } from "@/lib/limiters";
import { evenTrace } from "@/lib/simulation";

// A client that sends 10 a second, steadily, for a minute, against a limit of 5 a second. Queueing the
// excess (the shaper) instead of refusing it (the policer) changes what the client waits, not how
// much gets through.
export function run(print: (line: string) => void) {
  const trace = evenTrace(600, 60_000);
  const clock = new ManualClock(0);
  const policer = new TokenBucket(10, 5, clock);
  const shaper = new LeakyShaper(10, 5, clock);

  let policed = 0;
  let shaped = 0;
  let worstWait = 0;
  let lastWait = 0;
  for (const arrival of trace) {
    clock.advance(arrival.at - clock.now());
    if (policer.allow()) policed++;
    const releaseAt = shaper.schedule();
    if (releaseAt !== null) {
      shaped++;
      lastWait = releaseAt - arrival.at;
      worstWait = Math.max(worstWait, lastWait);
    }
  }

  print(`  ${trace.length} requests in 60 s (10/s) against 5/s, bucket size 10`);
  print(`  policer: ${policed} admitted, the rest refused at once with 429`);
  print(`  shaper:  ${shaped} admitted, the rest refused once the queue was full`);
  print(
    `  shaper:  every admitted request after the first seconds waits about ${Math.round(lastWait)} ms`,
  );

  return {
    offered: trace.length,
    admittedPolicer: policed,
    admittedShaper: shaped,
    shaperWaitMs: Math.round(lastWait),
    shaperWorstWaitMs: Math.round(worstWait),
  };
}
