"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { JudgeLimits } from "@/lib/judge/core/types";
import type { ResultsDocument } from "@/lib/judge/results";
import type { BrowserJudge } from "./browser-judge";
import type { Quota } from "./judge-client";
import type { JudgingContext } from "./judging-actions";
import type { Busy, Notice } from "./toolbar";

// What a click does (the judge's clients, the notices) is loaded when the page is idle, or by the
// first Run or Submit, not with the page (judging-actions.ts).
const loadActions = () => import("./judging-actions");
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
    // The job in flight when the page goes away (the actions set it), not the one at mount.
    const inFlight = abort;
    // Load QuickJS and judge a warm-up while the learner reads the prompt, so the first Run is
    // instant: once the page is idle (hydration and the editor come first), within 2 s at most.
    const start = () => {
      void loadBrowserJudge().then(({ BrowserJudge }) => {
        if (disposed || judge.current) return;
        judge.current = new BrowserJudge();
        void judge.current.warm();
      });
      void loadActions();
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
      inFlight.current?.abort();
    };
  }, []);

  // The server routes' client brings zod (about 32 kB gzipped; evaluating it is a long task on a
  // phone): fetched once the learner does something on the page, in idle time, well before their
  // first Submit, and never for a visit that only reads.
  useEffect(() => {
    const later = window.requestIdleCallback ?? window.setTimeout;
    const onActivity = () => {
      window.removeEventListener("pointerdown", onActivity);
      window.removeEventListener("keydown", onActivity);
      later(() => void loadActions().then((actions) => actions.loadJudgeClient()));
    };
    window.addEventListener("pointerdown", onActivity, { passive: true });
    window.addEventListener("keydown", onActivity, { passive: true });
    return () => {
      window.removeEventListener("pointerdown", onActivity);
      window.removeEventListener("keydown", onActivity);
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

  const context = (): JudgingContext => ({
    exerciseId,
    visibleTests,
    limits,
    judge,
    abort,
    onResults,
    setNotice,
    setTestsDone,
    setQuota,
    retryAfter: (seconds) => {
      retryRef.current = seconds;
      setRetryUntil(performance.now() + seconds * 1000);
    },
  });

  // The actions report their own failures; a failure to load them is the click's.
  const act = async (kind: "run" | "submit", action: (code: string) => Promise<void>) => {
    try {
      await action(currentCode());
    } catch (error) {
      setNotice({
        tone: "error",
        text: `${kind === "run" ? "Run" : "Submit"} failed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  const run = async () => {
    if (!begin("run")) return;
    await act("run", async (code) => (await loadActions()).runCode(context(), code));
    end();
  };

  const submit = async () => {
    if (busyRef.current === null && retryRef.current > 0) {
      setNotice({
        tone: "error",
        text: `Too many submissions in a short time. You can submit again in ${retryRef.current} s.`,
      });
      return;
    }
    if (!begin("submit")) return;
    flush();
    await act("submit", async (code) => (await loadActions()).submitCode(context(), code));
    end();
  };

  return { busy, testsDone, notice, setNotice, retryIn, quota, run, submit };
}
