"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { JudgeLimits } from "@/lib/judge/core/types";
import type { ResultsDocument } from "@/lib/judge/results";
import { refreshLearnerSummary } from "../progress/learner-summary-store";
import type { BrowserJudge } from "./browser-judge";
import type { JudgeOutcome, Quota } from "./judge-client";
import type { Busy, Notice } from "./toolbar";

// The server routes' client (and the zod schema it checks answers with) is needed only when the
// server answers: loaded on the first Submit, or when the browser is idle, not with the page.
const loadJudgeClient = () => import("./judge-client");
// The in-browser judge (its worker and QuickJS come later still) is not needed to show the page
// either: loaded when the page is idle, or by the first Run (decision 295).
const loadBrowserJudge = () => import("./browser-judge");

export interface JudgingOptions {
  exerciseId: string;
  visibleTests: string;
  limits?: Partial<JudgeLimits>;
  /** The code to judge, read at the moment of the click. */
  currentCode(): string;
  /** Saves the draft before a Submit. */
  flush(): void;
  onResults(results: ResultsDocument, code: string): void;
}

/**
 * Run (browser worker, server fallback) and Submit (server), with everything that can go wrong
 * turned into a notice: one job at a time, a click while busy or rate limited is answered rather
 * than dropped, and a 429 starts a countdown from its Retry-After.
 */
export function useJudging({
  exerciseId,
  visibleTests,
  limits,
  currentCode,
  flush,
  onResults,
}: JudgingOptions) {
  const [busy, setBusy] = useState<Busy>(null);
  const [testsDone, setTestsDone] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [retryUntil, setRetryUntil] = useState(0);
  const [retryIn, setRetryIn] = useState(0);
  const [quota, setQuota] = useState<Quota | null>(null);
  const judge = useRef<BrowserJudge | null>(null);
  const busyRef = useRef<Busy>(null);
  const retryRef = useRef(0);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    let disposed = false;
    // Load QuickJS and judge a warm-up while the learner reads the prompt, so the first Run is
    // instant: once the page is idle (hydration and the editor come first), within 2 s at most.
    const start = () => {
      void loadBrowserJudge().then(({ BrowserJudge }) => {
        if (disposed || judge.current) return;
        judge.current = new BrowserJudge();
        void judge.current.warm();
      });
      void loadJudgeClient();
    };
    const idle = typeof window.requestIdleCallback === "function";
    const warm = idle
      ? window.requestIdleCallback(start, { timeout: 2_000 })
      : window.setTimeout(start, 0);
    return () => {
      if (idle) window.cancelIdleCallback(warm);
      else window.clearTimeout(warm);
      disposed = true;
      judge.current?.dispose();
      judge.current = null;
      abort.current?.abort();
    };
  }, []);

  useEffect(() => {
    if (retryUntil === 0) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((retryUntil - performance.now()) / 1000));
      retryRef.current = left;
      setRetryIn(left);
      if (left === 0) setRetryUntil(0);
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [retryUntil]);

  const handleOutcome = useCallback(
    (outcome: JudgeOutcome, code: string) => {
      if (outcome.quota) setQuota(outcome.quota);
      if (outcome.kind === "results") {
        onResults(outcome.results, code);
      } else if (outcome.kind === "rate-limited") {
        retryRef.current = outcome.retryAfterSeconds;
        setRetryUntil(performance.now() + outcome.retryAfterSeconds * 1000);
        setNotice({
          tone: "error",
          text: `${outcome.message} Your code is saved; try again in ${outcome.retryAfterSeconds} s.`,
        });
      } else {
        setNotice({ tone: "error", text: outcome.message });
      }
    },
    [onResults],
  );

  const begin = useCallback((kind: Exclude<Busy, null>): boolean => {
    const current = busyRef.current;
    if (current !== null) {
      setNotice({
        tone: "info",
        text: `Still ${current === "run" ? "running" : "judging"} your last ${current}. Click again once it has finished.`,
      });
      return false;
    }
    busyRef.current = kind;
    setBusy(kind);
    setTestsDone(0);
    setNotice(null);
    return true;
  }, []);

  const end = useCallback(() => {
    busyRef.current = null;
    setBusy(null);
  }, []);

  const run = useCallback(async () => {
    if (!begin("run")) return;
    const code = currentCode();
    try {
      if (!judge.current) judge.current = new (await loadBrowserJudge()).BrowserJudge();
      const outcome = await judge.current.run(
        { exerciseId, code, visibleTests, ...(limits ? { limits } : {}) },
        { onProgress: (index) => setTestsDone(index + 1) },
      );
      if (outcome.kind === "results") {
        onResults(outcome.results, code);
        // The exercise is attempted now, wherever the page shows the learner's standing.
        void loadJudgeClient()
          .then(({ recordBrowserRun }) => recordBrowserRun(exerciseId))
          .then((recorded) => {
            if (recorded) void refreshLearnerSummary();
          });
        return;
      }
      // No Web Worker or WebAssembly here: the server runs the same visible tests.
      setNotice({
        tone: "info",
        text: "Running on the server: this browser could not start the judge.",
      });
      abort.current = new AbortController();
      const { runOnServer } = await loadJudgeClient();
      handleOutcome(await runOnServer({ exerciseId, code }, abort.current.signal), code);
      // The server recorded the Run (api/judge/run): show the exercise as attempted.
      void refreshLearnerSummary();
    } catch (error) {
      if ((error as Error)?.name !== "AbortError") {
        setNotice({ tone: "error", text: `Run failed: ${describe(error)}` });
      }
    } finally {
      end();
    }
  }, [begin, end, currentCode, exerciseId, visibleTests, limits, onResults, handleOutcome]);

  const submit = useCallback(async () => {
    if (busyRef.current === null && retryRef.current > 0) {
      setNotice({
        tone: "error",
        text: `Too many submissions in a short time. You can submit again in ${retryRef.current} s.`,
      });
      return;
    }
    if (!begin("submit")) return;
    const code = currentCode();
    flush();
    try {
      abort.current = new AbortController();
      const { submitToServer } = await loadJudgeClient();
      handleOutcome(await submitToServer({ exerciseId, code }, abort.current.signal), code);
      void refreshLearnerSummary();
    } catch (error) {
      if ((error as Error)?.name !== "AbortError") {
        setNotice({ tone: "error", text: `Submit failed: ${describe(error)}` });
      }
    } finally {
      end();
    }
  }, [begin, end, currentCode, flush, exerciseId, handleOutcome]);

  return { busy, testsDone, notice, setNotice, retryIn, quota, run, submit };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
