import { expect, test } from "vitest";
import { openThreadCpuClock } from "@/lib/judge/node/thread-cpu";

// The judge's safety nets count the worker thread's CPU time (tests/integration/judge-load.test.ts
// judges files under a CPU hog); the clock they read must move with work and only with work.

test("the thread's CPU clock moves with work and not with waiting", async () => {
  const clock = openThreadCpuClock()!;
  const before = clock.now();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const idle = clock.now() - before;
  const start = clock.now();
  const until = performance.now() + 200;
  let spins = 0;
  while (performance.now() < until) spins++;
  const busy = clock.now() - start;
  expect(spins).toBeGreaterThan(0);
  expect(idle).toBeLessThan(60);
  expect(busy).toBeGreaterThan(idle);
});
