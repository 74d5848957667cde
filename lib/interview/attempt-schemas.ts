import { z } from "zod";
import { slugPattern } from "@/lib/content/slug";

// What the browser sends when an attempt is finished, and what `details` holds in the database.
// The score is never sent: the server counts the ticked points against the lesson's rubric.

export const INTERVIEW_KINDS = ["drill", "follow-ups", "simulation"] as const;
export type InterviewKind = (typeof INTERVIEW_KINDS)[number];

const slug = z.string().max(100).regex(slugPattern, "must be a kebab-case id");
const ids = z.array(slug).max(50, "at most 50 points");
const ms = z
  .int("must be a whole number of milliseconds")
  .min(0)
  .max(3 * 60 * 60_000);

/** Longest typed answer kept with a drill attempt. */
export const MAX_TYPED_ANSWER = 5_000;
/** Longest notes kept with a simulation. */
export const MAX_NOTES = 20_000;
/** Largest drawing (Excalidraw's scene as JSON) kept with a simulation. */
export const MAX_DRAWING = 600_000;

export const drillAttemptSchema = z.strictObject({
  kind: z.literal("drill"),
  timeLimitMs: ms.min(10_000, "at least 10 s"),
  timeUsedMs: ms,
  said: ids,
  answeredBy: z.enum(["voice", "typing"]),
  typed: z.string().max(MAX_TYPED_ANSWER).optional(),
});

export const followUpAttemptSchema = z.strictObject({
  kind: z.literal("follow-ups"),
  questions: z
    .array(
      z.strictObject({
        card: slug,
        said: ids,
        rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
          error: "rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)",
        }),
        timeUsedMs: ms,
        timeLimitMs: ms.min(10_000, "at least 10 s"),
      }),
    )
    .min(1, "answer at least one question")
    .max(50),
});

export const simulationAttemptSchema = z.strictObject({
  kind: z.literal("simulation"),
  phases: z
    .array(z.strictObject({ id: slug, said: ids, timeUsedMs: ms }))
    .min(1)
    .max(20),
  notes: z.string().max(MAX_NOTES, `notes must be at most ${MAX_NOTES} characters`),
  drawing: z
    .string()
    .max(MAX_DRAWING, `the drawing must be at most ${MAX_DRAWING} characters of JSON`)
    .nullable(),
});

export const attemptInputSchema = z.discriminatedUnion("kind", [
  drillAttemptSchema,
  followUpAttemptSchema,
  simulationAttemptSchema,
]);

export type DrillAttemptInput = z.infer<typeof drillAttemptSchema>;
export type FollowUpAttemptInput = z.infer<typeof followUpAttemptSchema>;
export type SimulationAttemptInput = z.infer<typeof simulationAttemptSchema>;
export type AttemptInput = z.infer<typeof attemptInputSchema>;

/** An attempt as a page lists it. */
export interface AttemptView {
  id: string;
  kind: InterviewKind;
  score: number;
  total: number;
  timeUsedMs: number;
  timeLimitMs: number;
  createdAt: Date;
  /** Per question (follow-ups) or per phase (simulation): part id, score, total. */
  parts: { id: string; score: number; total: number }[];
}
