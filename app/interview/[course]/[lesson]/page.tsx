import type { Metadata } from "next";
import Link from "next/link";
import { describeScore } from "@/lib/interview/scoring";
import { roundBudgetMs } from "@/lib/interview/simulation";
import { interviewHref } from "@/lib/interview/urls";
import {
  attemptsOf,
  loadInterviewPage,
  type InterviewParams,
} from "../../_components/lesson-interview";
import { InterviewPageHeader } from "../../_components/interview-page-header";
import styles from "../../_components/interview.module.css";

export const metadata: Metadata = {
  title: "Mock interview",
  description: "Practise the answer aloud, take the follow-ups, or run the whole round.",
};
export const dynamic = "force-dynamic";

export default async function InterviewHubPage({ params }: InterviewParams) {
  const { course, lesson, interview, viewer } = await loadInterviewPage(params);
  const ref = { course: course.slug, lesson: lesson.slug };
  const [drills, sessions, rounds] = await Promise.all([
    attemptsOf(viewer, ref, "drill"),
    attemptsOf(viewer, ref, "follow-ups"),
    attemptsOf(viewer, ref, "simulation"),
  ]);
  const last = (list: typeof drills) =>
    list[0] ? `Last: ${describeScore(list[0].score, list[0].total)}` : "Not tried yet";

  return (
    <div className={styles.page}>
      <InterviewPageHeader
        course={course.slug}
        lesson={lesson}
        title="Mock interview"
        inRoom={false}
      >
        &ldquo;{interview.drill.prompt}&rdquo; Practise it the way the round goes: your first answer
        against the clock, then the interviewer&rsquo;s follow-ups, then the whole design.
      </InterviewPageHeader>
      <ul className={styles.modesList}>
        <li className={styles.modeCard}>
          <h2>
            <Link href={interviewHref(course.slug, lesson.slug, "drill")}>
              The {interview.drill.seconds}-second answer
            </Link>
          </h2>
          <p>
            Answer aloud or typed before the countdown ends, then tick which of the{" "}
            {interview.drill.points.length} key points you made.
          </p>
          <p className={styles.hint} data-testid="hub-drill">
            {last(drills)}
          </p>
        </li>
        {interview.followUps ? (
          <li className={styles.modeCard}>
            <h2>
              <Link href={interviewHref(course.slug, lesson.slug, "follow-ups")}>
                The interviewer&rsquo;s follow-ups
              </Link>
            </h2>
            <p>
              {interview.followUps.questions.length} follow-up questions, weakest first, each
              against the clock. Your grades schedule the matching review cards.
            </p>
            <p className={styles.hint}>{last(sessions)}</p>
          </li>
        ) : null}
        {interview.simulation ? (
          <li className={styles.modeCard}>
            <h2>
              <Link href={interviewHref(course.slug, lesson.slug, "simulation")}>
                The {Math.round(roundBudgetMs(interview.simulation.phases) / 60_000)}-minute round
              </Link>
            </h2>
            <p>
              {interview.simulation.phases.map((phase) => phase.title).join(", ")}: with notes, a
              drawing canvas and a scorecard per phase.
            </p>
            <p className={styles.hint}>{last(rounds)}</p>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
