import { FixedWindow, ManualClock, SlidingLog, burst } from "@/lib/limiters";

// "100 requests per minute." One clock, two limiters, the same traffic.
export function run(print: (line: string) => void) {
  const clock = new ManualClock(0);
  const fixed = new FixedWindow(100, 60_000, clock);
  const log = new SlidingLog(100, 60_000, clock);

  // A quiet minute, then everything arrives in the last second of it.
  clock.advance(59_000);
  const fixedAt59s = burst(fixed, 100);
  const logAt59s = burst(log, 100);
  print(`  t=59s  fixed=${fixedAt59s} allowed, log=${logAt59s} allowed`);

  // One second later. The clock has ticked over into a new minute.
  clock.advance(1_000);
  const fixedAt60s = burst(fixed, 100);
  const logAt60s = burst(log, 100);
  print(`  t=60s  fixed=${fixedAt60s} allowed, log=${logAt60s} allowed`);

  const inOneSecond = fixedAt59s + fixedAt60s;
  print(`  in that 1 second, fixed window let through ${inOneSecond} — twice the stated limit`);

  return { limit: 100, fixedAt59s, logAt59s, fixedAt60s, logAt60s, inOneSecond };
}
