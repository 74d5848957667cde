"use client";

import { useEffect, useRef, useState } from "react";
import type { JudgeLimits } from "@/lib/judge/core/types";
import type { ResultsDocument } from "@/lib/judge/results";
import type { JudgingShared, JudgingState } from "./judging-actions";
import type { WarmUpJob } from "./judge-protocol";
import type { Notice } from "./toolbar";
import { whenIdle } from "../when-idle";

// What a click does (the one-job-at-a-time rule, the judge's clients, the notices, the countdown
// after a 429) is loaded when the page is idle, or by the first Run or Submit, not with the page
// (judging-actions.ts). This hook keeps only the state the page shows and what outlives a click.
const loadActions = () => import("./judging-actions");

export interface JudgingOptions {
  exerciseId: string;
  visibleTests: string;
  limits?: Partial<JudgeLimits>;
  /** The exercise's starter, judged unseen while the page is idle so that the first Run is fast. */
  warmUpCode?: string;
  /** The code to judge, read at the moment of the click. */
  currentCode(): string;
  /** Saves the draft before a Submit. */
  flush(): void;
  onResults(results: ResultsDocument, code: string): void;
}

const IDLE: JudgingState = { busy: null, testsDone: 0, notice: null, retryIn: 0, quota: null };

/**
 * Run (browser worker, server fallback) and Submit (server), with everything that can go wrong
 * turned into a notice: one job at a time, a click while busy or rate limited is answered rather
 * than dropped, and a 429 starts a countdown from its Retry-After.
 */
export function useJudging(options: JudgingOptions) {
  const [state, update] = useState<JudgingState>(IDLE);
  const shared = useRef<JudgingShared>({ judge: null, abort: null, busy: null, retryIn: 0 });
  // The exercise's own starter and tests, not only a one-line program: the first Run judged the
  // fixed window's starter in 147 ms of the worker's time after a one-line warm-up, 19 ms after a
  // Run of it. As the page opened: the warm-up is judged once.
  const { exerciseId, visibleTests, limits, warmUpCode } = options;
  const warmUpJob = useRef<WarmUpJob | undefined>(
    warmUpCode
      ? { exerciseId, code: warmUpCode, visibleTests, ...(limits ? { limits } : {}) }
      : undefined,
  );

  useEffect(() => {
    const current = shared.current;
    // Load QuickJS and judge a warm-up while the learner reads the prompt, so the first Run is
    // instant: once the page is idle (hydration and the editor come first), within 2 s at most.
    const job = warmUpJob.current;
    const start = () => void loadActions().then((actions) => actions.warm(current, job));
    const cancelWarm = whenIdle(start);
    // The server routes' client brings zod (about 32 kB gzipped; evaluating it is a long task on a
    // phone): fetched once the learner does something on the page, in idle time, well before their
    // first Submit, and never for a visit that only reads. A second after that first act: it is
    // often the click on Run, and the page is idle while the worker judges, so the client's code
    // was evaluated in the frame that was to show the first verdict.
    let cancelClient = () => {};
    const onActivity = () => {
      window.removeEventListener("pointerdown", onActivity);
      window.removeEventListener("keydown", onActivity);
      const timer = window.setTimeout(() => {
        cancelClient = whenIdle(() => void loadActions().then((a) => a.loadJudgeClient()));
      }, 1_000);
      cancelClient = () => window.clearTimeout(timer);
    };
    window.addEventListener("pointerdown", onActivity, { passive: true });
    window.addEventListener("keydown", onActivity, { passive: true });
    return () => {
      cancelWarm();
      cancelClient();
      window.removeEventListener("pointerdown", onActivity);
      window.removeEventListener("keydown", onActivity);
      current.disposed = true;
      clearInterval(current.countdown);
      current.judge?.dispose();
      current.judge = null;
      // The job in flight when the page goes away (the actions set it), not the one at mount.
      current.abort?.abort();
    };
  }, []);

  const setNotice = (notice: Notice | null) => update((previous) => ({ ...previous, notice }));

  // The actions report their own failures; a failure to load them is the click's.
  const act = async (kind: "run" | "submit") => {
    try {
      await (await loadActions()).judge(kind, { ...options, shared: shared.current, update });
    } catch (error) {
      setNotice({
        tone: "error",
        text: `${kind === "run" ? "Run" : "Submit"} failed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  return { ...state, setNotice, run: () => act("run"), submit: () => act("submit") };
}
