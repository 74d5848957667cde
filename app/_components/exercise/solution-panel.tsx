"use client";

import { useEffect, useState } from "react";
import { CodeEditor } from "./code-editor";
import { ConfirmDialog } from "./confirm-dialog";
import styles from "./exercise.module.css";
import { useSolved } from "./use-solved";
import { readStored, writeStored } from "../browser-storage";

function gaveUpKey(exerciseId: string) {
  return `tradeoff:exercise:${exerciseId}:gave-up`;
}

type State =
  | { kind: "hidden" }
  | { kind: "confirming" }
  | { kind: "loading" }
  | { kind: "shown"; code: string }
  | { kind: "error"; message: string };

/**
 * The reference solution, fetched from the server only when the learner has solved the exercise or
 * has explicitly given up: it is never part of the page's HTML or scripts before that.
 */
export interface SolutionPanelProps {
  course: string;
  lesson: string;
  exerciseId: string;
  /** An accepted Submit in this page view. */
  solvedHere: boolean;
}

export function SolutionPanel({ course, lesson, exerciseId, solvedHere }: SolutionPanelProps) {
  const solved = useSolved(course, lesson, exerciseId, solvedHere);
  const [state, setState] = useState<State>({ kind: "hidden" });
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    // No storage: giving up is asked again on the next visit.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setGaveUp(readStored(gaveUpKey(exerciseId)) === "1");
  }, [exerciseId]);

  const load = async () => {
    setState({ kind: "loading" });
    try {
      const response = await fetch(`/api/judge/solution/${encodeURIComponent(exerciseId)}`, {
        headers: { accept: "application/json" },
        cache: "no-store",
      });
      const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
      if (!response.ok || typeof body?.code !== "string") {
        setState({
          kind: "error",
          message: `The solution could not be loaded (HTTP ${response.status}). Try again.`,
        });
        return;
      }
      setState({ kind: "shown", code: body.code });
    } catch {
      setState({
        kind: "error",
        message: "The solution could not be loaded: the server did not answer. Try again.",
      });
    }
  };

  const giveUp = () => {
    // Without storage: still shown now, asked again next time.
    writeStored(gaveUpKey(exerciseId), "1");
    setGaveUp(true);
    void load();
  };

  const unlocked = solved || gaveUp;

  return (
    <section className={styles.solution} aria-labelledby="solution-heading">
      <h2 id="solution-heading" className={styles.sideHeading}>
        Reference solution
      </h2>
      {state.kind === "shown" ? (
        <>
          <p className={styles.muted}>
            {solved
              ? "You solved it. Compare your approach with the reference:"
              : "Read it, close it, then try to write it again from memory: that is what sticks."}
          </p>
          <div data-testid="solution">
            <CodeEditor
              value={state.code}
              path={`file:///reference/${exerciseId}/solution.ts`}
              readOnly
              label="Reference solution (read only)"
              height="22rem"
            />
          </div>
        </>
      ) : (
        <>
          <p className={styles.muted}>
            {unlocked
              ? "Available to you now."
              : "Shown once your submission is accepted, or if you decide to give up."}
          </p>
          {unlocked ? (
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => void load()}
              disabled={state.kind === "loading"}
            >
              {state.kind === "loading" ? "Loading the solution…" : "Show the reference solution"}
            </button>
          ) : (
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => setState({ kind: "confirming" })}
            >
              Give up and show the solution
            </button>
          )}
          {state.kind === "error" && (
            <p className={styles.errorText} role="alert">
              {state.message}
            </p>
          )}
        </>
      )}
      <ConfirmDialog
        open={state.kind === "confirming"}
        title="Give up on this exercise?"
        confirmLabel="Give up and show it"
        onCancel={() => setState({ kind: "hidden" })}
        onConfirm={giveUp}
      >
        <p>
          You will see the reference solution. You can still submit your own afterwards, but it is
          worth one more try with the next hint first.
        </p>
      </ConfirmDialog>
    </section>
  );
}
