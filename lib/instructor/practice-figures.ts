import { Prisma } from "@/lib/db/generated/sqlite/client";
import type { CardRow, DashboardDeps, DashboardScope, TrapRow } from "./dashboard-types";
import { rate, toNumber } from "./statistics";

// The practice half of a lesson's dashboard: trap predictions and fixes, and card reviews.

type Row = Record<string, unknown>;

/** ts-fsrs' Rating.Again. */
const AGAIN = 1;

export async function trapFigures({ db }: DashboardDeps, scope: DashboardScope) {
  const [first, totals] = await Promise.all([
    // Each learner's first prediction: later ones come after the explanation has been read.
    db.$queryRaw<Row[]>(Prisma.sql`
      SELECT t.trap AS id, COUNT(DISTINCT t."userId") AS learners,
             COUNT(DISTINCT CASE WHEN t.correct THEN t."userId" END) AS correct
      FROM trap_attempt t
      JOIN (SELECT "userId", trap, MIN("createdAt") AS first_at FROM trap_attempt
            WHERE course = ${scope.course} AND lesson = ${scope.lesson} AND kind = 'predict'
            GROUP BY "userId", trap) f
        ON f."userId" = t."userId" AND f.trap = t.trap AND f.first_at = t."createdAt"
      WHERE t.course = ${scope.course} AND t.lesson = ${scope.lesson} AND t.kind = 'predict'
      GROUP BY t.trap`),
    db.$queryRaw<Row[]>(Prisma.sql`
      SELECT trap AS id, kind, COUNT(*) AS n, SUM(CASE WHEN correct THEN 1 ELSE 0 END) AS passed
      FROM trap_attempt
      WHERE course = ${scope.course} AND lesson = ${scope.lesson}
      GROUP BY trap, kind`),
  ]);
  const firstById = new Map(first.map((row) => [String(row["id"]), row]));
  const total = (id: string, kind: string, field: "n" | "passed") =>
    toNumber(totals.find((row) => row["id"] === id && row["kind"] === kind)?.[field]);
  return {
    rows(scope: DashboardScope): TrapRow[] {
      // Traps in the content first, in order; any others that have rows (a renamed trap) after them.
      const known = new Map(scope.traps.map((trap) => [trap.slug, trap.title]));
      const ids = [
        ...scope.traps.map((trap) => trap.slug),
        ...[...new Set(totals.map((row) => String(row["id"])))]
          .filter((id) => !known.has(id))
          .sort(),
      ];
      return ids.map((id) => {
        const row = firstById.get(id);
        const learners = toNumber(row?.["learners"]);
        const firstCorrect = toNumber(row?.["correct"]);
        return {
          id,
          title: known.get(id) ?? id,
          learners,
          firstCorrect,
          accuracy: rate(firstCorrect, learners),
          predictions: total(id, "predict", "n"),
          fixes: total(id, "fix", "n"),
          fixesPassed: total(id, "fix", "passed"),
        };
      });
    },
  };
}

export async function cardFigures({ db }: DashboardDeps, scope: DashboardScope) {
  // Rating 0 marks a card a trap brought forward, not a grade; 1–4 are Again, Hard, Good, Easy.
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT card AS id, COUNT(*) AS reviews,
           SUM(CASE WHEN rating = ${AGAIN} THEN 1 ELSE 0 END) AS again,
           COUNT(DISTINCT "userId") AS learners
    FROM review_log
    WHERE course = ${scope.course} AND lesson = ${scope.lesson} AND rating >= 1
    GROUP BY card`);
  return (scope: DashboardScope): CardRow[] => {
    const prompts = new Map(scope.cards.map((card) => [card.id, card.prompt]));
    return rows
      .map((row) => {
        const id = String(row["id"]);
        const reviews = toNumber(row["reviews"]);
        const again = toNumber(row["again"]);
        return {
          id,
          prompt: prompts.get(id) ?? id,
          reviews,
          again,
          againRate: rate(again, reviews),
          learners: toNumber(row["learners"]),
        };
      })
      .sort(
        (a, b) =>
          b.again - a.again || (b.againRate ?? 0) - (a.againRate ?? 0) || a.id.localeCompare(b.id),
      );
  };
}
