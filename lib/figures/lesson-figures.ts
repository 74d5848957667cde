import { burst } from "../limiters/burst";
import { ManualClock } from "../limiters/clock";
import { FixedWindow } from "../limiters/fixed-window";
import { SINGLE_KEY_TOKEN_BUCKET_SCRIPT } from "../limiters/single-key-token-bucket-script";
import { SlidingCounter } from "../limiters/sliding-counter";
import { SlidingLog } from "../limiters/sliding-log";
import { TokenBucket } from "../limiters/token-bucket";
import { simulateCluster, type Placement } from "../simulation/cluster";
import { burstTrace } from "../simulation/trace";

// The data behind the lesson's drawn figures, computed by the same limiters the examples run, so a
// picture cannot disagree with the code (app/_components/figures draws them as SVG at build time).

export const lessonFigureIds = [
  "boundary-burst",
  "token-bucket-level",
  "sliding-weight",
  "deployment",
  "script-round-trip",
] as const;
export type LessonFigureId = (typeof lessonFigureIds)[number];

/** 100 per minute; a burst of 100 one second before the minute ends and 100 right after it. */
export function boundaryBurstData() {
  const limit = 100;
  const windowMs = 60_000;
  const clock = new ManualClock(0);
  const fixed = new FixedWindow(limit, windowMs, clock);
  const log = new SlidingLog(limit, windowMs, clock);
  const bursts = [59_000, 60_000].map((at) => {
    clock.advance(at - clock.now());
    return { at, offered: limit, fixed: burst(fixed, limit), log: burst(log, limit) };
  });
  return { limit, windowMs, bursts };
}

/** The lesson's bucket (10 tokens, 5 per second) under bursts of 15 at 0 s, 1 s and 3 s. */
export function tokenBucketLevelData() {
  const capacity = 10;
  const perSecond = 5;
  const offered = 15;
  const burstsAt = [0, 1_000, 3_000];
  const endMs = 5_000;
  const stepMs = 100;
  const clock = new ManualClock(0);
  const bucket = new TokenBucket(capacity, perSecond, clock);
  const samples: { at: number; tokens: number }[] = [];
  const bursts: { at: number; offered: number; admitted: number; before: number }[] = [];
  for (let at = 0; at <= endMs; at += stepMs) {
    clock.advance(at - clock.now());
    if (burstsAt.includes(at)) {
      const before = bucket.available();
      samples.push({ at, tokens: before });
      bursts.push({ at, offered, admitted: burst(bucket, offered), before });
    }
    samples.push({ at, tokens: bucket.available() });
  }
  return { capacity, perSecond, endMs, samples, bursts };
}

/**
 * The sliding counter 15 s into a window after a previous window of 100: the previous count still
 * weighs three quarters, so only a quarter of the limit is left, and a burst gets exactly that.
 */
export function slidingWeightData() {
  const limit = 100;
  const windowMs = 60_000;
  const elapsedMs = 15_000;
  const clock = new ManualClock(0);
  const counter = new SlidingCounter(limit, windowMs, clock);
  const previous = burst(counter, limit);
  clock.advance(windowMs + elapsedMs);
  const admittedNow = burst(counter, limit);
  const weight = (windowMs - elapsedMs) / windowMs;
  return { limit, windowMs, elapsedMs, previous, weight, admittedNow };
}

/** Three instances behind a load balancer, 300 requests at once, for each place the counter lives. */
export function deploymentData() {
  const limit = 100;
  const instances = 3;
  const offered = 300;
  const placements: Placement[] = ["full", "divided", "shared"];
  const options = placements.map((placement) => {
    const outcome = simulateCluster(burstTrace(offered), {
      instances,
      routing: { policy: "round-robin" },
      placement,
      limit,
      makeLimiter: (perInstance, clock) => new FixedWindow(perInstance, 60_000, clock),
    });
    return {
      placement,
      perInstanceLimit: placement === "divided" ? Math.floor(limit / instances) : limit,
      allowed: outcome.allowed,
      perInstance: outcome.perInstance.map((i) => i.allowed),
    };
  });
  return { limit, instances, offered, options };
}

/** The whiteboard script's commands, in the order Redis runs them inside one EVALSHA. */
export function scriptRoundTripData() {
  const commands = [...SINGLE_KEY_TOKEN_BUCKET_SCRIPT.matchAll(/redis\.call\('([A-Z]+)'/g)].map(
    (match) => match[1]!,
  );
  const args = ["capacity", "tokens per second", "now (ms)", "cost"];
  return { commands, args, reply: ["admitted (1 or 0)", "tokens left"] };
}
