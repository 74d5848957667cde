import type { Grade } from "@/lib/content/cards";

/** A card as the browser gets it: plain data, from cards.yaml. */
export interface FlashcardData {
  course: string;
  lesson: string;
  id: string;
  source: "check-yourself" | "next-move" | "trap";
  prompt: string;
  answer: string;
  grade?: Grade;
  /** Where the card comes from, to read the full explanation. */
  href: string;
  lessonTitle: string;
}

/** What POST /api/cards/review answers. */
export interface GradedCard {
  card: string;
  due: string;
  state: number;
  reps: number;
  lapses: number;
  scheduledDays: number;
  lastReview: string | null;
}
