"use client";

import { useLessonProgress } from "./lesson-progress-store";
import styles from "./progress.module.css";

/** "3 of 8 sections read" with a bar; nothing until there is something to show. */
export function LessonProgressBar({
  course,
  lesson,
  sections,
}: {
  course: string;
  lesson: string;
  sections: readonly string[];
}) {
  const { sectionsRead } = useLessonProgress(course, lesson);
  const read = sections.filter((section) => sectionsRead.has(section)).length;
  if (read === 0) return null;
  return (
    <div className={styles.bar} data-testid="lesson-progress">
      <progress max={sections.length} value={read} aria-label="Sections read" />
      <span>
        {read} of {sections.length} sections read
      </span>
    </div>
  );
}
