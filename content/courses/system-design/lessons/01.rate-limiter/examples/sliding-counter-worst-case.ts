import { ManualClock, SlidingCounter, SlidingLog } from "@/lib/limiters";

const LIMIT = 100;
const WINDOW_MS = 60_000;

/** The most admissions inside any span of `span` ms: (t - span, t]. */
function busiestSpan(times: number[], span: number): number {
  let most = 0;
  for (let last = 0, first = 0; last < times.length; last++) {
    while (times[first]! <= times[last]! - span) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

// The counter assumes last window's requests were spread evenly. An adversary makes that false:
// it spends a whole allowance in the final millisecond of one window, then keeps knocking, once a
// millisecond, through the next window, taking every slot the fading estimate opens up.
function attack(make: (clock: ManualClock) => { allow(): boolean }) {
  const clock = new ManualClock(0);
  const limiter = make(clock);
  const admitted: number[] = [];
  clock.advance(WINDOW_MS - 1);
  for (let i = 0; i < LIMIT; i++) if (limiter.allow()) admitted.push(clock.now());
  for (let t = WINDOW_MS; t < 2 * WINDOW_MS; t++) {
    clock.advance(t - clock.now());
    if (limiter.allow()) admitted.push(clock.now());
  }
  return busiestSpan(admitted, WINDOW_MS);
}

export function run(print: (line: string) => void) {
  const counter = attack((clock) => new SlidingCounter(LIMIT, WINDOW_MS, clock));
  const log = attack((clock) => new SlidingLog(LIMIT, WINDOW_MS, clock));
  print(
    `  limit ${LIMIT} per ${WINDOW_MS / 1000} s; ${LIMIT} requests in the last ms of a window, then one per ms`,
  );
  print(
    `  most admitted in any ${WINDOW_MS / 1000} s span: sliding log ${log}, sliding counter ${counter}`,
  );
  return {
    limit: LIMIT,
    counterWorst: counter,
    logWorst: log,
    overshootPercent: Math.round(((counter - LIMIT) / LIMIT) * 100),
  };
}
