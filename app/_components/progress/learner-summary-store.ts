"use client";

import { useEffect, useSyncExternalStore } from "react";
import type { LearnerSummary } from "@/lib/progress/summary";
import { inNextTask } from "../in-next-task";

// GET /api/me/summary, shared by every component of the page (header, lesson cards, exercise
// marks). The pages stay static: the summary arrives after hydration; until then `loaded` is
// false and components show a quiet placeholder. refreshLearnerSummary() asks again after
// anything that changes it (a grade, a solved exercise, signing in or out).

export type SummaryState =
  | { status: "loading"; summary: null }
  | { status: "ready"; summary: LearnerSummary }
  | { status: "error"; summary: null };

const LOADING: SummaryState = { status: "loading", summary: null };
let state: SummaryState = LOADING;
let inFlight: Promise<void> | null = null;
let generation = 0;
const listeners = new Set<() => void>();

function publish(next: SummaryState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Fetches the summary again; concurrent calls share one request, a later call supersedes it. */
export function refreshLearnerSummary(): Promise<void> {
  const mine = ++generation;
  inFlight = fetch("/api/me/summary", {
    headers: { accept: "application/json" },
    cache: "no-store",
  })
    .then((response) => (response.ok ? (response.json() as Promise<LearnerSummary>) : null))
    .then((summary) => {
      if (mine !== generation) return;
      // A failed refresh keeps what the page already shows.
      if (summary) publish({ status: "ready", summary });
      else if (state.status !== "ready") publish({ status: "error", summary: null });
    })
    .catch(() => {
      if (mine === generation && state.status !== "ready")
        publish({ status: "error", summary: null });
    })
    .finally(() => {
      if (mine === generation) inFlight = null;
    });
  return inFlight;
}

let firstAskPending = false;

function subscribe(listener: () => void) {
  listeners.add(listener);
  // The first subscriber mounts in the task that hydrates the page.
  if (state === LOADING && !inFlight && !firstAskPending) {
    firstAskPending = true;
    inNextTask(() => {
      firstAskPending = false;
      if (state === LOADING && !inFlight) void refreshLearnerSummary();
    });
  }
  return () => listeners.delete(listener);
}

/** The learner's summary; `loading` on the server and until the first answer. */
export function useLearnerSummary(): SummaryState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
}

let lastKey: string | null = null;

/** Refreshes the summary when `key` (the pathname) changes: a client navigation. */
export function useRefreshOn(key: string) {
  useEffect(() => {
    if (lastKey !== null && lastKey !== key) void refreshLearnerSummary();
    lastKey = key;
  }, [key]);
}
