import Link from "next/link";
import { interviewHref, interviewIndexHref } from "@/lib/interview/urls";
import styles from "./interview-link.module.css";

// The way into the mock-interview room from other pages: a lesson's overview (that lesson's room,
// shown only when the lesson has an interview.yaml) and the Review page (all rooms).

export function MockInterviewLink({
  lesson,
}: {
  lesson?: { courseSlug: string; slug: string; hasInterview: boolean };
}) {
  if (lesson && !lesson.hasInterview) return null;
  return (
    <Link
      href={lesson ? interviewHref(lesson.courseSlug, lesson.slug) : interviewIndexHref}
      className={styles.link}
      data-testid="mock-interview-link"
    >
      Mock interview
    </Link>
  );
}
