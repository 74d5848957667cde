"use client";

import { useCallback, useEffect, useState } from "react";
import { readStored, writeStored } from "../browser-storage";

function solvedKey(exerciseId: string) {
  return `tradeoff:exercise:${exerciseId}:solved`;
}

/**
 * Whether the learner has solved the exercise: an accepted Submit on this device (localStorage) or
 * anywhere (the progress API, which answers with an empty record for someone without a session).
 */
export function useSolved(course: string, lesson: string, exerciseId: string) {
  const [solved, setSolved] = useState(false);

  useEffect(() => {
    // Read after mount so the server HTML and the first client render agree. Without storage the
    // solution unlocks again on the next accepted submission.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (readStored(solvedKey(exerciseId)) === "1") setSolved(true);
    const request = new AbortController();
    void fetchSolved(course, lesson, exerciseId, request.signal).then((onServer) => {
      if (onServer) setSolved(true);
    });
    return () => request.abort();
  }, [course, lesson, exerciseId]);

  const markSolved = useCallback(() => {
    setSolved(true);
    writeStored(solvedKey(exerciseId), "1"); // without storage: for this page view only
  }, [exerciseId]);

  return { solved, markSolved };
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
