import { z } from "zod";
import type { ResultsDocument } from "@/lib/judge/results";

// What a trap's scenario reports. The scenario runs inside the judge's sandbox and hands its outcome
// out as one marked line of console output (the sandbox's only channel out besides pass/fail), which
// this module finds and validates: the sandbox is untrusted, so is everything it prints.

/** Prefix of the line carrying the outcome. Unlikely in honest output; a fix that prints it only fools its own display. */
export const OUTCOME_MARKER = "@@trap-outcome ";

const cell = z.union([z.string().max(200), z.number().finite()]);

export const scenarioOutcomeSchema = z.strictObject({
  /** The figure the learner's prediction is compared with: a number, or the index of a choice. */
  answer: z.number().finite(),
  /** One sentence saying what happened. */
  summary: z.string().min(1).max(500),
  facts: z
    .array(z.strictObject({ label: z.string().min(1).max(200), value: cell }))
    .max(12)
    .default([]),
  table: z
    .strictObject({
      columns: z.array(z.string().max(100)).min(1).max(6),
      rows: z.array(z.array(cell).max(6)).max(60),
    })
    .optional(),
});

export type ScenarioOutcome = z.infer<typeof scenarioOutcomeSchema>;

/** The appended module tail that runs `scenario()` as the suite's only test and prints its outcome. */
export const SCENARIO_FOOTER = `
import { test as __trapScenarioTest } from "judge";
__trapScenarioTest("scenario", async () => {
  const __outcome = await scenario();
  console.log(${JSON.stringify(OUTCOME_MARKER)} + JSON.stringify(__outcome));
});
`;

export type OutcomeReading = { ok: true; outcome: ScenarioOutcome } | { ok: false; reason: string };

/**
 * Reads the outcome a scenario run printed. The last marked line wins: the footer prints after
 * anything the code under test could print.
 */
export function readOutcome(results: ResultsDocument): OutcomeReading {
  const test = results.tests[0];
  if (results.status === "error" || !test) {
    return { ok: false, reason: results.message ?? "the scenario did not run" };
  }
  if (test.status !== "pass") {
    return { ok: false, reason: test.message ?? `the scenario ended with ${test.status}` };
  }
  const lines = (test.output ?? "").split("\n").filter((line) => line.startsWith(OUTCOME_MARKER));
  const last = lines.at(-1);
  if (last === undefined) return { ok: false, reason: "the scenario printed no outcome" };
  let raw: unknown;
  try {
    raw = JSON.parse(last.slice(OUTCOME_MARKER.length));
  } catch {
    return { ok: false, reason: "the scenario's outcome is not JSON (was the output cut short?)" };
  }
  const parsed = scenarioOutcomeSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return {
      ok: false,
      reason: `the scenario's outcome is malformed: ${first?.path.join(".") || "(outcome)"}: ${first?.message}`,
    };
  }
  return { ok: true, outcome: parsed.data };
}

/** Console output of a scenario run without the outcome line, for the learner to read. */
export function scenarioOutput(results: ResultsDocument): string {
  const output = results.tests[0]?.output ?? "";
  return output
    .split("\n")
    .filter((line) => !line.startsWith(OUTCOME_MARKER))
    .join("\n")
    .trim();
}
