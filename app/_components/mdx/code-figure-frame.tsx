"use client";

import type { CSSProperties, ReactNode } from "react";
import { CopyButton } from "./copy-button";
import { HtmlIsland } from "./html-island";
import styles from "./code-figure.module.css";

export interface CodeFigureFrameProps {
  /** The bar's label: the language, or a caption such as a file path. */
  label: ReactNode;
  /** The language beside a caption; absent when the label is the language. */
  language?: string;
  /** The highlighted block as a static island (its id); otherwise the block is `children`. */
  island?: string;
  /** How many lines the block has: the height a block off screen is given before it is laid out. */
  lines?: number;
  children?: ReactNode;
}

/**
 * A highlighted block with its label and a copy button. A client component so that the payload
 * carries a block as its label and island id, not as the frame's element tree (about 230 bytes
 * less per block, with 22 blocks on a section).
 */
export function CodeFigureFrame({
  label,
  language,
  island,
  lines,
  children,
}: CodeFigureFrameProps) {
  return (
    <figure
      className={styles.code}
      style={lines ? ({ "--code-lines": lines } as CSSProperties) : undefined}
    >
      <figcaption className={styles.codeBar}>
        <span className={styles.codeLabel}>{label}</span>
        {language ? <span className={styles.codeLanguage}>{language}</span> : null}
        <CopyButton />
      </figcaption>
      {island ? <HtmlIsland as="pre" className="shiki" tabIndex={0} island={island} /> : children}
    </figure>
  );
}
