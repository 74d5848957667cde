import { JavaRandom, ManualClock, SlidingCounter, SlidingLog, burst } from "@/lib/limiters";

export function run(print: (line: string) => void) {
  // The boundary that broke the fixed window, given to the sliding counter.
  const clock = new ManualClock(0);
  const counter = new SlidingCounter(100, 60_000, clock);
  clock.advance(59_000);
  const counterAt59s = burst(counter, 100);
  print(`  t=59s  counter=${counterAt59s} allowed`);
  clock.advance(1_000);
  const counterAt60s = burst(counter, 100);
  print(`  t=60s  counter=${counterAt60s} allowed   <- burst refused`);
  print("");

  // How much accuracy does the approximation actually cost? Replay identical traces through the
  // exact log and the two-counter estimate, at rising load.
  print("  limit 100/min, same trace through both, 10 minutes each:");
  const figures: Record<string, number> = {};
  for (const max of [2, 4, 6, 10]) {
    const t = new ManualClock(0);
    const exact = new SlidingLog(100, 60_000, t);
    const approx = new SlidingCounter(100, 60_000, t);
    const rng = new JavaRandom(4); // the notes' seed: the same trace, request for request
    let decisions = 0;
    let differ = 0;
    let exactOk = 0;
    let approxOk = 0;
    for (let second = 0; second < 600; second++) {
      const arriving = rng.nextInt(max); // 0 .. max-1 requests this second
      for (let i = 0; i < arriving; i++) {
        const e = exact.allow();
        const a = approx.allow();
        decisions++;
        if (e !== a) differ++;
        if (e) exactOk++;
        if (a) approxOk++;
      }
      t.advance(1_000);
    }
    const offered = (max - 1) * 30; // mean arrivals per second, times 60
    const differingPercent = Math.trunc((differ * 100) / decisions);
    print(
      `    offered ${pad(offered, 3)}/min -> log allowed ${pad(exactOk, 4)}, ` +
        `counter allowed ${pad(approxOk, 4)}, decisions differing ${pad(differingPercent, 3)}%`,
    );
    figures[`log${offered}`] = exactOk;
    figures[`counter${offered}`] = approxOk;
    figures[`differ${offered}`] = differingPercent;
  }

  const t = new ManualClock(0);
  const mem = new SlidingLog(100, 60_000, t);
  burst(mem, 100);
  const logTimestamps = mem.tracked();
  print("");
  print(`  memory per tracked key: log ${logTimestamps} timestamps, counter 2 ints`);

  return { counterAt59s, counterAt60s, ...figures, logTimestamps, counterInts: 2 };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width);
}
