"use client";

import { Suspense, lazy } from "react";
import type { Quota } from "./judge-client";
import styles from "./exercise.module.css";

// Shown only after the server has answered a Submit: loaded then.
const QuotaNote = lazy(() => import("./quota-note").then((m) => ({ default: m.QuotaNote })));

export type Busy = null | "run" | "submit";

export interface Notice {
  tone: "info" | "error";
  text: string;
}

export interface ToolbarProps {
  busy: Busy;
  /** Seconds until Submit is allowed again after a 429; 0 when it is. */
  retryIn: number;
  onRun(): void;
  onSubmit(): void;
  onReset(): void;
}

const RUN_SHORTCUT = "Ctrl+Enter / ⌘+Enter";
const SUBMIT_SHORTCUT = "Ctrl+Shift+Enter / ⌘+Shift+Enter";

/**
 * Run, Submit and Reset. The buttons stay clickable while judging (aria-disabled), and a click then
 * explains why it waits (JudgeStatus, in the results pane).
 */
export function Toolbar({ busy, retryIn, onRun, onSubmit, onReset }: ToolbarProps) {
  return (
    <div className={styles.toolbarButtons}>
      <button
        type="button"
        className={styles.primaryButton}
        onClick={onRun}
        aria-disabled={busy !== null}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        title={`Run the visible tests in your browser (${RUN_SHORTCUT})`}
        data-testid="run"
      >
        {busy === "run" ? <Spinner /> : null}
        Run
      </button>
      <button
        type="button"
        className={styles.submitButton}
        onClick={onSubmit}
        aria-disabled={busy !== null || retryIn > 0}
        aria-keyshortcuts="Control+Shift+Enter Meta+Shift+Enter"
        title={`Submit: the full suite, judged on the server (${SUBMIT_SHORTCUT})`}
        data-testid="submit"
      >
        {busy === "submit" ? <Spinner /> : null}
        {retryIn > 0 ? `Submit (${retryIn} s)` : "Submit"}
      </button>
      <button
        type="button"
        className={styles.secondaryButton}
        onClick={onReset}
        title="Replace your code with the starter code"
      >
        Reset to starter
      </button>
    </div>
  );
}

export interface JudgeStatusProps {
  busy: Busy;
  testsDone: number;
  notice: Notice | null;
  retryIn: number;
  /** The submissions quota from the last answer of the server, if it sent one. */
  quota?: Quota | null;
  /** Class that hides the keyboard hint on touch screens. */
  keyboardOnlyClass?: string;
}

/** What happened to the last click, the submissions left, and the keyboard shortcuts. */
export function JudgeStatus({
  busy,
  testsDone,
  notice,
  retryIn,
  quota,
  keyboardOnlyClass,
}: JudgeStatusProps) {
  const status =
    busy === "run"
      ? `Running the visible tests in your browser…${testsDone > 0 ? ` ${testsDone} done` : ""}`
      : busy === "submit"
        ? "Judging the full suite on the server…"
        : retryIn > 0
          ? `You can submit again in ${retryIn} s.`
          : "";
  return (
    <div className={styles.toolbar}>
      <div className={styles.status} aria-live="polite" data-testid="status">
        {status && <p className={styles.statusLine}>{status}</p>}
        {notice && (
          <p
            className={notice.tone === "error" ? styles.errorText : styles.statusLine}
            role={notice.tone === "error" ? "alert" : undefined}
            data-testid="notice"
          >
            {notice.text}
          </p>
        )}
      </div>
      {busy !== null && (
        <div
          className={styles.progress}
          role="progressbar"
          aria-label={busy === "run" ? "Running tests" : "Judging submission"}
        />
      )}
      {quota && (
        <Suspense>
          <QuotaNote quota={quota} />
        </Suspense>
      )}
      <p className={`${styles.shortcuts} ${keyboardOnlyClass ?? ""}`} data-testid="shortcuts">
        <kbd>Ctrl</kbd>+<kbd>Enter</kbd> runs, <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Enter</kbd>{" "}
        submits (<kbd>⌘</kbd> on a Mac).
      </p>
    </div>
  );
}

function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
