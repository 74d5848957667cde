import type { Metadata } from "next";
import { sectionHref } from "@/lib/content/urls";
import { orderFollowUps } from "@/lib/interview/question-order";
import { systemWallClock } from "@/lib/time/wall-clock";
import { listCardStates } from "@/lib/progress/app-progress";
import { InterviewerSession } from "../../../_components/interviewer-session";
import {
  attemptsOf,
  loadInterviewPage,
  type InterviewParams,
} from "../../../_components/lesson-interview";
import { InterviewPageHeader } from "../../../_components/interview-page-header";
import styles from "../../../_components/interview.module.css";

export const metadata: Metadata = {
  title: "The interviewer's follow-ups",
  description:
    "The follow-up questions one at a time, weakest first, graded into your review schedule.",
};
export const dynamic = "force-dynamic";

export default async function FollowUpsPage({ params }: InterviewParams) {
  const { course, lesson, interview, viewer } = await loadInterviewPage(params);
  const ref = { course: course.slug, lesson: lesson.slug };
  const [states, attempts] = await Promise.all([
    viewer ? listCardStates(viewer, ref) : Promise.resolve([]),
    attemptsOf(viewer, ref, "follow-ups"),
  ]);
  const followUps = interview.followUps;
  const ordered = followUps
    ? orderFollowUps(
        followUps.questions,
        new Map(states.map((state) => [state.card, state])),
        systemWallClock.now(),
      )
    : [];
  const questions = ordered.flatMap(({ question, recall }) => {
    const card = interview.cards[question.card];
    if (!card) return [];
    return [
      {
        card: card.id,
        prompt: card.prompt,
        answer: card.answer,
        points: question.points.map((p) => ({ id: p.id, point: p.point })),
        recall,
        href: `${sectionHref(course.slug, lesson.slug, card.section)}#${card.anchor}`,
      },
    ];
  });

  return (
    <div className={styles.page}>
      <InterviewPageHeader
        course={course.slug}
        lesson={lesson}
        title={"The interviewer&rsquo;s follow-ups"}
      >
        One question at a time, against the clock. Answer aloud or type, compare with the model
        answer, tick what you said and grade yourself: the grade schedules the same review card as
        on your Review page.
      </InterviewPageHeader>
      {questions.length === 0 ? (
        <p className={styles.hint}>This lesson has no follow-up questions yet.</p>
      ) : (
        <InterviewerSession
          course={course.slug}
          lesson={lesson.slug}
          seconds={followUps?.seconds ?? 90}
          questions={questions}
          attempts={attempts}
        />
      )}
    </div>
  );
}
