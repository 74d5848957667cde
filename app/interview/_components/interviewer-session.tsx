"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { LocalTime } from "@/app/_components/cards/local-time";
import { Markdown } from "@/app/_components/cards/inline-markdown";
import { postGrade } from "@/app/_components/cards/card-client";
import { timeUsed } from "@/lib/interview/countdown";
import { describeScore, suggestRating } from "@/lib/interview/scoring";
import { summarizeSession, type AnsweredFollowUp } from "@/lib/interview/session-summary";
import { describeInterval, RATINGS, ratingLabels, type ReviewRating } from "@/lib/review/ratings";
import { AnswerModePicker } from "./answer-mode";
import { AttemptList } from "./attempt-list";
import { AnsweringPanel } from "./answering-panel";
import { useCountdown } from "./countdown";
import { postAttempt, type AttemptJson } from "./interview-client";
import { RecordingList } from "./recording-list";
import { RubricChecklist } from "./rubric-checklist";
import { useAnswerCapture } from "./use-answer-capture";
import { browserClock } from "./browser-clock";
import buttons from "@/app/_components/buttons.module.css";
import styles from "./interview.module.css";

export interface SessionQuestion {
  card: string;
  prompt: string;
  answer: string;
  points: { id: string; point: string }[];
  /** Probability of recall now, from the card's FSRS state (0 when never reviewed). */
  recall: number;
  href: string;
}

interface Props {
  course: string;
  lesson: string;
  seconds: number;
  questions: SessionQuestion[];
  attempts: AttemptJson[];
}

type Stage = "setup" | "asking" | "checking" | "graded" | "summary";

interface Answer extends AnsweredFollowUp {
  said: string[];
  timeUsedMs: number;
}

