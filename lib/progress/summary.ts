import { buildReviewQueue, type LessonCard, type StoredCardState } from "@/lib/review/queue";
import type { ProgressOverview } from "./account";
import { lessonKey } from "./lesson-key";

// What every page shows of the learner's progress without rendering per learner: the header (who,
// the Review count), lesson cards and overviews ("3 of 8 exercises solved"), exercise lists
// (solved / attempted / untouched). One small JSON document, fetched by the browser after a
// static page has loaded (GET /api/me/summary).

export interface LessonProgressSummary {
  sectionsRead: string[];
  /** Traps of the lesson whose fix passed. */
  trapsDone: string[];
  /** Cards of the lesson a review session would show now: due ones and never-seen ones. */
  cardsDue: number;
}

export interface LearnerSummary {
  user: { name: string; anonymous: boolean } | null;
  /** Something is saved for this browser: worth an account. */
  hasWork: boolean;
  /** What the Review page would start with now. */
  review: { due: number; fresh: number };
  /** By `course/lesson`. */
  lessons: Record<string, LessonProgressSummary>;
  /** By exercise id: Submits, Runs of the visible tests, solved (lib/progress/exercise-status.ts). */
  exercises: Record<string, { attempts: number; runs: number; solved: boolean }>;
}

export interface SummaryInput {
  user: LearnerSummary["user"];
  overview: ProgressOverview | null;
  cards: readonly LessonCard[];
  states: readonly StoredCardState[];
  now: Date;
}

export function summarizeLearner({
  user,
  overview,
  cards,
  states,
  now,
}: SummaryInput): LearnerSummary {
  const queue = buildReviewQueue(cards, states, now);
  const lessons: Record<string, LessonProgressSummary> = {};
  const lessonOf = (course: string, lesson: string) =>
    (lessons[lessonKey(course, lesson)] ??= { sectionsRead: [], trapsDone: [], cardsDue: 0 });

  // Per lesson, every due or never-seen card counts (the session's cap on new cards is a pacing
  // rule for one sitting, not a property of the lesson).
  const byLesson = new Map<string, LessonCard[]>();
  for (const card of cards) {
    const key = lessonKey(card.course, card.lesson);
    byLesson.set(key, [...(byLesson.get(key) ?? []), card]);
  }
  for (const lessonCards of byLesson.values()) {
    const first = lessonCards[0]!;
    const lessonQueue = buildReviewQueue(lessonCards, states, now, Number.POSITIVE_INFINITY);
    lessonOf(first.course, first.lesson).cardsDue = lessonQueue.dueCount + lessonQueue.newCount;
  }

  for (const read of overview?.lessons ?? []) {
    lessonOf(read.course, read.lesson).sectionsRead = [...read.sectionsRead];
  }
  for (const trap of overview?.traps ?? []) {
    if (trap.fixed) lessonOf(trap.course, trap.lesson).trapsDone.push(trap.trap);
  }
  const exercises: LearnerSummary["exercises"] = {};
  for (const [id, progress] of Object.entries(overview?.exercises ?? {})) {
    exercises[id] = { attempts: progress.attempts, runs: progress.runs, solved: progress.solved };
  }
  const counts = overview?.counts;
  const hasWork =
    !!counts &&
    counts.sectionsRead +
      counts.submissions +
      counts.exercisesRun +
      counts.drafts +
      counts.trapsPredicted >
      0;

  return {
    user,
    hasWork: hasWork || states.length > 0,
    review: { due: queue.dueCount, fresh: queue.newCount },
    lessons,
    exercises,
  };
}
