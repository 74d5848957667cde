import { expect, test } from "vitest";
import { judgeExercise, solutionOf } from "./judge-helpers";

// The concurrency limiter's long hidden traces were cut from 4 × 400 steps to 4 × 120, with gaps of
// one lease and one ms short of it (decision 402). Wrong limiters that the 400-step traces did not
// catch at all, or caught in one or two of them, must be caught by at least that many now.

const expiry = "if (expiresAt > now) break;";
const wrong: Record<string, [find: string, replace: string, traces: number]> = {
  "a lease that ends a ms late": [expiry, "if (expiresAt >= now) break;", 1],
  "a lease that ends a ms early": [expiry, "if (expiresAt > now + 1) break;", 1],
  "a lease one ms short": [
    "this.clock.now() + this.leaseMs);",
    "this.clock.now() + this.leaseMs - 1);",
    1,
  ],
  "finish() without reclaiming first": [
    "  finish(permit: number): boolean {\n    this.reclaimExpired();",
    "  finish(permit: number): boolean {",
    1,
  ],
  "reclaiming one expired lease at a time": [
    "      this.leases.delete(permit);\n",
    "      this.leases.delete(permit);\n      break;\n",
    2,
  ],
};

test("the shorter concurrency traces still catch each wrong limiter, the lease edges at last", async () => {
  const solution = solutionOf("concurrency-limiter");
  for (const [name, [find, replace, traces]] of Object.entries(wrong)) {
    expect(solution, name).toContain(find);
    const doc = await judgeExercise("concurrency-limiter", solution.replace(find, replace));
    const caught = doc.tests.filter((t) => t.status !== "pass" && t.name.startsWith("a long"));
    expect(caught.length, name).toBeGreaterThanOrEqual(traces);
  }
});
