import { type Clock, ManualClock, SlidingCounter, SlidingLog } from "@/lib/limiters";
import { replay, seededTrace } from "@/lib/simulation";

const LIMIT = 100;
const WINDOW_MS = 60_000;

type Build = (clock: Clock) => { allow(): boolean };
const counter: Build = (clock) => new SlidingCounter(LIMIT, WINDOW_MS, clock);
const log: Build = (clock) => new SlidingLog(LIMIT, WINDOW_MS, clock);

/** The most admissions that fall inside one window of WINDOW_MS, i.e. in some (t - W, t]. */
function busiestWindow(times: number[]): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[first]! <= times[last]! - WINDOW_MS) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/**
 * A client that has read the algorithm: it stays silent until the last millisecond of a window,
 * spends the whole limit there, then keeps trying every 100 ms and takes whatever the fading estimate
 * gives back, stopping before the second window ends. Returns when each admitted request got in.
 */
function adversary(build: Build): number[] {
  const clock = new ManualClock(0);
  const limiter = build(clock);
  const admittedAt: number[] = [];
  const tries = [WINDOW_MS - 1];
  for (let at = WINDOW_MS; at < 2 * WINDOW_MS; at += 100) tries.push(at);
  for (const at of tries) {
    clock.advance(at - clock.now());
    while (limiter.allow()) admittedAt.push(at);
  }
  return admittedAt;
}

/** The same seeded random traffic as the accuracy table, at its heaviest (270/min offered). */
function randomTraffic(build: Build): number[] {
  const trace = seededTrace({ seed: 4, seconds: 600, maxPerSecond: 10 });
  const clock = new ManualClock(0);
  const { decisions } = replay(trace, build(clock), clock);
  return trace.filter((_, i) => decisions[i]).map((arrival) => arrival.at);
}

export function run(print: (line: string) => void) {
  const attack = { counter: adversary(counter), log: adversary(log) };
  const worstCounter = busiestWindow(attack.counter);
  const worstLog = busiestWindow(attack.log);
  const lastIn = attack.counter.at(-1)!;

  const random = { counter: randomTraffic(counter), log: randomTraffic(log) };
  const typicalCounter = busiestWindow(random.counter);
  const typicalLog = busiestWindow(random.log);

  print(
    `  limit ${LIMIT} per ${WINDOW_MS / 1000}s; the most admitted inside any one ${WINDOW_MS / 1000}s span`,
  );
  print(`  seeded random traffic, 270/min : counter ${typicalCounter}, log ${typicalLog}`);
  print(`  adversarial timing             : counter ${worstCounter}, log ${worstLog}`);
  print(
    `  the counter's ${worstCounter} all got in between ${(WINDOW_MS - 1) / 1000}s and ${lastIn / 1000}s: ` +
      `${worstCounter / LIMIT}x the limit`,
  );

  return {
    limit: LIMIT,
    worstCounter,
    worstLog,
    worstTimes: worstCounter / LIMIT,
    firstInMs: WINDOW_MS - 1,
    lastInMs: lastIn,
    typicalCounter,
    typicalLog,
    typicalOverPercent: Math.round(((typicalCounter - LIMIT) / LIMIT) * 10_000) / 100,
  };
}
