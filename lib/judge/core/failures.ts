import type { CompileError, ResultsDocument, Verdict } from "../results";
import { OUTPUT_LIMIT_CHARS, cap, learnerMessage, verdictOf, type Outcome } from "./outcomes";
import { LEARNER_EXPORTS } from "./harness";
import { LEARNER_MODULE } from "./module-graph";
import { transpileTypeScript } from "./transpile";
import type { JudgeLimits } from "./types";

// The documents for a judge that could not run its tests: the learner's file does not compile, its
// module failed while loading, or a test file could not start.

export type FailureFields = Omit<ResultsDocument, "version" | "resources">;

export function compileFailure(errors: CompileError[]): FailureFields {
  const first = errors[0];
  const where = first ? ` (line ${first.line}, column ${first.column})` : "";
  return {
    status: "error",
    verdict: "compile_error",
    message: `${LEARNER_MODULE} does not compile${where}: ${first?.message ?? "unknown error"}`,
    tests: [],
    compileErrors: errors,
  };
}

/** A parse error's stack is the bare position; a runtime error's frames name a function. */
const PARSE_POSITION = new RegExp(
  `^\\s*at ${LEARNER_MODULE.replace(".", "\\.")}:(\\d+):(\\d+)\\s*$`,
);

const JUDGE_IMPORT = /export '([^']+)' in module 'judge:learner'/;

export function learnerLoadFailure(
  outcome: Outcome,
  limits: JudgeLimits,
  output: string | undefined,
): FailureFields {
  const position = outcome.stack ? PARSE_POSITION.exec(outcome.stack.split("\n")[0] ?? "") : null;
  if (outcome.message?.startsWith("SyntaxError") && position) {
    return compileFailure([
      { line: Number(position[1]), column: Number(position[2]), message: outcome.message },
    ]);
  }
  const fromJudge = JUDGE_IMPORT.exec(outcome.message ?? "");
  if (fromJudge) {
    const message = `${LEARNER_MODULE} cannot import ${fromJudge[1]} from "judge": your code may use ${LEARNER_EXPORTS.join(", ")} and the types; the test functions belong to the exercise's tests`;
    return { ...compileFailure([{ line: 1, column: 1, message }]), message };
  }
  return {
    status: "error",
    verdict: verdictOf(outcome),
    message: `${LEARNER_MODULE} failed while loading: ${learnerMessage(outcome, limits, LEARNER_MODULE)}`,
    tests: [],
    ...(output ? { output } : {}),
  };
}

export function suiteLoadFailure(
  outcome: Outcome,
  file: string,
  limits: JudgeLimits,
): FailureFields {
  // A test file that imports a name the learner's module does not export fails to link: that is
  // the learner's to fix, and the editor should point at it.
  const missing = /export '([^']+)'.*solution\.ts|solution\.ts.*export '([^']+)'/.exec(
    outcome.message ?? "",
  );
  if (missing) {
    const name = missing[1] ?? missing[2];
    const message = `${LEARNER_MODULE} must export ${name} (the tests import it)`;
    return { ...compileFailure([{ line: 1, column: 1, message }]), message };
  }
  const hiddenFile = file.includes("hidden");
  return {
    status: "error",
    verdict: verdictOf(outcome),
    message: cap(
      hiddenFile
        ? `the hidden tests could not start: ${outcome.kind === "time" ? "they ran out of time" : "your module broke them"}`
        : `${file} failed to load: ${learnerMessage(outcome, limits, LEARNER_MODULE)}`,
      limits.outputChars,
    ),
    tests: [],
  };
}

/** The plan the harness listed is not one the judge can trust: nothing was judged. */
export function planFailure(reason: string): FailureFields {
  return {
    status: "error",
    verdict: "runtime_error",
    message: `The judge could not run the exercise's tests (${reason}), so nothing was judged.`,
    tests: [],
  };
}

export function summaryOf(verdict: Verdict, limits: JudgeLimits): string {
  if (verdict === "output_limit_exceeded")
    return `A test printed more than ${OUTPUT_LIMIT_CHARS.toLocaleString("en-US")} characters and was stopped: the printing, not the limiter, is what to change.`;
  return verdict === "time_limit_exceeded"
    ? `At least one test did not finish within its ${limits.testTimeMs} ms of work.`
    : `The sandbox ran out of memory (${Math.round(limits.memoryBytes / 2 ** 20)} MB).`;
}

const transpiledSuites = new Map<string, string>();

/** Suites and references are the same few files judge after judge: transpile each once. */
export function transpileSuite(source: string, file: string): string {
  const cached = transpiledSuites.get(source);
  if (cached !== undefined) return cached;
  const result = transpileTypeScript(source);
  if (!result.ok) {
    const e = result.errors[0];
    throw new Error(
      `${file} does not compile (line ${e?.line}, column ${e?.column}): ${e?.message}`,
    );
  }
  if (transpiledSuites.size > 64) transpiledSuites.clear();
  transpiledSuites.set(source, result.code);
  return result.code;
}
