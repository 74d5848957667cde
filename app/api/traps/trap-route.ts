import { z } from "zod";
import { slugPattern } from "@/lib/content/slug";
import { HttpProblem } from "@/lib/http/problem";
import { systemWallClock } from "@/lib/time/wall-clock";
import type { Viewer } from "@/lib/auth";
import { courseSchema, lessonSchema } from "@/lib/progress/schemas";
import { getCardState, recordReview, recordTrapAttempt } from "@/lib/progress/app-progress";
import type { Requester } from "@/lib/protection/protection";
import { judgeForRequester } from "@/lib/protection/guarded-judge";
import { judgedOrProblem } from "@/lib/protection/judge-refusal";
import { createReviewScheduler } from "@/lib/review";
import { findTrap, poolJudge, type Trap, type TrapDeps } from "@/lib/traps";

// Shared by the trap routes (not a route itself: Next only routes `route.ts`).

export const trapParamsSchema = z.strictObject({
  course: courseSchema,
  lesson: lessonSchema,
  trap: z.string().max(100).regex(slugPattern, "trap must be a kebab-case slug"),
});

export type TrapParams = z.infer<typeof trapParamsSchema>;

/** The trap a URL names; an unknown course, lesson or trap is a 404 alike. */
export function requireTrap(params: TrapParams): Trap {
  const trap = findTrap(params);
  if (!trap) {
    throw new HttpProblem(404, "Unknown trap", undefined, [
      { field: "trap", reason: "no trap has this id in this lesson" },
    ]);
  }
  return trap;
}

const scheduler = createReviewScheduler();

/**
 * The judge behind the guard (lib/protection/judge-guard.ts, decision 116: lanes, cooldowns, caps
 * per learner and address) and the admission (082): a refusal is its problem (a busy judge a 503).
 */
const guardedTrapJudge =
  (viewer: Viewer, requester: Requester): TrapDeps["judge"] =>
  async (job) =>
    judgedOrProblem(
      await judgeForRequester({ learner: viewer.userId, ip: requester.ip }, (pool) =>
        pool ? pool.judge(job) : poolJudge(job),
      ),
    );

/** The dependencies of lib/traps' predict and fix, bound to one viewer and one trap. */
export function trapDeps(viewer: Viewer, trap: Trap, requester: Requester): TrapDeps {
  return {
    recordAttempt: async (attempt) => {
      await recordTrapAttempt(viewer, {
        course: trap.course,
        lesson: trap.lesson,
        trap: trap.id,
        ...attempt,
      });
    },
    cards: {
      getCardState: (ref) => getCardState(viewer, ref),
      recordReview: (ref, review) => recordReview(viewer, ref, review),
    },
    scheduler,
    judge: guardedTrapJudge(viewer, requester),
    now: () => systemWallClock.now(),
  };
}
