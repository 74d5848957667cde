import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { roundBudgetMs } from "@/lib/interview/simulation";
import {
  attemptsOf,
  loadInterviewPage,
  type InterviewParams,
} from "../../../_components/lesson-interview";
import { SimulationRoom } from "../../../_components/simulation-room";
import { InterviewPageHeader } from "../../../_components/interview-page-header";
import styles from "../../../_components/interview.module.css";

export const metadata: Metadata = {
  title: "The full round",
  description: "A timed system-design round: requirements, API, design, deep dives and wrap-up.",
};
export const dynamic = "force-dynamic";

export default async function SimulationPage({ params }: InterviewParams) {
  const { course, lesson, interview, viewer } = await loadInterviewPage(params);
  const simulation = interview.simulation;
  if (!simulation) notFound();
  const attempts = await attemptsOf(
    viewer,
    { course: course.slug, lesson: lesson.slug },
    "simulation",
  );
  return (
    <div className={styles.page}>
      <InterviewPageHeader
        course={course.slug}
        lesson={lesson}
        title={<>The {Math.round(roundBudgetMs(simulation.phases) / 60_000)}-minute round</>}
      >
        Run the whole interview against the clock, phase by phase. Keep notes, sketch the design on
        the canvas, then score each phase against its rubric and compare with your earlier rounds.
      </InterviewPageHeader>
      <SimulationRoom
        course={course.slug}
        lesson={lesson.slug}
        prompt={simulation.prompt}
        phases={simulation.phases.map((phase) => ({
          id: phase.id,
          title: phase.title,
          minutes: phase.minutes,
          prompts: phase.prompts,
          canvas: phase.canvas,
          rubric: phase.rubric.map((p) => ({ id: p.id, point: p.point })),
        }))}
        attempts={attempts}
      />
    </div>
  );
}
