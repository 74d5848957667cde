import { JavaRandom, ManualClock, type RefusedResponse, RetryPolicy } from "@/lib/limiters";

type Plan = (
  clock: ManualClock,
  dice: JavaRandom,
) => (attempt: number, refusal: RefusedResponse) => number | null;

const CLIENTS = 100;
const PER_SLOT = 10; // the server admits this many per 100 ms slot
const SLOT_MS = 100;

// Every client calls at t = 0; the server serves what fits and tells the rest "Retry-After: 1".
// Each client then follows `plan`. We record when calls land and when the last client is served.
function stampede(plan: Plan) {
  const clock = new ManualClock(0);
  const choose = Array.from({ length: CLIENTS }, (_, id) => plan(clock, new JavaRandom(id + 1)));
  const due = choose.map((_, id) => ({ at: 0, id, attempt: 1 }));
  const admitted = new Map<number, number>();
  const landed = new Map<number, number>();
  let served = 0;
  let abandoned = 0;
  let lastServedAt = 0;
  while (due.length > 0) {
    due.sort((a, b) => a.at - b.at || a.id - b.id);
    const call = due.shift()!;
    clock.advance(call.at - clock.now());
    const slot = Math.floor(call.at / SLOT_MS);
    if (call.at > 0) landed.set(slot, (landed.get(slot) ?? 0) + 1);
    if ((admitted.get(slot) ?? 0) < PER_SLOT) {
      admitted.set(slot, (admitted.get(slot) ?? 0) + 1);
      served++;
      lastServedAt = call.at;
      continue;
    }
    const wait = choose[call.id]!(call.attempt, { status: 429, retryAfter: "1" });
    if (wait === null) abandoned++;
    else due.push({ at: call.at + wait, id: call.id, attempt: call.attempt + 1 });
  }
  const retries = [...landed.values()];
  return {
    served,
    abandoned,
    lastServedAt,
    peak: Math.max(...retries),
    calls: CLIENTS + retries.reduce((a, b) => a + b, 0),
  };
}

const options = { baseMs: 1000, capMs: 8000, maxAttempts: 8, maxWaitMs: 30_000 };

/** Obeys Retry-After to the millisecond and nothing else. */
const obedient: Plan = () => (attempt, refusal) =>
  attempt >= options.maxAttempts ? null : Number(refusal.retryAfter) * 1000;

/** Retry-After as a floor, plus full jitter over a doubling window. */
const jittered: Plan = (clock, dice) => {
  const policy = new RetryPolicy({
    ...options,
    clock,
    random: () => dice.nextInt(1_000_000) / 1_000_000,
  });
  return (attempt, refusal) => policy.delayAfter(attempt, refusal);
};

export function run(print: (line: string) => void) {
  const exact = stampede(obedient);
  const spread = stampede(jittered);
  print(`  ${CLIENTS} clients refused at t=0; the server takes ${PER_SLOT} per ${SLOT_MS} ms`);
  for (const [label, r] of [
    ["wait exactly Retry-After", exact],
    ["Retry-After + full jitter", spread],
  ] as const) {
    print(
      `  ${label.padEnd(26)}: busiest ${SLOT_MS} ms ${String(r.peak).padStart(3)} calls, ` +
        `${r.calls} calls in all, served ${r.served}, gave up ${r.abandoned}, last served at ${r.lastServedAt} ms`,
    );
  }
  return {
    clients: CLIENTS,
    exactPeak: exact.peak,
    exactServed: exact.served,
    exactAbandoned: exact.abandoned,
    exactCalls: exact.calls,
    spreadPeak: spread.peak,
    spreadServed: spread.served,
    spreadCalls: spread.calls,
    spreadLastMs: spread.lastServedAt,
  };
}
