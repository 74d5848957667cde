import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { slugPattern } from "./slug";

// Quiz cards for spaced repetition. Each card points back at the heading it was drawn from
// (`section` + `anchor`), so a review session can link the learner to the full explanation and a test
// can prove the link still resolves after the prose is edited.

// YAML turns an unquoted `answer: 429` into a number; say how to fix it rather than "expected string".
const nonEmpty = z
  .string({ error: "expected text (quote it in YAML if it looks like a number or a boolean)" })
  .trim()
  .min(1, "must not be empty");

export const cardSources = ["check-yourself", "next-move", "trap"] as const;

const choiceGradeSchema = z
  .strictObject({
    kind: z.literal("choice"),
    choices: z.array(nonEmpty).min(2, "needs at least 2 choices"),
    correct: z.int().nonnegative(),
    explanation: nonEmpty,
  })
  .superRefine((grade, ctx) => {
    if (grade.correct >= grade.choices.length) {
      ctx.addIssue({
        code: "custom",
        path: ["correct"],
        message: `index ${grade.correct} is out of range for ${grade.choices.length} choices`,
      });
    }
    if (new Set(grade.choices).size !== grade.choices.length) {
      ctx.addIssue({ code: "custom", path: ["choices"], message: "choices must be distinct" });
    }
  });

const numberGradeSchema = z.strictObject({
  kind: z.literal("number"),
  correct: z.number().finite(),
  tolerance: z.number().nonnegative().optional(),
  explanation: nonEmpty,
});

const gradeSchema = z.discriminatedUnion("kind", [choiceGradeSchema, numberGradeSchema]);

const cardSchema = z.strictObject({
  id: z.string().regex(slugPattern, "must be kebab-case (a-z, 0-9, single hyphens)"),
  source: z.enum(cardSources),
  section: z.string().regex(slugPattern, "must be a section slug such as next-move"),
  anchor: z
    .string()
    .regex(slugPattern, "must be a heading id such as why-does-the-check-have-to-be-atomic"),
  prompt: nonEmpty,
  answer: nonEmpty,
  grade: gradeSchema.optional(),
});

const cardsFileSchema = z
  .strictObject({ cards: z.array(cardSchema).min(1, "needs at least one card") })
  .superRefine((file, ctx) => {
    const seen = new Map<string, number>();
    file.cards.forEach((card, index) => {
      const first = seen.get(card.id);
      if (first !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["cards", index, "id"],
          message: `duplicate id "${card.id}" (first used by cards[${first}])`,
        });
      } else {
        seen.set(card.id, index);
      }
    });
  });

export type Grade = z.infer<typeof gradeSchema>;
export type Card = z.infer<typeof cardSchema>;
export type CardsFile = z.infer<typeof cardsFileSchema>;

/** The cards file is authored content: a problem in it is a bug in the lesson, not a runtime state. */
export class CardsFileError extends Error {
  override readonly name = "CardsFileError";
}

function describeIssuePath(raw: unknown, path: readonly PropertyKey[]): string {
  // Name the card by index AND id: the index finds it in the file, the id is what authors search for.
  if (path[0] === "cards" && typeof path[1] === "number") {
    const index = path[1];
    const card = (raw as { cards?: unknown[] } | null)?.cards?.[index];
    const id =
      card && typeof card === "object" && typeof (card as { id?: unknown }).id === "string"
        ? ` (id "${(card as { id: string }).id}")`
        : "";
    const field = path.slice(2).map(String).join(".");
    return `cards[${index}]${id}: ${field || "(card)"}`;
  }
  return path.map(String).join(".") || "(file)";
}

/**
 * Parses and validates a cards.yaml. Throws CardsFileError naming the file, the card (index and id)
 * and the field for every problem found, so one build run reports them all.
 */
export function parseCardsFile(text: string, path: string): Card[] {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CardsFileError(`${path}: not valid YAML: ${reason}`);
  }
  const parsed = cardsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${path}: ${describeIssuePath(raw, issue.path)}: ${issue.message}`,
    );
    throw new CardsFileError(lines.join("\n"));
  }
  return parsed.data.cards;
}
