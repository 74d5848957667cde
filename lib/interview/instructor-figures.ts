import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/sqlite/client";
import type { InterviewKind } from "./attempt-schemas";

// The mock-interview half of a lesson's instructor dashboard: attempts per mode, and the rubric
// points learners say least often, counted in the database from interview_mark.

export interface KindFigures {
  kind: InterviewKind;
  attempts: number;
  learners: number;
  /** Mean share of rubric points said, 0–1; null without attempts. */
  meanScore: number | null;
}

export interface WeakPoint {
  kind: InterviewKind;
  part: string;
  point: string;
  /** Attempts that scored this point. */
  asked: number;
  said: number;
  learners: number;
  /** said / asked. */
  rate: number;
}

export interface InterviewFigures {
  kinds: KindFigures[];
  weakest: WeakPoint[];
}

type Row = Record<string, unknown>;
const toNumber = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

export async function interviewFigures(
  db: Db,
  lesson: { course: string; lesson: string },
  limit = 10,
): Promise<InterviewFigures> {
  const [kinds, points] = await Promise.all([
    db.$queryRaw<Row[]>(Prisma.sql`
      SELECT kind, COUNT(*) AS attempts, COUNT(DISTINCT "userId") AS learners,
             AVG(CASE WHEN total > 0 THEN CAST(score AS REAL) / total END) AS mean
      FROM interview_attempt
      WHERE course = ${lesson.course} AND lesson = ${lesson.lesson}
      GROUP BY kind`),
    db.$queryRaw<Row[]>(Prisma.sql`
      SELECT m.kind AS kind, m.part AS part, m.point AS point, COUNT(*) AS asked,
             SUM(CASE WHEN m.said THEN 1 ELSE 0 END) AS said,
             COUNT(DISTINCT a."userId") AS learners
      FROM interview_mark m JOIN interview_attempt a ON a.id = m."attemptId"
      WHERE m.course = ${lesson.course} AND m.lesson = ${lesson.lesson}
      GROUP BY m.kind, m.part, m.point`),
  ]);
  const order: InterviewKind[] = ["drill", "follow-ups", "simulation"];
  return {
    kinds: order.map((kind) => {
      const row = kinds.find((k) => k["kind"] === kind);
      const attempts = toNumber(row?.["attempts"]);
      return {
        kind,
        attempts,
        learners: toNumber(row?.["learners"]),
        meanScore: attempts > 0 ? toNumber(row?.["mean"]) : null,
      };
    }),
    weakest: points
      .map((row) => {
        const asked = toNumber(row["asked"]);
        const said = toNumber(row["said"]);
        return {
          kind: String(row["kind"]) as InterviewKind,
          part: String(row["part"]),
          point: String(row["point"]),
          asked,
          said,
          learners: toNumber(row["learners"]),
          rate: asked > 0 ? said / asked : 0,
        };
      })
      .sort((a, b) => a.rate - b.rate || b.asked - a.asked || a.point.localeCompare(b.point))
      .slice(0, limit),
  };
}
