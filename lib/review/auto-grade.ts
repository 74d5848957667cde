import type { Grade } from "@/lib/content/cards";
import type { ReviewRating } from "./ratings";

// Cards with a `grade` in cards.yaml check the learner's answer themselves: a choice index, or a
// number within the card's tolerance. The feedback is instant; the learner still grades the card,
// and the grade FSRS suggests follows the check.

export interface AutoGradeResult {
  correct: boolean;
  /** The right answer as the learner should read it. */
  expected: string;
  explanation: string;
  /** The rating to offer first: Good when right, Again when wrong. */
  suggested: ReviewRating;
}

/**
 * Reads what the learner typed as a number: "200", " 1,000 ", "63 requests". Null when there is no
 * number in it at all.
 */
export function parseNumberAnswer(text: string): number | null {
  const match = /-?\d[\d,_ ]*(?:\.\d+)?/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[0].replace(/[,_ ]/g, ""));
  return Number.isFinite(value) ? value : null;
}

export function autoGrade(grade: Grade, response: number): AutoGradeResult {
  if (grade.kind === "choice") {
    const correct = response === grade.correct;
    return {
      correct,
      expected: grade.choices[grade.correct] ?? String(grade.correct),
      explanation: grade.explanation,
      suggested: correct ? 3 : 1,
    };
  }
  const correct = Math.abs(response - grade.correct) <= (grade.tolerance ?? 0);
  return {
    correct,
    expected: String(grade.correct),
    explanation: grade.explanation,
    suggested: correct ? 3 : 1,
  };
}
