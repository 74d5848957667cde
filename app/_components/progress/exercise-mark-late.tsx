"use client";

import { Suspense, lazy } from "react";

// The exercise page's progress mark, rendered by the server as usual (an invisible mark holds its
// place until the learner's summary is in), with its code out of the page's first load: the browser
// fetches it while hydrating and hydrates the mark when it arrives. Its one prop never changes, so
// the server's HTML is kept (decision 440's late-hydrated parts).
const ExerciseMark = lazy(() =>
  import("./exercise-mark").then((module) => ({ default: module.ExerciseMark })),
);

export function ExerciseMarkLate({ exercise }: { exercise: string }) {
  return (
    <Suspense>
      <ExerciseMark exercise={exercise} />
    </Suspense>
  );
}
