import { type Clock, ManualClock, SlidingCounter, SlidingLog, burst } from "@/lib/limiters";
import { type Arrival, replay, seededTrace } from "@/lib/simulation";

const LIMIT = 100;
const WINDOW_MS = 60_000;

/** The most admissions inside one window of WINDOW_MS, i.e. in some (t - W, t]. */
function busiestWindow(trace: Arrival[], decisions: boolean[]): number {
  const times = trace.filter((_, i) => decisions[i]).map((arrival) => arrival.at);
  let most = 0;
  for (let last = 0, first = 0; last < times.length; last++) {
    while (times[first]! <= times[last]! - WINDOW_MS) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** Every decision a fresh limiter makes on a trace, on a clock of its own. */
function decisionsOf(trace: Arrival[], build: (clock: Clock) => { allow(): boolean }): boolean[] {
  const clock = new ManualClock(0);
  return replay(trace, build(clock), clock).decisions;
}

const admitted = (decisions: boolean[]) => decisions.filter(Boolean).length;
const percent = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;

export function run(print: (line: string) => void) {
  // First the two volleys that got 200 through the fixed window in one second.
  const clock = new ManualClock(0);
  const estimate = new SlidingCounter(LIMIT, WINDOW_MS, clock);
  clock.advance(59_000);
  const counterAt59s = burst(estimate, LIMIT);
  clock.advance(1_000);
  const counterAt60s = burst(estimate, LIMIT);
  print(
    `  boundary volleys, two-counter estimate: ${counterAt59s} let in at 59s, ${counterAt60s} at 60s`,
  );
  print("");

  // Then random traffic: each second a seeded generator picks 0..max-1 arrivals, so every build
  // replays the very same requests into the exact log and into the estimate.
  print(`  limit ${LIMIT}/min; ten minutes of seeded random traffic per row`);
  print("  offered    log  counter  decisions that differ");
  const figures: Record<string, number> = {};
  for (const maxPerSecond of [2, 4, 6, 10]) {
    const trace = seededTrace({ seed: 4, seconds: 600, maxPerSecond });
    const exact = decisionsOf(trace, (c) => new SlidingLog(LIMIT, WINDOW_MS, c));
    const approx = decisionsOf(trace, (c) => new SlidingCounter(LIMIT, WINDOW_MS, c));
    const differing = exact.filter((verdict, i) => verdict !== approx[i]).length;
    const offered = (maxPerSecond - 1) * 30; // (max-1)/2 arrivals a second on average, times 60
    const share = percent(differing, trace.length);
    print(
      `  ${String(offered).padStart(3)}/min${String(admitted(exact)).padStart(6)}` +
        `${String(admitted(approx)).padStart(9)}  ${differing} of ${trace.length} (${share.toFixed(2)}%)`,
    );
    Object.assign(figures, {
      [`log${offered}`]: admitted(exact),
      [`counter${offered}`]: admitted(approx),
      [`differ${offered}`]: share,
      [`differing${offered}`]: differing,
      [`decisions${offered}`]: trace.length,
      // How far apart the two totals end, as a share of what the exact log admitted.
      [`gap${offered}`]: percent(Math.abs(admitted(exact) - admitted(approx)), admitted(exact)),
      // The worst 60 seconds each let through: the limit is about every window, not the total.
      [`busiest${offered}`]: busiestWindow(trace, approx),
      [`logBusiest${offered}`]: busiestWindow(trace, exact),
    });
  }

  // What each remembers for a key that has used its whole minute.
  const full = new SlidingLog(LIMIT, WINDOW_MS, new ManualClock(0));
  burst(full, LIMIT);
  const logTimestamps = full.tracked();
  print(
    `  busiest 60s of the 270/min row: log ${figures.logBusiest270}, counter ${figures.busiest270}`,
  );
  print("");
  print(`  state for one key at its limit: log ${logTimestamps} timestamps, counter 2 integers`);

  return { counterAt59s, counterAt60s, ...figures, logTimestamps, counterInts: 2 };
}
