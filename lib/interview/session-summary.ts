import type { ReviewRating } from "@/lib/review/ratings";

// The end of an interviewer session: what went well, what to revisit, and when each comes back.

export interface AnsweredFollowUp {
  card: string;
  prompt: string;
  score: number;
  total: number;
  rating: ReviewRating;
  /** The card's next due date after this grade (from the FSRS update). */
  due: Date;
}

export interface SessionSummary {
  /** Graded Good or Easy. */
  strong: AnsweredFollowUp[];
  /** Graded Again or Hard, soonest due first. */
  revisit: AnsweredFollowUp[];
  score: number;
  total: number;
  /** The earliest due date among the questions asked, or null when none was answered. */
  nextDue: Date | null;
}

export function summarizeSession(answers: readonly AnsweredFollowUp[]): SessionSummary {
  const strong = answers.filter((answer) => answer.rating >= 3);
  const revisit = answers
    .filter((answer) => answer.rating <= 2)
    .sort((a, b) => a.due.getTime() - b.due.getTime());
  let nextDue: Date | null = null;
  for (const answer of answers) {
    if (nextDue === null || answer.due < nextDue) nextDue = answer.due;
  }
  return {
    strong,
    revisit,
    score: answers.reduce((sum, answer) => sum + answer.score, 0),
    total: answers.reduce((sum, answer) => sum + answer.total, 0),
    nextDue,
  };
}
