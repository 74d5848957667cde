"use client";

import { Fragment, useEffect, useState } from "react";
import styles from "./exercise.module.css";
import { readStored, writeStored } from "../browser-storage";

function storageKey(exerciseId: string) {
  return `tradeoff:exercise:${exerciseId}:hints`;
}

/** Hints one at a time, in order; how many were revealed is remembered on this device. */
export function Hints({ exerciseId, hints }: { exerciseId: string; hints: readonly string[] }) {
  const [revealed, setRevealed] = useState(0);

  useEffect(() => {
    // Restoring after mount keeps the server HTML and the first client render identical. No
    // storage: every visit starts with the hints hidden.
    const stored = Number(readStored(storageKey(exerciseId)));
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (Number.isInteger(stored) && stored > 0) setRevealed(Math.min(stored, hints.length));
  }, [exerciseId, hints.length]);

  if (hints.length === 0) return null;

  const reveal = () => {
    const next = Math.min(revealed + 1, hints.length);
    setRevealed(next);
    writeStored(storageKey(exerciseId), String(next)); // not remembered without storage; still shown
  };

  return (
    <section className={styles.hints} aria-labelledby="hints-heading" data-testid="hints">
      <h2 id="hints-heading" className={styles.sideHeading}>
        Hints
      </h2>
      {revealed > 0 && (
        <ol className={styles.hintList}>
          {hints.slice(0, revealed).map((hint, i) => (
            <li key={i} data-testid="hint">
              <InlineCode text={hint} />
            </li>
          ))}
        </ol>
      )}
      {revealed < hints.length ? (
        <button type="button" className={styles.secondaryButton} onClick={reveal}>
          {revealed === 0 ? "Show a hint" : "Show the next hint"} ({revealed + 1} of {hints.length})
        </button>
      ) : (
        <p className={styles.muted}>That was the last hint.</p>
      )}
      <p className="sr-only" aria-live="polite">
        {revealed > 0 ? `Hint ${revealed} of ${hints.length} shown.` : ""}
      </p>
    </section>
  );
}

/** Hints are plain text in frontmatter; `backticks` become code, nothing else is interpreted. */
function InlineCode({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
          <code key={i}>{part.slice(1, -1)}</code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
