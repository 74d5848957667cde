"use client";

import dynamic from "next/dynamic";
import styles from "./exercise.module.css";

/**
 * What the reference-solution panel shows before the learner has solved the exercise or given up,
 * as the server renders it: the same heading, sentence and button, so nothing moves when the panel
 * itself arrives.
 */
function SolutionPanelPlaceholder() {
  return (
    <section className={styles.solution} aria-labelledby="solution-heading">
      <h2 id="solution-heading" className={styles.sideHeading}>
        Reference solution
      </h2>
      <p className={styles.muted}>
        Shown once your submission is accepted, or if you decide to give up.
      </p>
      <button type="button" className={styles.secondaryButton} disabled>
        Give up and show the solution
      </button>
    </section>
  );
}

/**
 * The reference-solution panel, loaded after the page has hydrated: its code (the confirmation, the
 * read-only editor's wiring) is not needed to read the prompt or start typing (decision 342).
 */
export const SolutionPanelLazy = dynamic(
  () => import("./solution-panel").then((module) => module.SolutionPanel),
  { ssr: false, loading: SolutionPanelPlaceholder },
);
