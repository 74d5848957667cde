import Link from "next/link";
import type { Lesson } from "@/lib/content/loader";
import { formatMinutes } from "@/lib/content/minutes";
import { lessonHref } from "@/lib/content/urls";
import styles from "./lesson-card.module.css";
import { lessonOutline } from "./lesson-outline";
import { LessonProgressBar } from "./progress/lesson-progress-bar";
import { LessonStanding } from "./progress/lesson-standing";

/** A lesson in a catalogue list: title, summary, reading and practice time, tags, the reader's place. */
export function LessonCard({ lesson, headingLevel }: { lesson: Lesson; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={styles.card}>
      <Heading className={styles.title}>
        <Link href={lessonHref(lesson.courseSlug, lesson.slug)} className={styles.link}>
          {lesson.title}
        </Link>
      </Heading>
      <p className={styles.summary}>{lesson.summary}</p>
      <LessonMeta lesson={lesson} />
      <LessonProgressBar
        course={lesson.courseSlug}
        lesson={lesson.slug}
        sections={lesson.sections.map((section) => section.slug)}
      />
      <LessonStanding
        course={lesson.courseSlug}
        lesson={lesson.slug}
        outline={lessonOutline(lesson)}
        variant="compact"
        linkClassName={styles.continue}
      />
    </article>
  );
}

export function LessonMeta({ lesson }: { lesson: Lesson }) {
  return (
    <p className={styles.meta}>
      <span>{lesson.minutes} min read</span>
      {lesson.practiceMinutes ? (
        <span>{formatMinutes(lesson.practiceMinutes)} practice</span>
      ) : null}
      <span>
        {lesson.sections.length} section{lesson.sections.length === 1 ? "" : "s"}
      </span>
      {lesson.exercises.length > 0 ? (
        <span>
          {lesson.exercises.length} exercise{lesson.exercises.length === 1 ? "" : "s"}
        </span>
      ) : null}
      {lesson.tags.length > 0 ? (
        <span className={styles.tags}>
          {lesson.tags.map((tag) => (
            <span key={tag} className={styles.tag}>
              {tag}
            </span>
          ))}
        </span>
      ) : null}
    </p>
  );
}
