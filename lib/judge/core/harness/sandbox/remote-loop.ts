import { H, push } from "./intrinsics";
import { sameValue } from "./assertions";
import type { EncodedAnswers } from "./answers";
import type { ManualClock } from "./clock";
import { defaultCall, drive } from "./drive";
import type { DriveResult, Limiter, Step } from "./types";

// The learner's instance's side of the request loops H's harness sends whole (remote.ts,
// decision 410): the same code one instance runs, on the learner's limiter and L's mirrors of H's
// clocks.

/** A value JSON carries exactly. */
function jsonSafe(v: unknown): boolean {
  return typeof v === "number"
    ? H.isFinite(v) && !(v === 0 && 1 / v < 0)
    : v === undefined || v === null || typeof v === "boolean" || typeof v === "string";
}

/** The answer of a drive: JSON when every value in it survives JSON, else the object. */
function driveAnswer(result: DriveResult, times: number[]): unknown {
  const answer = { a: { q: result.requests, d: result.divergence, s: result.state }, t: times };
  for (let i = 0; i < result.requests.length; i++) {
    const r = result.requests[i]!;
    if (!jsonSafe(r.actualValue) || !jsonSafe(r.expectedValue) || !jsonSafe(r.t)) return answer;
  }
  if (result.state !== undefined && !jsonSafe(result.state.value)) return answer;
  return H.stringify(answer);
}

/** Called by L's relay for H's loop(). */
export function runLoop(
  kind: string,
  limiter: Limiter,
  clocks: ManualClock[],
  stepsJson: string,
  expectedJson: string,
): unknown {
  const times = () => {
    const t: number[] = [];
    for (let i = 0; i < clocks.length; i++) push(t, clocks[i]!.now());
    return t;
  };
  if (kind === "burst") {
    const n = H.parse(stepsJson) as number;
    let allowed = 0;
    for (let i = 0; i < n; i++) if ((limiter as { allow(): unknown }).allow() === true) allowed++;
    return { a: allowed };
  }
  if (kind === "offer") {
    const counts = H.parse(stepsJson) as number[];
    const clock = clocks[0]!;
    let allowed = 0;
    for (let second = 0; second < counts.length; second++) {
      for (let i = 0, n = counts[second]!; i < n; i++)
        if ((limiter as { allow(): unknown }).allow()) allowed++;
      clock.advance(1000);
    }
    return { a: allowed, t: times() };
  }
  const steps = H.parse(stepsJson) as Step[];
  const expected = H.parse(expectedJson) as EncodedAnswers;
  let i = 0;
  const expectedFor =
    typeof expected === "string" ? () => expected[i++] === "1" : () => expected[i++];
  if (kind === "drive") {
    const result = drive(steps, clocks, limiter, defaultCall, expectedFor, undefined);
    return driveAnswer(result, times());
  }
  const clock = clocks[0]!;
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s]!;
    clock.advance((step.at as number) - clock.now());
    const count = step.count === undefined ? 1 : step.count;
    for (let k = 0; k < count; k++) {
      const mine = defaultCall(limiter, step);
      const theirs = expectedFor();
      if (mine !== theirs && !sameValue(mine, theirs)) return { a: true };
    }
  }
  return { a: false };
}
