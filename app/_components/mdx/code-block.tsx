import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { languageLabel } from "@/lib/content/highlight";
import { CopyButton } from "./copy-button";
import styles from "./mdx.module.css";

interface CodeFigureProps {
  language: string | undefined;
  /** Shown in the bar instead of the language, e.g. a file path. */
  caption?: ReactNode;
  children: ReactNode;
}

/** A highlighted block with its language (or caption) and a copy button. */
export function CodeFigure({ language, caption, children }: CodeFigureProps) {
  return (
    <figure className={styles.code}>
      <figcaption className={styles.codeBar}>
        <span className={styles.codeLabel}>{caption ?? languageLabel(language)}</span>
        {caption ? <span className={styles.codeLanguage}>{languageLabel(language)}</span> : null}
        <CopyButton />
      </figcaption>
      {children}
    </figure>
  );
}

type PreProps = ComponentPropsWithoutRef<"pre"> & { "data-language"?: string };

/** Replaces MDX's <pre>: shiki has already coloured it at build time and recorded its language. */
export function CodeBlock(props: PreProps) {
  return (
    <CodeFigure language={props["data-language"]}>
      <pre {...props} />
    </CodeFigure>
  );
}

/** Shiki's HTML for a whole file (example programs, limiter sources). */
export function HighlightedHtml({ html }: { html: string }) {
  return <div className={styles.codeHtml} dangerouslySetInnerHTML={{ __html: html }} />;
}
