import "server-only";
import { getDb } from "@/lib/db";
import { systemWallClock } from "@/lib/time/wall-clock";
import type { Viewer } from "@/lib/auth/viewer";
import type { StoreDeps } from "@/lib/progress/store-deps";
import type { InterviewKind } from "./attempt-schemas";
import type { AttemptRecord } from "./build-attempt";
import { interviewFigures } from "./instructor-figures";
import * as store from "./store";

// The interview store on the application's database and clock (server only), as lib/progress does.

const deps = (): StoreDeps => ({ db: getDb(), clock: systemWallClock });

export const recordInterviewAttempt = (
  viewer: Viewer,
  lesson: store.LessonKey,
  record: AttemptRecord,
) => store.recordInterviewAttempt(deps(), viewer, lesson, record);
export const listInterviewAttempts = (
  viewer: Viewer,
  lesson: store.LessonKey,
  kind: InterviewKind,
) => store.listInterviewAttempts(deps(), viewer, lesson, kind);
export const getSimulationAttempt = (viewer: Viewer, id: string) =>
  store.getSimulationAttempt(deps(), viewer, id);
export const getInterviewFigures = (lesson: store.LessonKey) => interviewFigures(getDb(), lesson);
