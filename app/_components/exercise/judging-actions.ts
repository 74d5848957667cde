import type { JudgeLimits } from "@/lib/judge/core/types";
import type { ResultsDocument } from "@/lib/judge/results";
import { refreshLearnerSummary } from "../progress/learner-summary-store";
import type { BrowserJudge } from "./browser-judge";
import type { JudgeOutcome, Quota } from "./judge-client";
import type { Notice } from "./toolbar";

// What Run and Submit do once clicked (use-judging.ts keeps the state and the one-job-at-a-time
// rule): loaded with the judge when the page is idle, or by the first click, not with the page.

// The server routes' client (and the zod schema it checks answers with) is needed only when the
// server answers.
export const loadJudgeClient = () => import("./judge-client");
// The in-browser judge (its worker and QuickJS come later still).
const loadBrowserJudge = () => import("./browser-judge");

export interface JudgingContext {
  exerciseId: string;
  visibleTests: string;
  limits?: Partial<JudgeLimits>;
  judge: { current: BrowserJudge | null };
  abort: { current: AbortController | null };
  onResults(results: ResultsDocument, code: string): void;
  setNotice(notice: Notice | null): void;
  setTestsDone(done: number): void;
  setQuota(quota: Quota): void;
  /** A 429 or a full queue: Submit waits this many seconds. */
  retryAfter(seconds: number): void;
}

function handleOutcome(context: JudgingContext, outcome: JudgeOutcome, code: string) {
  if (outcome.quota) context.setQuota(outcome.quota);
  if (outcome.kind === "results") {
    context.onResults(outcome.results, code);
  } else if (outcome.kind === "rate-limited") {
    context.retryAfter(outcome.retryAfterSeconds);
    context.setNotice({
      tone: "error",
      text: `${outcome.message} Your code is saved; try again in ${outcome.retryAfterSeconds} s.`,
    });
  } else {
    context.setNotice({ tone: "error", text: outcome.message });
  }
}

/** Run: the visible tests in the browser's worker, or on the server where it cannot start. */
export async function runCode(context: JudgingContext, code: string): Promise<void> {
  const { exerciseId, visibleTests, limits, judge } = context;
  try {
    if (!judge.current) judge.current = new (await loadBrowserJudge()).BrowserJudge();
    const outcome = await judge.current.run(
      { exerciseId, code, visibleTests, ...(limits ? { limits } : {}) },
      { onProgress: (index) => context.setTestsDone(index + 1) },
    );
    if (outcome.kind === "results") {
      context.onResults(outcome.results, code);
      // The exercise is attempted now, wherever the page shows the learner's standing.
      void loadJudgeClient()
        .then(({ recordBrowserRun }) => recordBrowserRun(exerciseId))
        .then((recorded) => {
          if (recorded) void refreshLearnerSummary();
        });
      return;
    }
    // No Web Worker or WebAssembly here: the server runs the same visible tests.
    context.setNotice({
      tone: "info",
      text: "Running on the server: this browser could not start the judge.",
    });
    context.abort.current = new AbortController();
    const { runOnServer } = await loadJudgeClient();
    handleOutcome(
      context,
      await runOnServer({ exerciseId, code }, context.abort.current.signal),
      code,
    );
    // The server recorded the Run (api/judge/run): show the exercise as attempted.
    void refreshLearnerSummary();
  } catch (error) {
    if ((error as Error)?.name !== "AbortError") {
      context.setNotice({ tone: "error", text: `Run failed: ${describe(error)}` });
    }
  }
}

/** Submit: the full suite on the server. */
export async function submitCode(context: JudgingContext, code: string): Promise<void> {
  try {
    context.abort.current = new AbortController();
    const { submitToServer } = await loadJudgeClient();
    handleOutcome(
      context,
      await submitToServer({ exerciseId: context.exerciseId, code }, context.abort.current.signal),
      code,
    );
    void refreshLearnerSummary();
  } catch (error) {
    if ((error as Error)?.name !== "AbortError") {
      context.setNotice({ tone: "error", text: `Submit failed: ${describe(error)}` });
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
