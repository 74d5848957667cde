import type { Metadata } from "next";
import Link from "next/link";
import { loadCatalog } from "@/lib/content/loader";
import { dashboardHref, playgroundHref, previewHref } from "@/lib/instructor/urls";
import { requireInstructorPage } from "./_components/access";
import styles from "./_components/instructor.module.css";

export const metadata: Metadata = { title: "Instructor", robots: { index: false } };

/** Every lesson, drafts included, with its preview and its dashboard. */
export default async function InstructorHome() {
  await requireInstructorPage();
  const { courses } = loadCatalog({ includeDrafts: true });
  return (
    <div className={styles.page}>
      <div>
        <h1>Instructor</h1>
        <p className={styles.lede}>
          Preview lessons (drafts included), see how learners do on each one, and try new tests in
          the <Link href={playgroundHref()}>playground</Link> before committing them.
        </p>
      </div>
      {courses.map((course) => (
        <section key={course.slug} aria-labelledby={`course-${course.slug}`}>
          <h2 id={`course-${course.slug}`}>{course.title}</h2>
          <ul className={styles.lessons}>
            {course.lessons.map((lesson) => (
              <li key={lesson.slug} className={styles.lessonRow} data-lesson={lesson.slug}>
                <span className={styles.lessonTitle}>
                  {lesson.title} {lesson.draft ? <span className={styles.badge}>Draft</span> : null}
                </span>
                <Link href={previewHref(course.slug, lesson.slug)}>Preview</Link>
                <Link href={dashboardHref(course.slug, lesson.slug)}>Dashboard</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
