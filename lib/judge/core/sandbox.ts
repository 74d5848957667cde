import type {
  QuickJSContext,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from "quickjs-emscripten-core";
import type { GuestArgument } from "./guest-arguments";
import { HarnessMethods } from "./harness-methods";
import { HARNESS_SOURCE } from "./harness";
import { heapBytesForGuest, heapUsage } from "./heap-usage";
import { Meter } from "./meter";
import {
  HARNESS_MODULE,
  REFERENCE_SOURCE_MODULE,
  moduleSource,
  resolveModule,
  type ModuleGraph,
} from "./module-graph";
import type { NetClock } from "./net-clock";
import { SandboxCrash, guardHostCall } from "./sandbox-crash";
import { DEFAULT_LIMITS, type JudgeLimits, type SourceScrubber } from "./types";

/** Promise jobs run between checks of the limit. */
const JOB_BATCH = 1000;
/** Promise jobs that count as one step of work (a job is a few microseconds). */
const JOBS_PER_STEP = 250;
/** The global the harness's lockdown takes `heapBytes` from, and deletes, before any other code runs. */
const HEAP_BYTES_GLOBAL = "__judgeHeapBytes";
/** Likewise the host function that evaluates the reference when its stand-in is first used. */
const LOAD_REFERENCE_GLOBAL = "__judgeLoadReference";

export type CallOutcome = { ok: true; value: QuickJSHandle } | { ok: false; error: QuickJSHandle };

export interface SandboxOptions extends ModuleGraph {
  limits: JudgeLimits;
  /** The safety net's clock (CPU time on the server, wall time in the browser). */
  net: NetClock;
  /** Blanks what evaluating `secrets` (hidden suites, reference) leaves of their text (decision 460). */
  scrub?: { scrubber: SourceScrubber; secrets: readonly string[] };
}

/**
 * One QuickJS runtime and context for one judge: limits set, the module graph fenced (the learner may
 * import only "judge"; only hidden suites may import "reference"), and a work limit checked by the
 * interrupt handler that the caller sets per test.
 *
 * Made in two steps, so that the costly one can run before the learner is waiting (decision 202):
 * `Sandbox.prepare` creates the runtime and installs the harness, which depend on nothing of the
 * judge; `configure` then sets the judge's limits, clock and module graph, once, before any suite
 * or learner code runs. A sandbox judges once and is disposed.
 */
export class Sandbox {
  readonly runtime: QuickJSRuntime;
  readonly context: QuickJSContext;
  private meter = new Meter();
  /** Set once the host threw from inside the module: nothing may be called on it any more. */
  damaged = false;
  /** The learner's instance, when this one holds the hidden suites (decision 265). */
  partner: Sandbox | undefined;
  private options: SandboxOptions | undefined;
  private internal: HarnessMethods | undefined;
  /** Kept for rewinding (keep()): dispose() leaves the runtime to the host's memory restore. */
  private kept = false;
  /** The steps the harness took to install, which a fresh sandbox's count starts from. */
  private keptSteps = 0;

  /** A runtime with the harness installed and nothing else run in it. */
  static prepare(quickjs: QuickJSWASMModule): Sandbox {
    const sandbox = new Sandbox(quickjs);
    try {
      sandbox.installHarness();
    } catch (error) {
      sandbox.dispose();
      throw error;
    }
    return sandbox;
  }

  private constructor(readonly quickjs: QuickJSWASMModule) {
    this.runtime = quickjs.newRuntime();
    // The harness is installed under the default limits; configure() sets the judge's.
    this.runtime.setMemoryLimit(DEFAULT_LIMITS.memoryBytes);
    this.runtime.setMaxStackSize(DEFAULT_LIMITS.stackBytes);
    this.runtime.setInterruptHandler(() => {
      this.steps++;
      return this.expired();
    });
    // The module graph is fenced by what configure() set (module-graph.ts).
    this.runtime.setModuleLoader(
      (name) => moduleSource(this.options, name),
      (base, requested) => resolveModule(this.options, base, requested),
    );
    this.context = this.runtime.newContext();
    const heapBytes = this.context.newFunction("heapBytes", () =>
      this.context.newNumber(this.heapBytesForGuest()),
    );
    this.context.setProp(this.context.global, HEAP_BYTES_GLOBAL, heapBytes);
    heapBytes.dispose();
    const loadReference = this.context.newFunction("loadReference", () => this.loadReference());
    this.context.setProp(this.context.global, LOAD_REFERENCE_GLOBAL, loadReference);
    loadReference.dispose();
  }

  /** Interrupt checks so far: a measure of work that does not depend on the machine's load. */
  get steps(): number {
    return this.meter.steps;
  }

  set steps(steps: number) {
    this.meter.steps = steps;
  }

  /**
   * From now on this sandbox counts its work on `other`'s meter and stops at its limits: the hidden
   * suite's instance and the learner's spend one budget, as one runtime did (decision 265).
   */
  shareMeterOf(other: Sandbox): void {
    this.meter = other.meter;
  }

  /**
   * Makes dispose() leave the runtime alive (decision 275): the host that keeps this sandbox puts
   * the module's memory back to a snapshot taken right after prepare(), which erases everything
   * the judge did in it, and then calls rewind(). Only for a host that owns the whole module.
   */
  keep(): void {
    if (this.options) throw new Error("only a sandbox that has not judged can be kept");
    this.kept = true;
    this.keptSteps = this.steps;
  }

  /**
   * A kept sandbox after its module's memory was restored to the snapshot taken when it was
   * fresh: its host-side state goes back to match (no limits, no clock, nothing configured).
   */
  rewind(): void {
    if (!this.kept) throw new Error("only a kept sandbox can be rewound");
    // A damaged module is replaced, never restored.
    if (this.damaged) throw new Error("a damaged sandbox cannot be rewound");
    // Its own meter again, and no partner: a judge's hidden instance shared it (decision 265).
    this.partner = undefined;
    this.meter = new Meter(this.keptSteps);
    this.options = undefined;
  }

  /** The judge's limits, safety-net clock and module graph: once, before any other code runs. */
  configure(options: SandboxOptions): void {
    if (this.options) throw new Error("a sandbox judges once: prepare another");
    this.options = options;
    this.meter.net = options.net;
    this.runtime.setMemoryLimit(options.limits.memoryBytes);
    this.runtime.setMaxStackSize(options.limits.stackBytes);
    this.callInternal("setOutputCap", options.limits.outputChars).value?.dispose();
  }

  /** Meter.limit: the next code's steps and safety-net time. */
  limit(steps: number, netMs: number, netEnd = Number.POSITIVE_INFINITY): void {
    this.meter.limit(steps, netMs, netEnd);
  }

  /** True once the current limit is used up; the interrupt handler stops the code from then on. */
  expired(): boolean {
    return this.meter.expired();
  }

  /** Evaluates the harness; its failure is a bug in the judge, not in the learner's code. */
  private installHarness(): void {
    const result = this.guard(() =>
      this.context.evalCode(HARNESS_SOURCE, HARNESS_MODULE, { type: "module" }),
    );
    if (result.error) {
      const detail = this.dumpSafely(result.error);
      result.error.dispose();
      throw new Error(`the judge's harness failed to load: ${JSON.stringify(detail)}`);
    }
    this.internal = new HarnessMethods(
      this.context,
      this.context.getProp(result.value, "internal"),
    );
    result.value.dispose();
  }

  /** `secret`: a hidden suite, whose text is scrubbed from memory before anything else runs. */
  evalModule(code: string, name: string, secret = false): CallOutcome {
    const result = this.evaluate(code, name, secret);
    if (result.error) return { ok: false, error: result.error };
    // A module with top-level await evaluates to a promise.
    return { ok: true, value: result.value };
  }

  /** Calls a method of the harness's internal API with primitive arguments. */
  callInternal(method: string, ...args: GuestArgument[]) {
    if (!this.internal) throw new Error("installHarness() first");
    return this.internal.call(method, args, (run) => this.guard(run));
  }

  /** Runs a method returning a string; undefined if it threw (the error is disposed). */
  callInternalForString(method: string, ...args: GuestArgument[]): string | undefined {
    const { value, error } = this.callInternal(method, ...args);
    error?.dispose();
    if (!value) return undefined;
    try {
      return this.context.typeof(value) === "string" ? this.context.getString(value) : undefined;
    } finally {
      value.dispose();
    }
  }

  /** Calls a method and dumps a primitive result (undefined if it threw). */
  callInternalForValue(method: string, ...args: (string | number | boolean)[]): unknown {
    const { value, error } = this.callInternal(method, ...args);
    error?.dispose();
    if (!value) return undefined;
    try {
      return this.context.dump(value);
    } finally {
      value.dispose();
    }
  }

  /**
   * Runs pending promise jobs until none is left or the limit is used up. Returns an error handle if
   * a job was interrupted or ran out of memory. Jobs count as work too (JOBS_PER_STEP per step): an
   * endless chain of tiny promise jobs would otherwise barely move the interrupt counter.
   */
  runJobs(): QuickJSHandle | undefined {
    for (;;) {
      const result = this.guard(() => this.runtime.executePendingJobs(JOB_BATCH));
      if (result.error) return result.error;
      this.steps += result.value / JOBS_PER_STEP;
      if (result.value < JOB_BATCH || this.expired()) return undefined;
    }
  }

  hasPendingJob(): boolean {
    return this.runtime.hasPendingJob();
  }

  /** Dumps a handle without letting a hostile getter hang the host (the limit still applies). */
  dumpSafely(handle: QuickJSHandle): unknown {
    try {
      return this.guard(() => this.context.dump(handle));
    } catch (error) {
      if (error instanceof SandboxCrash) throw error;
      return { name: "Error", message: "a value that cannot be shown" };
    }
  }

  memoryUsedBytes(): number | undefined {
    return heapUsage(this.runtime, this.context)?.bytes;
  }

  /**
   * Frees the runtime. False if that failed: QuickJS can leak an object on an out-of-memory path,
   * and its leak check then aborts the whole WebAssembly module, which must be discarded.
   */
  dispose(): boolean {
    // A module that crashed cannot free anything safely; it is discarded whole by the caller.
    if (this.damaged) return false;
    // A kept sandbox is erased by its host's memory restore, not freed (keep()).
    if (this.kept) return true;
    try {
      this.internal?.dispose();
      this.context.dispose();
      this.runtime.dispose();
      return true;
    } catch {
      this.damaged = true;
      return false;
    }
  }

  /** The guest's `heapBytes()` (heap-usage.ts); a method, so tests can watch learner code call it. */
  private heapBytesForGuest(): number {
    return heapBytesForGuest(this.meter, () => heapUsage(this.runtime, this.context));
  }

  /** Runs host calls into the module, as guard() does for the sandbox's own. */
  guarded<T>(run: () => T): T {
    return this.guard(run);
  }

  /** Host-side exceptions from inside WebAssembly mean the module can no longer be trusted. */
  private guard<T>(run: () => T): T {
    return guardHostCall(run, () => {
      this.damaged = true;
    });
  }

  /** The stand-in's loader: evaluates the reference and hands its namespace to the guest. */
  private loadReference(): QuickJSHandle | { error: QuickJSHandle } {
    const reference =
      this.options?.referenceStandIn === undefined ? undefined : this.options.reference;
    if (reference === undefined) return { error: this.context.newError("no reference here") };
    const result = this.evaluate(reference, REFERENCE_SOURCE_MODULE, true);
    if (result.error) return { error: result.error };
    return result.value;
  }

  /** Evaluates a module; one of secret source has its text scrubbed from memory (decision 460). */
  private evaluate(code: string, name: string, secret: boolean) {
    const run = () => this.guard(() => this.context.evalCode(code, name, { type: "module" }));
    const scrub = secret ? this.options?.scrub : undefined;
    return scrub ? scrub.scrubber.scrubAfter(scrub.secrets, run) : run();
  }
}
