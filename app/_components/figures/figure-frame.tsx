import type { ReactNode } from "react";
import { registerHtmlIsland } from "@/lib/content/html-islands";
import { HtmlIsland } from "../mdx/html-island";
import { staticMarkup } from "../mdx/static-markup";
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

/**
 * A drawn figure: SVG with role="img", its caption and summary, and the data as a table. Nothing in
 * it hydrates, so it is a static island: the framework's payload carries an id, not the drawing.
 */
export function FigureFrame({ title, summary, viewBox, table, children }: FigureFrameProps) {
  // The title names one figure on a page (a figure is drawn once per lesson).
  const id = `figure-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const inner = staticMarkup(
    <>
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
    </>,
  );
  return (
    <HtmlIsland
      as="figure"
      className={styles.figure}
      aria-labelledby={`${id}-caption`}
      island={registerHtmlIsland(inner)}
    />
  );
}

export const fmt = (n: number) => n.toLocaleString("en-US");
