import { ConcurrencyLimiter, ManualClock, TokenBucket } from "@/lib/limiters";

const GAP_MS = 20;
const RUN_MS = 60_000;
const MAX_IN_FLIGHT = 20;
const RESERVED = 4;

interface Outcome {
  served: number;
  refused: number;
  peakInFlight: number;
}

// Requests arrive every 20 ms (50 a second) for a minute. Each holds a worker for `latencyMs`.
// The gate in front decides; we watch how much work is in progress at once.
function replay(
  latencyMs: number,
  gate: (clock: ManualClock, latencyMs: number) => (now: number) => boolean,
): Outcome {
  const clock = new ManualClock(0);
  const admit = gate(clock, latencyMs);
  const finishing: number[] = []; // when each admitted request releases its worker
  const outcome: Outcome = { served: 0, refused: 0, peakInFlight: 0 };
  for (let at = 0; at < RUN_MS; at += GAP_MS) {
    clock.advance(at - clock.now());
    while (finishing.length > 0 && finishing[0]! <= at) finishing.shift();
    if (!admit(at)) {
      outcome.refused++;
      continue;
    }
    outcome.served++;
    finishing.push(at + latencyMs);
    outcome.peakInFlight = Math.max(outcome.peakInFlight, finishing.length);
  }
  return outcome;
}

/** A rate limit of 60 a second: comfortably above the 50 that arrive. */
const byRate = (clock: ManualClock) => {
  const bucket = new TokenBucket(60, 60, clock);
  return () => bucket.allow();
};

/** A cap on work in progress; each permit is returned when its request finishes. */
const byConcurrency = (clock: ManualClock, latency: number) => {
  const gate = new ConcurrencyLimiter({
    maxInFlight: MAX_IN_FLIGHT,
    reservedForCritical: 0,
    leaseMs: 30_000,
    clock,
  });
  const held: { permit: number; until: number }[] = [];
  return (now: number) => {
    while (held.length > 0 && held[0]!.until <= now) gate.finish(held.shift()!.permit);
    const permit = gate.tryStart();
    if (permit === null) return false;
    held.push({ permit, until: now + latency });
    return true;
  };
};

export function run(print: (line: string) => void) {
  const rows: Record<string, number> = {};
  const latencies = [100, 2000];
  print(
    `  ${1000 / GAP_MS} requests a second for ${RUN_MS / 1000} s; ` +
      `the dependency answers in ${latencies.join(" ms, then in ")} ms`,
  );
  for (const latencyMs of latencies) {
    const rate = replay(latencyMs, byRate);
    const inFlight = replay(latencyMs, byConcurrency);
    print(`  latency ${String(latencyMs).padStart(5)} ms`);
    print(
      `    rate limit 60/s    : served ${rate.served}, refused ${rate.refused}, ` +
        `busiest moment ${rate.peakInFlight} in progress`,
    );
    print(
      `    at most ${MAX_IN_FLIGHT} at once : served ${inFlight.served}, refused ${inFlight.refused}, ` +
        `busiest moment ${inFlight.peakInFlight} in progress`,
    );
    const tag = latencyMs === latencies[0] ? "Fast" : "Slow";
    rows[`rate${tag}Peak`] = rate.peakInFlight;
    rows[`rate${tag}Refused`] = rate.refused;
    rows[`cap${tag}Peak`] = inFlight.peakInFlight;
    rows[`cap${tag}Refused`] = inFlight.refused;
    rows[`cap${tag}Served`] = inFlight.served;
  }
  // The same slow minute, but every fifth request is critical (a payment, say) and 4 of the 20
  // slots are kept for critical work. Shedding now chooses what to drop.
  const clock = new ManualClock(0);
  const gate = new ConcurrencyLimiter({
    maxInFlight: MAX_IN_FLIGHT,
    reservedForCritical: RESERVED,
    leaseMs: 30_000,
    clock,
  });
  const held: { permit: number; until: number }[] = [];
  const tally = { critical: { served: 0, refused: 0 }, normal: { served: 0, refused: 0 } };
  for (let at = 0, n = 0; at < RUN_MS; at += GAP_MS, n++) {
    clock.advance(at - clock.now());
    while (held.length > 0 && held[0]!.until <= at) gate.finish(held.shift()!.permit);
    const priority = n % 5 === 0 ? "critical" : "normal";
    const permit = gate.tryStart(priority);
    if (permit === null) {
      tally[priority].refused++;
    } else {
      tally[priority].served++;
      held.push({ permit, until: at + latencies[1]! });
    }
  }
  print(
    `  slow again, 1 in 5 critical, ${RESERVED} of the ${MAX_IN_FLIGHT} slots kept for critical work`,
  );
  print(`    critical : served ${tally.critical.served}, refused ${tally.critical.refused}`);
  print(`    normal   : served ${tally.normal.served}, refused ${tally.normal.refused}`);
  rows.criticalServed = tally.critical.served;
  rows.criticalRefused = tally.critical.refused;
  rows.criticalOffered = tally.critical.served + tally.critical.refused;
  rows.normalServed = tally.normal.served;
  rows.normalRefused = tally.normal.refused;
  rows.maxInFlight = MAX_IN_FLIGHT;
  rows.reserved = RESERVED;
  rows.perSecond = 1000 / GAP_MS;
  return rows;
}
