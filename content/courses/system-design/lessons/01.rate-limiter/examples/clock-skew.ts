import { ManualClock, MemoryBucketStore } from "@/lib/limiters";

// One customer, one shared bucket: room for 1 request, refilled at 1 per second, and a customer who
// sends exactly one request a second, so with honest clocks every request fits. The first lands on
// instance A, whose clock runs 30 s fast; the next 31 land on instance B, whose clock is right.
const PLAN = { capacity: 1, perSecond: 1, cost: 1 };
const SKEW_MS = 30_000;
const FOLLOWING = 31;

/**
 * Replays the customer against a fresh store. `timeOf(instance)` is the `now` the store is given:
 * the calling instance's own clock, or one clock for everybody (what reading TIME inside the
 * Redis script amounts to). Returns B's verdicts, in order.
 */
function replayCustomer(timeOf: (instance: "A" | "B", realMs: number) => number): boolean[] {
  const store = new MemoryBucketStore();
  const real = new ManualClock(0);
  store.decide("customer", { ...PLAN, now: timeOf("A", real.now()) });
  const verdicts: boolean[] = [];
  for (let i = 0; i < FOLLOWING; i++) {
    real.advance(1_000);
    verdicts.push(store.decide("customer", { ...PLAN, now: timeOf("B", real.now()) }).allowed);
  }
  return verdicts;
}

/** The longest run of refusals. */
function longestRefusalRun(verdicts: boolean[]): number {
  let run = 0;
  let longest = 0;
  for (const allowed of verdicts) {
    run = allowed ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

export function run(print: (line: string) => void) {
  const callerTime = replayCustomer(
    (instance, realMs) => realMs + (instance === "A" ? SKEW_MS : 0),
  );
  const serverTime = replayCustomer((_, realMs) => realMs);

  const refusedCaller = callerTime.filter((allowed) => !allowed).length;
  const refusedServer = serverTime.filter((allowed) => !allowed).length;
  // B's i-th request goes at real second i + 1; -1 would mean not within the replay.
  const servedAgainAt = callerTime.indexOf(true) + 1;

  print(`  bucket of ${PLAN.capacity}, ${PLAN.perSecond}/s; the customer sends 1 request a second`);
  print(
    `  t=0s on instance A (clock ${SKEW_MS / 1000}s fast), t=1s..${FOLLOWING}s on B (clock right)`,
  );
  print(
    `  each instance passes its own now : B refuses ${refusedCaller} of ${FOLLOWING}, ` +
      `${longestRefusalRun(callerTime)} in a row, serves again at t=${servedAgainAt}s`,
  );
  print(`  one clock for all (server TIME)  : B refuses ${refusedServer} of ${FOLLOWING}`);

  return {
    skewSeconds: SKEW_MS / 1000,
    following: FOLLOWING,
    refusedCaller,
    refusedInARow: longestRefusalRun(callerTime),
    refusedServer,
    servedAgainAt,
  };
}
