import type { Dispatch, SetStateAction } from "react";
import { refreshLearnerSummary } from "../progress/learner-summary-store";
import type { BrowserJudge } from "./browser-judge";
import type { JudgeOutcome, Quota } from "./judge-client";
import type { WarmUpJob } from "./judge-protocol";
import type { Busy, Notice } from "./toolbar";
import { whenIdle } from "../when-idle";
import type { JudgingOptions } from "./use-judging";

// What Run and Submit do once clicked (use-judging.ts keeps the state the page shows): the
// one-job-at-a-time rule, the judge's clients, the notices and the countdown after a 429, loaded
// with the judge when the page is idle, or by the first click, not with the page.

// The server routes' client (and the zod schema it checks answers with) is needed only when the
// server answers.
export const loadJudgeClient = () => import("./judge-client");
// The in-browser judge (its worker and QuickJS come later still).
const loadBrowserJudge = () => import("./browser-judge");

/** What the page shows of judging (JudgeStatus, the toolbar). */
export interface JudgingState {
  busy: Busy;
  testsDone: number;
  notice: Notice | null;
  /** Seconds until Submit is allowed again after a 429; 0 when it is. */
  retryIn: number;
  quota: Quota | null;
}

/** What outlives a click, for the page's lifetime (use-judging.ts disposes of it). */
export interface JudgingShared {
  judge: BrowserJudge | null;
  /** The job in flight, aborted when the page goes away. */
  abort: AbortController | null;
  /** Read at the click, not from a render: a second click in the same frame is answered too. */
  busy: Busy;
  retryIn: number;
  countdown?: ReturnType<typeof setInterval>;
  disposed?: boolean;
}

interface JudgingContext extends JudgingOptions {
  shared: JudgingShared;
  update: Dispatch<SetStateAction<JudgingState>>;
}

/**
 * The page's one browser judge. The idle warm-up and a Run clicked before it both ask for it while
 * its code loads: each used to find none and start its own worker, two QuickJS loads on the learner's
 * cores. Checked after the load, not before it, one judge is made.
 */
async function browserJudge(shared: JudgingShared): Promise<BrowserJudge> {
  const { BrowserJudge } = await loadBrowserJudge();
  return (shared.judge ??= new BrowserJudge());
}

/** The browser judge, started and warmed while the learner reads the prompt. */
export function warm(shared: JudgingShared, job?: WarmUpJob): void {
  // A judge made after the page went away starts no worker: only warm() and run() start one.
  void browserJudge(shared).then((judge) => {
    if (!shared.disposed) void judge.warm(job);
  });
}

const setNotice = (context: JudgingContext, notice: Notice | null) =>
  context.update((state) => ({ ...state, notice }));

/** A 429 or a full queue: Submit waits this many seconds, counted down on the button. */
function retryAfter(context: JudgingContext, seconds: number) {
  const { shared, update } = context;
  const until = performance.now() + seconds * 1000;
  clearInterval(shared.countdown);
  const tick = () => {
    const left = Math.max(0, Math.ceil((until - performance.now()) / 1000));
    shared.retryIn = left;
    update((state) => ({ ...state, retryIn: left }));
    if (left === 0) clearInterval(shared.countdown);
  };
  shared.retryIn = seconds;
  if (shared.disposed) return;
  tick();
  shared.countdown = setInterval(tick, 250);
}

/** A click on Run or Submit: one job at a time, and a click that must wait says why. */
export async function judge(kind: Exclude<Busy, null>, context: JudgingContext): Promise<void> {
  const { shared, update } = context;
  if (kind === "submit" && shared.busy === null && shared.retryIn > 0) {
    setNotice(context, {
      tone: "error",
      text: `Too many submissions in a short time. You can submit again in ${shared.retryIn} s.`,
    });
    return;
  }
  if (shared.busy !== null) {
    setNotice(context, {
      tone: "info",
      text: `Still ${shared.busy === "run" ? "running" : "judging"} your last ${shared.busy}. Click again once it has finished.`,
    });
    return;
  }
  shared.busy = kind;
  update((state) => ({ ...state, busy: kind, testsDone: 0, notice: null }));
  try {
    if (kind === "submit") context.flush();
    const code = context.currentCode();
    await (kind === "run" ? runCode(context, code) : submitCode(context, code));
  } catch (error) {
    setNotice(context, {
      tone: "error",
      text: `${kind === "run" ? "Run" : "Submit"} failed: ${describe(error)}`,
    });
  } finally {
    shared.busy = null;
    update((state) => ({ ...state, busy: null }));
  }
}

function handleOutcome(context: JudgingContext, outcome: JudgeOutcome, code: string) {
  const quota = outcome.quota;
  if (quota) context.update((state) => ({ ...state, quota }));
  if (outcome.kind === "results") {
    context.onResults(outcome.results, code);
  } else if (outcome.kind === "rate-limited") {
    retryAfter(context, outcome.retryAfterSeconds);
    setNotice(context, {
      tone: "error",
      text: `${outcome.message} Your code is saved; try again in ${outcome.retryAfterSeconds} s.`,
    });
  } else {
    setNotice(context, { tone: "error", text: outcome.message });
  }
}

/** Run: the visible tests in the browser's worker, or on the server where it cannot start. */
async function runCode(context: JudgingContext, code: string): Promise<void> {
  const { exerciseId, visibleTests, limits, shared } = context;
  try {
    const outcome = await (
      await browserJudge(shared)
    ).run(
      { exerciseId, code, visibleTests, ...(limits ? { limits } : {}) },
      {
        onProgress: (index) => context.update((state) => ({ ...state, testsDone: index + 1 })),
      },
    );
    if (outcome.kind === "results") {
      context.onResults(outcome.results, code);
      // The exercise is attempted now, wherever the page shows the learner's standing. Once the
      // verdict is on screen: the server client's code (zod, 110 kB) loaded by a first Run was
      // evaluated in the frame that was to show the verdict, and held it back.
      whenIdle(
        () =>
          void loadJudgeClient()
            .then(({ recordBrowserRun }) => recordBrowserRun(exerciseId))
            .then((recorded) => {
              if (recorded) void refreshLearnerSummary();
            }),
      );
      return;
    }
    // No Web Worker or WebAssembly here: the server runs the same visible tests.
    setNotice(context, {
      tone: "info",
      text: "Running on the server: this browser could not start the judge.",
    });
    const abort = (shared.abort = new AbortController());
    const { runOnServer } = await loadJudgeClient();
    handleOutcome(context, await runOnServer({ exerciseId, code }, abort.signal), code);
    // The server recorded the Run (api/judge/run): show the exercise as attempted.
    void refreshLearnerSummary();
  } catch (error) {
    if ((error as Error)?.name !== "AbortError") {
      setNotice(context, { tone: "error", text: `Run failed: ${describe(error)}` });
    }
  }
}

/** Submit: the full suite on the server. */
async function submitCode(context: JudgingContext, code: string): Promise<void> {
  try {
    const abort = (context.shared.abort = new AbortController());
    const { submitToServer } = await loadJudgeClient();
    handleOutcome(
      context,
      await submitToServer({ exerciseId: context.exerciseId, code }, abort.signal),
      code,
    );
    void refreshLearnerSummary();
  } catch (error) {
    if ((error as Error)?.name !== "AbortError") {
      setNotice(context, { tone: "error", text: `Submit failed: ${describe(error)}` });
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
