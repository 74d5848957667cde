import Link from "next/link";
import { courseHref } from "@/lib/content/urls";
import { getCatalog } from "./_components/content-lookup";
import { LessonCard } from "./_components/lesson-card";
import styles from "./page.module.css";

export default function HomePage() {
  const { courses } = getCatalog();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title">Interview practice that shows its working</h1>
        <p className={styles.lede}>
          Each lesson takes one classic system design question and works it from the answer you give
          in the room down to the code — with every figure computed by running that code.
        </p>
      </section>

      {courses.map((course) => (
        <section
          key={course.slug}
          className={styles.course}
          aria-labelledby={`course-${course.slug}`}
        >
          <div className={styles.courseHeader}>
            <h2 id={`course-${course.slug}`} className={styles.courseTitle}>
              <Link href={courseHref(course.slug)}>{course.title}</Link>
            </h2>
            <p className={styles.courseSummary}>{course.summary}</p>
          </div>
          {course.lessons.length > 0 ? (
            <ul className={styles.lessons}>
              {course.lessons.map((lesson) => (
                <li key={lesson.slug}>
                  <LessonCard lesson={lesson} headingLevel={3} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>Lessons for this course are being written.</p>
          )}
        </section>
      ))}
    </>
  );
}
