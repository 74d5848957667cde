import { LeakyBucket, ManualClock, TokenBucket } from "@/lib/limiters";
import { replay, seededTrace } from "@/lib/simulation";

// Policing: a yes/no answer at the moment a request arrives. Ten minutes of bursty traffic go through
// a token bucket and a leaky bucket used as a meter, both holding 10 and running at 5 per second.
export function run(print: (line: string) => void) {
  const trace = seededTrace({ seed: 2024, seconds: 600, maxPerSecond: 12 });

  const tokenClock = new ManualClock(0);
  const token = replay(trace, new TokenBucket(10, 5, tokenClock), tokenClock);
  const meterClock = new ManualClock(0);
  const meter = replay(trace, new LeakyBucket(10, 5, meterClock), meterClock);

  const disagreements = token.decisions.filter(
    (allowed, i) => allowed !== meter.decisions[i],
  ).length;
  print(`  ${trace.length} requests over 10 minutes, in bursts of 0 to 11 a second`);
  print(`  token bucket (10, 5/s): ${token.allowed} allowed`);
  print(`  leaky meter  (10, 5/s): ${meter.allowed} allowed`);
  print(`  requests on which they disagree: ${disagreements}`);

  return {
    offered: trace.length,
    allowedToken: token.allowed,
    allowedMeter: meter.allowed,
    disagreements,
  };
}
