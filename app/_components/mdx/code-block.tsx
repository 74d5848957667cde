import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { languageLabel } from "@/lib/content/highlight";
import type { HighlightedCode as Code } from "@/lib/content/highlighted-code";
import { CopyButton } from "./copy-button";
import { HighlightedCode } from "./highlighted-code";
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

type PreProps = ComponentPropsWithoutRef<"pre"> & { "data-code"?: string; "data-static"?: string };

/**
 * Replaces MDX's <pre>: shiki has already coloured it at build time, and rehypeCompactCode
 * (lib/content/compact-code.ts) left the block as JSON in `data-code`.
 */
export function CodeBlock(props: PreProps) {
  const { "data-code": json, "data-static": island, ...rest } = props;
  if (json === undefined) return <pre {...rest} />;
  const code = JSON.parse(json) as Code;
  return (
    <CodeFigure language={code.language}>
      <HighlightedCode code={code} island={island !== "false"} />
    </CodeFigure>
  );
}

/** Shiki's HTML for a whole file (example programs, limiter sources). */
export function HighlightedHtml({ html }: { html: string }) {
  return <div className={styles.codeHtml} dangerouslySetInnerHTML={{ __html: html }} />;
}
