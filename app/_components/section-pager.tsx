import Link from "next/link";
import type { Course, Lesson } from "@/lib/content/loader";
import { courseHref, lessonHref, sectionHref } from "@/lib/content/urls";
import styles from "./section-pager.module.css";

/**
 * Previous and next section links at the foot of a section. The last section leads on: to the
 * course's next lesson when there is one, and back to the lesson overview and the course.
 */
export function SectionPager({
  course,
  lesson,
  index,
}: {
  course: Course;
  lesson: Lesson;
  index: number;
}) {
  const previous = lesson.sections[index - 1];
  const next = lesson.sections[index + 1];
  const href = (slug: string) => sectionHref(lesson.courseSlug, lesson.slug, slug);
  const nextLesson = next
    ? undefined
    : course.lessons[course.lessons.findIndex((l) => l.slug === lesson.slug) + 1];
  return (
    <nav aria-label="Previous and next section" className={styles.pager}>
      {previous ? (
        <Link href={href(previous.slug)} rel="prev" className={styles.link}>
          <span className={styles.direction}>Previous</span>
          <span className={styles.title}>{previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link href={href(next.slug)} rel="next" className={`${styles.link} ${styles.next}`}>
          <span className={styles.direction}>Next</span>
          <span className={styles.title}>{next.title}</span>
        </Link>
      ) : nextLesson ? (
        <Link
          href={lessonHref(nextLesson.courseSlug, nextLesson.slug)}
          rel="next"
          className={`${styles.link} ${styles.next}`}
          data-testid="next-lesson"
        >
          <span className={styles.direction}>Next lesson</span>
          <span className={styles.title}>{nextLesson.title}</span>
        </Link>
      ) : (
        <Link
          href={courseHref(course.slug)}
          className={`${styles.link} ${styles.next}`}
          data-testid="course-done"
        >
          <span className={styles.direction}>End of the course so far</span>
          <span className={styles.title}>Back to {course.title}</span>
        </Link>
      )}
      {!next && (
        <p className={styles.back} data-testid="lesson-end">
          You have reached the end of “{lesson.title}”.{" "}
          <Link href={lessonHref(lesson.courseSlug, lesson.slug)}>Lesson overview</Link> ·{" "}
          <Link href={courseHref(course.slug)}>All lessons of {course.title}</Link>
        </p>
      )}
    </nav>
  );
}
