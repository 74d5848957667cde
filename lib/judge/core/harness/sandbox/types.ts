// The shapes the harness's modules hand each other. Learner-facing types are in judge-module.d.ts;
// judge-api.check.ts proves the two agree.

/** A limiter as the harness drives it: anything, read by name. */
export type Limiter = Partial<Record<PropertyKey, unknown>>;
export type Config = Record<string, number>;

export interface ClockLike {
  now(): number;
}
export interface MovableClock extends ClockLike {
  advance(ms: number): void;
}

/** One step of a trace, as a suite wrote it (see TraceStep in judge-module.d.ts). */
export interface Step {
  at?: number;
  after?: number;
  count?: number;
  n?: number;
  key?: string;
  expect?: unknown;
}

export type CallOne = (limiter: Limiter, step: Step) => unknown;

/** One request of a driven trace: when, what was expected, what the learner's limiter said. */
export interface RequestRecord {
  t: number;
  expectedValue: unknown;
  expected: boolean;
  n?: number;
  key?: string;
  instance?: number;
  actualValue?: unknown;
  actual?: boolean;
  error?: string;
  where?: string;
  tie?: unknown;
}

/** A limiter's own account of its state ("available()", 0.9999999999999999). */
export interface StateReading {
  name: string;
  value: number;
}

export interface DriveResult {
  requests: RequestRecord[];
  divergence: number | null;
  levels: unknown[] | undefined;
  state: StateReading | undefined;
  referenceState: StateReading | undefined;
}

/** What a message and the timeline know about the limiter's setup. */
export interface TraceMessageOptions {
  setup?: string;
  windowMs?: number;
  capacity?: number;
  windows?: string;
  call?: CallOne;
}

/** The timeline's data (lib/judge/core/outcomes.ts checks it at the boundary). */
export interface ChartTrace {
  requests: {
    t: number;
    expected: boolean;
    actual: boolean | undefined;
    n?: number;
    key?: string;
    instance?: number;
  }[];
  firstDivergence: number | null;
  windowEdges?: number[];
  level?: { t: number; level: unknown }[];
  capacity?: number;
  truncated?: boolean;
}

export interface Failure {
  message: string;
  trace?: ChartTrace;
  threw?: boolean;
}

/** A comparison's result: no failure, or the failure to report. */
export interface ComparisonOutcome {
  failure: Failure | null;
}

/** Learner and reference side by side: expectSameAs's spec and differential's, made one shape. */
export interface ComparisonSpec {
  learner: unknown;
  reference: unknown;
  create: (module: unknown, clock: ClockLike, config: Config) => Limiter;
  call?: CallOne;
  level?: (reference: Limiter) => unknown;
  margin?: (reference: Limiter, answer: unknown, step: Step) => unknown;
  refusalChangesNothing?: boolean;
  windows?: string;
  setup?: (config: Config) => string;
}

export interface DifferentialSpec extends ComparisonSpec {
  kind?: unknown;
  category?: string;
}

/** One registered test. */
export interface Entry {
  kind: "test" | "differential";
  name: string;
  fn?: () => unknown;
  spec?: DifferentialSpec;
  diffKind?: unknown;
  category: string | undefined;
  file?: string;
  hidden?: boolean;
}
