import type { JudgeLimits } from "@/lib/judge/core/types";
import type { ResultsDocument } from "@/lib/judge/results";
import { readOutcome, SCENARIO_FOOTER, scenarioOutput, type ScenarioOutcome } from "./outcome";
import type { Trap } from "./load-traps";
import type { JudgeJob } from "@/lib/judge/node/protocol";
import { poolJudge, type SandboxJudge } from "./sandbox-judge";

// Running a trap = two kinds of sandbox job over the judge's core: the scenario (one test that calls
// `scenario()` against the code as "./solution") and, for a fix, the trap's tests.ts like an
// exercise's visible suite. Both run the learner's code only inside QuickJS.

/**
 * A scenario simulates more than a test does; the per-test deadline is raised accordingly (a trap
 * may raise it further: README `limits.scenarioTimeMs`), and the output cap leaves room for the
 * outcome line.
 */
export const SCENARIO_LIMITS: Partial<JudgeLimits> = {
  testTimeMs: 3000,
  totalTimeMs: 3500,
  outputChars: 20_000,
};

/** A fix's suite: a few tests, some of them simulating many users. */
export const FIX_LIMITS: Partial<JudgeLimits> = { testTimeMs: 1500, totalTimeMs: 4000 };

export interface ScenarioRun {
  /** What the scenario reported, when it ran to the end. */
  outcome: ScenarioOutcome | null;
  /** Why there is no outcome: the code threw, did not compile, ran out of time… */
  problem: string | null;
  /** Anything the code printed, without the outcome line. */
  output: string;
  results: ResultsDocument;
}

export function scenarioJob(trap: Trap, code: string): JudgeJob {
  return {
    code,
    suites: [{ file: "scenario.ts", source: trap.scenario + SCENARIO_FOOTER, hidden: false }],
    exerciseId: `trap:${trap.id}`,
    mode: "run",
    limits: scenarioLimits(trap),
  };
}

/** SCENARIO_LIMITS with the trap's own time budget, if it has one. */
export function scenarioLimits(trap: Pick<Trap, "limits">): Partial<JudgeLimits> {
  const timeMs = trap.limits?.scenarioTimeMs;
  if (timeMs === undefined) return SCENARIO_LIMITS;
  const slack = (SCENARIO_LIMITS.totalTimeMs ?? 0) - (SCENARIO_LIMITS.testTimeMs ?? 0);
  return { ...SCENARIO_LIMITS, testTimeMs: timeMs, totalTimeMs: timeMs + slack };
}

export function fixJob(trap: Trap, code: string): JudgeJob {
  return {
    code,
    suites: [{ file: "tests.ts", source: trap.tests, hidden: false }],
    exerciseId: `trap:${trap.id}`,
    mode: "submit",
    limits: FIX_LIMITS,
  };
}

/** Runs the trap's scenario against `code` (the snippet, a learner's fix or the reference fix). */
export async function runScenario(
  trap: Trap,
  code: string,
  judge: SandboxJudge = poolJudge,
): Promise<ScenarioRun> {
  const results = await judge(scenarioJob(trap, code));
  const reading = readOutcome(results);
  return {
    outcome: reading.ok ? reading.outcome : null,
    problem: reading.ok ? null : reading.reason,
    output: scenarioOutput(results),
    results,
  };
}

/** Judges a fix with the trap's tests: the results document an exercise's Submit would give. */
export function judgeFix(
  trap: Trap,
  code: string,
  judge: SandboxJudge = poolJudge,
): Promise<ResultsDocument> {
  return judge(fixJob(trap, code));
}
