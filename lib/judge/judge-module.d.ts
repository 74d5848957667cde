// Types of the modules that exist only inside the judge's sandbox. TypeScript (tsc and the editor)
// checks the exercises' test files against these; the exercise page gives the same text to Monaco.

declare module "judge" {
  /** Where a limiter reads the time. Never the wall clock: Date.now does not work in the judge. */
  export interface Clock {
    /** Milliseconds; never goes backwards. */
    now(): number;
  }

  /** A clock that moves only when told to. */
  export class ManualClock implements Clock {
    constructor(startMs?: number);
    now(): number;
    advance(ms: number): void;
  }

  /** Offers n requests at the same instant and returns how many were allowed. */
  export function burst(limiter: { allow(): boolean }, n: number): number;

  /** java.util.Random(seed).nextInt(bound), bit for bit (the course's traces use seed 4). */
  export function javaRandom(seed: number): (bound: number) => number;

  /**
   * Bytes the sandbox's heap holds now, as QuickJS counts them (objects, properties, strings; not
   * the allocator's overhead); NaN when the heap is too full to measure. Walks the whole heap: call
   * it at checkpoints, not per request.
   */
  export function heapBytes(): number;

  /**
   * A trace of `length` steps, step i being `stepAt(i)`, called in order (so it may keep a running
   * time): `traceOf(200, (i) => ({ at: i * 137, count: (i * 7) % 4 }))`.
   */
  export function traceOf<S extends TraceStep>(length: number, stepAt: (i: number) => S): S[];

  /**
   * For each of `seconds` seconds, offers `requestsIn(second)` requests to `allow()`, then advances
   * the clock one second; returns how many were admitted.
   */
  export function offerEachSecond(
    limiter: { allow(): unknown },
    clock: ManualClock,
    seconds: number,
    requestsIn: (second: number) => number,
  ): number;

  export interface TestOptions {
    /** Shown instead of the message when the test is hidden ("window boundary"). */
    category?: string;
  }

  export function test(name: string, fn: () => void | Promise<void>, options?: TestOptions): void;

  /** Gives every test registered inside `fn` this category. */
  export function describe(category: string, fn: () => void): void;

  export interface Matchers {
    toBe(expected: unknown): void;
    toEqual(expected: unknown): void;
    toBeCloseTo(expected: number, tolerance?: number): void;
    toBeNull(): void;
    toBeLessThanOrEqual(bound: number): void;
    toBeGreaterThanOrEqual(bound: number): void;
    toThrow(): void;
  }

  /** `label` names what was measured, so a failure reads "remaining(): expected 3, got 2". */
  export function expect(actual: unknown, label?: string): Matchers;

  export type Decision = "allowed" | "denied" | boolean;

  /** One step of a trace: move the clock, then make `count` requests. */
  export interface TraceStep {
    /** Absolute clock time (ms) to move to first. */
    at?: number;
    /** Milliseconds to advance first. */
    after?: number;
    /** Requests at this instant (default 1). */
    count?: number;
    /** Cost: the request calls tryAcquire(n) (or tryAcquire(key, n)). */
    n?: number;
    /** Key, for keyed limiters: the request calls allow(key) or tryAcquire(key, n). */
    key?: string;
    /** What the limiter should answer; an array gives one answer per request of the step. */
    expect?: Decision | Decision[] | unknown;
  }

  export interface TraceOptions<L> {
    /** How the limiter was built, for the message: "new FixedWindow(100, 60000, clock)". */
    setup?: string;
    /** Window length, so the timeline can draw the window edges. */
    windowMs?: number;
    /**
     * How the message describes the window of the diverging request: "fixed" and "aligned" windows
     * start at multiples of windowMs (a fixed window, whose message also says when the learner's
     * windows start at the first request; a sliding counter's current window), a "sliding" one is
     * the last windowMs.
     */
    windows?: "fixed" | "aligned" | "sliding";
    /** Bucket capacity, for the timeline's level axis. */
    capacity?: number;
    /** Makes one request; the default calls allow() / tryAcquire(n) / allow(key) / tryAcquire(key, n). */
    call?: (limiter: L, step: TraceStep) => unknown;
  }

