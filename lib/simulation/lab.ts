import { FixedWindow } from "../limiters/fixed-window";
import { SlidingCounter } from "../limiters/sliding-counter";
import { SlidingLog } from "../limiters/sliding-log";
import { TokenBucket } from "../limiters/token-bucket";
import type { Limiter } from "../limiters/burst";
import type { Clock } from "../limiters/clock";
import { simulateCluster, type Placement, type Routing } from "./cluster";
import { burstTrace, evenTrace, type Arrival } from "./trace";

// The cluster lab: one minute of one API's traffic through a load balancer and N instances, with a
// documented limit per minute. The lesson's printed figures (300, 99, 63, 1,200) are presets of it,
// and tests/unit/simulation/lab.test.ts pins them to the examples through this same function.

export const labAlgorithms = [
  "fixed-window",
  "sliding-log",
  "sliding-counter",
  "token-bucket",
] as const;
export type LabAlgorithm = (typeof labAlgorithms)[number];

export const labRoutings = ["round-robin", "weighted", "sticky", "restart"] as const;
export type LabRouting = (typeof labRoutings)[number];

export interface LabSettings {
  instances: number;
  routing: LabRouting;
  /** For "weighted": one weight per instance, e.g. [70, 20, 10]. */
  weights: readonly number[];
  placement: Placement;
  algorithm: LabAlgorithm;
  /** The documented limit, per minute. */
  limit: number;
  /** Requests offered during the minute. */
  offered: number;
  /** "even": spread over the minute; "burst": all at once at its start. */
  arrival: "even" | "burst";
  /** Distinct clients sending the traffic, in turn (what sticky routing hashes). */
  clients: number;
  /** The shared store is unreachable for the middle 20 s of the minute, under this policy. */
  outage: "none" | "fail-open" | "fail-closed";
}

export const LAB_MINUTE_MS = 60_000;
/** The timeline's resolution. */
const LAB_STEP_MS = 5_000;
/** Where "restart" restarts instance 1 (the first one), and where the store outage falls. */
const LAB_RESTART_AT = 30_000;
const LAB_OUTAGE = { from: 20_000, to: 40_000 } as const;

export interface LabOutcome {
  offered: number;
  allowed: number;
  limit: number;
  perInstance: { routed: number; allowed: number }[];
  /** Admitted so far at the end of each step, in total and per instance (cumulative). */
  timeline: { at: number; allowed: number; perInstance: number[] }[];
}

export type LabCheck = { ok: true } | { ok: false; problem: string };

/** Settings a learner can type; the reason when they make no sense. */
export function checkLabSettings(settings: LabSettings): LabCheck {
  const { instances, weights, limit, offered, clients } = settings;
  if (!Number.isInteger(instances) || instances < 1 || instances > 24) {
    return { ok: false, problem: "Instances must be a whole number from 1 to 24." };
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) {
    return { ok: false, problem: "The limit must be a whole number from 1 to 100,000." };
  }
  if (!Number.isInteger(offered) || offered < 0 || offered > 20_000) {
    return { ok: false, problem: "Requests offered must be a whole number from 0 to 20,000." };
  }
  if (!Number.isInteger(clients) || clients < 1 || clients > 1_000) {
    return { ok: false, problem: "Clients must be a whole number from 1 to 1,000." };
  }
  if (settings.routing === "weighted") {
    if (weights.length !== instances) {
      return {
        ok: false,
        problem: `Weighted routing needs one weight per instance: ${instances} numbers, got ${weights.length}.`,
      };
    }
    if (weights.some((w) => !(w >= 0)) || !(weights.reduce((a, b) => a + b, 0) > 0)) {
      return { ok: false, problem: "Weights must be zero or more, and at least one above zero." };
    }
  }
  return { ok: true };
}

function limiterFor(algorithm: LabAlgorithm): (limit: number, clock: Clock) => Limiter {
  switch (algorithm) {
    case "fixed-window":
      return (limit, clock) => new FixedWindow(limit, LAB_MINUTE_MS, clock);
    case "sliding-log":
      return (limit, clock) => new SlidingLog(limit, LAB_MINUTE_MS, clock);
    case "sliding-counter":
      return (limit, clock) => new SlidingCounter(limit, LAB_MINUTE_MS, clock);
    case "token-bucket":
      // The same limit per minute: a bucket of `limit` refilled at limit / 60 per second.
      return (limit, clock) => new TokenBucket(limit, limit / 60, clock);
  }
}

