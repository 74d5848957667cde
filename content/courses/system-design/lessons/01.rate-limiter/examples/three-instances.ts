import { FixedWindow, ManualClock } from "@/lib/limiters";

const DOCUMENTED = 100; // requests per minute, per customer
const INSTANCES = 3;

/**
 * One customer's requests over a minute, spread across a fleet in which every instance keeps its own
 * in-memory fixed window of `perInstance`. `route(i)` says which instance the i-th request lands on.
 */
function servedBy(perInstance: number, requests: number, route: (i: number) => number): number {
  const clock = new ManualClock(0); // every request inside the same minute
  const fleet = Array.from(
    { length: INSTANCES },
    () => new FixedWindow(perInstance, 60_000, clock),
  );
  let served = 0;
  for (let i = 0; i < requests; i++) if (fleet[route(i)]!.allow()) served++;
  return served;
}

const roundRobin = (i: number) => i % INSTANCES;

/** 70% of the requests to instance 0, the next 20% to 1, the last 10% to 2. */
function weighted(shares: number[]): (i: number) => number {
  const edges = shares.map((_, k) => shares.slice(0, k + 1).reduce((a, b) => a + b, 0));
  return (i) => edges.findIndex((edge) => i < edge);
}

const row = (perInstance: number, sent: number, how: string) =>
  `${perInstance} per instance, ${sent} sent ${how}`.padEnd(40);

export function run(print: (line: string) => void) {
  print(
    `  documented: ${DOCUMENTED}/min per customer; ${INSTANCES} instances, each counting alone`,
  );

  // Nobody adjusted the limiter for the fleet: every instance believes it owns the whole limit.
  const fullLimit = servedBy(DOCUMENTED, 300, roundRobin);
  print(`  ${row(DOCUMENTED, 300, "round-robin")} -> ${fullLimit} served`);

  // Each instance gets a third instead, rounded down.
  const dividedLimit = Math.floor(DOCUMENTED / INSTANCES);
  const evenDivided = servedBy(dividedLimit, 100, roundRobin);
  print(`  ${row(dividedLimit, 100, "round-robin")} -> ${evenDivided} served`);

  // The same third, but the balancer favours one instance (affinity, a hash of the id, a restart).
  const routing = [70, 20, 10];
  const skewed = servedBy(dividedLimit, 100, weighted(routing));
  print(`  ${row(dividedLimit, 100, routing.join("/"))} -> ${skewed} served`);
  print(
    `  the customer paid for ${DOCUMENTED} and was served ${skewed}; every refusal looked legitimate`,
  );

  return { limit: DOCUMENTED, instances: INSTANCES, dividedLimit, fullLimit, evenDivided, skewed };
}
