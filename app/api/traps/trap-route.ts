import { z } from "zod";
import { HttpProblem } from "@/lib/http/problem";
import { SystemClock } from "@/lib/limiters/clock";
import {
  courseSchema,
  getCardState,
  lessonSchema,
  recordReview,
  recordTrapAttempt,
  type Viewer,
} from "@/lib/progress";
import { judgeAdmission, JudgeBusyError } from "@/lib/protection";
import { createReviewScheduler } from "@/lib/review";
import { findTrap, poolJudge, type Trap, type TrapDeps } from "@/lib/traps";

// Shared by the trap routes (not a route itself: Next only routes `route.ts`).

export const trapParamsSchema = z.strictObject({
  course: courseSchema,
  lesson: lessonSchema,
  trap: z
    .string()
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "trap must be a kebab-case slug"),
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

const clock = new SystemClock();
const scheduler = createReviewScheduler();

/** The pool behind the judge's admission (docs/decisions/082): a saturated judge is a 503. */
const admittedJudge =
  (owner: string): TrapDeps["judge"] =>
  async (job) => {
    try {
      return await judgeAdmission().run(() => poolJudge(job), owner);
    } catch (error) {
      if (!(error instanceof JudgeBusyError)) throw error;
      throw new HttpProblem(503, "The judge is busy", error.message, undefined, {
        "retry-after": String(Math.ceil(error.retryAfterMs / 1000)),
      });
    }
  };

/** The dependencies of lib/traps' predict and fix, bound to one viewer and one trap. */
export function trapDeps(viewer: Viewer, trap: Trap): TrapDeps {
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
    judge: admittedJudge(`learner:${viewer.userId}`),
    now: () => new Date(clock.now()),
  };
}
