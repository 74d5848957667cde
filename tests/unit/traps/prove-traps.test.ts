import { describe, expect, test } from "vitest";
import { inProcessJudge, judgeFix, loadTrap, proveTrap, runScenario } from "@/lib/traps";

// Every trap of the lesson, run in the judge's sandbox: the scenario shows the README's answer
// against the flawed snippet, the reference fix passes tests.ts and changes the answer.

const lesson = {
  dir: "content/courses/system-design/lessons/01.rate-limiter",
  courseSlug: "system-design",
  slug: "rate-limiter",
};
const ids = [
  "increment-then-check",
  "wall-clock",
  "map-never-forgets",
  "fixed-window-boundary",
  "divided-limit",
  "key-never-expires",
];

describe.each(ids)("trap %s", (id) => {
  test("is proved: scenario, snippet, reference fix, tests and card all agree", async () => {
    const proof = await proveTrap(id, { lesson });
    expect(proof.problems).toEqual([]);
    expect(proof.ok).toBe(true);
    expect(proof.file).toMatch(new RegExp(`traps/[a-f]\\.${id}/README\\.mdx$`));
  }, 90_000);
});

describe("the figures the traps show", () => {
  const outcomeOf = async (id: string, which: "snippet" | "solution") => {
    const trap = loadTrap(lesson, id)!;
    const run = await runScenario(trap, trap[which], inProcessJudge);
    return run.outcome!;
  };

  test("increment-then-check: 3 of 12 served after the refusals; two instances admit 120 of 100", async () => {
    const flawed = await outcomeOf("increment-then-check", "snippet");
    expect(flawed.answer).toBe(3);
    expect(flawed.facts.find((f) => f.label.startsWith("Two instances"))?.value).toBe(120);
    const fixed = await outcomeOf("increment-then-check", "solution");
    expect(fixed.answer).toBe(11);
    expect(fixed.facts.find((f) => f.label.startsWith("Two instances"))?.value).toBe(100);
  });

  test("wall-clock: a 30 s backwards step refuses every request for 30 seconds", async () => {
    const flawed = await outcomeOf("wall-clock", "snippet");
    expect(flawed.facts.find((f) => f.label.startsWith("Requests refused"))?.value).toBe(30);
  });

  test("map-never-forgets: a million users run the flawed map out of memory; the fix serves them all with about 1,000", async () => {
    const fact = (outcome: { facts: { label: string; value: string | number }[] }, label: string) =>
      outcome.facts.find((f) => f.label === label)?.value as number;
    const flawed = await outcomeOf("map-never-forgets", "snippet");
    expect(flawed.answer).toBe(2);
    expect(flawed.summary).toMatch(/^Out of memory at user [\d,]+ of 1,000,000/);
    const served = fact(flawed, "Users served");
    expect(served).toBeGreaterThan(100_000);
    expect(served).toBeLessThan(1_000_000);
    // One bucket per user served, never one removed; the heap grows at every checkpoint.
    expect(fact(flawed, "Most buckets held at once")).toBe(served);
    const heap = flawed.table!.rows.map((row) => row[3] as number);
    heap.slice(1).forEach((mb, i) => expect(mb).toBeGreaterThan(heap[i]!));
    expect(fact(flawed, "Heap held by the map (MB)")).toBeGreaterThan(10);

    const fixed = await outcomeOf("map-never-forgets", "solution");
    expect(fixed.answer).toBe(0);
    expect(fact(fixed, "Users served")).toBe(1_000_000);
    expect(fact(fixed, "Most buckets held at once")).toBeLessThanOrEqual(2_001);
    expect(fact(fixed, "Heap held by the map (MB)")).toBeLessThan(1);
  }, 60_000);

  test("fixed-window-boundary and divided-limit show the lesson's 200 and 63", async () => {
    expect((await outcomeOf("fixed-window-boundary", "snippet")).answer).toBe(200);
    expect((await outcomeOf("divided-limit", "snippet")).answer).toBe(63);
  });
});

describe("judging a fix", () => {
  const trap = loadTrap(lesson, "increment-then-check")!;

  test("a fix that checks first but still reads, then writes, fails only the two-instance test", async () => {
    const halfFix = trap.snippet
      .replace(
        "const count = current + 1;",
        "if (previous * (1 - (now % this.windowMs) / this.windowMs) + current >= this.limit) return false;\n    const count = current + 1;",
      )
      .replace(
        "return previous * weight + count <= this.limit; // ...then decide",
        "void weight;\n    return true;",
      );
    const results = await judgeFix(trap, halfFix, inProcessJudge);
    const failing = results.tests.filter((t) => t.status !== "pass").map((t) => t.name);
    expect(failing).toEqual([
      "two instances sharing the store never admit more than the limit together",
    ]);
  });

  test("code that does not compile comes back as a compile error with a position", async () => {
    const results = await judgeFix(trap, "export class SlidingCounter {", inProcessJudge);
    expect(results.verdict).toBe("compile_error");
    expect(results.compileErrors?.[0]?.line).toBe(1);
  });

  test("a fix that never returns is stopped by the time limit", async () => {
    const loop = trap.solution.replace(
      "const now = this.clock.now();",
      "for (;;) {}\n    const now = this.clock.now();",
    );
    const results = await judgeFix(trap, loop, inProcessJudge);
    expect(results.verdict).toBe("time_limit_exceeded");
  }, 30_000);
});
