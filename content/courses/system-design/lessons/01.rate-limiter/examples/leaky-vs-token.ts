import { LeakyBucket, LeakyShaper, ManualClock, TokenBucket } from "@/lib/limiters";

// Fifteen requests arrive at once. Three limiters of the same size (10) and rate (5/s) decide; what
// matters downstream is not only how many get through, but when.
export function run(print: (line: string) => void) {
  const clock = new ManualClock(0);
  const token = new TokenBucket(10, 5, clock);
  const meter = new LeakyBucket(10, 5, clock);
  const shaper = new LeakyShaper(10, 5, clock);

  // The token bucket and the meter pass an admitted request on immediately; the shaper hands back
  // the time at which the request may leave its queue.
  const sent = { token: [] as number[], meter: [] as number[], shaper: [] as number[] };
  for (let i = 0; i < 15; i++) {
    if (token.allow()) sent.token.push(clock.now());
    if (meter.allow()) sent.meter.push(clock.now());
    const releaseAt = shaper.schedule();
    if (releaseAt !== null) sent.shaper.push(releaseAt);
  }

  print("  15 arrive at t=0; each limiter holds 10 and drains (or refills) at 5/s");
  print(`  token bucket : ${describe(sent.token)}`);
  print(`  leaky meter  : ${describe(sent.meter)}`);
  print(`  leaky shaper : ${describe(sent.shaper)}`);
  print(
    "  busiest second downstream: " +
      `token ${busiestSecond(sent.token)}, meter ${busiestSecond(sent.meter)}, ` +
      `shaper ${busiestSecond(sent.shaper)}`,
  );
  print(`  the shaper's price: the last request waited ${Math.max(...sent.shaper)}ms`);

  return {
    admittedToken: sent.token.length,
    admittedMeter: sent.meter.length,
    admittedShaper: sent.shaper.length,
    peakToken: busiestSecond(sent.token),
    peakMeter: busiestSecond(sent.meter),
    peakShaper: busiestSecond(sent.shaper),
    shaperSpacingMs: (sent.shaper[1] ?? 0) - (sent.shaper[0] ?? 0),
    shaperMaxWaitMs: Math.max(...sent.shaper),
  };
}

/** "10 admitted, sent at 0ms ×10" or "10 admitted, sent at 0, 200, ..., 1800ms". */
function describe(times: number[]): string {
  const distinct = [...new Set(times)];
  const when =
    distinct.length === 1
      ? `${distinct[0]}ms ×${times.length}`
      : `${distinct.slice(0, 3).join(", ")}, ..., ${distinct.at(-1)}ms`;
  return `${times.length} admitted, sent downstream at ${when}`;
}

/** The most requests sent in any one-second span [t, t + 1000). */
function busiestSecond(times: number[]): number {
  return Math.max(
    ...times.map((start) => times.filter((t) => t >= start && t < start + 1000).length),
  );
}
