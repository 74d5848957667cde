"use client";

import type { SectionRef } from "@/lib/progress/schemas";
import { useLessonProgress } from "./lesson-progress-store";
import styles from "./progress.module.css";

/** A checkmark after a section's link once the learner has read it. */
export function ReadMark({ course, lesson, section }: SectionRef) {
  const { sectionsRead } = useLessonProgress(course, lesson);
  if (!sectionsRead.has(section)) return null;
  return (
    <span className={styles.check} data-testid="read-mark">
      <span aria-hidden="true">✓</span>
      <span className={styles.visuallyHidden}>(read)</span>
    </span>
  );
}
