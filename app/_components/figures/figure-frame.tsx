import { useId, type ReactNode } from "react";
import styles from "./figures.module.css";

export interface FigureFrameProps {
  /** The picture's accessible name, also its visible caption. */
  title: string;
  /** What the picture shows, in a sentence or two: the text alternative. */
  summary: string;
  viewBox: string;
  /** The same data as a table, for readers who cannot or would rather not look. */
  table: ReactNode;
  children: ReactNode;
}

/** A drawn figure: SVG with role="img", its caption and summary, and the data as a table. */
export function FigureFrame({ title, summary, viewBox, table, children }: FigureFrameProps) {
  const id = useId();
  return (
    <figure className={styles.figure} aria-labelledby={`${id}-caption`}>
      <svg
        className={styles.svg}
        viewBox={viewBox}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-summary`}
      >
        <title id={`${id}-title`}>{title}</title>
        {children}
      </svg>
      <figcaption id={`${id}-caption`} className={styles.caption}>
        <strong>{title}.</strong> <span id={`${id}-summary`}>{summary}</span>
      </figcaption>
      <details className={styles.data}>
        <summary>The figure as a table</summary>
        {table}
      </details>
    </figure>
  );
}

export const fmt = (n: number) => n.toLocaleString("en-US");
