import { describe, expect, test } from "vitest";
import * as fixedWindowBoundary from "@/content/courses/system-design/lessons/01.rate-limiter/examples/fixed-window-boundary";
import * as leakyVsToken from "@/content/courses/system-design/lessons/01.rate-limiter/examples/leaky-vs-token";
import * as slidingAccuracy from "@/content/courses/system-design/lessons/01.rate-limiter/examples/sliding-accuracy";
import * as threeInstances from "@/content/courses/system-design/lessons/01.rate-limiter/examples/three-instances";
import * as tokenBucketBurst from "@/content/courses/system-design/lessons/01.rate-limiter/examples/token-bucket-burst";
import * as twelveInstances from "@/content/courses/system-design/lessons/01.rate-limiter/examples/twelve-instances";

type Example = { run: (print: (line: string) => void) => Record<string, string | number> | void };

function execute(example: Example) {
  const lines: string[] = [];
  const values = example.run((line) => lines.push(line));
  return { lines, values: values ?? {} };
}

// The figures below are the course notes' printed output, character for character where the notes
// print them, so the lesson can never drift from its source.
describe("the lesson's example programs print the notes' figures", () => {
  test("fixed-window-boundary shows 200 admitted in one second", () => {
    const { lines, values } = execute(fixedWindowBoundary);
    expect(lines).toEqual([
      "  t=59s  fixed=100 allowed, log=100 allowed",
      "  t=60s  fixed=100 allowed, log=0 allowed",
      "  in that 1 second, fixed window let through 200 — twice the stated limit",
    ]);
    expect(values).toMatchObject({ inOneSecond: 200, fixedAt60s: 100, logAt60s: 0 });
  });

  test("token-bucket-burst admits 10, 5, 10 and caps idle credit at 10", () => {
    const { lines, values } = execute(tokenBucketBurst);
    expect(lines).toEqual([
      "  idle start, 15 arrive at once -> 10 allowed",
      "  tokens left: 0.0",
      "  +1s, 15 arrive at once       -> 5 allowed",
      "  +2s, 15 arrive at once       -> 10 allowed",
      "  after 60s idle, tokens: 10.0 (capacity 10, not 300)",
      "  so the burst is bounded    -> 10 allowed",
    ]);
    expect(values).toMatchObject({ atStart: 10, afterOneSecond: 5, tokensAfterIdle: "10.0" });
  });

  test("sliding-accuracy reproduces the log-vs-counter table and the memory line", () => {
    const { lines, values } = execute(slidingAccuracy);
    expect(lines).toEqual([
      "  t=59s  counter=100 allowed",
      "  t=60s  counter=0 allowed   <- burst refused",
      "",
      "  limit 100/min, same trace through both, 10 minutes each:",
      "    offered  30/min -> log allowed  308, counter allowed  308, decisions differing   0%",
      "    offered  90/min -> log allowed  909, counter allowed  911, decisions differing   1%",
      "    offered 150/min -> log allowed  993, counter allowed  987, decisions differing  30%",
      "    offered 270/min -> log allowed 1000, counter allowed  990, decisions differing  34%",
      "",
      "  memory per tracked key: log 100 timestamps, counter 2 ints",
    ]);
    expect(values).toEqual({
      counterAt59s: 100,
      counterAt60s: 0,
      log30: 308,
      counter30: 308,
      differ30: 0,
      log90: 909,
      counter90: 911,
      differ90: 1,
      log150: 993,
      counter150: 987,
      differ150: 30,
      log270: 1000,
      counter270: 990,
      differ270: 34,
      logTimestamps: 100,
      counterInts: 2,
    });
  });

  test("three-instances gives 300, 99 and 63", () => {
    const { lines, values } = execute(threeInstances);
    expect(lines).toEqual([
      "  limit 100 on each of 3 instances : 300 allowed, limit was 100",
      "  limit 33 each, even routing      : 99 of 100 allowed",
      "  limit 33 each, 70/20/10 routing  : 63 of 100 allowed",
      "  the user bought 100/min and got 63 — no error, no alert",
    ]);
    expect(values).toMatchObject({ fullLimit: 300, evenDivided: 99, skewed: 63 });
  });

  test("twelve-instances turns 100/min into 1,200/min, and a shared store holds 100", () => {
    const { lines, values } = execute(twelveInstances);
    expect(lines).toEqual([
      "  limit 100/min, one client offering 2,000/min",
      "    1 instance,  in-memory limiter ->   100 allowed",
      "    3 instances, in-memory limiter ->   300 allowed",
      "    6 instances, in-memory limiter ->   600 allowed",
      "   12 instances, in-memory limiter -> 1,200 allowed",
      "   12 instances, shared store      ->   100 allowed",
      "  100/min becomes 1,200/min at twelve instances",
    ]);
    expect(values).toMatchObject({ instances: 12, allowed: 1200, shared: 100, allowed3: 300 });
  });

  test("leaky-vs-token shows only the shaper smoothing the burst downstream", () => {
    const { lines, values } = execute(leakyVsToken);
    expect(lines).toEqual([
      "  15 arrive at t=0; each limiter holds 10 and drains (or refills) at 5/s",
      "  token bucket : 10 admitted, sent downstream at 0ms ×10",
      "  leaky meter  : 10 admitted, sent downstream at 0ms ×10",
      "  leaky shaper : 10 admitted, sent downstream at 0, 200, 400, ..., 1800ms",
      "  busiest second downstream: token 10, meter 10, shaper 5",
      "  the shaper's price: the last request waited 1800ms",
    ]);
    expect(values).toEqual({
      admittedToken: 10,
      admittedMeter: 10,
      admittedShaper: 10,
      peakToken: 10,
      peakMeter: 10,
      peakShaper: 5,
      shaperSpacingMs: 200,
      shaperMaxWaitMs: 1800,
    });
  });

  test("every example imports only the two specifiers the site's shim provides", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const dir = "content/courses/system-design/lessons/01.rate-limiter/examples";
    const files = (await readdir(dir)).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      const source = await readFile(`${dir}/${file}`, "utf8");
      const specifiers = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
      for (const s of specifiers) expect(["@/lib/limiters", "@/lib/simulation"]).toContain(s);
    }
  });
});
