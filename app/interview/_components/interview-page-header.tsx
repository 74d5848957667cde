import type { ReactNode } from "react";
import { Breadcrumbs } from "@/app/_components/breadcrumbs";
import { lessonHref } from "@/lib/content/urls";
import { interviewHref } from "@/lib/interview/urls";
import styles from "./interview.module.css";

/** The top of a mock-interview page: the way back (lesson, and the room for a mode), title, lede. */
export function InterviewPageHeader({
  course,
  lesson,
  title,
  inRoom = true,
  children,
}: {
  course: string;
  lesson: { slug: string; title: string };
  title: ReactNode;
  /** A mode's page (drill, follow-ups, round) links back to the room as well. */
  inRoom?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Breadcrumbs
        trail={[
          { label: lesson.title, href: lessonHref(course, lesson.slug) },
          ...(inRoom
            ? [{ label: "Mock interview", href: interviewHref(course, lesson.slug) }]
            : []),
        ]}
      />
      <h1>{title}</h1>
      <p className={styles.lede}>{children}</p>
    </>
  );
}
