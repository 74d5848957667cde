import { z } from "zod";
import { slugPattern } from "@/lib/content/slug";

// Input shapes shared by lib/progress and the route handlers. Content ids are folder slugs without
// their order prefix (content-model.md); anything else is refused before it reaches the database.

const slug = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .max(100, `${what} must be at most 100 characters`)
    .regex(slugPattern, `${what} must be a kebab-case slug such as rate-limiter`);

export const courseSchema = slug("course");
export const lessonSchema = slug("lesson");
export const sectionSchema = slug("section");
/** Exercise ids are platform-wide slugs (`fixed-window`), as the judge addresses them. */
export const exerciseIdSchema = slug("exercise id");

export const MAX_CODE_CHARS = 100_000;
export const MAX_RESULTS_CHARS = 1_000_000;

export const codeSchema = z
  .string({ error: "code must be a string" })
  .max(MAX_CODE_CHARS, `code must be at most ${MAX_CODE_CHARS} characters`);

export const sectionRefSchema = z.strictObject({
  course: courseSchema,
  lesson: lessonSchema,
  section: sectionSchema,
});
export type SectionRef = z.infer<typeof sectionRefSchema>;

export const lessonRefSchema = z.strictObject({ course: courseSchema, lesson: lessonSchema });

export const draftBodySchema = z.strictObject({ code: codeSchema });

/**
 * What the store needs from the judge's results document (lib/judge/results.ts owns the full
 * schema): the verdict and the tests' statuses. The whole document is stored as JSON text.
 */
export const resultsSummarySchema = z.looseObject({
  verdict: z.string().min(1).max(40),
  tests: z
    .array(z.looseObject({ status: z.string() }))
    .max(10_000)
    .optional(),
});

export const submissionInputSchema = z.strictObject({
  exerciseId: exerciseIdSchema,
  code: codeSchema,
  results: resultsSummarySchema,
});
export type SubmissionInput = z.infer<typeof submissionInputSchema>;

/** Submission ids are cuids; anything else cannot exist, so it is a 404 like someone else's id. */
export const submissionIdSchema = z.string().regex(/^[a-z0-9]{20,32}$/, "must be a submission id");

export const trapAttemptSchema = z.strictObject({
  course: courseSchema,
  lesson: lessonSchema,
  trap: slug("trap"),
  kind: z.enum(["predict", "fix"]),
  answer: z.string().max(MAX_CODE_CHARS),
  correct: z.boolean(),
});
export type TrapAttemptInput = z.infer<typeof trapAttemptSchema>;
