import type { ReviewRating } from "@/lib/review/ratings";
import type { GradedCard } from "./card-types";

// The card routes, from the browser.

export type GradeOutcome = { ok: true; graded: GradedCard } | { ok: false; message: string };

export async function postGrade(
  ref: { course: string; lesson: string; card: string },
  rating: ReviewRating,
): Promise<GradeOutcome> {
  let response: Response;
  try {
    response = await fetch("/api/cards/review", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ ...ref, rating }),
    });
  } catch {
    return {
      ok: false,
      message: "Could not reach the server: the grade was not saved. Try again.",
    };
  }
  if (!response.ok) {
    return { ok: false, message: `The grade was not saved (HTTP ${response.status}). Try again.` };
  }
  return { ok: true, graded: (await response.json()) as GradedCard };
}
