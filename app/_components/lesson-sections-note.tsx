import type { Lesson } from "@/lib/content/loader";
import styles from "./lesson-sections-note.module.css";

/** The sections a lesson can have, in their order: what the glossary's "eight sections" are. */
const SECTION_KINDS = [
  "The Answer",
  "Understand It",
  "Reference",
  "Scenarios",
  "Interviewer's Next Move",
  "Code Traps",
  "Check Yourself",
  "Practice",
] as const;

/**
 * One sentence above a lesson's list of sections: what a lesson's sections are, and why this one
 * may have fewer than eight (a lesson leaves out the kinds it has nothing for).
 */
export function LessonSectionsNote({ lesson }: { lesson: Lesson }) {
  const titles = new Set(lesson.sections.map((section) => section.title));
  const missing = SECTION_KINDS.filter((kind) => !titles.has(kind));
  return (
    <p className={styles.note} data-testid="sections-note">
      A lesson takes one question from the answer you give in the room to code you can run, in up to{" "}
      {SECTION_KINDS.length} sections: {SECTION_KINDS.join(", ")}.{" "}
      {missing.length > 0 && lesson.sections.length < SECTION_KINDS.length
        ? `This one has ${lesson.sections.length}: it leaves out ${missing.join(" and ")}, which it has nothing for yet.`
        : `This one has all ${lesson.sections.length}.`}
    </p>
  );
}
