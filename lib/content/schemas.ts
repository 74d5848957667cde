import { z } from "zod";

// Every content file's frontmatter, validated once when the catalogue is loaded. Messages are written
// for the author who will read them in a failed build: "minutes: expected a positive integer".

/** Says "required" when the field is missing, otherwise the reason it was given. */
function reason(expected: string) {
  return {
    error: (issue: { input?: unknown }) => (issue.input === undefined ? "required" : expected),
  };
}

const text = z.string(reason("expected a string")).trim().min(1, "must not be empty");
const positiveInt = z
  .number(reason("expected a positive integer"))
  .int("expected a positive integer")
  .positive("expected a positive integer");
const stringList = z.array(text, reason("expected a list of strings"));

export const courseFrontmatterSchema = z.strictObject({
  title: text,
  summary: text,
  order: positiveInt.optional(),
});

export const lessonFrontmatterSchema = z.strictObject({
  title: text,
  summary: text,
  /** Reading time: the sections, at a reader's pace. Exercises and traps are not in it. */
  minutes: positiveInt,
  /** Time for the exercises, traps and cards, said apart from reading; omit if there are none. */
  practiceMinutes: positiveInt.optional(),
  tags: stringList.default([]),
  draft: z.boolean(reason("expected true or false")).default(false),
  /** Usually taken from the folder's NN. prefix; set it here only to override that. */
  order: positiveInt.optional(),
});

export const sectionFrontmatterSchema = z.strictObject({
  title: text,
  summary: text.optional(),
});

const difficulties = ["easy", "medium", "hard"] as const;

/**
 * An exercise's README.mdx frontmatter. Not strict, unlike the others: the judge extends it with its
 * own fields (limits and the like) via `exerciseFrontmatterSchema.extend({...})`, and this loader
 * only needs the part a catalogue card shows.
 */
export const exerciseFrontmatterSchema = z.object({
  title: text,
  summary: text,
  difficulty: z.enum(difficulties, reason(`expected one of ${difficulties.join(", ")}`)),
  concepts: stringList.default([]),
  hints: stringList.default([]),
});

export type CourseFrontmatter = z.infer<typeof courseFrontmatterSchema>;
export type LessonFrontmatter = z.infer<typeof lessonFrontmatterSchema>;
export type SectionFrontmatter = z.infer<typeof sectionFrontmatterSchema>;
export type ExerciseFrontmatter = z.infer<typeof exerciseFrontmatterSchema>;
export type Difficulty = (typeof difficulties)[number];
