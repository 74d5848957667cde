import type { Difficulty } from "./schemas";

// A lesson states two times: reading (its sections) and practice (its exercises, traps and cards).
// They are the author's to state, but content:check compares them with these estimates so a lesson
// that grows does not keep advertising the time it took when it was half the size.

/** Words a learner reads a minute in technical prose that stops for code and figures. */
export const WORDS_PER_MINUTE = 200;

/** What a first attempt takes, judged by the test suites we have: minutes per exercise. */
const MINUTES_PER_EXERCISE: Record<Difficulty, number> = { easy: 15, medium: 25, hard: 40 };
/** Predict, run, fix. */
const MINUTES_PER_TRAP = 5;
/** Write an answer, reveal, grade. */
const MINUTES_PER_CARD = 1;

/**
 * The words of an MDX body a reader reads: without frontmatter, fenced code (read as code, at
 * another pace) or JSX tags (a <RunExample> prints lines that are figures, not prose).
 */
export function proseWords(mdx: string): number {
  const body = mdx
    .replace(/^---\n[\s\S]*?\n---\n/, "")
    .replace(/^```[\s\S]*?^```/gm, " ")
    .replace(/<\/?[A-Z][A-Za-z]*[^>]*>/g, " ")
    .replace(/\]\([^)]*\)/g, "]");
  return body.match(/[A-Za-z0-9]+(?:['’][A-Za-z]+)?/g)?.length ?? 0;
}

export function estimateReadingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

export function estimatePracticeMinutes(work: {
  exercises: readonly Difficulty[];
  traps: number;
  cards: number;
}): number {
  const exercises = work.exercises.reduce((sum, d) => sum + MINUTES_PER_EXERCISE[d], 0);
  return exercises + work.traps * MINUTES_PER_TRAP + work.cards * MINUTES_PER_CARD;
}