/** The interviewer mode: the follow-ups one at a time, weakest first, each graded into FSRS. */
export function InterviewerSession({ course, lesson, seconds, questions, attempts }: Props) {
  const [stage, setStage] = useState<Stage>("setup");
  const [count, setCount] = useState(Math.min(5, questions.length));
  const [index, setIndex] = useState(0);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [usedMs, setUsedMs] = useState(0);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [answers, setAnswers] = useState<Answer[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState(attempts);
  const [saved, setSaved] = useState<string | null>(null);
  const question = questions[index];
  const capture = useAnswerCapture(`${course}/${lesson}/${question?.card ?? "none"}`);
  const focusTarget = useRef<HTMLHeadingElement>(null);
  const limitMs = seconds * 1000;

  useEffect(() => {
    focusTarget.current?.focus();
  }, [stage, index]);

  const stop = useCallback(async () => {
    if (startedAt === null) return;
    setUsedMs(timeUsed(startedAt, browserClock.now(), limitMs));
    setStartedAt(null);
    await capture.finish();
    setStage("checking");
  }, [startedAt, limitMs, capture]);

  const countdown = useCountdown(startedAt, limitMs, () => void stop());

  async function ask(at: number) {
    setIndex(at);
    setTicked(new Set());
    capture.setTyped("");
    setError(null);
    setStage("asking");
    setStartedAt(browserClock.now());
    await capture.begin();
  }

  async function grade(rating: ReviewRating) {
    if (!question) return;
    setBusy(true);
    const outcome = await postGrade({ course, lesson, card: question.card }, rating);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setAnswers((list) => [
      ...list,
      {
        card: question.card,
        prompt: question.prompt,
        score: ticked.size,
        total: question.points.length,
        rating,
        due: new Date(outcome.graded.due),
        said: [...ticked],
        timeUsedMs: usedMs,
      },
    ]);
    setStage("graded");
  }

  async function finish() {
    if (startedAt !== null) {
      setStartedAt(null);
      await capture.finish();
    }
    setStage("summary");
    if (answers.length === 0) return;
    const outcome = await postAttempt(
      { course, lesson },
      {
        kind: "follow-ups",
        questions: answers.map((answer) => ({
          card: answer.card,
          said: answer.said,
          rating: answer.rating as 1 | 2 | 3 | 4,
          timeUsedMs: answer.timeUsedMs,
          timeLimitMs: limitMs,
        })),
      },
    );
    if (outcome.ok) {
      setHistory((list) => [outcome.attempt, ...list]);
      setSaved(`Saved: ${describeScore(outcome.attempt.score, outcome.attempt.total)} points.`);
    } else {
      setSaved(outcome.message);
    }
  }

  if (stage === "setup") {
    return (
      <div className={styles.room}>
        <section className={styles.panel} aria-labelledby="session-setup">
          <h2 id="session-setup">Before you start</h2>
          <p>
            The interviewer asks the questions you are weakest at first, going by your review cards.
            You have {seconds} seconds for each.
          </p>
          <ol className={styles.order} data-testid="question-order">
            {questions.map((q) => (
              <li key={q.card} data-card={q.card}>
                {q.prompt}{" "}
                <span className={styles.hint}>
                  {q.recall === 0
                    ? "(not reviewed yet)"
                    : `(recall now ${Math.round(q.recall * 100)}%)`}
                </span>
              </li>
            ))}
          </ol>
          <label className={styles.inline}>
            Questions in this session{" "}
            <select
              value={count}
              onChange={(event) => setCount(Number(event.target.value))}
              className={styles.select}
            >
              {[...new Set([1, 3, 5, questions.length])]
                .filter((n) => n <= questions.length)
                .sort((a, b) => a - b)
                .map((n) => (
                  <option key={n} value={n}>
                    {n === questions.length ? `All ${n}` : n}
                  </option>
                ))}
            </select>
          </label>
          <AnswerModePicker mode={capture.mode} onChange={capture.setMode} name="session-mode" />
          <button type="button" className={buttons.primary} onClick={() => void ask(0)}>
            Start the interview
          </button>
        </section>
        <AttemptList attempts={history} empty="No sessions yet." title="Your past sessions" />
      </div>
    );
  }

  if (stage === "summary") {
    const summary = summarizeSession(answers);
    return (
      <div className={styles.room}>
        <section className={styles.panel} aria-labelledby="session-summary" data-testid="summary">
          <h2 id="session-summary" ref={focusTarget} tabIndex={-1}>
            How it went
          </h2>
          {answers.length === 0 ? (
            <p>You ended the session before answering a question. Nothing was saved.</p>
          ) : (
            <>
              <p data-testid="summary-score">
                {answers.length} question{answers.length === 1 ? "" : "s"},{" "}
                {describeScore(summary.score, summary.total)} points made.
              </p>
              {saved ? <p role="status">{saved}</p> : null}
              <h3>Strong</h3>
              {summary.strong.length === 0 ? (
                <p className={styles.hint}>None this time.</p>
              ) : (
                <ul data-testid="summary-strong">
                  {summary.strong.map((a) => (
                    <li key={a.card}>
                      {a.prompt} — {describeScore(a.score, a.total)}, {ratingLabels[a.rating]}
                    </li>
                  ))}
                </ul>
              )}
              <h3>To revisit</h3>
              {summary.revisit.length === 0 ? (
                <p className={styles.hint}>Nothing to revisit.</p>
              ) : (
                <ul data-testid="summary-revisit">
                  {summary.revisit.map((a) => (
                    <li key={a.card}>
                      {a.prompt} — {describeScore(a.score, a.total)}, {ratingLabels[a.rating]}; due{" "}
                      <LocalTime value={a.due} />
                    </li>
                  ))}
                </ul>
              )}
              {summary.nextDue ? (
                <p data-testid="summary-next-due">
                  The first of these comes back for review <LocalTime value={summary.nextDue} />.
                </p>
              ) : null}
            </>
          )}
          <p>
            <a href="/review">Go to your review cards</a>
          </p>
        </section>
        <AttemptList attempts={history} empty="No sessions yet." title="Your past sessions" />
      </div>
    );
  }

  if (!question) return null;
  const suggested = suggestRating(ticked.size, question.points.length);
  const graded = answers.find((a) => a.card === question.card);
  const last = index + 1 >= count;

  return (
    <div className={styles.room}>
      <section className={styles.panel} aria-labelledby="question">
        <p className={styles.kicker}>
          Question {index + 1} of {count}
        </p>
        <h2
          id="question"
          ref={focusTarget}
          tabIndex={-1}
          className={styles.prompt}
          data-testid="question"
          data-card={question.card}
        >
          {question.prompt}
        </h2>
        {stage === "asking" ? (
          <AnsweringPanel capture={capture} countdown={countdown} onStop={() => void stop()} />
        ) : (
          <>
            <p className={styles.hint}>
              You used {Math.round(usedMs / 1000)} of {seconds} seconds.
            </p>
            <div className={styles.compare}>
              <div className={styles.model} data-testid="model-answer">
                <h3>The model answer</h3>
                <Markdown text={question.answer} />
                <p>
                  <a href={question.href}>Read the full answer in the lesson</a>
                </p>
              </div>
              <RubricChecklist
                legend="What you said"
                name={`q-${question.card}`}
                points={question.points}
                checked={ticked}
                onChange={setTicked}
              />
            </div>
            {stage === "checking" ? (
              <div role="group" aria-label="Grade this answer" className={styles.grades}>
                {RATINGS.map((rating) => (
                  <button
                    key={rating}
                    type="button"
                    className={rating === suggested ? buttons.primary : buttons.secondary}
                    disabled={busy}
                    onClick={() => void grade(rating)}
                  >
                    {ratingLabels[rating]}
                    {rating === suggested ? (
                      <span className={`${styles.hint} ${styles.onAccent}`}> (suggested)</span>
                    ) : null}
                  </button>
                ))}
              </div>
            ) : null}
            {graded ? (
              <p role="status" data-testid="graded">
                Graded {ratingLabels[graded.rating]}: this card comes back{" "}
                {describeInterval(graded.due, new Date()) === "now"
                  ? "now"
                  : `in ${describeInterval(graded.due, new Date())}`}
                .
              </p>
            ) : null}
            {error ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
            {stage === "graded" ? (
              <button
                type="button"
                className={buttons.primary}
                onClick={() => (last ? void finish() : void ask(index + 1))}
              >
                {last ? "See the summary" : "Next question"}
              </button>
            ) : null}
          </>
        )}
        <RecordingList scope={`${course}/${lesson}/${question.card}`} version={capture.version} />
        <button type="button" className={buttons.secondary} onClick={() => void finish()}>
          End the session
        </button>
      </section>
    </div>
  );
}
