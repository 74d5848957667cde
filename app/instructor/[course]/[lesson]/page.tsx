import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/app/_components/breadcrumbs";
import {
  csvHref,
  dashboardTable,
  dashboardTableIds,
  findLessonForInstructor,
  getLessonDashboard,
  instructorHref,
  playgroundHref,
  previewHref,
} from "@/lib/instructor";
import { getInterviewFigures } from "@/lib/interview/server";
import { loadLessonInterview } from "@/lib/interview/load-interview";
import { lessonRefSchema } from "@/lib/progress/schemas";
import { requireInstructorPage } from "../../_components/access";
import { FiguresTable } from "../../_components/figures-table";
import { InterviewFiguresTables } from "../../_components/interview-figures";
import styles from "../../_components/instructor.module.css";

interface DashboardParams {
  params: Promise<{ course: string; lesson: string }>;
}

export const metadata: Metadata = { title: "Lesson dashboard", robots: { index: false } };

/** One lesson's figures: the funnel, exercises, failing hidden tests, traps and cards. */
export default async function LessonDashboardPage({ params }: DashboardParams) {
  await requireInstructorPage();
  const ids = lessonRefSchema.safeParse(await params);
  if (!ids.success) notFound();
  const { course, lesson } = ids.data;
  const found = findLessonForInstructor(course, lesson);
  const dashboard = await getLessonDashboard(course, lesson);
  if (!found || !dashboard) notFound();
  const interview = loadLessonInterview({ ...found, courseSlug: course, slug: lesson });
  const interviewFigures = interview ? await getInterviewFigures({ course, lesson }) : null;

  return (
    <div className={styles.page}>
      <div>
        <Breadcrumbs trail={[{ label: "Instructor", href: instructorHref() }]} />
        <h1>{found.title}</h1>
        <p className={styles.lede}>
          How learners do on this lesson, from the progress database. Every table downloads as CSV.
        </p>
      </div>
      <ul className={styles.actions}>
        <li>
          <Link href={previewHref(course, lesson)}>Preview the lesson</Link>
        </li>
        {found.exercises[0] ? (
          <li>
            <Link href={playgroundHref(found.exercises[0].slug)}>Try tests in the playground</Link>
          </li>
        ) : null}
      </ul>
      {dashboardTableIds.map((id) => (
        <FiguresTable
          key={id}
          table={dashboardTable(dashboard, id)}
          csvHref={csvHref(course, lesson, id)}
        />
      ))}
      {interview && interviewFigures ? (
        <InterviewFiguresTables figures={interviewFigures} interview={interview} />
      ) : null}
    </div>
  );
}
