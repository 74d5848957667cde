import { FixedWindow, ManualClock, burst } from "@/lib/limiters";

// One user, 100 requests in a minute, against a documented limit of 100/min. Three instances behind
// a load balancer, each running the limiter that passed code review: an in-memory one.
export function run(print: (line: string) => void) {
  const clock = new ManualClock(0);
  const threeInstances = (limit: number) =>
    [0, 1, 2].map(() => new FixedWindow(limit, 60_000, clock));

  // Each instance holds the full limit; the load balancer spreads requests round-robin.
  const perInstanceFullLimit = threeInstances(100);
  let fullLimit = 0;
  for (let i = 0; i < 300; i++) if (perInstanceFullLimit[i % 3]!.allow()) fullLimit++;
  print(`  limit 100 on each of 3 instances : ${fullLimit} allowed, limit was 100`);

  // The obvious fix: divide the limit by the instance count.
  const divided = threeInstances(33);
  let evenDivided = 0;
  for (let i = 0; i < 100; i++) if (divided[i % 3]!.allow()) evenDivided++;
  print(`  limit 33 each, even routing      : ${evenDivided} of 100 allowed`);

  // It works only while routing is even. Sticky sessions, a hash on user id, or one instance
  // restarting all break that assumption.
  const skewedInstances = threeInstances(33);
  const routing = [70, 20, 10]; // percent of this user's traffic per instance
  let skewed = 0;
  routing.forEach((share, i) => (skewed += burst(skewedInstances[i]!, share)));
  print(`  limit 33 each, 70/20/10 routing  : ${skewed} of 100 allowed`);
  print(`  the user bought 100/min and got ${skewed} — no error, no alert`);

  return { limit: 100, instances: 3, dividedLimit: 33, fullLimit, evenDivided, skewed };
}
