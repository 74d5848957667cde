import { JavaRandom } from "../limiters/java-random";

/** One request in a replayable trace: when it arrives (clock ms) and whose it is. */
export interface Arrival {
  at: number;
  key: string;
}

export interface SeededTraceOptions {
  seed: number;
  seconds: number;
  /** Each second, `rng.nextInt(maxPerSecond)` requests arrive: 0 .. maxPerSecond - 1. */
  maxPerSecond: number;
  key?: string;
  startMs?: number;
}

/**
 * The course notes' traffic model: every second, a java.util.Random-compatible generator decides how
 * many requests arrive, and they all arrive at the start of that second. The same seed gives the
 * same trace, request for request, as the notes' Java.
 */
export function seededTrace(options: SeededTraceOptions): Arrival[] {
  const { seed, seconds, maxPerSecond, key = "user", startMs = 0 } = options;
  const rng = new JavaRandom(seed);
  const trace: Arrival[] = [];
  for (let second = 0; second < seconds; second++) {
    const arriving = rng.nextInt(maxPerSecond);
    for (let i = 0; i < arriving; i++) trace.push({ at: startMs + second * 1000, key });
  }
  return trace;
}

/** `count` requests spread evenly over [startMs, startMs + overMs). */
export function evenTrace(count: number, overMs: number, key = "user", startMs = 0): Arrival[] {
  return Array.from({ length: count }, (_, i) => ({ at: startMs + (i * overMs) / count, key }));
}

/** `count` requests at the same instant. */
export function burstTrace(count: number, at = 0, key = "user"): Arrival[] {
  return Array.from({ length: count }, () => ({ at, key }));
}
