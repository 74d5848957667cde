"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { timeUsed } from "@/lib/interview/countdown";
import { describeScore } from "@/lib/interview/scoring";
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

export interface DrillPoint {
  id: string;
  point: string;
  model: string | null;
}

interface DrillRoomProps {
  course: string;
  lesson: string;
  prompt: string;
  defaultSeconds: number;
  points: DrillPoint[];
  attempts: AttemptJson[];
}

type Stage = "ready" | "answering" | "review" | "saved";

/** The countdown's length from what the learner typed: whole seconds, 10 to 600. */
function clampSeconds(text: string, fallback: number): number {
  const value = Math.round(Number(text));
  if (!text.trim() || !Number.isFinite(value)) return fallback;
  return Math.min(600, Math.max(10, value));
}

/** The timed answer drill: countdown, answer aloud or typed, model answer beside the rubric. */
export function DrillRoom({
  course,
  lesson,
  prompt,
  defaultSeconds,
  points,
  attempts,
}: DrillRoomProps) {
  const [stage, setStage] = useState<Stage>("ready");
  const [secondsText, setSecondsText] = useState(String(defaultSeconds));
  const seconds = clampSeconds(secondsText, defaultSeconds);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [usedMs, setUsedMs] = useState(0);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [history, setHistory] = useState(attempts);
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const capture = useAnswerCapture(`${course}/${lesson}/answer`);
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const limitMs = seconds * 1000;

  const stop = useCallback(async () => {
    if (startedAt === null) return;
    setUsedMs(timeUsed(startedAt, browserClock.now(), limitMs));
    setStartedAt(null);
    await capture.finish();
    setStage("review");
  }, [startedAt, limitMs, capture]);

  const countdown = useCountdown(startedAt, limitMs, () => void stop());

  useEffect(() => {
    if (stage === "review") reviewHeading.current?.focus();
  }, [stage]);

  async function start() {
    setTicked(new Set());
    setMessage(null);
    setStage("answering");
    setStartedAt(browserClock.now());
    await capture.begin();
  }

  async function save() {
    setSaving(true);
    const outcome = await postAttempt(
      { course, lesson },
      {
        kind: "drill",
        timeLimitMs: limitMs,
        timeUsedMs: usedMs,
        said: [...ticked],
        answeredBy: capture.answeredBy,
        ...(capture.typed.trim() ? { typed: capture.typed.trim() } : {}),
      },
    );
    setSaving(false);
    if (!outcome.ok) {
      setMessage(outcome.message);
      return;
    }
    setHistory((list) => [outcome.attempt, ...list]);
    setMessage(
      `Saved: ${describeScore(outcome.attempt.score, outcome.attempt.total)} in ${Math.round(usedMs / 1000)} s.`,
    );
    setStage("saved");
  }

  return (
    <div className={styles.room}>
      <section className={styles.panel} aria-labelledby="drill-prompt">
        <p className={styles.kicker}>The question</p>
        <h2 id="drill-prompt" className={styles.prompt} data-testid="drill-prompt">
          {prompt}
        </h2>
        {stage === "ready" || stage === "saved" ? (
          <div className={styles.setup}>
            <label className={styles.inline}>
              Seconds to answer{" "}
              <input
                type="number"
                min={10}
                max={600}
                step={5}
                className={styles.number}
                value={secondsText}
                onChange={(event) => setSecondsText(event.target.value)}
                onBlur={() => setSecondsText(String(seconds))}
              />
            </label>
            <AnswerModePicker mode={capture.mode} onChange={capture.setMode} name="drill-mode" />
            <button type="button" className={buttons.primary} onClick={() => void start()}>
              {stage === "saved" ? "Try again" : "Start the answer"}
            </button>
          </div>
        ) : null}
        {stage === "answering" ? (
          <AnsweringPanel capture={capture} countdown={countdown} onStop={() => void stop()} />
        ) : null}
        {message ? (
          <p className={styles.status} role="status" data-testid="drill-status">
            {message}
          </p>
        ) : null}
      </section>

      {stage === "review" || stage === "saved" ? (
        <section className={styles.review} aria-labelledby="drill-review">
          <h2 id="drill-review" ref={reviewHeading} tabIndex={-1}>
            Check your answer
          </h2>
          <p className={styles.hint}>
            You used {Math.round(usedMs / 1000)} of {seconds} seconds. Tick each point you made.
          </p>
          <div className={styles.compare}>
            <div className={styles.model} data-testid="model-answer">
              <h3>The model answer</h3>
              <ol>
                {points.map((point) => (
                  <li key={point.id}>{point.model ?? point.point}</li>
                ))}
              </ol>
              {capture.typed.trim() ? (
                <>
                  <h3>What you wrote</h3>
                  <p className={styles.typed}>{capture.typed}</p>
                </>
              ) : null}
            </div>
            <RubricChecklist
              legend="What you said"
              name="drill"
              points={points}
              checked={ticked}
              onChange={setTicked}
            />
          </div>
          {stage === "review" ? (
            <button
              type="button"
              className={buttons.primary}
              disabled={saving}
              onClick={() => void save()}
            >
              {saving ? "Saving…" : `Save ${describeScore(ticked.size, points.length)}`}
            </button>
          ) : null}
        </section>
      ) : null}

      <RecordingList scope={`${course}/${lesson}/answer`} version={capture.version} />
      <AttemptList
        attempts={history}
        empty="No attempts yet. Your scores appear here after you save one."
      />
    </div>
  );
}
