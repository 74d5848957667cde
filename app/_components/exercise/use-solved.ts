"use client";

import { useEffect, useState } from "react";
import { readStored, writeStored } from "../browser-storage";

function solvedKey(exerciseId: string) {
  return `tradeoff:exercise:${exerciseId}:solved`;
}

/**
 * Whether the learner has solved the exercise: an accepted Submit in this page view (`solvedHere`,
 * remembered on this device from then on), before on this device (localStorage) or anywhere (the
 * progress API, which answers with an empty record for someone without a session). Used by the
 * solution panel, which loads after hydration, so none of this is in the page's first load.
 */
export function useSolved(
  course: string,
  lesson: string,
  exerciseId: string,
  solvedHere: boolean,
): boolean {
  const [solvedBefore, setSolvedBefore] = useState(false);

  useEffect(() => {
    // Read after mount so the server HTML and the first client render agree. Without storage the
    // solution unlocks again on the next accepted submission.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (readStored(solvedKey(exerciseId)) === "1") setSolvedBefore(true);
    const request = new AbortController();
    void fetchSolved(course, lesson, exerciseId, request.signal).then((onServer) => {
      if (onServer) setSolvedBefore(true);
    });
    return () => request.abort();
  }, [course, lesson, exerciseId]);

  useEffect(() => {
    if (solvedHere) writeStored(solvedKey(exerciseId), "1"); // without storage: this view only
  }, [solvedHere, exerciseId]);

  return solvedHere || solvedBefore;
}

async function fetchSolved(
  course: string,
  lesson: string,
  exerciseId: string,
  signal: AbortSignal,
): Promise<boolean> {
  try {
    const response = await fetch(
      `/api/progress/lessons/${course}/${lesson}?exercises=${encodeURIComponent(exerciseId)}`,
      { headers: { accept: "application/json" }, cache: "no-store", signal },
    );
    if (!response.ok) return false;
    const body = (await response.json()) as {
      exercises?: Record<string, { solved?: boolean } | undefined>;
    };
    return body.exercises?.[exerciseId]?.solved === true;
  } catch {
    return false;
  }
}
