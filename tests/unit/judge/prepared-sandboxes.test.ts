import { expect, test } from "vitest";
import { PreparedSandboxes } from "@/lib/judge/core/prepared-sandboxes";
import { judgeExercise, sharedQuickJS, solutionOf, stable } from "./judge-helpers";

// The next judge's runtime and harness are made while the worker is idle (decision 202). A judge on
// such a sandbox must be the judge it would have been on one made on the spot, and no sandbox may
// serve two judges: one learner's code must never see another's leftovers.

const BROKEN_TOKEN_BUCKET = `export class TokenBucket {
  constructor(private capacity: number, private perSecond: number, private clock: { now(): number }) {}
  tryAcquire(): boolean { return true; }
  available(): number { return this.capacity; }
}`;

test("a judge on a sandbox made ahead gets the same document as on one made on the spot", async () => {
  const { quickjs } = await sharedQuickJS();
  for (const code of [solutionOf("token-bucket"), BROKEN_TOKEN_BUCKET]) {
    const prepared = new PreparedSandboxes(quickjs);
    prepared.prepare();
    const ahead = await judgeExercise("token-bucket", code, "submit", { prepared });
    const onTheSpot = await judgeExercise("token-bucket", code, "submit");
    expect(stable(ahead)).toEqual(stable(onTheSpot));
    expect(ahead.resources.steps).toBe(onTheSpot.resources.steps);
  }
});

test("a prepared sandbox serves one judge only, and a judge without one makes its own", async () => {
  const { quickjs } = await sharedQuickJS();
  const prepared = new PreparedSandboxes(quickjs);
  prepared.prepare();
  const first = prepared.take(quickjs);
  expect(first).toBeDefined();
  expect(prepared.take(quickjs)).toBeUndefined();
  first!.dispose();
  // Taken by nobody: the judge below makes its own, and still judges.
  const doc = await judgeExercise("token-bucket", solutionOf("token-bucket"), "submit", {
    prepared,
  });
  expect(doc.verdict).toBe("accepted");
});

test("what one learner's code leaves in the global scope is not there for the next judge", async () => {
  const { quickjs } = await sharedQuickJS();
  const prepared = new PreparedSandboxes(quickjs);
  const leaver = `(globalThis as any).leftover = "from another learner";\n${solutionOf("token-bucket")}`;
  const reader = `if ((globalThis as any).leftover) throw new Error("saw " + (globalThis as any).leftover);\n${solutionOf("token-bucket")}`;
  prepared.prepare();
  await judgeExercise("token-bucket", leaver, "submit", { prepared });
  prepared.prepare();
  const doc = await judgeExercise("token-bucket", reader, "submit", { prepared });
  expect(doc.verdict).toBe("accepted");
});

test("a sandbox made on another module is not used", async () => {
  const { quickjs } = await sharedQuickJS();
  const other = new PreparedSandboxes(quickjs);
  other.prepare();
  const sandbox = other.take({} as typeof quickjs);
  expect(sandbox).toBeUndefined();
});
