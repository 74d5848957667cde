import { LeakyShaper, ManualClock } from "@/lib/limiters";

// A shaper's bucket is a queue, so its size is a latency budget: the last request admitted into a full
// bucket waits for everything ahead of it to drain. Same rate (5 per second), three sizes.
export function run(print: (line: string) => void) {
  const values: Record<string, number> = {};
  for (const capacity of [5, 10, 50]) {
    const clock = new ManualClock(0);
    const shaper = new LeakyShaper(capacity, 5, clock);
    let lastRelease = 0;
    for (let i = 0; i < capacity; i++) lastRelease = shaper.schedule() ?? lastRelease;
    print(
      `  size ${String(capacity).padStart(2)} at 5/s: the last admitted request waits ${lastRelease} ms`,
    );
    values[`wait${capacity}`] = lastRelease;
  }
  return values;
}
