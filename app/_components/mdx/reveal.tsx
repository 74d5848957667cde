import type { ReactNode } from "react";
import styles from "./mdx.module.css";

export interface RevealProps {
  label?: string;
  children: ReactNode;
}

/** `<Reveal label="Show the answer">markdown</Reveal>`: answer hidden until the reader asks. */
export function Reveal({ label = "Show the answer", children }: RevealProps) {
  return (
    <details className={styles.reveal}>
      <summary className={styles.revealSummary}>{label}</summary>
      <div className={styles.revealBody}>{children}</div>
    </details>
  );
}
