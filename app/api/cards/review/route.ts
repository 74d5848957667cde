import { z } from "zod";
import { slugPattern } from "@/lib/content/slug";
import { assertSameOrigin, HttpProblem, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { systemWallClock } from "@/lib/time/wall-clock";
import { requireLearner } from "@/lib/auth";
import { courseSchema, lessonSchema } from "@/lib/progress/schemas";
import { getCardState, recordReview } from "@/lib/progress/app-progress";
import { createReviewScheduler, gradeCard, RATINGS, type ReviewRating } from "@/lib/review";
import { requireLessonCards, scheduleView } from "../card-route";

export const dynamic = "force-dynamic";

const bodySchema = z.strictObject({
  course: courseSchema,
  lesson: lessonSchema,
  card: z.string().max(100).regex(slugPattern, "card must be a kebab-case slug"),
  rating: z
    .number({ error: "rating must be a number" })
    .refine((value) => (RATINGS as readonly number[]).includes(value), {
      message: "rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)",
    }),
});

const scheduler = createReviewScheduler();

/**
 * POST {course, lesson, card, rating} — the learner graded a card. FSRS computes its next state from
 * the stored one at the server's time; the state and the log are written together.
 * → {card, due, state, reps, lapses, scheduledDays, lastReview}
 */
const review = route(async (request) => {
  assertSameOrigin(request);
  const body = await readJson(request, bodySchema);
  const cards = requireLessonCards(body.course, body.lesson);
  if (!cards.some((card) => card.id === body.card)) {
    throw new HttpProblem(404, "Unknown card", undefined, [
      { field: "card", reason: "no card has this id in this lesson" },
    ]);
  }
  const { viewer, headers } = await requireLearner(request.headers);
  const ref = { course: body.course, lesson: body.lesson, card: body.card };
  const next = await gradeCard(
    {
      getCardState: (r) => getCardState(viewer, r),
      recordReview: (r, review) => recordReview(viewer, r, review),
    },
    scheduler,
    ref,
    body.rating as ReviewRating,
    systemWallClock.now(),
  );
  return jsonResponse({ card: body.card, ...scheduleView(next) }, { cookies: headers });
});
export const POST = protectedRoute("write", review);
