import type { Viewer } from "@/lib/auth/viewer";
import type { StoreDeps } from "@/lib/progress/store-deps";
import type { AttemptView, InterviewKind } from "./attempt-schemas";
import type { AttemptRecord } from "./build-attempt";

// Interview attempts in the progress database, scoped to the viewer like every progress table.
// The attempt and its marks are written in one transaction.

export interface LessonKey {
  course: string;
  lesson: string;
}

export async function recordInterviewAttempt(
  deps: StoreDeps,
  viewer: Viewer,
  lesson: LessonKey,
  record: AttemptRecord,
): Promise<AttemptView> {
  const createdAt = deps.clock.now();
  const row = await deps.db.$transaction((tx) =>
    tx.interviewAttempt.create({
      data: {
        userId: viewer.userId,
        ...lesson,
        kind: record.kind,
        score: record.score,
        total: record.total,
        timeUsedMs: record.timeUsedMs,
        timeLimitMs: record.timeLimitMs,
        details: JSON.stringify(record.details),
        createdAt,
        marks: {
          create: record.marks.map((mark) => ({ ...lesson, kind: record.kind, ...mark })),
        },
      },
    }),
  );
  return toView(row);
}

/** The viewer's attempts of one kind in one lesson, newest first. */
export async function listInterviewAttempts(
  deps: StoreDeps,
  viewer: Viewer,
  lesson: LessonKey,
  kind: InterviewKind,
  limit = 50,
): Promise<AttemptView[]> {
  const rows = await deps.db.interviewAttempt.findMany({
    where: { userId: viewer.userId, ...lesson, kind },
    orderBy: { createdAt: "desc" },
    take: limit,
  });
  return rows.map(toView);
}

export interface SimulationRecord extends AttemptView {
  notes: string;
  drawing: string | null;
}

/** One of the viewer's simulations with its notes and drawing; null for another learner's id. */
export async function getSimulationAttempt(
  deps: StoreDeps,
  viewer: Viewer,
  id: string,
): Promise<SimulationRecord | null> {
  const row = await deps.db.interviewAttempt.findFirst({
    where: { id, userId: viewer.userId, kind: "simulation" },
  });
  if (!row) return null;
  const details = parseDetails(row.details);
  return {
    ...toView(row),
    notes: typeof details["notes"] === "string" ? details["notes"] : "",
    drawing: typeof details["drawing"] === "string" ? details["drawing"] : null,
  };
}

interface AttemptRow {
  id: string;
  kind: string;
  score: number;
  total: number;
  timeUsedMs: number;
  timeLimitMs: number;
  createdAt: Date;
  details: string;
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toView(row: AttemptRow): AttemptView {
  const details = parseDetails(row.details);
  const list = (details["questions"] ?? details["phases"] ?? []) as unknown[];
  const parts = Array.isArray(list)
    ? list.flatMap((item) => {
        const part = item as { card?: unknown; id?: unknown; score?: unknown; total?: unknown };
        const id = typeof part.card === "string" ? part.card : part.id;
        return typeof id === "string" &&
          typeof part.score === "number" &&
          typeof part.total === "number"
          ? [{ id, score: part.score, total: part.total }]
          : [];
      })
    : [];
  return {
    id: row.id,
    kind: row.kind as InterviewKind,
    score: row.score,
    total: row.total,
    timeUsedMs: row.timeUsedMs,
    timeLimitMs: row.timeLimitMs,
    createdAt: row.createdAt,
    parts,
  };
}
