import type { ExerciseLimits } from "@/lib/content/exercises";
import type { JudgeLimits } from "./core/types";

/**
 * An exercise's own limits (frontmatter `limits`, in the author's units) as the judge's: the server's
 * judge, the instructors' playground and the browser's Run all judge within the same ones.
 */
export function judgeLimitsOf(limits: ExerciseLimits | undefined): Partial<JudgeLimits> {
  return {
    ...(limits?.timeMs === undefined ? {} : { testTimeMs: limits.timeMs }),
    ...(limits?.memoryMb === undefined ? {} : { memoryBytes: limits.memoryMb * 2 ** 20 }),
  };
}