function routingFor(settings: LabSettings): Routing {
  switch (settings.routing) {
    case "weighted":
      return { policy: "weighted", weights: settings.weights };
    case "sticky":
      return { policy: "sticky" };
    case "round-robin":
    case "restart":
      return { policy: "round-robin" };
  }
}

function traceFor(settings: LabSettings): Arrival[] {
  const base =
    settings.arrival === "burst"
      ? burstTrace(settings.offered, 0)
      : evenTrace(settings.offered, LAB_MINUTE_MS);
  return base.map((arrival, i) => ({ ...arrival, key: `client-${i % settings.clients}` }));
}

/** Runs one minute of the lab. Throws a RangeError for settings checkLabSettings refuses. */
export function runLab(settings: LabSettings): LabOutcome {
  const check = checkLabSettings(settings);
  if (!check.ok) throw new RangeError(check.problem);
  const steps = LAB_MINUTE_MS / LAB_STEP_MS;
  const perStep = Array.from({ length: steps }, () =>
    new Array<number>(settings.instances).fill(0),
  );
  const outcome = simulateCluster(traceFor(settings), {
    instances: settings.instances,
    routing: routingFor(settings),
    placement: settings.placement,
    limit: settings.limit,
    makeLimiter: limiterFor(settings.algorithm),
    ...(settings.routing === "restart" ? { restarts: [{ instance: 0, at: LAB_RESTART_AT }] } : {}),
    ...(settings.outage === "none" ? {} : { outage: { ...LAB_OUTAGE, policy: settings.outage } }),
    onDecision: (arrival, instance, allowed) => {
      if (!allowed) return;
      const step = Math.min(steps - 1, Math.floor(arrival.at / LAB_STEP_MS));
      perStep[step]![instance]!++;
    },
  });
  const running = new Array<number>(settings.instances).fill(0);
  const timeline = perStep.map((counts, step) => {
    counts.forEach((count, i) => (running[i]! += count));
    return {
      at: (step + 1) * LAB_STEP_MS,
      allowed: running.reduce((a, b) => a + b, 0),
      perInstance: [...running],
    };
  });
  return {
    offered: outcome.offered,
    allowed: outcome.allowed,
    limit: settings.limit,
    perInstance: outcome.perInstance,
    timeline,
  };
}

const base: LabSettings = {
  instances: 3,
  routing: "round-robin",
  weights: [70, 20, 10],
  placement: "full",
  algorithm: "fixed-window",
  limit: 100,
  offered: 300,
  arrival: "burst",
  clients: 1,
  outage: "none",
};

/** The twelve-instances example: 2,000 requests spread over the minute. */
const autoscaled: LabSettings = {
  ...base,
  instances: 12,
  weights: new Array<number>(12).fill(1),
  offered: 2_000,
  arrival: "even",
};

export interface LabPreset {
  id: string;
  label: string;
  settings: LabSettings;
  /** The lesson's printed figure this preset reproduces: example id and the value it returns. */
  figure: { example: string; value: string };
}

export const labPresets: readonly LabPreset[] = [
  {
    id: "three-full",
    label: "3 instances, full limit each",
    settings: base,
    figure: { example: "three-instances", value: "fullLimit" },
  },
  {
    id: "three-divided",
    label: "3 instances, limit divided",
    settings: { ...base, placement: "divided", offered: 100 },
    figure: { example: "three-instances", value: "evenDivided" },
  },
  {
    id: "three-skewed",
    label: "Divided, 70/20/10 routing",
    settings: { ...base, placement: "divided", offered: 100, routing: "weighted" },
    figure: { example: "three-instances", value: "skewed" },
  },
  {
    id: "twelve-full",
    label: "12 instances, autoscaled",
    settings: autoscaled,
    figure: { example: "twelve-instances", value: "allowed12" },
  },
  {
    id: "twelve-shared",
    label: "12 instances, shared store",
    settings: { ...autoscaled, placement: "shared" },
    figure: { example: "twelve-instances", value: "shared" },
  },
];
