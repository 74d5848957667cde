import type { Outcome } from "./outcomes";
import { classifyError, settle } from "./run-test";
import type { Sandbox } from "./sandbox";
import { suiteLoadFailure, type FailureFields } from "./failures";
import { STEPS_PER_MS, type JudgeLimits, type SuiteSource } from "./types";

/** Loads suites in order, registration open only while one loads; the failure of the first that fails. */
export function loadSuites(
  sandbox: Sandbox,
  suites: readonly (SuiteSource & { js: string })[],
  limits: JudgeLimits,
  netFactor: number,
): FailureFields | undefined {
  for (const suite of suites) {
    sandbox.callInternal("beginSuite", suite.file, suite.hidden).value?.dispose();
    limitOneTest(sandbox, limits, netFactor);
    const failure = loadModule(sandbox, suite.js, suite.file, suite.hidden);
    if (failure) return suiteLoadFailure(failure, suite.file, limits);
  }
  sandbox.callInternal("endSuites").value?.dispose();
  return undefined;
}

/**
 * Evaluates a module (settling top-level await); returns the outcome if it failed. A `secret` one
 * (a hidden suite) has its text scrubbed from memory before its promise jobs run (decision 460).
 */
export function loadModule(
  sandbox: Sandbox,
  code: string,
  name: string,
  secret = false,
): Outcome | undefined {
  const result = sandbox.evalModule(code, name, secret);
  if (!result.ok) {
    if (sandbox.expired()) {
      result.error.dispose();
      return { status: "error", kind: "time" };
    }
    return classifyError(sandbox, result.error);
  }
  const state = sandbox.context.getPromiseState(result.value);
  if (state.type === "fulfilled" && state.notAPromise) {
    result.value.dispose();
    return undefined;
  }
  if (state.type === "fulfilled") state.value.dispose();
  if (state.type === "rejected") state.error.dispose();
  const settled = settle(sandbox, result.value);
  result.value.dispose();
  switch (settled.state) {
    case "fulfilled":
      settled.value.dispose();
      return undefined;
    case "rejected":
    case "job-error":
      return classifyError(sandbox, settled.error);
    case "time":
      return { status: "error", kind: "time" };
    case "never-settles":
      return { status: "error", kind: "never-settles" };
  }
}

export function limitOneTest(sandbox: Sandbox, limits: JudgeLimits, netFactor: number): void {
  sandbox.limit(limits.testTimeMs * STEPS_PER_MS, limits.testTimeMs * netFactor);
}

export function takeOutput(sandbox: Sandbox): string {
  return sandbox.callInternalForString("takeOutput") ?? "";
}
