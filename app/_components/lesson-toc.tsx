import Link from "next/link";
import type { Lesson } from "@/lib/content/loader";
import type { HeadingEntry } from "@/lib/content/rehype-heading-links";
import { lessonHref, sectionHref } from "@/lib/content/urls";
import { HeadingList } from "./heading-list";
import { LessonProgressBar } from "./progress/lesson-progress-bar";
import { ReadMark } from "./progress/read-mark";
import styles from "./lesson-toc.module.css";

interface LessonTocProps {
  lesson: Lesson;
  currentSection: string;
  headings: readonly HeadingEntry[];
}

/**
 * The lesson's sections, the current one expanded into its headings. Wide screens get a sticky
 * sidebar; phones get the same list folded behind a <details> toggle. The list is written once
 * (it was twice, one copy hidden by CSS: about 7 KB of every section's HTML): on a phone it shows
 * while the toggle is open, which CSS alone decides, so nothing shifts when JavaScript arrives.
 */
export function LessonToc({ lesson, currentSection, headings }: LessonTocProps) {
  const index = lesson.sections.findIndex((section) => section.slug === currentSection);
  const current = lesson.sections[index];

  return (
    <nav aria-label="Lesson contents" className={styles.toc}>
      <details className={styles.mobile}>
        <summary className={styles.summary}>
          <span className={styles.summaryLabel}>Contents</span>
          <span className={styles.summaryCurrent}>
            {index + 1}/{lesson.sections.length} · {current?.title}
          </span>
        </summary>
      </details>
      <div className={styles.desktop}>
        <div className={styles.wideOnly}>
          <p className={styles.lessonTitle}>
            <Link href={lessonHref(lesson.courseSlug, lesson.slug)}>{lesson.title}</Link>
          </p>
          <LessonProgressBar
            course={lesson.courseSlug}
            lesson={lesson.slug}
            sections={lesson.sections.map((section) => section.slug)}
          />
        </div>
        <ol className={styles.sections}>
          {lesson.sections.map((section, i) => {
            const isCurrent = section.slug === currentSection;
            return (
              <li key={section.slug}>
                <Link
                  href={sectionHref(lesson.courseSlug, lesson.slug, section.slug)}
                  className={styles.sectionLink}
                  aria-current={isCurrent ? "page" : undefined}
                >
                  <span className={styles.number} aria-hidden="true">
                    {i + 1}
                  </span>
                  {section.title}
                  <ReadMark
                    course={lesson.courseSlug}
                    lesson={lesson.slug}
                    section={section.slug}
                  />
                </Link>
                {isCurrent && headings.length > 0 ? <HeadingList headings={headings} /> : null}
              </li>
            );
          })}
        </ol>
      </div>
    </nav>
  );
}
