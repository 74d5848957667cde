import { LeakyShaper, ManualClock, TokenBucket } from "@/lib/limiters";

// Shaping: the same burst, admitted by a token bucket (a policer) and by a leaky bucket used as a
// queue (a shaper). Both hold 10 and run at 5 per second. What differs is when each admitted request
// reaches the service behind the limiter.
export function run(print: (line: string) => void) {
  const clock = new ManualClock(0);
  const policer = new TokenBucket(10, 5, clock);
  const shaper = new LeakyShaper(10, 5, clock);

  const policed: number[] = [];
  const shaped: number[] = [];
  for (let i = 0; i < 12; i++) {
    if (policer.allow()) policed.push(clock.now());
    const releaseAt = shaper.schedule();
    if (releaseAt !== null) shaped.push(releaseAt);
  }

  print("  12 requests arrive together at t=0");
  const policedAt = [...new Set(policed)].map((t) => `t=${t}`).join(", ");
  print(
    `  policer: ${policed.length} admitted, all forwarded at ${policedAt}; ${12 - policed.length} refused with 429`,
  );
  print(
    `  shaper:  ${shaped.length} admitted, forwarded at ${shaped.map((t) => `${t}`).join(", ")} ms`,
  );
  print(
    `  most in any 200 ms downstream: policer ${busiest(policed, 200)}, shaper ${busiest(shaped, 200)}`,
  );

  // Every request arrived at t=0, so a release time is also that request's wait.
  const waits = shaped;
  return {
    admittedPolicer: policed.length,
    admittedShaper: shaped.length,
    peakPolicer: busiest(policed, 200),
    peakShaper: busiest(shaped, 200),
    spacingMs: (shaped[1] ?? 0) - (shaped[0] ?? 0),
    lastWaitMs: Math.max(...waits),
  };
}

/** The most times that fall in any span [t, t + spanMs). */
function busiest(times: number[], spanMs: number): number {
  return Math.max(
    ...times.map((start) => times.filter((t) => t >= start && t < start + spanMs).length),
  );
}
