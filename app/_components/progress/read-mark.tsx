"use client";

import { useLessonProgress } from "./lesson-progress-store";
import styles from "./progress.module.css";

/** A checkmark after a section's link once the learner has read it. */
export function ReadMark({
  course,
  lesson,
  section,
}: {
  course: string;
  lesson: string;
  section: string;
}) {
  const { sectionsRead } = useLessonProgress(course, lesson);
  if (!sectionsRead.has(section)) return null;
  return (
    <span className={styles.check} data-testid="read-mark">
      <span aria-hidden="true">✓</span>
      <span className={styles.visuallyHidden}>(read)</span>
    </span>
  );
}
