import type { RubricPoint } from "@/lib/content/interview";
import type { ReviewRating } from "@/lib/review/ratings";

// Self-scoring against a rubric: the learner ticks the points they made; the score is the count.
// Browser-safe (no ts-fsrs, no Prisma).

export interface RubricScore {
  score: number;
  total: number;
  said: string[];
  missed: string[];
}

export class UnknownRubricPointError extends Error {
  override readonly name = "UnknownRubricPointError";
}

/** Ticked ids in rubric order; an id the rubric does not have is misuse and throws. */
export function scoreRubric(points: readonly RubricPoint[], ticked: Iterable<string>): RubricScore {
  const set = new Set(ticked);
  const known = new Set(points.map((point) => point.id));
  for (const id of set) {
    if (!known.has(id)) throw new UnknownRubricPointError(`no rubric point has the id "${id}"`);
  }
  const said = points.filter((point) => set.has(point.id)).map((point) => point.id);
  const missed = points.filter((point) => !set.has(point.id)).map((point) => point.id);
  return { score: said.length, total: points.length, said, missed };
}

/** "4 of 6". */
export function describeScore(score: number, total: number): string {
  return `${score} of ${total}`;
}

/**
 * The grade a follow-up's ticks suggest for its card: nothing said is Again, under half Hard, half or
 * more Good, every point Easy. The learner may pick another; this only decides which is offered first.
 */
export function suggestRating(score: number, total: number): ReviewRating {
  if (total <= 0 || score <= 0) return 1;
  if (score >= total) return 4;
  return score * 2 >= total ? 3 : 2;
}
