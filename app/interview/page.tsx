import type { Metadata } from "next";
import Link from "next/link";
import { getCatalog } from "@/app/_components/content-lookup";
import { hasInterview } from "@/lib/interview/load-interview";
import { interviewHref } from "@/lib/interview/urls";
import styles from "./_components/interview.module.css";

export const metadata: Metadata = {
  title: "Mock interviews",
  description: "Timed answers, follow-up questions and full rounds, one per lesson.",
};

export default function InterviewIndexPage() {
  const lessons = getCatalog().courses.flatMap((course) =>
    course.lessons.filter(hasInterview).map((lesson) => ({ course, lesson })),
  );
  return (
    <div className={styles.page}>
      <h1>Mock interviews</h1>
      <p className={styles.lede}>
        Each lesson&rsquo;s question as the interview asks it: say the answer against the clock,
        take the follow-ups, run the whole round.
      </p>
      {lessons.length === 0 ? (
        <p className={styles.hint}>No lesson has a mock interview yet.</p>
      ) : (
        <ul className={styles.modesList}>
          {lessons.map(({ course, lesson }) => (
            <li key={`${course.slug}/${lesson.slug}`} className={styles.modeCard}>
              <h2>
                <Link href={interviewHref(course.slug, lesson.slug)}>{lesson.title}</Link>
              </h2>
              <p>{lesson.summary}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