  /** Drives `limiter` through `steps` and fails at the first answer that differs from `expect`. */
  export function expectTrace<L>(
    limiter: L,
    clock: ManualClock,
    steps: TraceStep[],
    options?: TraceOptions<L>,
  ): void;

  export interface SameAsSpec<M, L> {
    create: (module: M, clock: ManualClock, config: Record<string, number>) => L;
    steps: Omit<TraceStep, "expect">[];
    setup?: string;
    config?: Record<string, number>;
    call?: (limiter: L, step: TraceStep) => unknown;
    level?: (reference: L) => number;
    /**
     * How far the reference was from giving the other answer to the request it just answered, in
     * its own units (tokens, water; read after the call): within 1e-9 of zero is a floating-point
     * tie, where either answer passes and the reference follows the learner's.
     */
    margin?: (reference: L, answer: unknown, step: TraceStep) => number;
    /**
     * A refused request leaves the limiter as it was (GCRA stores nothing): at a tie no time shift
     * moves, the reference follows a refusal by forgetting that request.
     */
    refusalChangesNothing?: boolean;
    /** How the message describes windows (see TraceOptions). */
    windows?: "fixed" | "aligned" | "sliding";
  }

  /** Runs the same steps through the learner's limiter and the reference, and compares every answer. */
  export function expectSameAs<M, L>(learner: M, reference: M, spec: SameAsSpec<M, L>): void;

  export interface DifferentialSpec<M, L> {
    /** The shape of the random traces: aligned windows, a refilling bucket, or many keys. */
    kind: "window" | "bucket" | "keyed";
    learner: M;
    reference: M;
    create: (module: M, clock: ManualClock, config: Record<string, number>) => L;
    setup?: (config: Record<string, number>) => string;
    call?: (limiter: L, step: TraceStep) => unknown;
    /** The reference's level after each request (tokens, water), for the timeline. */
    level?: (reference: L) => number;
    /**
     * How far the reference was from giving the other answer to the request it just answered, in
     * its own units (tokens, water; read after the call): within 1e-9 of zero is a floating-point
     * tie, where either answer passes and the reference follows the learner's.
     */
    margin?: (reference: L, answer: unknown, step: TraceStep) => number;
    /**
     * A refused request leaves the limiter as it was (GCRA stores nothing): at a tie no time shift
     * moves, the reference follows a refusal by forgetting that request.
     */
    refusalChangesNothing?: boolean;
    /** How the message describes windows (see TraceOptions). */
    windows?: "fixed" | "aligned" | "sliding";
    category?: string;
  }

  /** Random traces (fast-check, on the judge's host), shrunk to a minimal disagreement. */
  export function differential<M, L>(name: string, spec: DifferentialSpec<M, L>): void;

  /**
   * The shared store of the distributed exercise. Every operation is a round trip: several instances
   * awaiting it interleave at every await, in an order the judge chooses.
   */
  export class SharedStore {
    get(key: string): Promise<unknown>;
    set(key: string, value: unknown): Promise<void>;
    delete(key: string): Promise<void>;
    /** Atomic: fn runs in one step, nothing interleaved; it returns the value to store and a result. */
    update<T, R>(key: string, fn: (current: T | undefined) => { value: T; result: R }): Promise<R>;
    /** Writes `next` only if the key still holds a value equal to `expected`. */
    compareAndSet(key: string, expected: unknown, next: unknown): Promise<boolean>;
    /** For tests: the value right now, without a round trip. */
    peek(key: string): unknown;
    /** For tests: operations performed so far. */
    readonly operations: number;
  }
}

// Hidden test files compare the learner with the exercise's reference solution.
declare module "reference";
