import { FixedWindow, ManualClock, SlidingLog, burst } from "@/lib/limiters";

const LIMIT = 100;
const MINUTE_MS = 60_000;

// Two limiters promise the same thing, LIMIT per minute, and watch one clock. A client stays silent,
// fires a full volley just before the minute turns over and another just after it.
export function run(print: (line: string) => void) {
  const clock = new ManualClock(0);
  const contenders = {
    fixed: new FixedWindow(LIMIT, MINUTE_MS, clock),
    log: new SlidingLog(LIMIT, MINUTE_MS, clock),
  };

  /** Moves the clock to `atMs`, lets both limiters face a volley of LIMIT, says what each let in. */
  const volley = (atMs: number) => {
    clock.advance(atMs - clock.now());
    const fixed = burst(contenders.fixed, LIMIT);
    const log = burst(contenders.log, LIMIT);
    print(
      `  volley of ${LIMIT} at ${atMs / 1000}s: fixed window lets in ${fixed}, sliding log ${log}`,
    );
    return { fixed, log };
  };

  print(`  both limiters: ${LIMIT} per ${MINUTE_MS / 1000}s`);
  const early = volley(59_000); // last second of minute 0
  const late = volley(60_000); // first instant of minute 1: the fixed window's count is back to 0

  const inOneSecond = early.fixed + late.fixed;
  print(
    `  fixed window, 59s to 60s: ${inOneSecond} requests in one second, ${inOneSecond / LIMIT}x the limit`,
  );

  return {
    limit: LIMIT,
    fixedAt59s: early.fixed,
    logAt59s: early.log,
    fixedAt60s: late.fixed,
    logAt60s: late.log,
    inOneSecond,
  };
}
