import { type Clock, ManualClock, TokenBucket } from "@/lib/limiters";

// Limits as data: what a plan buys and what each endpoint costs live in configuration, and product
// changes them without a deploy. The code only knows how to apply a list of rules.
const plans = {
  free: {
    burst: { capacity: 20, perSecond: 2 },
    daily: { capacity: 1_000, perSecond: 1_000 / 86_400 },
  },
  pro: {
    burst: { capacity: 200, perSecond: 20 },
    daily: { capacity: 50_000, perSecond: 50_000 / 86_400 },
  },
};
const costOf: Record<string, number> = { "GET /items": 1, "POST /search": 5, "POST /export": 50 };

type Rules = { name: string; bucket: TokenBucket }[];

function rulesFor(plan: keyof typeof plans, clock: Clock): Rules {
  return Object.entries(plans[plan]).map(([name, { capacity, perSecond }]) => ({
    name,
    bucket: new TokenBucket(capacity, perSecond, clock),
  }));
}

/** Asks each rule in turn and lets each one take its tokens: a rule refused later has been charged. */
function oneByOne(rules: Rules, cost: number): boolean {
  for (const { bucket } of rules) if (!bucket.tryAcquire(cost)) return false;
  return true;
}

/** Charges every rule or none: all must have room before any is touched. */
function allOrNothing(rules: Rules, cost: number): boolean {
  if (rules.some(({ bucket }) => bucket.available() < cost)) return false;
  for (const { bucket } of rules) bucket.tryAcquire(cost);
  return true;
}

export function run(print: (line: string) => void) {
  // A free-plan client fires 60 searches at once; the daily rule is checked first.
  const report: Record<string, number> = {};
  for (const [label, decide] of [
    ["one rule at a time", oneByOne],
    ["all or nothing", allOrNothing],
  ] as const) {
    const clock = new ManualClock(0);
    const rules = rulesFor("free", clock).reverse(); // daily first, then the burst rule
    let served = 0;
    for (let i = 0; i < 60; i++) if (decide(rules, costOf["POST /search"]!)) served++;
    const dailyLeft = Math.floor(rules[0]!.bucket.available());
    print(
      `  ${label.padEnd(18)}: served ${served} of 60 searches, daily quota left ${dailyLeft} of ${plans.free.daily.capacity}`,
    );
    report[label === "all or nothing" ? "atomicServed" : "naiveServed"] = served;
    report[label === "all or nothing" ? "atomicDailyLeft" : "naiveDailyLeft"] = dailyLeft;
  }
  report.searchCost = costOf["POST /search"]!;
  report.exportCost = costOf["POST /export"]!;
  report.charged = report.atomicDailyLeft! - report.naiveDailyLeft!;
  report.proBurst = plans.pro.burst.capacity;
  report.freeBurst = plans.free.burst.capacity;
  report.freeRate = plans.free.burst.perSecond;
  report.freeDaily = plans.free.daily.capacity;
  print(`  refused searches that still cost daily quota: ${report.charged} tokens`);
  return report;
}
