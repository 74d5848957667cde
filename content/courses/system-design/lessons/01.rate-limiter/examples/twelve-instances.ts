import { FixedWindow } from "@/lib/limiters";
import { evenTrace, simulateCluster, type Placement } from "@/lib/simulation";

// The documented limit is 100/min. One client sends 2,000 requests spread over a minute, and the
// deployment autoscales. Each instance runs the same in-memory limiter, holding the full limit.
export function run(print: (line: string) => void) {
  const limit = 100;
  const trace = evenTrace(2_000, 60_000);
  const allowedWith = (instances: number, placement: Placement) =>
    simulateCluster(trace, {
      instances,
      routing: { policy: "round-robin" },
      placement,
      limit,
      makeLimiter: (perInstance, clock) => new FixedWindow(perInstance, 60_000, clock),
    }).allowed;

  print(`  limit ${limit}/min, one client offering ${count(trace.length).trim()}/min`);
  const figures: Record<string, number> = {};
  for (const instances of [1, 3, 6, 12]) {
    const allowed = allowedWith(instances, "full");
    figures[`allowed${instances}`] = allowed;
    const label = `${instances} instance${instances === 1 ? ", " : "s,"}`;
    print(`  ${label.padStart(14)} in-memory limiter -> ${count(allowed)} allowed`);
  }

  // The same twelve instances consulting one shared counter (what a Redis script gives you).
  const shared = allowedWith(12, "shared");
  print(`   12 instances, shared store      -> ${count(shared)} allowed`);

  const allowed = figures.allowed12!;
  print(`  ${limit}/min becomes ${count(allowed).trim()}/min at twelve instances`);

  return { limit, offered: trace.length, instances: 12, allowed, shared, ...figures };
}

/** 1200 -> "1,200", right-aligned in five columns. */
function count(n: number): string {
  return n.toLocaleString("en-US").padStart(5);
}
