import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";
import { withGuestArguments, type GuestArgument } from "./guest-arguments";

/**
 * Methods of the harness's internal API called many times a judge (a test each, a store turn each):
 * their handles are kept, one crossing into the module fewer each call, and one fewer to free.
 */
const HOT_METHODS = [
  "runTest",
  "tick",
  "diffBatch",
  "setAnswers",
  "takeOutputReport",
  "seedRandom",
];

/** The harness's internal API (its `internal` export) as the host calls it. */
export class HarnessMethods {
  private readonly hot = new Map<string, QuickJSHandle>();

  /**
   * Made with the harness, so before a kept sandbox's snapshot (decision 275): the handles stay
   * valid after every restore. `internal` is frozen, so they are what getProp would give.
   */
  constructor(
    private readonly context: QuickJSContext,
    private readonly internal: QuickJSHandle,
  ) {
    for (const method of HOT_METHODS) this.hot.set(method, context.getProp(internal, method));
  }

  /** Calls `method` with `args`; `guard` runs the crossing into the module. */
  call(
    method: string,
    args: readonly GuestArgument[],
    guard: <T>(run: () => T) => T,
  ): { value?: QuickJSHandle; error?: QuickJSHandle } {
    const ctx = this.context;
    const kept = this.hot.get(method);
    const fn = kept ?? ctx.getProp(this.internal, method);
    try {
      const result = withGuestArguments(ctx, args, (handles) =>
        guard(() => ctx.callFunction(fn, ctx.undefined, ...handles)),
      );
      return result.error ? { error: result.error } : { value: result.value };
    } finally {
      if (!kept) fn.dispose();
    }
  }

  dispose(): void {
    for (const fn of this.hot.values()) fn.dispose();
    this.internal.dispose();
  }
}
