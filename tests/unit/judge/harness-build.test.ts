import { expect, test } from "vitest";
import { HARNESS_READABLE_SOURCE, HARNESS_SOURCE } from "@/lib/judge/core/harness";
import { minifyHarness } from "@/lib/judge/core/harness/minify";

test("the harness the sandbox runs is the minified build of source.ts", () => {
  const fresh = minifyHarness(HARNESS_READABLE_SOURCE);
  expect(
    HARNESS_SOURCE === fresh,
    "lib/judge/core/harness/minified.generated.ts is stale: run `npm run build:harness`",
  ).toBe(true);
  expect(HARNESS_SOURCE.length).toBeLessThan(0.7 * HARNESS_READABLE_SOURCE.length);
});
