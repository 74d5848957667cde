import type { Verdict } from "./results";

/** What a learner reads for each verdict, wherever it is shown (the results panel, My progress). */
export const VERDICT_LABELS: Readonly<Record<Verdict, string>> = {
  accepted: "Accepted",
  wrong_answer: "Wrong answer",
  compile_error: "Compile error",
  runtime_error: "Runtime error",
  time_limit_exceeded: "Time limit exceeded",
  memory_limit_exceeded: "Memory limit exceeded",
  output_limit_exceeded: "Output limit exceeded",
};

/** A stored verdict's words; one this build does not name (an older row) is shown as stored. */
export function verdictLabel(verdict: string): string {
  return Object.hasOwn(VERDICT_LABELS, verdict) ? VERDICT_LABELS[verdict as Verdict] : verdict;
}
