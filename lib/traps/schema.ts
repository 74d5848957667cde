import { z } from "zod";
import { slugPattern } from "@/lib/content/slug";

// A trap's README.mdx frontmatter: the question the learner answers before anything runs, the form
// of the answer (choices or a number), the review card a wrong prediction schedules, and what the
// fix must do. The README's body is the explanation, shown after the run.

const text = z
  .string({ error: (issue) => (issue.input === undefined ? "required" : "expected a string") })
  .trim()
  .min(1, "must not be empty");

const choicePredictionSchema = z
  .strictObject({
    kind: z.literal("choice"),
    choices: z.array(text).min(2, "needs at least 2 choices").max(6, "at most 6 choices"),
    correct: z.int().nonnegative(),
  })
  .superRefine((prediction, ctx) => {
    if (prediction.correct >= prediction.choices.length) {
      ctx.addIssue({
        code: "custom",
        path: ["correct"],
        message: `index ${prediction.correct} is out of range for ${prediction.choices.length} choices`,
      });
    }
    if (new Set(prediction.choices).size !== prediction.choices.length) {
      ctx.addIssue({ code: "custom", path: ["choices"], message: "choices must be distinct" });
    }
  });

const numberPredictionSchema = z.strictObject({
  kind: z.literal("number"),
  correct: z.number().finite(),
  /** A prediction within ± tolerance of the answer counts as right. */
  tolerance: z.number().nonnegative().default(0),
  /** Shown after the input: "requests". */
  unit: text.optional(),
});

export const predictionSchema = z.discriminatedUnion("kind", [
  choicePredictionSchema,
  numberPredictionSchema,
]);

/** What a trap's scenario may spend, when the default is not enough (a million simulated users). */
const trapLimitsSchema = z.strictObject({
  /** The scenario run's work budget, in the judge's milliseconds of work (default 3000). */
  scenarioTimeMs: z.int().min(50).max(10_000).optional(),
});

export const trapFrontmatterSchema = z.strictObject({
  title: text,
  /** Asked before anything runs. Markdown (inline code, emphasis). */
  question: text,
  prediction: predictionSchema,
  /** The cards.yaml card (source: trap) that a wrong prediction creates or brings forward. */
  card: z.string().regex(slugPattern, "must be a card id from the lesson's cards.yaml"),
  /** What the learner's fix must achieve, shown above the editor. Markdown. */
  task: text,
  limits: trapLimitsSchema.optional(),
});

export type Prediction = z.infer<typeof predictionSchema>;
export type TrapFrontmatter = z.infer<typeof trapFrontmatterSchema>;
export type TrapLimits = z.infer<typeof trapLimitsSchema>;

/** What a learner sends as a prediction: a choice index or a number. */
export const predictionAnswerSchema = z.number({ error: "answer must be a number" }).finite();

export interface PredictionGrade {
  correct: boolean;
  /** The right answer, as a number (choice index for choices). */
  expected: number;
}

/** Grades a prediction against the README's answer. */
export function gradePrediction(prediction: Prediction, answer: number): PredictionGrade {
  if (prediction.kind === "choice") {
    return { correct: answer === prediction.correct, expected: prediction.correct };
  }
  return {
    correct: Math.abs(answer - prediction.correct) <= prediction.tolerance,
    expected: prediction.correct,
  };
}

/** A prediction answer that cannot be valid for this trap (a choice index out of range). */
export function predictionAnswerProblem(prediction: Prediction, answer: number): string | null {
  if (
    prediction.kind === "choice" &&
    !(Number.isInteger(answer) && answer >= 0 && answer < prediction.choices.length)
  ) {
    return `must be the index of one of the ${prediction.choices.length} choices`;
  }
  return null;
}
