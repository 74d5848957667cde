import { judgeInSandbox } from "./judge-in-sandbox";
import type { PlanEntry } from "./plan";
import type { JudgeCoreInput, ReferenceAnswers, SuiteSource } from "./types";
import type { ResultsDocument } from "../results";

const DEFAULT_SEED_KEY = "default";

/**
 * The reference's answers to an exercise's suites, remembered per worker. Half of the work of a
 * hidden "same as the reference" test is running the reference; its answers depend only on the
 * suites, the reference, the seed and the number of random traces, so they are recorded once and
 * replayed. They are recorded only in a judge of the reference itself, where no learner code is
 * loaded, so a learner's polluted built-ins can never be remembered as the truth.
 */
export class ReferenceAnswerCache {
  private readonly entries = new Map<string, Record<number, string>>();
  private readonly plans = new Map<string, PlanEntry[]>();

  constructor(private readonly maxEntries = 32) {}

  /** The plan a judge of the reference listed for exactly these suites, if one did. */
  planFor(suites: readonly SuiteSource[]): PlanEntry[] | undefined {
    return this.plans.get(planKey(suites));
  }

  /**
   * Keeps the plan an accepted judge of the reference listed, and the plan of its visible suites
   * alone (what Run judges): visible suites load first, so their tests come first.
   */
  rememberPlan(suites: readonly SuiteSource[], tests: readonly PlanEntry[]): void {
    if (this.plans.size >= 2 * this.maxEntries) this.plans.clear();
    const plan = tests.map(({ name, hidden, category }) => ({
      name,
      hidden,
      ...(category === undefined ? {} : { category }),
    }));
    this.plans.set(planKey(suites), plan);
    const visible = suites.filter((suite) => !suite.hidden);
    const visibleFirst = suites.slice(0, visible.length).every((suite) => !suite.hidden);
    if (visibleFirst && visible.length > 0 && visible.length < suites.length) {
      this.plans.set(
        planKey(visible),
        plan.filter((test) => !test.hidden),
      );
    }
  }

  get(key: string): Record<number, string> | undefined {
    return this.entries.get(key);
  }

  set(key: string, tests: Record<number, string>): void {
    // Exercises are few; the cap only matters for instructors trying many candidate suites.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, tests);
  }

  get size(): number {
    return this.entries.size;
  }
}

function planKey(suites: readonly SuiteSource[]): string {
  return suites.map((s) => `${s.file}\u0000${s.hidden}\u0000${s.source}`).join("\u0001");
}

/** Everything the reference's answers depend on; undefined when there is no reference to run. */
export function referenceAnswersKey(input: JudgeCoreInput): string | undefined {
  if (input.reference === undefined || input.mode === "run") return undefined;
  const suites = input.suites.map((s) => `${s.file}\u0000${s.hidden}\u0000${s.source}`);
  return [
    String(input.seed ?? DEFAULT_SEED_KEY),
    String(input.differentialRuns ?? "default"),
    input.reference,
    ...suites,
  ].join("\u0001");
}

/**
 * judgeInSandbox with the reference's answers remembered in `cache`. The first judge of an exercise
 * on a worker first judges the reference itself to record them (about one judge's time, once).
 */
export async function judgeWithReferenceAnswers(
  input: JudgeCoreInput,
  cache: ReferenceAnswerCache,
  options: { afterRecording?: () => void } = {},
): Promise<ResultsDocument> {
  const key = referenceAnswersKey(input);
  // The plan is checked against the one the reference's judge listed, once there is one.
  const expectedPlan = input.expectedPlan ?? cache.planFor(input.suites);
  if (expectedPlan !== undefined) input = { ...input, expectedPlan };
  if (key === undefined) return judgeInSandbox(input);
  let tests = cache.get(key);
  if (tests === undefined) {
    const recorded: ReferenceAnswers = { mode: "record", tests: {} };
    const own = input.code === input.reference;
    const document = await judgeInSandbox(
      own
        ? { ...input, referenceAnswers: recorded }
        : {
            quickjs: input.quickjs,
            code: input.reference!,
            suites: input.suites,
            reference: input.reference,
            ...pick(input),
            referenceAnswers: recorded,
          },
    );
    // A reference that does not pass its own suites records nothing worth replaying.
    if (document.verdict === "accepted") {
      cache.set(key, recorded.tests);
      cache.rememberPlan(input.suites, document.tests);
    }
    if (own) return document;
    // The reference's source, and its answers, are left in the module's freed memory: gone before
    // the learner's code runs in it (decision 190).
    options.afterRecording?.();
    tests = cache.get(key);
    const recordedPlan = cache.planFor(input.suites);
    if (recordedPlan !== undefined) input = { ...input, expectedPlan: recordedPlan };
  }
  return judgeInSandbox(
    tests === undefined ? input : { ...input, referenceAnswers: { mode: "replay", tests } },
  );
}

/** The options a recording judge shares with the learner's; callbacks stay with the learner's. */
function pick(input: JudgeCoreInput): Partial<JudgeCoreInput> {
  const { exerciseId, mode, limits, seed, now, differentialRuns, onSandboxDamaged } = input;
  return { exerciseId, mode, limits, seed, now, differentialRuns, onSandboxDamaged };
}
