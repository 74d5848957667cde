import type { Metadata } from "next";
import { DrillRoom } from "../../../_components/drill-room";
import {
  attemptsOf,
  loadInterviewPage,
  type InterviewParams,
} from "../../../_components/lesson-interview";
import { InterviewPageHeader } from "../../../_components/interview-page-header";
import styles from "../../../_components/interview.module.css";

export const metadata: Metadata = {
  title: "The 45-second answer",
  description: "Answer the question against the clock, then check yourself against its key points.",
};
export const dynamic = "force-dynamic";

export default async function DrillPage({ params }: InterviewParams) {
  const { course, lesson, interview, viewer } = await loadInterviewPage(params);
  const attempts = await attemptsOf(viewer, { course: course.slug, lesson: lesson.slug }, "drill");
  return (
    <div className={styles.page}>
      <InterviewPageHeader
        course={course.slug}
        lesson={lesson}
        title={<>The {interview.drill.seconds}-second answer</>}
      >
        Say your answer out loud before the clock runs out, as you would in the room, or type it.
        Then compare it with the model answer and tick the points you made.
      </InterviewPageHeader>
      <DrillRoom
        course={course.slug}
        lesson={lesson.slug}
        prompt={interview.drill.prompt}
        defaultSeconds={interview.drill.seconds}
        points={interview.drill.points.map((p) => ({
          id: p.id,
          point: p.point,
          model: p.model ?? null,
        }))}
        attempts={attempts}
      />
    </div>
  );
}
