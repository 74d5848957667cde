"use client";

import { useSyncExternalStore } from "react";
import { inNextTask } from "../in-next-task";

// One fetch of /api/progress/lessons/<course>/<lesson> per lesson and page load, shared by every
// checkmark, progress bar and tracker on the page. The lesson pages stay static: progress arrives
// after hydration and only ever adds marks.

export interface LessonProgressState {
  loaded: boolean;
  sectionsRead: ReadonlySet<string>;
  exercises: Readonly<
    Record<string, { attempts: number; runs: number; bestVerdict: string | null; solved: boolean }>
  >;
}

const EMPTY: LessonProgressState = { loaded: false, sectionsRead: new Set(), exercises: {} };

const states = new Map<string, LessonProgressState>();
const listeners = new Map<string, Set<() => void>>();
const requested = new Set<string>();

const keyOf = (course: string, lesson: string) => `${course}/${lesson}`;

function publish(key: string, state: LessonProgressState): void {
  states.set(key, state);
  for (const listener of listeners.get(key) ?? []) listener();
}

function load(course: string, lesson: string): void {
  const key = keyOf(course, lesson);
  if (requested.has(key)) return;
  requested.add(key);
  // Subscribed while the page hydrates.
  inNextTask(() => fetchProgress(key, course, lesson));
}

function fetchProgress(key: string, course: string, lesson: string): void {
  fetch(`/api/progress/lessons/${course}/${lesson}`, { headers: { accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : null))
    .then(
      (body: { sectionsRead: string[]; exercises: LessonProgressState["exercises"] } | null) => {
        const current = states.get(key) ?? EMPTY;
        publish(key, {
          loaded: true,
          sectionsRead: new Set([...current.sectionsRead, ...(body?.sectionsRead ?? [])]),
          exercises: body?.exercises ?? current.exercises,
        });
      },
    )
    .catch(() => {
      // Offline or server trouble: the page works without marks.
      requested.delete(key);
    });
}

export function useLessonProgress(course: string, lesson: string): LessonProgressState {
  const key = keyOf(course, lesson);
  return useSyncExternalStore(
    (listener) => {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      load(course, lesson);
      return () => set.delete(listener);
    },
    () => states.get(key) ?? EMPTY,
    () => EMPTY,
  );
}

/** Records a section as read on the server and marks it at once on the page. */
export async function markRead(course: string, lesson: string, section: string): Promise<boolean> {
  const key = keyOf(course, lesson);
  const response = await fetch("/api/progress/sections", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ course, lesson, section }),
  });
  if (!response.ok) return false;
  const current = states.get(key) ?? EMPTY;
  publish(key, { ...current, sectionsRead: new Set([...current.sectionsRead, section]) });
  return true;
}
