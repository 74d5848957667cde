"use client";

import type { AnswerMode } from "./use-answer-capture";
import styles from "./interview.module.css";

/** Choose to answer aloud (recorded in this browser) or by typing. */
export function AnswerModePicker({
  mode,
  onChange,
  name,
  disabled,
}: {
  mode: AnswerMode;
  onChange: (mode: AnswerMode) => void;
  name: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className={styles.modes} disabled={disabled}>
      <legend>How will you answer?</legend>
      <label>
        <input
          type="radio"
          name={name}
          value="voice"
          checked={mode === "voice"}
          onChange={() => onChange("voice")}
        />{" "}
        Aloud, recorded in this browser only
      </label>
      <label>
        <input
          type="radio"
          name={name}
          value="typing"
          checked={mode === "typing"}
          onChange={() => onChange("typing")}
        />{" "}
        Typing
      </label>
    </fieldset>
  );
}
