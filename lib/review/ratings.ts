// The grades a learner gives a card, and how a due date reads. No ts-fsrs here: the browser imports
// this module, and the scheduler stays on the server.

/** Again, Hard, Good, Easy: what the learner presses (1–4 on the keyboard). */
export const RATINGS = [1, 2, 3, 4] as const;
export type ReviewRating = (typeof RATINGS)[number];

export const ratingLabels: Record<ReviewRating, string> = {
  1: "Again",
  2: "Hard",
  3: "Good",
  4: "Easy",
};

/** "10 min", "3 d": how far `due` is from `now`. */
export function describeInterval(due: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((due.getTime() - now.getTime()) / 60_000));
  if (minutes < 1) return "now";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(hours / 24);
  if (days < 31) return days === 1 ? "1 day" : `${days} days`;
  const months = Math.round(days / 30);
  if (months < 12) return months === 1 ? "1 month" : `${months} months`;
  const years = Math.round(days / 365);
  return years === 1 ? "1 year" : `${years} years`;
}
