import { expect, test } from "vitest";
import { HARNESS_SOURCE } from "@/lib/judge/core/harness";
import { bundleHarness } from "@/lib/judge/core/harness/bundle";

test("the harness the sandbox runs is the minified build of its modules", () => {
  expect(
    HARNESS_SOURCE === bundleHarness(),
    "lib/judge/core/harness/minified.generated.ts is stale: run `npm run build:harness`",
  ).toBe(true);
  expect(HARNESS_SOURCE.length).toBeLessThan(0.7 * bundleHarness({ minify: false }).length);
});
