import { H } from "./intrinsics";
import { fail, show } from "./assertions";
import { requestLabel } from "./messages";
import { defaultCall, drive, traceFailure } from "./drive";
import type { DriveResult, Limiter, Step, TraceMessageOptions } from "./types";
import type { ManualClock, TraceOptions, TraceStep } from "judge";

function normalizeExpectation(value: unknown, k: number): unknown {
  const v: unknown = H.isArray(value) ? value[k] : value;
  if (v === "allowed" || v === true) return true;
  if (v === "denied" || v === false) return false;
  return v;
}

/**
 * expectTrace(limiter, clock, steps, options?) — steps: { at?, after?, count?, n?, key?, expect },
 * expect: "allowed" | "denied" | boolean, or an array (one per request of the step), or any value
 * the call returns (with options.call). options: { setup, windowMs, capacity, call }.
 */
export function expectTrace<L>(
  limiter: L,
  clock: ManualClock,
  steps: TraceStep[],
  options?: TraceOptions<L>,
): void {
  const o = (options || {}) as TraceMessageOptions;
  const call1 = o.call || defaultCall;
  const result = drive(
    steps as Step[],
    [clock],
    limiter as Limiter,
    call1,
    (step, k) => normalizeExpectation(step.expect, k),
    undefined,
  );
  checkDecisionType(result, o);
  if (result.divergence === null) return;
  const f = traceFailure(result, o);
  fail(f.message, f.trace, f.threw);
}

function checkDecisionType(result: DriveResult, o: TraceMessageOptions): void {
  if (o.call) return;
  for (let i = 0; i < result.requests.length; i++) {
    const r = result.requests[i]!;
    if (r.error === undefined && typeof r.actualValue !== "boolean") {
      fail(
        requestLabel(i, r) +
          ": allow() must return true or false, yours returned " +
          show(r.actualValue),
      );
    }
  }
}
