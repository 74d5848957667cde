import type { QuickJSWASMModule } from "quickjs-emscripten-core";
import type { ResultsDocument, TestResult, Verdict } from "../results";
import type { PlanEntry } from "./plan";
import type { PreparedSandboxes } from "./prepared-sandboxes";

/** One test file of an exercise: `tests.ts` (visible) or `tests.hidden.ts` (hidden). */
export interface SuiteSource {
  /** File name, used in messages and to name the virtual module. */
  file: string;
  /** TypeScript source; imports the learner's classes from "./solution" (or "learner") and helpers from "judge". */
  source: string;
  hidden: boolean;
}

export interface JudgeLimits {
  /**
   * What one test may spend, in milliseconds of interpreter work: counted in QuickJS interrupt
   * checks (one per ~10k bytecode operations, calibrated as STEPS_PER_MS), not in wall time, so the
   * verdict does not depend on how busy the machine is. Wall time is only the safety net
   * (WALL_FACTOR times this), for built-in calls that run long between checks.
   */
  testTimeMs: number;
  /** What all the tests together may spend (same unit), from the first test on. */
  totalTimeMs: number;
  /** QuickJS runtime heap limit (bytes). The WebAssembly.Memory maximum is the outer wall. */
  memoryBytes: number;
  /** QuickJS stack limit (bytes). */
  stackBytes: number;
  /** Characters of console output and of each message kept; the rest is cut with a note. */
  outputChars: number;
}

/** Interrupt checks per millisecond of work: measured on this machine's cores, unloaded. */
export const STEPS_PER_MS = 1;

/** Wall-clock safety net, as a multiple of the work budget. */
export const WALL_FACTOR = 3;

/**
 * The same net on the thread's CPU clock (cpuNow): CPU time does not stretch with the machine's
 * load, so the net can sit close to the step budget and catch uncounted work (stack capture, BigInt
 * products, a sparse join) after about as much work as a counted loop gets.
 */
export const CPU_NET_FACTOR = 1.5;

/**
 * How far below the thread's true CPU time a read of cpuNow may be, unless the host says
 * (cpuResolutionMs): Linux's /proc rounds user and system time down to 10 ms ticks each.
 */
export const CPU_CLOCK_RESOLUTION_MS = 20;

export const DEFAULT_LIMITS: JudgeLimits = {
  testTimeMs: 300,
  totalTimeMs: 1200,
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 256 * 1024,
  outputChars: 4000,
};

/** Input of the environment-agnostic judge core (server worker and browser Web Worker alike). */
export interface JudgeCoreInput {
  /** An already-loaded QuickJS module; the caller owns it (and its WebAssembly.Memory cap). */
  quickjs: QuickJSWASMModule;
  /** The learner's TypeScript source. */
  code: string;
  /** Test files in order; their tests are reported in this order, file order within each. */
  suites: SuiteSource[];
  /**
   * The reference solution's source. Server only: it enables the `"reference"` module for hidden
   * tests and the differential test. Never pass it in the browser.
   */
  reference?: string;
  /** Exercise id: selects the differential spec and is copied into the document. */
  exerciseId?: string;
  mode?: "run" | "submit";
  limits?: Partial<JudgeLimits>;
  /** Seed of the sandbox's Math.random and of fast-check; fixed so a verdict is reproducible. */
  seed?: number;
  /** Host monotonic time in ms, for wallMs and, without cpuNow, the safety net (performance.now). */
  now?: () => number;
  /**
   * CPU ms used by the thread running the judge, for the safety net: work the step counter does
   * not see (a built-in call, stack capture, BigInt arithmetic) is then stopped after the same
   * amount of work on an idle machine and on a loaded one. The server's workers pass it.
   */
  cpuNow?: () => number;
  /** How far below the true CPU time a read of cpuNow may be (its rounding), ms. */
  cpuResolutionMs?: number;
  /**
   * Sandboxes made ahead of the judge, while the host was idle (decision 202): the judge takes the
   * ready one, if any, instead of creating a runtime and loading the harness on the learner's time.
   */
  prepared?: Pick<PreparedSandboxes, "take">;
  /**
   * A second QuickJS module (its own WebAssembly instance) for the hidden suites and the reference
   * (decision 265): the learner's code, in `quickjs`, then shares no memory with them, and the
   * hidden tests call it through the host. Without it, the hidden phase runs in `quickjs` too.
   */
  hiddenQuickjs?: QuickJSWASMModule;
  /** Sandboxes made ahead on `hiddenQuickjs`, as `prepared` on `quickjs`. */
  preparedHidden?: Pick<PreparedSandboxes, "take">;
  /**
   * Overwrites, in `quickjs`'s memory, the text a hidden suite or the reference left there when
   * evaluated in the learner's instance (decision 460); the server's workers pass their module's.
   */
  scrubber?: SourceScrubber;
  /** Random traces per differential test (fast-check numRuns). */
  differentialRuns?: number;
  /**
   * Remembered answers of the reference (see reference-answers.ts): "record" fills `tests` (only
   * ever in a judge of the reference itself), "replay" uses them instead of running the reference.
   */
  referenceAnswers?: ReferenceAnswers;
  /**
   * The tests the suites must register, in order (recorded from a judge of the reference: see
   * reference-answers.ts). A judge whose suites list anything else is an error, never a verdict.
   */
  expectedPlan?: PlanEntry[];
  /** Called once the suites are loaded, with every test in order, before any runs. */
  onPlan?: (tests: PlanEntry[]) => void;
  /** Called as each test finishes, so a host that has to kill the worker still knows what ran. */
  onTestResult?: (index: number, result: TestResult, verdict: Verdict) => void;
  /**
   * Called when the WebAssembly module itself failed (host stack overflow, trap): its memory can no
   * longer be trusted, so the caller must stop using this QuickJS module and load a fresh one.
   */
  onSandboxDamaged?: (reason: "host-stack" | "trap") => void;
}

/**
 * Erases from a sandbox module's memory what evaluating secret source left of its text (decision
 * 460): `evaluate` runs, then every copy of the secrets' text it wrote is blanked, before anything
 * else runs in the module. Implemented by the Node host (lib/judge/node/source-scrubber.ts).
 */
export interface SourceScrubber {
  scrubAfter<T>(secrets: readonly string[], evaluate: () => T): T;
}

/** Per test index, the harness's recorded slots (JSON). */
export interface ReferenceAnswers {
  mode: "record" | "replay";
  tests: Record<number, string>;
}

export type JudgeCore = (input: JudgeCoreInput) => Promise<ResultsDocument>;
