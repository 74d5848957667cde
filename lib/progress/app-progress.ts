import "server-only";
import { getAuth } from "@/lib/auth";
import { confirmPassword, signOutHeaders } from "@/lib/auth/account";
import type { Viewer } from "@/lib/auth/viewer";
import { getDb } from "@/lib/db";
import { systemWallClock } from "@/lib/time/wall-clock";
import * as account from "./account";
import * as drafts from "./drafts";
import * as practice from "./practice";
import * as runs from "./runs";
import type { SectionRef, SubmissionInput, TrapAttemptInput } from "./schemas";
import * as sections from "./sections";
import * as submissions from "./submissions";
import type { StoreDeps } from "./store-deps";
import type { SchedulingState } from "@/lib/review/scheduler";

// The server-side progress API on the application's database (see README.md beside this file).
// Every function takes the Viewer resolved from the session cookie (lib/auth) and touches only that
// viewer's rows. Tests call the modules directly with their own StoreDeps.

const deps = (): StoreDeps => ({ db: getDb(), clock: systemWallClock });

// Progress -------------------------------------------------------------------------------------

export const markSectionRead = (viewer: Viewer, ref: SectionRef) =>
  sections.markSectionRead(deps(), viewer, ref);

export interface LessonProgress {
  sectionsRead: string[];
  exercises: Record<string, submissions.ExerciseProgress>;
}

/**
 * Sections read in one lesson, and the viewer's exercises (attempts, runs, best verdict, solved). Exercise
 * ids are platform-wide, so pass the lesson's ids to narrow the map; without them it holds every
 * exercise the viewer has submitted.
 */
export async function getLessonProgress(
  viewer: Viewer | null,
  course: string,
  lesson: string,
  exerciseIds?: readonly string[],
): Promise<LessonProgress> {
  if (!viewer) return { sectionsRead: [], exercises: {} };
  const [sectionsRead, exercises] = await Promise.all([
    sections.listSectionsRead(deps(), viewer, course, lesson),
    submissions.exerciseProgress(deps(), viewer, exerciseIds),
  ]);
  return { sectionsRead, exercises };
}

export const saveDraft = (viewer: Viewer, exerciseId: string, code: string) =>
  drafts.saveDraft(deps(), viewer, exerciseId, code);
export const getDraft = (viewer: Viewer, exerciseId: string) =>
  drafts.getDraft(deps(), viewer, exerciseId);

export const recordSubmission = (viewer: Viewer, input: SubmissionInput) =>
  submissions.recordSubmission(deps(), viewer, input);
export const listSubmissions = (viewer: Viewer, exerciseId: string) =>
  submissions.listSubmissions(deps(), viewer, exerciseId);
export const getSubmission = (viewer: Viewer, id: string) =>
  submissions.getSubmission(deps(), viewer, id);

/** Counts a Run of the exercise's visible tests: the exercise is attempted from now on. */
export const recordExerciseRun = (viewer: Viewer, exerciseId: string) =>
  runs.recordExerciseRun(deps(), viewer, exerciseId);

export const recordTrapAttempt = (viewer: Viewer, input: TrapAttemptInput) =>
  practice.recordTrapAttempt(deps(), viewer, input);
export const getCardState = (viewer: Viewer, ref: practice.CardRef) =>
  practice.getCardState(deps(), viewer, ref);
export const recordReview = (
  viewer: Viewer,
  ref: practice.CardRef,
  review: { rating: number; next: SchedulingState },
) => practice.recordReview(deps(), viewer, ref, review);
export const listCardStates = (viewer: Viewer, lesson?: { course: string; lesson: string }) =>
  practice.listCardStates(deps(), viewer, lesson);
export const listReviewTimes = (viewer: Viewer) => practice.listReviewTimes(deps(), viewer);
export const listTrapAttempts = (viewer: Viewer, lesson: { course: string; lesson: string }) =>
  practice.listTrapAttempts(deps(), viewer, lesson);

export const progressOverview = (viewer: Viewer) => account.progressOverview(deps(), viewer);
export const exportUserData = (viewer: Viewer) => account.exportUserData(deps(), viewer);
export const deleteUserData = (viewer: Viewer) => account.deleteUserData(deps(), viewer);
export const getProfile = (viewer: Viewer) => account.getProfile(deps(), viewer);

/**
 * Deletes the viewer's account and all its data after re-checking the password (none for an
 * anonymous learner). Returns the Set-Cookie headers that end the session, or null if the
 * password was wrong.
 */
export async function deleteAccount(
  requestHeaders: Headers,
  viewer: Viewer,
  password: string | undefined,
): Promise<Headers | null> {
  if (!(await confirmPassword(getAuth(), getDb(), viewer, password))) return null;
  const cookies = await signOutHeaders(getAuth(), requestHeaders);
  await account.deleteUserData(deps(), viewer);
  return cookies;
}
