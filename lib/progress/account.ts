import { currentStreak } from "./streak";
import { countCardsDue } from "./practice";
import { exerciseProgress, type ExerciseProgress } from "./submissions";
import type { Viewer } from "@/lib/auth/viewer";
import type { StoreDeps } from "./store-deps";

export interface LessonSummary {
  course: string;
  lesson: string;
  sectionsRead: string[];
}

export interface TrapSummary {
  course: string;
  lesson: string;
  trap: string;
  predicted: boolean;
  predictedCorrectly: boolean;
  fixed: boolean;
}

/** Everything the "My progress" page and GET /api/me show. */
export interface ProgressOverview {
  lessons: LessonSummary[];
  exercises: Record<string, ExerciseProgress>;
  traps: TrapSummary[];
  cardsDue: number;
  streak: number;
  counts: {
    sectionsRead: number;
    submissions: number;
    /** Exercises whose visible tests were run at least once. */
    exercisesRun: number;
    exercisesSolved: number;
    drafts: number;
    trapsPredicted: number;
    trapsFixed: number;
    cardsDue: number;
  };
}

export async function progressOverview(deps: StoreDeps, viewer: Viewer): Promise<ProgressOverview> {
  const userId = viewer.userId;
  const [reads, exercises, traps, cardsDue, drafts, submissionTimes, reviewTimes] =
    await Promise.all([
      deps.db.sectionRead.findMany({ where: { userId }, orderBy: { readAt: "asc" } }),
      exerciseProgress(deps, viewer),
      deps.db.trapAttempt.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
      countCardsDue(deps, viewer),
      deps.db.draft.count({ where: { userId } }),
      deps.db.submission.findMany({ where: { userId }, select: { createdAt: true } }),
      deps.db.reviewLog.findMany({ where: { userId }, select: { reviewedAt: true } }),
    ]);

  const lessons = new Map<string, LessonSummary>();
  for (const read of reads) {
    const key = `${read.course}/${read.lesson}`;
    const entry = lessons.get(key) ?? {
      course: read.course,
      lesson: read.lesson,
      sectionsRead: [],
    };
    entry.sectionsRead.push(read.section);
    lessons.set(key, entry);
  }

  const trapMap = new Map<string, TrapSummary>();
  for (const attempt of traps) {
    const key = `${attempt.course}/${attempt.lesson}/${attempt.trap}`;
    const entry = trapMap.get(key) ?? {
      course: attempt.course,
      lesson: attempt.lesson,
      trap: attempt.trap,
      predicted: false,
      predictedCorrectly: false,
      fixed: false,
    };
    if (attempt.kind === "predict") {
      // The first prediction is the one that counts: later ones come after seeing the answer.
      if (!entry.predicted) entry.predictedCorrectly = attempt.correct;
      entry.predicted = true;
    } else if (attempt.kind === "fix" && attempt.correct) {
      entry.fixed = true;
    }
    trapMap.set(key, entry);
  }
  const trapList = [...trapMap.values()];

  const activity = [
    ...reads.map((r) => r.readAt),
    ...submissionTimes.map((s) => s.createdAt),
    ...traps.map((t) => t.createdAt),
    ...reviewTimes.map((r) => r.reviewedAt),
  ];
  const streak = currentStreak(activity, deps.clock.now());

  return {
    lessons: [...lessons.values()],
    exercises,
    traps: trapList,
    cardsDue,
    streak,
    counts: {
      sectionsRead: reads.length,
      submissions: submissionTimes.length,
      exercisesRun: Object.values(exercises).filter((e) => e.runs > 0).length,
      exercisesSolved: Object.values(exercises).filter((e) => e.solved).length,
      drafts,
      trapsPredicted: trapList.filter((t) => t.predicted).length,
      trapsFixed: trapList.filter((t) => t.fixed).length,
      cardsDue,
    },
  };
}

/** "My data": every row that belongs to the viewer, without secrets (sessions, password hashes). */
export async function exportUserData(deps: StoreDeps, viewer: Viewer) {
  const userId = viewer.userId;
  const [
    user,
    sectionsRead,
    drafts,
    submissions,
    exerciseRuns,
    trapAttempts,
    reviewCards,
    reviewLogs,
    interviews,
  ] = await Promise.all([
    deps.db.user.findUnique({
      where: { id: userId },
      select: {
        id: true,
        name: true,
        email: true,
        role: true,
        isAnonymous: true,
        createdAt: true,
      },
    }),
    deps.db.sectionRead.findMany({ where: { userId }, omit: { userId: true } }),
    deps.db.draft.findMany({ where: { userId }, omit: { userId: true } }),
    deps.db.submission.findMany({ where: { userId }, omit: { userId: true } }),
    deps.db.exerciseRun.findMany({ where: { userId }, omit: { userId: true } }),
    deps.db.trapAttempt.findMany({ where: { userId }, omit: { userId: true } }),
    deps.db.reviewCard.findMany({ where: { userId }, omit: { userId: true } }),
    deps.db.reviewLog.findMany({ where: { userId }, omit: { userId: true } }),
    deps.db.interviewAttempt.findMany({ where: { userId }, omit: { userId: true } }),
  ]);
  return {
    exportedAt: deps.clock.now().toISOString(),
    user: user && { ...user, isAnonymous: Boolean(user.isAnonymous) },
    sectionsRead,
    drafts,
    submissions: submissions.map((s) => ({ ...s, results: JSON.parse(s.results) as unknown })),
    exerciseRuns,
    trapAttempts,
    reviewCards,
    reviewLogs,
    interviewAttempts: interviews.map((a) => ({ ...a, details: JSON.parse(a.details) as unknown })),
  };
}

/** Deletes the user and, by cascade, every row of theirs: sessions, accounts, progress. */
export async function deleteUserData(deps: StoreDeps, viewer: Viewer): Promise<void> {
  await deps.db.user.deleteMany({ where: { id: viewer.userId } });
}

export interface Profile {
  name: string;
  /** null for an anonymous learner (whose stored address is a placeholder). */
  email: string | null;
  createdAt: Date;
}

export async function getProfile(deps: StoreDeps, viewer: Viewer): Promise<Profile | null> {
  const user = await deps.db.user.findUnique({ where: { id: viewer.userId } });
  if (!user) return null;
  return {
    name: user.name,
    email: viewer.anonymous ? null : user.email,
    createdAt: user.createdAt,
  };
}
