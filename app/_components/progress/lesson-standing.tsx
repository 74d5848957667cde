"use client";

import { lessonKey } from "@/lib/progress/lesson-key";
import { nextStep, type LessonOutline } from "@/lib/progress/next-step";
import { useSyncExternalStore } from "react";
import { ContinueLink } from "../continue-link";
import { lastReadKey, parseLastRead } from "../last-read";
import { useLearnerSummary } from "./learner-summary-store";
import styles from "./standing.module.css";
import { readStored } from "../browser-storage";

export interface LessonStandingProps {
  course: string;
  lesson: string;
  outline: LessonOutline;
  /** "full" on the lesson overview (four figures), "compact" on a lesson card. */
  variant?: "full" | "compact";
  /** Class for the Continue link (the page's primary button, or a card's link). */
  linkClassName?: string;
  /** What the Continue link says before the learner has done anything here. */
  fallback?: { href: string; label: string };
}

/**
 * Where the learner stands in a lesson, from the summary the browser fetches after the static page
 * has loaded: "3 of 8 exercises solved", sections read, traps done, cards due, and a Continue link
 * to the next step not done. Until the summary arrives: a placeholder line of the same height.
 */
export function LessonStanding({
  course,
  lesson,
  outline,
  variant = "full",
  linkClassName,
  fallback,
}: LessonStandingProps) {
  const state = useLearnerSummary();
  const lastRead = parseLastRead(useStoredLastRead(lastReadKey(course, lesson)));
  const lessonProgress = state.summary?.lessons[lessonKey(course, lesson)];
  const exercises = state.summary?.exercises ?? {};
  const solved = outline.exercises.filter((e) => exercises[e.slug]?.solved).map((e) => e.slug);
  const readSet = new Set(lessonProgress?.sectionsRead ?? []);
  const read = outline.sections.filter((s) => readSet.has(s.slug)).length;
  const trapSet = new Set(lessonProgress?.trapsDone ?? []);
  const trapsDone = outline.traps.filter((t) => trapSet.has(t.id)).length;
  const cardsDue = lessonProgress?.cardsDue ?? 0;
  const started =
    read > 0 ||
    solved.length > 0 ||
    trapsDone > 0 ||
    outline.exercises.some((e) => exercises[e.slug]);

  const figures: { key: string; text: string; done: boolean }[] = [
    {
      key: "exercises",
      text: `${solved.length} of ${outline.exercises.length} exercises solved`,
      done: outline.exercises.length > 0 && solved.length === outline.exercises.length,
    },
    {
      key: "sections",
      text: `${read} of ${outline.sections.length} sections read`,
      done: read === outline.sections.length,
    },
    {
      key: "traps",
      text: `${trapsDone} of ${outline.traps.length} traps done`,
      done: outline.traps.length > 0 && trapsDone === outline.traps.length,
    },
    { key: "cards", text: `${cardsDue} card${cardsDue === 1 ? "" : "s"} to review`, done: false },
  ].filter((f) =>
    f.key === "exercises"
      ? outline.exercises.length > 0
      : f.key === "traps"
        ? outline.traps.length > 0
        : true,
  );

  // A section the reader left half-way: resume it (ContinueLink restores the scroll position).
  const resumeHalfRead = lastRead !== null && !readSet.has(lastRead.section);
  const step =
    started && !resumeHalfRead
      ? nextStep(outline, {
          ...(lastRead ? { lastRead: lastRead.section } : {}),
          sectionsRead: [...readSet],
          solvedExercises: solved,
          trapsDone: [...trapSet],
          cardsDue,
        })
      : null;

  const shown = variant === "compact" ? figures.filter((f) => f.key !== "cards") : figures;
  const loading = (
    <p className={styles.figures} aria-busy="true" data-testid="standing-loading">
      <span className={styles.placeholder}>Loading your progress…</span>
    </p>
  );
  return (
    <div
      className={variant === "compact" ? styles.compact : styles.full}
      data-testid="lesson-standing"
    >
      {state.status === "loading" && variant === "full" ? (
        // Over the figures a newcomer will see, drawn invisibly: they take their room from the
        // first paint (two lines on a phone), so the summary's arrival moves nothing below. A
        // newcomer has every card of the lesson due: two digits (29 in the rate-limiter lesson).
        <div className={styles.loadingSlot}>
          <ul className={styles.figures} aria-hidden="true">
            {shown.map((figure) => (
              <li key={figure.key}>
                {figure.key === "cards" ? "00 cards to review" : figure.text}
              </li>
            ))}
          </ul>
          {loading}
        </div>
      ) : state.status === "loading" ? (
        loading
      ) : state.status === "ready" && (started || variant === "full") ? (
        <ul className={styles.figures} aria-label="Your progress in this lesson">
          {shown.map((figure) => (
            <li key={figure.key} data-testid={`standing-${figure.key}`} data-done={figure.done}>
              {figure.done ? <span aria-hidden="true">✓ </span> : null}
              {figure.text}
            </li>
          ))}
        </ul>
      ) : null}
      {step && step.href ? (
        <a href={step.href} className={linkClassName} data-testid="continue">
          Continue: {step.label}
        </a>
      ) : step ? (
        <p className={styles.allDone} data-testid="continue-done">
          {step.label}.
        </p>
      ) : (
        <ContinueLink
          course={course}
          lesson={lesson}
          className={linkClassName}
          fallback={fallback}
        />
      )}
    </div>
  );
}

function useStoredLastRead(key: string): string | null {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener("storage", onChange);
      return () => window.removeEventListener("storage", onChange);
    },
    () => readStored(key),
    () => null,
  );
}
