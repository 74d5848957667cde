import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { slugPattern } from "./slug";

// A lesson's mock interview (interview.yaml beside cards.yaml): the timed answer drill with its rubric,
// the follow-up questions (each one a next-move card of the same lesson), and the phases of the full
// simulated round. An instructor adds a drill to a lesson by writing this file; content:check ties
// every follow-up to its card (lib/authoring/check-interview.ts).

const nonEmpty = z
  .string({ error: "expected text (quote it in YAML if it looks like a number or a boolean)" })
  .trim()
  .min(1, "must not be empty");

const slug = z.string().regex(slugPattern, "must be kebab-case (a-z, 0-9, single hyphens)");

/** One key point a good answer makes; the learner ticks it when they said it. */
const rubricPointSchema = z.strictObject({
  id: slug,
  /** What to tick: short, in the learner's terms. */
  point: nonEmpty,
  /** The model answer's sentence for this point, shown when the answer is revealed. */
  model: nonEmpty.optional(),
});

function uniqueIds<T extends { id: string }>(
  items: readonly T[],
  ctx: z.RefinementCtx,
  at: string,
) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) {
      ctx.addIssue({
        code: "custom",
        path: [at, index, "id"],
        message: `duplicate id "${item.id}"`,
      });
    }
    seen.add(item.id);
  });
}

const rubricSchema = z.array(rubricPointSchema).min(1, "needs at least one rubric point");

const drillSchema = z
  .strictObject({
    prompt: nonEmpty,
    /** The countdown's default length; the learner may change it on the page. */
    seconds: z.int().min(10).max(600).default(45),
    points: rubricSchema,
  })
  .superRefine((drill, ctx) => uniqueIds(drill.points, ctx, "points"));

const followUpSchema = z
  .strictObject({
    /** The id of a next-move card in this lesson's cards.yaml: its grade is this question's grade. */
    card: slug,
    points: rubricSchema,
  })
  .superRefine((question, ctx) => uniqueIds(question.points, ctx, "points"));

const phaseSchema = z
  .strictObject({
    id: slug,
    title: nonEmpty,
    minutes: z.int().min(1).max(45),
    prompts: z.array(nonEmpty).min(1, "needs at least one prompt"),
    /** Shows the drawing canvas during this phase. */
    canvas: z.boolean().default(false),
    rubric: rubricSchema,
  })
  .superRefine((phase, ctx) => uniqueIds(phase.rubric, ctx, "rubric"));

const interviewFileSchema = z
  .strictObject({
    drill: drillSchema,
    followUps: z
      .strictObject({
        seconds: z.int().min(10).max(600).default(90),
        questions: z.array(followUpSchema).min(1, "needs at least one follow-up"),
      })
      .optional(),
    simulation: z
      .strictObject({
        prompt: nonEmpty,
        phases: z.array(phaseSchema).min(1, "needs at least one phase"),
      })
      .superRefine((simulation, ctx) => uniqueIds(simulation.phases, ctx, "phases"))
      .optional(),
  })
  .superRefine((file, ctx) => {
    const cards = new Set<string>();
    file.followUps?.questions.forEach((question, index) => {
      if (cards.has(question.card)) {
        ctx.addIssue({
          code: "custom",
          path: ["followUps", "questions", index, "card"],
          message: `card "${question.card}" is asked twice`,
        });
      }
      cards.add(question.card);
    });
  });

export type RubricPoint = z.infer<typeof rubricPointSchema>;
export type Drill = z.infer<typeof drillSchema>;
export type FollowUp = z.infer<typeof followUpSchema>;
export type Phase = z.infer<typeof phaseSchema>;
export type InterviewFile = z.infer<typeof interviewFileSchema>;

export class InterviewFileError extends Error {
  override readonly name = "InterviewFileError";
}

/** Parses and validates an interview.yaml; every problem is named by its path in the file. */
export function parseInterviewFile(text: string, path: string): InterviewFile {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InterviewFileError(`${path}: not valid YAML: ${reason}`);
  }
  const parsed = interviewFileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${path}: ${issue.path.map(String).join(".") || "(file)"}: ${issue.message}`,
    );
    throw new InterviewFileError(lines.join("\n"));
  }
  return parsed.data;
}
