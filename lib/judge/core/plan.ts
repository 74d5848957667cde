import { z } from "zod";

/**
 * The test plan: every test the suites registered, in file order, as the harness listed it once the
 * last suite had loaded (registration is closed from then on). The host runs tests by index from
 * this list and checks it against the plan it expects, so what the learner's module does can
 * neither add, drop, rename, reorder nor re-categorise a test.
 */

/** Far more than any exercise has; the harness refuses to register more (see assertions.ts). */
const MAX_PLANNED_TESTS = 500;
const MAX_LABEL_CHARS = 200;

const label = z.string().min(1).max(MAX_LABEL_CHARS);

const plannedTestSchema = z.object({
  name: label,
  category: label.optional(),
  hidden: z.boolean(),
  file: z.string().max(MAX_LABEL_CHARS),
  kind: z.enum(["test", "differential"]),
  diffKind: z.string().max(MAX_LABEL_CHARS).optional(),
});

export type PlannedTest = z.infer<typeof plannedTestSchema>;

const planSchema = z.array(plannedTestSchema).min(1).max(MAX_PLANNED_TESTS);

/** What the host and the browser show before the tests run, and what an expected plan holds. */
export interface PlanEntry {
  name: string;
  hidden: boolean;
  category?: string;
}

export type PlanReading = { ok: true; plan: PlannedTest[] } | { ok: false; reason: string };

/** Reads the harness's listing; anything but a non-empty, well-formed list is refused. */
export function readPlan(json: string | undefined, expected?: readonly PlanEntry[]): PlanReading {
  if (json === undefined) return { ok: false, reason: "the tests could not be listed" };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, reason: "the list of tests is not readable" };
  }
  const parsed = planSchema.safeParse(value);
  if (!parsed.success) {
    const empty = Array.isArray(value) && value.length === 0;
    return {
      ok: false,
      reason: empty ? "the suites registered no test" : "the list of tests is malformed",
    };
  }
  if (expected !== undefined && !samePlan(parsed.data, expected)) {
    return { ok: false, reason: "the tests that loaded are not the exercise's tests" };
  }
  return { ok: true, plan: parsed.data };
}

/**
 * Reads the listing after the visible suites, when hidden suites are still to load (decision 190):
 * well-formed, possibly empty, and the expected plan's visible tests exactly.
 */
export function readVisiblePlan(
  json: string | undefined,
  expected?: readonly PlanEntry[],
): PlanReading {
  if (json === undefined) return { ok: false, reason: "the tests could not be listed" };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, reason: "the list of tests is not readable" };
  }
  const parsed = z.array(plannedTestSchema).max(MAX_PLANNED_TESTS).safeParse(value);
  if (!parsed.success) return { ok: false, reason: "the list of tests is malformed" };
  const visible = expected?.filter((test) => !test.hidden);
  if (visible !== undefined && !samePlan(parsed.data, visible)) {
    return { ok: false, reason: "the tests that loaded are not the exercise's tests" };
  }
  return { ok: true, plan: parsed.data };
}

export function planEntries(plan: readonly PlannedTest[]): PlanEntry[] {
  return plan.map(({ name, hidden, category }) => ({
    name,
    hidden,
    ...(category === undefined ? {} : { category }),
  }));
}

/** Same tests, same order, same names, visibility and categories. */
export function samePlan(actual: readonly PlanEntry[], expected: readonly PlanEntry[]): boolean {
  return (
    actual.length === expected.length &&
    actual.every((test, i) => {
      const other = expected[i];
      return (
        other !== undefined &&
        test.name === other.name &&
        test.hidden === other.hidden &&
        test.category === other.category
      );
    })
  );
}
