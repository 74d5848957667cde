import { LESSON_PART_CLASS } from "@/lib/content/lesson-parts";
import { whenIdle } from "./when-idle";

// A lesson section's later parts are skipped by the browser's layout until the reader nears them
// (lib/content/lesson-parts.ts, decision 590). Revealing one lays it out for good: once every part
// is revealed the page is laid out in full, and scroll offsets mean what they meant before.

const waiting = `.${LESSON_PART_CLASS}:not([data-revealed])`;

/** Lays out every waiting part now: before a scroll to a position computed for the whole page. */
export function revealAllLessonParts(): void {
  for (const part of document.querySelectorAll(waiting)) part.setAttribute("data-revealed", "");
}

/**
 * Reveals the waiting parts one at a time, top first, each when the browser is next idle, so that
 * no single task lays out the whole section. Returns a cancel.
 */
export function revealLessonPartsWhenIdle(): () => void {
  let cancel = () => {};
  const next = () => {
    const part = document.querySelector(waiting);
    if (!part) return;
    part.setAttribute("data-revealed", "");
    cancel = whenIdle(next, 1_000, 50);
  };
  cancel = whenIdle(next, 1_000, 50);
  return () => cancel();
}
