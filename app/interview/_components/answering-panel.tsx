"use client";

import { useEffect, useRef } from "react";
import type { CountdownState } from "@/lib/interview/countdown";
import { Countdown } from "./countdown";
import type { useAnswerCapture } from "./use-answer-capture";
import buttons from "@/app/_components/buttons.module.css";
import styles from "./interview.module.css";

/**
 * While an answer runs: the countdown, the recording indicator or the reason there is none, the
 * answer box (the answer itself when typing, optional notes when speaking) and Stop.
 */
export function AnsweringPanel({
  capture,
  countdown,
  onStop,
}: {
  capture: ReturnType<typeof useAnswerCapture>;
  countdown: CountdownState;
  onStop: () => void;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  // A typed answer starts in its box, including after the microphone was refused.
  useEffect(() => {
    if (capture.mode === "typing") box.current?.focus();
  }, [capture.mode]);

  return (
    <div className={styles.answering}>
      <Countdown state={countdown} label="Time left" />
      {capture.asking ? <p className={styles.hint}>Waiting for the microphone…</p> : null}
      {capture.recording ? (
        <p className={styles.live} data-testid="recording-live">
          <span aria-hidden="true">●</span> Recording — say your answer aloud.
        </p>
      ) : null}
      {capture.notice ? (
        <p className={styles.notice} role="status" data-testid="capture-notice">
          {capture.notice}
        </p>
      ) : null}
      <label className={styles.field}>
        {capture.mode === "typing" ? "Your answer" : "Notes (optional)"}
        <textarea
          ref={box}
          className={styles.textarea}
          value={capture.typed}
          onChange={(event) => capture.setTyped(event.target.value)}
          rows={6}
        />
      </label>
      <button type="button" className={buttons.primary} onClick={onStop}>
        Stop and check my answer
      </button>
    </div>
  );
}
