import Link from "next/link";
import type { Lesson } from "@/lib/content/loader";
import { lessonHref, sectionHref } from "@/lib/content/urls";
import styles from "./section-pager.module.css";

/** Previous and next section links at the foot of a section; the last one leads back to the lesson. */
export function SectionPager({ lesson, index }: { lesson: Lesson; index: number }) {
  const previous = lesson.sections[index - 1];
  const next = lesson.sections[index + 1];
  const href = (slug: string) => sectionHref(lesson.courseSlug, lesson.slug, slug);
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
      ) : (
        <Link
          href={lessonHref(lesson.courseSlug, lesson.slug)}
          className={`${styles.link} ${styles.next}`}
        >
          <span className={styles.direction}>Finished</span>
          <span className={styles.title}>Back to the lesson overview</span>
        </Link>
      )}
    </nav>
  );
}
